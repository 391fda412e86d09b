/**
 * The shopper's recent searches (storefront.md §4 "Recent searches", §9): each successful search
 * term is stored in this browser, deduplicated (ignoring case: the newest spelling is kept, moved to
 * the front); beyond 10 the oldest is dropped; the last 5 are shown; each can be deleted.
 *
 * Stored as text only, in localStorage under `shop-islands-recent-searches` as a JSON array of
 * strings, newest first. Whatever is found there is hostile (another script, a tampered profile): it
 * is read through the same cleaning as a new term, and anything malformed reads as an empty list,
 * never an error. Where storage is blocked (it throws: disabled cookies, some private modes, a full
 * quota) the list lives in memory for the page. Other tabs' changes arrive through the `storage`
 * event. React reads it with `useRecentSearches()` (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

export const RECENT_SEARCHES_KEY = 'shop-islands-recent-searches';
/** §9: at most 10 stored, the last 5 shown. */
export const RECENT_SEARCHES_STORED = 10;
export const RECENT_SEARCHES_SHOWN = 5;
/** A stored term's maximum length in characters (code points); longer ones are cut. */
export const RECENT_SEARCH_MAX_LENGTH = 100;

/**
 * A term as it is stored: control characters (C0, DEL, C1) count as spaces, bidirectional overrides
 * and isolates (which could make a stored term display as another) are dropped, spaces are collapsed
 * and trimmed, and the text is cut to 100 characters. '' for anything that is not a string.
 */
export function cleanSearchTerm(term: unknown): string {
  if (typeof term !== 'string') return '';
  const text = term
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, RECENT_SEARCH_MAX_LENGTH).join('').trim();
}

const sameTerm = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Cleaned, empty ones and later duplicates dropped, at most 10: what the store holds. */
function tidy(terms: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const term of terms) {
    const clean = cleanSearchTerm(term);
    if (clean && !kept.some((known) => sameTerm(known, clean))) kept.push(clean);
    if (kept.length === RECENT_SEARCHES_STORED) break;
  }
  return kept;
}

/** The list a stored value holds: malformed JSON, or anything but an array, is an empty list. */
function parse(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? tidy(value) : [];
  } catch {
    return [];
  }
}

/** Set once storage has thrown: from then on the list lives in `memory` for the rest of the page. */
let blocked = false;
/** The list as last written (what a blocked storage would hold), serialised. */
let memory = '[]';

/** The stored value; the memory's when storage is blocked. */
function readRaw(): string | null {
  if (!blocked) {
    try {
      return localStorage.getItem(RECENT_SEARCHES_KEY);
    } catch {
      blocked = true;
    }
  }
  return memory;
}

interface Snapshot {
  raw: string | null;
  all: readonly string[];
  shown: readonly string[];
}
const EMPTY: readonly string[] = Object.freeze([]);
let snapshot: Snapshot | null = null;

/** The lists for the current stored value, the same arrays as long as that value is the same. */
function current(): Snapshot {
  const raw = readRaw();
  if (snapshot?.raw !== raw) {
    const all = Object.freeze(parse(raw));
    snapshot = { raw, all, shown: Object.freeze(all.slice(0, RECENT_SEARCHES_SHOWN)) };
  }
  return snapshot;
}

const listeners = new Set<() => void>();
const notify = (): void => listeners.forEach((listener) => listener());

function write(terms: readonly string[]): void {
  memory = JSON.stringify(terms);
  if (!blocked) {
    try {
      localStorage.setItem(RECENT_SEARCHES_KEY, memory);
    } catch {
      blocked = true;
    }
  }
  notify();
}

/** Every stored term (at most 10), newest first. */
export const readRecentSearches = (): readonly string[] => current().all;

/**
 * Remembers a search the shopper made (submitted, or a suggestion opened): cleaned, put first, an
 * earlier entry of the same term (ignoring case) removed, the 11th dropped. Blank terms are ignored.
 */
export function addRecentSearch(term: string): void {
  const clean = cleanSearchTerm(term);
  if (!clean) return;
  write(tidy([clean, ...readRecentSearches()]));
}

/** Forgets a term (ignoring case and the spaces the store would have collapsed). */
export function removeRecentSearch(term: string): void {
  const clean = cleanSearchTerm(term);
  const all = readRecentSearches();
  const kept = all.filter((known) => !sameTerm(known, clean));
  if (kept.length !== all.length) write(kept);
}

/** Another tab wrote the list (or cleared the storage: `key` null). */
function onStorage(event: StorageEvent): void {
  if (event.key === RECENT_SEARCHES_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const shown = (): readonly string[] => current().shown;
const none = (): readonly string[] => EMPTY;

/** The terms shown: the last 5, newest first (the same array until the list changes). */
export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, shown, none);
}

/** Tests: storage counts as available again, the in-memory list is emptied. */
export function forgetRecentSearchesForTests(): void {
  blocked = false;
  memory = '[]';
  snapshot = null;
}
