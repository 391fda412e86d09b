/**
 * Sticky elements (storefront.md §2.10 "Sticky elements … on some pages"; §9 Timings "Sticky
 * re-check debounce 300 ms", Layout breakpoints): which devices an element sticks on, and the
 * props, checked by hand (the island carries no zod: it is on pages with nothing else interactive).
 */

/** §9: "Sticky re-check debounce 300 ms" (the device is re-checked this long after a resize ends). */
export const STICKY_RECHECK_MS = 300;

export type Device = 'desktop' | 'tablet' | 'mobile';
export const DEVICES: readonly Device[] = ['desktop', 'tablet', 'mobile'];

/** §9 Layout: mobile up to 767 px, tablet up to 1024 px, desktop above. */
export const deviceOf = (width: number): Device =>
  width <= 767 ? 'mobile' : width <= 1024 ? 'tablet' : 'desktop';

/**
 * The device of the page now, as the stylesheets' media queries see it: `matchMedia`, not
 * `innerWidth` (a phone's browser reports the layout viewport there, wider than the screen while the
 * page is still laying out: 1,225 px was seen on a 390 px phone at DOMContentLoaded).
 */
export const currentDevice = (match: (query: string) => boolean): Device =>
  match('(max-width: 767px)') ? 'mobile' : match('(max-width: 1024px)') ? 'tablet' : 'desktop';

export interface StickyProps {
  /** Distance from the top of the viewport where the element stops (px, 0–400). */
  offset: number;
  /** The devices it sticks on (Elementor's "Sticky On"); elsewhere it scrolls with the page. */
  on: Device[];
}

export type Parsed = { ok: true; value: StickyProps } | { ok: false; field: string; problem: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** As PHP prints absence: left out, `null`, `false` or `[]` (src/contract/props.ts `isAbsentFromPhp`). */
const absent = (value: unknown): boolean =>
  value === undefined || value === null || value === false || (Array.isArray(value) && value.length === 0);

/**
 * The props, or the first problem. Keys absent as PHP prints absence take their defaults, and a
 * number printed as a string is that number, as `optionalFromPhp` reads them for the zod islands.
 */
export function parseStickyProps(raw: unknown): Parsed {
  if (!isRecord(raw)) return { ok: false, field: '(props)', problem: 'must be an object' };
  const rawOffset = absent(raw.offset) ? 0 : raw.offset;
  const offset =
    typeof rawOffset === 'string' && /^\d+(?:\.\d+)?$/.test(rawOffset) ? Number(rawOffset) : rawOffset;
  if (typeof offset !== 'number' || !Number.isFinite(offset) || offset < 0 || offset > 400) {
    return { ok: false, field: 'offset', problem: 'must be a number of pixels from 0 to 400' };
  }
  const on = absent(raw.on) ? DEVICES : raw.on;
  if (!Array.isArray(on) || !on.every((d) => DEVICES.includes(d as Device))) {
    return { ok: false, field: 'on', problem: `must list one or more of ${DEVICES.join(', ')}` };
  }
  return { ok: true, value: { offset, on: [...new Set(on as Device[])] } };
}

/**
 * Whether the element is stuck: its place in the flow (the sentinel just above it) has scrolled
 * above the line `offset` px from the top while the element still sticks.
 */
export const isStuck = (sentinelTop: number, offset: number): boolean => sentinelTop < offset;
