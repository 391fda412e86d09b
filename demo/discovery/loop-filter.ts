/**
 * The demo's Elementor page `/gear/` (issue #15): Elementor Pro's loop grid of the whole catalogue,
 * 12 products a page, with two taxonomy filters over it (categories joined by OR, tags by AND), and
 * the endpoint its filters call, `POST /wp-json/elementor-pro/v1/refresh-loop` (storefront.md §2.3,
 * §3 "Loop filter", §7 "Listing filters", §9).
 *
 * This is the server's side, written as Elementor Pro's PHP behaves (modules/loop-filter): the
 * query string read with its own parser (`e-filter-{grid id}-{taxonomy}` and `e-page-{grid id}`),
 * categories matched with their descendants, the REST arguments validated as WordPress validates
 * them. The page works without JavaScript: the filters' terms are links to the filtered page, the
 * grid's pagination links carry the filters, and the server prints the grid for the query string.
 * Pure strings.
 */
import { CATEGORIES, categoryWithDescendants, type Category, type Product } from '../fixtures';
import { escapeHtml } from '../html';
import { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { NO_ASSETS, type PageAssets } from '../manifest';
import { loopItem, sortProducts } from '../pages/listing';
import { CATALOGUE, TAGS, tagsOf } from './catalogue';

/** The Elementor page (its post id), its widgets' ids and the grid's size. */
export const GEAR = {
  path: '/gear/',
  title: 'Gear',
  postId: 4242,
  gridId: '5e3c2a1',
  categoryFilterId: 'c47f9e2',
  tagFilterId: '7d1b0f3',
  /** A template further down the page (`?theme_template_id=4300` scrolls to it). */
  helpTemplateId: 4300,
  perPage: 12,
} as const;

/** The category terms the filter offers: the three roots and their children. */
const CATEGORY_SLUGS = [
  'football',
  'boots',
  'balls',
  'accessories',
  'running',
  'running-shoes',
  'running-apparel',
  'tennis',
  'rackets',
  'tennis-balls',
];

type Taxonomy = 'product_cat' | 'product_tag';
type ServerJoin = 'AND' | 'OR' | 'NOT';

/** One taxonomy's filter as the server reads it. */
export interface ServerFilter {
  terms: string[];
  join: ServerJoin;
}
export type ServerFilters = Partial<Record<string, ServerFilter>>;

const categoryBySlug = (slug: string): Category | undefined => CATEGORIES.find((c) => c.slug === slug);

// -- matching ---------------------------------------------------------------------------------------

/** The product is in the category or in one below it (WP_Query's `include_children`). */
function inCategory(product: Product, category: Category): boolean {
  const ids = new Set(categoryWithDescendants(category.id));
  return product.categoryIds.some((id) => ids.has(id));
}

function isAncestor(ancestor: Category, of: Category): boolean {
  for (let c = of.parent ? CATEGORIES.find((x) => x.id === of.parent) : undefined; c;) {
    if (c.id === ancestor.id) return true;
    c = c.parent ? CATEGORIES.find((x) => x.id === c!.parent) : undefined;
  }
  return false;
}

/**
 * Elementor Pro's hierarchical query (Taxonomy_Query_Builder): OR, any term; NOT, none; AND, a
 * parent selected with one of its children counts as the child only, terms are grouped by their
 * parent and the product must be in every group, in any term of a group (siblings broaden).
 * Unknown slugs match nothing.
 */
function matchesCategories(product: Product, filter: ServerFilter): boolean {
  const categories = filter.terms.map(categoryBySlug);
  const known = categories.filter((c): c is Category => !!c);
  if (filter.join === 'OR') return known.some((c) => inCategory(product, c));
  if (filter.join === 'NOT') return !known.some((c) => inCategory(product, c));
  if (known.length < categories.length) return false;
  const kept = known.filter((c) => !known.some((other) => other !== c && isAncestor(c, other)));
  const groups = new Map<number, Category[]>();
  for (const c of kept) {
    const group = c.parent === 0 ? c.id : c.parent;
    groups.set(group, [...(groups.get(group) ?? []), c]);
  }
  return [...groups.values()].every((group) => group.some((c) => inCategory(product, c)));
}

function matchesTags(product: Product, filter: ServerFilter): boolean {
  const tags = tagsOf(product);
  if (filter.join === 'OR') return filter.terms.some((t) => tags.includes(t));
  if (filter.join === 'NOT') return !filter.terms.some((t) => tags.includes(t));
  return filter.terms.every((t) => tags.includes(t));
}

/** The catalogue filtered (every taxonomy's filter must hold), in the shop's default order. */
export function gearProducts(filters: ServerFilters): Product[] {
  const matching = CATALOGUE.filter((product) =>
    Object.entries(filters).every(([taxonomy, filter]) => {
      if (!filter || filter.terms.length === 0) return true;
      if (taxonomy === 'product_cat') return matchesCategories(product, filter);
      if (taxonomy === 'product_tag') return matchesTags(product, filter);
      return false; // WP_Query finds nothing in a taxonomy that does not exist.
    }),
  );
  return sortProducts(matching, 'menu_order');
}

// -- the query string, as Elementor Pro's module.php reads it ----------------------------------------

const FILTER_KEY = /^e-filter-([a-z0-9]{7})-([a-z0-9_]+)$/;

/**
 * A filter argument's value as PHP decodes it ('+' arrives as a space): '~' means OR, '!' NOT (§9),
 * else AND (space, or '+' sent as `%2B`).
 */
export function parseFilterValue(value: string): ServerFilter {
  const join: ServerJoin = value.includes('~') ? 'OR' : value.includes('!') ? 'NOT' : 'AND';
  const separator = join === 'OR' ? '~' : join === 'NOT' ? '!' : /[ +]/;
  return { terms: [...new Set(value.split(separator).filter(Boolean))], join };
}

/** The grid's filters and page from the page's query string. */
export function gearQuery(params: URLSearchParams): { filters: ServerFilters; page: number } {
  const filters: ServerFilters = {};
  for (const [key, value] of params) {
    const match = FILTER_KEY.exec(key);
    if (!match || match[1] !== GEAR.gridId) continue;
    const filter = parseFilterValue(value);
    if (filter.terms.length) filters[match[2]!] = filter;
  }
  const page = params.get(`e-page-${GEAR.gridId}`) ?? '';
  return { filters, page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1 };
}

const SEPARATOR: Record<ServerJoin, string> = { AND: '+', OR: '~', NOT: '!' };

/** `?…` of the page with these filters and page ('' for none), as the filter writes it. */
export function gearSearch(filters: ServerFilters, page = 1): string {
  const parts: string[] = [];
  for (const [taxonomy, filter] of Object.entries(filters)) {
    if (!filter?.terms.length) continue;
    parts.push(
      `e-filter-${GEAR.gridId}-${taxonomy}=${filter.terms.map(encodeURIComponent).join(SEPARATOR[filter.join])}`,
    );
  }
  if (page > 1) parts.push(`e-page-${GEAR.gridId}=${page}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

// -- the grid ----------------------------------------------------------------------------------------

/** WooCommerce's result count (`woocommerce_result_count()`). */
function resultCount(total: number, page: number): string {
  if (total === 1) return 'Showing the single result';
  if (total <= GEAR.perPage) return `Showing all ${total} results`;
  const first = (page - 1) * GEAR.perPage + 1;
  const last = Math.min(total, page * GEAR.perPage);
  return `Showing ${first}&ndash;${last} of ${total} results`;
}

/** The page numbers `paginate_links()` shows (end size 1, mid size 2), 0 for an ellipsis. */
export function pageNumbers(current: number, total: number): number[] {
  const shown: number[] = [];
  for (let n = 1; n <= total; n += 1) {
    if (n === 1 || n === total || Math.abs(n - current) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== 0) shown.push(0);
  }
  return shown;
}

/** Elementor Pro's numbers + previous/next pagination, its links carrying the filters. */
function pagination(base: string, filters: ServerFilters, page: number, pages: number): string {
  if (pages < 2) return '';
  const href = (n: number) => escapeHtml(`${base}${gearSearch(filters, n)}`);
  const prev =
    page > 1
      ? `<a class="page-numbers prev" href="${href(page - 1)}">&laquo; Previous</a>`
      : '<span class="page-numbers prev">&laquo; Previous</span>';
  const next =
    page < pages
      ? `<a class="page-numbers next" href="${href(page + 1)}">Next &raquo;</a>`
      : '<span class="page-numbers next">Next &raquo;</span>';
  const numbers = pageNumbers(page, pages)
    .map((n) => {
      if (n === 0) return '<span class="page-numbers dots">&hellip;</span>';
      const label = `<span class="screen-reader-text">Page</span> ${n}`;
      return n === page
        ? `<span aria-current="page" class="page-numbers current">${label}</span>`
        : `<a class="page-numbers" href="${href(n)}">${label}</a>`;
    })
    .join('');
  return `<nav class="elementor-pagination" aria-label="Pagination">${prev}${numbers}${next}</nav>`;
}

/**
 * The loop grid's `.elementor-widget-container` for `filters` and `page` (what `refresh-loop`
 * answers as `data`): the result count, the products (WooCommerce's loop items with their
 * add-to-cart islands) and the pagination, whose links start with `base`.
 */
export function gearGridHtml(
  islands: IslandCollector,
  filters: ServerFilters,
  page: number,
  base: string = GEAR.path,
): string {
  const products = gearProducts(filters);
  if (products.length === 0) {
    return (
      '<div class="elementor-widget-container">' +
      '<p class="woocommerce-info woocommerce-no-products-found e-loop-nothing-found-message">' +
      'No products were found matching your selection.</p></div>'
    );
  }
  const pages = Math.ceil(products.length / GEAR.perPage);
  const current = Math.min(page, pages);
  const start = (current - 1) * GEAR.perPage;
  const items = products
    .slice(start, start + GEAR.perPage)
    .map((product, index) => loopItem(product, index, islands))
    .join('');
  return (
    '<div class="elementor-widget-container">' +
    `<p class="woocommerce-result-count">${resultCount(products.length, current)}</p>` +
    `<ul class="products elementor-grid columns-3">${items}</ul>` +
    pagination(base, filters, current, pages) +
    '</div>'
  );
}

/** The grid's filters as `widget_filters.taxonomy` (the loop-grid island's `filters` prop). */
export function widgetFiltersOf(
  filters: ServerFilters,
): Record<string, { terms: string[]; logicalJoin?: ServerJoin }> {
  const out: Record<string, { terms: string[]; logicalJoin?: ServerJoin }> = {};
  for (const [taxonomy, filter] of Object.entries(filters)) {
    if (!filter?.terms.length) continue;
    out[taxonomy] =
      filter.terms.length > 1 || filter.join !== 'AND'
        ? { terms: filter.terms, logicalJoin: filter.join }
        : { terms: filter.terms };
  }
  return out;
}

// -- the filters -------------------------------------------------------------------------------------

interface FilterWidget {
  widgetId: string;
  taxonomy: Taxonomy;
  label: string;
  multiple: boolean;
  logicalJoin: string;
  terms: { slug: string; label: string; count: number }[];
  drawer: boolean;
}

const countOf = (filters: ServerFilters) => gearProducts(filters).length;

/** The two filter widgets of the page (their counts: products of the whole catalogue). */
export function gearFilterWidgets(): FilterWidget[] {
  return [
    {
      widgetId: GEAR.categoryFilterId,
      taxonomy: 'product_cat',
      label: 'Category',
      multiple: true,
      logicalJoin: 'OR',
      drawer: true,
      terms: CATEGORY_SLUGS.map((slug) => {
        const category = categoryBySlug(slug)!;
        return { slug, label: category.name, count: countOf({ product_cat: { terms: [slug], join: 'OR' } }) };
      }),
    },
    {
      widgetId: GEAR.tagFilterId,
      taxonomy: 'product_tag',
      label: 'Tag',
      multiple: true,
      logicalJoin: 'AND',
      drawer: false,
      terms: TAGS.map((tag) => ({
        slug: tag.slug,
        label: tag.name,
        count: countOf({ product_tag: { terms: [tag.slug], join: 'AND' } }),
      })),
    },
  ];
}

/** The terms after a click on `slug`, as the island does it (the no-JS link's target). */
function toggled(selected: string[], slug: string | null, widget: FilterWidget): string[] {
  if (slug === null) return [];
  if (selected.includes(slug)) return selected.filter((s) => s !== slug);
  const join = widget.multiple && (widget.logicalJoin === 'AND' || widget.logicalJoin === 'OR');
  return join ? [...selected, slug] : [slug];
}

/** A filter's link: the page with the taxonomy's terms after the click, back on page 1. */
function filterHref(filters: ServerFilters, widget: FilterWidget, slug: string | null): string {
  const selected = filters[widget.taxonomy]?.terms ?? [];
  const terms = toggled(selected, slug, widget);
  const join = (widget.logicalJoin === 'OR' ? 'OR' : 'AND') as ServerJoin;
  const next: ServerFilters = {};
  for (const [taxonomy, filter] of Object.entries(filters)) {
    if (taxonomy !== widget.taxonomy) next[taxonomy] = filter;
    else if (terms.length) next[taxonomy] = { terms, join };
  }
  if (terms.length && !next[widget.taxonomy]) next[widget.taxonomy] = { terms, join };
  return `${GEAR.path}${gearSearch(next)}`;
}

/**
 * The filter's fallback: Elementor Pro's filter bar with links instead of buttons (the selected one
 * `aria-current`), and the drawer's button on the filter that carries it (shown only when scripts
 * run, below 768 px).
 */
function filterFallback(widget: FilterWidget, filters: ServerFilters, drawerCount: number): string {
  const selected = filters[widget.taxonomy]?.terms ?? [];
  const item = (slug: string | null, label: string, count?: number) => {
    const current = slug === null ? selected.length === 0 : selected.includes(slug);
    return (
      `<a class="e-filter-item" data-filter="${escapeHtml(slug ?? '__all')}" href="${escapeHtml(filterHref(filters, widget, slug))}"` +
      `${current ? ' aria-current="true"' : ''}>${escapeHtml(label)}` +
      `${count === undefined ? '' : ` <span class="e-filter-count">(${count})</span>`}</a>`
    );
  };
  const toggle = widget.drawer
    ? '<button type="button" class="e-filter-toggle" aria-haspopup="dialog" aria-expanded="false">Filters' +
      (drawerCount > 0 ? ` <span class="e-filter-toggle__count">(${drawerCount})</span>` : '') +
      '</button>'
    : '';
  return (
    `<div class="e-loop-filter" data-id="${widget.widgetId}">${toggle}` +
    `<div class="e-filter" role="search" aria-labelledby="${widget.widgetId}-label">` +
    `<span class="e-filter-label" id="${widget.widgetId}-label">${escapeHtml(widget.label)}</span>` +
    item(null, 'All') +
    widget.terms.map((term) => item(term.slug, term.label, term.count)).join('') +
    '</div></div>'
  );
}

/** An Elementor widget's element around `content`. */
function elementorWidget(id: string, type: string, content: string): string {
  return (
    `<div class="elementor-element elementor-element-${id} elementor-widget elementor-widget-${type}" ` +
    `data-id="${id}" data-element_type="widget" data-widget_type="${type}.default">${content}</div>`
  );
}

/** The assets of the last page that printed the grid: the answers' islands name the same chunks. */
let answerAssets: PageAssets = NO_ASSETS;

/**
 * The main content of `/gear/`: the Elementor page with its filters, its grid for the query string
 * (`ctx.url`), and a help template below (`theme_template_id`).
 */
export function loopFilterPage(ctx: PageContext): string {
  answerAssets = ctx.assets;
  const { filters, page } = gearQuery(ctx.url.searchParams);
  const drawerCount = Object.values(filters).reduce((sum, f) => sum + (f?.terms.length ?? 0), 0);
  const widgets = gearFilterWidgets();
  const filterWidgets = gearFilterProps()
    .map((props, index) =>
      elementorWidget(
        props.widgetId,
        'taxonomy-filter',
        ctx.islands.render('loop-filter', props, filterFallback(widgets[index]!, filters, drawerCount)),
      ),
    )
    .join('');
  const grid = elementorWidget(
    GEAR.gridId,
    'loop-grid',
    // The island's fallback: an empty box where its messages go (what `visible` watches: nothing to show before).
    ctx.islands.render(
      'loop-grid',
      gearGridProps(ctx.url, filters, page),
      '<div class="loop-grid-status"></div>',
    ) + gearGridHtml(ctx.islands, filters, page),
  );
  return (
    `<div class="elementor elementor-${GEAR.postId}" data-elementor-id="${GEAR.postId}" data-elementor-type="wp-page">` +
    `<h1 class="entry-title">${GEAR.title}</h1>` +
    `<div class="e-loop-filters">${filterWidgets}</div>${grid}</div>` +
    `<div class="elementor elementor-${GEAR.helpTemplateId}" data-elementor-id="${GEAR.helpTemplateId}" data-elementor-type="section">` +
    '<h2>Need help choosing?</h2><p>Our staff play what they sell: ask us about sizes, grips and surfaces.</p></div>'
  );
}

/** The loop-filter islands' props (widgets/loop-filter/schema.ts), one per filter widget. */
export function gearFilterProps() {
  return gearFilterWidgets().map((widget) => ({
    widgetId: widget.widgetId,
    targetWidgetId: GEAR.gridId,
    taxonomy: widget.taxonomy,
    label: widget.label,
    terms: widget.terms,
    multiple: widget.multiple,
    logicalJoin: widget.logicalJoin,
    drawer: widget.drawer,
  }));
}

/** The loop-grid island's props (widgets/loop-grid/schema.ts) for the page at `url`, printed with `filters` and `page`. */
export function gearGridProps(url: URL, filters: ServerFilters, page: number) {
  return {
    widgetId: GEAR.gridId,
    postId: GEAR.postId,
    paginationBaseUrl: `${url.origin}${GEAR.path}`,
    filters: widgetFiltersOf(filters),
    page,
  };
}

// -- POST /wp-json/elementor-pro/v1/refresh-loop -------------------------------------------------------

type Answer = { status: number; body: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** PHP's `is_numeric()` for what JSON can carry. */
const isNumeric = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value));

/** PHP's `filter_var( $url, FILTER_VALIDATE_URL )`: a scheme and a host. */
function isValidUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) && url.host !== '';
  } catch {
    return false;
  }
}

/** The filters of `widget_filters` ({ taxonomy: { product_cat: { terms, logicalJoin } } }), as the module reads them. */
function filtersFromBody(widgetFilters: unknown): ServerFilters {
  const filters: ServerFilters = {};
  const types = isRecord(widgetFilters) ? Object.values(widgetFilters) : [];
  for (const byTaxonomy of types) {
    if (!isRecord(byTaxonomy)) continue;
    for (const [taxonomy, filter] of Object.entries(byTaxonomy)) {
      if (taxonomy === 'logicalJoin' || !isRecord(filter) || !Array.isArray(filter.terms)) continue;
      const terms = filter.terms.filter((t): t is string => typeof t === 'string');
      if (terms.length === 0 || terms[0] === '') continue; // Elementor's is_filter_empty().
      const key = taxonomy.toLowerCase().replace(/[^a-z0-9_-]/g, ''); // sanitize_key()
      const join = filter.logicalJoin;
      filters[key] = { terms, join: join === 'OR' || join === 'NOT' ? join : 'AND' };
    }
  }
  return filters;
}

export interface RefreshLoopOptions {
  /** The request's query arguments: Elementor Pro reads the grid's page there (`e-page-{widget_id}`). */
  query?: URLSearchParams;
  /** Chunk URLs for the answer's islands (default: those of the last `/gear/` page printed). */
  assets?: PageAssets;
}

/**
 * The answer to `POST /wp-json/elementor-pro/v1/refresh-loop` with JSON `body` (already parsed),
 * as WordPress and Elementor Pro give it: 400 `rest_missing_callback_param` / `rest_invalid_param`
 * for missing or invalid arguments, 401 `rest_forbidden` for a post or widget that is not this
 * page's grid, else 200 `{ data }`, the grid's markup for those filters and the page of `query`.
 * `origin`: the site's, for the pagination links when `pagination_base_url` is not given.
 */
export function refreshLoopAnswer(body: unknown, origin: string, options: RefreshLoopOptions = {}): Answer {
  const params = isRecord(body) ? body : {};
  const required = ['post_id', 'widget_id', 'widget_filters'];
  const missing = required.filter((key) => params[key] === undefined || params[key] === null);
  if (missing.length) {
    return {
      status: 400,
      body: {
        code: 'rest_missing_callback_param',
        message: `Missing parameter(s): ${missing.join(', ')}`,
        data: { status: 400, params: missing },
      },
    };
  }
  const { post_id: postId, widget_id: widgetId, widget_filters: widgetFilters } = params;
  const base = params.pagination_base_url;
  const invalid: string[] = [];
  if (!isNumeric(postId) || Number(postId) === 0) invalid.push('post_id');
  if (
    !(typeof widgetId === 'string' || typeof widgetId === 'number') ||
    !/^[a-zA-Z0-9]{7}$/.test(String(widgetId))
  ) {
    invalid.push('widget_id');
  }
  if (typeof widgetFilters !== 'object') invalid.push('widget_filters');
  if (base !== undefined && base !== null && !isValidUrl(base)) invalid.push('pagination_base_url');
  if (invalid.length) {
    return {
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${invalid.join(', ')}`,
        data: {
          status: 400,
          params: Object.fromEntries(invalid.map((key) => [key, 'Invalid parameter.'])),
          details: {},
        },
      },
    };
  }
  // The permission callback: a published post holding a loop-grid widget of that id.
  if (Number(postId) !== GEAR.postId || String(widgetId) !== GEAR.gridId) {
    return {
      status: 401,
      body: {
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      },
    };
  }
  const page = gearQuery(options.query ?? new URLSearchParams()).page;
  const islands = new IslandCollector(options.assets ?? answerAssets);
  const pageBase =
    typeof base === 'string' ? new URL(base).href.replace(/[?#].*$/, '') : `${origin}${GEAR.path}`;
  return {
    status: 200,
    body: { data: gearGridHtml(islands, filtersFromBody(widgetFilters), page, pageBase) },
  };
}
