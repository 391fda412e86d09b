/**
 * The demo's discovery pages (issue #15), as WordPress 6.9 + WooCommerce 9.9.5 + Storefront 3.6 print
 * them (compared with the real store of /work/shared/realstore):
 * - `/?s={query}&post_type=product`: WooCommerce's product search archive ('Search results: “…”');
 *   exactly one result redirects to that product (`wc_template_redirect`, 302);
 * - `/?s={query}` (no post_type): WordPress's search page (Storefront's search.php: 'Search Results
 *   for: …', one article a result, or 'Nothing Found' with a search form);
 * - `/?product_cat={slug}`: WordPress's `redirect_canonical` answers 301 to the category's pretty
 *   link (other arguments kept); an unknown slug is the 404 page;
 * - the categories added for the catalogue (Running, Tennis and below) list every product of the
 *   catalogue in them; the recorded football categories keep their recorded lists (pages/shop.ts);
 * - `/gear/` (the Elementor page with the loop filter and grid) and `/smart-search/` (the smart
 *   search widget's demo page), whose content the widgets' demo modules print.
 *
 * `search_id` (the smart search widget's id) is accepted and ignored, as WordPress ignores it.
 */
import { CATEGORIES, categoryTrail, categoryUrl, productUrl, type Category, type Product } from '../fixtures';
import { escapeHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { listing, pageCount } from '../pages/listing';
import { renderCategory } from '../pages/shop';
import { catalogueInCategory, CATALOGUE, searchCatalogue } from './catalogue';
import { GEAR, loopFilterPage } from './loop-filter';
import { smartSearchPage } from './smart-search';

/** The root categories whose pages list the whole catalogue (the recorded football tree keeps its list). */
export const CATALOGUE_ROOTS: readonly number[] = [30, 40];

/** Whether a category's page lists the generated catalogue: it sits below Running or Tennis. */
export function listsWholeCatalogue(category: Category): boolean {
  const root = categoryTrail(category.id)[0];
  return root !== undefined && CATALOGUE_ROOTS.includes(root.id);
}

// -- search ------------------------------------------------------------------------------------

export interface SearchRequest {
  /** `s` as typed (may be ''). */
  query: string;
  /** `post_type=product`: WooCommerce's product search archive; otherwise WordPress's search page. */
  productArchive: boolean;
  /** A `post_type` other than product: WordPress searches that type, of which the demo has none. */
  otherPostType: boolean;
  /** `product_cat` given with the search: the results are limited to that category (and below). */
  category: Category | undefined;
}

/** The search a URL asks for, or null when it has no `s` (WordPress: `isset( $query['s'] )`). */
export function searchRequest(url: URL): SearchRequest | null {
  const query = url.searchParams.get('s');
  if (query === null) return null;
  const postType = url.searchParams.get('post_type') ?? '';
  const catSlug = (url.searchParams.get('product_cat') ?? '').toLowerCase();
  return {
    query,
    productArchive: postType === 'product',
    otherPostType: postType !== '' && postType !== 'product' && postType !== 'any',
    category: catSlug ? CATEGORIES.find((c) => c.slug === catSlug) : undefined,
  };
}

/**
 * The products a search finds: WordPress's search over the catalogue; an empty `s` finds every
 * product (WP_Query adds no search clause), as the real store's `/?s=&post_type=product` shows.
 */
export function searchResults(search: SearchRequest): Product[] {
  if (search.otherPostType) return [];
  let found = search.query.trim() === '' ? [...CATALOGUE] : searchCatalogue(search.query);
  if (search.category) {
    const inCategory = new Set(catalogueInCategory(search.category.id));
    found = found.filter((p) => inCategory.has(p));
  }
  return found;
}

/**
 * What the search URL answers: WooCommerce sends a product search with exactly one result straight
 * to that product (`wc_template_redirect`: 302; the real store does this for `?s=pro+match&post_type=product`).
 */
export function singleResultRedirect(search: SearchRequest, results: Product[]): string | null {
  if (!search.productArchive || search.category || results.length !== 1) return null;
  const [only] = results;
  return only ? productUrl(only) : null;
}

/** The document title WordPress prints on any search: 'Search Results for “…”'. */
function searchDocumentTitle(query: string): string {
  return `Search Results for \u201c${query}\u201d`;
}

/** WooCommerce's product search archive (archive-product.php with `is_search()`). */
/**
 * A page link of a paginated archive as `paginate_links()` makes it: `{base}page/{n}/` (the first
 * page is the base itself), the current query arguments kept.
 */
export function archivePageUrl(base: string, url: URL, n: number): string {
  return `${n > 1 ? `${base}page/${n}/` : base}${url.search}`;
}

/** Whether `page` lies past the last page of `total` products (WordPress answers 404 there). */
export function pastLastPage(total: number, page: number): boolean {
  return page > 1 && page > pageCount(total);
}

export function renderProductSearch(
  ctx: PageContext,
  search: SearchRequest,
  results: Product[],
  page = 1,
): string {
  const query = escapeHtml(search.query);
  const found = results.length > 0;
  return renderDocument(ctx, {
    title: searchDocumentTitle(search.query),
    bodyClass: `archive search ${found ? 'search-results' : 'search-no-results'} post-type-archive post-type-archive-product woocommerce-shop woocommerce`,
    main:
      '<header class="woocommerce-products-header">' +
      `<h1 class="woocommerce-products-header__title page-title">Search results: &ldquo;${query}&rdquo;</h1>` +
      '</header>' +
      // The search orderings ('Relevance' first, the results' own order) and 'No products were
      // found matching your selection.' when nothing matches (listing()).
      listing(ctx, results, {
        search: true,
        paged: { page, pageUrl: (n) => archivePageUrl('/', ctx.url, n) },
      }),
  });
}

/** One result of WordPress's search page (Storefront's content.php: title link, then the content). */
function searchArticle(product: Product): string {
  return (
    `<article id="post-${product.id}" class="post-${product.id} product type-product status-publish">` +
    '<header class="entry-header">' +
    `<h2 class="alpha entry-title"><a href="${productUrl(product)}" rel="bookmark">${escapeHtml(product.name)}</a></h2>` +
    '</header>' +
    '<div class="entry-content">' +
    `<img width="324" height="324" src="${escapeHtml(product.image.src)}" alt="" loading="lazy" decoding="async">` +
    // The description is the shop's own markup (fixtures), printed as WordPress prints post content.
    `${product.description}</div></article>`
  );
}

/** WordPress's search page (Storefront's search.php), over the demo's products. */
export function renderSiteSearch(ctx: PageContext, search: SearchRequest, results: Product[]): string {
  const query = escapeHtml(search.query);
  const main =
    results.length > 0
      ? '<header class="page-header">' +
        `<h1 class="page-title">Search Results for: <span>${query}</span></h1></header>` +
        results.map(searchArticle).join('')
      : '<div class="no-results not-found"><header class="page-header"><h1 class="page-title">Nothing Found</h1></header>' +
        '<div class="page-content">' +
        '<p>Sorry, but nothing matched your search terms. Please try again with some different keywords.</p>' +
        // get_search_form() with its `aria_label` argument, so this search landmark is told apart
        // from the header's (axe's landmark-unique).
        '<form role="search" aria-label="Site search" method="get" class="search-form" action="/">' +
        '<label><span class="screen-reader-text">Search for:</span>' +
        `<input type="search" class="search-field" placeholder="Search &hellip;" value="${query}" name="s"></label>` +
        '<input type="submit" class="search-submit" value="Search"></form></div></div>';
  return renderDocument(ctx, {
    title: searchDocumentTitle(search.query),
    bodyClass: `search ${results.length > 0 ? 'search-results' : 'search-no-results'}`,
    main,
  });
}

// -- product_cat ---------------------------------------------------------------------------------

/**
 * `/?product_cat={slug}` (the category finder's form without JavaScript): WordPress's
 * `redirect_canonical` answers 301 to the term's pretty link, keeping the other query arguments
 * (the real store: `/?product_cat=balls&orderby=price` → `/product-category/football/balls/?orderby=price`;
 * the slug is matched case-insensitively). `null` when the URL has no `product_cat` to redirect:
 * absent or empty (the home page), or a search (the search page filters by it). `'not-found'` for a
 * slug no category has (WordPress's 404 page).
 */
export function productCatRedirect(url: URL): string | 'not-found' | null {
  const raw = url.searchParams.get('product_cat');
  if (raw === null || raw === '' || url.searchParams.has('s')) return null;
  // A list of terms (`a,b` or `a+b`) is an archive of several terms WordPress does not redirect;
  // the demo shows the first one's page there.
  const slug = raw.split(/[,+ ]/)[0]?.toLowerCase() ?? '';
  const category = CATEGORIES.find((c) => c.slug === slug);
  if (!category) return 'not-found';
  if (slug !== raw.toLowerCase()) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('product_cat');
  const query = rest.toString();
  return categoryUrl(category.id) + (query ? `?${query}` : '');
}

/** The category a `product_cat` list names first (the page printed for `?product_cat=a,b`). */
export function productCatArchive(url: URL): Category | undefined {
  const slug = (url.searchParams.get('product_cat') ?? '').split(/[,+ ]/)[0]?.toLowerCase() ?? '';
  return slug ? CATEGORIES.find((c) => c.slug === slug) : undefined;
}

// -- category pages of the catalogue --------------------------------------------------------------

/**
 * A category page below Running or Tennis: the same page as pages/shop.ts's renderCategory, listing
 * every product of the catalogue in the category and below (WooCommerce's archive with
 * `include_children`).
 */
export function renderCatalogueCategory(ctx: PageContext, category: Category, page = 1): string {
  return renderCategory(ctx, category, {
    products: catalogueInCategory(category.id),
    options: { paged: { page, pageUrl: (n) => archivePageUrl(categoryUrl(category.id), ctx.url, n) } },
  });
}

// -- the widgets' demo pages ------------------------------------------------------------------------

/** `/gear/`: the Elementor page with the loop filter and the loop grid (demo/discovery/loop-filter.ts). */
export function renderGear(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: GEAR.title,
    bodyClass: `page elementor-page page-id-${GEAR.postId}`,
    main: loopFilterPage(ctx),
  });
}

/** `/smart-search/`: the smart search widget's demo page (demo/discovery/smart-search.ts). */
export function renderSmartSearch(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Smart search',
    bodyClass: 'page elementor-page',
    main: smartSearchPage(ctx),
  });
}
