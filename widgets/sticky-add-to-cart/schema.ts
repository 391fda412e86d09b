import * as z from 'zod/mini';
import { isFollowableLink, UNFOLLOWABLE_LINK_PROBLEM } from '../../src/contract/link';

/**
 * Props of Storefront's sticky add-to-cart bar (storefront.md §2.5 "The add-to-cart form is sticky";
 * Storefront's `storefront_sticky_single_add_to_cart()`, recorded in steps 01 and 02, and its
 * `storefront_sticky_add_to_cart_params`). The server prints the same bar, hidden, as the fallback.
 */
export const StickyAddToCartPropsSchema = z.object({
  productId: z.int().check(z.positive()),
  productName: z.string().check(z.minLength(1)),
  /** `get_price_html()`: trusted server markup, like the rest of the page. */
  priceHtml: z._default(z.string(), ''),
  /** `wc_get_rating_html()` ('' without reviews): trusted server markup. */
  ratingHtml: z._default(z.string(), ''),
  /** The product's thumbnail (decorative here: the name is next to it). */
  image: z.optional(
    z.object({
      src: z.string().check(z.minLength(1)),
      width: z._default(z.int().check(z.positive()), 324),
      height: z._default(z.int().check(z.positive()), 324),
    }),
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
  successMessage: z._default(z.string(), ''),
  /**
   * `storefront_sticky_add_to_cart_params.trigger_class`: the bar shows once the first element with
   * this class has scrolled out of view above the viewport.
   */
  triggerClass: z._default(
    z.string().check(z.regex(/^-?[_a-zA-Z][\w-]*$/, 'a CSS class name')),
    'entry-summary',
  ),
  /**
   * The product's form: where 'Select options' and 'Read more' lead (its first field gets the
   * focus), and whose quantity 'Add to cart' sends.
   */
  formSelector: z._default(z.string().check(z.minLength(1)), 'form.cart'),
  /**
   * Elements fixed to the bottom of the viewport (Storefront's store notice) that the bar sits above
   * on small screens, where it is a bottom bar.
   */
  avoidSelector: z._default(z.string(), '.woocommerce-store-notice'),
  /** Storefront's "You're viewing:" before the name. */
  viewingLabel: z._default(z.string(), "You're viewing:"),
});
export type StickyAddToCartProps = z.input<typeof StickyAddToCartPropsSchema>;
