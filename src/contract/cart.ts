import * as z from 'zod/mini';

/**
 * The cart endpoints' responses, as WooCommerce 9.9 sends them (see ../shared/woocommerce-samples:
 * 06, 07, 19 fragments; 09-11 add errors; 34 remove; 35 remove with a bad key).
 */

/** Page selector → replacement HTML (`div.widget_shopping_cart_content`, `a.cart-contents`, …). */
export const FragmentsSchema = z.record(z.string(), z.string());

/** `get_refreshed_fragments`, and a successful add or remove. `cart_hash` is '' for an empty cart. */
export const CartFragmentsResponseSchema = z.object({
  fragments: FragmentsSchema,
  cart_hash: z.string(),
});
export type CartFragmentsResponse = z.infer<typeof CartFragmentsResponseSchema>;

/** An add WooCommerce refused (out of stock, over stock, a variable parent): go to the product. */
export const AddToCartErrorSchema = z.object({
  error: z.literal(true),
  product_url: z.string(),
});

export const AddToCartResponseSchema = z.union([AddToCartErrorSchema, CartFragmentsResponseSchema]);
export type AddToCartResponse = z.infer<typeof AddToCartResponseSchema>;

/** `remove_from_cart`: fragments, or `{"success":false}` for an unknown cart_item_key (sample 35). */
export const RemoveFromCartResponseSchema = z.union([
  CartFragmentsResponseSchema,
  z.object({ success: z.literal(false) }),
]);
export type RemoveFromCartResponse = z.infer<typeof RemoveFromCartResponseSchema>;

/** WordPress's REST error body (`rest_cookie_invalid_nonce`, `woocommerce_rest_missing_nonce`…). */
export const RestErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.optional(z.object({ status: z.number() })),
});
