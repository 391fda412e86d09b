/**
 * Express checkout (Apple Pay, Google Pay, Link through Stripe's Express Checkout Element) as the
 * WooCommerce Stripe Gateway 9.4.1 runs it (checkout.md §7 "Express checkout", "Store API"):
 *
 * - the settings object it prints on product, cart and checkout pages,
 *   `wc_stripe_express_checkout_params` (recorded: ../shared/woocommerce-samples/params/
 *   {product-simple,product-variable,cart}.wc_stripe_express_checkout_params.json);
 * - the answers of its wc-ajax endpoints (`WC_Stripe_Express_Checkout_Ajax_Handler`);
 * - the answers of WooCommerce's Store API it calls (`wc/store/v1/cart…`, `wc/store/v1/checkout…`).
 *
 * PHP values are read as PHP prints them (src/contract/stripe.ts): `wp_localize_script()` turns
 * the top-level scalars into strings ("1" / "" flags, `false` → ""), nested values keep their JSON
 * types, numbers may come as strings ("48", Store API prices "4999"). Everything comes out typed:
 * booleans, integers in the currency's minor unit, lower-case currency, upper-case country.
 *
 * Hostile values: a URL that is not http(s) refuses the whole object (no express checkout on the
 * page, as a prop with such a URL keeps an island from mounting); texts are cut to a sane length;
 * a nonce that is not a nonce reads as '' (it travels back to the server in a header).
 */
import * as z from 'zod/mini';
import { httpUrl } from '../security/url';
import { WpFlag } from './props';
import { HttpUrl } from './url';

// -- building blocks ---------------------------------------------------------------------------

/** A decimal number as PHP prints one in a string. */
const NUMERIC = /^-?\d{1,15}(?:\.\d+)?$/;

/** Text shown to the shopper (labels, messages): a string, cut to `max` characters. */
const text = (max: number) =>
  z.pipe(
    z.string(),
    z.transform((value: string) => value.slice(0, max)),
  );

/** A payment sheet's line label, a shipping rate's name. */
const Label = text(200);
/** A message (the login confirmation, the i18n strings, a refusal). */
const Message = text(1000);

/**
 * An amount in the currency's minor unit (cents): a number or a numeric string ("4999"), rounded
 * to an integer (a filter of `woocommerce_stripe_calculated_total` may give a float). Negative
 * amounts are discounts on the order-pay page.
 */
export const Amount = z.pipe(
  z.transform((value: unknown) => {
    const n = typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : n;
  }),
  z.number().check(z.refine((n) => Number.isSafeInteger(n), 'must be an amount in minor units')),
);

/** A count or an id (a number, or digits in a string). */
const Integer = z.pipe(
  z.transform((value: unknown) =>
    typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
  ),
  z.number().check(z.refine((n) => Number.isSafeInteger(n) && n >= 0, 'must be a whole number')),
);

/** An ISO 4217 code, lower case as Stripe wants it ('eur'). */
const Currency = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => value.toLowerCase()),
  ),
  z.string().check(z.regex(/^[a-z]{3}$/, 'must be a currency code')),
);

/** An ISO 3166 country code, upper case ('IE'). */
const Country = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => value.toUpperCase()),
  ),
  z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a country code')),
);

/**
 * `schema`'s value, or `fallback` for anything it refuses (zod's `catch`, written with what the
 * other contracts already use: the shared zod chunk every island loads stays as it is).
 */
function orElse<T>(schema: z.ZodMiniType<T>, fallback: T) {
  return z.transform((value: unknown): T => {
    const read = schema.safeParse(value);
    return read.success ? read.data : fallback;
  });
}

/** At most `max` characters. */
const upTo = (max: number) =>
  z.refine<string>((value) => value.length <= max, `must be at most ${max} characters`);

/** A WordPress nonce (10 hex characters) or nothing: anything else reads as '' (it becomes a header). */
const Nonce = z._default(orElse(z.string().check(z.regex(/^[A-Za-z0-9]{0,64}$/)), ''), '');

/** A locale as the gateway prints it ('en', 'en-GB', 'auto'); anything else is `fallback`. */
const locale = (fallback: string) =>
  orElse(z.string().check(z.regex(/^(auto|[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2})$/)), fallback);

/** A shipping rate id (`flat_rate:1`, `pending`): what the server is asked for again. */
const RateId = z.string().check(z.minLength(1), upTo(200), z.regex(/^[^\s<>"'`]+$/, 'must be a rate id'));

/** A key (`total_shipping`, a Store API cart item key). */
const Key = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a key'));

/**
 * What PHP prints for "nothing" in this object: `false` (`wp_localize_script()` makes a top-level
 * one ""), `null`, `[]`, or the key left out. Reads as null; anything else must be `schema`.
 */
function orNothing<T extends z.core.SomeType>(schema: T) {
  return z.pipe(
    z.transform((value: unknown): unknown =>
      value === undefined ||
      value === null ||
      value === false ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
        ? null
        : value,
    ),
    z.nullable(schema as unknown as z.core.$ZodType<z.output<T>, unknown>),
  );
}

/**
 * The `%%endpoint%%` template of the shop endpoint (`/?wc-ajax=%%endpoint%%`): an http(s) URL once
 * the endpoint is put in.
 */
const AjaxUrlTemplate = z.string().check(
  upTo(2000),
  z.includes('%%endpoint%%'),
  z.refine((value) => httpUrl(value.replace('%%endpoint%%', 'x')) !== null, 'must be an http(s) URL'),
);

// -- payment sheet lines ------------------------------------------------------------------------

/** A line of the payment sheet (`build_display_items()`): label, amount, pending, its key if any. */
export const DisplayItemSchema = z.object({
  label: Label,
  amount: Amount,
  pending: z._default(WpFlag, false),
  /** `total_shipping`, `total_discount`: the lines the gateway finds again. */
  key: z.optional(Key),
});
export type DisplayItem = z.output<typeof DisplayItemSchema>;

/** The total (`label` is the statement descriptor + ' (via WooCommerce)'). */
export const TotalSchema = z.object({
  label: Label,
  amount: Amount,
  pending: z._default(WpFlag, false),
});
export type Total = z.output<typeof TotalSchema>;

const DisplayItems = z.array(DisplayItemSchema);

/**
 * A shipping rate offered in the sheet. The gateway prints two shapes: `{id, displayName, amount}`
 * (the params, `get_shipping_options`) and `{id, label, detail, amount}`
 * (`get_selected_product_data`); both read as `{id, displayName, detail, amount}`.
 */
export const ShippingOptionSchema = z.pipe(
  z.object({
    id: RateId,
    displayName: z.optional(Label),
    label: z.optional(Label),
    detail: z._default(Label, ''),
    amount: Amount,
  }),
  z.transform((option) => ({
    id: option.id,
    displayName: option.displayName ?? option.label ?? '',
    detail: option.detail,
    amount: option.amount,
  })),
);
export type ShippingOption = z.output<typeof ShippingOptionSchema>;

/** A list of rates; `get_selected_product_data` prints its one rate as an object, not a list. */
const ShippingOptions = z.pipe(
  z.transform((value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value,
  ),
  z.array(ShippingOptionSchema),
);

// -- the settings object ------------------------------------------------------------------------

/** `stripe`: the publishable key and which wallets are on. */
const StripePartSchema = z.object({
  publishable_key: z.string().check(z.regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a publishable key')),
  /** 'yes' / 'no' (`wc_stripe_allow_prepaid_card`). */
  allow_prepaid_card: z._default(WpFlag, true),
  locale: z._default(locale('auto'), 'auto'),
  is_link_enabled: z._default(WpFlag, false),
  is_express_checkout_enabled: z._default(WpFlag, false),
  is_amazon_pay_enabled: z._default(WpFlag, false),
  /** Apple Pay and Google Pay. */
  is_payment_request_enabled: z._default(WpFlag, false),
});

/**
 * One nonce per call (`wp_create_nonce()` actions in brackets). 9.4.1 prints the first eleven; the
 * last two are printed by later versions of the gateway (the spec's normalize_address call and the
 * Store API checkout's express-checkout header nonce): '' when absent.
 */
const NoncesSchema = z.object({
  /** `wc-stripe-express-checkout` (no 9.4.1 endpoint checks it). */
  payment: Nonce,
  /** `wc-stripe-express-checkout-shipping`: `wc_stripe_get_shipping_options`. */
  shipping: Nonce,
  /** `wc-stripe-get-cart-details`. */
  get_cart_details: Nonce,
  /** `wc-stripe-update-shipping-method`. */
  update_shipping: Nonce,
  /** `woocommerce-process_checkout` (the classic checkout's). */
  checkout: Nonce,
  /** `wc-stripe-add-to-cart`. */
  add_to_cart: Nonce,
  /** `wc-stripe-get-selected-product-data`. */
  get_selected_product_data: Nonce,
  /** `wc-stripe-log-errors`. */
  log_errors: Nonce,
  /** `wc-stripe-clear-cart`. */
  clear_cart: Nonce,
  /** `wc-stripe-pay-for-order`. */
  pay_for_order: Nonce,
  /** `wc_store_api`: the Store API's `Nonce` header. */
  wc_store_api: Nonce,
  /** Later gateways: `wc-stripe-express-checkout-normalize-address`. */
  normalize_address: Nonce,
  /** Later gateways: `wc_store_api_express_checkout`, the checkout's X-WCSTRIPE-EXPRESS-CHECKOUT-NONCE. */
  wc_store_api_express_checkout: Nonce,
});
export type ExpressNonces = z.output<typeof NoncesSchema>;

const I18N_DEFAULTS = {
  no_prepaid_card: "Sorry, we're not accepting prepaid cards at this time.",
  /** `[option]` is the rate's id. */
  unknown_shipping: 'Unknown shipping option "[option]".',
};

const I18nSchema = z.object({
  no_prepaid_card: z._default(Message, I18N_DEFAULTS.no_prepaid_card),
  unknown_shipping: z._default(Message, I18N_DEFAULTS.unknown_shipping),
});

/** `checkout`: the cart and checkout pages' data (`get_checkout_data()`), printed on every page. */
const CheckoutPartSchema = z.object({
  url: HttpUrl,
  currency_code: Currency,
  country_code: Country,
  /** 'yes' / 'no': the cart needs shipping. */
  needs_shipping: z._default(WpFlag, false),
  /** The checkout's phone field is required. */
  needs_payer_phone: z._default(WpFlag, false),
  /** `{id: 'pending', displayName: 'Pending', amount: 0}`, null without shipping methods. */
  default_shipping_option: orNothing(ShippingOptionSchema),
});

/** A number printed as a string ("48"); anything else is `fallback`. */
const printedNumber = (fallback: number) =>
  orElse(
    z.pipe(
      z.transform((value: unknown) =>
        typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value,
      ),
      z.number().check(z.refine(Number.isFinite)),
    ),
    fallback,
  );

/** `button`: the wallet buttons' look. The gateway clamps the height to 40–55 px when it uses it. */
const ButtonSchema = z.object({
  /** 'default' (Stripe's 'plain'), 'buy', 'book', 'donate'… */
  type: z._default(orElse(z.string().check(z.regex(/^[a-z-]{1,20}$/)), 'default'), 'default'),
  theme: z._default(orElse(z.enum(['dark', 'light', 'light-outline']), 'dark'), 'dark'),
  height: z._default(printedNumber(48), 48),
  radius: z._default(printedNumber(4), 4),
  locale: z._default(locale('en'), 'en'),
});

/** `login_confirmation`: guests must log in first; `redirect_url` sets the return and opens My account. */
const LoginConfirmationSchema = z.object({
  message: Message,
  redirect_url: HttpUrl,
});

/** `product` on a product page (`get_product_data()`), the payment sheet before any call. */
export const ProductDataSchema = z.object({
  /** The default rate (`pending`) when the product needs shipping; absent otherwise. */
  shippingOptions: z._default(ShippingOptions, []),
  displayItems: DisplayItems,
  total: TotalSchema,
  requestShipping: z._default(WpFlag, false),
  currency: Currency,
  country_code: Country,
  /** False when the variation selected on load cannot be bought this way. */
  validVariationSelected: z._default(WpFlag, true),
});
export type ProductData = z.output<typeof ProductDataSchema>;

const pageFlag = z._default(WpFlag, false);

/** `wc_stripe_express_checkout_params`, read. */
export const ExpressCheckoutParamsSchema = z.object({
  /** `/?wc-ajax=%%endpoint%%`: the gateway's shop endpoint (the islands call through src/transport). */
  ajax_url: AjaxUrlTemplate,
  stripe: StripePartSchema,
  nonce: z._default(NoncesSchema, () => NoncesSchema.parse({})),
  i18n: z._default(I18nSchema, () => I18nSchema.parse({})),
  checkout: CheckoutPartSchema,
  button: z._default(ButtonSchema, () => ButtonSchema.parse({})),
  is_pay_for_order: pageFlag,
  /** The page has a cart or checkout block (the classic script then does nothing but pay for orders). */
  has_block: pageFlag,
  login_confirmation: orNothing(LoginConfirmationSchema),
  is_product_page: pageFlag,
  is_checkout_page: pageFlag,
  product: orNothing(ProductDataSchema),
  is_cart_page: pageFlag,
  /** Taxes follow the billing address: the sheet warns that the final taxes may differ. */
  taxes_based_on_billing: pageFlag,
});
export type ExpressCheckoutParams = z.output<typeof ExpressCheckoutParamsSchema>;
export type ExpressCheckoutParamsInput = z.input<typeof ExpressCheckoutParamsSchema>;

// -- wc-ajax answers (WC_Stripe_Express_Checkout_Ajax_Handler, 9.4.1) -----------------------------

/** The sheet's lines and total, as `build_display_items()` gives them. */
const Sheet = { displayItems: DisplayItems, total: TotalSchema };

/**
 * `wc_stripe_get_cart_details`: `{shipping_required, order_data: {currency, country_code,
 * displayItems, total}}`.
 */
export const CartDetailsAnswerSchema = z.object({
  shipping_required: z._default(WpFlag, false),
  order_data: z.object({ currency: Currency, country_code: Country, ...Sheet }),
});
export type CartDetailsAnswer = z.output<typeof CartDetailsAnswerSchema>;

/**
 * `wc_stripe_get_shipping_options`: the address's rates (the first one, or the one chosen before,
 * is already applied to the totals), or `invalid_shipping_address` with the sheet unchanged.
 */
export const ShippingOptionsAnswerSchema = z.union([
  z.object({ result: z.literal('success'), shipping_options: ShippingOptions, ...Sheet }),
  z.object({ result: z.literal('invalid_shipping_address'), ...Sheet }),
]);
export type ShippingOptionsAnswer = z.output<typeof ShippingOptionsAnswerSchema>;

/** `wc_stripe_update_shipping_method`: `{displayItems, total, result: 'success'}`. */
export const ShippingMethodAnswerSchema = z.object({ result: z.literal('success'), ...Sheet });
export type ShippingMethodAnswer = z.output<typeof ShippingMethodAnswerSchema>;

/**
 * `wc_stripe_add_to_cart` (the cart emptied, the product added): the cart's sheet and 'success' —
 * whether or not WooCommerce added it; `bookingId` for a bookable product.
 */
export const ExpressAddToCartAnswerSchema = z.object({
  result: z.literal('success'),
  ...Sheet,
  bookingId: z.optional(Integer),
});
export type ExpressAddToCartAnswer = z.output<typeof ExpressAddToCartAnswerSchema>;

/** `wc_stripe_get_selected_product_data`: the sheet for the chosen variation and quantity, or why not. */
export const SelectedProductDataAnswerSchema = z.union([
  z.object({ error: Message }),
  z.object({
    currency: Currency,
    country_code: Country,
    requestShipping: z._default(WpFlag, false),
    /** One rate (`pending`) when the product needs shipping. */
    shippingOptions: z._default(ShippingOptions, []),
    ...Sheet,
  }),
]);
export type SelectedProductDataAnswer = z.output<typeof SelectedProductDataAnswerSchema>;

/** `wc_stripe_clear_cart` and `wc_stripe_log_errors` answer nothing (`exit`): the body is not read. */
export const EmptyAnswerSchema = z.string();

/**
 * `wc_stripe_pay_for_order` (deprecated since 9.2, not called by 9.4.1's script): the gateway's
 * `process_payment()` result with `order_id`, or `{result: 'error', messages}`. `redirect` may be
 * the 3-D Secure route (`#wc-stripe-confirm-pi:…`), which resolves to this page.
 */
export const PayForOrderAnswerSchema = z.union([
  z.object({ result: z.literal('success'), redirect: HttpUrl, order_id: Integer }),
  z.object({ result: z.literal('error'), messages: z._default(Message, '') }),
]);
export type PayForOrderAnswer = z.output<typeof PayForOrderAnswerSchema>;

/** A WooCommerce address (Store API, the order, the normalised wallet address). */
export const AddressSchema = z.object({
  first_name: z._default(Label, ''),
  last_name: z._default(Label, ''),
  company: z._default(Label, ''),
  address_1: z._default(Label, ''),
  address_2: z._default(Label, ''),
  city: z._default(Label, ''),
  state: z._default(Label, ''),
  postcode: z._default(Label, ''),
  country: z._default(Label, ''),
  email: z.optional(Label),
  phone: z._default(Label, ''),
});
export type Address = z.output<typeof AddressSchema>;

/** `wc_stripe_normalize_address` (later gateways; 9.4.1 has no such endpoint): the two addresses. */
export const NormalizedAddressAnswerSchema = z.object({
  billing_address: AddressSchema,
  shipping_address: AddressSchema,
});
export type NormalizedAddressAnswer = z.output<typeof NormalizedAddressAnswerSchema>;

// -- Store API answers (WooCommerce 9.9) ----------------------------------------------------------

/** The minor unit of the Store API's amounts (2 for EUR). */
const MinorUnit = z._default(Integer, 2);

/** One line of the Store API cart: what the gateway's sheet reads of it, the rest kept as it is. */
const StoreCartItemSchema = z.looseObject({
  key: Key,
  id: Integer,
  quantity: Integer,
  name: Label,
  /** A variation's attributes: `[{attribute: 'Size', value: 'UK 2'}]`. */
  variation: z._default(z.array(z.object({ attribute: Label, value: Label })), []),
  prices: z.looseObject({ price: Amount, currency_minor_unit: MinorUnit }),
  totals: z.looseObject({ line_subtotal: Amount, line_total: Amount, currency_minor_unit: MinorUnit }),
});

/** The cart's totals (strings of minor units in the answer). */
const StoreCartTotalsSchema = z.looseObject({
  total_items: Amount,
  total_price: Amount,
  total_tax: z._default(Amount, 0),
  /** null before shipping is calculated. */
  total_shipping: z._default(z.nullable(Amount), null),
  total_discount: z._default(Amount, 0),
  total_refund: z.optional(Amount),
  currency_code: z.string(),
  currency_minor_unit: MinorUnit,
});

/**
 * `GET wc/store/v1/cart` (and the answer of add-item / remove-item): sample
 * 51-store-api-get-cart-before-checkout parses. Loose: the other keys stay as they are.
 */
export const StoreCartSchema = z.looseObject({
  items: z.array(StoreCartItemSchema),
  totals: StoreCartTotalsSchema,
  needs_shipping: z.boolean(),
  needs_payment: z.boolean(),
  items_count: Integer,
});
export type StoreCart = z.output<typeof StoreCartSchema>;

/** A payment's outcome (`PaymentResult`): `payment_details` is a list of `{key, value}`. */
const PaymentResultSchema = z.object({
  /** 'success', 'failure', 'pending', 'error'. */
  payment_status: z.string(),
  payment_details: z._default(z.array(z.object({ key: z.string(), value: z.unknown() })), []),
  /**
   * The order-received page, or the 3-D Secure route: the gateway's `process_payment()` answers it
   * as a bare hash (`#wc-stripe-confirm-pi:…`), which the page reads (src/payments/stripe/box.ts).
   */
  redirect_url: z.union([z.literal(''), HttpUrl, z.string().check(z.regex(/^#wc-[a-z][a-z0-9_]*-confirm-/))]),
});

/**
 * `POST wc/store/v1/checkout` and `POST wc/store/v1/checkout/{id}`: the order and the payment's
 * outcome. A refused payment is an HTTP 400 error object (`woocommerce_rest_payment_error`), not
 * this.
 */
export const StoreCheckoutAnswerSchema = z.looseObject({
  order_id: Integer,
  status: z.string(),
  order_key: z.string(),
  customer_note: z._default(z.string(), ''),
  billing_address: AddressSchema,
  shipping_address: AddressSchema,
  payment_method: z.string(),
  payment_result: z.nullable(PaymentResultSchema),
});
export type StoreCheckoutAnswer = z.output<typeof StoreCheckoutAnswerSchema>;

/**
 * A Store API refusal (any 4xx/5xx): `{code, message, data: {status}}` — `woocommerce_rest_missing_nonce`
 * (401), `woocommerce_rest_invalid_nonce` (403), `woocommerce_rest_payment_error` (400)…
 */
export const StoreApiErrorSchema = z.object({
  code: z.string(),
  message: z._default(Message, ''),
});
export type StoreApiError = z.output<typeof StoreApiErrorSchema>;
