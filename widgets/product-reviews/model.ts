/**
 * The review form's rules (storefront.md §4 "Rating control", §5 "Reviews", §9 "Ratings"). Pure:
 * no React, no DOM.
 */

/** §9: a scale of 1-5 stars. */
export const RATING_SCALE = 5;

/** A rating field's value as a rating (1-5), or null for none / anything else. */
export function parseRating(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= RATING_SCALE ? n : null;
}

/**
 * §5: when the rating field exists and `review_rating_required` is 'yes', an empty rating blocks
 * submission (with 'Please select a rating').
 */
export function ratingBlocksSubmit(options: {
  ratingFieldExists: boolean;
  ratingRequired: string | boolean;
  rating: number | null;
}): boolean {
  const required = options.ratingRequired === true || options.ratingRequired === 'yes';
  return options.ratingFieldExists && required && options.rating === null;
}

/** §2.5: Ctrl+Enter or Cmd+Enter submits the comment form. */
export function isSubmitShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/**
 * The rating an arrow key chooses from the focused star (1-5), as in a radio group: right/down the
 * next, left/up the previous, wrapping; right and left are mirrored in a right-to-left layout.
 * Null for other keys.
 */
export function ratingForKey(key: string, focused: number, rtl: boolean): number | null {
  const next = (focused % RATING_SCALE) + 1;
  const previous = ((focused - 2 + RATING_SCALE) % RATING_SCALE) + 1;
  switch (key) {
    case 'ArrowDown':
      return next;
    case 'ArrowUp':
      return previous;
    case 'ArrowRight':
      return rtl ? previous : next;
    case 'ArrowLeft':
      return rtl ? next : previous;
    default:
      return null;
  }
}

/** The reply link's data (WordPress's `get_comment_reply_link()`), or null when it cannot move the form. */
export interface ReplyTarget {
  commentId: number;
  postId: number | null;
  belowElement: string;
  respondElement: string;
  replyTo: string | null;
}

/** Reads a reply link's `data-*` as comment-reply.js does: all of commentid, belowelement, respondelement needed. */
export function replyTargetOf(dataset: Record<string, string | undefined>): ReplyTarget | null {
  const commentId = Number.parseInt(dataset.commentid ?? '', 10);
  const belowElement = dataset.belowelement ?? '';
  const respondElement = dataset.respondelement ?? '';
  if (!(commentId > 0) || !belowElement || !respondElement) return null;
  const postId = Number.parseInt(dataset.postid ?? '', 10);
  return {
    commentId,
    postId: postId > 0 ? postId : null,
    belowElement,
    respondElement,
    replyTo: dataset.replyto || null,
  };
}

/** The URL without `replytocom` (after a reply started by a no-JS link is cancelled in place). */
export function withoutReplyToCom(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('replytocom');
  return url.href;
}
