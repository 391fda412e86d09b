/**
 * What the two search experiences share (storefront.md §4 "Search popup", §5 "Search", §7 "Search"):
 * the query as sent (repeated spaces collapsed), the minimum length, the per-query answer cache, the
 * smart search's "no request for a query that extends one that had no results", and the rule that
 * a new request aborts the one before it. Pure, apart from the AbortController it hands out.
 */

/** The minimum number of characters both searches need (§9: 3). */
export const MIN_QUERY_LENGTH = 3;

/** The query as sent and cached: spaces collapsed (§5) and trimmed ('boots ' is 'boots'). */
export function normalizeQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/** Whether a (normalised) query is long enough to search or to submit (§5). */
export function isSearchable(query: string, minLength: number = MIN_QUERY_LENGTH): boolean {
  return query.length >= Math.max(1, minLength);
}

/** How many answers a page keeps (a shopper types a few dozen queries at most). */
const CACHE_SIZE = 60;

/**
 * Answers per query, and the queries that found nothing. Keys ignore case: WordPress's search
 * does (a LIKE on a case-insensitive collation), so 'Boots' and 'boots' have one answer.
 */
export class SearchMemo<T> {
  private readonly answers = new Map<string, T>();
  private readonly empty = new Set<string>();

  private static key(query: string): string {
    return normalizeQuery(query).toLowerCase();
  }

  get(query: string): T | undefined {
    return this.answers.get(SearchMemo.key(query));
  }

  set(query: string, answer: T, found: boolean): void {
    const key = SearchMemo.key(query);
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > CACHE_SIZE) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    if (!found) this.empty.add(key);
  }

  /**
   * True when an earlier query that found nothing is a prefix of this one (§5: such a query is not
   * sent again): 'xyz' found nothing, so 'xyzw' cannot find anything either. Only a prefix counts:
   * 'ball' after an empty 'balls' may find something.
   */
  extendsEmpty(query: string): boolean {
    const key = SearchMemo.key(query);
    for (const empty of this.empty) if (key.startsWith(empty)) return true;
    return false;
  }
}

/** Hands out one AbortSignal at a time: asking for the next aborts the previous (§4, §7). */
export class LatestRequest {
  private controller: AbortController | null = null;

  next(): AbortSignal {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  /** Aborts the request in flight, if any (on unmount, on a cache hit, on a query too short). */
  cancel(): void {
    this.controller?.abort();
    this.controller = null;
  }
}
