/**
 * The accordion's rules (storefront.md §4 "Accordion and tabs", §9): one section open at a time,
 * opening one closes the others, and the height animates in 200 ms. Pure: no React, no DOM.
 */

/** §9 "Accordion animates in 200 ms". */
export const ACCORDION_ANIMATION_MS = 200;

/**
 * The open section after the shopper toggles `index`: that one when it was closed (any other
 * closes), none when it was the open one. An index outside the sections changes nothing.
 */
export function toggleSection(open: number | null, index: number, count: number): number | null {
  if (!Number.isInteger(index) || index < 0 || index >= count) return open;
  return open === index ? null : index;
}

/** The section open on load: `open` when it names a section, otherwise none. */
export function initialSection(open: number | null | undefined, count: number): number | null {
  return open !== null && open !== undefined && Number.isInteger(open) && open >= 0 && open < count
    ? open
    : null;
}

/** Duration of a height animation: none when the shopper prefers reduced motion. */
export function animationDuration(prefersReducedMotion: boolean): number {
  return prefersReducedMotion ? 0 : ACCORDION_ANIMATION_MS;
}
