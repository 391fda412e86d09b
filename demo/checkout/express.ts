/**
 * Express checkout in the demo store, as the WooCommerce Stripe Gateway 9.4.1 and WooCommerce 9.9's
 * Store API answer it (checkout.md §7 "Express checkout", "Store API"):
 *
 * - `wc_stripe_express_checkout_params`, the settings the gateway prints on product, cart and
 *   checkout pages ({@link expressCheckoutParams}), with the demo's key and the session's nonces;
 * - the gateway's wc-ajax endpoints (`WC_Stripe_Express_Checkout_Ajax_Handler`): the sheet of the
 *   cart or of a product, shipping rates for the wallet's address, the chosen rate, the product
 *   page's add to cart (which empties the cart first), clear cart, and the deprecated
 *   pay_for_order; a refused nonce is `check_ajax_referer()`'s HTTP 403 `-1`;
 * - WooCommerce's Store API routes the gateway calls: `GET cart`, `POST cart/add-item`,
 *   `POST cart/remove-item`, `POST checkout` (the order made from the cart and paid with the
 *   payment method in `payment_data`) and `POST checkout/{id}` (an existing order paid). The
 *   `Nonce` header is checked as WooCommerce does (401 `woocommerce_rest_missing_nonce`, 403
 *   `woocommerce_rest_invalid_nonce`); a wrong X-WP-Nonce is WordPress's 403 first.
 *
 * Payments use Stripe's test-card outcomes of demo/checkout/stripe.ts (`payWithCard`). 9.4.1 ignores
 * the X-WCSTRIPE-EXPRESS-CHECKOUT headers later gateways send with the checkout: so does the demo.
 * `createExpressCheckoutHandlers()` gives the MSW handlers; demo/handlers.ts puts them first.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { HTML_TYPE, JSON_TYPE, NO_CACHE_HEADERS } from '../ajax-headers';
import {
  activePrice,
  attributeValueLabel,
  DEMO_USER,
  findProduct,
  findVariation,
  type Product,
  type VariableProduct,
  type VariationFixture,
} from '../fixtures';
import type { CartLine, DemoStore, Session } from '../store';
import { countryExists, phpJson } from './address-data';
import { MAX_BODY_BYTES, readFields, type CheckoutHandlerOptions } from './handlers';
import {
  CARD_GATEWAY_ID,
  checkoutState,
  completeOrder,
  COUPONS,
  createOrder,
  findGateway,
  findOrder,
  GATEWAYS,
  totals,
  type Address,
  type Order,
  type Totals,
} from './orders';
import { needsPayment } from './order-pay';
import { CARD_TEXT, DEMO_PUBLISHABLE_KEY, payWithCard } from './stripe';
import { cleanText, isEmail } from './validation';

// -- constants ----------------------------------------------------------------------------------

/** The gateway's nonce actions (`wp_create_nonce()` in `javascript_params()`). */
export const EXPRESS_NONCE = {
  payment: 'wc-stripe-express-checkout',
  shipping: 'wc-stripe-express-checkout-shipping',
  getCartDetails: 'wc-stripe-get-cart-details',
  updateShipping: 'wc-stripe-update-shipping-method',
  checkout: 'woocommerce-process_checkout',
  addToCart: 'wc-stripe-add-to-cart',
  getSelectedProductData: 'wc-stripe-get-selected-product-data',
  logErrors: 'wc-stripe-log-errors',
  clearCart: 'wc-stripe-clear-cart',
  payForOrder: 'wc-stripe-pay-for-order',
  /** The Store API's (`Nonce` header). */
  storeApi: 'wc_store_api',
} as const;

/** The sheet's total label: the statement descriptor (none in the demo, as recorded) + the suffix. */
export const TOTAL_LABEL = ' (via WooCommerce)';

/** `get_checkout_data()`'s currency and `woocommerce_default_country`'s country. */
const CURRENCY = 'eur';
const COUNTRY = 'IE';

/** The default rate of a product that needs shipping (`get_default_shipping_option()`). */
const PENDING_OPTION = { id: 'pending', displayName: 'Pending', amount: 0 } as const;

/** A payment method id as Stripe makes them. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;

/** The currency fields of every Store API amount group (sample 51). */
const STORE_CURRENCY = {
  currency_code: 'EUR',
  currency_symbol: '€',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '€',
  currency_suffix: '',
} as const;

// -- small helpers ------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** An amount in euro as Stripe's minor unit (`WC_Stripe_Helper::get_stripe_amount()`). */
const cents = (amount: number): number => Math.round(amount * 100);
/** The Store API prints minor units as strings ("4999"). */
const minor = (amount: number): string => String(cents(amount));
/** `wp_localize_script()`'s top-level booleans. */
const flag = (on: boolean): string => (on ? '1' : '');
/** PHP's `absint()`. */
const absint = (value: string | null): number => Math.abs(Number.parseInt(value ?? '', 10)) || 0;
/** PHP's `filter_var( $value, FILTER_VALIDATE_BOOLEAN )`. */
const isTrue = (value: string | null): boolean => /^(1|true|on|yes)$/i.test((value ?? '').trim());
/** `wp_strip_all_tags()`: a notice's HTML as the Store API's plain message. */
const stripTags = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const asRecord = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const asString = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

// -- the payment sheet (`build_display_items()`) ---------------------------------------------------

export interface SheetItem {
  label: string;
  amount: number;
  key?: string;
  pending?: boolean;
}

export interface Sheet {
  displayItems: SheetItem[];
  total: { label: string; amount: number; pending: boolean };
}

const quantityLabel = (quantity: number): string => (quantity > 1 ? ` (x${quantity})` : '');

/**
 * The cart's sheet: each line (`itemized`, the product page's view) or one 'Subtotal', then
 * shipping and the discount; the total. An empty cart needs no shipping and costs nothing.
 */
export function cartSheet(store: DemoStore, session: Session, itemized: boolean): Sheet {
  const t = totals(store, session);
  const empty = t.lines.length === 0;
  const items: SheetItem[] = itemized
    ? t.lines.map((l) => ({ label: l.name + quantityLabel(l.item.quantity), amount: cents(l.lineTotal) }))
    : [{ label: 'Subtotal', amount: cents(t.subtotal) }];
  if (!empty) items.push({ key: 'total_shipping', label: 'Shipping', amount: cents(t.shippingCost) });
  if (t.discount > 0) items.push({ key: 'total_discount', label: 'Discount', amount: cents(t.discount) });
  const total = empty ? 0 : Math.max(0, cents(t.total));
  return { displayItems: items, total: { label: TOTAL_LABEL, amount: total, pending: false } };
}

// -- products -------------------------------------------------------------------------------------

/** A variable product's price: its cheapest active variation's (`get_price()` of the parent). */
function variablePrice(product: VariableProduct): number {
  const prices = product.variations.filter((v) => v.active).map(activePrice);
  return prices.length > 0 ? Math.min(...prices) : 0;
}

/**
 * `find_matching_product_variation()`: the first variation whose every attribute is the posted
 * value, or 'any' ('').
 */
export function matchVariation(
  product: VariableProduct,
  attributes: Readonly<Record<string, string>>,
): VariationFixture | undefined {
  return product.variations.find((v) =>
    Object.entries(v.attributes).every(([key, value]) => value === '' || attributes[key] === value),
  );
}

/** The posted `attributes[…]` map (jQuery's encoding), or null when none was posted. */
function postedAttributes(fields: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = {};
  let any = false;
  for (const [key, value] of fields) {
    const match = /^attributes\[([^\]]{1,100})\]$/.exec(key);
    if (!match) continue;
    out[match[1]!] = cleanText(value);
    any = true;
  }
  return any ? out : null;
}

/** `get_product_data()`: a product page's sheet before any call (no variation chosen on load). */
export function productPageData(productId: number): Json | false {
  const product = findProduct(productId);
  if (!product) return false;
  const price = product.type === 'simple' ? activePrice(product) : variablePrice(product);
  return {
    shippingOptions: [PENDING_OPTION],
    displayItems: [
      { label: product.name, amount: cents(price) },
      { label: 'Shipping', amount: 0, pending: true },
    ],
    total: { label: TOTAL_LABEL, amount: cents(price), pending: true },
    requestShipping: true,
    currency: CURRENCY,
    country_code: COUNTRY,
    validVariationSelected: true,
  };
}

/** What `get_selected_product_data` prices: a simple product, a variation, or a variable parent. */
interface Priced {
  name: string;
  price: number;
  stock: number | null;
  soldIndividually: boolean;
}

/** `wc_get_product( $id )`, then the variation of the posted attributes for a variable product. */
function pricedProduct(id: number, attributes: Record<string, string> | null): Priced | null {
  const asVariation = findVariation(id);
  if (asVariation) return pricedVariation(asVariation.parent, asVariation.variation, attributes ?? {});
  const product = findProduct(id);
  if (!product) return null;
  if (product.type === 'simple') {
    const { name, stockQuantity, soldIndividually } = product;
    return { name, price: activePrice(product), stock: stockQuantity, soldIndividually };
  }
  const variation = attributes ? matchVariation(product, attributes) : undefined;
  if (variation) return pricedVariation(product, variation, attributes ?? {});
  return {
    name: product.name,
    price: variablePrice(product),
    stock: null,
    soldIndividually: product.soldIndividually,
  };
}

/** A variation's name (`Junior Football Boots - UK 2, Blue`), an 'any' attribute named by the choice. */
function pricedVariation(
  parent: VariableProduct,
  variation: VariationFixture,
  chosen: Readonly<Record<string, string>>,
): Priced {
  const labels = Object.entries(variation.attributes).map(([k, v]) =>
    attributeValueLabel(parent, k, v || chosen[k] || ''),
  );
  const name = `${parent.name} - ${labels.join(', ')}`;
  return { name, price: activePrice(variation), stock: null, soldIndividually: parent.soldIndividually };
}

/**
 * `wc_stripe_get_selected_product_data`: the sheet for the chosen product, variation and quantity
 * (`qty × price + addon_value`), its one rate printed as an object (as 9.4.1 does), or `{error}`.
 */
export function selectedProductData(fields: URLSearchParams): Json {
  const productId = absint(fields.get('product_id'));
  const priced = pricedProduct(productId, postedAttributes(fields));
  if (!priced) return { error: `Product with the ID (${productId}) cannot be found.` };
  const qty = priced.soldIndividually ? 1 : fields.has('qty') ? absint(fields.get('qty')) : 1;
  if (priced.stock !== null && priced.stock < qty) {
    // 9.4.1's words, stray semicolon included.
    return {
      error: `You cannot add that amount of "${priced.name}"; to the cart because there is not enough stock (${priced.stock} remaining).`,
    };
  }
  const addon = Math.max(Number.parseFloat(fields.get('addon_value') ?? '0') || 0, 0);
  const total = qty * priced.price + addon;
  return {
    currency: CURRENCY,
    country_code: COUNTRY,
    requestShipping: true,
    displayItems: [
      { label: priced.name + quantityLabel(qty), amount: cents(total) },
      { label: 'Shipping', amount: 0, pending: true },
    ],
    shippingOptions: { id: 'pending', label: 'Pending', detail: '', amount: 0 },
    total: { label: TOTAL_LABEL, amount: cents(total) },
  };
}

// -- the settings object ------------------------------------------------------------------------

/** The page the params are printed on. */
export type ExpressPage =
  | { kind: 'product'; productId: number }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'order-pay'; order: Order };

/** `wc_stripe_express_checkout_params` as `wp_localize_script()` prints it. */
export type ExpressParams = Json & { ajax_url: string; nonce: Record<string, string>; product: Json | '' };

/** Every nonce of `javascript_params()`, for the session. */
function expressNonces(store: DemoStore, session: Session): Record<string, string> {
  const nonce = (action: string) => store.nonce(session, action);
  return {
    payment: nonce(EXPRESS_NONCE.payment),
    shipping: nonce(EXPRESS_NONCE.shipping),
    get_cart_details: nonce(EXPRESS_NONCE.getCartDetails),
    update_shipping: nonce(EXPRESS_NONCE.updateShipping),
    checkout: nonce(EXPRESS_NONCE.checkout),
    add_to_cart: nonce(EXPRESS_NONCE.addToCart),
    get_selected_product_data: nonce(EXPRESS_NONCE.getSelectedProductData),
    log_errors: nonce(EXPRESS_NONCE.logErrors),
    clear_cart: nonce(EXPRESS_NONCE.clearCart),
    pay_for_order: nonce(EXPRESS_NONCE.payForOrder),
    wc_store_api: nonce(EXPRESS_NONCE.storeApi),
  };
}

/**
 * The params of `page` for `session`, in the recorded objects' shape
 * (params/*.wc_stripe_express_checkout_params.json) with the demo's values: its test key, Apple Pay
 * and Google Pay on (Link off, as the demo's card settings have it), guest checkout (no login
 * confirmation), no taxes, the checkout URL of `origin`.
 */
export function expressCheckoutParams(
  store: DemoStore,
  session: Session,
  origin: string,
  page: ExpressPage,
): ExpressParams {
  return {
    ajax_url: '/?wc-ajax=%%endpoint%%',
    stripe: {
      publishable_key: DEMO_PUBLISHABLE_KEY,
      allow_prepaid_card: 'yes',
      locale: 'en',
      is_link_enabled: false,
      is_express_checkout_enabled: true,
      is_amazon_pay_enabled: false,
      is_payment_request_enabled: true,
    },
    nonce: expressNonces(store, session),
    i18n: {
      no_prepaid_card: "Sorry, we're not accepting prepaid cards at this time.",
      unknown_shipping: 'Unknown shipping option "[option]".',
    },
    checkout: {
      url: `${origin}/checkout/`,
      currency_code: CURRENCY,
      country_code: COUNTRY,
      needs_shipping: store.cartLines(session).length > 0 ? 'yes' : 'no',
      needs_payer_phone: false,
      default_shipping_option: PENDING_OPTION,
    },
    button: { type: 'default', theme: 'dark', height: '48', radius: '4', locale: 'en' },
    is_pay_for_order: page.kind === 'order-pay' ? '1' : '',
    has_block: '',
    login_confirmation: '',
    is_product_page: flag(page.kind === 'product'),
    is_checkout_page: flag(page.kind === 'checkout'),
    product: (page.kind === 'product' && productPageData(page.productId)) || '',
    is_cart_page: flag(page.kind === 'cart'),
    taxes_based_on_billing: '',
  };
}

// -- responses ----------------------------------------------------------------------------------

function respond(body: string, contentType: string, status = 200, setCookie: string[] = []): Response {
  const headers = new Headers({ ...NO_CACHE_HEADERS, 'Content-Type': contentType });
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return new HttpResponse(body, { status, headers });
}

/** `wp_send_json()`, PHP's encoding. */
const ajaxJson = (value: unknown, setCookie: string[] = [], status = 200) =>
  respond(phpJson(value), JSON_TYPE, status, setCookie);
/** `exit;`: an empty 200. */
const ajaxEmpty = (setCookie: string[] = []) => respond('', HTML_TYPE, 200, setCookie);
/** `check_ajax_referer()` failing: `-1`, HTTP 403. */
const ajaxForbidden = () => respond('-1', HTML_TYPE, 403);

// -- Store API cart (`CartSchema`) -----------------------------------------------------------------

/** The product a line is (its variation's attributes as `{attribute, value}` labels). */
function variationOf(line: CartLine): { attribute: string; value: string }[] {
  if (!line.variation || line.product.type !== 'variable') return [];
  const product = line.product;
  return Object.entries(line.variation.attributes).map(([key, value]) => ({
    attribute: product.attributes.find((a) => `attribute_${a.name}` === key)?.label ?? key,
    value: attributeValueLabel(product, key, value || line.item.variation[key] || ''),
  }));
}

/** A line's prices: the unit price, regular and sale, and the 6-digit raw prices. */
function linePrices(line: CartLine): Json {
  const priced = line.variation ?? (line.product.type === 'simple' ? line.product : undefined);
  const regular = priced?.regularPrice ?? line.unitPrice;
  const raw = (amount: number) => String(Math.round(amount * 1e6));
  return {
    price: minor(line.unitPrice),
    regular_price: minor(regular),
    sale_price: minor(line.unitPrice),
    price_range: null,
    ...STORE_CURRENCY,
    raw_prices: {
      precision: 6,
      price: raw(line.unitPrice),
      regular_price: raw(regular),
      sale_price: raw(line.unitPrice),
    },
  };
}

/** One line of the Store API cart (sample 51's keys); `lineTotal`: after the coupons' share. */
function storeCartItem(line: CartLine, lineTotal: number, origin: string): Json {
  const { product } = line;
  const stock = product.type === 'simple' ? product.stockQuantity : null;
  return {
    key: line.item.key,
    id: line.variation?.id ?? product.id,
    type: line.variation ? 'variation' : 'simple',
    quantity: line.item.quantity,
    quantity_limits: {
      minimum: 1,
      maximum: product.soldIndividually ? 1 : (stock ?? 9999),
      multiple_of: 1,
      editable: !product.soldIndividually,
    },
    name: product.name,
    short_description: line.variation ? '' : product.shortDescription,
    description: line.variation ? '' : product.description,
    sku: line.sku,
    low_stock_remaining: null,
    backorders_allowed: false,
    show_backorder_badge: false,
    sold_individually: product.soldIndividually,
    permalink: `${origin}${line.url}`,
    images: [
      {
        id: 0,
        src: `${origin}${line.imageSrc}`,
        thumbnail: `${origin}${line.imageSrc}`,
        srcset: '',
        sizes: '',
        name: '',
        alt: line.imageAlt,
      },
    ],
    variation: variationOf(line),
    item_data: [],
    prices: linePrices(line),
    totals: {
      line_subtotal: minor(line.lineTotal),
      line_subtotal_tax: '0',
      line_total: minor(lineTotal),
      line_total_tax: '0',
      ...STORE_CURRENCY,
    },
    catalog_visibility: 'visible',
    extensions: {},
  };
}

/** The discount spread over the lines by their share of the subtotal (the last line takes the rest). */
function discountedLineTotals(t: Totals): number[] {
  let left = t.discount;
  return t.lines.map((line, index) => {
    const share =
      index === t.lines.length - 1
        ? left
        : Math.round((t.discount * line.lineTotal * 100) / (t.subtotal || 1)) / 100;
    left = Math.round((left - share) * 100) / 100;
    return Math.round((line.lineTotal - share) * 100) / 100;
  });
}

/** An address of the cart or the order, with e-mail for billing. */
function storeAddress(address: Address, withEmail: boolean): Json {
  const keys = [
    'first_name',
    'last_name',
    'company',
    'address_1',
    'address_2',
    'city',
    'state',
    'postcode',
    'country',
  ];
  const out: Json = Object.fromEntries(keys.map((k) => [k, address[k] ?? '']));
  if (withEmail) out.email = address.email ?? '';
  out.phone = address.phone ?? '';
  return out;
}

/** Package 0 and its rates (`shipping_rates`), the chosen one `selected`. */
function storePackage(t: Totals, shipping: Address): Json {
  const items = t.lines.map((l) => ({ key: l.item.key, name: l.name, quantity: l.item.quantity }));
  const itemsText = items.map((i) => `${i.name} &times; ${i.quantity}`).join(', ');
  const { address_1 = '', address_2 = '', city = '', state = '', postcode = '', country = '' } = shipping;
  return {
    package_id: 0,
    name: 'Shipment 1',
    destination: { address_1, address_2, city, state, postcode, country },
    items,
    shipping_rates: t.rates.map((rate) => ({
      rate_id: rate.id,
      name: rate.label,
      description: '',
      delivery_time: '',
      price: minor(rate.cost),
      taxes: '0',
      instance_id: Number(rate.id.split(':')[1] ?? 0),
      method_id: rate.methodId,
      meta_data: [{ key: 'Items', value: itemsText }],
      selected: rate.id === t.chosen?.id,
      ...STORE_CURRENCY,
    })),
  };
}

/** The totals group (strings of minor units); shipping is null until it is calculated. */
function storeTotals(t: Totals): Json {
  const empty = t.lines.length === 0;
  return {
    total_items: minor(t.subtotal),
    total_items_tax: '0',
    total_fees: '0',
    total_fees_tax: '0',
    total_discount: minor(t.discount),
    total_discount_tax: '0',
    total_shipping: empty ? null : minor(t.shippingCost),
    total_shipping_tax: empty ? null : '0',
    total_price: empty ? '0' : minor(t.total),
    total_tax: '0',
    tax_lines: [],
    ...STORE_CURRENCY,
  };
}

/** The totals of no session (no cart). */
const EMPTY_TOTALS: Totals = {
  lines: [],
  subtotal: 0,
  coupons: [],
  discount: 0,
  rates: [],
  chosen: undefined,
  shippingCost: 0,
  total: 0,
};

/** `GET wc/store/v1/cart`'s answer for the session (sample 51's keys). */
export function storeCart(store: DemoStore, session: Session | null, origin: string): Json {
  const t: Totals = session ? totals(store, session) : EMPTY_TOTALS;
  const state = session ? checkoutState(session) : { billing: {}, shipping: {} };
  const lineTotals = discountedLineTotals(t);
  const weight = t.lines.reduce(
    (sum, l) => sum + Number(l.variation?.weight ?? l.product.weight) * l.item.quantity,
    0,
  );
  return {
    items: t.lines.map((line, i) => storeCartItem(line, lineTotals[i] ?? line.lineTotal, origin)),
    coupons: t.coupons.map((c) => ({
      code: c.code,
      discount_type: COUPONS[c.code]?.type ?? 'fixed_cart',
      totals: { total_discount: minor(c.discount), total_discount_tax: '0', ...STORE_CURRENCY },
    })),
    fees: [],
    totals: storeTotals(t),
    shipping_address: storeAddress(state.shipping, false),
    billing_address: storeAddress(state.billing, true),
    needs_payment: t.lines.length > 0 && t.total > 0,
    needs_shipping: t.lines.length > 0,
    payment_requirements: ['products'],
    has_calculated_shipping: t.lines.length > 0,
    shipping_rates: t.lines.length > 0 ? [storePackage(t, state.shipping)] : [],
    items_count: t.lines.reduce((n, l) => n + l.item.quantity, 0),
    items_weight: weight,
    cross_sells: [],
    errors: [],
    payment_methods: GATEWAYS.map((g) => g.id),
    extensions: {},
  };
}

// -- the handlers -------------------------------------------------------------------------------

/** A route of the Store API (below `wc/store/v1/`), from `/wp-json/…` or `?rest_route=/…`. */
export function storeRouteOf(url: string): string | null {
  const parsed = new URL(url);
  const restRoute = parsed.searchParams.get('rest_route');
  const { pathname } = parsed;
  const index = pathname.indexOf('/wp-json/');
  const route = restRoute ?? (index >= 0 ? pathname.slice(index + '/wp-json'.length) : null);
  const match = route === null ? null : /^\/wc\/store\/v1\/(.+?)\/?$/.exec(route);
  return match ? match[1]! : null;
}

/** A refusal of the Store API: WooCommerce's (or WordPress's) error code, message and HTTP status. */
interface Refusal {
  code: string;
  message: string;
  status: number;
}

/** A Store API error object (`error_to_response()`). */
const storeError = (code: string, message: string, status: number) => ({ code, message, data: { status } });

/** The body as JSON (WP REST: an unparseable one is `rest_invalid_json`); null when it is not JSON. */
async function readJson(request: Request): Promise<Json | null> {
  const text = await request.text().catch(() => '');
  if (text.trim() === '' || text.length > MAX_BODY_BYTES) return {};
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return null;
  }
}

/** `payment_data`'s `{key, value}` list as the map the gateway reads (`sanitize_key()`d keys). */
function paymentDataOf(body: Json): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(body.payment_data)) return out;
  for (const entry of body.payment_data) {
    const { key, value } = asRecord(entry);
    const name = asString(key)
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '');
    if (name) out[name] = typeof value === 'boolean' ? (value ? '1' : '') : cleanText(asString(value));
  }
  return out;
}

/** The posted address (`billing_address` / `shipping_address`), cleaned; `method` is not an address field. */
function postedAddress(value: unknown): Address {
  const out: Address = {};
  for (const [key, field] of Object.entries(asRecord(value))) {
    if (key !== 'method' && /^[a-z_0-9]{1,40}$/.test(key)) out[key] = cleanText(asString(field));
  }
  return out;
}

/** The rate ids of `shipping_method[]=…` or `shipping_method[0]=…`, by package. */
function postedRates(fields: URLSearchParams): Record<number, string> {
  const out: Record<number, string> = {};
  let next = 0;
  for (const [key, value] of fields) {
    const match = /^shipping_method\[(\d{0,3})\]$/.exec(key);
    if (!match) continue;
    const index = match[1] === '' ? next : Number(match[1]);
    out[index] = cleanText(value);
    next = Math.max(next, index + 1);
  }
  return out;
}

/** The checkout's answer (`CheckoutSchema`) for `order` with its payment's outcome. */
function checkoutAnswer(order: Order, session: Session, paymentResult: Json): Json {
  return {
    order_id: order.id,
    status: order.status,
    order_key: order.key,
    order_number: String(order.id),
    customer_note: order.customerNote,
    customer_id: session.loggedIn !== null ? DEMO_USER.id : 0,
    billing_address: storeAddress(order.billing, true),
    shipping_address: storeAddress(order.shipping, false),
    payment_method: order.paymentMethod,
    payment_result: paymentResult,
    additional_fields: {},
    __experimentalCart: null,
    extensions: {},
  };
}

/** `get_return_url()`: the order-received page (the gateway's `process_payment()` adds nothing to it). */
const orderReceivedUrl = (order: Order, origin: string): string =>
  `${origin}/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`;

const paymentResult = (redirect: string): Json => ({
  payment_status: 'success',
  payment_details: [
    { key: 'result', value: 'success' },
    { key: 'redirect', value: redirect },
  ],
  redirect_url: redirect,
});

/** What taking the payment gave: the answer's payment result, or the refusal. */
type PaymentOutcome = { ok: true; result: Json } | ({ ok: false } & Refusal);

/** `add_order_meta()` of the gateway's blocks support: the wallet in the order's method title. */
function walletTitle(order: Order, data: Record<string, string>): void {
  const wallet = data.express_checkout_type || data.payment_request_type;
  if (wallet === 'apple_pay') order.paymentMethodTitle = 'Apple Pay (Stripe)';
  if (wallet === 'google_pay') order.paymentMethodTitle = 'Google Pay (Stripe)';
}

/**
 * The payment of `order` with the posted `payment_method` and `payment_data`: the card gateway
 * charges the posted payment method (`payWithCard`: paid, 3-D Secure, or refused: the order failed
 * and WooCommerce's 400 `woocommerce_rest_payment_error`); the offline gateways place the order.
 * `paid` finishes a paid order (the checkout empties the cart; an existing order does not).
 */
function takePayment(
  store: DemoStore,
  session: Session,
  order: Order,
  body: Json,
  origin: string,
  paid: (order: Order, status: 'processing' | 'on-hold') => void,
): PaymentOutcome {
  const gateway = findGateway(cleanText(asString(body.payment_method)));
  if (!gateway) return refusedMethod(asString(body.payment_method));
  if (gateway.id !== CARD_GATEWAY_ID) {
    order.paymentMethod = gateway.id;
    order.paymentMethodTitle = gateway.title;
    paid(order, gateway.id === 'cod' ? 'processing' : 'on-hold');
    return {
      ok: true,
      result: paymentResult(orderReceivedUrl(order, origin)),
    };
  }
  const data = paymentDataOf(body);
  const paymentMethodId = data[`wc-${CARD_GATEWAY_ID}-payment-method`] ?? '';
  const failed = (message: string): PaymentOutcome => ({
    ok: false,
    status: 400,
    code: 'woocommerce_rest_payment_error',
    message: `There was an error processing the payment: ${message}`,
  });
  if (!PAYMENT_METHOD_ID.test(paymentMethodId)) {
    order.status = 'failed';
    return failed(CARD_TEXT.missingDetails);
  }
  const result = payWithCard(store, session, order, { kind: 'new', paymentMethodId, save: false });
  walletTitle(order, data);
  if (result.kind === 'declined') return failed(result.message);
  if (result.kind === 'action') return { ok: true, result: paymentResult(result.redirect) };
  paid(order, 'processing');
  return { ok: true, result: paymentResult(orderReceivedUrl(order, origin)) };
}

/** No payment method, or one that is not enabled (`get_request_payment_method()`). */
function refusedMethod(posted: string): { ok: false } & Refusal {
  if (posted.trim() === '') {
    return {
      ok: false,
      status: 400,
      code: 'woocommerce_rest_checkout_missing_payment_method',
      message: 'No payment method provided.',
    };
  }
  return {
    ok: false,
    status: 400,
    code: 'woocommerce_rest_checkout_payment_method_disabled',
    message: `${cleanText(posted)} is not available for this order—please choose a different payment method`,
  };
}

/** `validate_order_before_payment()`'s checks of the posted addresses, or the refusal. */
function invalidOrderData(billing: Address, shipping: Address): Refusal | null {
  const email = billing.email ?? '';
  if (email === '') {
    return {
      code: 'woocommerce_rest_missing_email_address',
      message: 'A valid email address is required',
      status: 400,
    };
  }
  if (!isEmail(email)) {
    const message = `The provided email address (${email}) is not valid—please provide a valid email address`;
    return { code: 'woocommerce_rest_invalid_email_address', message, status: 400 };
  }
  if (!countryExists(shipping.country ?? '')) {
    const message = `Sorry, we do not ship orders to the provided country (${shipping.country ?? ''})`;
    return { code: 'woocommerce_rest_invalid_address_country', message, status: 400 };
  }
  if (billing.country && !countryExists(billing.country)) {
    const message = `Sorry, we do not allow orders from the provided country (${billing.country})`;
    return { code: 'woocommerce_rest_invalid_address_country', message, status: 400 };
  }
  return null;
}

/** The posted `variation` list as the product's `attribute_*` map (by name or label, value by slug or label). */
function variationAttributes(product: VariableProduct, posted: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of Array.isArray(posted) ? posted : []) {
    const { attribute, value } = asRecord(entry);
    const name = asString(attribute).toLowerCase();
    const found = product.attributes.find((a) =>
      [a.name, `attribute_${a.name}`, a.label.toLowerCase()].includes(name),
    );
    const option = found?.options.find((o) => [o.value, o.label].includes(asString(value)));
    if (found) out[`attribute_${found.name}`] = option?.value ?? asString(value);
  }
  return out;
}

type CartItemInput = Parameters<DemoStore['addToCart']>[1];

/**
 * `cart/add-item`'s body read as WooCommerce does: `id` and `quantity` (1 unless given) checked,
 * the product found, a variable parent's variation found from `variation`; or the refusal.
 */
function cartItemInput(body: Json): CartItemInput | Refusal {
  const id = Number(body.id);
  const quantity = body.quantity === undefined ? 1 : Number(body.quantity);
  const invalid = (name: string): Refusal => ({
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${name}`,
    status: 400,
  });
  if (!Number.isSafeInteger(id) || id <= 0) return invalid('id');
  if (!Number.isFinite(quantity) || quantity <= 0) return invalid('quantity');
  const product = findProduct(id);
  if (!product && !findVariation(id)) {
    return {
      code: 'woocommerce_rest_cart_invalid_product',
      message: 'This product cannot be added to the cart.',
      status: 400,
    };
  }
  if (product?.type !== 'variable') return { productId: id, quantity };
  const attributes = variationAttributes(product, body.variation);
  if (Object.keys(attributes).length === 0) {
    return {
      code: 'woocommerce_rest_missing_variation_data',
      message: 'Missing variation data for variable product.',
      status: 400,
    };
  }
  const variation = matchVariation(product, attributes);
  if (!variation) {
    return {
      code: 'woocommerce_rest_variation_id_from_variation_data',
      message: 'No matching variation found.',
      status: 400,
    };
  }
  return { productId: id, quantity, variationId: variation.id, attributes };
}

/**
 * The order route's permission (`OrderAuthorizationTrait::is_authorized()` for a guest): the order's
 * key, then its billing e-mail when it has one; or the refusal.
 */
function orderPermission(order: Order | undefined, query: URLSearchParams): Refusal | null {
  if (!order || !query.get('key') || order.key !== query.get('key')) {
    return {
      code: 'woocommerce_rest_invalid_order',
      message: 'Invalid order ID or key provided.',
      status: 401,
    };
  }
  const email = (order.billing.email ?? '').toLowerCase();
  if (email !== '' && email !== (query.get('billing_email') ?? '').trim().toLowerCase()) {
    return {
      code: 'woocommerce_rest_invalid_billing_email',
      message: 'Invalid billing email provided.',
      status: 401,
    };
  }
  return null;
}

/** What every endpoint works with: the store, and the request's session, origin and cookies. */
interface Context {
  store: DemoStore;
  sessionOf(request: Request): Session | null;
  originOf(request: Request): string;
  /** The cart cookies to set after a change of `session`'s cart. */
  cartCookies(request: Request, session: Session): string[];
}

function contextOf(options: CheckoutHandlerOptions): Context {
  const { store } = options;
  const cookieHeader = options.cookieHeader ?? ((request: Request) => request.headers.get('cookie') ?? '');
  return {
    store,
    sessionOf: (request) => store.peekSession(cookieHeader(request)),
    originOf: (request) => new URL(request.url).origin,
    cartCookies: (request, session) => store.cartCookies(session, cookieHeader(request)),
  };
}

// -- the wc-ajax endpoints ------------------------------------------------------------------------

type AjaxEndpoint = (request: Request, fields: URLSearchParams) => Response;
type CheckedEndpoint = (request: Request, fields: URLSearchParams, session: Session) => Response;

/** `check_ajax_referer( $action, 'security' )` (no session: no nonce is valid), then the endpoint. */
function checked(ctx: Context, action: string, endpoint: CheckedEndpoint): AjaxEndpoint {
  return (request, fields) => {
    const session = ctx.sessionOf(request);
    if (!session || !ctx.store.verifyNonce(session, action, fields.get('security'))) return ajaxForbidden();
    return endpoint(request, fields, session);
  };
}

/** `is_product_page` absent: the itemised view; posted: PHP's boolean of it. */
const itemized = (fields: URLSearchParams): boolean =>
  !fields.has('is_product_page') || isTrue(fields.get('is_product_page'));

/** `get_cart_details`: `{shipping_required, order_data: {currency, country_code, displayItems, total}}`. */
function getCartDetails(ctx: Context): CheckedEndpoint {
  return (_request, _fields, session) =>
    ajaxJson({
      shipping_required: ctx.store.cartLines(session).length > 0,
      order_data: { currency: CURRENCY, country_code: COUNTRY, ...cartSheet(ctx.store, session, false) },
    });
}

/**
 * `get_shipping_options`: the customer's location set (country, state, postcode and city of
 * billing and shipping; the store's base without a country), the rates of the address (none for
 * a country the store does not ship to: `invalid_shipping_address`), the previously chosen rate
 * first and applied. PHP reads `address`, not the gateway's `address_1`: it only sets the zone.
 */
function getShippingOptions(ctx: Context): CheckedEndpoint {
  return (_request, fields, session) => {
    const read = (name: string) => cleanText(fields.get(name) ?? '');
    const country = read('country');
    const location = country
      ? { country, state: read('state'), postcode: read('postcode'), city: read('city') }
      : { country: COUNTRY, state: '', postcode: '', city: '' };
    const state = checkoutState(session);
    state.billing = { ...state.billing, ...location };
    state.shipping = { ...state.shipping, ...location };
    const rates = countryExists(country) ? totals(ctx.store, session).rates : [];
    const sheet = () => cartSheet(ctx.store, session, itemized(fields));
    if (rates.length === 0) return ajaxJson({ ...sheet(), result: 'invalid_shipping_address' });
    const previous = state.chosenShipping[0];
    const sorted = [...rates].sort((a, b) => Number(b.id === previous) - Number(a.id === previous));
    state.chosenShipping[0] = sorted[0]!.id;
    const options = sorted.map((r) => ({ id: r.id, displayName: r.label, amount: cents(r.cost) }));
    return ajaxJson({ shipping_options: options, ...sheet(), result: 'success' });
  };
}

/** `update_shipping_method`: the posted rates chosen as they are (WooCommerce falls back on an unknown one). */
function updateShippingMethod(ctx: Context): CheckedEndpoint {
  return (_request, fields, session) => {
    const state = checkoutState(session);
    for (const [index, rate] of Object.entries(postedRates(fields))) {
      state.chosenShipping[Number(index)] = rate;
    }
    return ajaxJson({ ...cartSheet(ctx.store, session, itemized(fields)), result: 'success' });
  };
}

/**
 * `add_to_cart` (product page): the cart emptied, the product (a variable product's variation of
 * the posted attributes) added; 'success' with the cart's sheet whatever WooCommerce said (its
 * refusal stays as a session notice). An unknown product is PHP's fatal error.
 */
function addToCart(ctx: Context): CheckedEndpoint {
  return (request, fields, session) => {
    const productId = absint(fields.get('product_id'));
    const product: Product | undefined = findProduct(productId) ?? findVariation(productId)?.parent;
    if (!product) return respond('', HTML_TYPE, 500);
    const quantity = fields.has('qty') ? absint(fields.get('qty')) : 1;
    ctx.store.emptyCart(session);
    const attributes = postedAttributes(fields);
    if (product.type === 'variable' && attributes && product.id === productId) {
      const variationId = matchVariation(product, attributes)?.id ?? 0;
      ctx.store.addToCart(session, { productId, quantity, variationId, attributes });
    } else {
      ctx.store.addToCart(session, { productId, quantity });
    }
    const answer = { ...cartSheet(ctx.store, session, false), result: 'success' };
    return ajaxJson(answer, ctx.cartCookies(request, session));
  };
}

/** `clear_cart`: the cart emptied (a booking would be released), nothing answered. */
function clearCart(ctx: Context): CheckedEndpoint {
  return (request, _fields, session) => {
    ctx.store.emptyCart(session);
    return ajaxEmpty(ctx.cartCookies(request, session));
  };
}

/**
 * `pay_for_order` (deprecated, not called by 9.4.1's script): `check_ajax_referer()` with its
 * default field (`_ajax_nonce`), then the order's payment with the posted payment method. Like
 * 9.4.1, it asks for no order key: the nonce is the only check.
 */
function payForOrder(ctx: Context): AjaxEndpoint {
  return (request, fields) => {
    const session = ctx.sessionOf(request);
    const nonce = fields.get('_ajax_nonce') ?? fields.get('_wpnonce');
    if (!session || !ctx.store.verifyNonce(session, EXPRESS_NONCE.payForOrder, nonce)) return ajaxForbidden();
    const id = absint(fields.get('order'));
    const paymentMethodId = fields.get(`wc-${CARD_GATEWAY_ID}-payment-method`) ?? '';
    if (fields.get('payment_method') !== CARD_GATEWAY_ID || id === 0 || paymentMethodId === '') {
      return ajaxJson({ result: 'error', messages: 'Invalid request' }, [], 400);
    }
    const order = findOrder(ctx.store, id, session);
    if (!order) return ajaxJson({ result: 'error', messages: 'Invalid order!' });
    if (!needsPayment(order))
      return ajaxJson({ result: 'error', messages: 'This order does not require payment!' });
    const body = {
      payment_method: CARD_GATEWAY_ID,
      payment_data: [{ key: `wc-${CARD_GATEWAY_ID}-payment-method`, value: paymentMethodId }],
    };
    const paid = (o: Order) => (o.status = 'processing');
    const outcome = takePayment(ctx.store, session, order, body, ctx.originOf(request), paid);
    if (!outcome.ok) return ajaxJson({ result: 'error', messages: 'Unable to determine payment success.' });
    return ajaxJson({ result: 'success', redirect: outcome.result.redirect_url, order_id: order.id });
  };
}

/** The gateway's endpoints by wc-ajax name. */
function ajaxEndpoints(ctx: Context): Record<string, AjaxEndpoint> {
  return {
    wc_stripe_get_cart_details: checked(ctx, EXPRESS_NONCE.getCartDetails, getCartDetails(ctx)),
    wc_stripe_get_shipping_options: checked(ctx, EXPRESS_NONCE.shipping, getShippingOptions(ctx)),
    wc_stripe_update_shipping_method: checked(ctx, EXPRESS_NONCE.updateShipping, updateShippingMethod(ctx)),
    wc_stripe_add_to_cart: checked(ctx, EXPRESS_NONCE.addToCart, addToCart(ctx)),
    wc_stripe_get_selected_product_data: checked(ctx, EXPRESS_NONCE.getSelectedProductData, (_r, fields) =>
      ajaxJson(selectedProductData(fields)),
    ),
    wc_stripe_clear_cart: checked(ctx, EXPRESS_NONCE.clearCart, clearCart(ctx)),
    // Logged by the gateway; the demo keeps nothing.
    wc_stripe_log_errors: checked(ctx, EXPRESS_NONCE.logErrors, () => ajaxEmpty()),
    wc_stripe_pay_for_order: payForOrder(ctx),
  };
}

// -- the Store API routes ---------------------------------------------------------------------------

type StoreEndpoint = (request: Request, session: Session | null) => Promise<Response>;

/** A Store API answer with the headers of `add_response_headers()` (a fresh `Nonce`…). */
function storeJson(
  ctx: Context,
  value: unknown,
  status: number,
  session: Session | null,
  setCookie: string[] = [],
): Response {
  const headers = new Headers({
    'Content-Type': JSON_TYPE,
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link, Cart-Token',
    'Access-Control-Allow-Headers':
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, Cart-Token, Nonce',
    'Nonce-Timestamp': String(Math.floor(Date.now() / 1000)),
    'User-ID': String(session?.loggedIn ? DEMO_USER.id : 0),
    'Cart-Hash': ctx.store.cartHash(session),
  });
  if (session) headers.set('Nonce', ctx.store.nonce(session, EXPRESS_NONCE.storeApi));
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return new HttpResponse(phpJson(value), { status, headers });
}

/** A refusal: WooCommerce's (or WordPress's) error object with its status. */
function refuse(ctx: Context, session: Session | null, refusal: Refusal): Response {
  return storeJson(ctx, storeError(refusal.code, refusal.message, refusal.status), refusal.status, session);
}

/** `rest_cookie_check_errors()`: a wrong X-WP-Nonce fails before any route. */
function cookieRefusal(ctx: Context, request: Request, session: Session | null): Refusal | null {
  const nonce = request.headers.get('x-wp-nonce');
  if (nonce === null || ctx.store.verifyNonce(session, 'wp_rest', nonce)) return null;
  return { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', status: 403 };
}

/** `check_nonce()`: the `Nonce` header, missing (401) or not the session's (403). */
function nonceRefusal(ctx: Context, request: Request, session: Session | null): Refusal | null {
  const nonce = request.headers.get('nonce');
  if (!nonce) {
    const message = 'Missing the Nonce header. This endpoint requires a valid nonce.';
    return { code: 'woocommerce_rest_missing_nonce', message, status: 401 };
  }
  if (ctx.store.verifyNonce(session, EXPRESS_NONCE.storeApi, nonce)) return null;
  return { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', status: 403 };
}

const INVALID_JSON: Refusal = {
  code: 'rest_invalid_json',
  message: 'Invalid JSON body passed.',
  status: 400,
};

/** `GET cart`: no nonce needed, nothing changed. */
function getCart(ctx: Context): StoreEndpoint {
  return async (request, session) =>
    storeJson(ctx, storeCart(ctx.store, session, ctx.originOf(request)), 200, session);
}

/**
 * `cart/add-item`: `{id, quantity, variation}`. WooCommerce's refusals become its error codes; the
 * notice the demo store leaves is taken back (the Store API turns notices into the error).
 */
function addItem(ctx: Context): StoreEndpoint {
  return async (request, session) => {
    const body = await readJson(request);
    if (!body) return refuse(ctx, session, INVALID_JSON);
    const read = cartItemInput(body);
    if ('code' in read) return refuse(ctx, session, read);
    const active = session!;
    const before = active.notices.length;
    if (!ctx.store.addToCart(active, read).ok) {
      const [notice] = active.notices.splice(before);
      const message = notice ? stripTags(notice.html) : 'This product cannot be added to the cart.';
      return refuse(ctx, session, { code: 'woocommerce_rest_add_to_cart_error', message, status: 400 });
    }
    const cart = storeCart(ctx.store, active, ctx.originOf(request));
    return storeJson(ctx, cart, 201, active, ctx.cartCookies(request, active));
  };
}

/** `cart/remove-item`: `{key}` (a booking would be released); 409 for a key not in the cart. */
function removeItem(ctx: Context): StoreEndpoint {
  return async (request, session) => {
    const body = await readJson(request);
    if (!body) return refuse(ctx, session, INVALID_JSON);
    if (!session || !ctx.store.removeCartItem(session, asString(body.key))) {
      const message = 'Cart item no longer exists or is invalid.';
      return refuse(ctx, session, { code: 'woocommerce_rest_cart_invalid_key', message, status: 409 });
    }
    const cart = storeCart(ctx.store, session, ctx.originOf(request));
    return storeJson(ctx, cart, 200, session, ctx.cartCookies(request, session));
  };
}

/**
 * `checkout`: the cart as an order (the session's order awaiting payment taken again), with the
 * posted addresses and note, paid with `payment_method` / `payment_data`. Paid: processing, the
 * cart emptied; 3-D Secure: pending, the answer's redirect is the confirmation route.
 */
function checkout(ctx: Context): StoreEndpoint {
  return async (request, session) => {
    const body = await readJson(request);
    if (!body) return refuse(ctx, session, INVALID_JSON);
    if (!session || ctx.store.cartLines(session).length === 0) {
      const message = 'Cannot place an order, your cart is empty.';
      return refuse(ctx, session, { code: 'woocommerce_rest_cart_empty', message, status: 400 });
    }
    const method = cleanText(asString(body.payment_method));
    if (!findGateway(method)) return refuse(ctx, session, refusedMethod(method));
    const state = checkoutState(session);
    state.billing = { ...state.billing, ...postedAddress(body.billing_address) };
    state.shipping = { ...state.shipping, ...postedAddress(body.shipping_address) };
    const invalid = invalidOrderData(state.billing, state.shipping);
    if (invalid) return refuse(ctx, session, invalid);
    const customerNote = asString(body.customer_note).slice(0, 5000);
    const { billing, shipping } = state;
    const order = createOrder(ctx.store, session, { paymentMethod: method, billing, shipping, customerNote });
    const paid = (o: Order, status: 'processing' | 'on-hold') => completeOrder(ctx.store, session, o, status);
    const outcome = takePayment(ctx.store, session, order, body, ctx.originOf(request), paid);
    if (!outcome.ok) return refuse(ctx, session, outcome);
    const answer = checkoutAnswer(order, session, outcome.result);
    return storeJson(ctx, answer, 200, session, ctx.cartCookies(request, session));
  };
}

/**
 * `checkout/{id}?key=…&billing_email=…`: the order-pay page's payment of an existing order. The
 * key and e-mail are the permission check, made before the nonce as WordPress runs them; the
 * posted billing address is saved on the order, its items stay, the cart is left alone.
 */
function payOrder(ctx: Context, id: number): StoreEndpoint {
  return async (request, session) => {
    const order = findOrder(ctx.store, id, session ?? undefined);
    const denied = orderPermission(order, new URL(request.url).searchParams);
    if (denied) return refuse(ctx, session, denied);
    const refused = nonceRefusal(ctx, request, session);
    if (refused) return refuse(ctx, session, refused);
    const body = await readJson(request);
    if (!body) return refuse(ctx, session, INVALID_JSON);
    const active = session!;
    const payable = order!;
    if (!needsPayment(payable)) {
      const message = 'This order cannot be paid for.';
      return refuse(ctx, session, { code: 'invalid_order_update_status', message, status: 500 });
    }
    payable.billing = { ...payable.billing, ...postedAddress(body.billing_address) };
    const paid = (o: Order, status: 'processing' | 'on-hold') => (o.status = status);
    const outcome = takePayment(ctx.store, active, payable, body, ctx.originOf(request), paid);
    if (!outcome.ok) return refuse(ctx, session, outcome);
    return storeJson(ctx, checkoutAnswer(payable, active, outcome.result), 200, active);
  };
}

/** The Store API route's endpoint for the method (and whether the nonce is checked first), or undefined. */
function storeEndpoint(
  ctx: Context,
  method: string,
  route: string,
): { endpoint: StoreEndpoint; nonce: boolean } | undefined {
  if (route === 'cart' && method === 'GET') return { endpoint: getCart(ctx), nonce: false };
  if (method !== 'POST') return undefined;
  if (route === 'cart/add-item') return { endpoint: addItem(ctx), nonce: true };
  if (route === 'cart/remove-item') return { endpoint: removeItem(ctx), nonce: true };
  if (route === 'checkout') return { endpoint: checkout(ctx), nonce: true };
  const pay = /^checkout\/(\d{1,9})$/.exec(route);
  // The order route checks its permission before the nonce: it checks the nonce itself.
  return pay ? { endpoint: payOrder(ctx, Number(pay[1])), nonce: false } : undefined;
}

/** A Store API request: WordPress's cookie check, the route's nonce, the route; undefined for another route. */
async function storeApi(ctx: Context, request: Request, route: string): Promise<Response | undefined> {
  const found = storeEndpoint(ctx, request.method.toUpperCase(), route);
  if (!found) return undefined;
  const session = ctx.sessionOf(request);
  const refused =
    cookieRefusal(ctx, request, session) ?? (found.nonce ? nonceRefusal(ctx, request, session) : null);
  return refused ? refuse(ctx, session, refused) : found.endpoint(request, session);
}

/**
 * The express checkout's handlers over `options.store`: the gateway's wc-ajax endpoints and the
 * Store API routes it calls. Anything else falls through to the next handler.
 */
export function createExpressCheckoutHandlers(options: CheckoutHandlerOptions): RequestHandler[] {
  const ctx = contextOf(options);
  const endpoints = ajaxEndpoints(ctx);
  return [
    // wc-ajax: WooCommerce reads the `wc-ajax` query argument on any path and any method.
    http.all('*', async ({ request }) => {
      const name = new URL(request.url).searchParams.get('wc-ajax');
      if (!name || !Object.hasOwn(endpoints, name)) return undefined;
      return endpoints[name]!(request, await readFields(request));
    }),
    http.all('*', async ({ request }) => {
      const route = storeRouteOf(request.url);
      return route === null ? undefined : storeApi(ctx, request, route);
    }),
  ];
}

// -- the buttons' place on the pages -----------------------------------------------------------------

/** The buttons' height (the gateway's `button.height` setting, as the params print it). */
const BUTTON_HEIGHT = 48;

/**
 * The `express-checkout` island's container for `page`, as the gateway prints its element's place
 * (`#wc-stripe-express-checkout-element`): the fallback reserves the buttons' height (the island's
 * stylesheet is linked in <head>), so the buttons come without moving the page. Props: the params
 * and, on a product page, the product.
 */
export function expressCheckoutIsland(
  ctx: {
    islands: {
      render(
        name: string,
        props: unknown,
        html: string,
        options?: { hydrate?: 'load' | 'idle' | 'visible' | 'interaction' },
      ): string;
    };
    session: Session;
    url: URL;
  },
  store: DemoStore,
  page: ExpressPage,
): string {
  const params = expressCheckoutParams(store, ctx.session, ctx.url.origin, page);
  const sheet = cartSheet(store, ctx.session, true);
  const cart = { ...sheet, needsShipping: sheet.total.amount > 0 };
  const props =
    page.kind === 'product'
      ? { params, productId: page.productId }
      : page.kind === 'order-pay'
        ? { params, payForOrder: payForOrderParams(page.order) }
        : { params, cart };
  const fallback = `<div class="shop-islands-express" id="wc-stripe-express-checkout-element" style="--shop-islands-express-height: ${BUTTON_HEIGHT}px"></div>`;
  return ctx.islands.render('express-checkout', props, fallback);
}

/**
 * The order-pay page's `wcStripeExpressCheckoutPayForOrderParams` (the gateway's
 * `add_pay_for_order_params_to_js_config()`): the order, its key, e-mail and shipping address, its
 * lines (each line, shipping, fees) and total. Shipping is already chosen: the sheet asks no address.
 */
export function payForOrderParams(order: Order) {
  const items = order.lines.map((line) => ({
    label: line.quantity > 1 ? `${line.name} (x${line.quantity})` : line.name,
    amount: cents(line.total),
  }));
  if (order.shippingCost > 0) {
    items.push({ label: `Shipping (${order.shippingMethod})`, amount: cents(order.shippingCost) });
  }
  return {
    order: order.id,
    orderDetails: {
      orderKey: order.key,
      billingEmail: order.billing.email ?? '',
      shippingAddress: { ...(storeAddress(order.shipping, false) as Record<string, string>) },
    },
    displayItems: items,
    needs_shipping: false,
    total: { label: TOTAL_LABEL, amount: cents(order.total), pending: true },
  };
}
