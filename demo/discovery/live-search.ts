/**
 * The demo's CommerceKit basic live search (issue #15; storefront.md §2.4, §7 "Search"): the
 * `live-search` island over WooCommerce's product search form, and the answer of GET
 * `/wp-admin/admin-ajax.php?action=commercekit_ajax_search&query=…` as CommerceKit builds it
 * (`commercekit_ajax_do_search()` with the product layout): the first 3 products WordPress's search
 * finds, each as display HTML (thumbnail, title with the query marked, price HTML), and the 'view
 * all' link with the number found.
 */
import { productUrl, type Product } from '../fixtures';
import { escapeHtml } from '../html';
import type { IslandCollector } from '../islands';
import { productPriceHtml } from '../product/common';
import { plainName, searchCatalogue } from './catalogue';

/** CommerceKit's `posts_per_page` for the live search's products. */
export const LIVE_SEARCH_PRODUCTS = 3;

/** WooCommerce's id of the first product search form on a page. */
export const LIVE_SEARCH_ID = 'woocommerce-product-search-field-0';

/**
 * WooCommerce's `templates/product-searchform.php` (9.9), as Storefront prints it (no button class),
 * in the island. `query` is the field's value (`get_search_query()` on a results page).
 */
export function liveSearchIsland(
  islands: IslandCollector,
  options: { query?: string; idPrefix?: string } = {},
): string {
  const idPrefix = options.idPrefix ?? LIVE_SEARCH_ID;
  const query = options.query ?? '';
  return islands.render(
    'live-search',
    { idPrefix, action: '/', ajaxUrl: '/wp-admin/admin-ajax.php', query },
    '<form role="search" method="get" class="woocommerce-product-search" action="/">\n' +
      `\t<label class="screen-reader-text" for="${escapeHtml(idPrefix)}">Search for:</label>\n` +
      `\t<input type="search" id="${escapeHtml(idPrefix)}" class="search-field" placeholder="Search products&hellip;" ` +
      `value="${escapeHtml(query)}" name="s" />\n` +
      '\t<button type="submit" value="Search" class="">Search</button>\n' +
      '\t<input type="hidden" name="post_type" value="product" />\n' +
      '</form>',
  );
}

/** WordPress's `sanitize_text_field()` as far as a search needs: no tags, whitespace collapsed. */
function sanitizeText(value: string): string {
  return value
    .replace(/<[^>]*>?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title as CommerceKit prints it: tags stripped, escaped, every match of the query marked. */
function markedTitle(title: string, query: string): string {
  return title
    .split(new RegExp(`(${regexEscape(query)})`, 'i'))
    .map((part, i) => (i % 2 ? `<span class="match-text">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join('');
}

/** `get_the_post_thumbnail( $post, 'thumbnail' )` with CommerceKit's `onload` added. */
function thumbnail(product: Product, origin: string): string {
  const { image } = product;
  return (
    '<img onload="ckAdjustSuggestionsHeight(this);" width="150" height="150" ' +
    `src="${escapeHtml(origin + image.src)}" class="attachment-thumbnail size-thumbnail wp-post-image" ` +
    `alt="${escapeHtml(image.alt.trim())}" decoding="async" loading="lazy" />`
  );
}

/** `$product->get_price_html()`: the loop's price without its `span.price`. */
const priceHtml = (product: Product): string =>
  productPriceHtml(product)
    .replace(/^<span class="price">/, '')
    .replace(/<\/span>$/, '');

/** One product suggestion: `{ value, data, url }` (CommerceKit's markup, its stray `</div>` included). */
function suggestion(product: Product, query: string, origin: string) {
  const title = markedTitle(plainName(product), query);
  const url = origin + productUrl(product);
  const link = `${url}?cgkit_search_word=${encodeURIComponent(query)}`;
  return {
    value: title,
    data:
      `<a href="${escapeHtml(link)}" class="commercekit-ajs-product">` +
      `<div class="commercekit-ajs-product-image">${thumbnail(product, origin)}</div>` +
      '<div class="commercekit-ajs-product-desc">' +
      `<div class="commercekit-ajs-product-title">${title}</div>` +
      `<div class="commercekit-ajs-product-price">${priceHtml(product)}</div>` +
      '</div></div></a>',
    url: escapeHtml(url),
  };
}

/** CommerceKit's answer: `wp_json_encode( array( 'suggestions' => …, 'view_all_link' => … ) )`. */
export interface LiveSearchAnswer {
  suggestions: { value: string; data: string; url: string }[];
  view_all_link: string;
}

/**
 * The JSON body CommerceKit answers for `query` (the raw `query` parameter) on the site at `origin`
 * (`home_url()`, no trailing slash).
 */
export function liveSearchAnswer(query: string, origin: string): LiveSearchAnswer {
  const text = sanitizeText(query);
  const found = text ? searchCatalogue(text) : [];
  const viewAll = `${origin}/?s=${encodeURIComponent(text).replace(/%20/g, '+')}&post_type=product`;
  return {
    suggestions: found.slice(0, LIVE_SEARCH_PRODUCTS).map((p) => suggestion(p, text, origin)),
    view_all_link: `<a class="commercekit-ajs-view-all" href="${escapeHtml(viewAll)}">View all results (${found.length})</a>`,
  };
}
