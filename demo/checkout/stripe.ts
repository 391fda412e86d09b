/**
 * The card gateway of the WooCommerce Stripe Gateway 9.x in the demo store (classic checkout,
 * deferred intents; checkout.md §2–§9): its box in the payment list (`payment_fields()` with
 * WooCommerce's tokenization form), the settings it prints for the browser (`wc_stripe_upe_params`,
 * which the checkout island reads with src/contract/stripe.ts), the payment of an order
 * (`process_payment()`) and its two wc-ajax endpoints (`wc_stripe_update_order_status`,
 * `wc_stripe_update_failed_order`).
 *
 * No card is charged anywhere: the page's Stripe.js is a test double (src/test/stripe-double.ts,
 * served as /demo-assets/stripe-double.js), whose payment method ids end in the test card's last 4
 * digits (`pm_double_{last4}_{n}`). The outcome is Stripe's for its test cards of those digits.
 */
import { escapeHtml } from '../html';
import type { DemoStore, Session } from '../store';
import {
  CARD_GATEWAY_ID,
  CARD_GATEWAY_TITLE,
  checkoutState,
  completeOrder,
  findOrder,
  totals,
  type Order,
} from './orders';
import { addressFieldset } from './validation';

/** The gateway's title (its `title` setting, as the recorded store has it). */
export const CARD_TITLE = CARD_GATEWAY_TITLE;

/** The demo's publishable key: a test key of Stripe's shape, which no Stripe account has. */
export const DEMO_PUBLISHABLE_KEY = 'pk_test_51ShopIslandsDemoStoreTestDoubleOnly0000000000';

/** Where the demo serves the Stripe.js test double (demo/server.ts bundles demo/stripe/double-script.ts). */
export const STRIPE_DOUBLE_SRC = '/demo-assets/stripe-double.js';

/**
 * The classic scripts a checkout or order-pay page prints before the island loader: the Stripe.js
 * double, so `loadStripe()` finds `window.Stripe`. `?stripe=fail-load` leaves it out: the island then
 * shows its "could not load" state (Stripe.js cannot be fetched from its servers here).
 */
export function stripeDoubleScripts(url: URL): string[] {
  return url.searchParams.get('stripe') === 'fail-load' ? [] : [STRIPE_DOUBLE_SRC];
}

/** WooCommerce-Stripe's nonce actions (`wp_create_nonce()` / `check_ajax_referer()`). */
export const STRIPE_NONCE = {
  createPaymentIntent: 'wc_stripe_create_payment_intent_nonce',
  updatePaymentIntent: 'wc_stripe_update_payment_intent_nonce',
  createSetupIntent: 'wc_stripe_create_setup_intent_nonce',
  createAndConfirmSetupIntent: 'wc_stripe_create_and_confirm_setup_intent_nonce',
  updateFailedOrder: 'wc_stripe_update_failed_order_nonce',
  saveAppearance: 'wc_stripe_save_appearance_nonce',
  updateOrderStatus: 'wc_stripe_update_order_status_nonce',
} as const;

/** The provider's error messages keyed by error code, as the recorded `wc_stripe_upe_params` has them. */
export const PROVIDER_MESSAGES = {
  invalid_number: 'The card number is not a valid credit card number.',
  invalid_expiry_month: "The card's expiration month is invalid.",
  invalid_expiry_year: "The card's expiration year is invalid.",
  invalid_cvc: "The card's security code is invalid.",
  incorrect_number: 'The card number is incorrect.',
  incomplete_number: 'The card number is incomplete.',
  incomplete_cvc: "The card's security code is incomplete.",
  incomplete_expiry: "The card's expiration date is incomplete.",
  expired_card: 'The card has expired.',
  incorrect_cvc: "The card's security code is incorrect.",
  incorrect_zip: "The card's zip code failed validation.",
  postal_code_invalid: 'Invalid zip code, please correct and try again',
  invalid_expiry_year_past: "The card's expiration year is in the past",
  card_declined: 'The card was declined.',
  missing: 'There is no card on a customer that is being charged.',
  processing_error: 'An error occurred while processing the card.',
  invalid_sofort_country: 'The billing country is not accepted by Sofort. Please try another country.',
  email_invalid: 'Invalid email address, please correct and try again.',
  invalid_request_error: 'Unable to process this payment, please try again or use alternative method.',
  amount_too_large: 'The order total is too high for this payment method',
  amount_too_small: 'The order total is too low for this payment method',
  country_code_invalid: 'Invalid country code, please try again with a valid country code',
  tax_id_invalid: 'Invalid Tax Id, please try again with a valid tax id',
  invalid_wallet_type: 'Invalid wallet payment type, please try again or use an alternative method.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

/** WooCommerce-Stripe's words for what the demo's gateway refuses (plain text: no markup). */
export const CARD_TEXT = {
  generic:
    'There was a problem processing the payment. Please check your email inbox and refresh the page to try again.',
  /** A saved payment method that is not the customer's (`prepare_source()`). */
  invalidToken: 'Invalid payment method. Please input a new card number.',
  /** No payment method made by the element was posted. */
  missingDetails:
    'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
  /** `update_order_status` / `update_failed_order` for an unknown order or another intent. */
  notAble: "We're not able to process this payment. Please try again later.",
  /** A wc-ajax call of the gateway with a bad nonce. */
  csrf: 'CSRF verification failed.',
} as const;

// -- the saved payment methods --------------------------------------------------------------------

/**
 * The demo customer's one saved card (a `WC_Payment_Token_CC` of the gateway, token id 1, the
 * default): every logged-in shopper of the demo is that customer.
 */
export const SAVED_CARD = {
  token: '1',
  /** `WC_Payment_Token_CC::get_display_name()`. */
  label: 'Visa ending in 4242 (expires 12/34)',
  paymentMethodId: 'pm_demo_saved_visa_4242',
  last4: '4242',
} as const;

/** A saved card of the customer (`WC_Payment_Token_CC`): what the checkout and My Account print. */
export interface SavedCard {
  /** The token id (`wc-stripe-payment-token`). */
  token: string;
  /** `get_display_name()`: "Visa ending in 4242 (expires 12/34)". */
  label: string;
  /** The Stripe payment method the token stands for. */
  paymentMethodId: string;
  last4: string;
  /** `wc_get_credit_card_type_label()` of the card type: "Visa". */
  brand: string;
  /** "MM/YY", as My Account's table prints it. */
  expires: string;
  /** The customer's default method (checked at checkout; "Make default" not offered). */
  isDefault: boolean;
}

/**
 * The expiry the demo gives every card: the double's payment method ids carry only the last 4
 * digits, and Stripe's test cards take any future date (the saved card's 12/34).
 */
const DEMO_EXPIRY = { month: '12', year: '34' } as const;

/** The brand of a Stripe test card by its last 4 digits (the ones the demo knows; Visa otherwise). */
const TEST_CARD_BRANDS: Readonly<Record<string, string>> = { '4444': 'Mastercard' };

/**
 * The cards of each logged-in session: the seeded one, then those added in My Account
 * (demo/checkout/account-payment.ts). A WeakMap, so `resetStore()` forgets them with the sessions.
 */
const cardsBySession = new WeakMap<Session, SavedCard[]>();

/** `WC_Payment_Tokens::get_customer_tokens()` of the gateway: none for a guest. */
export function savedCards(session: Session): readonly SavedCard[] {
  if (session.loggedIn === null) return [];
  let cards = cardsBySession.get(session);
  if (!cards) {
    cards = [
      {
        token: SAVED_CARD.token,
        label: SAVED_CARD.label,
        paymentMethodId: SAVED_CARD.paymentMethodId,
        last4: SAVED_CARD.last4,
        brand: 'Visa',
        expires: `${DEMO_EXPIRY.month}/${DEMO_EXPIRY.year}`,
        isDefault: true,
      },
    ];
    cardsBySession.set(session, cards);
  }
  return cards;
}

/**
 * Keeps a card for the logged-in customer of `session` (`create_payment_token_for_user()`), from
 * the payment method of a setup intent. A card the customer already has (the same test card: the
 * same last 4 digits, Stripe's fingerprint here) is not added again: its token takes the new
 * payment method (`get_duplicate_token()` + `update_payment_token()`). Returns the token, or null
 * for a guest.
 */
export function addSavedCard(
  session: Session,
  paymentMethodId: string,
  last4: string,
): { card: SavedCard; added: boolean } | null {
  if (session.loggedIn === null) return null;
  const cards = savedCards(session) as SavedCard[];
  const duplicate = cards.find((c) => c.last4 === last4);
  if (duplicate) {
    duplicate.paymentMethodId = paymentMethodId;
    return { card: duplicate, added: false };
  }
  const brand = Object.hasOwn(TEST_CARD_BRANDS, last4) ? TEST_CARD_BRANDS[last4]! : 'Visa';
  const card: SavedCard = {
    token: String(Math.max(0, ...cards.map((c) => Number(c.token))) + 1),
    label: `${brand} ending in ${last4} (expires ${DEMO_EXPIRY.month}/${DEMO_EXPIRY.year})`,
    paymentMethodId,
    last4,
    brand,
    expires: `${DEMO_EXPIRY.month}/${DEMO_EXPIRY.year}`,
    isDefault: false,
  };
  cards.push(card);
  return { card, added: true };
}

// -- the box ------------------------------------------------------------------------------------------

export interface CardBoxOptions {
  /** The gateway is the chosen one: its box is open. */
  open: boolean;
  /** A logged-in customer: the saved cards and the save checkbox are printed. */
  loggedIn: boolean;
  /**
   * The customer's saved cards ({@link savedCards} of the session); without it, the seeded card
   * alone (what a caller that has no session at hand prints).
   */
  cards?: readonly SavedCard[];
  /**
   * A guest may save the new card by creating an account (the checkout, not the order-pay page):
   * the save checkbox is printed, the island shows it only while "Create an account?" is ticked.
   */
  guestMaySave: boolean;
  /**
   * The gateway's save checkbox forced on and hidden (`save_payment_method_checkbox( true )`): the
   * change-payment page of a subscription, whose new method is always kept
   * (`display_save_payment_method_checkbox()` answers false there). Replaces the visible checkbox.
   */
  forceSave?: boolean;
}

/** The seeded card alone, as {@link savedCards} gives it to a logged-in session. */
const SEEDED_CARDS: readonly Pick<SavedCard, 'token' | 'label' | 'isDefault'>[] = [
  { token: SAVED_CARD.token, label: SAVED_CARD.label, isDefault: true },
];

/** `WC_Payment_Gateway::saved_payment_methods()`: the saved cards (the default checked) and "new". */
function savedPaymentMethods(
  id: string,
  cards: readonly Pick<SavedCard, 'token' | 'label' | 'isDefault'>[],
): string {
  const name = `wc-${id}-payment-token`;
  const tokens = cards
    .map((card) => {
      const token = escapeHtml(card.token);
      return (
        `<li class="woocommerce-SavedPaymentMethods-token">\n` +
        `\t<input id="${name}-${token}" type="radio" name="${name}" value="${token}" class="woocommerce-SavedPaymentMethods-tokenInput"${card.isDefault ? ' checked="checked"' : ''} />\n` +
        `\t<label for="${name}-${token}">${escapeHtml(card.label)}</label>\n` +
        '</li>'
      );
    })
    .join('');
  return (
    `<ul class="woocommerce-SavedPaymentMethods wc-saved-payment-methods" data-count="${cards.length}">` +
    tokens +
    `<li class="woocommerce-SavedPaymentMethods-new">\n` +
    `\t<input id="${name}-new" type="radio" name="${name}" value="new" class="woocommerce-SavedPaymentMethods-tokenInput" />\n` +
    `\t<label for="${name}-new">Use a new payment method</label>\n` +
    '</li></ul>\n'
  );
}

/** The gateway's `save_payment_method_checkbox()` (its own words, not WooCommerce's "Save to account"). */
function saveCheckbox(id: string): string {
  const name = `wc-${id}-new-payment-method`;
  return (
    '<p class="form-row woocommerce-SavedPaymentMethods-saveNew">\n' +
    `\t<input id="${name}" name="${name}" type="checkbox" value="true" style="width:auto;" />\n` +
    `\t<label for="${name}" style="display:inline;">Save payment information to my account for future purchases.</label>\n` +
    '</p>\n'
  );
}

/** `save_payment_method_checkbox( true )`: checked, in a hidden fieldset (posted all the same). */
function forcedSaveCheckbox(id: string): string {
  const name = `wc-${id}-new-payment-method`;
  return (
    '\t\t<fieldset style="display:none;">\n' +
    '\t\t\t<p class="form-row woocommerce-SavedPaymentMethods-saveNew">\n' +
    `\t\t\t\t<input id="${name}" name="${name}" type="checkbox" value="true" style="width:auto;" checked />\n` +
    `\t\t\t\t<label for="${name}" style="display:inline;">\n` +
    '\t\t\t\t\tSave payment information to my account for future purchases.\t\t\t\t</label>\n' +
    '\t\t\t</p>\n\t\t</fieldset>\n'
  );
}

/**
 * The card gateway's `div.payment_box` (sample 40, test mode off: no test-mode text): the saved
 * cards for a logged-in customer, the fieldset the Payment Element is drawn in, the save checkbox.
 */
export function cardPaymentBox(options: CardBoxOptions): string {
  const id = CARD_GATEWAY_ID;
  return (
    `\t\t\t<div class="payment_box payment_method_${id}" ${options.open ? '' : 'style="display:none;"'}>\r\n` +
    '\t\t\t\t\t\t\n' +
    (options.loggedIn ? savedPaymentMethods(id, options.cards ?? SEEDED_CARDS) : '') +
    '\t\t\t\n\t\t\t\n' +
    `\t\t\t<fieldset id="wc-${id}-upe-form" class="wc-upe-form wc-payment-form">\n` +
    `\t\t\t\t<div class="wc-${id}-upe-element" data-payment-method-type="card"></div>\n` +
    `\t\t\t\t<div id="wc-${id}-upe-errors" role="alert"></div>\n` +
    `\t\t\t\t<input id="wc-${id}-payment-method-upe" type="hidden" name="wc-${id}-payment-method-upe" />\n` +
    `\t\t\t\t<input id="wc_${id}_selected_upe_payment_type" type="hidden" name="wc_${id}_selected_upe_payment_type" />\n` +
    `\t\t\t\t<input type="hidden" class="wc-${id}-is-deferred-intent" name="wc-${id}-is-deferred-intent" value="1" />\n` +
    '\t\t\t</fieldset>\n' +
    (options.forceSave
      ? forcedSaveCheckbox(id)
      : options.loggedIn || options.guestMaySave
        ? saveCheckbox(id)
        : '') +
    '\t\t\t\t\t</div>\r\n'
  );
}

// -- the settings ---------------------------------------------------------------------------------

/** The settings object, as `wp_localize_script()` prints it: flags "1" / "", numbers as strings. */
export type StripeParams = Record<string, unknown> & {
  gatewayId: string;
  key: string;
  cartTotal: string;
  enabledBillingFields: string[];
};

/** An amount in euro as the provider's minor unit (cents), printed as a string. */
const cents = (amount: number): string => String(Math.round(amount * 100));
const flag = (on: boolean): string => (on ? '1' : '');

export interface StripeSettingsOptions {
  /** The order-pay page's order: its total instead of the cart's. */
  order?: Order;
  /**
   * My Account's add-payment-method page (`is_wc_endpoint_url( 'add-payment-method' )`): neither the
   * checkout nor an order-pay page, `cartTotal` 0 (the element in setup mode) and the customer's
   * billing country (`customerData`).
   */
  addPaymentMethod?: boolean;
  /**
   * WooCommerce Subscriptions' change-payment page of a subscription (the order-pay endpoint with
   * `change_payment_method`, `is_changing_payment_method_for_subscription()`): what the gateway's
   * `javascript_params()` prints there before it returns early (9.4.1, class-wc-stripe-upe-payment-
   * gateway.php): `isChangingPayment`, `orderId` (the order-pay endpoint's id), `customerData` (the
   * subscription's billing country), `addPaymentReturnURL` (the page's own URL). Not printed there:
   * `isOrderPay`, `isPaymentNeeded` and the provider's error messages (merged after that return).
   * `cartTotal` is '0' (the element in setup mode: nothing is charged). BLIK, not reusable, is not
   * offered for a subscription.
   */
  changingPayment?: ChangingPaymentPage;
}

/** The change-payment page the gateway's settings are printed on. */
export interface ChangingPaymentPage {
  /** `get_query_var( 'order-pay' )`: the subscription's id. */
  orderId: number;
  /** `$order->get_billing_country()` of the subscription. */
  billingCountry: string;
  /** `home_url( add_query_arg( [] ) )`: the page's absolute URL (its query string included). */
  pageUrl: string;
}

/**
 * `wc_stripe_upe_params` for `session`'s checkout (or the order-pay page of `options.order`), in the
 * recorded object's shape (params/checkout.wc_stripe_upe_params.json) with the demo's values: its
 * key, real nonces of the session, its URLs (from `origin`), no wallets or extra methods.
 */
export function stripeSettings(
  store: DemoStore,
  session: Session,
  origin: string,
  options: StripeSettingsOptions = {},
): StripeParams {
  const { order, addPaymentMethod = false, changingPayment } = options;
  if (changingPayment) return changingPaymentSettings(store, session, origin, changingPayment);
  const nonce = (action: string) => store.nonce(session, action);
  const country = checkoutState(session).billing.country || 'IE';
  const cartTotal = () => totals(store, session).total;
  return {
    gatewayId: CARD_GATEWAY_ID,
    title: CARD_TITLE,
    isUPEEnabled: '1',
    key: DEMO_PUBLISHABLE_KEY,
    locale: 'en',
    apiVersion: '2024-06-20',
    isCheckout: flag(!order && !addPaymentMethod),
    isOrderPay: flag(!!order),
    ...(order ? { orderId: String(order.id) } : {}),
    ...(addPaymentMethod && !order ? { customerData: { billing_country: country } } : {}),
    isLoggedIn: flag(session.loggedIn !== null),
    isSignupOnCheckoutAllowed: '1',
    return_url: `${origin}/checkout/order-received/?utm_nooverride=1`,
    ajax_url: '/?wc-ajax=%%endpoint%%',
    theme_name: 'storefront',
    testMode: '',
    createPaymentIntentNonce: nonce(STRIPE_NONCE.createPaymentIntent),
    updatePaymentIntentNonce: nonce(STRIPE_NONCE.updatePaymentIntent),
    createSetupIntentNonce: nonce(STRIPE_NONCE.createSetupIntent),
    createAndConfirmSetupIntentNonce: nonce(STRIPE_NONCE.createAndConfirmSetupIntent),
    updateFailedOrderNonce: nonce(STRIPE_NONCE.updateFailedOrder),
    paymentMethodsConfig: {
      card: {
        isReusable: true,
        title: CARD_TITLE,
        description: '',
        testingInstructions: '',
        showSaveOption: true,
        supportsDeferredIntent: true,
        countries: [],
      },
      ...(blikSessions.has(session) && !options.addPaymentMethod ? { blik: BLIK_CONFIG } : {}),
    },
    genericErrorMessage: CARD_TEXT.generic,
    accountDescriptor: '',
    addPaymentReturnURL: `${origin}/my-account/payment-methods/`,
    enabledBillingFields: addressFieldset('billing', country).map((f) => f.key),
    cartContainsSubscription: '',
    accountCountry: 'IE',
    isPaymentRequestEnabled: '',
    isAmazonPayEnabled: '',
    isLinkEnabled: '',
    appearance: savedAppearance(session),
    blocksAppearance: '',
    saveAppearanceNonce: nonce(STRIPE_NONCE.saveAppearance),
    isECEEnabled: '',
    isAmazonPayAvailable: '',
    is_ach_enabled: '',
    is_acss_enabled: '',
    is_blik_enabled: flag(blikSessions.has(session)),
    isSPEEnabled: '',
    cartTotal: order ? cents(order.total) : addPaymentMethod ? '0' : cents(cartTotal()),
    currency: 'EUR',
    // `is_payment_needed()`: on the add-payment-method page, whether the session's cart has a total
    // (an empty cart's is 0: no shipping either).
    isPaymentNeeded:
      addPaymentMethod && !order ? flag(store.cartLines(session).length > 0 && cartTotal() > 0) : '1',
    ...PROVIDER_MESSAGES,
  };
}

/**
 * {@link stripeSettings} on a subscription's change-payment page: the keys the gateway prints before
 * `javascript_params()` returns for `$is_change_payment_method` (no `isOrderPay`, no
 * `isPaymentNeeded`, no error messages), in the demo's shape of the others.
 */
function changingPaymentSettings(
  store: DemoStore,
  session: Session,
  origin: string,
  page: ChangingPaymentPage,
): StripeParams {
  const nonce = (action: string) => store.nonce(session, action);
  const country = checkoutState(session).billing.country || 'IE';
  return {
    gatewayId: CARD_GATEWAY_ID,
    title: CARD_TITLE,
    isUPEEnabled: '1',
    key: DEMO_PUBLISHABLE_KEY,
    locale: 'en',
    apiVersion: '2024-06-20',
    // `is_checkout() && empty( $_GET['pay_for_order'] )`: the page has `pay_for_order`.
    isCheckout: '',
    isLoggedIn: flag(session.loggedIn !== null),
    isSignupOnCheckoutAllowed: '1',
    return_url: `${origin}/checkout/order-received/?utm_nooverride=1`,
    ajax_url: '/?wc-ajax=%%endpoint%%',
    theme_name: 'storefront',
    testMode: '',
    createPaymentIntentNonce: nonce(STRIPE_NONCE.createPaymentIntent),
    updatePaymentIntentNonce: nonce(STRIPE_NONCE.updatePaymentIntent),
    createSetupIntentNonce: nonce(STRIPE_NONCE.createSetupIntent),
    createAndConfirmSetupIntentNonce: nonce(STRIPE_NONCE.createAndConfirmSetupIntent),
    updateFailedOrderNonce: nonce(STRIPE_NONCE.updateFailedOrder),
    paymentMethodsConfig: {
      card: {
        isReusable: true,
        title: CARD_TITLE,
        description: '',
        testingInstructions: '',
        showSaveOption: true,
        supportsDeferredIntent: true,
        countries: [],
      },
    },
    genericErrorMessage: CARD_TEXT.generic,
    accountDescriptor: '',
    enabledBillingFields: addressFieldset('billing', country).map((f) => f.key),
    cartContainsSubscription: '',
    accountCountry: 'IE',
    isPaymentRequestEnabled: '',
    isAmazonPayEnabled: '',
    isLinkEnabled: '',
    appearance: savedAppearance(session),
    blocksAppearance: '',
    saveAppearanceNonce: nonce(STRIPE_NONCE.saveAppearance),
    isECEEnabled: '',
    isAmazonPayAvailable: '',
    is_ach_enabled: '',
    is_acss_enabled: '',
    is_blik_enabled: '',
    isSPEEnabled: '',
    cartTotal: '0',
    currency: 'EUR',
    orderId: String(page.orderId),
    customerData: { billing_country: page.billingCountry },
    isChangingPayment: '1',
    addPaymentReturnURL: page.pageUrl,
  };
}

// -- the payment ----------------------------------------------------------------------------------

/** How the shopper pays: the saved card, or a new payment method the element made. */
export type CardChoice =
  { kind: 'saved'; token: string } | { kind: 'new'; paymentMethodId: string; save: boolean };

export type CardChoiceResult =
  | { ok: true; choice: CardChoice }
  /** `refresh`: WooCommerce-Stripe sets `refresh_totals` (an invalid saved method). */
  | { ok: false; message: string; refresh: boolean };

// -- BLIK (checkout.md §1 reading B) ------------------------------------------------------------------

/**
 * The sessions whose checkout offers BLIK beside the card (the gateway's settings list it in
 * `paymentMethodsConfig`, the element shows it): opened once with `?upe=blik`, as a store that
 * enabled it. A BLIK payment method posted by any other session is refused, as the gateway refuses
 * a method type it does not offer.
 */
const blikSessions = new WeakSet<Session>();

/** `?upe=blik` on the checkout page: this session's checkout offers BLIK from now on. */
export function noteOfferedMethods(session: Session, url: URL): void {
  if (url.searchParams.get('upe') === 'blik') blikSessions.add(session);
}

/** The double's BLIK payment methods (`pm_double_blik_{n}`). */
const isBlikMethod = (paymentMethodId: string): boolean => /^pm_double_blik_\d+$/.test(paymentMethodId);

/** BLIK's entry of `paymentMethodsConfig` (not reusable: no save checkbox; Poland only). */
const BLIK_CONFIG = {
  isReusable: false,
  title: 'BLIK',
  description: '',
  testingInstructions: '',
  showSaveOption: false,
  supportsDeferredIntent: true,
  countries: ['PL'],
};

/** A payment method id as Stripe makes them (`pm_` and letters, digits, underscores). */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;

/**
 * The posted payment of a card order (`$_POST`): `wc-stripe-payment-token` (a saved method, unless
 * 'new'), else `wc-stripe-payment-method` (the element's new method) and
 * `wc-stripe-new-payment-method` ('true': the shopper asked to save it).
 */
export function readCardChoice(session: Session, fields: URLSearchParams): CardChoiceResult {
  const id = CARD_GATEWAY_ID;
  const token = (fields.get(`wc-${id}-payment-token`) ?? '').trim();
  if (token !== '' && token !== 'new') {
    if (!savedCards(session).some((card) => card.token === token)) {
      return { ok: false, message: CARD_TEXT.invalidToken, refresh: true };
    }
    return { ok: true, choice: { kind: 'saved', token } };
  }
  const paymentMethodId = (fields.get(`wc-${id}-payment-method`) ?? '').trim();
  if (!PAYMENT_METHOD_ID.test(paymentMethodId)) {
    return { ok: false, message: CARD_TEXT.missingDetails, refresh: false };
  }
  if (isBlikMethod(paymentMethodId) && !blikSessions.has(session)) {
    return { ok: false, message: CARD_TEXT.missingDetails, refresh: false };
  }
  return {
    ok: true,
    choice: { kind: 'new', paymentMethodId, save: fields.get(`wc-${id}-new-payment-method`) === 'true' },
  };
}

export type CardResult =
  /** Paid: the caller completes the order (processing, the cart emptied). */
  | { kind: 'paid' }
  /** 3-D Secure: the order stays pending; the browser goes to `redirect` (a hash route). */
  | { kind: 'action'; redirect: string }
  /** Refused: the order failed (payable again); `message` is the notice (plain text). */
  | { kind: 'declined'; code: keyof typeof PROVIDER_MESSAGES; message: string };

/**
 * Stripe's test cards by their last 4 digits: what the payment of each does (and the setup of each
 * in My Account, demo/checkout/account-payment.ts).
 */
export const TEST_CARDS: Readonly<Record<string, 'action' | keyof typeof PROVIDER_MESSAGES>> = {
  '3220': 'action',
  '0002': 'card_declined',
  '9995': 'insufficient_funds',
  '0069': 'expired_card',
};

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits, as Stripe's ids have them. */
export function randomId(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

/** The test card's last 4 digits of a payment method id of the double (`pm_double_{last4}_{n}`). */
export function testCardDigits(paymentMethodId: string): string {
  return /^pm_double_(\d{4})_\d+$/.exec(paymentMethodId)?.[1] ?? '';
}

/**
 * `process_payment()` with a deferred intent: an intent is made for the order (its id recorded, with
 * the payment method) and confirmed with the card. 3220 needs 3-D Secure: the order stays pending
 * and the answer is the confirmation route `#wc-stripe-confirm-pi:{order}:{client secret}:{nonce}`;
 * 0002, 9995 and 0069 are refused (the order failed); any other card is paid. A saved card is paid
 * as its test card (the seeded one is Stripe's 4242; one added in My Account keeps its digits).
 */
export function payWithCard(
  store: DemoStore,
  session: Session,
  order: Order,
  choice: CardChoice,
): CardResult {
  const intentId = `pi_${randomId(24)}`;
  const saved =
    choice.kind === 'saved' ? savedCards(session).find((card) => card.token === choice.token) : undefined;
  const paymentMethodId =
    choice.kind === 'saved' ? (saved?.paymentMethodId ?? SAVED_CARD.paymentMethodId) : choice.paymentMethodId;
  order.paymentMethod = CARD_GATEWAY_ID;
  order.paymentMethodTitle = CARD_TITLE;
  order.card = {
    intentId,
    clientSecret: '',
    paymentMethodId,
    token: choice.kind === 'saved' ? choice.token : null,
    savePaymentMethod: choice.kind === 'new' && choice.save,
  };
  const digits =
    choice.kind === 'saved' ? (saved?.last4 ?? SAVED_CARD.last4) : testCardDigits(paymentMethodId);
  // BLIK always needs the shopper's confirmation (its code, then the banking app): the browser
  // confirms the intent, then update_order_status, as after 3-D Secure.
  const blik = choice.kind === 'new' && isBlikMethod(paymentMethodId);
  if (blik) order.paymentMethodTitle = BLIK_CONFIG.title;
  const outcome = blik ? 'action' : Object.hasOwn(TEST_CARDS, digits) ? TEST_CARDS[digits] : undefined;
  if (outcome === 'action') {
    const clientSecret = `${intentId}_secret_${randomId(24)}`;
    order.card.clientSecret = clientSecret;
    order.status = 'pending';
    const nonce = store.nonce(session, STRIPE_NONCE.updateOrderStatus);
    return {
      kind: 'action',
      redirect: `#wc-${CARD_GATEWAY_ID}-confirm-pi:${order.id}:${clientSecret}:${nonce}`,
    };
  }
  if (outcome) {
    order.status = 'failed';
    return { kind: 'declined', code: outcome, message: PROVIDER_MESSAGES[outcome] };
  }
  return { kind: 'paid' };
}

// -- the wc-ajax endpoints ------------------------------------------------------------------------

/** `wp_send_json_success()` / `wp_send_json_error()` answers of the endpoints. */
export type GatewayAnswer =
  { success: true; data?: { return_url: string } } | { success: false; data: { error: { message: string } } };

const failure = (message: string): GatewayAnswer => ({ success: false, data: { error: { message } } });

/** PHP's `absint()` of a posted order id (0 for anything that is not a number). */
function orderIdOf(value: string | null): number {
  const id = Number.parseInt((value ?? '').trim(), 10);
  return Number.isFinite(id) ? Math.abs(id) : 0;
}

/** `check_ajax_referer( $action, false, false )`: `_ajax_nonce`, else `_wpnonce`. */
function nonceOf(fields: URLSearchParams): string | null {
  return fields.get('_ajax_nonce') ?? fields.get('_wpnonce');
}

/** The order's page after a payment at the provider (`get_return_url()` with `utm_nooverride=1`). */
export function cardReturnUrl(order: Order, origin: string): string {
  return `${origin}/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}&utm_nooverride=1`;
}

/** The order of the posted `order_id`, if `intent_id` is the intent recorded on it. */
function orderOfIntent(
  store: DemoStore,
  session: Session,
  fields: URLSearchParams,
): { order: Order | undefined; matches: boolean } {
  const id = orderIdOf(fields.get('order_id'));
  const order = id > 0 ? findOrder(store, id, session) : undefined;
  const intent = (fields.get('intent_id') ?? '').trim();
  const matches = !!order?.card && intent !== '' && intent === order.card.intentId;
  return { order, matches };
}

/** Waiting for its payment: a payment that fails can be told so (never a paid order). */
const awaitingPayment = (order: Order) => order.status === 'pending' || order.status === 'failed';

/**
 * `wc_stripe_update_order_status` after the shopper confirmed the intent (3-D Secure): the nonce,
 * the order and its intent checked; the order paid (processing), the cart emptied, the order's
 * return URL answered. A refusal fails the order, when it was still waiting for its payment (the
 * gateway would fail any order it found: the demo never turns a paid order into a failed one).
 */
export function updateOrderStatus(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
  origin: string,
): GatewayAnswer {
  if (!session || !store.verifyNonce(session, STRIPE_NONCE.updateOrderStatus, nonceOf(fields))) {
    return failure(CARD_TEXT.csrf);
  }
  const { order, matches } = orderOfIntent(store, session, fields);
  if (!order || !matches) {
    if (order && awaitingPayment(order)) order.status = 'failed';
    return failure(CARD_TEXT.notAble);
  }
  // Already paid (a second call): nothing changes, the same answer.
  if (order.status === 'processing' || order.status === 'on-hold') {
    return { success: true, data: { return_url: cardReturnUrl(order, origin) } };
  }
  // `payment_method_id`: set when the shopper asked to keep the new method.
  if ((fields.get('payment_method_id') ?? '').trim() !== '') order.card!.savePaymentMethod = true;
  completeOrder(store, session, order, 'processing');
  return { success: true, data: { return_url: cardReturnUrl(order, origin) } };
}

/**
 * `wc_stripe_update_failed_order` after a confirmation failed: the order failed, payable again (the
 * next checkout of the session takes it again). Anything else is answered as a failure and changes
 * nothing.
 */
export function updateFailedOrder(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
): GatewayAnswer {
  if (!session || !store.verifyNonce(session, STRIPE_NONCE.updateFailedOrder, nonceOf(fields))) {
    return failure(CARD_TEXT.csrf);
  }
  const { order, matches } = orderOfIntent(store, session, fields);
  if (!order || !matches || !awaitingPayment(order)) return failure(CARD_TEXT.notAble);
  order.status = 'failed';
  return { success: true };
}

// -- the element's appearance (`save_appearance`) -----------------------------------------------------

/**
 * What `save_appearance` kept: the gateway keeps one per theme for the whole store (a transient);
 * the demo keeps it per session, so that every shopper of the demo (and every test, each a session
 * of its own on one long-running demo server) starts as a store that has none saved yet.
 */
const savedAppearances = new WeakMap<Session, Record<string, unknown>>();

/** The appearance the gateway prints in its settings: the one saved, or "" when none was. */
export function savedAppearance(session: Session): Record<string, unknown> | '' {
  return savedAppearances.get(session) ?? '';
}

/** The gateway's message when the nonce of `save_appearance` is refused. */
const APPEARANCE_REFUSED = 'Unable to update Stripe Elements appearance values at this time.';

/**
 * `wc_stripe_save_appearance` (`save_appearance_ajax()`): the nonce, then the posted JSON kept for
 * the theme (an object only: anything else is kept as nothing, as `json_decode()` gives null);
 * the answer is `wp_send_json_success($appearance)`.
 */
export function saveAppearance(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
): { success: true; data: unknown } | { success: false; data: { error: { message: string } } } {
  if (!session || !store.verifyNonce(session, STRIPE_NONCE.saveAppearance, nonceOf(fields))) {
    return { success: false, data: { error: { message: APPEARANCE_REFUSED } } };
  }
  let appearance: unknown = null;
  try {
    appearance = JSON.parse(fields.get('appearance') ?? '');
  } catch {
    appearance = null;
  }
  const raw = fields.get('appearance') ?? '';
  if (appearance && typeof appearance === 'object' && !Array.isArray(appearance) && raw.length <= 20_000) {
    savedAppearances.set(session, appearance as Record<string, unknown>);
  }
  return { success: true, data: appearance };
}
