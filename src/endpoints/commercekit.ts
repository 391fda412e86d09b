/**
 * CommerceKit's wishlist and waitlist, and Shoptimizer's sale percents (storefront.md §3 "Wishlist
 * actions", "Waitlist entry", "Sale badge data"; §7): POST (form body) to admin-ajax.php with
 * `action`. CommerceKit answers HTTP 200 whatever its `status`; the caller reads the status.
 */
import {
  WaitlistResponseSchema,
  WishlistAddToCartResponseSchema,
  WishlistResponseSchema,
  type WaitlistResponse,
  type WishlistAddToCartResponse,
  type WishlistResponse,
} from '../contract/commercekit';
import { SalePricesResponseSchema, type SalePricesResponse } from '../contract/variation';
import { adminAjax, type RequestOptions } from '../transport/client';

/** A wishlist item as CommerceKit's controls post it. */
export interface WishlistItem {
  productId: number;
  /** 'page': a product page or listing item; 'list': the wishlist page. */
  type: 'page' | 'list';
}

/** `commercekit_save_wishlist`: `product_id`, `type`. */
export function saveToWishlist(
  { productId, type }: WishlistItem,
  options: RequestOptions = {},
): Promise<WishlistResponse> {
  return adminAjax(
    'commercekit_save_wishlist',
    { product_id: productId, type },
    { ...options, schema: WishlistResponseSchema },
  );
}

/**
 * `commercekit_remove_wishlist`: `product_id`, then from the wishlist page also `wpage` (the list's
 * page), `type`, and `reload` = 1 (the answer's html is then the whole list); elsewhere `type` only.
 */
export function removeFromWishlist(
  item: WishlistItem & { wpage?: number },
  options: RequestOptions = {},
): Promise<WishlistResponse> {
  const form =
    item.wpage === undefined
      ? { product_id: item.productId, type: item.type }
      : { product_id: item.productId, wpage: item.wpage, type: item.type, reload: 1 };
  return adminAjax('commercekit_remove_wishlist', form, { ...options, schema: WishlistResponseSchema });
}

/** `commercekit_wishlist_addtocart` from the wishlist page: `product_id`. */
export function wishlistAddToCart(
  productId: number,
  options: RequestOptions = {},
): Promise<WishlistAddToCartResponse> {
  return adminAjax(
    'commercekit_wishlist_addtocart',
    { product_id: productId },
    { ...options, schema: WishlistAddToCartResponseSchema },
  );
}

/** `commercekit_save_waitlist`: `product_id` and `email` (as given: the caller trims it). */
export function saveWaitlist(
  { productId, email }: { productId: number; email: string },
  options: RequestOptions = {},
): Promise<WaitlistResponse> {
  return adminAjax(
    'commercekit_save_waitlist',
    { product_id: productId, email },
    { ...options, schema: WaitlistResponseSchema },
  );
}

/** Shoptimizer's `shoptimizer_get_sale_prices`: the sale badge label of each variation of `productId`. */
export function getSalePercents(
  productId: number,
  options: RequestOptions = {},
): Promise<SalePricesResponse> {
  return adminAjax(
    'shoptimizer_get_sale_prices',
    { product_id: productId },
    { ...options, schema: SalePricesResponseSchema },
  );
}
