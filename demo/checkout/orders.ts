/**
 * The demo's checkout state, as WooCommerce 9.9 keeps it (checkout.md §3, §7; samples 41–56):
 * coupons, the customer's address and chosen shipping / payment method per session, shipping zones
 * and rates, payment gateways, and orders recorded with an id and an order key.
 *
 * The session object belongs to store.ts; the checkout's part of it is kept here, per session
 * object (a WeakMap, so `resetStore()` forgets it with the sessions), and orders per store.
 */
import { escapeHtml, formatAmount } from '../html';
import type { CartLine, DemoStore, Session } from '../store';

// -- coupons -----------------------------------------------------------------------------------

export interface Coupon {
  code: string;
  /** WooCommerce's discount types: a percentage of the cart, or a fixed amount off the cart. */
  type: 'percent' | 'fixed_cart';
  amount: number;
  /** Expired coupons are refused (sample 46). */
  expired?: boolean;
  /** The minimum spend (cart subtotal), refused below it (sample 47). */
  minimumSpend?: number;
}

/** The demo's coupons: the codes of samples 43–49. */
export const COUPONS: Readonly<Record<string, Coupon>> = {
  save10: { code: 'save10', type: 'percent', amount: 10 },
  fiveoff: { code: 'fiveoff', type: 'fixed_cart', amount: 5 },
  expired1: { code: 'expired1', type: 'percent', amount: 20, expired: true },
  min500: { code: 'min500', type: 'fixed_cart', amount: 50, minimumSpend: 500 },
};

/**
 * `wc_price()` after `wp_kses`: WooCommerce's coupon row and minimum-spend notice have no `<bdi>`
 * (samples 47, 50).
 */
export function plainPriceHtml(amount: number): string {
  return (
    '<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&euro;</span>' +
    `${formatAmount(amount)}</span>`
  );
}

/** The notice texts of samples 43–49 and WooCommerce 9.9's others. HTML; codes are escaped. */
export const COUPON_TEXT = {
  applied: 'Coupon code applied successfully.',
  removed: 'Coupon has been removed.',
  alreadyApplied: (code: string) => `Coupon code &quot;${escapeHtml(code)}&quot; already applied!`,
  notExist: (code: string) => `Coupon &quot;${escapeHtml(code)}&quot; does not exist!`,
  expired: (code: string) => `Coupon &quot;${escapeHtml(code)}&quot; has expired.`,
  minimumSpend: (code: string, amount: number) =>
    `The minimum spend for coupon &quot;${escapeHtml(code)}&quot; is ${plainPriceHtml(amount)}.`,
  pleaseEnter: 'Please enter a coupon code.',
  removeProblem: 'Sorry there was a problem removing this coupon.',
} as const;

/**
 * `wc_format_coupon_code()`: entities decoded, tags stripped (`wc_sanitize_coupon_code`), lower
 * case, trimmed. The result is still text: it is escaped wherever it is printed.
 */
export function formatCouponCode(value: string): string {
  const decoded = value
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return decoded
    .replace(/<[^>]*>?/g, '')
    .trim()
    .toLowerCase()
    .slice(0, 200);
}

// -- shipping ----------------------------------------------------------------------------------

export interface ShippingRate {
  /** `flat_rate:1`. */
  id: string;
  methodId: 'flat_rate' | 'free_shipping';
  label: string;
  cost: number;
}

/** Free shipping in Ireland from this amount (the cart after discounts, as WooCommerce checks it). */
export const FREE_SHIPPING_MIN = 50;

/**
 * The two zones: Ireland (flat rate €5, free shipping from €50) and everywhere else (flat rate
 * €15). WooCommerce's "Locations not covered by your other zones" catches every other code,
 * including an empty or unknown one.
 */
export function shippingRates(country: string, discountedSubtotal: number): ShippingRate[] {
  if (country === 'IE') {
    const rates: ShippingRate[] = [{ id: 'flat_rate:1', methodId: 'flat_rate', label: 'Flat rate', cost: 5 }];
    if (discountedSubtotal >= FREE_SHIPPING_MIN) {
      rates.push({ id: 'free_shipping:2', methodId: 'free_shipping', label: 'Free shipping', cost: 0 });
    }
    return rates;
  }
  return [{ id: 'flat_rate:3', methodId: 'flat_rate', label: 'Flat rate', cost: 15 }];
}

// -- payment gateways ------------------------------------------------------------------------

export interface Gateway {
  id: string;
  title: string;
  /** The box's text (the card gateway prints its own fields instead: demo/checkout/stripe.ts). */
  description: string;
  /** `order_button_text`: none of them has one (`data-order_button_text=""`, samples 40, 41). */
  orderButtonText: string;
}

/** The card gateway's id (WooCommerce Stripe Gateway 9.x, `WC_Stripe_UPE_Payment_Gateway::ID`). */
export const CARD_GATEWAY_ID = 'stripe';
/** Its title setting, as the recorded store has it (sample 40). */
export const CARD_GATEWAY_TITLE = 'Credit / Debit Card';

/**
 * The enabled gateways in WooCommerce's order (COD is enabled for every country and method), then
 * the card gateway of the recorded store (sample 40), whose payments demo/checkout/stripe.ts makes.
 */
export const GATEWAYS: readonly Gateway[] = [
  { id: 'cod', title: 'Cash on delivery', description: 'Pay with cash upon delivery.', orderButtonText: '' },
  {
    id: 'bacs',
    title: 'Direct bank transfer',
    description:
      'Make your payment directly into our bank account. Please use your Order ID as the payment reference. ' +
      'Your order will not be shipped until the funds have cleared in our account.',
    orderButtonText: '',
  },
  {
    id: 'cheque',
    title: 'Check payments',
    description:
      'Please send a check to Store Name, Store Street, Store Town, Store State / County, Store Postcode.',
    orderButtonText: '',
  },
  { id: CARD_GATEWAY_ID, title: CARD_GATEWAY_TITLE, description: '', orderButtonText: '' },
];

export function findGateway(id: string): Gateway | undefined {
  return GATEWAYS.find((g) => g.id === id);
}

// -- per-session state -------------------------------------------------------------------------

/** An address without its prefix (`country`, `state`, `postcode`, `city`, `address_1`, …). */
export type Address = Record<string, string>;

export interface CheckoutState {
  /** Applied coupon codes, in order. */
  coupons: string[];
  billing: Address;
  shipping: Address;
  /** `chosen_shipping_methods`: package index → rate id. */
  chosenShipping: Record<number, string>;
  chosenPayment: string;
}

const states = new WeakMap<Session, CheckoutState>();

/** The session's checkout state (the customer's location defaults to the store's country, IE). */
export function checkoutState(session: Session): CheckoutState {
  let state = states.get(session);
  if (!state) {
    state = {
      coupons: [],
      billing: { country: 'IE' },
      shipping: { country: 'IE' },
      chosenShipping: {},
      chosenPayment: '',
    };
    states.set(session, state);
  }
  return state;
}

// -- totals ------------------------------------------------------------------------------------

export interface CouponLine {
  code: string;
  discount: number;
}

export interface Totals {
  lines: CartLine[];
  subtotal: number;
  coupons: CouponLine[];
  discount: number;
  /** Package 0's rates for the shipping destination. */
  rates: ShippingRate[];
  /** The chosen rate (a valid one, WooCommerce's default otherwise), or undefined without rates. */
  chosen: ShippingRate | undefined;
  shippingCost: number;
  total: number;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * The cart's totals for the session: percentage coupons on the subtotal, then fixed-cart ones on
 * what is left (never below 0), the chosen shipping rate (WooCommerce falls back to the first
 * rate when the chosen one is not offered), total.
 */
export function totals(store: DemoStore, session: Session): Totals {
  const state = checkoutState(session);
  const lines = store.cartLines(session);
  const subtotal = store.cartSubtotal(session);
  const applied = state.coupons.map((code) => COUPONS[code]).filter((c): c is Coupon => c !== undefined);
  const coupons: CouponLine[] = applied.map((c) => ({ code: c.code, discount: 0 }));
  let left = subtotal;
  for (const [i, coupon] of applied.entries()) {
    if (coupon.type !== 'percent') continue;
    const discount = Math.min(left, round2((subtotal * coupon.amount) / 100));
    coupons[i]!.discount = discount;
    left = round2(left - discount);
  }
  for (const [i, coupon] of applied.entries()) {
    if (coupon.type !== 'fixed_cart') continue;
    const discount = Math.min(left, coupon.amount);
    coupons[i]!.discount = discount;
    left = round2(left - discount);
  }
  const discount = round2(subtotal - left);
  const rates = shippingRates(state.shipping.country ?? '', left);
  const wanted = state.chosenShipping[0];
  const chosen = rates.find((r) => r.id === wanted) ?? rates[0];
  if (chosen) state.chosenShipping[0] = chosen.id;
  const shippingCost = chosen?.cost ?? 0;
  return {
    lines,
    subtotal,
    coupons,
    discount,
    rates,
    chosen,
    shippingCost,
    total: round2(left + shippingCost),
  };
}

/** What applying a coupon did: the notice type and its HTML text. */
export interface CouponResult {
  ok: boolean;
  message: string;
}

/** `WC_Cart::add_discount()` with WooCommerce's checks and words (samples 43–48). */
export function applyCoupon(store: DemoStore, session: Session, rawCode: string): CouponResult {
  const code = formatCouponCode(rawCode);
  if (code === '') return { ok: false, message: COUPON_TEXT.pleaseEnter };
  const coupon = Object.hasOwn(COUPONS, code) ? COUPONS[code] : undefined;
  if (!coupon) return { ok: false, message: COUPON_TEXT.notExist(code) };
  if (coupon.expired) return { ok: false, message: COUPON_TEXT.expired(code) };
  if (coupon.minimumSpend !== undefined && store.cartSubtotal(session) < coupon.minimumSpend) {
    return { ok: false, message: COUPON_TEXT.minimumSpend(code, coupon.minimumSpend) };
  }
  const state = checkoutState(session);
  if (state.coupons.includes(code)) return { ok: false, message: COUPON_TEXT.alreadyApplied(code) };
  state.coupons.push(code);
  return { ok: true, message: COUPON_TEXT.applied };
}

/** `WC_Cart::remove_coupon()`: removing a code that is not applied is not an error (as WooCommerce). */
export function removeCoupon(session: Session, rawCode: string): CouponResult {
  const code = formatCouponCode(rawCode);
  if (code === '') return { ok: false, message: COUPON_TEXT.removeProblem };
  const state = checkoutState(session);
  state.coupons = state.coupons.filter((c) => c !== code);
  return { ok: true, message: COUPON_TEXT.removed };
}

// -- orders ------------------------------------------------------------------------------------

export interface OrderLine {
  name: string;
  quantity: number;
  total: number;
  /** The product's permalink (with the chosen attributes for a variation). */
  url: string;
}

/**
 * What the card gateway records on an order (WooCommerce-Stripe's `_stripe_intent_id`,
 * `_stripe_source_id` and the saved token's id).
 */
export interface CardPaymentRecord {
  /** The payment intent: `pi_` + 24 letters and digits. */
  intentId: string;
  /** The intent's client secret (`{intentId}_secret_…`), when the shopper has to confirm it. */
  clientSecret: string;
  /** The payment method charged (`pm_…`). */
  paymentMethodId: string;
  /** The saved payment method's token id, when the shopper paid with one. */
  token: string | null;
  /** The shopper asked to save the new payment method (`wc-stripe-new-payment-method=true`). */
  savePaymentMethod: boolean;
}

export interface Order {
  id: number;
  /** `wc_order_` + 13 letters and digits (`wc_generate_order_key()`). */
  key: string;
  created: Date;
  /**
   * `pending`: awaiting payment (an order the shop manager made, paid on the order-pay page; a card
   * payment waiting for 3-D Secure); `failed`: its payment failed (payable again).
   */
  status: 'pending' | 'failed' | 'processing' | 'on-hold';
  paymentMethod: string;
  paymentMethodTitle: string;
  lines: OrderLine[];
  subtotal: number;
  discount: number;
  coupons: CouponLine[];
  shippingCost: number;
  shippingMethod: string;
  total: number;
  billing: Address;
  shipping: Address;
  customerNote: string;
  /** The card gateway's payment (demo/checkout/stripe.ts); none for the other gateways. */
  card?: CardPaymentRecord;
}

const ordersByStore = new WeakMap<DemoStore, Map<number, Order>>();

function ordersOf(store: DemoStore): Map<number, Order> {
  let orders = ordersByStore.get(store);
  if (!orders) {
    orders = new Map();
    ordersByStore.set(store, orders);
  }
  return orders;
}

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `wc_generate_order_key()`: `wc_order_` + `wp_generate_password(13, false)`. */
export function generateOrderKey(): string {
  const bytes = new Uint8Array(13);
  globalThis.crypto.getRandomValues(bytes);
  return 'wc_order_' + Array.from(bytes, (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
}

export interface PlaceOrderInput {
  paymentMethod: string;
  billing: Address;
  shipping: Address;
  customerNote: string;
}

/**
 * WooCommerce's `order_awaiting_payment` session value: the order the session's last checkout made
 * whose payment is not done (a card payment waiting for 3-D Secure, or failed). The next checkout
 * of the session takes that order again (`WC_Checkout::create_order()`) instead of making another.
 */
const awaitingPayment = new WeakMap<Session, number>();

/** The session's order awaiting payment, while it is pending or failed. */
export function orderAwaitingPayment(store: DemoStore, session: Session): Order | undefined {
  const id = awaitingPayment.get(session);
  const order = id === undefined ? undefined : findOrder(store, id);
  return order && (order.status === 'pending' || order.status === 'failed') ? order : undefined;
}

/**
 * `WC_Checkout::create_order()`: the session's cart as an order, pending payment: the order awaiting
 * payment updated (same id and key), else a new one (id from the store's counter, a new key). The
 * cart is left as it is: it is emptied once the order is paid ({@link completeOrder}).
 */
export function createOrder(store: DemoStore, session: Session, input: PlaceOrderInput): Order {
  const t = totals(store, session);
  const gateway = findGateway(input.paymentMethod);
  const contents = {
    status: 'pending' as const,
    paymentMethod: input.paymentMethod,
    paymentMethodTitle: gateway?.title ?? '',
    lines: t.lines.map((l) => ({
      name: l.name,
      quantity: l.item.quantity,
      total: l.lineTotal,
      url: l.url,
    })),
    subtotal: t.subtotal,
    discount: t.discount,
    coupons: t.coupons,
    shippingCost: t.shippingCost,
    shippingMethod: t.chosen?.label ?? '',
    total: t.total,
    billing: { ...input.billing },
    shipping: { ...input.shipping },
    customerNote: input.customerNote,
  };
  const awaiting = orderAwaitingPayment(store, session);
  if (awaiting) {
    Object.assign(awaiting, contents);
    delete awaiting.card;
    return awaiting;
  }
  // The store's counter (`DemoStore.placeOrder()` also empties the cart: it is put back).
  const cart = session.cart;
  const id = store.placeOrder(session);
  session.cart = cart;
  const recorded = ordersOf(store);
  // The store's counter starts again after `resetStore()`: the orders before it are forgotten too.
  if ([...recorded.keys()].some((known) => known >= id)) recorded.clear();
  const order: Order = { id, key: generateOrderKey(), created: new Date(), ...contents };
  recorded.set(id, order);
  awaitingPayment.set(session, id);
  return order;
}

/**
 * The order's payment is done (or, for the offline gateways, the order is placed): its new status,
 * then the cart emptied and the applied coupons forgotten, no order awaiting payment any more.
 */
export function completeOrder(
  store: DemoStore,
  session: Session,
  order: Order,
  status: 'processing' | 'on-hold',
): void {
  order.status = status;
  store.emptyCart(session);
  checkoutState(session).coupons = [];
  if (awaitingPayment.get(session) === order.id) awaitingPayment.delete(session);
}

/**
 * Records the session's cart as an order placed with an offline gateway (COD: processing; the
 * others: on hold), then empties the cart and forgets the applied coupons, as WooCommerce does
 * after a placed order.
 */
export function placeOrder(store: DemoStore, session: Session, input: PlaceOrderInput): Order {
  const order = createOrder(store, session, input);
  completeOrder(store, session, order, input.paymentMethod === 'cod' ? 'processing' : 'on-hold');
  return order;
}

/**
 * A recorded order, or undefined. With `session`, the seeded pending order
 * ({@link PAY_FOR_ORDER_ID}) is found too: that session's copy of it.
 */
export function findOrder(store: DemoStore, id: number, session?: Session): Order | undefined {
  if (session && id === PAY_FOR_ORDER_ID) return pendingOrderOf(session);
  // No session left: the store was reset (`resetStore()`), its orders with it.
  if (store.sessionCount === 0) ordersOf(store).clear();
  return ordersOf(store).get(id);
}

/** Every order recorded (tests). */
export function allOrders(store: DemoStore): Order[] {
  if (store.sessionCount === 0) ordersOf(store).clear();
  return [...ordersOf(store).values()];
}

// -- the seeded pending order ------------------------------------------------------------------

/**
 * The order of WooCommerce's "customer payment page": made by the shop manager for a guest
 * (2 × Training Ball, flat rate shipping to Dublin), status pending, paid by the customer at
 * `/checkout/order-pay/99/?pay_for_order=true&key=wc_order_q7RkT2vXm9LpA` (demo/checkout/order-pay.ts).
 * Its id is below the store's first order number (100), so no placed order takes it.
 */
export const PAY_FOR_ORDER_ID = 99;
export const PAY_FOR_ORDER_KEY = 'wc_order_q7RkT2vXm9LpA';
/** The customer payment page of the seeded order (`$order->get_checkout_payment_url()`). */
export const PAY_FOR_ORDER_PATH = `/checkout/order-pay/${PAY_FOR_ORDER_ID}/?pay_for_order=true&key=${PAY_FOR_ORDER_KEY}`;

/**
 * A new copy of the seeded order, pending. No billing e-mail, as an order made by hand may have:
 * WooCommerce then asks no e-mail verification before showing its order-pay and order-received
 * pages (`Users::should_user_verify_order_email()`).
 */
function seededPendingOrder(): Order {
  const quantity = 2;
  const unit = 14.99; // Training Ball's sale price (demo/fixtures.ts, product 16)
  const subtotal = round2(unit * quantity);
  const address: Address = {
    first_name: 'Aoife',
    last_name: 'Byrne',
    address_1: '12 Main Street',
    city: 'Dublin',
    state: 'D',
    postcode: 'D02 X285',
    country: 'IE',
  };
  return {
    id: PAY_FOR_ORDER_ID,
    key: PAY_FOR_ORDER_KEY,
    created: new Date('2026-09-28T09:30:00Z'),
    status: 'pending',
    paymentMethod: '',
    paymentMethodTitle: '',
    lines: [{ name: 'Training Ball', quantity, total: subtotal, url: '/product/training-ball/' }],
    subtotal,
    discount: 0,
    coupons: [],
    shippingCost: 5,
    shippingMethod: 'Flat rate',
    total: round2(subtotal + 5),
    billing: { ...address },
    shipping: { ...address },
    customerNote: '',
  };
}

/**
 * Every session (every visitor of the demo, and every test's browser) has its own copy of the seeded
 * order, as it has its own cart: one visitor paying it leaves it pending for the next. Within a
 * session it is paid once. Kept per session object, so `resetStore()` forgets the copies too.
 */
const pendingOrders = new WeakMap<Session, Order>();

function pendingOrderOf(session: Session): Order {
  let order = pendingOrders.get(session);
  if (!order) {
    order = seededPendingOrder();
    pendingOrders.set(session, order);
  }
  return order;
}
