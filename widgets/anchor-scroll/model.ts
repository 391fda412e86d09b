/**
 * The rules of scrolling to in-page anchors (storefront.md §5 "Anchors", §9 "sticky-scroll offset
 * 80 px"). Pure: no DOM. The island (island.tsx) applies them to the page.
 */

/** §9 "Timings": the room left above a scrolled-to target (a sticky header's height). */
export const ANCHOR_SCROLL = { offset: 80, maxOffset: 1000 } as const;

/**
 * §5: a scroll-to-anchor target is '#', then a letter or '_', then word characters or '-' (ASCII).
 * Anything else ('#', '#1abc', '#a b', '#"><img …', '#caf%C3%A9') is not ours: the browser does what
 * it always does with it, and it never reaches a selector.
 */
const VALID_ANCHOR = /^#[A-Za-z_][\w-]*$/;

export const isValidAnchor = (hash: string): boolean => typeof hash === 'string' && VALID_ANCHOR.test(hash);

/** Where the page scrolls to: the target's top `offset` px below the viewport's top, never above 0. */
export function scrollTopFor(targetTopInViewport: number, scrollY: number, offset: number): number {
  const top = targetTopInViewport + scrollY - offset;
  return Number.isFinite(top) ? Math.max(0, Math.round(top)) : 0;
}

/** What a click looked like: only a plain primary click is ours (a modified one opens a tab, etc.). */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

export const isPlainClick = (event: ClickLike): boolean =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  !event.defaultPrevented;

/** Whether `linkHref` (resolved) points into the page at `pageHref`: same URL but for the fragment. */
export function isSamePage(linkHref: string, pageHref: string): boolean {
  const strip = (href: string) => href.split('#', 1)[0];
  return strip(linkHref) === strip(pageHref);
}

export interface AnchorScrollOptions {
  offset: number;
}

export type PropsCheck =
  { ok: true; value: AnchorScrollOptions } | { ok: false; field: string; problem: string };

/**
 * The island's props, checked by hand (the island is not React and carries no zod; `schema.ts`
 * says the same in zod for the docs, and a test keeps the two in step). As PHP prints them: `null`,
 * `false` or `[]` for "not set", numbers now and then as strings ("80").
 */
export function readAnchorScrollProps(raw: unknown): PropsCheck {
  const absent = (value: unknown) =>
    value === undefined || value === null || value === false || (Array.isArray(value) && value.length === 0);
  if (absent(raw)) return { ok: true, value: { offset: ANCHOR_SCROLL.offset } };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: '(props)', problem: 'must be an object' };
  }
  const given: unknown = (raw as Record<string, unknown>).offset;
  if (absent(given)) return { ok: true, value: { offset: ANCHOR_SCROLL.offset } };
  const offset =
    typeof given === 'string' && /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(given) ? Number(given) : given;
  if (typeof offset !== 'number' || !Number.isFinite(offset)) {
    return { ok: false, field: 'offset', problem: 'must be a number' };
  }
  if (offset < 0 || offset > ANCHOR_SCROLL.maxOffset) {
    return { ok: false, field: 'offset', problem: `must be between 0 and ${ANCHOR_SCROLL.maxOffset}` };
  }
  return { ok: true, value: { offset } };
}
