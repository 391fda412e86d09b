/**
 * The demo's Smart Search for WooCommerce (issue #15; storefront.md §2.4, §3 "Search suggestion",
 * "Search response", "Search widget configuration", §7 "Search"): the `smart-search` island over the
 * plugin's search form, the answer of GET `/wp-json/ysm/v1/search?id=…&query=…` as the plugin builds
 * it (`YSM\Rest\handle_request()` with `Ysm_Search::get_suggestions()`), and the `/smart-search/`
 * demo page.
 *
 * A suggestion's `data` is the plugin's markup: a link to the product around the thumbnail, the
 * title and the price. The title is WordPress's `get_the_title()` (texturized: curly quotes, `&` as
 * `&#038;`) with its tags stripped (`wp_strip_all_tags()`, so 'Keeper Gloves <em>Pro</em> Edition'
 * reads 'Keeper Gloves Pro Edition' and '<img src=x onerror=alert(1)> Sweatband' reads 'Sweatband'),
 * the query marked with `<strong>`; `value` is `esc_js( post_title )` (the raw title, escaped).
 */
import {
  averageRating,
  categoryUrl,
  CATEGORIES,
  findCategory,
  findProduct,
  productUrl,
  reviewsOf,
  type Product,
} from '../fixtures';
import { escapeHtml } from '../html';
import type { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { productPriceHtml } from '../product/common';
import type { SmartSearchPropsInput } from '../../widgets/smart-search/schema';
import { categoryCount, plainName, searchCatalogue } from './catalogue';

/** The demo's widget id (a custom widget of the plugin: a number). */
export const SMART_SEARCH_ID = '1';
/** The plugin's `max_post_count` default. */
export const SMART_SEARCH_LIMIT = 10;
/** Queries shorter than this get no suggestions (the widget's `charCount`, §9). */
export const SMART_SEARCH_MIN_CHARS = 3;
/** Keyword suggestions per answer. */
export const SMART_SEARCH_KEYWORDS = 5;
/** Popular terms the demo's keyword suggestions draw on, besides category names. */
export const POPULAR_TERMS = [
  'football boots',
  'match ball',
  'goalkeeper gloves',
  'shin guards',
  'running shoes',
  'trail shoes',
  'tennis racket',
  'tennis balls',
  'kit bag',
];
/** The configured no-results text of `?noresults=1`. */
export const NO_RESULTS_TEXT = 'No products match your search.';

export type SmartSearchConfig = Partial<SmartSearchPropsInput>;

/** The plugin's widget markup (`Ysm_Widget_Manager::display()`), our mobile toggle link first. */
export function smartSearchFallback(props: SmartSearchConfig & { id: string | number }): string {
  const id = String(props.id);
  const prefix = props.idPrefix ?? `smart-search-${id}`;
  const product = props.layout === 'product';
  return (
    '<div class="smart-search ysm-search-widget">' +
    `<a id="${escapeHtml(prefix)}-toggle" class="smart-search-toggle" href="#${escapeHtml(prefix)}-form">Search</a>` +
    `<form id="${escapeHtml(prefix)}-form" role="search" method="get" action="${escapeHtml(props.homeUrl ?? '/')}" class="search-form">` +
    '<div class="ysm-smart-search-input-holder">' +
    `<label class="screen-reader-text" for="${escapeHtml(prefix)}-input">${escapeHtml(props.label ?? 'Search for:')}</label>` +
    `<input type="search" name="s" id="${escapeHtml(prefix)}-input" class="search-field" ` +
    `placeholder="${escapeHtml(props.placeholder ?? 'Search for products\u2026')}" autocomplete="off" value="${escapeHtml(props.query ?? '')}" />` +
    `<input type="hidden" name="search_id" value="${escapeHtml(id)}" />` +
    (product
      ? `<input type="hidden" name="post_type" value="${escapeHtml(props.productSlug ?? 'product')}" />`
      : '') +
    `<button type="submit" class="search-submit">${escapeHtml(props.submitLabel ?? 'Search')}</button>` +
    '</div></form></div>'
  );
}

/** The island with the plugin's form as its fallback; `config` overrides the demo's props. */
export function smartSearchIsland(islands: IslandCollector, config: SmartSearchConfig = {}): string {
  const props = {
    id: SMART_SEARCH_ID,
    restUrl: '/wp-json/ysm/v1/search',
    homeUrl: '/',
    ...config,
  };
  return islands.render('smart-search', props, smartSearchFallback(props));
}

// -- the answer -----------------------------------------------------------------------------------

/** WordPress's `sanitize_text_field()` as far as a search needs: no tags, whitespace collapsed. */
const sanitizeText = (value: string): string =>
  value
    .replace(/<[^>]*>?/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A title as the plugin prints it: `get_the_title()` texturized (`"…"` as curly quotes, `'` as a
 * right single quote, `&` as `&#038;`), tags stripped, every match of the query in `<strong>`.
 */
export function suggestionTitle(name: string, query: string): string {
  /** `"` opens a curly quote, the next one closes it (texturize pairs them across the title). */
  let open = false;
  const quote = (): string => {
    open = !open;
    return open ? '&#8220;' : '&#8221;';
  };
  const texturize = (part: string) =>
    part.replace(/[&<>"']/g, (ch) =>
      ch === '&' ? '&#038;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === "'" ? '&#8217;' : quote(),
    );
  const text = name
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const term = query.trim();
  if (!term) return texturize(text);
  return text
    .split(new RegExp(`(${regexEscape(term)})`, 'i'))
    .map((part, i) => (i % 2 ? `<strong>${texturize(part)}</strong>` : texturize(part)))
    .join('');
}

/** `esc_js()`: `&`, `<`, `>`, `"` as entities (no double encoding), `'` as `\'`. */
export const escJs = (text: string): string =>
  text
    .replace(/&(?!(?:[a-z]+|#\d+|#x[\da-f]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, "\\'");

/** `get_the_post_thumbnail( $post )` (its alt is the image's, escaped). */
function thumbnail(product: Product, origin: string): string {
  const { image } = product;
  return (
    `<img width="150" height="150" src="${escapeHtml(origin + image.src)}" ` +
    'class="attachment-post-thumbnail size-post-thumbnail wp-post-image" ' +
    `alt="${escapeHtml(image.alt.replace(/<[^>]*>/g, '').trim())}" decoding="async" loading="lazy" />`
  );
}

/** `$product->get_price_html()`: the loop's price without its `span.price`. */
const priceHtml = (product: Product): string =>
  productPriceHtml(product)
    .replace(/^<span class="price">/, '')
    .replace(/<\/span>$/, '');

/** Whether a product gets an add-to-cart link in its suggestion: simple, in stock. */
const purchasable = (product: Product): boolean =>
  product.type === 'simple' && product.stockStatus === 'instock';

function suggestion(product: Product, query: string, origin: string) {
  const url = origin + productUrl(product);
  return {
    value: escJs(product.name),
    data:
      `<a class="smart-search-post-url" href="${escapeHtml(url)}">` +
      `<div class="smart-search-post post-${product.id}">` +
      `<div class="smart-search-post-icon">${thumbnail(product, origin)}</div>` +
      '<div class="smart-search-post-holder">' +
      `<div class="smart-search-post-title">${suggestionTitle(product.name, query)}</div>` +
      `<div class="smart-search-post-price-holder"><div class="smart-search-post-price">${priceHtml(product)}</div></div>` +
      '<div class="smart-search-clear"></div></div><!--.smart-search-post-holder-->' +
      '<div class="smart-search-clear"></div></div></a>',
    url,
    id: product.id,
    ...(purchasable(product) ? { addToCart: `${origin}/?add-to-cart=${product.id}` } : {}),
  };
}

/** Category names and popular terms holding every word of the query (case ignored), at most 5. */
export function keywordsFor(query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const matches = (term: string) => words.every((word) => term.toLowerCase().includes(word));
  const found: string[] = [];
  for (const term of [...CATEGORIES.map((c) => c.name), ...POPULAR_TERMS]) {
    if (matches(term) && !found.some((known) => known.toLowerCase() === term.toLowerCase())) found.push(term);
  }
  return found.slice(0, SMART_SEARCH_KEYWORDS);
}

/** The 'view all' button (`YSWS\Elements\view_all_button()`): the plugin's whole link. */
function viewAllLink(query: string, id: string, origin: string): string {
  const url =
    `${origin}/?s=${encodeURIComponent(query).replace(/%20/g, '+')}` +
    `&search_id=${encodeURIComponent(id)}&post_type=product`;
  return `<a class="smart-search-view-all" href="${escapeHtml(url)}">View all</a>`;
}

/**
 * The JSON body the plugin answers for GET `/wp-json/ysm/v1/search` with these query arguments
 * (`id`, `query`), on the site at `origin` (`home_url()`, no trailing slash). No query, or one
 * shorter than 3 characters: no suggestions, no link, no keywords.
 */
export function ysmSearchAnswer(params: URLSearchParams, origin: string): unknown {
  const query = sanitizeText(params.get('query') ?? '');
  const id = sanitizeText(params.get('id') ?? '') || SMART_SEARCH_ID;
  if (query.length < SMART_SEARCH_MIN_CHARS) return { suggestions: [], view_all_link: '', keywords: [] };
  const found = searchCatalogue(query);
  return {
    suggestions: found.slice(0, SMART_SEARCH_LIMIT).map((product) => suggestion(product, query, origin)),
    view_all_link: found.length ? viewAllLink(query, id, origin) : '',
    keywords: keywordsFor(query),
  };
}

// -- the demo page ---------------------------------------------------------------------------------

/** The featured categories of the overlay (name, url, product count). */
const FEATURED_CATEGORY_IDS = [17, 18, 31, 41];
/** The featured products of the overlay: recorded (variable and simple) and generated ones. */
const FEATURED_PRODUCT_IDS = [18, 13, 15, 40, 1000, 1100];

/** A featured product as the plugin prints it into its settings (§3: id, name, permalink…). */
function featuredProduct(product: Product, origin: string) {
  const category = findCategory(product.categoryIds[0] ?? 0);
  return {
    id: product.id,
    name: escapeHtml(plainName(product)),
    permalink: origin + productUrl(product),
    image: origin + product.image.src,
    category: category ? escapeHtml(category.name) : '',
    price: priceHtml(product),
    type: product.type,
    rating_count: reviewsOf(product.id).length,
    average_rating: averageRating(product.id),
    icon: '',
    icon_variable: '',
  };
}

const FULL_SCREEN_MODES = ['enable', 'desktop_only', 'mobile_only'] as const;

/** The demo page's widget configuration from its query: `?layout=product`, `?fullscreen=…`, `?noresults=1`, `?columns=N`. */
export function smartSearchConfig(url: URL): SmartSearchConfig {
  const params = url.searchParams;
  const origin = url.origin;
  const fullscreen = FULL_SCREEN_MODES.find((mode) => mode === params.get('fullscreen'));
  const columns = Number(params.get('columns'));
  const config: SmartSearchConfig = {
    id: SMART_SEARCH_ID,
    layout: params.get('layout') === 'product' ? 'product' : 'default',
    columns: Number.isInteger(columns) && columns >= 1 && columns <= 4 ? columns : 1,
    noResultsText: params.get('noresults') === '1' ? NO_RESULTS_TEXT : '',
    query: params.get('s') ?? '',
  };
  if (!fullscreen) return config;
  return {
    ...config,
    fullScreenMode: fullscreen,
    recentSearches: true,
    keywords: true,
    selectedCategories: FEATURED_CATEGORY_IDS.flatMap((id) => {
      const category = findCategory(id);
      return category
        ? [{ name: category.name, url: origin + categoryUrl(id), count: categoryCount(category) }]
        : [];
    }),
    selectedProducts: FEATURED_PRODUCT_IDS.flatMap((id) => {
      const product = findProduct(id);
      return product ? [featuredProduct(product, origin)] : [];
    }),
    promoBannerImage: `${origin}/demo-assets/img/running-apparel.svg`,
    promoBannerLink: origin + categoryUrl(30),
  };
}

/** `/smart-search/`'s main content: the widget as the query configures it. */
export function smartSearchPage(ctx: PageContext): string {
  const config = smartSearchConfig(ctx.url);
  const modes = [
    ['', 'Popup'],
    ['?layout=product', 'Product layout'],
    ['?columns=3', 'Three columns'],
    ['?noresults=1', 'No-results text'],
    ['?fullscreen=enable', 'Full screen'],
    ['?fullscreen=desktop_only', 'Full screen on desktop'],
    ['?fullscreen=mobile_only', 'Full screen on mobile'],
  ];
  const current = ctx.url.search;
  return (
    '<article class="page type-page">' +
    '<header class="entry-header"><h1 class="entry-title">Smart search</h1></header>' +
    '<div class="entry-content">' +
    '<p>Search the catalogue: suggestions appear from the third character.</p>' +
    smartSearchIsland(ctx.islands, config) +
    '<nav aria-label="Search widget settings"><ul>' +
    modes
      .map(
        ([query, text]) =>
          `<li><a href="/smart-search/${escapeHtml(query!)}"${query === current ? ' aria-current="page"' : ''}>${escapeHtml(text!)}</a></li>`,
      )
      .join('') +
    '</ul></nav></div></article>'
  );
}
