import type * as z from 'zod/mini';
import type { ProductReviewsPropsSchema } from './schema';

/** The review form's props on the demo store's boots (a guest, ratings required), for tests. */
export const REVIEW_FORM_PROPS: z.output<typeof ProductReviewsPropsSchema> = {
  postId: 18,
  action: '/wp-comments-post.php',
  permalink: '/product/junior-football-boots/',
  titleReply: 'Add a review',
  replyTo: null,
  cancelReplyText: 'Cancel reply',
  ratingEnabled: true,
  ratingLabels: ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'],
  requiredRatingText: 'Please select a rating',
  loggedInAs: null,
  commenter: { author: '', email: '', consent: false },
  submitLabel: 'Submit',
};
