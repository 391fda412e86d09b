/**
 * Changing a subscription's payment method in the demo store (checkout.md §1, §2 "Account pages",
 * §4 "Intent flows", §6, §7 `confirm_change_payment`): WooCommerce Subscriptions' change-payment
 * page, run by the `checkout` island, with the card gateway of the WooCommerce Stripe Gateway 9.4.1
 * (demo/checkout/stripe.ts). Subscriptions is not installed anywhere here; what it does is read from
 * woocommerce-subscriptions-core (`WC_Subscriptions_Change_Payment_Gateway`, `WCS_Query`,
 * `WCS_Template_Loader`, its templates) and the gateway's subscriptions compat trait and intent
 * controller.
 *
 * - The demo subscription: one per logged-in session, made when first needed ("Training Club —
 *   monthly", €9.99 / month, active, paid by the customer's saved Visa 4242). Its ids are far above
 *   the orders' (which count up from 100): no order number is ever a subscription's.
 * - /my-account/view-subscription/{id}/: `myaccount/view-subscription.php` (the details table with
 *   "Via Visa card ending in 4242", the gateway's `maybe_render_subscription_payment_method()`, and
 *   the "Change payment" action; the totals table). The menu's "My Subscription" links to it (one
 *   subscription: `WCS_Query::maybe_redirect_to_only_subscription()`); /my-account/subscriptions/
 *   lists it (`myaccount/my-subscriptions.php`). A guest gets the login form.
 * - /my-account/subscription-payment-method/{id}/ (`get_change_payment_method_url()`): its owner is
 *   sent to the change page with a new nonce (`WCS_Query::maybe_redirect_payment_methods()`).
 * - The change page: `/checkout/order-pay/{id}/?pay_for_order=true&key={key}&change_payment_method={id}&_wpnonce={nonce}`
 *   (`change_payment_method_button()`), `maybe_replace_pay_shortcode()`: the request checked
 *   (`validate_change_payment_request()`, the refusals in its words), then "Choose a new payment
 *   method." and `checkout/form-change-payment-method.php` (`form#order_review`: the subscription's
 *   table, the gateways that can be a subscription's (the card gateway alone), the `_wcsnonce`, the
 *   gateway's marker input, the "Change payment method" submit, `woocommerce_change_payment`), in the
 *   `checkout` island's container with the gateway's settings for the page. A guest gets the login
 *   form (`maybe_request_log_in()`). Without `change_payment_method`, a subscription's order-pay page
 *   is its receipt (`checkout/subscription-receipt.php`).
 * - The form's POST: `change_payment_method_via_pay_shortcode()` (the `_wcsnonce`, the key) and the
 *   gateway's `process_change_subscription_payment_with_deferred_intent()`: a setup intent made and
 *   confirmed for the chosen method (a saved card, or the element's new one, which is kept as a
 *   saved card: a subscription's method always is); succeeded → the subscription's method switched,
 *   "Payment method updated." and a 302 to the view page; 3-D Secure → a 302 to this page with
 *   `#wc-stripe-confirm-si:{id}:{client secret}:{nonce}`, the intent recorded, nothing switched;
 *   declined → the error notice on this page, nothing switched.
 * - wc-ajax `wc_stripe_confirm_change_payment` (demo/checkout/handlers.ts): the intent controller's
 *   `confirm_change_payment_from_setup_intent_ajax()`, once per recorded intent.
 *
 * The server never hears how a 3-D Secure confirmation ended (Stripe would report it when the
 * gateway fetches the intent): the recorded intent is taken as authenticated when the page confirms
 * it. Every value that came from a request is escaped where it is printed.
 */
import { escapeHtml, priceHtml } from '../html';
import { passwordToggleIsland } from '../islands';
import { renderDocument, type PageContext } from '../layout';
import { renderMyAccount } from '../pages/account';
import { renderLinkExpired } from '../pages/errors';
import type { DemoStore, Notice, Session } from '../store';
import { accountPage } from './account-payment';
import { LOGIN_NONCE_ACTION, processLogin } from './login';
import { printNotices } from './markup';
import { formatDate } from './order-received';
import { CARD_GATEWAY_ID, CARD_GATEWAY_TITLE, generateOrderKey, type Address } from './orders';
import { checkoutIslandProps } from './page';
import {
  addSavedCard,
  CARD_TEXT,
  cardPaymentBox,
  PROVIDER_MESSAGES,
  randomId,
  readCardChoice,
  SAVED_CARD,
  savedCards,
  STRIPE_NONCE,
  stripeDoubleScripts,
  stripeSettings,
  TEST_CARDS,
  testCardDigits,
  type GatewayAnswer,
} from './stripe';

// -- words ----------------------------------------------------------------------------------------

/**
 * WooCommerce Subscriptions' words (and, where said, the Stripe gateway's). Printed as HTML (none
 * holds a value from a request, none has markup); `notAble` is also a JSON answer's text.
 */
export const SUBSCRIPTION_TEXT = {
  /** The order-pay page's title on a change request (`get_change_payment_method_page_title()`). */
  changeTitle: 'Change payment method',
  /** WooCommerce's title of the order-pay endpoint (the document's title). */
  payTitle: 'Pay for order',
  /** The form's submit (`has_payment_gateway()`: "Change", not "Add"). */
  button: 'Change payment method',
  /** The view page's action (`change_payment_method_button()`). */
  changeAction: 'Change payment',
  /** `maybe_replace_pay_shortcode()`'s notice above the form. */
  chooseNew: (nextPayment: string) => `Choose a new payment method. Next payment is due ${nextPayment}.`,
  /** The form's success (Subscriptions'; the gateway's `confirm_change_payment` says the same). */
  updated: 'Payment method updated.',
  /** `validate_change_payment_request()`. */
  requestError: 'There was an error with your request. Please try again.',
  invalidSubscription: 'Invalid Subscription.',
  notYours: "That doesn't appear to be one of your subscriptions.",
  cannotChange: 'The payment method can not be changed for that subscription.',
  invalidOrder: 'Invalid order.',
  /** A subscription's order-pay page (no change request) with a wrong key. */
  invalidRequest:
    'Sorry, this subscription change payment method request is invalid and cannot be processed.',
  /** `maybe_request_log_in()`. */
  logIn: 'Please log in to your account below to choose a new payment method for your subscription.',
  /** The menu item with one subscription / more (`WCS_Query::add_menu_items()`). */
  menuOne: 'My Subscription',
  menuMany: 'Subscriptions',
  noSubscriptions: 'You have no active subscriptions.',
  /** The gateway's `prepare_payment_information_from_request()`: a token that is not the customer's. */
  invalidToken: "The selected payment method isn't valid.",
  /** The gateway's `confirm_change_payment_from_setup_intent_ajax()` refusals (its words, sic). */
  notAble:
    "We're not able to process this subscription change payment request payment. Please try again later.",
  /**
   * A gateway the page does not offer: Subscriptions would switch the subscription and then fail
   * (a PHP error); the demo refuses with WooCommerce's order-pay words and changes nothing.
   */
  invalidMethod: 'Invalid payment method.',
} as const;

/** The nonce actions: the form's, and the change link's (`wp_nonce_url()` without an action). */
export const SUBSCRIPTION_NONCE = {
  change: 'wcs_change_payment_method',
  link: '-1',
} as const;

export const SUBSCRIPTIONS_PATH = '/my-account/subscriptions/';

// -- the subscription -----------------------------------------------------------------------------

/** The card a subscription is paid with (the gateway's `_stripe_source_id`, shown by brand and digits). */
export interface SubscriptionCard {
  paymentMethodId: string;
  last4: string;
  /** `wc_get_credit_card_type_label()`: "Visa". */
  brand: string;
  /** The customer's saved token for it. */
  token: string;
}

/** A setup intent made by the change form's POST that waits for 3-D Secure (`_stripe_setup_intent`). */
export interface PendingSetup {
  intentId: string;
  clientSecret: string;
  card: SubscriptionCard;
}

export interface Subscription {
  id: number;
  /** `wc_order_` + 13 letters and digits, as an order's. */
  key: string;
  /** The session (the demo's customer) whose subscription it is. */
  owner: Session;
  status: 'active' | 'on-hold' | 'cancelled';
  start: Date;
  nextPayment: Date;
  line: { name: string; quantity: number; total: number };
  /** Per billing period (a month). */
  total: number;
  billing: Address;
  paymentMethod: string;
  paymentMethodTitle: string;
  card: SubscriptionCard;
  pending: PendingSetup | null;
  /** The last intent `confirm_change_payment` took: a second call for it changes nothing. */
  confirmedIntent: string | null;
}

/** The demo's subscription product. */
export const DEMO_SUBSCRIPTION = { name: 'Training Club — monthly', price: 9.99, period: 'month' } as const;

/** Subscriptions are numbered from here (orders count up from 100: never this far). */
const FIRST_SUBSCRIPTION_ID = 900001;

const STATUS_NAMES: Readonly<Record<Subscription['status'], string>> = {
  active: 'Active',
  'on-hold': 'On hold',
  cancelled: 'Cancelled',
};

interface Registry {
  next: number;
  byId: Map<number, Subscription>;
}
const registries = new WeakMap<DemoStore, Registry>();
/** Each session's subscription (a WeakMap: `resetStore()` forgets them with the sessions). */
const bySession = new WeakMap<Session, Subscription>();

function registryOf(store: DemoStore): Registry {
  let registry = registries.get(store);
  if (!registry) {
    registry = { next: FIRST_SUBSCRIPTION_ID, byId: new Map() };
    registries.set(store, registry);
  }
  // No session left: the store was reset, its subscriptions with it (the numbers go on).
  if (store.sessionCount === 0) registry.byId.clear();
  return registry;
}

/** `wcs_add_months()`: the same day `months` later, or that month's last day. */
function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = date.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target;
}

/**
 * The logged-in customer's subscription, made the first time it is needed (null for a guest): started
 * two months ago, next paid a month from now, by the customer's seeded card (Stripe's 4242).
 */
export function customerSubscription(store: DemoStore, session: Session): Subscription | null {
  if (session.loggedIn === null) return null;
  const registry = registryOf(store);
  let subscription = bySession.get(session);
  if (subscription && registry.byId.get(subscription.id) === subscription) return subscription;
  const now = new Date();
  subscription = {
    id: registry.next++,
    key: generateOrderKey(),
    owner: session,
    status: 'active',
    start: addMonths(now, -2),
    nextPayment: addMonths(now, 1),
    line: { name: DEMO_SUBSCRIPTION.name, quantity: 1, total: DEMO_SUBSCRIPTION.price },
    total: DEMO_SUBSCRIPTION.price,
    billing: { country: 'IE', city: 'Dublin', state: 'D', postcode: 'D02 X285' },
    paymentMethod: CARD_GATEWAY_ID,
    paymentMethodTitle: CARD_GATEWAY_TITLE,
    card: {
      paymentMethodId: SAVED_CARD.paymentMethodId,
      last4: SAVED_CARD.last4,
      brand: 'Visa',
      token: SAVED_CARD.token,
    },
    pending: null,
    confirmedIntent: null,
  };
  registry.byId.set(subscription.id, subscription);
  bySession.set(session, subscription);
  return subscription;
}

/** `wcs_get_subscription()`: any session's. */
export function findSubscription(store: DemoStore, id: number): Subscription | undefined {
  return id > 0 ? registryOf(store).byId.get(id) : undefined;
}

/** `current_user_can( 'edit_shop_subscription_payment_method' | 'view_order', $id )`. */
const ownedBy = (subscription: Subscription, session: Session) =>
  session.loggedIn !== null && subscription.owner === session;

/** `can_subscription_be_updated_to_new_payment_method()`: active, something to pay, a next payment. */
export function canChangePaymentMethod(subscription: Subscription): boolean {
  return subscription.status === 'active' && subscription.total > 0;
}

/** `get_payment_method_to_display( 'customer' )` with the gateway's filter: "Via Visa card ending in 4242". */
export function paymentMethodToDisplay(subscription: Subscription): string {
  return `Via ${subscription.card.brand} card ending in ${subscription.card.last4}`;
}

/** `get_view_order_url()` (a path; prefix the origin for WooCommerce's absolute URL). */
export function viewSubscriptionPath(subscription: Subscription): string {
  return `/my-account/view-subscription/${subscription.id}/`;
}

/** `get_checkout_payment_url()`. */
function payPath(subscription: Subscription): string {
  return `/checkout/order-pay/${subscription.id}/?pay_for_order=true&key=${encodeURIComponent(subscription.key)}`;
}

/** The "Change payment" action's URL for `session` (`change_payment_method_button()`). */
export function changePaymentPath(store: DemoStore, session: Session, subscription: Subscription): string {
  return (
    `${payPath(subscription)}&change_payment_method=${subscription.id}` +
    `&_wpnonce=${store.nonce(session, SUBSCRIPTION_NONCE.link)}`
  );
}

/** `get_change_payment_method_url()`. */
export function subscriptionPaymentMethodPath(subscription: Subscription): string {
  return `/my-account/subscription-payment-method/${subscription.id}/`;
}

/** The menu item for demo/checkout/account-payment.ts's navigation (none for a guest). */
export function subscriptionsMenuItem(store: DemoStore, session: Session): [string, string, string] | null {
  const subscription = customerSubscription(store, session);
  if (!subscription) return null;
  // One subscription: its own page (`maybe_redirect_to_only_subscription()`).
  return ['subscriptions', SUBSCRIPTION_TEXT.menuOne, viewSubscriptionPath(subscription)];
}

/** `wcs_price_string()` of a monthly amount: "€9.99 / month". */
const perPeriod = (amount: number) => `${priceHtml(amount)} / ${DEMO_SUBSCRIPTION.period}`;

/** `get_date_to_display()` (the demo's dates are never within a week of today). */
const dateToDisplay = (date: Date) => formatDate(date);

/** `get_order_item_totals()`: subtotal, total, the payment method (`customer` context). */
function itemTotals(subscription: Subscription, withPaymentMethod: boolean): [string, string][] {
  const rows: [string, string][] = [
    ['Subtotal:', priceHtml(subscription.line.total)],
    ['Total:', perPeriod(subscription.total)],
  ];
  if (withPaymentMethod) rows.push(['Payment method:', escapeHtml(paymentMethodToDisplay(subscription))]);
  return rows;
}

/** The subscription switched to `card` (`update_payment_method()` + the gateway's meta). */
function switchTo(subscription: Subscription, card: SubscriptionCard): void {
  subscription.paymentMethod = CARD_GATEWAY_ID;
  subscription.paymentMethodTitle = CARD_GATEWAY_TITLE;
  subscription.card = { ...card };
  subscription.pending = null;
}

// -- the form's POST ------------------------------------------------------------------------------

/** PHP's `absint()` of a posted id. */
function absint(value: string | null): number {
  const id = Number.parseInt((value ?? '').trim(), 10);
  return Number.isFinite(id) ? Math.abs(id) : 0;
}

/**
 * The change form's POST (`fields`: `$_POST`; `url`: the page's URL, the form having no action):
 * `change_payment_method_via_pay_shortcode()` then the gateway's deferred-intent change. Returns
 * where to send the shopper: the view page (switched, the notice in the session) or this page with
 * the 3-D Secure route; null when nothing was done (a refused nonce or key: silently, as
 * Subscriptions; a refused card: its error notice in the session), and the page is printed again.
 */
export function changePaymentAction(
  store: DemoStore,
  session: Session,
  url: URL,
  fields: URLSearchParams,
): string | null {
  if (!store.verifyNonce(session, SUBSCRIPTION_NONCE.change, fields.get('_wcsnonce'))) return null;
  const subscription = findSubscription(store, absint(fields.get('woocommerce_change_payment')));
  if (!subscription || subscription.key !== url.searchParams.get('key')) return null;
  // The demo's own check (Subscriptions trusts the key): only the owner's method is changed.
  if (!ownedBy(subscription, session) || !canChangePaymentMethod(subscription)) return null;
  // `is_changing_payment_method_for_subscription()`: the page's `change_payment_method`.
  if (absint(url.searchParams.get('change_payment_method')) !== subscription.id) return null;
  // Only the card gateway can be a subscription's here (`get_available_payment_gateways()`).
  if ((fields.get('payment_method') ?? '').trim() !== CARD_GATEWAY_ID) {
    store.addNotice(session, 'error', SUBSCRIPTION_TEXT.invalidMethod);
    return null;
  }
  const choice = readCardChoice(session, fields);
  if (!choice.ok) {
    // `refresh`: a token that is not the customer's (this flow's words, not the legacy ones).
    store.addNotice(session, 'error', choice.refresh ? SUBSCRIPTION_TEXT.invalidToken : choice.message);
    return null;
  }
  let card: SubscriptionCard;
  if (choice.choice.kind === 'saved') {
    const token = choice.choice.token;
    const saved = savedCards(session).find((c) => c.token === token)!;
    card = { paymentMethodId: saved.paymentMethodId, last4: saved.last4, brand: saved.brand, token };
  } else {
    const { paymentMethodId } = choice.choice;
    const last4 = testCardDigits(paymentMethodId);
    // Stripe knows only the double's card payment methods (not BLIK: it cannot be kept).
    if (last4 === '') {
      store.addNotice(session, 'error', escapeHtml(CARD_TEXT.missingDetails));
      return null;
    }
    card = { paymentMethodId, last4, brand: '', token: '' };
  }
  // `process_setup_intent_for_order()`: the setup intent made and confirmed with the card.
  const outcome = Object.hasOwn(TEST_CARDS, card.last4) ? TEST_CARDS[card.last4] : undefined;
  if (outcome && outcome !== 'action') {
    store.addNotice(session, 'error', escapeHtml(PROVIDER_MESSAGES[outcome]));
    return null;
  }
  const intentId = `seti_${randomId(24)}`;
  if (choice.choice.kind === 'new') {
    // `handle_saving_payment_method()`: the new card is the customer's from now on (before 3-D
    // Secure, as the gateway does), or its duplicate token takes the new payment method.
    const kept = addSavedCard(session, card.paymentMethodId, card.last4)!;
    card = { ...card, brand: kept.card.brand, token: kept.card.token };
  }
  if (outcome === 'action') {
    const clientSecret = `${intentId}_secret_${randomId(24)}`;
    subscription.pending = { intentId, clientSecret, card };
    const nonce = store.nonce(session, STRIPE_NONCE.updateOrderStatus);
    // `wp_safe_redirect( '#wc-stripe-confirm-si:…' )`: the browser resolves it against this page.
    return `${url.pathname}${url.search}#wc-${CARD_GATEWAY_ID}-confirm-si:${subscription.id}:${clientSecret}:${nonce}`;
  }
  switchTo(subscription, card);
  store.addNotice(session, 'success', SUBSCRIPTION_TEXT.updated);
  // `get_return_url()` → My Account → `get_view_order_url()`.
  return `${url.origin}${viewSubscriptionPath(subscription)}`;
}

// -- wc-ajax wc_stripe_confirm_change_payment ----------------------------------------------------

const refusal = (message: string): GatewayAnswer => ({ success: false, data: { error: { message } } });

/**
 * `confirm_change_payment_from_setup_intent_ajax()` after the change page confirmed the setup
 * intent (3-D Secure): the nonce (`wc_stripe_update_order_status_nonce`), the subscription (the
 * session's), the intent it recorded; then the card kept, the subscription switched, "Payment method
 * updated." for the next page, and `{return_url}`: the view page. The same intent again answers the
 * same and does nothing more; any other is refused and changes nothing.
 */
export function confirmChangePayment(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
  origin: string,
): GatewayAnswer {
  const nonce = fields.get('_ajax_nonce') ?? fields.get('_wpnonce');
  if (!session || !store.verifyNonce(session, STRIPE_NONCE.updateOrderStatus, nonce)) {
    return refusal(CARD_TEXT.csrf);
  }
  const notAble = refusal(SUBSCRIPTION_TEXT.notAble);
  const subscription = findSubscription(store, absint(fields.get('order_id')));
  if (!subscription || !ownedBy(subscription, session)) return notAble;
  const intent = (fields.get('intent_id') ?? '').trim();
  if (intent === '') return notAble;
  const answer: GatewayAnswer = {
    success: true,
    data: { return_url: `${origin}${viewSubscriptionPath(subscription)}` },
  };
  if (intent === subscription.confirmedIntent) return answer;
  const pending = subscription.pending;
  if (!pending || pending.intentId !== intent) return notAble;
  // `create_token_from_setup_intent()`: the card is (still) the customer's.
  const kept = addSavedCard(session, pending.card.paymentMethodId, pending.card.last4)!;
  switchTo(subscription, { ...pending.card, brand: kept.card.brand, token: kept.card.token });
  subscription.confirmedIntent = intent;
  store.addNotice(session, 'success', SUBSCRIPTION_TEXT.updated);
  return answer;
}

// -- the change page ------------------------------------------------------------------------------

/** `checkout/form-change-payment-method.php`'s table: totals first (tfoot), then the line. */
function changeTable(subscription: Subscription): string {
  const totals = itemTotals(subscription, true)
    .map(
      ([label, value]) =>
        '\t\t\t<tr>\n' +
        `\t\t\t\t<th scope="row" colspan="2">${label}</th>\n` +
        `\t\t\t\t<td class="product-total">${value}</td>\n\t\t\t</tr>\n`,
    )
    .join('');
  const { line } = subscription;
  return (
    '\t<table class="shop_table">\n\t\t<thead>\n\t\t\t<tr>\n' +
    '\t\t\t\t<th class="product-name">Product</th>\n' +
    '\t\t\t\t<th class="product-quantity">Quantity</th>\n' +
    '\t\t\t\t<th class="product-total">Totals</th>\n' +
    '\t\t\t</tr>\n\t\t</thead>\n' +
    `\t\t<tfoot>\n${totals}\t\t</tfoot>\n` +
    '\t\t<tbody>\n\t\t\t<tr>\n' +
    `\t\t\t\t<td class="product-name">${escapeHtml(line.name)}</td>\n` +
    `\t\t\t\t<td class="product-quantity">${line.quantity}</td>\n` +
    `\t\t\t\t<td class="product-subtotal">${perPeriod(line.total)}</td>\n` +
    '\t\t\t</tr>\n\t\t</tbody>\n\t</table>\n'
  );
}

/**
 * The change form: the card gateway (the one gateway that can be a subscription's) chosen, its box
 * as the template prints every box (hidden until the page's script opens it): the customer's saved
 * cards (the default checked), "Use a new payment method", the element's fieldset and the save
 * checkbox forced on and hidden (the new method is always kept).
 */
export function changePaymentForm(
  store: DemoStore,
  session: Session,
  subscription: Subscription,
  requestUri: string,
): string {
  const id = CARD_GATEWAY_ID;
  const button = escapeHtml(SUBSCRIPTION_TEXT.button);
  const box = cardPaymentBox({
    open: false,
    loggedIn: true,
    cards: savedCards(session),
    guestMaySave: false,
    forceSave: true,
  });
  return (
    '<form id="order_review" method="post">\n\n' +
    changeTable(subscription) +
    '\n\t<div id="payment">\n' +
    '\t\t\t\t\t<ul class="payment_methods methods">\n' +
    `\t\t\t\t\t\t\t\t\t<li class="wc_payment_method payment_method_${id}">\n` +
    `\t\t\t\t\t\t<input id="payment_method_${id}" type="radio" class="input-radio supports-payment-method-changes" name="payment_method" value="${id}"  checked='checked' data-order_button_text="${button}"/>\n` +
    `\t\t\t\t\t\t<label for="payment_method_${id}">${escapeHtml(CARD_GATEWAY_TITLE)}</label>\n` +
    box +
    '\t\t\t\t\t</li>\n' +
    '\t\t\t\t\t\t\t</ul>\n\n' +
    '\t\t\t\t\t<div class="form-row">\n' +
    `\t\t\t<input type="hidden" id="_wcsnonce" name="_wcsnonce" value="${escapeHtml(store.nonce(session, SUBSCRIPTION_NONCE.change))}" />` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(requestUri)}" />\n` +
    // The gateway's `differentiate_change_payment_method_form()`.
    `\t\t\t<input type="hidden" id="wc-${id}-change-payment-method" />\n` +
    `\t\t\t<input type="submit" class="button alt" id="place_order" value="${button}" data-value="${button}" />\n\n` +
    `\t\t\t<input type="hidden" name="woocommerce_change_payment" value="${subscription.id}" />\n` +
    '\t\t</div>\n\t\t\n\t</div>\n\n</form>\n'
  );
}

/** `global/form-login.php` as `maybe_request_log_in()` prints it (its notice as the message). */
function loginForm(ctx: PageContext, store: DemoStore, message: string, redirect: string): string {
  const required =
    '&nbsp;<span class="required" aria-hidden="true">*</span><span class="screen-reader-text">Required</span>';
  const password = passwordToggleIsland(ctx.islands, {
    id: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: true,
    className: 'input-text woocommerce-Input',
    hydrate: 'idle',
  });
  return (
    '<form class="woocommerce-form woocommerce-form-login login" method="post" >\n\n\t\n\n' +
    `\t${message}\n` +
    '\t<p class="form-row form-row-first">\n' +
    `\t\t<label for="username">Username or email${required}</label>\n` +
    '\t\t<input type="text" class="input-text" name="username" id="username" autocomplete="username" required aria-required="true" />\n' +
    '\t</p>\n\t<p class="form-row form-row-last">\n' +
    `\t\t<label for="password">Password${required}</label>\n` +
    `\t\t${password}\n` +
    '\t</p>\n\t<div class="clear"></div>\n\n\t\n\n\t<p class="form-row">\n' +
    '\t\t<label class="woocommerce-form__label woocommerce-form__label-for-checkbox woocommerce-form-login__rememberme">\n' +
    '\t\t\t<input class="woocommerce-form__input woocommerce-form__input-checkbox" name="rememberme" type="checkbox" id="rememberme" value="forever" /> <span>Remember me</span>\n' +
    '\t\t</label>\n' +
    `\t\t<input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="${escapeHtml(store.nonce(ctx.session, LOGIN_NONCE_ACTION))}" />` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(ctx.url.pathname + ctx.url.search)}" />` +
    `\t\t<input type="hidden" name="redirect" value="${escapeHtml(ctx.url.origin + redirect)}" />\n` +
    '\t\t<button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Login">Login</button>\n' +
    '\t</p>\n\t<p class="lost_password">\n' +
    `\t\t<a href="${escapeHtml(ctx.url.origin)}/my-account/lost-password/">Lost your password?</a>\n` +
    '\t</p>\n\n\t<div class="clear"></div>\n\n\t\n\n</form>\n'
  );
}

/** `wc_print_notices()` of the session's notices plus `extra`, grouped by type. */
function noticesOf(notices: readonly Notice[], extra: { error?: string[]; notice?: string[] } = {}) {
  return printNotices({
    error: [...notices.filter((n) => n.type === 'error').map((n) => n.html), ...(extra.error ?? [])].map(
      (html) => ({ html }),
    ),
    success: notices.filter((n) => n.type === 'success').map((n) => n.html),
    notice: [...notices.filter((n) => n.type === 'notice').map((n) => n.html), ...(extra.notice ?? [])],
  });
}

/** `checkout/subscription-receipt.php`: a subscription's order-pay page without a change request. */
function subscriptionReceipt(subscription: Subscription): string {
  return (
    '<ul class="order_details">\n' +
    `\t<li class="order">\n\t\tSubscription Number: <strong>${subscription.id}</strong>\t</li>\n` +
    `\t<li class="date">\n\t\tNext Payment Date: <strong>${dateToDisplay(subscription.nextPayment)}</strong>\t</li>\n` +
    `\t<li class="total">\n\t\tTotal: <strong>${perPeriod(subscription.total)}</strong>\t</li>\n` +
    `\t\t<li class="method">\n\t\t\tPayment Method: <strong>${escapeHtml(subscription.paymentMethodTitle)}</strong>\t\t</li>\n` +
    '\t</ul>\n\n\n<div class="clear"></div>\n'
  );
}

export interface ChangePageInput {
  store: DemoStore;
  /** The order-pay endpoint's id (`/checkout/order-pay/{id}/`). */
  id: number;
}

/**
 * The order-pay page of a change request (or of a subscription): the entry content and the page's
 * title. `maybe_request_log_in()`, then `maybe_replace_pay_shortcode()`.
 */
export function changePageContent(ctx: PageContext, input: ChangePageInput): { title: string; html: string } {
  const { store, id } = input;
  const { session } = ctx;
  const query = ctx.url.searchParams;
  const atPath = findSubscription(store, id);
  const changing = query.has('change_payment_method');
  const block = (html: string) => `<div class="woocommerce">${html}</div>`;
  const wrapper = (html: string) => `<div class="woocommerce-notices-wrapper">${html}</div>`;

  if (!changing) {
    // A subscription's own order-pay page: its receipt, for its key.
    const ok = !!atPath && atPath.key === query.get('key');
    return {
      title: SUBSCRIPTION_TEXT.payTitle,
      html: block(
        wrapper(noticesOf(ctx.notices)) +
          (ok ? subscriptionReceipt(atPath) : noticesOf([], { error: [SUBSCRIPTION_TEXT.invalidRequest] })),
      ),
    };
  }
  const title = atPath ? SUBSCRIPTION_TEXT.changeTitle : SUBSCRIPTION_TEXT.payTitle;
  if (atPath && session.loggedIn === null) {
    // The page's content is the login form, the notice as its message.
    const message = noticesOf(ctx.notices, { notice: [SUBSCRIPTION_TEXT.logIn] });
    return { title, html: loginForm(ctx, store, message, subscriptionPaymentMethodPath(atPath)) };
  }
  const subscription = findSubscription(store, absint(query.get('change_payment_method')));
  let problem = '';
  if (!store.verifyNonce(session, SUBSCRIPTION_NONCE.link, query.get('_wpnonce'))) {
    problem = SUBSCRIPTION_TEXT.requestError;
  } else if (!subscription) {
    problem = SUBSCRIPTION_TEXT.invalidSubscription;
  } else if (!ownedBy(subscription, session)) {
    problem = SUBSCRIPTION_TEXT.notYours;
  } else if (!canChangePaymentMethod(subscription)) {
    problem = SUBSCRIPTION_TEXT.cannotChange;
  } else if (subscription.key !== query.get('key')) {
    problem = SUBSCRIPTION_TEXT.invalidOrder;
  }
  if (problem !== '' || !subscription) {
    return { title, html: block(wrapper(noticesOf(ctx.notices, { error: [problem] }))) };
  }
  const requestUri = ctx.url.pathname + ctx.url.search;
  const fallback =
    wrapper(noticesOf(ctx.notices)) +
    noticesOf([], { notice: [SUBSCRIPTION_TEXT.chooseNew(dateToDisplay(subscription.nextPayment))] }) +
    changePaymentForm(store, session, subscription, requestUri);
  const props = {
    ...checkoutIslandProps(store, session, ctx.url.origin),
    isCheckout: false,
    stripe: stripeSettings(store, session, ctx.url.origin, {
      changingPayment: {
        orderId: id,
        billingCountry: subscription.billing.country ?? '',
        pageUrl: ctx.url.href.replace(/#.*$/, ''),
      },
    }),
  };
  return { title, html: block(ctx.islands.render('checkout', props, fallback, { hydrate: 'load' })) };
}

/** The whole change page (Storefront's layout; the notices are printed inside its block). */
export function renderChangePayment(ctx: PageContext, input: ChangePageInput): string {
  const { title, html } = changePageContent(ctx, input);
  const main =
    '<article class="page type-page status-publish hentry"><header class="entry-header">' +
    `<h1 class="entry-title">${escapeHtml(title)}</h1></header>` +
    `<div class="entry-content">${html}</div></article>`;
  return renderDocument(
    { ...ctx, notices: [] },
    {
      title: SUBSCRIPTION_TEXT.payTitle,
      bodyClass: 'page woocommerce-checkout woocommerce-order-pay',
      main,
      scripts: stripeDoubleScripts(ctx.url),
    },
  );
}

// -- My Account -----------------------------------------------------------------------------------

/** `myaccount/subscription-details.php` and `subscription-totals-table.php`. */
export function viewSubscriptionContent(
  ctx: PageContext,
  store: DemoStore,
  subscription: Subscription,
): string {
  const row = (label: string, value: string) =>
    `\t\t<tr>\n\t\t\t<td>${label}</td>\n\t\t\t<td>${value}</td>\n\t\t</tr>\n`;
  const change = `${ctx.url.origin}${changePaymentPath(store, ctx.session, subscription)}`;
  const actions = canChangePaymentMethod(subscription)
    ? '\t\t<tr>\n\t\t\t<td>Actions</td>\n\t\t\t<td>\n' +
      `\t\t\t\t<a\n\t\t\t\t\thref="${escapeHtml(change)}"\n\t\t\t\t\tclass="button change_payment_method"\n\t\t\t\t>\n` +
      `\t\t\t\t\t${SUBSCRIPTION_TEXT.changeAction}\t\t\t\t</a>\n` +
      '\t\t\t</td>\n\t\t</tr>\n'
    : '';
  const active = subscription.status === 'active';
  const details =
    '<table class="shop_table subscription_details">\n\t<tbody>\n' +
    row('Status', STATUS_NAMES[subscription.status]) +
    row('Start date', dateToDisplay(subscription.start)) +
    (active ? row('Next payment date', dateToDisplay(subscription.nextPayment)) : '') +
    (active
      ? '\t\t<tr>\n\t\t\t<td>Payment</td>\n\t\t\t<td>\n' +
        `\t\t\t\t<span data-is_manual="no" class="subscription-payment-method">${escapeHtml(paymentMethodToDisplay(subscription))}</span>\n` +
        '\t\t\t</td>\n\t\t</tr>\n'
      : '') +
    actions +
    '\t</tbody>\n</table>\n\n';
  const { line } = subscription;
  const totals = itemTotals(subscription, false)
    .map(
      ([label, value]) =>
        `\t\t\t<tr>\n\t\t\t\t<th scope="row" >${label}</th>\n\t\t\t\t<td>${value}</td>\n\t\t\t</tr>\n`,
    )
    .join('');
  const table =
    '<h2>Subscription totals</h2>\n\n' +
    '<table class="shop_table order_details">\n\t<thead>\n\t\t<tr>\n' +
    '\t\t\t<th class="product-name">Product</th>\n\t\t\t<th class="product-total">Total</th>\n' +
    '\t\t</tr>\n\t</thead>\n\t<tbody>\n' +
    '\t\t\t\t<tr class="order_item">\n' +
    `\t\t\t\t\t<td class="product-name">\n\t\t\t\t\t\t${escapeHtml(line.name)} <strong class="product-quantity">&times; ${line.quantity}</strong>\t\t\t\t\t</td>\n` +
    `\t\t\t\t\t<td class="product-total">\n\t\t\t\t\t\t${perPeriod(line.total)}\t\t\t\t\t</td>\n` +
    '\t\t\t\t</tr>\n\t\t\t\t</tbody>\n' +
    `\t\t<tfoot>\n${totals}\t\t\t</tfoot>\n</table>\n`;
  return `${details}${table}\n<div class="clear"></div>\n`;
}

/** /my-account/view-subscription/{id}/: the owner's subscription, WooCommerce Subscriptions' refusal otherwise. */
export function renderViewSubscription(ctx: PageContext, store: DemoStore, id: number): string {
  if (ctx.session.loggedIn === null) return renderMyAccount(ctx);
  const subscription = findSubscription(store, id);
  const title = subscription ? `Subscription #${subscription.id}` : 'My account';
  const content =
    subscription && ownedBy(subscription, ctx.session)
      ? viewSubscriptionContent(ctx, store, subscription)
      : `<div class="woocommerce-error">${SUBSCRIPTION_TEXT.invalidSubscription} ` +
        `<a href="${escapeHtml(ctx.url.origin)}/my-account/" class="wc-forward">My Account</a></div>`;
  return accountPage(ctx, store, { title, endpoint: 'view-subscription', menu: 'subscriptions', content });
}

/** `myaccount/my-subscriptions.php`: the customer's subscription. */
export function subscriptionsContent(ctx: PageContext, subscription: Subscription | null): string {
  if (!subscription) {
    return (
      '<div class="woocommerce_account_subscriptions">\n\n' +
      '\t\t<p class="no_subscriptions woocommerce-message woocommerce-message--info woocommerce-Message woocommerce-Message--info woocommerce-info">\n' +
      `\t\t\t${SUBSCRIPTION_TEXT.noSubscriptions}\t\t\t\t<a class="woocommerce-Button button" href="${escapeHtml(ctx.url.origin)}/shop/">\n` +
      '\t\t\t\t\tBrowse products\t\t\t\t</a>\n\t\t\t\t\t</p>\n\n\t\n</div>\n'
    );
  }
  const view = escapeHtml(`${ctx.url.origin}${viewSubscriptionPath(subscription)}`);
  const head = (cls: string, label: string) =>
    `\t\t\t<th class="subscription-${cls} woocommerce-orders-table__header"><span class="nobr">${label}</span></th>\n`;
  const cell = (cls: string, title: string, html: string) =>
    `\t\t\t<td class="subscription-${cls} woocommerce-orders-table__cell" data-title="${title}">\n\t\t\t\t${html}\n\t\t\t</td>\n`;
  return (
    '<div class="woocommerce_account_subscriptions">\n\n' +
    '\t<table class="my_account_subscriptions my_account_orders woocommerce-orders-table woocommerce-MyAccount-subscriptions shop_table shop_table_responsive woocommerce-orders-table--subscriptions">\n\n' +
    '\t<thead>\n\t\t<tr>\n' +
    head('id order-number', 'Subscription') +
    head('status order-status', 'Status') +
    head('next-payment order-date', 'Next payment') +
    head('total order-total', 'Total') +
    '\t\t\t<th class="subscription-actions order-actions woocommerce-orders-table__header">&nbsp;</th>\n' +
    '\t\t</tr>\n\t</thead>\n\n\t<tbody>\n' +
    `\t\t<tr class="order woocommerce-orders-table__row woocommerce-orders-table__row--status-${subscription.status}">\n` +
    cell(
      'id order-number',
      'ID',
      `<a href="${view}" aria-label="View subscription number ${subscription.id}">\n\t\t\t\t\t#${subscription.id}\t\t\t\t</a>`,
    ) +
    cell('status order-status', 'Status', STATUS_NAMES[subscription.status]) +
    cell(
      'next-payment order-date',
      'Next Payment',
      `${dateToDisplay(subscription.nextPayment)}` +
        (subscription.status === 'active'
          ? `\n\t\t\t\t<br/><small>${escapeHtml(paymentMethodToDisplay(subscription))}</small>`
          : ''),
    ) +
    cell('total order-total', 'Total', perPeriod(subscription.total)) +
    cell('actions order-actions', '', `<a href="${view}" class="woocommerce-button button view">View</a>`) +
    '\t\t</tr>\n\t\t</tbody>\n\n\t</table>\n\n</div>\n'
  );
}

/** /my-account/subscriptions/. */
export function renderSubscriptions(ctx: PageContext, store: DemoStore): string {
  if (ctx.session.loggedIn === null) return renderMyAccount(ctx);
  return accountPage(ctx, store, {
    title: SUBSCRIPTION_TEXT.menuMany,
    endpoint: 'subscriptions',
    content: subscriptionsContent(ctx, customerSubscription(store, ctx.session)),
  });
}

// -- routing (demo/site.ts) -----------------------------------------------------------------------

export type SubscriptionOutcome =
  { location: string } | { page: (ctx: PageContext) => string; status?: number };

/**
 * The subscription pages for demo/site.ts, or null for another path: My Account's subscription
 * endpoints, and the order-pay endpoint when it is a change request (`change_payment_method`) or a
 * subscription's (its POSTs first: a guest's login, then the change form).
 */
export function handleSubscriptionPages(
  store: DemoStore,
  session: Session,
  request: { method: string; url: URL; fields: URLSearchParams },
): SubscriptionOutcome | null {
  const { url, fields } = request;
  const path = url.pathname;
  if (path === SUBSCRIPTIONS_PATH) return { page: (ctx) => renderSubscriptions(ctx, store) };
  const view = /^\/my-account\/view-subscription\/(\d+)\/$/.exec(path);
  if (view) return { page: (ctx) => renderViewSubscription(ctx, store, Number(view[1])) };
  const method = /^\/my-account\/subscription-payment-method\/(\d+)\/$/.exec(path);
  if (method) {
    const subscription = findSubscription(store, Number(method[1]));
    if (!subscription || !ownedBy(subscription, session)) return { page: (ctx) => renderMyAccount(ctx) };
    if (!canChangePaymentMethod(subscription)) {
      store.addNotice(session, 'error', SUBSCRIPTION_TEXT.cannotChange);
      return { location: viewSubscriptionPath(subscription) };
    }
    return { location: changePaymentPath(store, session, subscription) };
  }
  const pay = /^\/checkout\/order-pay\/(\d+)\/$/.exec(path);
  if (!pay) return null;
  const id = Number(pay[1]);
  const changing = url.searchParams.has('change_payment_method');
  if (!changing && !findSubscription(store, id)) return null;
  if (request.method === 'POST' && changing) {
    if (fields.has('login') && session.loggedIn === null) {
      // `process_login()` (the form of `maybe_request_log_in()`), then its `redirect`: the change
      // page's address in My Account, which gives a new change link.
      const outcome = processLogin(store, session, fields);
      const back = path + url.search;
      if (outcome === 'expired') return { page: (ctx) => renderLinkExpired(ctx, back), status: 403 };
      const subscription = findSubscription(store, id);
      if (outcome === 'ok' && subscription) return { location: subscriptionPaymentMethodPath(subscription) };
      if (outcome === 'ok') return { location: '/my-account/' };
    } else if (fields.has('_wcsnonce')) {
      const location = changePaymentAction(store, session, url, fields);
      if (location) return { location };
    }
  }
  return { page: (ctx) => renderChangePayment(ctx, { store, id }) };
}
