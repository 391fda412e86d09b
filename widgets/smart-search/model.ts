/**
 * The smart search's rules (storefront.md §2.1, §2.4, §4 "Search popup", "Full-screen search", §5
 * "Search", §9 "Search"), pure: what a query does (nothing, a cached answer, "no results" without
 * asking, a request), where a submission goes, what is announced, when the overlay applies. The
 * shared query rules (spaces collapsed, minimum length, the per-query memo) are src/search/query.ts.
 *
 * The column rule of §9 (each column at least 200 px wide, the count reduced to fit) is CSS
 * (smart-search.css: `repeat(auto-fill, minmax(max(200px, 100% / columns), 1fr))`), so it follows
 * the popup's width with no script.
 */
import { __ } from '../../src/i18n';
import { isSearchable, normalizeQuery, type SearchMemo } from '../../src/search/query';

/** §9: the smart search waits this long after the last keystroke. */
export const DEBOUNCE_MS = 100;
/** §4, §9: closing the full-screen search clears the input and the results after this long. */
export const CLEAR_AFTER_CLOSE_MS = 500;
/** §9: below this width (CSS px) the mobile rules apply (popup height, toggle, overlay mode). */
export const MOBILE_BREAKPOINT = 768;
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

export type FullScreenMode = '' | 'desktop_only' | 'mobile_only' | 'enable';

/** Whether focusing the search opens the full-screen overlay at this viewport size. */
export const overlayApplies = (mode: FullScreenMode, mobile: boolean): boolean =>
  mode === 'enable' || (mode === 'desktop_only' && !mobile) || (mode === 'mobile_only' && mobile);

export interface PlanOptions {
  charCount: number;
  preventBadQueries: boolean;
  disableAjax: boolean;
}

/**
 * What typing `raw` leads to:
 * - `none`: no suggestions (AJAX off, or shorter than `charCount`): the popup closes;
 * - `cached`: this query was answered before: painted at once, no wait, no request (§7);
 * - `empty`: it extends a query that found nothing (§5, with `preventBadQueries`): "no results"
 *   at once, no request;
 * - `fetch`: asked for after the debounce.
 */
export type Plan<T> =
  | { kind: 'none'; query: string }
  | { kind: 'cached'; query: string; answer: T }
  | { kind: 'empty'; query: string }
  | { kind: 'fetch'; query: string };

export function plan<T>(raw: string, memo: SearchMemo<T>, options: PlanOptions): Plan<T> {
  const query = normalizeQuery(raw);
  if (options.disableAjax || !isSearchable(query, options.charCount)) return { kind: 'none', query };
  const answer = memo.get(query);
  if (answer !== undefined) return { kind: 'cached', query, answer };
  if (options.preventBadQueries && memo.extendsEmpty(query)) return { kind: 'empty', query };
  return { kind: 'fetch', query };
}

export interface SubmitTarget {
  homeUrl: string;
  id: string;
  layout: 'default' | 'product';
  productSlug: string;
}

/**
 * §2.1, §7: `/?s={query}&search_id={id}`, with `&post_type={productSlug}` for the product layout,
 * on the site's home URL (whose own query arguments, a language's `?lang=fr`, are kept). `base`
 * resolves a relative home URL (the page's URL).
 */
export function submitUrl(query: string, target: SubmitTarget, base: string): string {
  const url = new URL(target.homeUrl, base);
  url.searchParams.set('s', normalizeQuery(query));
  url.searchParams.set('search_id', target.id);
  if (target.layout === 'product') url.searchParams.set('post_type', target.productSlug);
  return url.href;
}

/** Why a submission was blocked (§5): the query is empty or shorter than `charCount`. */
export const tooShortText = (charCount: number): string =>
  __('Please enter at least %d characters.').replace('%d', String(charCount));

/** What screen readers hear once suggestions are painted ('3 results', '1 result', 'No results'). */
export const resultsText = (count: number): string =>
  count === 0
    ? __('No results')
    : count === 1
      ? __('1 result')
      : __('%d results').replace('%d', String(count));

/** The popup shows when there are suggestions, or "no results" with a configured text (§4). */
export const showsPopup = (count: number, noResultsText: string): boolean =>
  count > 0 || noResultsText.trim() !== '';
