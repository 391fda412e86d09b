/**
 * Popups rules the engine needs before any popup shows (§3 "Popup settings", §4 "Popups", §6): pure functions,
 * no DOM, time passed in as `now` (ms since epoch). The engine owns storage, events and timers; this module only
 * decides. It is part of the engine's own chunk, so it holds only what the page needs at load: the stored
 * memory, the timing rules that are cheap to check (`armRule`) and the triggers' arithmetic. The other timing
 * rules (url, sources, devices, browsers, schedule) and the dialog's display rules are rules.ts's, a lazy chunk
 * fetched when a trigger fires (see engine.ts).
 *
 * Settled semantics (all conditions in `timing` must pass; `open_on_click` bypasses timing altogether):
 * - never: a popup closed with `do_not_show_again` on is recorded and never shows again by a timing trigger
 *   (checked first; an open-on-click link still opens it, the shopper asked for it).
 * - page_views N: from the Nth page view on (this page counted, i.e. after `startPageView`). N ≤ 1: always.
 * - sessions N: from the Nth session on (a session ends after 30 min without page views or activity).
 * - logged_in: HIDES from logged-in users: every one for 'all', those having any of `roles` for 'custom'.
 * - times: shown fewer than `count` times in the last period (a show exactly one period old no longer counts);
 *   'session': fewer than `count` times in this session.
 * - url, sources, devices, browsers, schedule: see rules.ts.
 */
import type { PopupConfig, PopupTiming, PopupUser } from './types.ts';

export const PERIOD_SECONDS = { day: 86400, week: 604800, month: 2628288 } as const;
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;
export const STORAGE_KEY = 'shop-islands-popups';

export interface PopupMemory {
  pageViews: number;
  sessions: number;
  lastSeen: number;
  popups: Record<string, { shown: number[]; sessionShown: number; never: boolean }>;
}
type Entry = PopupMemory['popups'][string];

// ---------------------------------------------------------------------------------------------- memory

/** A non-negative safe integer (counts, ms timestamps); anything else (fractions, huge, strings…) is dropped. */
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const count = (v: unknown): number => (isCount(v) ? v : 0);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses the stored JSON; anything malformed or hostile gives fresh memory, bad values are dropped (0). */
export function readMemory(raw: string | null): PopupMemory {
  let data: unknown;
  try {
    data = JSON.parse(raw!);
  } catch {
    // fresh memory
  }
  const d = isObject(data) ? data : {};
  const popups: PopupMemory['popups'] = {};
  const stored = isObject(d.popups) ? d.popups : {};
  for (const key of Object.keys(stored)) {
    const entry = stored[key];
    // Only positive integer ids: `__proto__`, `constructor`… never become keys.
    if (/^[1-9]\d{0,15}$/.test(key) && isObject(entry))
      popups[key] = {
        shown: Array.isArray(entry.shown) ? entry.shown.filter(isCount) : [],
        sessionShown: count(entry.sessionShown),
        never: entry.never === true,
      };
  }
  return { pageViews: count(d.pageViews), sessions: count(d.sessions), lastSeen: count(d.lastSeen), popups };
}

export const writeMemory = (memory: PopupMemory): string => JSON.stringify(memory);

/**
 * Activity keeps the session alive: `lastSeen = now`. Activity after more than 30 min idle (or with a clock
 * more than 30 min behind `lastSeen`) starts a new session, as a page view would (sessions + 1, every
 * `sessionShown` = 0). Exactly 30 min idle is still the same session.
 */
export function touch(memory: PopupMemory, now: number): PopupMemory {
  if (memory.sessions && Math.abs(now - memory.lastSeen) <= SESSION_TIMEOUT_MS)
    return { ...memory, lastSeen: now };
  const popups: PopupMemory['popups'] = {};
  for (const key in memory.popups) popups[key] = { ...memory.popups[key]!, sessionShown: 0 };
  return { ...memory, sessions: memory.sessions + 1, lastSeen: now, popups };
}

/** A page view: pageViews + 1, and a new session when it is the first or the last one expired (see `touch`). */
export const startPageView = (memory: PopupMemory, now: number): PopupMemory =>
  touch({ ...memory, pageViews: memory.pageViews + 1 }, now);

const entryOf = (memory: PopupMemory, id: number): Entry =>
  memory.popups[id] ?? { shown: [], sessionShown: 0, never: false };

/** `memory` with popup `id`'s entry changed by `change`. */
const withEntry = (memory: PopupMemory, id: number, change: (entry: Entry) => Partial<Entry>) => {
  const entry = entryOf(memory, id);
  return { ...memory, popups: { ...memory.popups, [id]: { ...entry, ...change(entry) } } };
};

/** Records a show: timestamps older than a month (the longest period) are pruned. */
export const recordShown = (memory: PopupMemory, id: number, now: number): PopupMemory =>
  withEntry(memory, id, ({ shown, sessionShown }) => ({
    shown: [...shown.filter((t) => now - t < PERIOD_SECONDS.month * 1000), now],
    sessionShown: sessionShown + 1,
  }));

/** Closing a popup that has `do_not_show_again`: it never shows again (by a timing trigger). */
export const recordNever = (memory: PopupMemory, id: number): PopupMemory =>
  withEntry(memory, id, () => ({ never: true }));

// -------------------------------------------------------------------------------------------- timing

export interface Visit {
  now: number;
  referrer: string;
  origin: string;
  viewportWidth: number;
  userAgent: string;
  user: PopupUser;
  /** `Date#getTimezoneOffset()`: minutes to add to local time to get UTC. */
  visitorOffsetMinutes: number;
  /** Server time - visitor clock, from server_datetime at load (`clockSkewMs`); 0 when unknown. */
  clockSkewMs: number;
}

/** The timing rules in the order they are checked: those `armRule` checks, then those of rules.ts. */
export type TimingRule =
  | 'never'
  | 'page_views'
  | 'sessions'
  | 'logged_in'
  | 'times'
  | 'url'
  | 'sources'
  | 'devices'
  | 'browsers'
  | 'schedule';

/**
 * The first cheap timing rule that fails (never, page_views, sessions, logged_in, times), if any: the engine
 * arms the triggers of a popup only when none does, and checks again when one fires. `memory` is this page's
 * (after `startPageView`).
 */
export function armRule(
  { id, timing: t }: PopupConfig,
  memory: PopupMemory,
  now: number,
  user: PopupUser,
): TimingRule | undefined {
  const { shown, sessionShown, never } = entryOf(memory, id);
  const { logged_in: lo, times } = t;
  if (never) return 'never';
  if (memory.pageViews < (t.page_views ?? 0)) return 'page_views';
  if (memory.sessions < (t.sessions ?? 0)) return 'sessions';
  if (lo && user.logged_in && (lo.users === 'all' || user.roles.some((r) => lo.roles.includes(r))))
    return 'logged_in';
  if (times) {
    const { count: max, period } = times;
    const ms = period === 'session' ? 0 : PERIOD_SECONDS[period] * 1000;
    if ((ms ? shown.filter((at) => now - at < ms).length : sessionShown) >= max) return 'times';
  }
  return undefined;
}

/** Whether `timing` has a rule of rules.ts (the lazy chunk must then be fetched to decide). */
export const hasLazyRule = (timing: PopupTiming): boolean =>
  /url|sources|devices|browsers|schedule/.test(Object.keys(timing).join());

// ------------------------------------------------------------------------------------------- triggers

/**
 * Scroll trigger, evaluated on a scroll event (`previousY` = the position at the last event).
 * down: moving down and at or past `offset`% (clamped to 0–100) of the scrollable height (`scrollHeight` less
 * the viewport's; a page that cannot scroll counts as fully scrolled). up: any upward move; the offset does
 * not apply (contract: down only).
 */
export const scrollFires = (
  { direction, offset }: { direction: 'down' | 'up'; offset: number },
  y: number,
  previousY: number,
  scrollHeight: number,
  viewportHeight: number,
): boolean =>
  direction === 'up'
    ? y < previousY
    : y > previousY &&
      y >= (Math.max(0, scrollHeight - viewportHeight) * Math.min(100, Math.max(0, offset))) / 100;

export interface ScrollSample {
  y: number;
  t: number;
}

/**
 * Touch exit intent: a fast upward flick (toward the browser's address bar) after having read some of the
 * page. A flick moves ≥ 150 px within 300 ms (≥ 0.5 px/ms): a reading drag is slower, and a flick scrolls a
 * quarter of a 568–640 px phone viewport easily. It must start ≥ 400 px down (most of a first phone
 * screen read), so the address-bar bounce at the top and early scrolling do not count.
 */
const MIN_DISTANCE = 150;
const MAX_DURATION = 300;
const MIN_DEPTH = 400;
export const EXIT_SCROLL = {
  minDistance: MIN_DISTANCE,
  maxDuration: MAX_DURATION,
  minDepth: MIN_DEPTH,
} as const;

/** `samples` in time order (oldest first); judged at the newest sample. */
export function touchExitIntent(samples: ScrollSample[]): boolean {
  const last = samples[samples.length - 1];
  for (let i = samples.length - 2; i >= 0; i--) {
    const { y, t } = samples[i]!;
    if (last!.t - t > MAX_DURATION) break;
    if (y >= MIN_DEPTH && y - last!.y >= MIN_DISTANCE) return true;
  }
  return false;
}

/**
 * Desktop exit intent, from a `mouseout` event: the pointer leaves the document (no element to go to,
 * `relatedTarget` null) through the top edge.
 */
export const pointerExitIntent = (e: { clientY: number; relatedTarget: unknown }): boolean =>
  e.relatedTarget === null && e.clientY <= 0;

/** Click trigger: fires on the `times`th click anywhere (0 or 1: the first). */
export const clicksFire = (times: number, clicks: number): boolean => clicks >= Math.max(1, times);

// -------------------------------------------------------------------------------------------- display

/**
 * Whether a triggered popup may open now. `openIds` = the popups currently open (a Set, or a Map by id). A
 * popup never opens twice at once; a popup with `avoid_multiple_popups` does not open while another popup is
 * open (its own setting decides; an open popup without the setting does not block others). Passing every
 * popup opened so far on the page instead gives Elementor's "seen another popup on this page" meaning.
 */
export const mayOpen = (popup: PopupConfig, openIds: { has(id: number): boolean; size: number }): boolean =>
  !openIds.has(popup.id) && !(popup.display.avoid_multiple_popups && openIds.size);
