/**
 * The shipping calculator's rules (checkout.md §2 "Cart page"; WooCommerce 9.9's cart.js and
 * `WC_Shortcode_Cart::calculate_shipping()`, matched in behaviour): what the cart page's answer
 * means, which of its notices are shown and read out, what is kept of what the shopper typed, and
 * where the focus goes. Pure: no React, no DOM, no fetch.
 */

/** The calculator's fields, by the name the form posts them under. */
export const PREFIX = 'calc_shipping';
export const TYPED_KEYS = ['country', 'state', 'city', 'postcode'] as const;
export type TypedKey = (typeof TYPED_KEYS)[number];
export type Typed = Record<TypedKey, string>;

/**
 * Ours: WooCommerce's cart.js says nothing when the post fails (its totals just stay blocked, then
 * unblocked). The shopper is told, and the calculator keeps what they typed.
 */
export const CALCULATE_FAILED = 'Shipping costs could not be updated. Please try again.';

/** What the cart page sent back, read by `answer.ts`. */
export interface AnswerFacts {
  /** It has a `div.cart_totals`. */
  totals: boolean;
  /** It is the empty cart (`.wc-empty-cart-message`, `.cart-empty`): the session's cart is gone. */
  emptyCart: boolean;
}

/**
 * - `replace`: the totals (and the notices) take the answer's place;
 * - `emptied`: the cart is empty now: the page is loaded again (WooCommerce replaces the whole cart
 *   with the answer's empty-cart message; the island does not reach beyond the totals);
 * - `malformed`: not a cart page (an error page with status 200, a proxy's page, JSON…): nothing
 *   is replaced, the shopper is told and keeps the form as filled in.
 */
export type Outcome = 'replace' | 'emptied' | 'malformed';

export function outcomeOf(facts: AnswerFacts): Outcome {
  if (facts.totals) return 'replace';
  return facts.emptyCart ? 'emptied' : 'malformed';
}

/** One notice of the answer, as `answer.ts` read it. */
export interface NoticeFacts {
  /** Its text, as a screen reader would read it. */
  text: string;
  /** An error notice (`woocommerce-error`, `is-error`). */
  error: boolean;
  /** It is a live region that announces itself when it enters the page (`role="alert"`). */
  alert: boolean;
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** cart.js's `remove_duplicate_notices`: a notice whose text was already shown is dropped. */
export function uniqueNotices<T extends { text: string }>(notices: readonly T[]): T[] {
  const seen = new Set<string>();
  return notices.filter((notice) => {
    const key = normalise(notice.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface Announcement {
  message: string;
  politeness: 'polite' | 'assertive';
}

/**
 * What is read out once the answer is on the page: each notice's text, errors assertively, except
 * the `role="alert"` ones (they announce themselves as they enter the page: said once, not twice).
 * 'Shipping costs updated.' is WooCommerce's `role="status"` notice, which a screen reader does not
 * read when it is inserted with its text already in it: it is said here.
 */
export function announcements(notices: readonly NoticeFacts[]): Announcement[] {
  return notices
    .filter((n) => !n.alert && normalise(n.text) !== '')
    .map((n) => ({ message: normalise(n.text), politeness: n.error ? 'assertive' : 'polite' }));
}

/**
 * After the answer:
 * - costs updated: the calculator closes (WooCommerce's answer prints it closed) and the focus goes
 *   to its toggle, where the shopper opened it;
 * - an error notice (WooCommerce's 'Please enter a valid postcode / ZIP.'): the calculator opens
 *   again with what the shopper typed (WooCommerce would print the previous address, closed) and
 *   the focus goes back to its 'Update' button.
 */
export function afterAnswer(hasError: boolean): {
  open: boolean;
  keepTyped: boolean;
  focus: 'toggle' | 'submit';
} {
  return hasError
    ? { open: true, keepTyped: true, focus: 'submit' }
    : { open: false, keepTyped: false, focus: 'toggle' };
}

/** The calculator's values among a form's entries (`calc_shipping_city` → `city`), '' when absent. */
export function typedValues(entries: Iterable<readonly [string, string]>): Typed {
  const typed: Typed = { country: '', state: '', city: '', postcode: '' };
  for (const [name, value] of entries) {
    for (const key of TYPED_KEYS) if (name === `${PREFIX}_${key}`) typed[key] = value;
  }
  return typed;
}
