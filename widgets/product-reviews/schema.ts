import * as z from 'zod/mini';
import { HttpUrl } from '../../src/contract/url';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the review form (storefront.md §2.5 "Reviews", §3 "Review", §4 "Rating control", §5
 * "Reviews"): what WooCommerce's `comment_form()` prints in `#review_form`. The container holds the
 * same form working without JavaScript (the rating as WooCommerce's select), posting to
 * `wp-comments-post.php`.
 */
export const ProductReviewsPropsSchema = z.object({
  /** The product (`comment_post_ID`). */
  postId: fromPhp(z.int().check(z.positive())),
  /** Where the form posts: WordPress's `wp-comments-post.php`. */
  action: optionalFromPhp(z._default(HttpUrl, '/wp-comments-post.php')),
  /** The product's permalink: the 'Cancel reply' link's target without JavaScript (`…#respond`). */
  permalink: HttpUrl,
  /** WooCommerce's `title_reply`: 'Add a review', or 'Be the first to review “Name”'. */
  titleReply: z.string().check(z.minLength(1)),
  /** A reply the page was loaded for (`?replytocom=ID`): the comment and its 'Leave a Reply to …' title. */
  replyTo: optionalFromPhp(
    z._default(
      z.nullable(
        z.object({ id: fromPhp(z.int().check(z.positive())), title: z.string().check(z.minLength(1)) }),
      ),
      null,
    ),
  ),
  /** WordPress's 'Cancel reply' link text. */
  cancelReplyText: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Cancel reply')),
  /** False when the store has review ratings off: no rating field, nothing to require. */
  ratingEnabled: optionalFromPhp(z._default(z.boolean(), true)),
  /** `wc_single_product_params.i18n_rating_options`: the stars' names, 1 to 5. */
  ratingLabels: optionalFromPhp(
    z._default(z.array(z.string().check(z.minLength(1))).check(z.length(5)), [
      '1 of 5 stars',
      '2 of 5 stars',
      '3 of 5 stars',
      '4 of 5 stars',
      '5 of 5 stars',
    ]),
  ),
  /** `wc_single_product_params.i18n_required_rating_text` (§5, §8). */
  requiredRatingText: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Please select a rating')),
  /** The logged-in user's name (no name/e-mail fields then), or null for a guest. */
  loggedInAs: optionalFromPhp(z._default(z.nullable(z.string()), null)),
  /** `wp_get_current_commenter()`: the comment cookies' name and e-mail, and the consent box. */
  commenter: optionalFromPhp(
    z._default(
      z.object({
        author: optionalFromPhp(z._default(z.string(), '')),
        email: optionalFromPhp(z._default(z.string(), '')),
        consent: optionalFromPhp(z._default(z.boolean(), false)),
      }),
      { author: '', email: '', consent: false },
    ),
  ),
  /** The submit button's text. */
  submitLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Submit')),
});
export type ProductReviewsProps = z.input<typeof ProductReviewsPropsSchema>;
