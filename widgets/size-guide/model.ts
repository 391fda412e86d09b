/**
 * The size guide's rules: the scroll lock's scrollbar compensation. No React, no DOM, no fetch.
 */

/**
 * The width of the page's vertical scrollbar (window width minus the root's client width), given to
 * the body as padding while the page cannot scroll, so nothing beneath the dialog moves sideways.
 */
export function scrollbarGap(windowWidth: number, clientWidth: number): number {
  return Math.max(0, Math.round(windowWidth - clientWidth));
}
