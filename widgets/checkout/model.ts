/**
 * The checkout's rules (checkout.md §4 "Checkout form", "Place-order result", "Order review
 * recalculation", "Payment method list"; §7 "Checkout and order review"). Pure: no DOM, no React,
 * no fetch. The island reads the form into plain values, asks these functions what to do, and does
 * it.
 */

/** The order review's debounce after typing in an address field (§9: 1000 ms). */
export const REVIEW_DEBOUNCE_MS = 1000;
/** The delay before a triggered recalculation is sent (§9 "update trigger delay": 5 ms). */
export const REVIEW_TRIGGER_MS = 5;

/** The address fields `update_order_review` carries, as its payload names them (§7). */
const REVIEW_ADDRESS: readonly (readonly [payload: string, field: string])[] = [
  ['country', 'country'],
  ['state', 'state'],
  ['postcode', 'postcode'],
  ['city', 'city'],
  ['address', 'address_1'],
  ['address_2', 'address_2'],
];

export interface ReviewInput {
  /** The page's `update_order_review_nonce`. */
  nonce: string;
  /** Every successful control of the form, in document order (what a form serialises). */
  form: readonly (readonly [name: string, value: string])[];
  /** The chosen payment method's id ('' when none). */
  paymentMethod: string;
  /** 'Ship to a different address' is ticked. */
  shipToDifferentAddress: boolean;
  /** Every shown, required address field has a value (`hasFullAddress`). */
  hasFullAddress: boolean;
}

/**
 * The `update_order_review` body (§7), in WooCommerce's order: `security`, `payment_method`, the
 * billing address (`country` … `address_2`), the shipping one (`s_country` … `s_address_2`: the
 * shipping fields when shipping elsewhere, else the billing ones again), `has_full_address`,
 * `post_data` (the whole form, serialised) and each package's `shipping_method[i]`.
 */
export function reviewPayload(input: ReviewInput): URLSearchParams {
  const value = (name: string): string => input.form.find(([key]) => key === name)?.[1] ?? '';
  const body = new URLSearchParams();
  body.append('security', input.nonce);
  body.append('payment_method', input.paymentMethod);
  for (const [payload, field] of REVIEW_ADDRESS) body.append(payload, value(`billing_${field}`));
  const shipping = input.shipToDifferentAddress ? 'shipping_' : 'billing_';
  for (const [payload, field] of REVIEW_ADDRESS) body.append(`s_${payload}`, value(`${shipping}${field}`));
  body.append('has_full_address', String(input.hasFullAddress));
  body.append('post_data', new URLSearchParams(input.form.map(([k, v]) => [k, v])).toString());
  for (const [name, chosen] of input.form) {
    if (/^shipping_method\[[^\]]*\]$/.test(name)) body.append(name, chosen);
  }
  return body;
}

/**
 * Whether a key typed in an address text field queues a recalculation (§4: typing queues it for
 * 1000 ms after the last key; Tab does not). Keys that change nothing (arrows, modifiers alone) do
 * not queue either: only what can change the value counts.
 */
export function keyQueuesReview(key: string): boolean {
  if (key === 'Tab') return false;
  if (key.length === 1) return true; // a character
  return key === 'Backspace' || key === 'Delete' || key === 'Enter' || key === 'Unidentified';
}

/** One payment method of the list, as the page prints it. */
export interface PaymentMethod {
  id: string;
  /** The place-order button's text for it (`data-order_button_text`), '' when it has none. */
  orderButtonText: string;
  /** Billing countries it is offered in; empty: everywhere. */
  countries: readonly string[];
}

/** The methods offered for a billing country (§4: a non-empty `countries` list filters). */
export function offeredMethods(methods: readonly PaymentMethod[], billingCountry: string): PaymentMethod[] {
  return methods.filter((m) => m.countries.length === 0 || m.countries.includes(billingCountry));
}

/**
 * The method chosen once the list is `offered`: the current one if it is still offered, else the
 * first (§4: "If nothing is selected, the first method is selected"; a method no longer offered is
 * unselected). '' when nothing is offered.
 */
export function chosenMethod(offered: readonly PaymentMethod[], current: string): string {
  if (offered.some((m) => m.id === current)) return current;
  return offered[0]?.id ?? '';
}

/** Whether the radios are shown: a single method's radio is hidden (§4). */
export const showMethodRadios = (offered: readonly PaymentMethod[]): boolean => offered.length > 1;

/** The place-order button's text: the chosen method's own, else the page's default. */
export function placeOrderText(
  offered: readonly PaymentMethod[],
  chosen: string,
  defaultText: string,
): string {
  const own = offered.find((m) => m.id === chosen)?.orderButtonText.trim() ?? '';
  return own === '' ? defaultText : own;
}

/** What the island does with the checkout POST's answer (§4 "Place-order result", §8). */
export type PlaceOrderOutcome =
  /** Go to the order-received (or payment) page. */
  | { kind: 'navigate'; url: string }
  /** WooCommerce asked for a reload (a new session, a changed cart). */
  | { kind: 'reload' }
  /** Show these notices; recalculate the review first when `refresh`. */
  | { kind: 'notices'; html: string; refresh: boolean; generic: boolean }
  /** The answer's redirect leads off the store: refused, the shopper is told (never followed). */
  | { kind: 'refused-redirect'; url: string };

/** The checkout answer as `src/contract/checkout` reads it. */
export type CheckoutAnswerLike =
  | { kind: 'success'; redirect: string }
  | { kind: 'failure'; messages: string; refresh: boolean; reload: boolean }
  | { kind: 'invalid'; reason: string };

/**
 * The outcome of a checkout answer (§4): success → the redirect, which must be same-origin http(s)
 * (`isSameOrigin`: a payment provider's off-site page is reached through the store's own redirect,
 * never straight from an answer); failure → reload, or the messages (the generic error when there
 * are none); an unreadable answer → the generic error.
 */
export function placeOrderOutcome(
  answer: CheckoutAnswerLike,
  isSameOrigin: (url: string) => boolean,
): PlaceOrderOutcome {
  switch (answer.kind) {
    case 'success':
      return isSameOrigin(answer.redirect)
        ? { kind: 'navigate', url: answer.redirect }
        : { kind: 'refused-redirect', url: answer.redirect };
    case 'failure':
      if (answer.reload) return { kind: 'reload' };
      return answer.messages.trim() === ''
        ? { kind: 'notices', html: '', refresh: answer.refresh, generic: true }
        : { kind: 'notices', html: answer.messages, refresh: answer.refresh, generic: false };
    case 'invalid':
      return { kind: 'notices', html: '', refresh: false, generic: true };
  }
}

/**
 * The place-order failure with no messages, or a network error (checkout.md §8, word for word):
 * 'order history' links to the account's orders.
 */
export const GENERIC_CHECKOUT_ERROR = {
  before:
    'There was an error processing your order. Please check for any charges in your payment method and review your ',
  link: 'order history',
  after: ' before placing the order again.',
} as const;

/** Field ids named by the server's messages (`<li data-id="billing_email">`), in order, unique. */
export function fieldIdsOfMessages(ids: readonly (string | null)[]): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    if (id && /^[A-Za-z][\w-]*$/.test(id)) seen.add(id);
  }
  return [...seen];
}
