/**
 * What the loop filters and the loop grids of a page share (storefront.md §2.3): each grid's query
 * (its filters and its page) as the shopper asked for it, kept in the page's URL. Each island is its
 * own React root, so they meet here, read with `useSyncExternalStore` (ARCHITECTURE.md §3):
 *
 * - a filter island sets a taxonomy's terms (`chooseTerms`), a grid's pagination link its page
 *   (`choosePage`): the URL is written at once (history entry: see `writeUrl`) and every island of
 *   that grid sees the new query;
 * - the grid island (widgets/loop-grid) shows the query: it asks the server for that grid, or takes
 *   an answer it already has, and says so (`markShown`);
 * - Back and Forward (popstate) set each grid's query from the URL again.
 *
 * With no grid island on the page to show a change (not mounted yet, or none at all), a filter
 * change loads the filtered page instead, as the filter's own links do without JavaScript.
 */
import { useSyncExternalStore } from 'react';
import { leaveFor } from '../navigation';
import {
  readQuery,
  queryKey,
  withTerms,
  writeQuery,
  type FilterJoin,
  type GridQuery,
  type Join,
} from './model';

/** What changed a grid's query last. */
export type Cause = 'load' | 'filter' | 'page' | 'history';

export interface GridSnapshot {
  /** The query the shopper asked for (the URL's). */
  readonly query: GridQuery;
  readonly cause: Cause;
}

interface GridEntry {
  snapshot: GridSnapshot;
  /** The filter widgets' joins, by taxonomy (not part of the snapshot: they never change a query). */
  joins: Map<string, FilterJoin>;
  /** Grid islands showing this grid (normally 0 or 1). */
  grids: number;
  /**
   * The key of a query whose history entry was pushed and which has not been shown yet: a change
   * made before it shows replaces that entry rather than adding one (an entry per grid shown).
   */
  unshown: string | null;
}

const grids = new Map<string, GridEntry>();
const listeners = new Set<() => void>();
let listening = false;

const emit = (): void => listeners.forEach((listener) => listener());

function onPopState(): void {
  let changed = false;
  for (const [gridId, entry] of grids) {
    entry.unshown = null;
    const query = readQuery(location.search, gridId);
    if (queryKey(query) === queryKey(entry.snapshot.query)) continue;
    entry.snapshot = { query, cause: 'history' };
    changed = true;
  }
  if (changed) emit();
}

function entryOf(gridId: string): GridEntry {
  let entry = grids.get(gridId);
  if (!entry) {
    entry = {
      snapshot: { query: readQuery(location.search, gridId), cause: 'load' },
      joins: new Map(),
      grids: 0,
      unshown: null,
    };
    grids.set(gridId, entry);
  }
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', onPopState);
  }
  return entry;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The grid's current snapshot (the same object until its query changes). */
export const gridSnapshot = (gridId: string): GridSnapshot => entryOf(gridId).snapshot;

/** The grid's snapshot, re-rendering the component when it changes. */
export function useGrid(gridId: string): GridSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => gridSnapshot(gridId),
    () => gridSnapshot(gridId),
  );
}

/** A filter widget says how it joins its taxonomy's terms; returns its removal. */
export function registerJoin(gridId: string, taxonomy: string, join: FilterJoin): () => void {
  const { joins } = entryOf(gridId);
  joins.set(taxonomy, join);
  return () => {
    if (joins.get(taxonomy) === join) joins.delete(taxonomy);
  };
}

/** The filter widgets' joins of the grid, by taxonomy. */
export const joinsOf = (gridId: string): Readonly<Record<string, FilterJoin>> =>
  Object.fromEntries(entryOf(gridId).joins);

/** A grid island shows this grid from now on; returns its removal. */
export function registerGrid(gridId: string): () => void {
  const entry = entryOf(gridId);
  entry.grids += 1;
  return () => {
    entry.grids -= 1;
  };
}

export const hasGrid = (gridId: string): boolean => (grids.get(gridId)?.grids ?? 0) > 0;

/** The grid shows the query of key `key` now (its history entry is done). */
export function markShown(gridId: string, key: string): void {
  const entry = entryOf(gridId);
  if (entry.unshown === key) entry.unshown = null;
}

/**
 * Writes the grid's query into the URL: a new history entry, unless the current one is the
 * entry of a change that has not shown yet (a second click while the first one loads, a retry
 * after an error): then that entry is replaced. Nothing when the URL stays the same.
 */
function writeUrl(gridId: string, entry: GridEntry, query: GridQuery, filtersChanged: boolean): string {
  const search = writeQuery(location.search, gridId, query, filtersChanged);
  const url = `${location.pathname}${search}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return url;
  if (entry.unshown !== null) history.replaceState(history.state, '', url);
  else history.pushState(null, '', url);
  entry.unshown = queryKey(query);
  return url;
}

function change(gridId: string, query: GridQuery, cause: Cause): void {
  const entry = entryOf(gridId);
  if (queryKey(query) === queryKey(entry.snapshot.query)) return;
  if (!hasGrid(gridId)) {
    // No grid island to show it: the page itself, filtered (what the no-JS links do).
    const search = writeQuery(location.search, gridId, query, cause === 'filter');
    leaveFor(`${location.pathname}${search}${location.hash}`);
    return;
  }
  writeUrl(gridId, entry, query, cause === 'filter');
  entry.snapshot = { query, cause };
  emit();
}

/** The shopper chose `terms` of `taxonomy` (none: 'All'): the grid's first page with those filters. */
export function chooseTerms(gridId: string, taxonomy: string, terms: readonly string[], join: Join): void {
  const { filters } = entryOf(gridId).snapshot.query;
  change(gridId, { filters: withTerms(filters, taxonomy, terms, join), page: 1 }, 'filter');
}

/** The shopper followed a pagination link of the grid: page `page`, with the same filters. */
export function choosePage(gridId: string, page: number): void {
  const { filters } = entryOf(gridId).snapshot.query;
  change(gridId, { filters, page }, 'page');
}

/** Tests only: forgets every grid and listener. */
export function resetListingStore(): void {
  grids.clear();
  listeners.clear();
  if (listening) window.removeEventListener('popstate', onPopState);
  listening = false;
}
