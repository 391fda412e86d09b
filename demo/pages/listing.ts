/**
 * The product listings of the catalogue pages (home, shop, category, product search) and of the
 * related products: WooCommerce's loop items with their add-to-cart buttons, the ordering form and
 * the result count (the catalog-ordering and result-count islands over WooCommerce's markup).
 */
import { activePrice, averageRating, findCategory, productUrl, type Product } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import { addToCartIsland, type IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { addedToCartMessage, isInStock, isOnSale, productPriceHtml } from '../product/common';
import { wishlistButtonIsland } from '../wishlist';

/**
 * `woocommerce_template_loop_add_to_cart()` (step 04); with `islands`, a simple product's button is
 * printed in the add-to-cart island (the button itself is the fallback).
 */
function loopButton(product: Product, islands?: IslandCollector): string {
  const name = escapeHtml(product.name);
  if (product.type === 'variable') {
    return (
      `<a href="${productUrl(product)}"` +
      attrs({
        'data-quantity': 1,
        class: 'button product_type_variable add_to_cart_button',
        'data-product_id': product.id,
        'data-product_sku': product.sku,
        rel: 'nofollow',
      }) +
      ` aria-label="Select options for &ldquo;${name}&rdquo;">Select options</a>`
    );
  }
  if (!isInStock(product)) {
    return (
      `<a href="${productUrl(product)}"` +
      attrs({
        'data-quantity': 1,
        class: 'button product_type_simple',
        'data-product_id': product.id,
        rel: 'nofollow',
      }) +
      ` data-product_sku="${escapeHtml(product.sku)}" aria-label="Read more about &ldquo;${name}&rdquo;" data-success_message="">Read more</a>`
    );
  }
  const button =
    `<a href="?add-to-cart=${product.id}"` +
    attrs({
      'data-quantity': 1,
      class: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
      'data-product_id': product.id,
      'data-product_sku': product.sku,
    }) +
    ` aria-label="Add to cart: &ldquo;${name}&rdquo;" rel="nofollow"` +
    ` data-success_message="&ldquo;${name}&rdquo; has been added to your cart">Add to cart</a>`;
  if (!islands) return button;
  return addToCartIsland(
    islands,
    {
      href: `?add-to-cart=${product.id}`,
      label: 'Add to cart',
      className: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
      ariaLabel: `Add to cart: \u201c${product.name}\u201d`,
      rel: 'nofollow',
      data: {
        quantity: 1,
        product_id: product.id,
        product_sku: product.sku,
        success_message: addedToCartMessage(product),
      },
    },
    button,
  );
}

/** One product of a listing (`content-product.php`), with an optional wishlist control. */
export function loopItem(product: Product, index: number, islands?: IslandCollector, wishlist = ''): string {
  const classes = [
    'product',
    'type-product',
    `post-${product.id}`,
    index % 3 === 0 ? 'first' : index % 3 === 2 ? 'last' : '',
    isInStock(product) ? 'instock' : 'outofstock',
    ...product.categoryIds.map((id) => `product_cat-${findCategory(id)?.slug ?? id}`),
    isOnSale(product) ? 'sale' : '',
    product.soldIndividually ? 'sold-individually' : '',
    `product-type-${product.type}`,
  ].filter(Boolean);
  return (
    `<li class="${classes.join(' ')}">` +
    `<a href="${productUrl(product)}" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">` +
    `<img width="324" height="324" src="${product.image.src}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" loading="lazy" decoding="async">` +
    `<h2 class="woocommerce-loop-product__title">${escapeHtml(product.name)}</h2>` +
    (isOnSale(product) ? '<span class="onsale">Sale!</span>' : '') +
    productPriceHtml(product) +
    `</a>${loopButton(product, islands)}${wishlist}</li>`
  );
}

/** WooCommerce's catalogue orderings (`woocommerce_catalog_ordering()`), as [value, label]. */
export const ORDERBY_OPTIONS: [string, string][] = [
  ['menu_order', 'Default sorting'],
  ['popularity', 'Sort by popularity'],
  ['rating', 'Sort by average rating'],
  ['date', 'Sort by latest'],
  ['price', 'Sort by price: low to high'],
  ['price-desc', 'Sort by price: high to low'],
];

/** On a product search WooCommerce puts 'Relevance' first (the default) and drops 'Default sorting'. */
export const SEARCH_ORDERBY_OPTIONS: [string, string][] = [
  ['relevance', 'Relevance'],
  ...ORDERBY_OPTIONS.filter(([value]) => value !== 'menu_order'),
];

/** The query arguments the ordering form does not carry (WooCommerce's loop/orderby.php). */
const ORDERING_EXCLUDED_ARGS = ['orderby', 'submit', 'paged', 'product-page'];

/**
 * The request's query arguments as PHP reads them into `$_GET` (a name's ` ` and `.` become `_`
 * before its first `[`; `name[]` is numbered, `name[key]` kept; the last of a repeated name wins, in
 * the place of its first) and `wc_query_string_form_fields()` flattens them back to names.
 */
export function phpQueryArgs(params: URLSearchParams): [string, string][] {
  const args = new Map<string, string>();
  const nextIndex = new Map<string, number>();
  for (const [raw, value] of params) {
    const bracket = raw.indexOf('[');
    const base = (bracket === -1 ? raw : raw.slice(0, bracket)).replace(/^ +/, '').replace(/[ .]/g, '_');
    if (base === '') continue;
    let name = base;
    const keys =
      bracket === -1 ? [] : (raw.slice(bracket).match(/^(?:\[[^\]]*\])+/)?.[0] ?? '').match(/\[[^\]]*\]/g);
    for (const key of keys ?? []) {
      if (key === '[]') {
        const index = nextIndex.get(name) ?? 0;
        nextIndex.set(name, index + 1);
        name += `[${index}]`;
      } else name += key;
    }
    args.set(name, value);
  }
  return [...args];
}

/**
 * `wc_query_string_form_fields( null, array( 'orderby', 'submit', 'paged', 'product-page' ) )`: the
 * query arguments the ordering form keeps as hidden fields (an excluded name's `[key]` forms too).
 */
export function orderingHiddenFields(url: URL): [string, string][] {
  return phpQueryArgs(url.searchParams).filter(
    ([name]) => !ORDERING_EXCLUDED_ARGS.includes(name.split('[', 1)[0] ?? name),
  );
}

export interface OrderingForm {
  /** The orderings, as [value, label]. */
  options: [string, string][];
  /** The ordering of the page (one of `options`). */
  orderby: string;
  /** The other query arguments (`orderingHiddenFields`). */
  hiddenFields: [string, string][];
}

/**
 * The catalog-ordering island over WooCommerce's `form.woocommerce-ordering`. The fallback is the
 * GET form with the `orderby` select, `paged=1`, the other query arguments, and a Sort button in
 * `<noscript>` as the plugin prints it (WooCommerce's template has none: its script submits the
 * select). With JavaScript the form looks as WooCommerce's does, and the island's button, there for
 * assistive technology, takes no room: the mount moves nothing.
 */
export function catalogOrderingIsland(islands: IslandCollector, form: OrderingForm): string {
  const options = form.options
    .map(
      ([value, label]) =>
        `<option value="${escapeHtml(value)}"${value === form.orderby ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('');
  const hidden = form.hiddenFields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return islands.render(
    'catalog-ordering',
    {
      options: form.options,
      selected: form.orderby,
      label: 'Shop order',
      submitLabel: 'Sort',
      hiddenFields: Object.fromEntries(form.hiddenFields),
    },
    '<form class="woocommerce-ordering" method="get">' +
      `<select name="orderby" class="orderby" aria-label="Shop order">${options}</select>` +
      '<input type="hidden" name="paged" value="1">' +
      hidden +
      '<noscript><button type="submit" class="button orderby-submit">Sort</button></noscript></form>',
    { hydrate: 'visible' },
  );
}

/** WooCommerce's result count for a listing showing every product (no pagination). */
export function resultCountText(total: number, shown?: { first: number; last: number }): string {
  if (total === 1) return 'Showing the single result';
  // WooCommerce's `loop/result-count.php`: "Showing %1$d&ndash;%2$d of %3$d results" on a page of many.
  if (shown && (shown.first > 1 || shown.last < total))
    return `Showing ${shown.first}\u2013${shown.last} of ${total} results`;
  return `Showing all ${total} results`;
}

/** Products per page of a paginated listing: Storefront's 3 columns × 4 rows. */
export const PRODUCTS_PER_PAGE = 12;

/** How many pages a listing of `total` products has (at least 1). */
export function pageCount(total: number, perPage: number = PRODUCTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * WooCommerce's `loop/pagination.php` (`paginate_links()` in a list): the current page as a span,
 * the others as links, ← and → for the previous and next page (named for screen readers), with
 * WordPress's dots between far pages (end_size 3, mid_size 3).
 */
export function paginationHtml(page: number, pages: number, pageUrl: (n: number) => string): string {
  if (pages <= 1) return '';
  const items: string[] = [];
  const link = (n: number, text: string, extra = '', label = '') =>
    `<li><a class="${extra}page-numbers" href="${escapeHtml(pageUrl(n))}"${label ? ` aria-label="${label}"` : ''}>${text}</a></li>`;
  if (page > 1) items.push(link(page - 1, '&larr;', 'prev ', 'Previous page'));
  let dots = false;
  for (let n = 1; n <= pages; n += 1) {
    const shown = n <= 3 || n > pages - 3 || Math.abs(n - page) <= 3;
    if (n === page) {
      items.push(`<li><span aria-current="page" class="page-numbers current">${n}</span></li>`);
      dots = false;
    } else if (shown) {
      items.push(link(n, String(n)));
      dots = false;
    } else if (!dots) {
      items.push('<li><span class="page-numbers dots">&hellip;</span></li>');
      dots = true;
    }
  }
  if (page < pages) items.push(link(page + 1, '&rarr;', 'next ', 'Next page'));
  return `<nav class="woocommerce-pagination" aria-label="Product Pagination"><ul class="page-numbers">${items.join('')}</ul></nav>`;
}

/** The result-count island over WooCommerce's `p.woocommerce-result-count`. */
export function resultCountIsland(islands: IslandCollector, text: string): string {
  return islands.render(
    'result-count',
    { text },
    `<p class="woocommerce-result-count" role="status">${escapeHtml(text)}</p>`,
    { hydrate: 'idle' },
  );
}

function minPrice(product: Product): number {
  return product.type === 'simple'
    ? activePrice(product)
    : Math.min(...product.variations.filter((v) => v.active).map(activePrice));
}

/** WooCommerce's catalogue orderings. */
export function sortProducts(products: Product[], orderby: string): Product[] {
  const sorted = [...products];
  const byName = (a: Product, b: Product) => a.name.localeCompare(b.name);
  switch (orderby) {
    case 'popularity':
      return sorted.sort((a, b) => b.totalSales - a.totalSales || byName(a, b));
    case 'rating':
      return sorted.sort((a, b) => averageRating(b.id) - averageRating(a.id) || byName(a, b));
    case 'date':
      return sorted.sort((a, b) => b.date.localeCompare(a.date));
    case 'price':
      return sorted.sort((a, b) => minPrice(a) - minPrice(b) || byName(a, b));
    case 'price-desc':
      return sorted.sort((a, b) => minPrice(b) - minPrice(a) || byName(a, b));
    case 'relevance':
      return sorted; // a search's results come in their relevance order
    default:
      return sorted.sort((a, b) => a.menuOrder - b.menuOrder || byName(a, b));
  }
}

export interface ListingOptions {
  /**
   * A product search's listing (WooCommerce's `is_search` loop): the orderings start with
   * 'Relevance', its default, which keeps the products in the order given.
   */
  search?: boolean;
  /**
   * A paginated listing (the generated catalogue's categories, the search results): `page` of
   * `PRODUCTS_PER_PAGE`, with WooCommerce's pagination linking to `pageUrl(n)`. The caller answers
   * 404 for a page past the last, as WordPress does.
   */
  paged?: { page: number; pageUrl: (n: number) => string };
}

/**
 * A catalogue listing: the ordering form, the result count and the products, in the asked order
 * (an `orderby` that is not an ordering means the first one, as WooCommerce reads it).
 */
export function listing(ctx: PageContext, products: Product[], options: ListingOptions = {}): string {
  const orderings = options.search ? SEARCH_ORDERBY_OPTIONS : ORDERBY_OPTIONS;
  // PHP reads the last of a repeated argument.
  const requested = ctx.url.searchParams.getAll('orderby').at(-1);
  const orderby = orderings.find(([value]) => value === requested)?.[0] ?? orderings[0]![0];
  if (products.length === 0) {
    return '<p class="woocommerce-info woocommerce-no-products-found">No products were found matching your selection.</p>';
  }
  const paged = options.paged;
  const perPage = paged ? PRODUCTS_PER_PAGE : products.length;
  const page = paged ? Math.min(paged.page, pageCount(products.length)) : 1;
  const shown = { first: (page - 1) * perPage + 1, last: Math.min(products.length, page * perPage) };
  return (
    '<div class="storefront-sorting">' +
    // A GET form: the select submits with JavaScript (storefront.md §2.3), the button without it.
    catalogOrderingIsland(ctx.islands, {
      options: orderings,
      orderby,
      hiddenFields: orderingHiddenFields(ctx.url),
    }) +
    resultCountIsland(ctx.islands, resultCountText(products.length, shown)) +
    '</div>' +
    `<ul class="products columns-3">${sortProducts(products, orderby)
      .slice(shown.first - 1, shown.last)
      .map((product, index) =>
        loopItem(
          product,
          index,
          ctx.islands,
          wishlistButtonIsland(ctx.islands, ctx.session, product, 'list'),
        ),
      )
      .join('')}</ul>` +
    (paged ? paginationHtml(page, pageCount(products.length), paged.pageUrl) : '')
  );
}
