/**
 * The classic checkout page's `.woocommerce` block as WooCommerce 9.9 prints it (sample 40, the
 * shortcode checkout with the Storefront theme): the notices, the "Returning customer?" toggle and
 * login form, the "Have a coupon?" toggle and coupon form, and `form.checkout` (billing fields, the
 * account fields for guests, "Ship to a different address?" and the shipping fields, order notes,
 * the order review table and the payment box). Every field row is `woocommerce_form_field()`'s
 * markup for its type, laid out by the country's rules (demo/checkout/validation.ts's fieldsets,
 * which the wc-ajax handler validates with).
 *
 * All of it is the fallback of one `checkout` island container: the island adopts the markup and
 * adds the behaviour; without JavaScript the forms post to the page (demo/site.ts).
 *
 * Values come from the session's checkout state (WooCommerce's customer) or, when the page is
 * printed again after a post, from the posted form (`WC_Checkout::get_value()`). Every value is
 * escaped where it is printed.
 */
import { fieldRule, stateInput } from '../../src/address/rules';
import { escapeHtml } from '../html';
import type { IslandCollector } from '../islands';
import type { DemoStore, Session } from '../store';
import {
  ADDRESS_LOCALE,
  addressI18nParams,
  COUNTRY_NAMES,
  countrySelectParams,
  STATES,
  type PrintedFieldRule,
} from './address-data';
import { LOGIN_NONCE_ACTION } from './login';
import { paymentBox, printNotices, reviewOrderTable, type NoticeItem } from './markup';
import { checkoutState, totals } from './orders';
import { NONCE } from './process';
import { savedCards, stripeSettings, type StripeParams } from './stripe';
import { addressFieldset, cleanText } from './validation';

/** The store's base country (`get_address_fields()` lays out an address without one for it). */
export const BASE_COUNTRY = 'IE';

/** `wc_order_attribution.fields` of sample 40: one hidden input each, `wc_order_attribution_` + name. */
export const ORDER_ATTRIBUTION_FIELDS = [
  'source_type',
  'referrer',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'session_pages',
  'session_count',
  'user_agent',
] as const;

// -- woocommerce_form_field() -------------------------------------------------------------------

/** A field's arguments, as `woocommerce_form_field()` takes them (the types the checkout uses). */
export interface FormFieldArgs {
  type: 'text' | 'email' | 'tel' | 'password' | 'textarea' | 'country' | 'state';
  label: string;
  labelClass?: readonly string[];
  placeholder?: string;
  required: boolean;
  autocomplete?: string;
  /** The row's classes (`form-row-first`, `address-field` …), before `validate-*`. */
  classes?: readonly string[];
  /** `validate`: each adds `validate-{name}` to the row. */
  validate?: readonly string[];
  /** `data-priority` (none: empty). */
  priority?: number;
  /** A state field: the country whose states it lists. */
  country?: string;
}

/** WordPress's `selected()` / `checked()`: ` selected='selected'` when equal, else nothing. */
const selected = (value: string, option: string) => (value === option ? " selected='selected'" : '');
const checked = (on: boolean) => (on ? " checked='checked'" : '');

/**
 * One row of WooCommerce 9.9's `woocommerce_form_field( $key, $args, $value )`: `p.form-row`
 * (`validate-required` and `aria-required` when required; `(optional)` otherwise), the label, and
 * the control in `span.woocommerce-input-wrapper`. `wrapControl` wraps the control (a password
 * input in its show/hide island).
 */
export function formField(
  key: string,
  args: FormFieldArgs,
  value: string,
  wrapControl: (control: string) => string = (control) => control,
): string {
  const rowClasses = [...(args.classes ?? [])];
  const labelClasses = [...(args.labelClass ?? [])];
  const custom: string[] = [];
  let mark: string;
  if (args.required) {
    custom.push('aria-required="true"');
    labelClasses.push('required_field');
    rowClasses.push('validate-required');
    mark = '&nbsp;<span class="required" aria-hidden="true">*</span>';
  } else {
    mark = '&nbsp;<span class="optional">(optional)</span>';
  }
  if (args.autocomplete) custom.push(`autocomplete="${escapeHtml(args.autocomplete)}"`);
  for (const rule of args.validate ?? []) rowClasses.push(`validate-${rule}`);
  const attrs = custom.join(' ');
  const id = escapeHtml(key);
  const placeholder = escapeHtml(args.placeholder ?? '');
  const dataLabel = args.label ? ` data-label="${escapeHtml(args.label)}"` : '';
  let open = `<p class="form-row ${escapeHtml(rowClasses.join(' '))}" id="${id}_field" data-priority="${args.priority || ''}">`;
  let control: string;
  switch (args.type) {
    case 'country': {
      const options = Object.entries(COUNTRY_NAMES)
        .map(
          ([code, name]) =>
            `<option value="${escapeHtml(code)}" ${selected(value, code)}>${escapeHtml(name)}</option>`,
        )
        .join('');
      control =
        `<select name="${id}" id="${id}" class="country_to_state country_select " ${attrs} data-placeholder="Select a country / region&hellip;"${dataLabel}>` +
        `<option value="">Select a country / region&hellip;</option>${options}</select>` +
        '<noscript><button type="submit" name="woocommerce_checkout_update_totals" value="Update country / region">Update country / region</button></noscript>';
      break;
    }
    case 'state': {
      const input = stateInput(STATES, args.country ?? '');
      if (input.kind === 'hidden') {
        // A country without states: a hidden, empty input in a hidden row (no data-priority).
        open = `<p class="form-row ${escapeHtml(rowClasses.join(' '))}" id="${id}_field" style="display: none">`;
        control = `<input type="hidden" class="hidden" name="${id}" id="${id}" value="" ${attrs} placeholder="${placeholder}" readonly="readonly" data-input-classes=""/>`;
      } else if (input.kind === 'select') {
        const options = input.options
          .map(
            ([code, name]) =>
              `<option value="${escapeHtml(code)}" ${selected(value, code)}>${escapeHtml(name)}</option>`,
          )
          .join('');
        control =
          `<select name="${id}" id="${id}" class="state_select " ${attrs} data-placeholder="${placeholder || 'Select an option&hellip;'}"  data-input-classes=""${dataLabel}>\n` +
          `\t\t\t\t\t\t<option value="">Select an option&hellip;</option>${options}</select>`;
      } else {
        // A country absent from the catalogue: free text.
        control = `<input type="text" class="input-text " value="${escapeHtml(value)}"  placeholder="${placeholder}" name="${id}" id="${id}" ${attrs} data-input-classes=""/>`;
      }
      break;
    }
    case 'textarea':
      control = `<textarea name="${id}" class="input-text " id="${id}" placeholder="${placeholder}"  rows="2" cols="5"${attrs}>${escapeHtml(value)}</textarea>`;
      break;
    default:
      control = `<input type="${args.type}" class="input-text " name="${id}" id="${id}" placeholder="${placeholder}"  value="${escapeHtml(value)}" ${attrs} />`;
  }
  const label = args.label
    ? `<label for="${id}" class="${escapeHtml(labelClasses.join(' '))}">${escapeHtml(args.label)}${mark}</label>`
    : '';
  return `${open}${label}<span class="woocommerce-input-wrapper">${wrapControl(control)}</span></p>`;
}

// -- the fields -----------------------------------------------------------------------------------

/**
 * An address's fields (`billing` or `shipping`) for `country`, in their printed order, with
 * WooCommerce's arguments: the country's rules over the default ones (`get_address_fields()`), and
 * for billing the phone and the e-mail (the recorded store's card gateway puts the e-mail first and
 * adds its class, sample 40). An empty country is laid out as the store's base country's.
 */
export function addressFieldArgs(prefix: 'billing' | 'shipping', country: string): [string, FormFieldArgs][] {
  const layout = country === '' ? BASE_COUNTRY : country;
  return addressFieldset(prefix, layout).map((field): [string, FormFieldArgs] => {
    const common = { label: field.label, required: field.required, priority: field.priority };
    if (field.kind === 'phone') {
      return [
        field.key,
        { ...common, type: 'tel', classes: ['form-row-wide'], validate: ['phone'], autocomplete: 'tel' },
      ];
    }
    if (field.kind === 'email') {
      const classes = ['form-row-wide', 'stripe-gateway-checkout-email-field'];
      return [field.key, { ...common, type: 'email', classes, validate: ['email'], autocomplete: 'email' }];
    }
    const rule: PrintedFieldRule = fieldRule(ADDRESS_LOCALE, layout, field.key.slice(prefix.length + 1));
    return [
      field.key,
      {
        ...common,
        type: field.kind === 'country' || field.kind === 'state' ? field.kind : 'text',
        labelClass: rule.label_class,
        placeholder: rule.placeholder,
        autocomplete: rule.autocomplete,
        classes: rule.class,
        validate: rule.validate,
        country: layout,
      },
    ];
  });
}

/** `account_password` (WooCommerce asks for a password when it does not generate one). */
export const ACCOUNT_PASSWORD_FIELD: FormFieldArgs = {
  type: 'password',
  label: 'Create account password',
  required: true,
  placeholder: 'Password',
  autocomplete: 'new-password',
};

/** `order_comments`. */
export const ORDER_COMMENTS_FIELD: FormFieldArgs = {
  type: 'textarea',
  label: 'Order notes',
  required: false,
  placeholder: 'Notes about your order, e.g. special notes for delivery.',
  classes: ['notes'],
};

// -- the island -----------------------------------------------------------------------------------

/** The `checkout` island's props (widgets/checkout/schema.ts): `wc_checkout_params`' share. */
export interface CheckoutIslandProps {
  nonces: { updateOrderReview: string; applyCoupon: string; removeCoupon: string };
  isCheckout: true;
  ordersUrl: string;
  address: {
    i18n: ReturnType<typeof addressI18nParams>;
    countrySelect: ReturnType<typeof countrySelectParams>;
  };
  /** The card gateway's settings (`wc_stripe_upe_params`, demo/checkout/stripe.ts). */
  stripe: StripeParams;
}

export function checkoutIslandProps(store: DemoStore, session: Session, origin: string): CheckoutIslandProps {
  return {
    nonces: {
      updateOrderReview: store.nonce(session, NONCE.updateOrderReview),
      applyCoupon: store.nonce(session, NONCE.applyCoupon),
      removeCoupon: store.nonce(session, NONCE.removeCoupon),
    },
    isCheckout: true,
    ordersUrl: `${origin}/my-account/orders/`,
    address: { i18n: addressI18nParams(), countrySelect: countrySelectParams() },
    stripe: stripeSettings(store, session, origin),
  };
}

// -- the page -------------------------------------------------------------------------------------

export interface CheckoutPageInput {
  store: DemoStore;
  session: Session;
  islands: IslandCollector;
  /** The page's origin: WooCommerce prints absolute URLs. */
  origin: string;
  /** The posted form, when the page is printed again after a post (its values are kept). */
  posted?: URLSearchParams;
  /** The notices at the top (`wc_print_notices()`): errors may name their field (`data-id`). */
  notices?: { error?: readonly NoticeItem[]; success?: readonly string[]; notice?: readonly string[] };
}

/** A password input in the show/hide island (WooCommerce's script adds the same toggle). */
function passwordIsland(
  islands: IslandCollector,
  o: {
    id: string;
    autocomplete: string;
    required: boolean;
    className: string;
    hydrate: 'visible' | 'interaction';
  },
) {
  return (input: string) =>
    islands.render(
      'password-toggle',
      { id: o.id, name: o.id, autocomplete: o.autocomplete, required: o.required, className: o.className },
      `<span class="password-input">${input}</span>`,
      { tag: 'span', hydrate: o.hydrate },
    );
}

/** `checkout/form-login.php` + `global/form-login.php` (hidden until "Click here to login"). */
function loginForm(input: CheckoutPageInput): string {
  const { store, session, islands, origin } = input;
  const password = passwordIsland(islands, {
    id: 'password',
    autocomplete: 'current-password',
    required: true,
    className: 'input-text woocommerce-Input',
    // The form is hidden: the toggle mounts when it is shown.
    hydrate: 'visible',
  });
  const required =
    '&nbsp;<span class="required" aria-hidden="true">*</span><span class="screen-reader-text">Required</span>';
  return (
    '<div class="woocommerce-form-login-toggle">\n\t\n\t<div class="woocommerce-info">\n' +
    '\t\tReturning customer? <a href="#" class="showlogin">Click here to login</a>\t</div>\n</div>\n' +
    '<form class="woocommerce-form woocommerce-form-login login" method="post" style="display:none;">\n\n\t\n' +
    '\t<p>If you have shopped with us before, please enter your details below. If you are a new customer, please proceed to the Billing section.</p>\n\n' +
    '\t<p class="form-row form-row-first">\n' +
    `\t\t<label for="username">Username or email${required}</label>\n` +
    '\t\t<input type="text" class="input-text" name="username" id="username" autocomplete="username" required aria-required="true" />\n' +
    '\t</p>\n\t<p class="form-row form-row-last">\n' +
    `\t\t<label for="password">Password${required}</label>\n` +
    `\t\t${password('<input class="input-text woocommerce-Input" type="password" name="password" id="password" autocomplete="current-password" required aria-required="true" />')}\n` +
    '\t</p>\n\t<div class="clear"></div>\n\n\t\n\t<p class="form-row">\n' +
    '\t\t<label class="woocommerce-form__label woocommerce-form__label-for-checkbox woocommerce-form-login__rememberme">\n' +
    '\t\t\t<input class="woocommerce-form__input woocommerce-form__input-checkbox" name="rememberme" type="checkbox" id="rememberme" value="forever" /> <span>Remember me</span>\n' +
    '\t\t</label>\n' +
    `\t\t<input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="${escapeHtml(store.nonce(session, LOGIN_NONCE_ACTION))}" />` +
    '<input type="hidden" name="_wp_http_referer" value="/checkout/" />' +
    `\t\t<input type="hidden" name="redirect" value="${escapeHtml(origin)}/checkout/" />\n` +
    '\t\t<button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Login">Login</button>\n' +
    '\t</p>\n\t<p class="lost_password">\n' +
    `\t\t<a href="${escapeHtml(origin)}/my-account/lost-password/">Lost your password?</a>\n` +
    '\t</p>\n\n\t<div class="clear"></div>\n\n\t\n</form>\n'
  );
}

/** `checkout/form-coupon.php` (hidden until "Click here to enter your code"). */
function couponForm(): string {
  return (
    '<div class="woocommerce-form-coupon-toggle">\n\t\n\t<div class="woocommerce-info">\n' +
    '\t\tHave a coupon? <a href="#" role="button" aria-label="Enter your coupon code" aria-controls="woocommerce-checkout-form-coupon" aria-expanded="false" class="showcoupon">Click here to enter your code</a>\t</div>\n</div>\n\n' +
    '<form class="checkout_coupon woocommerce-form-coupon" method="post" style="display:none" id="woocommerce-checkout-form-coupon">\n\n' +
    '\t<p class="form-row form-row-first">\n' +
    '\t\t<label for="coupon_code" class="screen-reader-text">Coupon:</label>\n' +
    '\t\t<input type="text" name="coupon_code" class="input-text" placeholder="Coupon code" id="coupon_code" value="" />\n' +
    '\t</p>\n\n\t<p class="form-row form-row-last">\n' +
    '\t\t<button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button>\n' +
    '\t</p>\n\n\t<div class="clear"></div>\n</form>\n'
  );
}

/** A posted checkbox is ticked (WooCommerce reads `! empty()`). */
function ticked(posted: URLSearchParams | undefined, name: string): boolean {
  const value = posted?.get(name) ?? '';
  return value !== '' && value !== '0';
}

/** `checkout/form-checkout.php` with `form-billing.php`, `form-shipping.php` and the review. */
function checkoutForm(input: CheckoutPageInput): string {
  const { store, session, islands, origin, posted } = input;
  const state = checkoutState(session);
  /** `WC_Checkout::get_value()`: the posted value (cleaned), else the customer's. */
  const valueOf = (key: string): string => {
    const sent = posted?.get(key) ?? '';
    if (sent !== '') {
      return key === 'order_comments' ? sent.replace(/<[^>]*>?/g, '').trim() : cleanText(sent);
    }
    const address = key.startsWith('billing_')
      ? state.billing
      : key.startsWith('shipping_')
        ? state.shipping
        : null;
    const bare = key.replace(/^(billing|shipping)_/, '');
    return address && Object.hasOwn(address, bare) ? (address[bare] ?? '') : '';
  };
  const fields = (prefix: 'billing' | 'shipping') =>
    addressFieldArgs(prefix, valueOf(`${prefix}_country`))
      .map(([key, args]) => formField(key, args, valueOf(key)))
      .join('');

  const attribution = ORDER_ATTRIBUTION_FIELDS.map((name) => {
    const key = `wc_order_attribution_${name}`;
    return `<input type="hidden" name="${key}" value="${escapeHtml(posted?.get(key) ?? '')}" />`;
  }).join('');

  const accountPassword = formField('account_password', ACCOUNT_PASSWORD_FIELD, '', (control) =>
    passwordIsland(islands, {
      id: 'account_password',
      autocomplete: 'new-password',
      // Required only with "Create an account?" ticked: the server checks it then.
      required: false,
      className: 'input-text',
      hydrate: 'interaction',
    })(control),
  );
  const accountFields =
    session.loggedIn !== null
      ? ''
      : '<div class="woocommerce-account-fields">\n\t\t\n\t\t\t<p class="form-row form-row-wide create-account">\n' +
        '\t\t\t\t<label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">\n' +
        `\t\t\t\t\t<input class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" id="createaccount" ${checked(ticked(posted, 'createaccount'))} type="checkbox" name="createaccount" value="1" /> <span>Create an account?</span>\n` +
        '\t\t\t\t</label>\n\t\t\t</p>\n\n\t\t\n\t\t\n\t\t\t<div class="create-account">\n' +
        `\t\t\t\t${accountPassword}\t\t\t\t<div class="clear"></div>\n\t\t\t</div>\n\n\t\t\n\t\t\n\t</div>\n`;

  const shipToDifferent = ticked(posted, 'ship_to_different_address');
  const t = totals(store, session);
  const payment = paymentBox(state.chosenPayment, store.nonce(session, NONCE.checkout), origin, {
    referer: '/checkout/',
    termsChecked: ticked(posted, 'terms'),
    loggedIn: session.loggedIn !== null,
    cards: savedCards(session),
  });

  return (
    '<div class="woocommerce-notices-wrapper"></div>' +
    `<form name="checkout" method="post" class="checkout woocommerce-checkout" action="${escapeHtml(origin)}/checkout/" enctype="multipart/form-data" aria-label="Checkout">\n\n\t\n\t\t\n` +
    '\t\t<div class="col2-set" id="customer_details">\n\t\t\t<div class="col-1">\n' +
    `\t\t\t\t${attribution}<div class="woocommerce-billing-fields">\n\t\n\t\t<h3>Billing details</h3>\n\n\t\n\t\n` +
    `\t<div class="woocommerce-billing-fields__field-wrapper">\n\t\t${fields('billing')}\t</div>\n\n\t</div>\n` +
    accountFields +
    '\n\t\t\t</div>\n\n\t\t\t<div class="col-2">\n' +
    '\t\t\t\t<div class="woocommerce-shipping-fields">\n\t\n\t\t<h3 id="ship-to-different-address">\n' +
    '\t\t\t<label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">\n' +
    `\t\t\t\t<input id="ship-to-different-address-checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" ${checked(shipToDifferent)} type="checkbox" name="ship_to_different_address" value="1" /> <span>Ship to a different address?</span>\n` +
    '\t\t\t</label>\n\t\t</h3>\n\n\t\t<div class="shipping_address">\n\n\t\t\t\n' +
    `\t\t\t<div class="woocommerce-shipping-fields__field-wrapper">\n\t\t\t\t${fields('shipping')}\t\t\t</div>\n\n\t\t\t\n\t\t</div>\n\n\t</div>\n` +
    '<div class="woocommerce-additional-fields">\n\t\n\t\n\t\t\n\t\t<div class="woocommerce-additional-fields__field-wrapper">\n' +
    `\t\t\t\t\t\t\t${formField('order_comments', ORDER_COMMENTS_FIELD, valueOf('order_comments'))}\t\t\t\t\t</div>\n\n\t\n\t</div>\n` +
    '\t\t\t</div>\n\t\t</div>\n\n\t\t\n\t\t\n\t\t\n' +
    '\t<h3 id="order_review_heading">Your order</h3>\n\t\n\t\n' +
    `\t<div id="order_review" class="woocommerce-checkout-review-order">\n\t\t${reviewOrderTable(t, origin)}${payment}\t</div>\n\n\t\n</form>\n`
  );
}

/**
 * The page's `div.woocommerce`: one `checkout` island container (mounted at once) whose fallback is
 * WooCommerce's whole markup; a guest also gets the login form.
 */
export function checkoutPageContent(input: CheckoutPageInput): string {
  const notices = printNotices(input.notices ?? {});
  const fallback =
    `<div class="woocommerce-notices-wrapper">${notices}</div>` +
    (input.session.loggedIn === null ? loginForm(input) : '') +
    couponForm() +
    checkoutForm(input);
  const props = checkoutIslandProps(input.store, input.session, input.origin);
  return `<div class="woocommerce">${input.islands.render('checkout', props, fallback, { hydrate: 'load' })}</div>`;
}
