import * as z from 'zod/mini';
import { isFollowableLink, UNFOLLOWABLE_LINK_PROBLEM } from '../../src/contract/link';
import { Html, fromPhp, optionalFromPhp } from '../../src/contract/props';
import { HttpUrl } from '../../src/contract/url';

/**
 * Props of Storefront's sticky add-to-cart bar (storefront.md §2.5 "The add-to-cart form is sticky";
 * Storefront's `storefront_sticky_single_add_to_cart()`, recorded in steps 01 and 02, and its
 * `storefront_sticky_add_to_cart_params`). The server prints the same bar, hidden, as the fallback.
 */
export const StickyAddToCartPropsSchema = z.object({
  /** The product (`data-product_id` of the add). */
  productId: fromPhp(z.int().check(z.positive())),
  /** The product's name, after `viewingLabel`. */
  productName: z.string().check(z.minLength(1)),
  /** `get_price_html()`. */
  priceHtml: optionalFromPhp(z._default(Html, '')),
  /** `wc_get_rating_html()` ('' without reviews). */
  ratingHtml: optionalFromPhp(z._default(Html, '')),
  /** The product's thumbnail (decorative here: the name is next to it). */
  image: optionalFromPhp(
    z.optional(
      z.object({
        src: HttpUrl,
        width: optionalFromPhp(z._default(z.int().check(z.positive()), 324)),
        height: optionalFromPhp(z._default(z.int().check(z.positive()), 324)),
      }),
    ),
  ),
  /**
   * WooCommerce's `add_to_cart_text()` / `add_to_cart_url()`: `add` (a simple product in stock:
   * `?add-to-cart=ID`), `select` (a variable product: 'Select options'), `read-more` (out of stock).
   * The link is what a failed add, or a click while the product's form is not on the page, follows:
   * one that leads nowhere is refused.
   */
  button: z.object({
    kind: z.enum(['add', 'select', 'read-more']),
    label: z.string().check(z.minLength(1)),
    href: z.string().check(z.refine(isFollowableLink, UNFOLLOWABLE_LINK_PROBLEM)),
  }),
  /** Announced to screen readers 1 s after a successful add (storefront.md §3, §4). */
  successMessage: optionalFromPhp(z._default(z.string(), '')),
  /**
   * `storefront_sticky_add_to_cart_params.trigger_class`: the bar shows once the first element with
   * this class has scrolled out of view above the viewport.
   */
  triggerClass: optionalFromPhp(
    z._default(z.string().check(z.regex(/^-?[_a-zA-Z][\w-]*$/, 'a CSS class name')), 'entry-summary'),
  ),
  /**
   * The product's form: where 'Select options' and 'Read more' lead (its first field gets the
   * focus), and whose quantity 'Add to cart' sends.
   */
  formSelector: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'form.cart')),
  /**
   * Elements fixed to the bottom of the viewport (Storefront's store notice) that the bar sits above
   * on small screens, where it is a bottom bar.
   */
  avoidSelector: optionalFromPhp(z._default(z.string(), '.woocommerce-store-notice')),
  /** Storefront's "You're viewing:" before the name. */
  viewingLabel: optionalFromPhp(z._default(z.string(), "You're viewing:")),
});
export type StickyAddToCartProps = z.input<typeof StickyAddToCartPropsSchema>;
