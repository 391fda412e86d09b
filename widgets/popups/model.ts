/**
 * Popups rules (§3 "Popup settings", §4 "Popups", §6, §9): pure functions, no DOM, time passed in as `now`
 * (ms since epoch). The engine owns storage, events and timers; this module only decides.
 *
 * Settled semantics (all conditions in `timing` must pass; `open_on_click` bypasses timing altogether):
 * - never: a popup closed with `do_not_show_again` on is recorded and never shows again by a timing trigger
 *   (checked first; an open-on-click link still opens it, the shopper asked for it).
 * - page_views N: from the Nth page view on (this page counted, i.e. after `startPageView`). N ≤ 1: always.
 * - sessions N: from the Nth session on (a session ends after 30 min without page views or activity).
 * - url: matched against the referrer; substring, or `RegExp#test` when `regex`. action 'show' = only when it
 *   matches, 'hide' = not when it matches. No referrer never matches; an invalid regex matches nothing; an
 *   empty url is no condition at all (as Elementor Pro).
 * - sources: the visit's source must be in the list; no referrer = no source = fails. 'search' and 'external'
 *   are distinct: a search engine visit is only 'search'.
 * - logged_in: HIDES from logged-in users: every one for 'all', those having any of `roles` for 'custom'.
 * - devices / browsers: the visit's device / browser must be in the list (unknown browser fails).
 * - empty lists (sources, devices, browsers) are no condition (an empty multi-select means "any").
 * - times: shown fewer than `count` times in the last period (a show exactly one period old no longer counts);
 *   'session': fewer than `count` times in this session.
 * - schedule: see `scheduleAllows`.
 */
import type { PopupConfig, PopupDisplay, PopupTiming } from './types.ts';

export const PERIOD_SECONDS = { day: 86400, week: 604800, month: 2628288 } as const;
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;
export const STORAGE_KEY = 'shop-islands-popups';
/** Popup focus delay (§9 Timings). */
export const FOCUS_DELAY_MS = 250;

const MONTH_MS = PERIOD_SECONDS.month * 1000;

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
  const memory: PopupMemory = { pageViews: 0, sessions: 0, lastSeen: 0, popups: {} };
  if (!isObject(data)) return memory;
  memory.pageViews = count(data.pageViews);
  memory.sessions = count(data.sessions);
  memory.lastSeen = count(data.lastSeen);
  const popups = isObject(data.popups) ? data.popups : {};
  for (const key of Object.keys(popups)) {
    const entry = popups[key];
    // Only positive integer ids: `__proto__`, `constructor`… never become keys.
    if (/^[1-9]\d{0,15}$/.test(key) && isObject(entry))
      memory.popups[key] = {
        shown: Array.isArray(entry.shown) ? entry.shown.filter(isCount) : [],
        sessionShown: count(entry.sessionShown),
        never: entry.never === true,
      };
  }
  return memory;
}

export function writeMemory(memory: PopupMemory): string {
  return JSON.stringify(memory);
}

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
export function startPageView(memory: PopupMemory, now: number): PopupMemory {
  return touch({ ...memory, pageViews: memory.pageViews + 1 }, now);
}

const entryOf = (memory: PopupMemory, id: number): Entry =>
  memory.popups[String(id)] ?? { shown: [], sessionShown: 0, never: false };

/** Records a show: timestamps older than a month (the longest period) are pruned. */
export function recordShown(memory: PopupMemory, id: number, now: number): PopupMemory {
  const entry = entryOf(memory, id);
  const shown = [...entry.shown.filter((t) => now - t < MONTH_MS), now];
  return {
    ...memory,
    popups: { ...memory.popups, [id]: { ...entry, shown, sessionShown: entry.sessionShown + 1 } },
  };
}

/** Closing a popup that has `do_not_show_again`: it never shows again (by a timing trigger). */
export function recordNever(memory: PopupMemory, id: number): PopupMemory {
  return { ...memory, popups: { ...memory.popups, [id]: { ...entryOf(memory, id), never: true } } };
}

// ------------------------------------------------------------------------------------------ visit facts

export type Source = 'internal' | 'external' | 'search';

/**
 * Search engines recognised by the referrer's host: the engine's name followed by its public suffix only
 * (google.com, www.google.co.uk, search.yahoo.co.jp, duckduckgo.com; not google.example.shop).
 */
const SEARCH_HOST =
  /(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia|ask|aol|naver|seznam|qwant|startpage|brave|sogou)(\.[a-z]{2,3}){1,2}$/;

/**
 * Where the shopper came from: same host as the page (ignoring a leading `www.`) = internal, a known search
 * engine = search, any other referrer = external. No (or an unparsable) referrer = null.
 */
export function trafficSource(referrer: string, origin: string): Source | null {
  let from: URL;
  let here: URL;
  try {
    from = new URL(referrer);
    here = new URL(origin);
  } catch {
    return null;
  }
  const host = (u: URL) => u.host.replace(/^www\./, '');
  if (host(from) === host(here)) return 'internal';
  return SEARCH_HOST.test(from.hostname.replace(/\.$/, '')) ? 'search' : 'external';
}

export type Device = 'desktop' | 'tablet' | 'mobile';

/** §9 Layout: mobile up to 767 px, tablet up to 1024 px. */
export function deviceOf(viewportWidth: number): Device {
  return viewportWidth <= 767 ? 'mobile' : viewportWidth <= 1024 ? 'tablet' : 'desktop';
}

export type Browser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera';

/** By user agent; Chromium-based Edge and Opera first (their UA also says Chrome and Safari). */
export function browserOf(userAgent: string): Browser | null {
  const ua = userAgent;
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'edge';
  if (/OPR\/|OPT\/|Opera/.test(ua)) return 'opera';
  if (/MSIE |Trident\//.test(ua)) return 'ie';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'chrome';
  if (/Safari\//.test(ua)) return 'safari';
  return null;
}

export interface Visit {
  now: number;
  referrer: string;
  origin: string;
  viewportWidth: number;
  userAgent: string;
  user: { logged_in: boolean; roles: string[] };
  /** `Date#getTimezoneOffset()`: minutes to add to local time to get UTC. */
  visitorOffsetMinutes: number;
  /** Server time - visitor clock, from server_datetime at load (`clockSkewMs`); 0 when unknown. */
  clockSkewMs: number;
}

// -------------------------------------------------------------------------------------------- timing

export type TimingRule =
  | 'page_views'
  | 'sessions'
  | 'url'
  | 'sources'
  | 'logged_in'
  | 'devices'
  | 'browsers'
  | 'times'
  | 'schedule'
  | 'never';

const listAllows = <T>(list: readonly T[] | undefined, value: T | null): boolean =>
  !list || list.length === 0 || (value !== null && list.includes(value));

function referrerMatches(url: NonNullable<PopupTiming['url']>, referrer: string): boolean {
  if (!referrer) return false;
  if (!url.regex) return referrer.includes(url.url);
  try {
    return new RegExp(url.url).test(referrer);
  } catch {
    return false; // refused by the props validator already; never throw here
  }
}

/**
 * Whether the popup may be shown by a timing trigger now. `memory` is this page's (after `startPageView`).
 * The first failing rule is reported ('never' first, then the timing keys in the order of `TimingRule`).
 */
export function timingVerdict(
  popup: PopupConfig,
  memory: PopupMemory,
  visit: Visit,
): { show: true } | { show: false; rule: TimingRule } {
  const t = popup.timing;
  const entry = entryOf(memory, popup.id);
  const fail = (rule: TimingRule) => ({ show: false as const, rule });
  if (entry.never) return fail('never');
  if (t.page_views !== undefined && memory.pageViews < t.page_views) return fail('page_views');
  if (t.sessions !== undefined && memory.sessions < t.sessions) return fail('sessions');
  if (t.url && t.url.url !== '' && referrerMatches(t.url, visit.referrer) !== (t.url.action === 'show'))
    return fail('url');
  if (!listAllows(t.sources, trafficSource(visit.referrer, visit.origin))) return fail('sources');
  const lo = t.logged_in;
  if (
    lo &&
    visit.user.logged_in &&
    (lo.users === 'all' || visit.user.roles.some((r) => lo.roles.includes(r)))
  )
    return fail('logged_in');
  if (!listAllows(t.devices, deviceOf(visit.viewportWidth))) return fail('devices');
  if (!listAllows(t.browsers, browserOf(visit.userAgent))) return fail('browsers');
  if (t.times) {
    const { count: max, period } = t.times;
    const shown =
      period === 'session'
        ? entry.sessionShown
        : entry.shown.filter((at) => visit.now - at < PERIOD_SECONDS[period] * 1000).length;
    if (shown >= max) return fail('times');
  }
  if (t.schedule && !scheduleAllows(t.schedule, visit)) return fail('schedule');
  return { show: true };
}

/**
 * A wall-clock 'YYYY-MM-DD HH:mm[:ss]' (or with 'T') read as if it were UTC, and the length of its last unit
 * (60 s without seconds, 1 s with). Null when malformed or not a real date/time (2025-02-30, 24:00): those
 * do not survive the round trip through `toISOString`.
 */
function parseWallClock(text: string): { ms: number; unit: number } | null {
  const iso = text.replace(' ', 'T');
  const ms = Date.parse(iso + 'Z');
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(iso) &&
    !isNaN(ms) &&
    new Date(ms).toISOString().startsWith(iso)
    ? { ms, unit: iso.length > 16 ? 1000 : 60000 }
    : null;
}

/**
 * Schedule window. start/end are wall-clock times in the site's zone (UTC + site_utc_offset_minutes, now =
 * the visitor clock corrected by `clockSkewMs`) or the visitor's (the current `visitorOffsetMinutes`, now =
 * the visitor's own clock). start is inclusive; end is inclusive of its whole last minute (or second when
 * given), i.e. 'YYYY-MM-DD 18:00' still shows at 18:00:59.999 and not at 18:01. null = open-ended. An invalid
 * start or end → not shown.
 */
export function scheduleAllows(schedule: NonNullable<PopupTiming['schedule']>, visit: Visit): boolean {
  const site = schedule.timezone === 'site';
  // Local wall clock read as UTC minus the zone's offset east of UTC gives the instant.
  const shift = site ? -schedule.site_utc_offset_minutes * 60000 : visit.visitorOffsetMinutes * 60000;
  const now = visit.now + (site ? visit.clockSkewMs : 0);
  const bound = (text: string | null) => (text === null ? undefined : parseWallClock(text));
  const start = bound(schedule.start);
  const end = bound(schedule.end);
  if (start === null || end === null) return false;
  return (!start || now >= start.ms + shift) && (!end || now < end.ms + end.unit + shift);
}

/**
 * Server time minus the visitor's clock, from the server's wall-clock `server_datetime` (site zone) read at
 * `now`; 0 when it is not a valid date. Feeds `Visit.clockSkewMs`.
 */
export function clockSkewMs(serverDatetime: string, siteOffsetMinutes: number, now: number): number {
  const server = parseWallClock(serverDatetime);
  return server ? server.ms - siteOffsetMinutes * 60000 - now : 0;
}

// ------------------------------------------------------------------------------------------- triggers

/**
 * Scroll trigger, evaluated on a scroll event (`previousY` = the position at the last event).
 * down: moving down and at or past `offset`% (clamped to 0–100) of the scrollable height (a page that cannot
 * scroll counts as fully scrolled). up: any upward move; the offset does not apply (contract: down only).
 */
export function scrollFires(
  trigger: { direction: 'down' | 'up'; offset: number },
  s: { y: number; previousY: number; scrollHeight: number; viewportHeight: number },
): boolean {
  if (trigger.direction === 'up') return s.y < s.previousY;
  const scrollable = Math.max(0, s.scrollHeight - s.viewportHeight);
  return s.y > s.previousY && s.y >= (scrollable * Math.min(100, Math.max(0, trigger.offset))) / 100;
}

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
export const EXIT_SCROLL = { minDistance: 150, maxDuration: 300, minDepth: 400 } as const;

/** `samples` in time order (oldest first); judged at the newest sample. */
export function touchExitIntent(samples: ScrollSample[]): boolean {
  const last = samples[samples.length - 1];
  if (!last) return false;
  for (let i = samples.length - 2; i >= 0; i--) {
    const s = samples[i]!;
    if (last.t - s.t > EXIT_SCROLL.maxDuration) break;
    if (s.y >= EXIT_SCROLL.minDepth && s.y - last.y >= EXIT_SCROLL.minDistance) return true;
  }
  return false;
}

/** Desktop exit intent: the pointer leaves the document (no element to go to) through the top edge. */
export function pointerExitIntent(e: { clientY: number; toElementIsNull: boolean }): boolean {
  return e.toElementIsNull && e.clientY <= 0;
}

/** Click trigger: fires on the `times`th click anywhere (0 or 1: the first). */
export function clicksFire(times: number, clicks: number): boolean {
  return clicks >= Math.max(1, times);
}

// -------------------------------------------------------------------------------------------- display

/**
 * Whether a triggered popup may open now. `openIds` = the popups currently open. A popup never opens twice at
 * once; a popup with `avoid_multiple_popups` does not open while another popup is open (its own setting
 * decides; an open popup without the setting does not block others). Passing every popup opened so far on
 * the page instead gives Elementor's "seen another popup on this page" meaning.
 */
export function mayOpen(popup: PopupConfig, openIds: number[]): boolean {
  if (openIds.includes(popup.id)) return false;
  return !popup.display.avoid_multiple_popups || openIds.length === 0;
}

const seconds = (v: number | undefined): number => (typeof v === 'number' && v > 0 ? v * 1000 : 0);

/** When the close button shows (ms timestamp): openedAt + close_button_delay s (openedAt without a delay). */
export function closeButtonAt(display: PopupDisplay, openedAt: number): number {
  return openedAt + seconds(display.close_button_delay);
}

/** When the popup closes by itself, or null when close_automatically is unset or 0. */
export function autoCloseAt(display: PopupDisplay, openedAt: number): number | null {
  const ms = seconds(display.close_automatically);
  return ms ? openedAt + ms : null;
}
