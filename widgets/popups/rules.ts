/**
 * Popups rules fetched only when needed (§3 "Popup settings", §4 "Popups", §9): a lazy chunk of its own, so
 * that the code a page loads for popups before one shows stays small (issue #16: ≤ 4 KB gzip). The engine
 * imports it when a timing trigger fires for a popup that has one of these timing rules; the dialog's chunk
 * imports it for the display rules. Pure functions (time passed in as `now`), except `pageVisit`, which reads
 * the visit's facts from the page.
 *
 * Settled semantics (model.ts has the cheap rules, checked first: never, page_views, sessions, logged_in,
 * times; then these, in this order):
 * - url: matched against the referrer; substring, or `RegExp#test` when `regex`. action 'show' = only when it
 *   matches, 'hide' = not when it matches. No referrer never matches; an invalid regex matches nothing; an
 *   empty url is no condition at all (as Elementor Pro).
 * - sources: the visit's source must be in the list; no referrer = no source = fails. 'search' and 'external'
 *   are distinct: a search engine visit is only 'search'.
 * - devices / browsers: the visit's device / browser must be in the list (unknown browser fails).
 * - empty lists (sources, devices, browsers) are no condition (an empty multi-select means "any").
 * - schedule: see `scheduleAllows`.
 */
// Types only: a runtime import of model.ts would make it a chunk of its own, fetched beside the engine's.
import type { TimingRule, Visit } from './model.ts';
import type { PopupDisplay, PopupTiming, PopupUser } from './types.ts';

/** Popup focus delay (§9 Timings). */
export const FOCUS_DELAY_MS = 250;

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

/**
 * The visit's facts, read from the page now. `loadedAt` is when the engine started (the server's
 * `server_datetime` was printed for that moment): the clock skew is measured from it.
 */
export function pageVisit(user: PopupUser, loadedAt: number, schedule?: PopupTiming['schedule']): Visit {
  return {
    now: Date.now(),
    referrer: document.referrer,
    origin: location.origin,
    viewportWidth: window.innerWidth,
    userAgent: navigator.userAgent,
    user,
    visitorOffsetMinutes: new Date().getTimezoneOffset(),
    clockSkewMs: schedule
      ? clockSkewMs(schedule.server_datetime, schedule.site_utc_offset_minutes, loadedAt)
      : 0,
  };
}

// -------------------------------------------------------------------------------------------- timing

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
 * The first of this chunk's timing rules that fails (url, sources, devices, browsers, schedule), if any. The
 * engine checks them after model.ts's `armRule` (a popup's timing verdict is `armRule(…) ?? lazyRule(…)`).
 */
export function lazyRule(t: PopupTiming, visit: Visit): TimingRule | undefined {
  if (t.url && t.url.url !== '' && referrerMatches(t.url, visit.referrer) !== (t.url.action === 'show'))
    return 'url';
  if (!listAllows(t.sources, trafficSource(visit.referrer, visit.origin))) return 'sources';
  if (!listAllows(t.devices, deviceOf(visit.viewportWidth))) return 'devices';
  if (!listAllows(t.browsers, browserOf(visit.userAgent))) return 'browsers';
  if (t.schedule && !scheduleAllows(t.schedule, visit)) return 'schedule';
  return undefined;
}

/** The engine's check when a timing trigger fires (after `armRule`): `lazyRule` for the visit as it is now. */
export const allowsNow = (timing: PopupTiming, user: PopupUser, loadedAt: number): boolean =>
  !lazyRule(timing, pageVisit(user, loadedAt, timing.schedule));

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

// -------------------------------------------------------------------------------------------- display

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
