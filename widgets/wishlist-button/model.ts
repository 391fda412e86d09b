/**
 * The wishlist control's rules (storefront.md §3 "Wishlist actions", §4 "Wishlist item", §7):
 * which request a control of the server's markup asks for, and what the item shows afterwards.
 */
import { isCommercekitSuccess, type WishlistResponse } from '../../src/contract/commercekit';

/** How long the message popup stays (storefront.md §9: wishlist popup 2000 ms). */
export const WISHLIST_POPUP_MS = 2000;

export type WishlistAction = 'save' | 'remove';

/** The action a control asks for, from its classes (CommerceKit's markup); null: not a wishlist control. */
export function actionOf(className: string): WishlistAction | null {
  const classes = className.split(/\s+/);
  if (classes.includes('commercekit-save-wishlist')) return 'save';
  if (classes.includes('commercekit-remove-wishlist')) return 'remove';
  return null;
}

/** A product id from a `data-product-id` attribute, or the fallback when it is missing or invalid. */
export function productIdOf(attribute: string | null | undefined, fallback: number): number {
  const text = (attribute ?? '').trim();
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : fallback;
}

/** The `type` sent: the control's `data-type` ('page' or 'list'), else the island's (CommerceKit: 'page'). */
export function typeOf(dataType: string | null | undefined, fallbackType: 'page' | 'list'): 'page' | 'list' {
  return dataType === 'page' || dataType === 'list' ? dataType : fallbackType;
}

/**
 * The item's markup after an answer: on status 1 the returned html replaces it; otherwise (and if a
 * "successful" answer brought nothing to show, which would leave the shopper without a control) it
 * stays as it was.
 */
export function htmlAfter(current: string, response: WishlistResponse): string {
  return isCommercekitSuccess(response.status) && response.html.trim() !== '' ? response.html : current;
}
