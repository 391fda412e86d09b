/**
 * `WC_Checkout::process_checkout()` of WooCommerce 9.9, once for both ways an order is placed: the
 * wc-ajax `checkout` endpoint (demo/checkout/handlers.ts answers the outcome as JSON) and the
 * checkout form posted without JavaScript (demo/site.ts redirects to the order or prints the page
 * again with the notices). The nonce, the session (`update_session()`: the addresses and chosen
 * methods are kept before validation), `validate_checkout()` (demo/checkout/validation.ts, the terms,
 * the shipping and payment checks), the notices already pending, `woocommerce_checkout_update_totals`
 * (validate only), `process_customer()` (a registered e-mail) and the order.
 */
import { DEMO_USER } from '../fixtures';
import { escapeHtml } from '../html';
import type { DemoStore, Session } from '../store';
import type { NoticeItem } from './markup';
import {
  CARD_GATEWAY_ID,
  checkoutState,
  completeOrder,
  createOrder,
  findGateway,
  placeOrder,
  totals,
  type Address,
  type Order,
} from './orders';
import { payWithCard, readCardChoice } from './stripe';
import { cleanText, CheckoutErrors, postedData, validatePostedData } from './validation';

/** The checkout's nonce actions (WooCommerce's): the wc-ajax calls' and the form's. */
export const NONCE = {
  updateOrderReview: 'update-order-review',
  applyCoupon: 'apply-coupon',
  removeCoupon: 'remove-coupon',
  /** `woocommerce-process-checkout-nonce`. */
  checkout: 'woocommerce-process_checkout',
} as const;

export type CheckoutOutcome =
  /**
   * The order is placed (paid, or on its way: `redirect` is then where the browser goes instead of
   * the order-received page, the card gateway's 3-D Secure route with the order still pending).
   */
  | { ok: true; order: Order; redirect?: string }
  /**
   * The notices to show (none after `woocommerce_checkout_update_totals` of a valid form);
   * `refresh`: the nonce was refused (WooCommerce's `refresh_totals`).
   */
  | { ok: false; errors: NoticeItem[]; refresh: boolean };

/** WooCommerce's expired-session message (an empty cart), with the shop page of `origin`. */
export function expiredSessionMessage(origin: string): string {
  return `Sorry, your session has expired. <a href="${escapeHtml(origin)}/shop/" class="wc-backward">Return to shop</a>`;
}

/** The session's pending notices, taken (cleared) and grouped as `wc_print_notices()` prints them. */
export function takeSessionNotices(
  store: DemoStore,
  session: Session,
): { error: NoticeItem[]; success: string[]; notice: string[] } {
  const out = { error: [] as NoticeItem[], success: [] as string[], notice: [] as string[] };
  for (const n of store.takeNotices(session)) {
    if (n.type === 'error') out.error.push({ html: n.html });
    else out[n.type].push(n.html);
  }
  return out;
}

/** `shipping_method[0]=…` → { 0: … } (string values only, as WooCommerce keeps them). */
export function postedShippingMethods(fields: URLSearchParams): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [key, value] of fields) {
    const match = /^shipping_method\[(\d{1,3})\]$/.exec(key);
    if (match) out[Number(match[1])] = cleanText(value);
  }
  return out;
}

/** The posted values of one address (`billing_`, `shipping_`), without their prefix. */
function addressOf(data: Record<string, string>, prefix: string): Address {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/**
 * Processes a posted checkout form (`fields`: `$_REQUEST`) for `session` (null: no session cookie).
 * `origin` makes the links of the messages. On success the order is recorded and the cart emptied
 * (a card payment waiting for 3-D Secure keeps the cart until `wc_stripe_update_order_status`).
 */
export function processCheckout(
  store: DemoStore,
  session: Session | null,
  fields: URLSearchParams,
  origin: string,
): CheckoutOutcome {
  const failure = (errors: NoticeItem[], refresh = false): CheckoutOutcome => ({
    ok: false,
    errors,
    refresh,
  });
  const empty = store.cartLines(session).length === 0;
  const nonce = fields.get('woocommerce-process-checkout-nonce') ?? fields.get('_wpnonce');
  if (!session || !store.verifyNonce(session, NONCE.checkout, nonce)) {
    // Sample 53; an empty cart means the session expired.
    if (empty) return failure([{ html: expiredSessionMessage(origin) }]);
    return failure([{ html: 'We were unable to process your order, please try again.' }], true);
  }
  if (empty) return failure([{ html: expiredSessionMessage(origin) }]);

  const posted = postedData(fields, session.loggedIn !== null);
  const { data } = posted;
  // `update_session()`: the customer's addresses and chosen methods, before validation.
  const state = checkoutState(session);
  state.billing = addressOf(data, 'billing_');
  state.shipping = addressOf(data, 'shipping_');
  for (const [index, method] of Object.entries(postedShippingMethods(fields))) {
    state.chosenShipping[Number(index)] = method;
  }
  state.chosenPayment = data.payment_method ?? '';

  const updateTotals = !!fields.get('woocommerce_checkout_update_totals');
  const errors = new CheckoutErrors();
  validatePostedData(posted, errors);
  if (!updateTotals && !fields.get('terms') && fields.get('terms-field')) {
    errors.add(
      'terms',
      'Please read and accept the terms and conditions to proceed with your order.',
      'terms',
    );
  }
  const t = totals(store, session);
  const shippingCountry = data.shipping_country ?? '';
  if (shippingCountry === '' && !errors.has('billing_country_required')) {
    errors.add('shipping', 'Please enter an address to continue.');
  } else if (shippingCountry !== '' && !t.chosen) {
    errors.add(
      'shipping',
      'No shipping method has been selected. Please double check your address, or contact us if you need any help.',
    );
  }
  if (t.total > 0 && !findGateway(data.payment_method ?? '')) {
    errors.add('payment', 'Invalid payment method.');
  }
  const pending = takeSessionNotices(store, session).error;
  if (!errors.empty || pending.length > 0) return failure([...pending, ...errors.items]);
  if (updateTotals) return failure([]);
  // `process_customer()`: an account cannot be created for a registered address.
  if (posted.createAccount && (data.billing_email ?? '').toLowerCase() === DEMO_USER.email) {
    return failure([
      {
        html: 'An account is already registered with your email address. <a href="#" class="showlogin">Please log in.</a>',
      },
    ]);
  }
  const input = {
    paymentMethod: data.payment_method ?? '',
    billing: addressOf(data, 'billing_'),
    shipping: addressOf(data, 'shipping_'),
    customerNote: data.order_comments ?? '',
  };
  if (input.paymentMethod === CARD_GATEWAY_ID) {
    // The card gateway's `process_payment()` (demo/checkout/stripe.ts): the posted payment method is
    // checked first (no order is made without one), then the order (the session's order awaiting
    // payment, if any, taken again) is paid, waits for 3-D Secure, or fails.
    if (t.total <= 0) {
      // Nothing to pay (`needs_payment()` false): `payment_complete()`.
      const order = createOrder(store, session, input);
      completeOrder(store, session, order, 'processing');
      return { ok: true, order };
    }
    const choice = readCardChoice(session, fields);
    if (!choice.ok) return failure([{ html: choice.message }], choice.refresh);
    const order = createOrder(store, session, input);
    const result = payWithCard(store, session, order, choice.choice);
    if (result.kind === 'declined') return failure([{ html: result.message }]);
    if (result.kind === 'action') return { ok: true, order, redirect: result.redirect };
    completeOrder(store, session, order, 'processing');
    return { ok: true, order };
  }
  const order = placeOrder(store, session, input);
  return { ok: true, order };
}
