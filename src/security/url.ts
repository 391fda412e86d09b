/**
 * Every URL that reaches an island from outside (a server answer, props, storage, the page's own
 * URL) is hostile until checked here (issue #11). Two questions, two functions:
 *
 * - `httpUrl()`: may it be rendered (an `<a href>`, an `<img src>`, a share link)? Only `http:` and
 *   `https:` URLs, relative ones resolved against the page. `javascript:`, `data:`, `blob:`,
 *   `vbscript:`, `file:`… never.
 * - `sameOriginUrl()`: may the product send the browser there by itself (a redirect after an add,
 *   a fallback navigation)? Only an http(s) URL of this page's origin: an answer that could send
 *   the shopper to another site is a phishing vector, so it is refused and logged.
 */

/** What a refused navigation tells the shopper (our wording: WooCommerce has none). */
export const REFUSED_NAVIGATION_MESSAGE = 'This link leads away from the store, so it was not followed.';

const base = (): string => (typeof document === 'undefined' ? 'http://localhost/' : document.baseURI);

/** The URL, resolved against the page, if it is http(s); null otherwise (or when it does not parse). */
export function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  // The URL parser drops tabs and newlines and trims control characters and spaces ('java\tscript:'),
  // so what it resolves is what the browser would follow.
  let url: URL;
  try {
    url = new URL(value, base());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/** `httpUrl()` as a string for an attribute; undefined (no attribute) when it is not http(s). */
export const safeHref = (value: unknown): string | undefined => httpUrl(value)?.href;

/** The URL if it is http(s) and of this page's origin; null otherwise. */
export function sameOriginUrl(value: unknown): URL | null {
  const url = httpUrl(value);
  if (!url || typeof location === 'undefined') return url;
  return url.origin === location.origin ? url : null;
}

/** What the console says of a refused URL: at most 200 characters of it, as JSON (no injection). */
export const describeUrl = (value: unknown): string =>
  JSON.stringify(typeof value === 'string' ? value.slice(0, 200) : String(value));

/** A `srcset` every candidate of which is an http(s) URL (`a.jpg 1x, b.jpg 2x`). */
export function isSafeSrcset(value: string): boolean {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .every((url) => url === undefined || url === '' || httpUrl(url) !== null);
}
