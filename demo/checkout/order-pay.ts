/**
 * WooCommerce 9.9's order-pay page (checkout.md §2 "Order-pay page"): the "customer payment page" of
 * a pending order, `/checkout/order-pay/{id}/?pay_for_order=true&key={order_key}`.
 *
 * - The page: `WC_Shortcode_Checkout::order_pay()` with its checks and words (an unknown order or a
 *   wrong key, an order that cannot be paid for, a logged-in shopper paying a guest's order), then
 *   `checkout/form-pay.php`: `form#order_review` with the order's table, `#payment` (the gateways of
 *   `checkout/payment-method.php`, `checkout/terms.php`, the "Pay for order" button, the
 *   `woocommerce-pay` nonce). The form is the fallback of the `checkout` island's container (as on
 *   the checkout page), with `isCheckout: false`: the island arranges the payment methods and lets
 *   the form post itself once (widgets/checkout/Checkout.tsx).
 * - Without `pay_for_order`, the page after a checkout's redirect: `checkout/order-receipt.php`.
 * - The form's post: `WC_Form_Handler::pay_action()` (the nonce, the terms, the payment method,
 *   then the gateway's `process_payment()`: cod → processing, bacs and cheque → on-hold, the cart
 *   emptied) and a 302 to the order-received page.
 *
 * The demo's seeded order is {@link PAY_FOR_ORDER_PATH} (demo/checkout/orders.ts). Every value that
 * came from the request is escaped where it is printed.
 */
import { DEMO_USER } from '../fixtures';
import { escapeHtml, priceHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import type { DemoStore, Notice, Session } from '../store';
import { errorNotices, paymentMethodItem, printNotices, termsAndConditions } from './markup';
import { formatDate } from './order-received';
import { CARD_GATEWAY_ID, checkoutState, findGateway, findOrder, GATEWAYS, type Order } from './orders';
import { expressCheckoutIsland } from './express';
import { checkoutIslandProps } from './page';
import {
  payWithCard,
  readCardChoice,
  savedCards,
  stripeDoubleScripts,
  stripeSettings,
  type SavedCard,
} from './stripe';
import { cleanText } from './validation';

export { PAY_FOR_ORDER_ID, PAY_FOR_ORDER_KEY, PAY_FOR_ORDER_PATH } from './orders';

/** The nonce action of `woocommerce-pay-nonce` (`wp_nonce_field( 'woocommerce-pay', … )`). */
export const PAY_NONCE_ACTION = 'woocommerce-pay';

/** WooCommerce 9.9's words (class-wc-shortcode-checkout.php, class-wc-form-handler.php). HTML. */
export const ORDER_PAY_TEXT = {
  title: 'Pay for order',
  /** `woocommerce_pay_order_button_text`. */
  button: 'Pay for order',
  invalid: 'Sorry, this order is invalid and cannot be paid for.',
  invalidOrder: 'Invalid order.',
  notPayable: (order: Order) =>
    `This order&rsquo;s status is &ldquo;${STATUS_NAMES[order.status]}&rdquo;&mdash;it cannot be paid for. ` +
    'Please contact us if you need assistance.',
  guestOrder:
    'You are paying for a guest order. Please continue with payment only if you recognize this order.',
  terms: 'Please read and accept the terms and conditions to proceed with your order.',
  invalidMethod: 'Invalid payment method.',
  nonce: 'We were unable to process your order, please try again.',
} as const;

/** `wc_get_order_status_name()`. */
const STATUS_NAMES: Readonly<Record<Order['status'], string>> = {
  pending: 'Pending payment',
  failed: 'Failed',
  processing: 'Processing',
  'on-hold': 'On hold',
};

/** `$order->needs_payment()`: pending or failed (a card payment refused), and something to pay. */
export function needsPayment(order: Order): boolean {
  return (order.status === 'pending' || order.status === 'failed') && order.total > 0;
}

/** `$order->get_checkout_order_received_url()` (the demo's pages print paths). */
export function orderReceivedPath(order: Order): string {
  return `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

/** `$order->get_checkout_payment_url()` (the demo's pages print paths). */
export function orderPayPath(order: Order): string {
  return `/checkout/order-pay/${order.id}/?pay_for_order=true&key=${encodeURIComponent(order.key)}`;
}

/** PHP's `empty()` of a posted value. */
const empty = (value: string | null): boolean => value === null || value === '' || value === '0';

// -- the post: WC_Form_Handler::pay_action() ----------------------------------------------------

/**
 * Pays order `id` with the posted form (`fields`: `$_POST`; `query`: `$_GET`), for `session`.
 * Returns where to send the shopper (the order-received page) once paid; otherwise null, with the
 * reason as an error notice in the session when WooCommerce adds one, and the page is printed
 * again (an order that cannot be paid for shows its error there; nothing is changed).
 */
export function payAction(
  store: DemoStore,
  session: Session,
  id: number,
  query: URLSearchParams,
  fields: URLSearchParams,
): string | null {
  if (!fields.has('woocommerce_pay') || !query.has('key')) return null;
  // `$_REQUEST`: the body, then the query string.
  const request = (name: string) => fields.get(name) ?? query.get(name);
  const nonce = request('woocommerce-pay-nonce') ?? request('_wpnonce');
  if (!store.verifyNonce(session, PAY_NONCE_ACTION, nonce)) {
    // WooCommerce 9.9 returns without a word here; the demo says why the form is shown again.
    store.addNotice(session, 'error', ORDER_PAY_TEXT.nonce);
    return null;
  }
  const order = findOrder(store, id, session);
  if (!order || order.key !== query.get('key') || !needsPayment(order)) return null;
  if (!empty(fields.get('terms-field')) && empty(fields.get('terms'))) {
    store.addNotice(session, 'error', ORDER_PAY_TEXT.terms);
    return null;
  }
  const gateway = findGateway(cleanText(fields.get('payment_method') ?? ''));
  if (!gateway) {
    store.addNotice(session, 'error', ORDER_PAY_TEXT.invalidMethod);
    return null;
  }
  order.paymentMethod = gateway.id;
  order.paymentMethodTitle = gateway.title;
  // `process_payment()` only runs without an error notice pending (`wc_notice_count( 'error' )`).
  if (session.notices.some((n) => n.type === 'error')) return null;
  if (gateway.id === CARD_GATEWAY_ID) {
    // The card gateway (demo/checkout/stripe.ts): the posted payment method, then the payment.
    const choice = readCardChoice(session, fields);
    if (!choice.ok) {
      store.addNotice(session, 'error', choice.message);
      return null;
    }
    const result = payWithCard(store, session, order, choice.choice);
    if (result.kind === 'declined') {
      store.addNotice(session, 'error', result.message);
      return null;
    }
    // 3-D Secure: back to this page with the confirmation route (`wp_redirect( '#wc-stripe-…' )`).
    if (result.kind === 'action') return `${orderPayPath(order)}${result.redirect}`;
    order.status = 'processing';
  } else {
    // WC_Gateway_COD / _BACS / _Cheque::process_payment(): the status.
    order.status = gateway.id === 'cod' ? 'processing' : 'on-hold';
  }
  // Then `WC()->cart->empty_cart()`.
  store.emptyCart(session);
  checkoutState(session).coupons = [];
  return orderReceivedPath(order);
}

// -- the page: WC_Shortcode_Checkout::order_pay() -----------------------------------------------

/** `checkout/form-pay.php`'s table: the lines, then `$order->get_order_item_totals()`. */
function orderTable(order: Order): string {
  const items = order.lines
    .map(
      (l) =>
        '\t\t\t\t\t\t\t\t\t\t\t<tr class="order_item">\n\t\t\t\t\t\t<td class="product-name">\n' +
        `\t\t\t\t\t\t\t${escapeHtml(l.name)}\t\t\t\t\t\t</td>\n` +
        `\t\t\t\t\t\t<td class="product-quantity"> <strong class="product-quantity">&times;&nbsp;${l.quantity}</strong></td>\n` +
        `\t\t\t\t\t\t<td class="product-subtotal">${priceHtml(l.total)}</td>\n\t\t\t\t\t</tr>\n`,
    )
    .join('');
  const totals: [string, string][] = [['Subtotal:', priceHtml(order.subtotal)]];
  if (order.discount > 0) totals.push(['Discount:', `-${priceHtml(order.discount)}`]);
  if (order.shippingMethod) {
    totals.push([
      'Shipping:',
      order.shippingCost > 0
        ? `${priceHtml(order.shippingCost)}&nbsp;<small class="shipped_via">via ${escapeHtml(order.shippingMethod)}</small>`
        : escapeHtml(order.shippingMethod),
    ]);
  }
  totals.push(['Total:', priceHtml(order.total)]);
  if (order.paymentMethodTitle) totals.push(['Payment method:', escapeHtml(order.paymentMethodTitle)]);
  const rows = totals
    .map(
      ([label, value]) =>
        '\t\t\t\t\t\t\t\t\t<tr>\n' +
        `\t\t\t\t\t\t<th scope="row" colspan="2">${label}</th>\n` +
        `\t\t\t\t\t\t<td class="product-total">${value}</td>\n\t\t\t\t\t</tr>\n`,
    )
    .join('');
  return (
    '\t<table class="shop_table">\n\t\t<thead>\n\t\t\t<tr>\n' +
    '\t\t\t\t<th class="product-name">Product</th>\n' +
    '\t\t\t\t<th class="product-quantity">Qty</th>\n' +
    '\t\t\t\t<th class="product-total">Totals</th>\n' +
    `\t\t\t</tr>\n\t\t</thead>\n\t\t<tbody>\n${items}\t\t\t\t\t</tbody>\n` +
    `\t\t<tfoot>\n${rows}\t\t\t\t\t</tfoot>\n\t</table>\n`
  );
}

/**
 * `checkout/payment-method.php` for every gateway: the chosen one (or the first) checked, its box
 * open. The card gateway's box offers a logged-in customer the saved card; no account can be made
 * here, so a guest gets no save checkbox.
 */
function paymentMethods(chosen: string, loggedIn: boolean, cards: readonly SavedCard[]): string {
  const current = GATEWAYS.some((g) => g.id === chosen) ? chosen : (GATEWAYS[0]?.id ?? '');
  return GATEWAYS.map((g) =>
    paymentMethodItem(g, g.id === current, { loggedIn, guestMaySave: false, cards }),
  ).join('');
}

/**
 * `checkout/terms.php`: the privacy text and the terms (the same as on the checkout,
 * demo/checkout/markup.ts), the box ticked when the form was posted with it (`isset( $_POST['terms'] )`).
 */
function terms(origin: string, checked: boolean): string {
  return (
    '<div class="woocommerce-terms-and-conditions-wrapper">\r\n' +
    `\t\t<div class="woocommerce-privacy-policy-text"><p>Your personal data will be used to process your order, support your experience throughout this website, and for other purposes described in our <a href="${escapeHtml(origin)}/privacy-policy/" class="woocommerce-privacy-policy-link" target="_blank">privacy policy</a>.</p>\n</div>\r\n` +
    termsAndConditions(origin, checked) +
    '\t\t\t</div>\r\n'
  );
}

interface FormPayInput {
  store: DemoStore;
  session: Session;
  order: Order;
  origin: string;
  /** `$_SERVER['REQUEST_URI']`: the nonce field's `_wp_http_referer`. */
  requestUri: string;
  posted: URLSearchParams | undefined;
}

/** `checkout/form-pay.php`. */
function formPay(input: FormPayInput): string {
  const { store, session, order, origin } = input;
  const button = escapeHtml(ORDER_PAY_TEXT.button);
  return (
    '<form id="order_review" method="post">\n\n' +
    orderTable(order) +
    '\n\t\n\t<div id="payment">\n' +
    `\t\t\t\t\t<ul class="wc_payment_methods payment_methods methods">\n\t\t\t\t${paymentMethods(checkoutState(session).chosenPayment, session.loggedIn !== null, savedCards(session))}\t\t\t</ul>\n` +
    '\t\t\t\t<div class="form-row">\n\t\t\t<input type="hidden" name="woocommerce_pay" value="1" />\n\n' +
    `\t\t\t${terms(origin, input.posted?.has('terms') ?? false)}\n\t\t\t\n\n` +
    `\t\t\t<button type="submit" class="button alt" id="place_order" value="${button}" data-value="${button}">${button}</button>\n\t\t\t\n\n` +
    `\t\t\t<input type="hidden" id="woocommerce-pay-nonce" name="woocommerce-pay-nonce" value="${escapeHtml(store.nonce(session, PAY_NONCE_ACTION))}" />` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(input.requestUri)}" />\t\t</div>\n\t</div>\n</form>\n`
  );
}

/** `checkout/order-receipt.php` (the demo's gateways print nothing for `woocommerce_receipt_{id}`). */
function orderReceipt(order: Order): string {
  const method = order.paymentMethodTitle
    ? `\t\t<li class="method">\n\t\t\tPayment method:\t\t\t<strong>${escapeHtml(order.paymentMethodTitle)}</strong>\n\t\t</li>\n\t`
    : '';
  return (
    '<ul class="order_details">\n' +
    `\t<li class="order">\n\t\tOrder number:\t\t<strong>${order.id}</strong>\n\t</li>\n` +
    `\t<li class="date">\n\t\tDate:\t\t<strong>${formatDate(order.created)}</strong>\n\t</li>\n` +
    `\t<li class="total">\n\t\tTotal:\t\t<strong>${priceHtml(order.total)}</strong>\n\t</li>\n` +
    `${method}</ul>\n\n\n<div class="clear"></div>\n`
  );
}

export interface OrderPayPageInput {
  store: DemoStore;
  session: Session;
  islands: PageContext['islands'];
  /** The page's origin: WooCommerce prints absolute URLs. */
  origin: string;
  /** The order id of the path (`/checkout/order-pay/{id}/`). */
  id: number;
  /** `$_GET`. */
  query: URLSearchParams;
  /** `$_SERVER['REQUEST_URI']`. */
  requestUri: string;
  /** The form, when the page is printed again after its post (`$_POST`). */
  posted?: URLSearchParams;
  /** The session's notices (`woocommerce_output_all_notices` at `before_woocommerce_pay`). */
  notices?: readonly Notice[];
}

/** The page's `div.woocommerce`. */
export function orderPayContent(input: OrderPayPageInput): string {
  const { store, session, id, query } = input;
  const notices = input.notices ?? [];
  const wrapper =
    '<div class="woocommerce-notices-wrapper">' +
    printNotices({
      error: notices.filter((n) => n.type === 'error').map((n) => ({ html: n.html })),
      success: notices.filter((n) => n.type === 'success').map((n) => n.html),
      notice: notices.filter((n) => n.type === 'notice').map((n) => n.html),
    }) +
    '</div>';
  const error = (html: string) => errorNotices([{ html }]);
  const block = (html: string) => `<div class="woocommerce">${html}</div>`;
  const key = query.get('key');
  const order = id > 0 ? findOrder(store, id, session) : undefined;
  const known = !!order && key !== null && order.key === key;

  if (id <= 0) return block(wrapper + error(ORDER_PAY_TEXT.invalidOrder));
  if (!query.has('pay_for_order') || key === null) {
    // The order's page after a checkout's redirect (`order-receipt.php`), or why it cannot be paid.
    if (!known) return block(wrapper + error(ORDER_PAY_TEXT.invalid));
    return block(
      wrapper + (needsPayment(order) ? orderReceipt(order) : error(ORDER_PAY_TEXT.notPayable(order))),
    );
  }
  if (!known) return block(wrapper + error(ORDER_PAY_TEXT.invalid));
  // A logged-in shopper paying an order placed without an account, for another address.
  const guest =
    session.loggedIn !== null && order.billing.email !== DEMO_USER.email
      ? error(ORDER_PAY_TEXT.guestOrder)
      : '';
  if (!needsPayment(order)) return block(wrapper + guest + error(ORDER_PAY_TEXT.notPayable(order)));

  const fallback =
    wrapper +
    guest +
    formPay({
      store,
      session,
      order,
      origin: input.origin,
      requestUri: input.requestUri,
      posted: input.posted,
    });
  // `wc_checkout_params.is_checkout` is 0 on the order-pay endpoint.
  // The card gateway's settings for this order (`isOrderPay`, its total).
  const props = {
    ...checkoutIslandProps(store, session, input.origin),
    isCheckout: false,
    stripe: stripeSettings(store, session, input.origin, { order }),
  };
  // The Stripe gateway's express buttons pay this order too (above the form, outside its island).
  const express = expressCheckoutIsland(
    { islands: input.islands, session, url: new URL(input.origin) },
    store,
    { kind: 'order-pay', order },
  );
  return block(express + input.islands.render('checkout', props, fallback, { hydrate: 'load' }));
}

/** The whole page (Storefront's layout around the shortcode's output). */
export function renderOrderPay(
  ctx: PageContext,
  options: { store: DemoStore; id: number; posted?: URLSearchParams },
): string {
  const content = orderPayContent({
    store: options.store,
    session: ctx.session,
    islands: ctx.islands,
    origin: ctx.url.origin,
    id: options.id,
    query: ctx.url.searchParams,
    requestUri: ctx.url.pathname + ctx.url.search,
    posted: options.posted,
    notices: ctx.notices,
  });
  const main =
    '<article class="page type-page status-publish hentry"><header class="entry-header">' +
    `<h1 class="entry-title">${ORDER_PAY_TEXT.title}</h1></header>` +
    `<div class="entry-content">${content}</div></article>`;
  // The notices are printed inside the page's block (`before_woocommerce_pay`).
  return renderDocument(
    { ...ctx, notices: [] },
    {
      title: ORDER_PAY_TEXT.title,
      bodyClass: 'page woocommerce-checkout woocommerce-order-pay',
      main,
      // The card gateway's Stripe.js (the demo's test double), before the loader.
      scripts: stripeDoubleScripts(ctx.url),
    },
  );
}

export type OrderPayOutcome = { location: string } | { page: (ctx: PageContext) => string };

/**
 * `/checkout/order-pay/{id}/` for demo/site.ts: a post of the form (`woocommerce_pay` and a `key` in
 * the query) is handled first; paid, the shopper goes to the order-received page, otherwise the
 * page is printed (with the post's notices and its terms box).
 */
export function handleOrderPay(
  store: DemoStore,
  session: Session,
  id: number,
  request: { method: string; url: URL; fields: URLSearchParams },
): OrderPayOutcome {
  const posted = request.method === 'POST' ? request.fields : undefined;
  if (posted) {
    const location = payAction(store, session, id, request.url.searchParams, posted);
    if (location) return { location };
  }
  return { page: (ctx) => renderOrderPay(ctx, { store, id, posted }) };
}
