import * as z from 'zod/mini';
import { Html, fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the wishlist control of one product (storefront.md §2.5 "Wishlist", §4 "Wishlist item"):
 * CommerceKit's `div.commercekit-wishlist` on a product page (`full`) or a listing item (`mini`).
 */
export const WishlistButtonPropsSchema = z.object({
  /** The product (`data-product-id`). */
  productId: fromPhp(z.int().check(z.positive())),
  /**
   * The item's area as the server printed it (the fallback's markup): its add or remove
   * control, a `<button>` (in a no-JS form) or a link with the class `commercekit-save-wishlist` or
   * `commercekit-remove-wishlist` and `data-product-id` / `data-type`. The server's answers replace it.
   */
  html: Html,
  /** `full` on a product page, `mini` on a listing item (CommerceKit's classes). */
  variant: optionalFromPhp(z._default(z.enum(['full', 'mini']), 'full')),
  /** `type` sent when the control carries no `data-type`: 'page' (product page) or 'list'. */
  type: optionalFromPhp(z._default(z.enum(['page', 'list']), 'page')),
  /** Milliseconds before a request counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type WishlistButtonProps = z.input<typeof WishlistButtonPropsSchema>;
