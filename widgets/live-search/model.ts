/**
 * The basic live search's rules (storefront.md §2.4, §4 "Search popup", §5 "Search", §7, §9): pure,
 * no React, no DOM, no fetch. The query rules themselves (spaces collapsed, the 3-character minimum,
 * the per-query cache) are src/search/query.ts, shared with the smart search.
 */
import { __ } from '../../src/i18n';
import { isSearchable, normalizeQuery } from '../../src/search/query';

/** §9: a request goes 200 ms after the last keystroke. */
export const DEBOUNCE_MS = 200;

/** One suggestion as the popup shows it. */
export interface Suggestion {
  /** Its display HTML, sanitised, with nothing focusable left inside (it is a listbox option). */
  html: string;
  /** Where choosing it goes (its first link): a page of this site, or null (it cannot be chosen). */
  href: string | null;
}

/** An answer as the popup shows it. */
export interface Answer {
  suggestions: Suggestion[];
  /** The 'view all' link, or null (none, or not a page of this site). */
  viewAll: { href: string; label: string } | null;
}

/**
 * What a change of the field's text asks for:
 * - `clear`: the query is too short (§9: 3 characters): no popup, nothing in flight;
 * - `paint`: the query was answered before: its answer at once, no request (§7: cached per query);
 * - `wait`: the query is the one already scheduled or in flight: nothing new;
 * - `search`: a request after the debounce.
 */
export type Plan =
  | { kind: 'clear' }
  | { kind: 'paint'; query: string; answer: Answer }
  | { kind: 'wait' }
  | { kind: 'search'; query: string };

export function planFor(
  raw: string,
  pending: string | null,
  cached: (query: string) => Answer | undefined,
): Plan {
  const query = normalizeQuery(raw);
  if (!isSearchable(query)) return { kind: 'clear' };
  const answer = cached(query);
  if (answer) return { kind: 'paint', query, answer };
  return query === pending ? { kind: 'wait' } : { kind: 'search', query };
}

/** §5: the form is not submitted with an empty query or one shorter than 3 characters. */
export const canSubmit = (raw: string): boolean => isSearchable(normalizeQuery(raw));

/** The hint shown (and announced) when a submission is blocked. */
export const shortQueryHint = (): string => __('Please enter at least 3 characters.');

/** Whether the popup shows: open, an answer, and something to show (§4: no-results text configured). */
export const popupShown = (open: boolean, answer: Answer | null, noResultsText: string): boolean =>
  open && answer !== null && (answer.suggestions.length > 0 || noResultsText !== '');

/** What screen readers hear when an answer is shown (politely). */
export function countMessage(count: number, noResultsText: string): string {
  if (count === 0) return noResultsText || __('No results');
  return count === 1 ? __('1 result available.') : __('%d results available.').replace('%d', String(count));
}

/**
 * The 'view all' URL as the search stays on products (§2.4): `post_type=product` is added when the
 * server left it out (CommerceKit's "all content" layout).
 */
export function productsOnly(url: URL): string {
  if (!url.searchParams.has('post_type')) url.searchParams.set('post_type', 'product');
  return url.href;
}
