/**
 * The wishlist page's rules (storefront.md §3 "Wishlist actions", §4 "Wishlist item", "Wishlist
 * add-to-cart", §7): which request a control of the server's list asks for, with which body, and
 * what the list and the focus do afterwards. No React, no DOM.
 */
import { isCommercekitSuccess, type WishlistResponse } from '../../src/contract/commercekit';

/** How long the message popup stays (storefront.md §9: wishlist popup 2000 ms). */
export const WISHLIST_POPUP_MS = 2000;

export type ListAction = 'remove' | 'add-to-cart';

/** CSS classes of the controls (CommerceKit's). */
export const CONTROL_CLASSES: Record<ListAction, string> = {
  remove: 'commercekit-remove-wishlist2',
  'add-to-cart': 'commercekit-wishlist-cart',
};

/** The action a control asks for, from its classes; null: not one of the list's controls. */
export function actionOf(className: string): ListAction | null {
  const classes = className.split(/\s+/);
  if (classes.includes(CONTROL_CLASSES.remove)) return 'remove';
  if (classes.includes(CONTROL_CLASSES['add-to-cart'])) return 'add-to-cart';
  return null;
}

/** A positive integer attribute (`data-product-id`, `data-wpage`), or null. */
export function positiveInt(attribute: string | null | undefined): number | null {
  const text = (attribute ?? '').trim();
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * Whether an answer replaces the list: status 1 with html to show (a "success" without html would
 * leave the shopper with nothing; the list then stays as it was).
 */
export const replacesList = (response: WishlistResponse): boolean =>
  isCommercekitSuccess(response.status) && response.html.trim() !== '';

/**
 * Which remove control takes the focus after the item at `removedIndex` went and `remaining`
 * remain: the one now in its place, the last one when it was the last, null when the list is empty.
 */
export function focusIndexAfterRemoval(removedIndex: number, remaining: number): number | null {
  if (remaining <= 0) return null;
  return Math.min(Math.max(removedIndex, 0), remaining - 1);
}
