/**
 * The sticky add-to-cart bar's rules (Storefront's sticky-add-to-cart.js, storefront.md §4, §9): when
 * it shows, what it adds, its classes. No React, no DOM, no fetch.
 */
import type { AddButtonState } from '../../src/cart/outcome';

/** Slide in/out (storefront.md §9: slide animations 200 ms). The CSS uses the same value. */
export const SLIDE_MS = 200;

/** Small screens, where the bar is a bottom bar (storefront.md §9: mobile up to 767 px). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the bar shows: the trigger has scrolled out of view *above* the viewport (its bottom at or
 * above the viewport's top). Not yet scrolled to (below) or in view: hidden. Storefront tests
 * `getBoundingClientRect().bottom < 0` on every scroll; an IntersectionObserver tells the same.
 */
export function isOutOfViewAbove(entry: {
  isIntersecting: boolean;
  bottom: number;
  rootTop: number;
}): boolean {
  return !entry.isIntersecting && entry.bottom <= entry.rootTop;
}

/** The quantity to add: the main form's when it is a whole number of at least 1, else 1. */
export function quantityFrom(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return /^\d+$/.test(text) && Number(text) >= 1 ? String(Number(text)) : '1';
}

/** What the add posts (WooCommerce's `WC_AJAX::add_to_cart` reads product_id and quantity). */
export function requestData(productId: number, quantity: string): Record<string, string> {
  return { product_id: String(productId), quantity };
}

export const BAR_CLASS = 'storefront-sticky-add-to-cart shop-islands-sticky-atc';

/** Storefront's classes: `--slideInDown` while shown, `--slideOutUp` once hidden again. */
export function barClassName(shown: boolean, everShown: boolean): string {
  if (shown) return `${BAR_CLASS} storefront-sticky-add-to-cart--slideInDown`;
  return everShown ? `${BAR_CLASS} storefront-sticky-add-to-cart--slideOutUp` : BAR_CLASS;
}

export type ButtonState = AddButtonState;

export const BUTTON_CLASS = 'storefront-sticky-add-to-cart__content-button button alt';

/** `loading` while an add is in flight, `added` once the last one succeeded (as WooCommerce's buttons). */
export function buttonClassName({ pending, added }: ButtonState): string {
  if (pending > 0) return `${BUTTON_CLASS} loading`;
  return added ? `${BUTTON_CLASS} added` : BUTTON_CLASS;
}

/**
 * How far above the viewport's bottom the mobile bar sits: the height of what is fixed there already
 * (the store notice), from rectangles measured in the viewport.
 */
export function bottomOffset(
  viewportHeight: number,
  fixedAtBottom: { top: number; bottom: number }[],
): number {
  let offset = 0;
  for (const rect of fixedAtBottom) {
    if (rect.bottom - rect.top <= 0 || rect.bottom < viewportHeight - 1) continue;
    offset = Math.max(offset, viewportHeight - rect.top);
  }
  return Math.max(0, Math.round(offset));
}
