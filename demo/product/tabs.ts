/**
 * The product page's tabs (description, additional information, reviews) and the product details
 * accordion (storefront.md §2.5).
 */
import { reviewsOf, type Product } from '../fixtures';
import { escapeHtml } from '../html';
import type { PageContext } from '../layout';
import { stars } from './common';

function reviewsHtml(product: Product): string {
  const reviews = reviewsOf(product.id);
  if (reviews.length === 0) return '<p class="woocommerce-noreviews">There are no reviews yet.</p>';
  const items = reviews
    .map((r) => {
      const date = new Date(r.date);
      const label = date.toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      return (
        `<li class="review" id="li-comment-${r.id}"><div id="comment-${r.id}" class="comment_container"><div class="comment-text">` +
        stars(r.rating) +
        `<p class="meta"><strong class="woocommerce-review__author">${escapeHtml(r.author)}</strong> ` +
        '<span class="woocommerce-review__dash">&ndash;</span> ' +
        `<time class="woocommerce-review__published-date" datetime="${escapeHtml(r.date)}">${label}</time></p>` +
        `<div class="description"><p>${escapeHtml(r.text)}</p></div></div></div></li>`
      );
    })
    .join('');
  return `<ol class="commentlist">${items}</ol>`;
}

/** The three tabs and their panels (WooCommerce's `woocommerce_output_product_data_tabs`). */
export function productTabsHtml(_ctx: PageContext, product: Product): string {
  const reviews = reviewsOf(product.id);
  const dimensions = Object.values(product.dimensions).every(Boolean)
    ? `${product.dimensions.length} &times; ${product.dimensions.width} &times; ${product.dimensions.height} cm`
    : 'N/A';
  return (
    '<div class="woocommerce-tabs wc-tabs-wrapper">' +
    '<ul class="tabs wc-tabs"><li class="description_tab"><a href="#tab-description">Description</a></li>' +
    '<li class="additional_information_tab"><a href="#tab-additional_information">Additional information</a></li>' +
    `<li class="reviews_tab"><a href="#tab-reviews">Reviews (${reviews.length})</a></li></ul>` +
    `<section class="woocommerce-Tabs-panel" id="tab-description" aria-labelledby="tab-title-description"><h2 id="tab-title-description">Description</h2>${product.description}</section>` +
    '<section class="woocommerce-Tabs-panel" id="tab-additional_information" aria-labelledby="tab-title-additional_information"><h2 id="tab-title-additional_information">Additional information</h2>' +
    '<table class="woocommerce-product-attributes shop_attributes">' +
    `<tr><th scope="row">Weight</th><td>${escapeHtml(product.weight)} kg</td></tr>` +
    `<tr><th scope="row">Dimensions</th><td>${dimensions}</td></tr>` +
    (product.type === 'variable'
      ? product.attributes
          .map(
            (a) =>
              `<tr><th scope="row">${escapeHtml(a.label)}</th><td>${a.options.map((o) => escapeHtml(o.label)).join(', ')}</td></tr>`,
          )
          .join('')
      : '') +
    '</table></section>' +
    `<section class="woocommerce-Tabs-panel" id="tab-reviews" aria-labelledby="reviews-title"><div id="reviews" class="woocommerce-Reviews"><h2 id="reviews-title" class="woocommerce-Reviews-title">Reviews (${reviews.length})</h2>` +
    reviewsHtml(product) +
    '</div></section></div>'
  );
}

/** The product details accordion in the summary (none yet). */
export function productDetailsHtml(_ctx: PageContext, _product: Product): string {
  return '';
}
