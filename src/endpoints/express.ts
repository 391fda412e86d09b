/**
 * Express checkout's server calls (checkout.md §7 "Express checkout", "Store API"), as the
 * WooCommerce Stripe Gateway 9.4.1's `build/express_checkout.js` makes them:
 *
 * - its wc-ajax endpoints, POST `/?wc-ajax=wc_stripe_{name}` with a form body, each with its own
 *   nonce in `security` (`check_ajax_referer( $action, 'security' )`; a refused nonce is HTTP 403
 *   `-1`, a TransportError of kind 'http');
 * - WooCommerce's Store API, `{rest root}wc/store/v1/…` with JSON bodies, each with the `Nonce`
 *   header (`nonce.wc_store_api`); the checkout also with `X-WCSTRIPE-EXPRESS-CHECKOUT: true` and
 *   `X-WCSTRIPE-EXPRESS-CHECKOUT-NONCE` (the spec's header flag and its nonce: later gateways send
 *   them, 9.4.1 sends neither). A refusal is a TransportError of kind 'http' whose `details.code`
 *   is WooCommerce's (`woocommerce_rest_invalid_nonce`, `woocommerce_rest_payment_error`…); see
 *   {@link readStoreApiError}.
 *
 * The Store API calls are not made through `rest()` of src/transport: it cannot send the `Nonce`
 * header. They follow its rules all the same: this site's REST root from the settings block
 * (`rest_url`, `/wp-json/` or `/?rest_route=/`), this origin only, the caller's signal and timeout,
 * the loading indicator, the answer parsed with its schema, every failure a TransportError. None is
 * retried: each changes the cart or an order.
 *
 * Every function takes the page's parsed `wc_stripe_express_checkout_params` (for its nonces and
 * page flags; src/contract/express.ts) and an options bag.
 */
import {
  CartDetailsAnswerSchema,
  EmptyAnswerSchema,
  ExpressAddToCartAnswerSchema,
  NormalizedAddressAnswerSchema,
  PayForOrderAnswerSchema,
  SelectedProductDataAnswerSchema,
  ShippingMethodAnswerSchema,
  ShippingOptionsAnswerSchema,
  StoreApiErrorSchema,
  StoreCartSchema,
  StoreCheckoutAnswerSchema,
  type CartDetailsAnswer,
  type ExpressAddToCartAnswer,
  type ExpressCheckoutParams,
  type NormalizedAddressAnswer,
  type PayForOrderAnswer,
  type SelectedProductDataAnswer,
  type ShippingMethodAnswer,
  type ShippingOptionsAnswer,
  type StoreApiError,
  type StoreCart,
  type StoreCheckoutAnswer,
} from '../contract/express';
import { describeIssue } from '../contract/issue';
import { getSettings } from '../contract/read-settings';
import { describeUrl, httpUrl, sameOriginUrl } from '../security/url';
import { activity } from '../transport/activity';
import { DEFAULT_TIMEOUT, wcAjax, type Parser, type RequestOptions } from '../transport/client';
import { TransportError } from '../transport/errors';

/** What the calls read of the page's params: its nonces, and whether it is a product page. */
export type ExpressPage = Pick<ExpressCheckoutParams, 'nonce' | 'is_product_page'>;

/** The gateway's id: the payment method of every express order, and the prefix of its endpoints. */
export const EXPRESS_GATEWAY = 'stripe';

/** The headers the spec's express checkout adds to the Store API checkout (later gateways). */
export const EXPRESS_CHECKOUT_HEADER = 'X-WCSTRIPE-EXPRESS-CHECKOUT';
export const EXPRESS_CHECKOUT_NONCE_HEADER = 'X-WCSTRIPE-EXPRESS-CHECKOUT-NONCE';

// -- wc-ajax ----------------------------------------------------------------------------------------

type Fields = [string, string][];

/** PHP reads the page flag with FILTER_VALIDATE_BOOLEAN: the gateway posts the printed '1' or ''. */
const flag = (on: boolean): string => (on ? '1' : '');

/** jQuery's encoding of a map (`attributes[attribute_pa_size]=uk-2`), which PHP reads as an array. */
const nested = (name: string, map: Readonly<Record<string, string>>): Fields =>
  Object.entries(map).map(([key, value]) => [`${name}[${key}]`, value]);

/** POST `/?wc-ajax=wc_stripe_{name}` with the fields in the gateway's order. */
function gatewayAjax<T>(
  name: string,
  fields: Fields,
  schema: Parser<T>,
  options: RequestOptions & { responseType?: 'json' | 'text' },
): Promise<T> {
  return wcAjax(`wc_${EXPRESS_GATEWAY}_${name}`, new URLSearchParams(fields), { ...options, schema });
}

/**
 * `get_cart_details`: the cart's sheet. 9.4.1's script no longer calls it (the cart and checkout
 * pages read the Store API cart, {@link getStoreCart}); the endpoint is still there.
 */
export function getCartDetails(page: ExpressPage, options: RequestOptions = {}): Promise<CartDetailsAnswer> {
  return gatewayAjax(
    'get_cart_details',
    [['security', page.nonce.get_cart_details]],
    CartDetailsAnswerSchema,
    options,
  );
}

/**
 * The shipping address the wallet gives (Stripe's, mapped to WooCommerce's names). Wallets redact
 * it until the payment is confirmed: usually only country, state, city and postcode are there.
 */
export interface WalletShippingAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  country?: string;
  postcode?: string;
}

/** The fields the gateway posts, in its order, '' for what the wallet left out. */
const SHIPPING_ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'country',
  'postcode',
] as const;

/**
 * `get_shipping_options` when the shopper picks an address in the sheet (`shippingaddresschange`):
 * the rates for it, the first one (or the one chosen before) applied to the cart. PHP reads
 * `country`, `state`, `postcode`, `city`, `address` and `address_2`: the gateway's `address_1` is
 * not among them (only the zone matters here).
 */
export function getShippingOptions(
  page: ExpressPage,
  address: WalletShippingAddress,
  options: RequestOptions = {},
): Promise<ShippingOptionsAnswer> {
  const fields: Fields = [
    ['security', page.nonce.shipping],
    ['is_product_page', flag(page.is_product_page)],
    ...SHIPPING_ADDRESS_FIELDS.map((name): [string, string] => [name, address[name] ?? '']),
  ];
  return gatewayAjax('get_shipping_options', fields, ShippingOptionsAnswerSchema, options);
}

/** `update_shipping_method` when the shopper picks a rate in the sheet (`shippingratechange`). */
export function updateShippingMethod(
  page: ExpressPage,
  rateId: string,
  options: RequestOptions = {},
): Promise<ShippingMethodAnswer> {
  const fields: Fields = [
    ['security', page.nonce.update_shipping],
    ['shipping_method[]', rateId],
    ['is_product_page', flag(page.is_product_page)],
  ];
  return gatewayAjax('update_shipping_method', fields, ShippingMethodAnswerSchema, options);
}

/** The product form of a product page, as the gateway reads it. */
export interface ProductSelection {
  /** The product (the parent of a variable product: the server finds the variation). */
  productId: number;
  /** The quantity input's value (1 when there is none). */
  qty?: number | string;
  /** The variation selects (`attribute_pa_size` → `uk-2`). */
  attributes?: Readonly<Record<string, string>>;
}

/**
 * `add_to_cart` on a product page with a variation or booking form (9.4.1's "legacy" add): the
 * cart is emptied first, then the product added. `extra`: the form's `addon-*` and `wc_*` fields.
 */
export function expressAddToCart(
  page: ExpressPage,
  product: ProductSelection & { extra?: Readonly<Record<string, string>> },
  options: RequestOptions = {},
): Promise<ExpressAddToCartAnswer> {
  const fields: Fields = [
    ['security', page.nonce.add_to_cart],
    ['qty', String(product.qty ?? 1)],
    ...Object.entries(product.extra ?? {}),
    ['product_id', String(product.productId)],
    ...nested('attributes', product.attributes ?? {}),
  ];
  return gatewayAjax('add_to_cart', fields, ExpressAddToCartAnswerSchema, options);
}

/**
 * `clear_cart`: before a simple product is added through the Store API ({@link addToStoreCart}),
 * and to release a booking held in the cart. The answer is empty.
 */
export async function clearCart(
  page: ExpressPage,
  bookingId?: number,
  options: RequestOptions = {},
): Promise<void> {
  const fields: Fields = [['security', page.nonce.clear_cart]];
  if (bookingId) fields.push(['booking_id', String(bookingId)]);
  await gatewayAjax('clear_cart', fields, EmptyAnswerSchema, { ...options, responseType: 'text' });
}

/**
 * `get_selected_product_data` when the variation or the quantity changes on a product page: the
 * sheet for that choice, or `{error}` (no such product, not enough stock…).
 */
export function getSelectedProductData(
  page: ExpressPage,
  product: ProductSelection & { addonValue?: number; depositOption?: string; depositPlan?: string },
  options: RequestOptions = {},
): Promise<SelectedProductDataAnswer> {
  const fields: Fields = [
    ['security', page.nonce.get_selected_product_data],
    ['product_id', String(product.productId)],
    ['qty', String(product.qty ?? 1)],
    ...nested('attributes', product.attributes ?? {}),
    ['addon_value', String(product.addonValue ?? 0)],
  ];
  if (product.depositOption !== undefined) fields.push(['wc_deposit_option', product.depositOption]);
  if (product.depositPlan !== undefined) fields.push(['wc_deposit_payment_plan', product.depositPlan]);
  return gatewayAjax('get_selected_product_data', fields, SelectedProductDataAnswerSchema, options);
}

/**
 * `pay_for_order`: deprecated since 9.2 and not called by 9.4.1's script (the order-pay page pays
 * through the Store API, {@link payExistingOrder}). Its nonce is checked as `_ajax_nonce`.
 */
export function legacyPayForOrder(
  page: ExpressPage,
  payment: { orderId: number; paymentMethodId: string },
  options: RequestOptions = {},
): Promise<PayForOrderAnswer> {
  const fields: Fields = [
    ['_ajax_nonce', page.nonce.pay_for_order],
    ['payment_method', EXPRESS_GATEWAY],
    ['order', String(payment.orderId)],
    [`wc-${EXPRESS_GATEWAY}-payment-method`, payment.paymentMethodId],
  ];
  return gatewayAjax('pay_for_order', fields, PayForOrderAnswerSchema, options);
}

/**
 * `normalize_address`: the spec's call (`data[billing_address]`, `data[shipping_address]`), made by
 * gateways later than 9.4.1 before placing the order. A 9.4.1 store has no such endpoint: it
 * answers an empty page, a TransportError of kind 'schema'.
 */
export function normalizeAddress(
  page: ExpressPage,
  addresses: { billing: Readonly<Record<string, string>>; shipping: Readonly<Record<string, string>> },
  options: RequestOptions = {},
): Promise<NormalizedAddressAnswer> {
  const fields: Fields = [
    ['security', page.nonce.normalize_address],
    ...nested('data[billing_address]', addresses.billing),
    ...nested('data[shipping_address]', addresses.shipping),
  ];
  return gatewayAjax('normalize_address', fields, NormalizedAddressAnswerSchema, options);
}

// -- Store API: the calls ---------------------------------------------------------------------------

/** `GET wc/store/v1/cart`: the cart page's and checkout page's sheet, when the button is set up. */
export function getStoreCart(page: ExpressPage, options: RequestOptions = {}): Promise<StoreCart> {
  return storeApi(page, { method: 'GET', route: 'cart', schema: StoreCartSchema }, options);
}

/** A product for `cart/add-item`. */
export interface StoreCartItemInput {
  /** The product or variation id. */
  id: number;
  /** 1 when not given (the gateway's default). */
  quantity?: number;
  /** A variable parent's chosen attributes (the gateway posts `[]` for a simple product). */
  variation?: { attribute: string; value: string }[];
  booking_id?: number;
}

/**
 * `POST wc/store/v1/cart/add-item` on a product page without a variation form, after
 * {@link clearCart}: the cart as it now is (HTTP 201).
 */
export function addToStoreCart(
  page: ExpressPage,
  item: StoreCartItemInput,
  options: RequestOptions = {},
): Promise<StoreCart> {
  const data = { ...item, variation: item.variation ?? [], quantity: item.quantity ?? 1 };
  return storeApi(page, { method: 'POST', route: 'cart/add-item', data, schema: StoreCartSchema }, options);
}

/** `POST wc/store/v1/cart/remove-item`: one line (`key`); how the gateway empties the cart of a booking. */
export function removeFromStoreCart(
  page: ExpressPage,
  key: string,
  bookingId?: number,
  options: RequestOptions = {},
): Promise<StoreCart> {
  const data = { key, booking_id: bookingId };
  return storeApi(
    page,
    { method: 'POST', route: 'cart/remove-item', data, schema: StoreCartSchema },
    options,
  );
}

/** An address of the order payload (the wallet's, in WooCommerce's names). */
export interface ExpressOrderAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
}

/** One entry of `payment_data`: what the gateway reads as `$_POST` when it takes the payment. */
export interface PaymentDataEntry {
  key: string;
  value: string | boolean;
}

/**
 * The Store API checkout payload the gateway builds from the wallet's answer. Other keys are the
 * checkout form's required fields the wallet does not give (`billing_first_name`…), which the
 * gateway copies from the page.
 */
export interface ExpressOrderPayload {
  billing_address: ExpressOrderAddress & { email: string };
  /** `method`: the chosen rate, as the gateway adds it. */
  shipping_address: ExpressOrderAddress & { method?: (string | null)[] };
  /** The order comments field ('' when the page has none). */
  customer_note?: string;
  payment_method: string;
  payment_data: PaymentDataEntry[];
  /** `woocommerce/order-attribution` and other extensions' data. */
  extensions?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * `payment_data` as 9.4.1 posts it: the payment method (or confirmation token) Stripe.js made, the
 * wallet (`apple_pay`, `google_pay`, `link`, `amazon_pay`), and the deferred-intent flag.
 */
export function expressPaymentData(payment: {
  expressPaymentType: string;
  paymentMethodId?: string;
  confirmationTokenId?: string;
}): PaymentDataEntry[] {
  return [
    { key: 'payment_method', value: EXPRESS_GATEWAY },
    { key: `wc-${EXPRESS_GATEWAY}-payment-method`, value: payment.paymentMethodId ?? '' },
    { key: `wc-${EXPRESS_GATEWAY}-confirmation-token`, value: payment.confirmationTokenId ?? '' },
    { key: 'express_payment_type', value: payment.expressPaymentType },
    { key: `wc-${EXPRESS_GATEWAY}-is-deferred-intent`, value: true },
  ];
}

/**
 * `POST wc/store/v1/checkout` when the shopper confirms in the sheet: the order made from the cart
 * and paid. `payment_result.redirect_url` is the order-received page, or the 3-D Secure route
 * (`#wc-stripe-confirm-pi:…`); a refused payment is an HTTP 400 `woocommerce_rest_payment_error`.
 * The express-checkout header nonce is sent when the page has one (later gateways print it).
 */
export function placeExpressOrder(
  page: ExpressPage,
  payload: ExpressOrderPayload,
  options: RequestOptions = {},
): Promise<StoreCheckoutAnswer> {
  const headers: Record<string, string> = { [EXPRESS_CHECKOUT_HEADER]: 'true' };
  const expressNonce = page.nonce.wc_store_api_express_checkout;
  if (expressNonce !== '') headers[EXPRESS_CHECKOUT_NONCE_HEADER] = expressNonce;
  const data = { ...payload, customer_note: payload.customer_note ?? '' };
  return storeApi(
    page,
    { method: 'POST', route: 'checkout', data, headers, schema: StoreCheckoutAnswerSchema },
    options,
  );
}

/** An order of the order-pay page (`wcStripeExpressCheckoutPayForOrderParams`). */
export interface ExistingOrder {
  id: number;
  /** `orderDetails.orderKey`. */
  key: string;
  /** `orderDetails.billingEmail`. */
  billingEmail: string;
  /** `orderDetails.shippingAddress`: sent as the payload's shipping address. */
  shippingAddress: Readonly<Record<string, string>>;
}

/**
 * `POST wc/store/v1/checkout/{id}?key=…&billing_email=…` on the order-pay page: the existing order
 * paid, with its own shipping address. (The gateway puts the key and e-mail in the URL unencoded;
 * here they are encoded, so an address with `+` arrives as it is.)
 */
export function payExistingOrder(
  page: ExpressPage,
  order: ExistingOrder,
  payload: Omit<ExpressOrderPayload, 'shipping_address'>,
  options: RequestOptions = {},
): Promise<StoreCheckoutAnswer> {
  if (!Number.isSafeInteger(order.id) || order.id <= 0) throw new TypeError(`not an order id: ${order.id}`);
  const data = { ...payload, shipping_address: order.shippingAddress };
  const query = { key: order.key, billing_email: order.billingEmail };
  return storeApi(
    page,
    { method: 'POST', route: `checkout/${order.id}`, query, data, schema: StoreCheckoutAnswerSchema },
    options,
  );
}

/** WooCommerce's code and message of a Store API refusal, or null for any other failure. */
export function readStoreApiError(error: unknown): StoreApiError | null {
  if (!(error instanceof TransportError) || error.kind !== 'http') return null;
  return errorOf(error.details.body ?? '');
}

/** `{code, message}` of a WordPress error body, or null (an HTML error page, say). */
function errorOf(body: string): StoreApiError | null {
  try {
    const parsed = StoreApiErrorSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// -- Store API: the transport -------------------------------------------------------------------------

interface StoreCall<T> {
  method: 'GET' | 'POST';
  /** Below `wc/store/v1/`. */
  route: string;
  query?: Record<string, string>;
  /** Sent as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  schema: Parser<T>;
}

/** api-fetch's Accept, which WordPress reads to treat the request as a REST one. */
const ACCEPT = 'application/json, */*;q=0.1';

/** A nonce may travel in a header only as letters and digits (no header injection). */
const HEADER_SAFE = /^[A-Za-z0-9]{1,64}$/;

/**
 * The route's URL below the site's REST root (`/wp-json/wc/store/v1/cart`, or
 * `/?rest_route=/wc/store/v1/cart` on a site without pretty permalinks), with `_locale=user` as
 * api-fetch adds it; a TransportError when the root is not this site.
 */
export function storeApiUrl(route: string, query: Record<string, string> = {}): string {
  const root = httpUrl(getSettings().rest_url);
  const url = root ? sameOriginUrl(root.href) : null;
  if (!url) {
    const message = `refused to send a request to ${describeUrl(getSettings().rest_url)}: not this site`;
    throw new TransportError('network', message, { url: getSettings().rest_url });
  }
  const path = `wc/store/v1/${route}`;
  const restRoute = url.searchParams.get('rest_route');
  if (restRoute !== null) url.searchParams.set('rest_route', `${restRoute.replace(/\/?$/, '/')}${path}`);
  else url.pathname = `${url.pathname.replace(/\/?$/, '/')}${path}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  // api-fetch's user-locale middleware, as on every REST call of a WordPress page.
  url.searchParams.set('_locale', 'user');
  return url.href;
}

/** The Store API nonce, the REST nonce (which makes a logged-in customer's request theirs), the body's type. */
function storeHeaders(page: ExpressPage, call: StoreCall<unknown>): Record<string, string> {
  const headers: Record<string, string> = { Accept: ACCEPT };
  if (HEADER_SAFE.test(page.nonce.wc_store_api)) headers.Nonce = page.nonce.wc_store_api;
  const restNonce = getSettings().rest_nonce;
  if (HEADER_SAFE.test(restNonce)) headers['X-WP-Nonce'] = restNonce;
  if (call.data !== undefined) headers['Content-Type'] = 'application/json';
  return { ...headers, ...call.headers };
}

/** One Store API call: sent, then its answer read. */
async function storeApi<T>(page: ExpressPage, call: StoreCall<T>, options: RequestOptions): Promise<T> {
  const url = storeApiUrl(call.route, call.query);
  const init: RequestInit = {
    method: call.method,
    credentials: 'same-origin',
    headers: storeHeaders(page, call),
    body: call.data === undefined ? undefined : JSON.stringify(call.data),
  };
  const answer = await fetchText(url, init, options);
  return readAnswer(url, answer, call.schema);
}

/** The status and body, or a TransportError: 'abort' (the caller's signal), 'timeout', 'network'. */
async function fetchText(
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<{ status: number; ok: boolean; body: string }> {
  if (options.signal?.aborted) throw new TransportError('abort', `${url}: aborted`, { url });
  const controller = new AbortController();
  let stopped: 'abort' | 'timeout' | null = null;
  const stop = (why: 'abort' | 'timeout') => () => {
    stopped ??= why;
    controller.abort();
  };
  const onAbort = stop('abort');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const timer = setTimeout(stop('timeout'), timeout);
  const done = options.background === false ? () => undefined : activity.track();
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { status: response.status, ok: response.ok, body: await response.text() };
  } catch (thrown) {
    if (stopped === 'timeout')
      throw new TransportError('timeout', `${url}: no answer within ${timeout} ms`, { url });
    if (stopped === 'abort') throw new TransportError('abort', `${url}: aborted`, { url });
    throw new TransportError('network', `${url}: the server could not be reached`, { url, cause: thrown });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    done();
  }
}

/** A refusal (non-2xx) is kind 'http' with WooCommerce's code; a 2xx that is not the contract, 'schema'. */
function readAnswer<T>(
  url: string,
  answer: { status: number; ok: boolean; body: string },
  schema: Parser<T>,
): T {
  const { status, ok, body } = answer;
  if (!ok) {
    const error = errorOf(body);
    const message = error?.message ? `: ${error.message}` : '';
    throw new TransportError('http', `${url}: HTTP ${status}${message}`, {
      url,
      status,
      code: error?.code,
      body,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new TransportError('schema', `${url}: the response is not JSON`, { url, body });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { field, problem } = describeIssue(parsed.error);
    throw new TransportError('schema', `${url}: unexpected response, "${field}" ${problem}`, { url, body });
  }
  return parsed.data;
}
