import * as z from 'zod/mini';
import { Html, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the wishlist page's list (storefront.md §2.9, §4 "Wishlist item", "Wishlist
 * add-to-cart"): CommerceKit's `#commercekit-wishlist-shortcode`.
 */
export const WishlistListPropsSchema = z.object({
  /**
   * The list as the server printed it (the fallback's markup). Its items' controls carry
   * `data-product-id`: remove (class `commercekit-remove-wishlist2`, with `data-wpage`) and add to
   * cart (class `commercekit-wishlist-cart`), as buttons of no-JS forms or as CommerceKit's links.
   */
  html: Html,
  /** The list's page, sent as `wpage` when a control carries no `data-wpage`. */
  wpage: optionalFromPhp(z._default(z.int().check(z.positive()), 1)),
  /** Milliseconds before a request counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type WishlistListProps = z.input<typeof WishlistListPropsSchema>;
