/**
 * Reviews submitted in the demo store: WordPress's `wp-comments-post.php` with WooCommerce's rating
 * check (storefront.md §2.5 "Reviews", §3 "Review", §5 "Reviews").
 *
 * Storage: in memory, per session. WordPress holds a guest's comment for moderation and shows it,
 * marked 'Your review is awaiting approval', to its author only (found again through the comment
 * cookies, or the `unapproved` + `moderation-hash` arguments of the redirect when the author did
 * not consent to cookies). The demo's session is that author: a review is listed, awaiting
 * approval, on the pages of the session that wrote it and on no other, and it goes with the
 * session. Nothing is ever approved (there is no moderator).
 *
 * No `node:` imports: Storybook runs the demo store in the browser too.
 */
import { deleteCookie, serializeCookie } from './cookies';
import { findProduct, productUrl, REVIEWS, REVIEW_REPLIES, type Product } from './fixtures';
import { md5 } from './md5';
import type { Session } from './store';

/** WordPress's comment cookies (`comment_author_{COOKIEHASH}`…); the demo's hash is `demo`. */
export const COMMENT_COOKIES = {
  author: 'comment_author_demo',
  email: 'comment_author_email_demo',
  url: 'comment_author_url_demo',
} as const;
/** `comment_cookie_lifetime`: a year (WordPress 6.6+). */
const COMMENT_COOKIE_SECONDS = 365 * 24 * 3600;
/** The column limits WordPress checks (`wp_get_comment_fields_max_lengths`). */
const MAX_AUTHOR = 245;
const MAX_EMAIL = 100;
const MAX_CONTENT = 65525;

export interface SubmittedReview {
  id: number;
  productId: number;
  /** 0 for a review, else the review (or reply) answered. */
  parentId: number;
  author: string;
  email: string;
  /** ISO 8601 (GMT). */
  date: string;
  /** 1-5, or null (a reply, or ratings not required and none chosen). */
  rating: number | null;
  text: string;
}

const submitted = new WeakMap<Session, SubmittedReview[]>();
// After every fixture id (reviews and replies).
let nextId = Math.max(...REVIEWS.map((r) => r.id), ...REVIEW_REPLIES.map((r) => r.id)) + 1000;

/** The reviews and replies this session wrote for `productId`, awaiting approval, oldest first. */
export function pendingReviews(session: Session, productId: number): SubmittedReview[] {
  return (submitted.get(session) ?? []).filter((r) => r.productId === productId);
}

/** Every id a reply may answer on the product's page (fixtures and this session's own). */
function commentIdsOf(session: Session, productId: number): Set<number> {
  return new Set([
    ...REVIEWS.filter((r) => r.productId === productId).map((r) => r.id),
    ...REVIEW_REPLIES.filter((r) => r.productId === productId).map((r) => r.id),
    ...pendingReviews(session, productId).map((r) => r.id),
  ]);
}

/** The author name of any comment on the page (for 'Leave a Reply to %s'), or null. */
export function commentAuthor(session: Session, productId: number, id: number): string | null {
  const all = [
    ...REVIEWS.filter((r) => r.productId === productId),
    ...REVIEW_REPLIES.filter((r) => r.productId === productId),
    ...pendingReviews(session, productId),
  ];
  return all.find((c) => c.id === id)?.author ?? null;
}

/** WordPress's `is_email()`, close enough: local@domain.tld, no spaces. */
function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) && value.length >= 6;
}

/** WordPress's `wp_hash( comment_date_gmt )` for the moderation link (any keyed hash will do). */
export function moderationHash(review: SubmittedReview): string {
  return md5(`shop-islands-demo|${review.date}|${review.id}`);
}

/** `wp_die()`'s page: the message, a back link, and the status WordPress sends. */
export function wpDiePage(message: string, title = 'WordPress &rsaquo; Error', backLink = false): string {
  return (
    '<!DOCTYPE html>\n<html lang="en-US"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">' +
    `<meta name="viewport" content="width=device-width"><meta name="robots" content="noindex, follow"><title>${title}</title>` +
    '<style>html{background:#f1f1f1}body{background:#fff;color:#3c434a;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;margin:2em auto;padding:1em 2em;max-width:700px;box-shadow:0 1px 1px rgba(0,0,0,.04)}</style>' +
    `</head><body id="error-page"><div class="wp-die-message">${message}</div>` +
    // WordPress's own back link (`'back_link' => true`).
    (backLink ? "\n<p><a href='javascript:history.back()'>&laquo; Back</a></p>" : '') +
    '</body></html>\n'
  );
}

export interface CommentPostResult {
  status: number;
  /** A page (wp_die) or '' (WordPress's bare `exit`). */
  html?: string;
  /** Plain text instead of HTML (the 405 answer). */
  text?: string;
  location?: string;
  headers?: Record<string, string>;
  setCookie: string[];
}

const die = (status: number, message: string, title?: string, backLink = false): CommentPostResult => ({
  status,
  html: wpDiePage(message, title, backLink),
  setCookie: [],
});

/** A comment error of `wp_handle_comment_submission()`: `wp_die( '<p>…</p>', 'Comment Submission Failure', back link )`. */
const failure = (status: number, message: string) =>
  die(status, `<p>${message}</p>`, 'Comment Submission Failure', true);

export interface CommentPostInput {
  method: string;
  fields: URLSearchParams;
  session: Session;
  /** The logged-in user's display name (the author of their comments), or null for a guest. */
  user: { name: string; email: string } | null;
  /** WooCommerce's `review_rating_required` ('yes' in the recorded store). */
  ratingRequired?: boolean;
  now?: Date;
}

/**
 * `wp-comments-post.php`: validates like `wp_handle_comment_submission()` (statuses and messages
 * are WordPress's: its comment errors are sent with status 200, its duplicate check with 409),
 * WooCommerce's `check_comment_rating` (a product review without a rating while ratings are
 * required: `wp_die( 'Please rate the product.' )`, status 500, WordPress's default), stores the
 * comment held for moderation, sets or clears the comment cookies as the author consented, and
 * redirects (302, `wp_safe_redirect`) to the comment's permalink on the product page,
 * `#comment-ID`, with `unapproved` and `moderation-hash` when no cookie will find it again.
 */
export function handleCommentPost(input: CommentPostInput): CommentPostResult {
  const { fields, session, user } = input;
  if (input.method !== 'POST') {
    return { status: 405, text: '', headers: { Allow: 'POST' }, setCookie: [] };
  }
  const field = (name: string) => (fields.get(name) ?? '').trim();
  const product: Product | undefined = findProduct(Number.parseInt(field('comment_post_ID'), 10));
  // `comment_id_not_found`: no error data, so WordPress just exits (an empty 200 answer).
  if (!product) return { status: 200, html: '', setCookie: [] };

  const author = user ? user.name : field('author').replace(/<[^>]*>/g, '');
  const email = user ? user.email : field('email');
  const text = field('comment');
  const parentId = Number.parseInt(field('comment_parent'), 10) || 0;

  if (!user) {
    if (!author || !email) return failure(200, '<strong>Error:</strong> Please fill the required fields.');
    if (!isEmail(email)) return failure(200, '<strong>Error:</strong> Please enter a valid email address.');
  }
  if (!text) return failure(200, '<strong>Error:</strong> Please type your comment text.');
  if (author.length > MAX_AUTHOR) return failure(200, '<strong>Error:</strong> Your name is too long.');
  if (email.length > MAX_EMAIL)
    return failure(200, '<strong>Error:</strong> Your email address is too long.');
  if (text.length > MAX_CONTENT) return failure(200, '<strong>Error:</strong> Your comment is too long.');

  // WooCommerce's check_comment_rating: only when the form sent a rating field.
  const rawRating = fields.get('rating');
  if (rawRating !== null && !rawRating.trim() && (input.ratingRequired ?? true)) {
    return die(500, 'Please rate the product.');
  }
  // WooCommerce's add_comment_rating ignores a rating outside 1-5.
  const rating = Number.parseInt(rawRating ?? '', 10);

  // wp_allow_comment(): the same author, e-mail and text on the same post is refused.
  const mine = submitted.get(session) ?? [];
  if (
    mine.some(
      (r) => r.productId === product.id && r.text === text && r.author === author && r.email === email,
    )
  ) {
    return die(409, 'Duplicate comment detected; it looks as though you&#8217;ve already said that!');
  }

  const review: SubmittedReview = {
    id: nextId++,
    productId: product.id,
    // A reply to something not on this product's page is a top-level comment (WordPress resets it).
    parentId: commentIdsOf(session, product.id).has(parentId) ? parentId : 0,
    author,
    email,
    date: (input.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    rating: rating >= 1 && rating <= 5 ? rating : null,
    text,
  };
  submitted.set(session, [...mine, review]);

  const consent = fields.has('wp-comment-cookies-consent');
  const setCookie: string[] = [];
  let location = `${productUrl(product)}#comment-${review.id}`;
  if (!user) {
    if (consent) {
      setCookie.push(
        serializeCookie(COMMENT_COOKIES.author, author, { maxAge: COMMENT_COOKIE_SECONDS }),
        serializeCookie(COMMENT_COOKIES.email, email, { maxAge: COMMENT_COOKIE_SECONDS }),
        serializeCookie(COMMENT_COOKIES.url, '', { maxAge: COMMENT_COOKIE_SECONDS }),
      );
    } else {
      setCookie.push(...Object.values(COMMENT_COOKIES).map((name) => deleteCookie(name)));
      location =
        `${productUrl(product)}?unapproved=${review.id}&moderation-hash=${moderationHash(review)}` +
        `#comment-${review.id}`;
    }
  }
  return { status: 302, location, setCookie };
}

/** What the comment form is pre-filled with: the comment cookies (`wp_get_current_commenter()`). */
export function currentCommenter(cookies: Record<string, string>): {
  author: string;
  email: string;
  consent: boolean;
} {
  const author = cookies[COMMENT_COOKIES.author] ?? '';
  const email = cookies[COMMENT_COOKIES.email] ?? '';
  return { author, email, consent: !!(author || email) };
}
