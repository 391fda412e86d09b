/**
 * The result count's rules (storefront.md §2.3, §9 "Timings"). No React, no DOM.
 */

/** "Result count re-announced after 2 s" (§9): after the page's own reading has begun. */
export const RESULT_COUNT_ANNOUNCE_DELAY_MS = 2000;

/**
 * What is announced: the text with its white space collapsed (a template's line breaks and tabs),
 * or null when nothing would be said.
 */
export function announcementOf(text: string): string | null {
  const spoken = text.replace(/\s+/g, ' ').trim();
  return spoken === '' ? null : spoken;
}
