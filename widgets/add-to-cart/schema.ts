import * as z from 'zod/mini';
import { isFollowableLink, UNFOLLOWABLE_LINK_PROBLEM } from '../../src/contract/link';
import { optionalFromPhp } from '../../src/contract/props';
import { productIdOf } from './model';

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
 *
 * Props that cannot work are refused (the island is not mounted, the fallback stays, the console
 * names the field): a link needs an `href` to follow (without JavaScript, and when the in-page add
 * fails); a submit button needs `data.product_id` (the `add-to-cart` value its form posts); a
 * `data.product_id`, when given, must be a product's id. A link without product_id is valid: a plain
 * link, not handled in the page (storefront.md §5).
 */
export const AddToCartPropsSchema = z
  .object({
    /**
     * Where the link goes without JavaScript (`?add-to-cart={id}`), followed when the in-page add fails;
     * required on a link, unused on a submit button.
     */
    href: optionalFromPhp(z._default(z.string(), '')),
    /** The button's text. */
    label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Add to cart')),
    /** The button's classes; `ajax_add_to_cart` makes a link an in-page add. */
    className: optionalFromPhp(
      z._default(z.string(), 'button product_type_simple add_to_cart_button ajax_add_to_cart'),
    ),
    /** WooCommerce's `aria-label` ("Add to cart: “Name”"). */
    ariaLabel: optionalFromPhp(z.optional(z.string())),
    /** The link's `rel` (WooCommerce: `nofollow`). */
    rel: optionalFromPhp(z.optional(z.string())),
    /**
     * The button's data attributes without `data-`, as WooCommerce prints them: product_id, product_sku,
     * quantity, success_message… A button without product_id is a plain link (no in-page add).
     */
    data: optionalFromPhp(
      z._default(
        z.record(z.string().check(z.regex(/^[a-z0-9_-]+$/i)), z.union([z.string(), z.number()])).check(
          z.refine((data) => data.product_id === undefined || productIdOf(data.product_id) !== null, {
            path: ['product_id'],
            message: "must be the product's id, a positive whole number",
          }),
        ),
        {},
      ),
    ),
    /**
     * `link`: a listing's `<a>` (the default). `submit`: the `<button type="submit" name="add-to-cart">`
     * of a simple product's `form.cart`; the quantity comes from the form, and a failed add submits it.
     */
    element: optionalFromPhp(z._default(z.enum(['link', 'submit']), 'link')),
  })
  .check(
    z.refine((props) => props.element !== 'link' || isFollowableLink(props.href), {
      path: ['href'],
      message: `${UNFOLLOWABLE_LINK_PROBLEM} (the button leads there without JavaScript, and when an add fails)`,
    }),
    z.refine((props) => props.element !== 'submit' || productIdOf(props.data.product_id) !== null, {
      path: ['data', 'product_id'],
      message: "is required on a form's submit button (element 'submit'): it is the product its form adds",
    }),
  );
export type AddToCartProps = z.input<typeof AddToCartPropsSchema>;
