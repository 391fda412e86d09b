/**
 * Elementor Pro's loop filters (storefront.md §2.1, §2.3, §3 "Loop filter", §5 "Listing filters", §9
 * "Listing filters"): the query string, the joins and their separators, the terms a click selects and
 * the `widget_filters` body of `elementor-pro/v1/refresh-loop`. No React, no DOM, no fetch.
 *
 * A grid's filters live in the page's query string, one argument per taxonomy:
 * `e-filter-{grid widget id}-{taxonomy}={terms}` (the loop grid's id, as Elementor Pro keys them),
 * the terms joined by the join's separator (AND '+', OR '~', NOT '!'); the grid's page is
 * `e-page-{grid widget id}={n}`. A filter widget's join is AND or OR when it allows several terms;
 * anything else is "disabled": one term at a time, sent without a join (§5).
 */

export type LogicalJoin = 'AND' | 'OR' | 'NOT';
/** A filter widget's join: AND or OR, or DISABLED (one term at a time). */
export type FilterJoin = 'AND' | 'OR' | 'DISABLED';
/** A taxonomy's join as the query string or the server says it: a filter widget's, or NOT. */
export type Join = LogicalJoin | 'DISABLED';

/** §9: each join's separator in the query string and its WP_Query operator. */
export const QUERY = {
  AND: { separator: '+', operator: 'AND' },
  OR: { separator: '~', operator: 'IN' },
  NOT: { separator: '!', operator: 'NOT IN' },
} as const;

/** The 'All' button's value (Elementor Pro's `filterValues.default`): no term of the taxonomy. */
export const ALL_TERMS = '__all';

/** §9 "Search": the mobile breakpoint; below it the filters sit in a drawer (§2.10). */
export const DRAWER_BREAKPOINT = 768;

/** Elementor element ids: 7 lower-case letters or digits (what Elementor Pro's query parser accepts). */
export const WIDGET_ID = /^[a-z0-9]{7}$/;
/**
 * A taxonomy name in a filter key: lower-case letters, digits and '_' (WordPress's `sanitize_key`
 * without '-', which would split the key `e-filter-{id}-{taxonomy}` wrongly), at most 32.
 */
export const TAXONOMY = /^[a-z0-9_]{1,32}$/;
/** A term slug: anything but white space and the three separators (WordPress slugs never hold them). */
export const TERM_SLUG = /^[^\s+~!]+$/;

export interface TaxonomyFilter {
  /** The selected terms' slugs, in the order they were chosen, without duplicates. */
  terms: string[];
  join: Join;
}
/** A grid's filters by taxonomy (only taxonomies with at least one term). */
export type Filters = Readonly<Record<string, TaxonomyFilter>>;

/** What a grid shows: its filters and its page. */
export interface GridQuery {
  filters: Filters;
  page: number;
}

/**
 * §5: a filter widget's join. AND and OR when it allows several terms; otherwise (single
 * selection, or any other value: 'NOT', 'and', '', null) DISABLED: one term at a time.
 */
export function filterJoin(multiple: boolean, logicalJoin: unknown): FilterJoin {
  return multiple && (logicalJoin === 'AND' || logicalJoin === 'OR') ? logicalJoin : 'DISABLED';
}

/** §9: the join's WP_Query operator (AND → AND, OR → IN, NOT → NOT IN); null for any other value (disabled). */
export function operatorOf(join: unknown): 'AND' | 'IN' | 'NOT IN' | null {
  return join === 'AND' || join === 'OR' || join === 'NOT' ? QUERY[join].operator : null;
}

/** §9: the join's separator (QUERY's); a disabled join writes Elementor's default, AND's '+'. */
export function separatorOf(join: Join): '+' | '~' | '!' {
  return join === 'OR' ? '~' : join === 'NOT' ? '!' : '+';
}

export const filterKey = (gridId: string, taxonomy: string): string => `e-filter-${gridId}-${taxonomy}`;
export const pageKey = (gridId: string): string => `e-page-${gridId}`;

const unique = (terms: readonly string[]): string[] => [...new Set(terms)];

/**
 * A filter argument's value as `URLSearchParams` decodes it: the browser turns AND's '+' into a space
 * ("from browser"), a '+' written as `%2B` stays one. '~' means OR, '!' NOT, else AND; one term
 * alone says no join (DISABLED). Empty terms and terms that are not slugs are dropped (Elementor's
 * `e-filter-…-product_cat=` with nothing selected).
 */
export function parseTerms(value: string): TaxonomyFilter {
  const join: Join = value.includes('~') ? 'OR' : value.includes('!') ? 'NOT' : 'AND';
  const terms = unique(value.split(/[ +~!]/).filter((term) => TERM_SLUG.test(term)));
  return { terms, join: join === 'AND' && terms.length < 2 ? 'DISABLED' : join };
}

/**
 * The argument's value as it is written into the URL: each term percent-encoded (so no term can
 * hold a separator), joined by the join's separator written as itself, as Elementor Pro does.
 */
export function formatTerms(terms: readonly string[], join: Join): string {
  return terms.map(encodeURIComponent).join(separatorOf(join));
}

/** A grid's filters in a query string (`?…` or `…`). */
export function readFilters(search: string, gridId: string): Filters {
  const prefix = `e-filter-${gridId}-`;
  const filters: Record<string, TaxonomyFilter> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith(prefix)) continue;
    const taxonomy = key.slice(prefix.length);
    if (!TAXONOMY.test(taxonomy)) continue;
    const filter = parseTerms(value);
    if (filter.terms.length) filters[taxonomy] = filter;
  }
  return filters;
}

/** A grid's page in a query string: `e-page-{id}`, a whole number ≥ 1, else 1. */
export function readPage(search: string, gridId: string): number {
  const value = new URLSearchParams(search).get(pageKey(gridId)) ?? '';
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : 1;
}

export function readQuery(search: string, gridId: string): GridQuery {
  return { filters: readFilters(search, gridId), page: readPage(search, gridId) };
}

/**
 * The query string (`?…`, or '' for none) of a page showing grid `gridId` with `query`: the page's
 * other arguments kept in their order, the grid's filter and page arguments rewritten. When the
 * filters change (`filtersChanged`), WordPress's `page` and `paged` go too (§2.3).
 */
export function writeQuery(
  search: string,
  gridId: string,
  query: GridQuery,
  filtersChanged: boolean,
): string {
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.startsWith(`e-filter-${gridId}-`) || key === pageKey(gridId)) continue;
    if (filtersChanged && (key === 'page' || key === 'paged')) continue;
    kept.append(key, value);
  }
  const parts = kept.toString() ? [kept.toString()] : [];
  for (const [taxonomy, filter] of Object.entries(query.filters)) {
    if (filter.terms.length)
      parts.push(`${filterKey(gridId, taxonomy)}=${formatTerms(filter.terms, filter.join)}`);
  }
  if (query.page > 1) parts.push(`${pageKey(gridId)}=${query.page}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The terms after a click on `slug` (Elementor Pro's taxonomy filter): 'All' clears the taxonomy; a
 * selected term is deselected; another term is added (AND, OR) or replaces the selection (DISABLED).
 */
export function toggleTerm(selected: readonly string[], slug: string, join: FilterJoin): string[] {
  if (slug === ALL_TERMS) return [];
  if (selected.includes(slug)) return selected.filter((term) => term !== slug);
  return join === 'DISABLED' ? [slug] : [...selected, slug];
}

/** The grid's filters with `taxonomy` set to `terms` (removed when none). */
export function withTerms(filters: Filters, taxonomy: string, terms: readonly string[], join: Join): Filters {
  const kept = unique(terms.filter((term) => TERM_SLUG.test(term)));
  const next: Record<string, TaxonomyFilter> = {};
  // The taxonomy keeps its place (its argument's place in the query string).
  for (const [name, filter] of Object.entries(filters)) {
    if (name !== taxonomy) next[name] = filter;
    else if (kept.length) next[name] = { terms: kept, join };
  }
  if (kept.length && !(taxonomy in next)) next[taxonomy] = { terms: kept, join };
  return next;
}

/** One taxonomy of `widget_filters`: its terms, and its join unless disabled (Elementor Pro sends none then). */
export interface WidgetTaxonomyFilter {
  terms: string[];
  logicalJoin?: LogicalJoin;
}
/** The `widget_filters` of `refresh-loop`: Elementor Pro's consolidated filters, by filter type. */
export interface WidgetFilters {
  taxonomy?: Record<string, WidgetTaxonomyFilter>;
}

/** §3 "Loop filter", §7: the filters as `widget_filters` (`{}` when there are none). */
export function widgetFilters(filters: Filters): WidgetFilters {
  const taxonomy: Record<string, WidgetTaxonomyFilter> = {};
  for (const [name, filter] of Object.entries(filters)) {
    if (!filter.terms.length) continue;
    taxonomy[name] =
      filter.join === 'DISABLED'
        ? { terms: [...filter.terms] }
        : { terms: [...filter.terms], logicalJoin: filter.join };
  }
  return Object.keys(taxonomy).length ? { taxonomy } : {};
}

/** How many terms are selected over every taxonomy (the drawer button's count). */
export function activeCount(filters: Filters): number {
  return Object.values(filters).reduce((sum, filter) => sum + filter.terms.length, 0);
}

/**
 * A canonical key of what a grid shows: the same filters (in any order of taxonomies or terms) and
 * page give the same key. The answers cache and the "is this on screen" checks use it.
 */
export function queryKey(query: GridQuery): string {
  const filters = Object.entries(query.filters)
    .filter(([, filter]) => filter.terms.length)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([taxonomy, filter]) =>
        `${taxonomy}:${filter.terms.length > 1 ? filter.join : '1'}:${[...filter.terms].sort().join(',')}`,
    );
  return `${filters.join('|')}#${query.page}`;
}

/** Whether two grid queries show the same products. */
export const sameQuery = (a: GridQuery, b: GridQuery): boolean => queryKey(a) === queryKey(b);

/**
 * A `theme_template_id` query argument (§2.1): the Elementor template to scroll to, a whole number
 * ≥ 1; null when absent or anything else (it goes into a selector).
 */
export function templateIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get('theme_template_id') ?? '';
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The page a pagination link of grid `gridId` leads to (no `e-page-{id}`: page 1); null when not a link of this page. */
export function linkedPage(href: string, currentHref: string, gridId: string): number | null {
  let url: URL;
  let current: URL;
  try {
    url = new URL(href, currentHref);
    current = new URL(currentHref);
  } catch {
    return null;
  }
  const samePage = url.origin === current.origin && url.pathname === current.pathname;
  if (!samePage || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return readPage(url.search, gridId);
}

/**
 * The filters with each taxonomy's join as its filter widget says (`joins`, by taxonomy); a
 * taxonomy no widget on the page filters keeps the join its query argument said.
 */
export function withJoins(filters: Filters, joins: Readonly<Record<string, FilterJoin>>): Filters {
  const next: Record<string, TaxonomyFilter> = {};
  for (const [taxonomy, filter] of Object.entries(filters)) {
    const join = Object.hasOwn(joins, taxonomy) ? joins[taxonomy] : undefined;
    next[taxonomy] = join ? { terms: filter.terms, join } : filter;
  }
  return next;
}

/** `widget_filters.taxonomy` (as the server prints a grid's filters) as filters. */
export function filtersOf(
  taxonomies: Readonly<Record<string, { terms: readonly string[]; logicalJoin?: string }>>,
): Filters {
  let filters: Filters = {};
  for (const [taxonomy, { terms, logicalJoin }] of Object.entries(taxonomies)) {
    if (!TAXONOMY.test(taxonomy)) continue;
    const join: Join =
      logicalJoin === 'AND' || logicalJoin === 'OR' || logicalJoin === 'NOT' ? logicalJoin : 'DISABLED';
    filters = withTerms(filters, taxonomy, terms, join);
  }
  return filters;
}
