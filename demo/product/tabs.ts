/**
 * The product page's tabs (description, additional information, reviews), the reviews with their
 * threaded replies and the review form, and the product details accordion in the summary
 * (storefront.md §2.5 "Tabs", "Reviews", "Details and options"). Each prints WooCommerce's own
 * markup, which works without JavaScript, inside its island container.
 */
import type { ProductAccordionProps } from '../../widgets/product-accordion/schema';
import type { ProductReviewsProps } from '../../widgets/product-reviews/schema';
import { productUrl, repliesOf, reviewsOf, type Product, type Review, type ReviewReply } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import type { PageContext } from '../layout';
import { commentAuthor, currentCommenter, pendingReviews, type SubmittedReview } from '../reviews';
import { stars } from './common';

/** WordPress's default `thread_comments_depth`: no reply link at this depth. */
const MAX_THREAD_DEPTH = 5;

/** `wc_single_product_params.i18n_rating_options` and the rating select's options (WooCommerce). */
export const RATING_LABELS = ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars'];
const RATING_OPTIONS = ['Very poor', 'Not that bad', 'Average', 'Good', 'Perfect'];

/** A review or reply as the list prints it. */
export interface ListedComment {
  id: number;
  parentId: number;
  author: string;
  date: string;
  text: string;
  rating: number | null;
  pending: boolean;
  byShop: boolean;
}

/** Reviews, replies and this session’s own reviews awaiting approval, oldest first. */
export function commentsOf(ctx: PageContext, product: Product): ListedComment[] {
  const fromReview = (r: Review): ListedComment => ({ ...r, parentId: 0, pending: false, byShop: false });
  const fromReply = (r: ReviewReply): ListedComment => ({ ...r, rating: null, pending: false });
  const fromSubmitted = (r: SubmittedReview): ListedComment => ({ ...r, pending: true, byShop: false });
  return [
    ...reviewsOf(product.id).map(fromReview),
    ...repliesOf(product.id).map(fromReply),
    ...pendingReviews(ctx.session, product.id).map(fromSubmitted),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

function dateLabel(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** WordPress's `get_comment_reply_link()`: a link that works without JavaScript (`?replytocom=`). */
function replyLinkHtml(product: Product, c: ListedComment): string {
  const replyTo = `Reply to ${c.author}`;
  return (
    '<div class="reply"><a rel="nofollow" class="comment-reply-link"' +
    attrs({
      href: `${productUrl(product)}?replytocom=${c.id}#respond`,
      'data-commentid': c.id,
      'data-postid': product.id,
      'data-belowelement': `comment-${c.id}`,
      'data-respondelement': 'respond',
      'data-replyto': replyTo,
      'aria-label': replyTo,
    }) +
    '>Reply</a></div>'
  );
}

/** One review (WooCommerce's review.php) and, below it, its replies (`ul.children`). */
function commentHtml(product: Product, all: ListedComment[], c: ListedComment, depth: number): string {
  const children = all.filter((child) => child.parentId === c.id);
  const classes = [
    depth === 1 ? 'review' : 'comment',
    c.byShop ? 'byuser bypostauthor' : '',
    `depth-${depth}`,
  ].filter(Boolean);
  const meta = c.pending
    ? '<p class="meta"><em class="woocommerce-review__awaiting-approval">Your review is awaiting approval</em></p>'
    : `<p class="meta"><strong class="woocommerce-review__author">${escapeHtml(c.author)}</strong> ` +
      '<span class="woocommerce-review__dash">&ndash;</span> ' +
      `<time class="woocommerce-review__published-date" datetime="${escapeHtml(c.date)}">${dateLabel(c.date)}</time></p>`;
  return (
    `<li class="${classes.join(' ')}" id="li-comment-${c.id}">` +
    `<div id="comment-${c.id}" class="comment_container"><div class="comment-text">` +
    (c.rating !== null ? stars(c.rating) : '') +
    meta +
    `<div class="description">${c.text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('')}</div>` +
    // WordPress prints no reply link on a comment awaiting moderation, nor at the deepest level.
    (c.pending || depth >= MAX_THREAD_DEPTH ? '' : replyLinkHtml(product, c)) +
    '</div></div>' +
    (children.length
      ? `<ul class="children">${children.map((child) => commentHtml(product, all, child, depth + 1)).join('')}</ul>`
      : '') +
    '</li>'
  );
}

/** `?replytocom=ID` without JavaScript: the form answers that comment (if it is on this page). */
function replyingTo(ctx: PageContext, product: Product): { id: number; author: string } | null {
  const id = Number.parseInt(ctx.url.searchParams.get('replytocom') ?? '', 10);
  if (!id) return null;
  const author = commentAuthor(ctx.session, product.id, id);
  return author === null ? null : { id, author };
}

/** Props of the review form island, from the page (exported for the stories). */
export function reviewFormProps(ctx: PageContext, product: Product): ProductReviewsProps {
  const reviewCount = reviewsOf(product.id).length;
  const reply = replyingTo(ctx, product);
  const commenter = currentCommenter(ctx.cookies);
  return {
    postId: product.id,
    action: '/wp-comments-post.php',
    permalink: productUrl(product),
    // WooCommerce's comment_form() arguments.
    titleReply: reviewCount > 0 ? 'Add a review' : `Be the first to review \u201c${product.name}\u201d`,
    replyTo: reply ? { id: reply.id, title: `Leave a Reply to ${reply.author}` } : null,
    loggedInAs: ctx.session.loggedIn ? 'Demo Shop Manager' : null,
    commenter,
    ratingLabels: RATING_LABELS,
  };
}

/** The review form exactly as WooCommerce prints it (the rating as its select): the fallback. */
export function reviewFormHtml(props: ProductReviewsProps, ratingRequired = true): string {
  const reply = props.replyTo ?? null;
  const commenter = {
    author: props.commenter?.author ?? '',
    email: props.commenter?.email ?? '',
    consent: props.commenter?.consent ?? false,
  };
  const required = '&nbsp;<span class="required">*</span>';
  const requiredMessage =
    '<span class="required-field-message">Required fields are marked <span class="required">*</span></span>';
  return (
    '<div id="respond" class="comment-respond">' +
    `<span id="reply-title" class="comment-reply-title" role="heading" aria-level="3">${escapeHtml(reply ? reply.title : props.titleReply)} ` +
    `<small><a rel="nofollow" id="cancel-comment-reply-link" href="${escapeHtml(props.permalink)}#respond"${reply ? '' : ' style="display:none;"'}>Cancel reply</a></small></span>` +
    `<form action="${escapeHtml(props.action ?? '/wp-comments-post.php')}" method="post" id="commentform" class="comment-form">` +
    (props.loggedInAs
      ? `<p class="logged-in-as">Logged in as ${escapeHtml(props.loggedInAs)}. ${requiredMessage}</p>`
      : `<p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> ${requiredMessage}</p>`) +
    (props.ratingEnabled === false
      ? ''
      : `<div class="comment-form-rating"><label for="rating" id="comment-form-rating-label">Your rating${ratingRequired ? required : ''}</label>` +
        `<select name="rating" id="rating"${ratingRequired ? ' required' : ''}><option value="">Rate&hellip;</option>` +
        [5, 4, 3, 2, 1].map((n) => `<option value="${n}">${RATING_OPTIONS[n - 1] ?? n}</option>`).join('') +
        '</select></div>') +
    `<p class="comment-form-comment"><label for="comment">Your review${required}</label><textarea id="comment" name="comment" cols="45" rows="8" required></textarea></p>` +
    (props.loggedInAs
      ? ''
      : `<p class="comment-form-author"><label for="author">Name${required}</label><input id="author" name="author" type="text" autocomplete="name" value="${escapeHtml(commenter.author)}" size="30" required></p>` +
        `<p class="comment-form-email"><label for="email">Email${required}</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(commenter.email)}" size="30" required aria-describedby="email-notes"></p>` +
        `<p class="comment-form-cookies-consent"><input id="wp-comment-cookies-consent" name="wp-comment-cookies-consent" type="checkbox" value="yes"${commenter.consent ? ' checked' : ''}> <label for="wp-comment-cookies-consent">Save my name, email, and website in this browser for the next time I comment.</label></p>`) +
    '<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"> ' +
    `<input type="hidden" name="comment_post_ID" value="${props.postId}" id="comment_post_ID">` +
    `<input type="hidden" name="comment_parent" id="comment_parent" value="${reply ? reply.id : 0}"></p>` +
    '</form></div>'
  );
}

/** The review list (WooCommerce's `wp_list_comments`, threaded), or its 'no reviews' notice. */
export function reviewListHtml(product: Product, comments: ListedComment[]): string {
  return comments.some((c) => c.parentId === 0)
    ? `<ol class="commentlist">${comments
        .filter((c) => c.parentId === 0)
        .map((c) => commentHtml(product, comments, c, 1))
        .join('')}</ol>`
    : '<p class="woocommerce-noreviews">There are no reviews yet.</p>';
}

function reviewsPanelHtml(ctx: PageContext, product: Product): string {
  const comments = commentsOf(ctx, product);
  const count = reviewsOf(product.id).length;
  const list = reviewListHtml(product, comments);
  const props = reviewFormProps(ctx, product);
  return (
    '<div id="reviews" class="woocommerce-Reviews"><div id="comments">' +
    `<h2 class="woocommerce-Reviews-title">${count > 0 ? `${count} review${count === 1 ? '' : 's'} for <span>${escapeHtml(product.name)}</span>` : 'Reviews'}</h2>` +
    list +
    '</div><div id="review_form_wrapper"><div id="review_form">' +
    ctx.islands.render('product-reviews', props, reviewFormHtml(props)) +
    '</div></div><div class="clear"></div></div>'
  );
}

function additionalInformationHtml(product: Product): string {
  const dimensions = Object.values(product.dimensions).every(Boolean)
    ? `${product.dimensions.length} &times; ${product.dimensions.width} &times; ${product.dimensions.height} cm`
    : 'N/A';
  // WooCommerce's classes: the variation form writes the chosen variation's weight and dimensions
  // into these cells (add-to-cart-variation.js), so they must be exactly these.
  const row = (key: string, label: string, value: string) =>
    `<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--${key}">` +
    `<th class="woocommerce-product-attributes-item__label" scope="row">${escapeHtml(label)}</th>` +
    `<td class="woocommerce-product-attributes-item__value">${value}</td></tr>`;
  return (
    '<table class="woocommerce-product-attributes shop_attributes" aria-label="Product Details">' +
    row('weight', 'Weight', product.weight ? `${escapeHtml(product.weight)} kg` : 'N/A') +
    row('dimensions', 'Dimensions', dimensions) +
    (product.type === 'variable'
      ? product.attributes
          .map((a) =>
            row(
              `attribute_${a.name}`,
              a.label,
              `<p>${a.options.map((o) => escapeHtml(o.label)).join(', ')}</p>`,
            ),
          )
          .join('')
      : '') +
    '</table>'
  );
}

/**
 * The tab open on load, as far as the server can tell (it never sees the hash): what
 * WooCommerce's single-product.js opens for this URL without a hash, the reviews on a paginated
 * comments URL (`comment-page-N/`, `?cpage=N`), otherwise the server's choice, otherwise the first
 * tab, the description.
 */
function initialTabKey(url: URL, serverChoice: string | null): string {
  // indexOf(…) > 0 as single-product.js checks it.
  if (url.href.indexOf('comment-page-') > 0 || url.href.indexOf('cpage=') > 0) return 'reviews';
  return serverChoice ?? 'description';
}

/**
 * The three tabs and their panels (WooCommerce's `woocommerce_output_product_data_tabs`). The
 * island (`product-tabs`) wraps the tab list only: the panels are the server's nodes, never
 * re-created. Without JavaScript the list is in-page links and every panel shows. With it, the
 * theme's CSS (product-tabs.css, `scripting: enabled`) shows only the panel the island will open,
 * from the first paint: the one the URL asks for (`cpage=` / `comment-page-` are read here, the
 * hash through `:target`), so the mounted tabs take exactly the fallback's room (no layout shift).
 */
export function productTabsHtml(ctx: PageContext, product: Product): string {
  const count = reviewsOf(product.id).length;
  const tabs = [
    { key: 'description', title: 'Description', html: `<h2>Description</h2>${product.description}` },
    {
      key: 'additional_information',
      title: 'Additional information',
      html: `<h2>Additional information</h2>${additionalInformationHtml(product)}`,
    },
    { key: 'reviews', title: `Reviews (${count})`, html: reviewsPanelHtml(ctx, product) },
  ];
  // A page rendered for a reply (`?replytocom=`) opens the reviews, where its form is.
  const serverChoice = replyingTo(ctx, product) ? 'reviews' : null;
  const initial = initialTabKey(ctx.url, serverChoice);
  const list =
    '<ul class="tabs wc-tabs">' +
    tabs
      .map(
        (t) =>
          `<li class="${t.key}_tab${t.key === initial ? ' active' : ''}" id="tab-title-${t.key}">` +
          `<a href="#tab-${t.key}">${escapeHtml(t.title)}</a></li>`,
      )
      .join('') +
    '</ul>';
  return (
    '<div class="woocommerce-tabs wc-tabs-wrapper">' +
    // The URL's hash, for product-tabs.css, before the panels are parsed (the first paint shows the
    // panel the tabs island will open: no shift on deep links).
    '<script>document.currentScript.parentNode.setAttribute("data-hash",location.hash)</script>' +
    ctx.islands.render(
      'product-tabs',
      { tabs: tabs.map(({ key, title }) => ({ key, title })), open: serverChoice },
      list,
    ) +
    tabs
      .map(
        (t) =>
          `<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--${t.key} panel entry-content wc-tab${t.key === initial ? ' wc-tab--initial' : ''}" id="tab-${t.key}">` +
          `${t.html}</div>`,
      )
      .join('') +
    '</div>'
  );
}

/** The product details sections (Shoptimizer-like), for the accordion in the summary. */
export function productDetailsSections(product: Product): ProductAccordionProps['sections'] {
  const sizes =
    product.type === 'variable'
      ? product.attributes.filter((a) => a.name === 'pa_size').flatMap((a) => a.options.map((o) => o.label))
      : [];
  return [
    {
      id: 'delivery',
      title: 'Delivery & returns',
      html:
        '<p>Free delivery on orders over €50, otherwise a flat rate of €4.95. Orders placed before 14:00 ship the same working day.</p>' +
        '<p>Changed your mind? Return unworn items within 30 days for a full refund.</p>',
    },
    {
      id: 'size-fit',
      title: 'Size & fit',
      html: sizes.length
        ? `<p>Available in ${escapeHtml(sizes.join(', '))}. True to size; if between sizes, choose the larger one.</p>`
        : '<p>One size. See the additional information tab for the dimensions.</p>',
    },
    {
      id: 'care',
      title: 'Care',
      html: '<p>Wipe clean with a damp cloth and let dry at room temperature, away from direct heat.</p>',
    },
  ];
}

/** The accordion's fallback: `<details>` sections, one open at a time where `name` groups them. */
export function productAccordionHtml(props: ProductAccordionProps): string {
  const idPrefix = props.idPrefix ?? 'product-details';
  return (
    '<div class="product-accordion">' +
    props.sections
      .map(
        (s, index) =>
          `<details class="product-accordion__section" name="${escapeHtml(idPrefix)}"${props.open === index ? ' open' : ''}>` +
          `<summary class="product-accordion__trigger">${escapeHtml(s.title)}</summary>` +
          `<div class="product-accordion__panel"><div class="product-accordion__content">${s.html}</div></div></details>`,
      )
      .join('') +
    '</div>'
  );
}

/** The product details accordion in the summary (`product-accordion` island). */
export function productDetailsHtml(ctx: PageContext, product: Product): string {
  const props: ProductAccordionProps = {
    idPrefix: 'product-details',
    sections: productDetailsSections(product),
    open: null,
  };
  return ctx.islands.render('product-accordion', props, productAccordionHtml(props));
}
