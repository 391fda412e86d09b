import * as z from 'zod/mini';

/**
 * CommerceKit's admin-ajax answers (storefront.md §3 "Wishlist actions", "Waitlist entry", §7
 * "Waitlist and wishlist"). CommerceKit builds them with `wp_send_json( $ajax )`: `status` is the
 * integer 1 on success and 0 otherwise; `message` (and `html`) are HTML it escaped itself.
 */

/** `status`: 1 is success. PHP may print it as a number or, through some filters, as a string. */
const StatusSchema = z.union([z.number(), z.string()]);

/** True when a CommerceKit `status` means success (1 or "1"). */
export const isCommercekitSuccess = (status: number | string | undefined): boolean =>
  status !== undefined && String(status).trim() === '1';

/**
 * `commercekit_save_wishlist` and `commercekit_remove_wishlist` (from a product, a listing item or
 * the wishlist page): on status 1, `html` replaces the item's area (the whole list with `reload=1`);
 * `message` is shown in the popup whatever the status. CommerceKit sends `html: ''` on failure.
 */
export const WishlistResponseSchema = z.object({
  status: StatusSchema,
  html: z._default(z.string(), ''),
  message: z.string(),
});
export type WishlistResponse = z.infer<typeof WishlistResponseSchema>;

/** `commercekit_wishlist_addtocart`: a message for the popup (and a status, not acted upon). */
export const WishlistAddToCartResponseSchema = z.object({
  status: z.optional(StatusSchema),
  message: z.string(),
});
export type WishlistAddToCartResponse = z.infer<typeof WishlistAddToCartResponseSchema>;

/** `commercekit_save_waitlist`: the message replaces the form (an error paragraph unless status 1). */
export const WaitlistResponseSchema = z.object({
  status: StatusSchema,
  message: z.string(),
});
export type WaitlistResponse = z.infer<typeof WaitlistResponseSchema>;
