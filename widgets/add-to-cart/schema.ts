import * as z from 'zod/mini';

/**
 * Props of the add-to-cart island (storefront.md §4 "Add-to-cart button", §5, §7 "Cart"): the same
 * data as WooCommerce's button, which the server also prints as the fallback:
 *
 *   <a href="?add-to-cart=13" data-quantity="1" class="button product_type_simple add_to_cart_button
 *      ajax_add_to_cart" data-product_id="13" data-product_sku="BALL-001"
 *      aria-label="Add to cart: “Pro Match Football”" rel="nofollow"
 *      data-success_message="“Pro Match Football” has been added to your cart">Add to cart</a>
 *
 * or, on a simple product's page, the submit button of its `form.cart` (`element: 'submit'`).
 */
export const AddToCartPropsSchema = z.object({
  /** Where the link goes without JavaScript (`?add-to-cart={id}`); followed when the in-page add fails. */
  href: z._default(z.string(), ''),
  /** The button's text. */
  label: z._default(z.string().check(z.minLength(1)), 'Add to cart'),
  className: z._default(z.string(), 'button product_type_simple add_to_cart_button ajax_add_to_cart'),
  ariaLabel: z.optional(z.string()),
  rel: z.optional(z.string()),
  /**
   * The button's data attributes without `data-`, as WooCommerce prints them: product_id, product_sku,
   * quantity, success_message… A button without product_id is a plain link (no in-page add).
   */
  data: z._default(
    z.record(z.string().check(z.regex(/^[a-z0-9_-]+$/i)), z.union([z.string(), z.number()])),
    {},
  ),
  /**
   * `link`: a listing's `<a>` (the default). `submit`: the `<button type="submit" name="add-to-cart">`
   * of a simple product's `form.cart`; the quantity comes from the form, and a failed add submits it.
   */
  element: z._default(z.enum(['link', 'submit']), 'link'),
});
export type AddToCartProps = z.input<typeof AddToCartPropsSchema>;
