/**
 * The product tabs' rules (storefront.md §2.5 "Tabs", §4 "Accordion and tabs"): which tab opens for a
 * URL, and where the arrow keys, Home and End move. Pure: no React, no DOM.
 */

export const REVIEWS_TAB = 'reviews';
export const ADDITIONAL_INFORMATION_TAB = 'additional_information';

/** The parts of `window.location` the opening rules read. */
export interface UrlParts {
  /** `location.hash`, with its '#' ('' when there is none). */
  hash: string;
  /** `location.href`, the whole URL. */
  href: string;
}

/**
 * The tab the URL asks for, or null when it asks for none (then the first tab opens on load, and a
 * hash change leaves the open tab alone). WooCommerce's single-product.js, in its order:
 * - the hash contains 'comment-' (any case), or is '#reviews' or '#tab-reviews' → reviews;
 * - the URL contains 'comment-page-' or 'cpage=' (comment pagination) → reviews;
 * - the hash is '#tab-additional_information' → additional information.
 */
export function tabForUrl({ hash, href }: UrlParts): string | null {
  if (hash.toLowerCase().includes('comment-') || hash === '#reviews' || hash === '#tab-reviews') {
    return REVIEWS_TAB;
  }
  // indexOf(…) > 0 as WooCommerce checks it: the URL never starts with these.
  if (href.indexOf('comment-page-') > 0 || href.indexOf('cpage=') > 0) return REVIEWS_TAB;
  if (hash === '#tab-additional_information') return ADDITIONAL_INFORMATION_TAB;
  return null;
}

/**
 * The tab open after a page load: the one the URL asks for when the page has it (a product without
 * reviews enabled has no reviews tab), otherwise the first. `serverChoice` replaces "the first"
 * when the server rendered the page for another tab (WordPress's `?replytocom=ID` reply form is in
 * the reviews), if the page has it. Exactly one tab is open: null only when there are no tabs.
 */
export function initialTab(
  keys: readonly string[],
  url: UrlParts,
  serverChoice?: string | null,
): string | null {
  const wanted = tabForUrl(url);
  if (wanted !== null && keys.includes(wanted)) return wanted;
  if (serverChoice && keys.includes(serverChoice)) return serverChoice;
  return keys[0] ?? null;
}

/**
 * The tab to open after a hash change: the one the new URL asks for when the page has it, otherwise
 * the current tab (a hash such as '#main' or '#respond' closes nothing).
 */
export function tabAfterHashChange(keys: readonly string[], current: string, url: UrlParts): string {
  const wanted = tabForUrl(url);
  return wanted !== null && keys.includes(wanted) ? wanted : current;
}

/**
 * Index of the tab the key moves to from `index` among `count` tabs, or null when the key does not
 * move (the event is then left alone). ArrowRight/ArrowLeft go to the next/previous tab and wrap
 * around (WAI-ARIA tabs pattern); in a right-to-left layout the tabs run from right to left, so
 * the arrows are mirrored: ArrowLeft goes to the next one. Home and End go to the first and last.
 */
export function tabIndexForKey(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count <= 0) return null;
  const next = (index + 1) % count;
  const previous = (index - 1 + count) % count;
  switch (key) {
    case 'ArrowRight':
      return rtl ? previous : next;
    case 'ArrowLeft':
      return rtl ? next : previous;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Id of a tab's panel (`tab-description`) and of its title (`tab-title-description`), as WooCommerce prints them. */
export const panelId = (key: string): string => `tab-${key}`;
export const titleId = (key: string): string => `tab-title-${key}`;
