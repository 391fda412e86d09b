/**
 * The classic checkout's wc-ajax endpoints as WooCommerce 9.9 answers them (checkout.md §7; samples
 * 41–54): `update_order_review`, `checkout`, `apply_coupon`, `remove_coupon`, and the card
 * gateway's `wc_stripe_update_order_status` and `wc_stripe_update_failed_order` (WooCommerce Stripe
 * Gateway 9.x, demo/checkout/stripe.ts) and `wc_stripe_confirm_change_payment` (a subscription's
 * payment change, demo/checkout/subscription-change.ts). MSW handlers over the demo store; demo/handlers.ts puts them
 * before its own wc-ajax handler.
 *
 * Each reads the form as PHP would (`$_REQUEST`: the query string and a urlencoded or multipart
 * body; a body over {@link MAX_BODY_BYTES} is ignored, as PHP ignores one over `post_max_size`).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { HTML_TYPE, JSON_TYPE, NO_CACHE_HEADERS } from '../ajax-headers';
import type { DemoStore, Session } from '../store';
import { cleanText, isEmail } from './validation';
import { errorNotices, paymentBox, printNotices, reviewOrderTable } from './markup';
import { applyCoupon, checkoutState, removeCoupon, totals } from './orders';
import { phpJson } from './address-data';
import {
  expiredSessionMessage,
  NONCE,
  postedShippingMethods,
  processCheckout,
  takeSessionNotices,
} from './process';
import { saveAppearance, savedCards, updateFailedOrder, updateOrderStatus } from './stripe';
import { confirmChangePayment } from './subscription-change';

/** Nonce actions (WooCommerce's). */
export { NONCE } from './process';

/** The largest body read (PHP's default `post_max_size` is 8M; the demo keeps to 1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

function respond(body: string, contentType: string, status = 200, setCookie: string[] = []): Response {
  const headers = new Headers({ ...NO_CACHE_HEADERS, 'Content-Type': contentType });
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return new HttpResponse(body, { status, headers });
}

/** `wp_send_json()`: PHP's encoding (`\/`, `\uXXXX`), as samples 52–54 print it. */
const json = (value: unknown, setCookie: string[] = []) => respond(phpJson(value), JSON_TYPE, 200, setCookie);
const html = (body: string, setCookie: string[] = []) => respond(body, HTML_TYPE, 200, setCookie);
/** `check_ajax_referer()` failing: `-1`, HTTP 403 (sample 42). */
const forbidden = () => respond('-1', HTML_TYPE, 403);

/** `$_REQUEST`: the query string, then the body (urlencoded or multipart); never throws. */
export async function readFields(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams(new URL(request.url).search);
  if (request.method === 'GET' || request.method === 'HEAD') return fields;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('multipart/form-data')) {
      const declared = Number(request.headers.get('content-length') ?? '0');
      if (declared > MAX_BODY_BYTES) return fields;
      const form = await request.formData();
      form.forEach((value, key) => {
        if (typeof value === 'string') fields.set(key, value);
      });
    } else {
      const text = await request.text();
      if (text.length > MAX_BODY_BYTES) return fields;
      new URLSearchParams(text).forEach((value, key) => fields.set(key, value));
    }
  } catch {
    // An unreadable body is an empty one, as for PHP.
  }
  return fields;
}

export interface CheckoutHandlerOptions {
  store: DemoStore;
  /** The request's Cookie header (demo/handlers.ts's single-session mode adds the shared session). */
  cookieHeader?: (request: Request) => string;
}

export function createCheckoutHandlers(options: CheckoutHandlerOptions): RequestHandler[] {
  const { store } = options;
  const cookieHeader = options.cookieHeader ?? ((request: Request) => request.headers.get('cookie') ?? '');
  const originOf = (request: Request) => new URL(request.url).origin;

  /** The session's pending notices, printed and cleared (`wc_print_notices( true )`). */
  const sessionNotices = (session: Session) => takeSessionNotices(store, session);

  const expiredMessage = (request: Request) => expiredSessionMessage(originOf(request));

  // -- update_order_review ----------------------------------------------------------------------

  function updateOrderReview(request: Request, fields: URLSearchParams): Response {
    const session = store.peekSession(cookieHeader(request));
    if (!store.verifyNonce(session, NONCE.updateOrderReview, fields.get('security'))) return forbidden();
    if (!session) return forbidden();
    if (store.cartLines(session).length === 0) {
      // `update_order_review_expired()`: the form is replaced by the notice; no result, no reload.
      return json({
        fragments: { 'form.woocommerce-checkout': errorNotices([{ html: expiredMessage(request) }]) },
      });
    }
    // `post_data` (the whole form) only goes to the `woocommerce_checkout_update_order_review` hook
    // in WooCommerce core: nothing of it is kept here.

    const state = checkoutState(session);
    for (const [index, method] of Object.entries(postedShippingMethods(fields))) {
      state.chosenShipping[Number(index)] = method;
    }
    state.chosenPayment = cleanText(fields.get('payment_method') ?? '');
    const read = (name: string): string | undefined => {
      const value = fields.get(name);
      return value === null ? undefined : cleanText(value);
    };
    const address = (prefix: '' | 's_') => {
      const out: Record<string, string> = {};
      const pairs: [string, string][] = [
        ['country', 'country'],
        ['state', 'state'],
        ['postcode', 'postcode'],
        ['city', 'city'],
        ['address_1', 'address'],
        ['address_2', 'address_2'],
      ];
      for (const [key, name] of pairs) {
        const value = read(prefix + name);
        if (value !== undefined) out[key] = value;
      }
      return out;
    };
    state.billing = { ...state.billing, ...address('') };
    state.shipping = { ...state.shipping, ...address('s_') };

    const t = totals(store, session);
    const origin = originOf(request);
    const notices = sessionNotices(session);
    const messages = printNotices(notices);
    return json({
      result: messages === '' ? 'success' : 'failure',
      messages,
      reload: false,
      fragments: {
        '.woocommerce-checkout-review-order-table': reviewOrderTable(t, origin),
        '.woocommerce-checkout-payment': paymentBox(
          state.chosenPayment,
          store.nonce(session, NONCE.checkout),
          origin,
          { loggedIn: session.loggedIn !== null, cards: savedCards(session) },
        ),
      },
    });
  }

  // -- checkout ----------------------------------------------------------------------------------

  function checkout(request: Request, fields: URLSearchParams): Response {
    const cookies = cookieHeader(request);
    const session = store.peekSession(cookies);
    const outcome = processCheckout(store, session, fields, originOf(request));
    if (!outcome.ok) {
      return json({
        result: 'failure',
        messages: errorNotices(outcome.errors),
        refresh: outcome.refresh,
        reload: false,
      });
    }
    const { order } = outcome;
    // The order's page, or where the gateway sends the browser first (3-D Secure).
    const redirect =
      outcome.redirect ?? `${originOf(request)}/checkout/order-received/${order.id}/?key=${order.key}`;
    // Sample 54: the emptied cart's cookies are deleted.
    return json({ result: 'success', redirect, order_id: order.id }, store.cartCookies(session, cookies));
  }

  // -- coupons -----------------------------------------------------------------------------------

  function applyCouponEndpoint(request: Request, fields: URLSearchParams): Response {
    const session = store.peekSession(cookieHeader(request));
    if (!session || !store.verifyNonce(session, NONCE.applyCoupon, fields.get('security')))
      return forbidden();
    const email = fields.get('billing_email');
    if (email !== null && isEmail(email)) checkoutState(session).billing.email = email;
    const result = applyCoupon(store, session, fields.get('coupon_code') ?? '');
    const notices = sessionNotices(session);
    if (result.ok) notices.success.push(result.message);
    else notices.error.push({ html: result.message });
    return html(printNotices(notices));
  }

  function removeCouponEndpoint(request: Request, fields: URLSearchParams): Response {
    const session = store.peekSession(cookieHeader(request));
    if (!session || !store.verifyNonce(session, NONCE.removeCoupon, fields.get('security')))
      return forbidden();
    const result = removeCoupon(session, fields.get('coupon') ?? '');
    const notices = sessionNotices(session);
    if (result.ok) notices.success.push(result.message);
    else notices.error.push({ html: result.message });
    return html(printNotices(notices));
  }

  // -- the card gateway (WooCommerce Stripe Gateway 9.x) ------------------------------------------

  /** `wp_send_json_success()` / `wp_send_json_error()`: HTTP 200 either way. */
  function updateOrderStatusEndpoint(request: Request, fields: URLSearchParams): Response {
    const cookies = cookieHeader(request);
    const session = store.peekSession(cookies);
    const answer = updateOrderStatus(store, session, fields, originOf(request));
    // Paid: the emptied cart's cookies are deleted, as after the other gateways' checkout.
    return json(answer, answer.success && session ? store.cartCookies(session, cookies) : []);
  }

  /** A subscription's payment change after 3-D Secure (demo/checkout/subscription-change.ts). */
  function confirmChangePaymentEndpoint(request: Request, fields: URLSearchParams): Response {
    const session = store.peekSession(cookieHeader(request));
    return json(confirmChangePayment(store, session, fields, originOf(request)));
  }

  function updateFailedOrderEndpoint(request: Request, fields: URLSearchParams): Response {
    const session = store.peekSession(cookieHeader(request));
    return json(updateFailedOrder(store, session, fields));
  }

  const endpoints: Record<string, (request: Request, fields: URLSearchParams) => Response> = {
    update_order_review: updateOrderReview,
    checkout,
    apply_coupon: applyCouponEndpoint,
    remove_coupon: removeCouponEndpoint,
    wc_stripe_update_order_status: updateOrderStatusEndpoint,
    wc_stripe_confirm_change_payment: confirmChangePaymentEndpoint,
    wc_stripe_update_failed_order: updateFailedOrderEndpoint,
    wc_stripe_save_appearance: (request, fields) =>
      json(saveAppearance(store, store.peekSession(cookieHeader(request)), fields)),
  };

  return [
    // wc-ajax: WooCommerce reads the `wc-ajax` query argument on any path and any method.
    http.all('*', async ({ request }) => {
      const name = new URL(request.url).searchParams.get('wc-ajax');
      if (!name || !Object.hasOwn(endpoints, name)) return undefined;
      return endpoints[name]!(request, await readFields(request));
    }),
  ];
}
