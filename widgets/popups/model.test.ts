/**
 * The popups rules as tables (issue #16): model.ts (memory, the cheap timing rules checked before arming, the
 * triggers' arithmetic) and rules.ts (the lazy chunk: the other timing rules, the display rules).
 */
import { describe, expect, it } from 'vitest';
import {
  EXIT_SCROLL,
  PERIOD_SECONDS,
  SESSION_TIMEOUT_MS,
  STORAGE_KEY,
  armRule,
  clicksFire,
  hasLazyRule,
  mayOpen,
  pointerExitIntent,
  readMemory,
  recordNever,
  recordShown,
  scrollFires,
  startPageView,
  touch,
  touchExitIntent,
  writeMemory,
  type PopupMemory,
  type Visit,
} from './model.ts';
import {
  FOCUS_DELAY_MS,
  autoCloseAt,
  browserOf,
  clockSkewMs,
  closeButtonAt,
  deviceOf,
  lazyRule,
  scheduleAllows,
  trafficSource,
} from './rules.ts';
import type { PopupConfig, PopupTiming } from './types.ts';

/**
 * A popup's whole timing verdict, as the engine checks it when a trigger fires: model.ts's cheap rules
 * (`armRule`), then rules.ts's (`lazyRule`, fetched only for a popup that has one: `hasLazyRule`).
 */
function timingVerdict(
  popup: PopupConfig,
  memory: PopupMemory,
  visit: Visit,
): { show: true } | { show: false; rule: string } {
  const rule =
    armRule(popup, memory, visit.now, visit.user) ??
    (hasLazyRule(popup.timing) ? lazyRule(popup.timing, visit) : undefined);
  return rule ? { show: false, rule } : { show: true };
}

/** 2025-06-15 12:00:00 UTC. */
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const DAY = PERIOD_SECONDS.day * 1000;
const WEEK = PERIOD_SECONDS.week * 1000;
const MONTH = PERIOD_SECONDS.month * 1000;
const MIN = 60_000;

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

const fresh = (): PopupMemory => ({ pageViews: 0, sessions: 0, lastSeen: 0, popups: {} });
const memoryWith = (over: Partial<PopupMemory>): PopupMemory => ({ ...fresh(), ...over });
const visit = (over: Partial<Visit> = {}): Visit => ({
  now: NOW,
  referrer: '',
  origin: 'https://shop.test',
  viewportWidth: 1280,
  userAgent: UA.chrome,
  user: { logged_in: false, roles: [] },
  visitorOffsetMinutes: 0,
  clockSkewMs: 0,
  ...over,
});
const popup = (timing: PopupTiming = {}, display: PopupConfig['display'] = {}, id = 7): PopupConfig => ({
  id,
  title: 'Summer sale',
  timing,
  triggers: { page_load: { delay: 0 } },
  display,
});
const shownMemory = (shown: number[], sessionShown = 0, never = false): PopupMemory =>
  memoryWith({ pageViews: 1, sessions: 1, lastSeen: NOW, popups: { 7: { shown, sessionShown, never } } });

describe('constants', () => {
  it('uses the contract values', () => {
    expect(PERIOD_SECONDS).toEqual({ day: 86400, week: 604800, month: 2628288 });
    expect(SESSION_TIMEOUT_MS).toBe(1_800_000);
    expect(STORAGE_KEY).toBe('shop-islands-popups');
    expect(FOCUS_DELAY_MS).toBe(250);
  });
});

describe('readMemory', () => {
  it.each([
    ['null (nothing stored)', null],
    ['empty string', ''],
    ['malformed JSON', '{"pageViews":'],
    ['an array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"memory"'],
    ['true', 'true'],
  ])('%s → fresh memory', (_label, raw) => {
    expect(readMemory(raw)).toEqual(fresh());
  });

  it.each([
    ['negative', -3, 0],
    ['fractional', 3.7, 0],
    ['a string', '5', 0],
    ['null', null, 0],
    ['an array', [5], 0],
    ['an object', { n: 5 }, 0],
    ['huge', 1e308, 0],
    ['beyond safe integers', 2 ** 53, 0],
    ['a fine count', 12, 12],
  ])('counter %s → %s', (_label, value, expected) => {
    const memory = readMemory(JSON.stringify({ pageViews: value, sessions: value, lastSeen: value }));
    expect(memory.pageViews).toBe(expected);
    expect(memory.sessions).toBe(expected);
    expect(memory.lastSeen).toBe(expected);
  });

  it('keeps only positive integer popup ids, never __proto__ or other keys', () => {
    const entry = { shown: [1], sessionShown: 1, never: false };
    const raw =
      '{"popups":{"__proto__":{"shown":[1],"sessionShown":1,"never":true,"polluted":true},' +
      '"constructor":{"shown":[]},"0":{},"-1":{},"1.5":{},"abc":{},"07":{},"12345678901234567":{},' +
      `"7":${JSON.stringify(entry)},"8":[1,2],"9":null}}`;
    const memory = readMemory(raw);
    expect(Object.keys(memory.popups)).toEqual(['7']);
    expect(memory.popups['7']).toEqual(entry);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(memory.popups)).toBe(Object.prototype);
  });

  it.each([
    ['popups an array', { popups: [{ shown: [1] }] }],
    ['popups null', { popups: null }],
    ['popups a string', { popups: '7' }],
  ])('%s → no popups', (_label, data) => {
    expect(readMemory(JSON.stringify(data)).popups).toEqual({});
  });

  it('filters bad show timestamps and flags', () => {
    const raw = JSON.stringify({
      popups: { 3: { shown: [1, '2', null, -5, 1e300, 2.5, { t: 1 }, 3], sessionShown: -2, never: 'true' } },
    });
    expect(readMemory(raw).popups['3']).toEqual({ shown: [1, 3], sessionShown: 0, never: false });
    expect(readMemory('{"popups":{"3":{"shown":"1,2"}}}').popups['3']).toEqual({
      shown: [],
      sessionShown: 0,
      never: false,
    });
    expect(readMemory('{"popups":{"3":{"never":true}}}').popups['3']!.never).toBe(true);
  });

  it('round-trips through writeMemory', () => {
    const memory = recordShown(startPageView(fresh(), NOW), 7, NOW);
    expect(readMemory(writeMemory(memory))).toEqual(memory);
  });
});

describe('startPageView and touch', () => {
  it('counts the first page view as the first session', () => {
    expect(startPageView(fresh(), NOW)).toEqual({ pageViews: 1, sessions: 1, lastSeen: NOW, popups: {} });
  });

  it.each([
    ['1 ms later', 1, 1],
    ['exactly 30 min later (same session)', SESSION_TIMEOUT_MS, 1],
    ['30 min + 1 ms later (new session)', SESSION_TIMEOUT_MS + 1, 2],
    ['clock back 30 min (same session)', -SESSION_TIMEOUT_MS, 1],
    ['clock back more than 30 min (new session)', -SESSION_TIMEOUT_MS - 1, 2],
  ])('a page view %s → session %s', (_label, gap, sessions) => {
    const before = shownMemory([NOW - DAY], 2);
    const after = startPageView({ ...before, lastSeen: NOW }, NOW + gap);
    expect(after.pageViews).toBe(2);
    expect(after.sessions).toBe(sessions);
    expect(after.lastSeen).toBe(NOW + gap);
    expect(after.popups['7']).toEqual({
      shown: [NOW - DAY],
      sessionShown: sessions === 2 ? 0 : 2,
      never: false,
    });
  });

  it('does not change the memory it is given', () => {
    const before = shownMemory([NOW], 1);
    const copy = structuredClone(before);
    startPageView(before, NOW + SESSION_TIMEOUT_MS + 1);
    touch(before, NOW + 1);
    recordShown(before, 7, NOW + 1);
    recordNever(before, 7);
    expect(before).toEqual(copy);
  });

  it('activity keeps the session alive between page views', () => {
    let memory = startPageView(fresh(), NOW);
    memory = touch(memory, NOW + 25 * MIN);
    memory = startPageView(memory, NOW + 50 * MIN);
    expect(memory).toMatchObject({ pageViews: 2, sessions: 1, lastSeen: NOW + 50 * MIN });
  });

  it('activity after more than 30 min idle starts a new session without a page view', () => {
    const memory = touch(shownMemory([NOW], 1), NOW + SESSION_TIMEOUT_MS + 1);
    expect(memory).toMatchObject({ pageViews: 1, sessions: 2, lastSeen: NOW + SESSION_TIMEOUT_MS + 1 });
    expect(memory.popups['7']!.sessionShown).toBe(0);
    expect(touch(shownMemory([NOW], 1), NOW + SESSION_TIMEOUT_MS).sessions).toBe(1);
  });
});

describe('recordShown and recordNever', () => {
  it('records a show, counting it in the session', () => {
    const memory = recordShown(startPageView(fresh(), NOW), 7, NOW);
    expect(memory.popups['7']).toEqual({ shown: [NOW], sessionShown: 1, never: false });
    expect(recordShown(memory, 7, NOW + 5).popups['7']).toEqual({
      shown: [NOW, NOW + 5],
      sessionShown: 2,
      never: false,
    });
  });

  it('prunes shows a month old or older', () => {
    const memory = shownMemory([NOW - MONTH - 1, NOW - MONTH, NOW - MONTH + 1, NOW - DAY], 0);
    expect(recordShown(memory, 7, NOW).popups['7']!.shown).toEqual([NOW - MONTH + 1, NOW - DAY, NOW]);
  });

  it('records do-not-show-again, keeping the shows', () => {
    expect(recordNever(shownMemory([NOW], 1), 7).popups['7']).toEqual({
      shown: [NOW],
      sessionShown: 1,
      never: true,
    });
    expect(recordNever(fresh(), 9).popups['9']).toEqual({ shown: [], sessionShown: 0, never: true });
  });
});

describe('trafficSource', () => {
  it.each([
    ['', null],
    ['not a url', null],
    ['https://shop.test/product/boots/', 'internal'],
    ['http://shop.test/', 'internal'],
    ['https://www.shop.test/cart/', 'internal'],
    ['https://shop.test:8080/', 'external'],
    ['https://blog.shop.test/', 'external'],
    ['https://www.google.com/', 'search'],
    ['https://www.google.co.uk/search?q=boots', 'search'],
    ['https://www.google.com.au/', 'search'],
    ['https://www.bing.com/search?q=boots', 'search'],
    ['https://search.yahoo.co.jp/', 'search'],
    ['https://duckduckgo.com/', 'search'],
    ['https://yandex.ru/search/', 'search'],
    ['https://www.baidu.com/', 'search'],
    ['https://www.ecosia.org/search', 'search'],
    ['https://search.brave.com/', 'search'],
    ['https://www.startpage.com/', 'search'],
    ['https://www.qwant.com/', 'search'],
    ['https://google.example.shop/', 'external'],
    ['https://notgoogle.com/', 'external'],
    ['https://www.facebook.com/', 'external'],
    ['android-app://com.google.android.gm/', 'external'],
  ])('%j → %s', (referrer, source) => {
    expect(trafficSource(referrer, 'https://shop.test')).toBe(source);
  });

  it('treats www on the page origin as the same site', () => {
    expect(trafficSource('https://shop.test/a', 'https://www.shop.test')).toBe('internal');
  });
});

describe('deviceOf', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [1920, 'desktop'],
  ])('%s px → %s', (width, device) => {
    expect(deviceOf(width)).toBe(device);
  });
});

describe('browserOf', () => {
  it.each([
    [UA.chrome, 'chrome'],
    [`${UA.chrome} Edg/124.0.2478.51`, 'edge'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
      'edge',
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.0.0',
      'edge',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/124.0 Mobile/15E148 Safari/605.1.15',
      'edge',
    ],
    [`${UA.chrome} OPR/106.0.0.0`, 'opera'],
    ['Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18', 'opera'],
    [UA.firefox, 'firefox'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
      'firefox',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.0.0 Mobile/15E148 Safari/604.1',
      'chrome',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      'chrome',
    ],
    [UA.safari, 'safari'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'safari',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', 'ie'],
    ['Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)', 'ie'],
    ['curl/8.5.0', null],
    ['', null],
  ])('%s → %s', (ua, browser) => {
    expect(browserOf(ua)).toBe(browser);
  });
});

describe('timingVerdict', () => {
  const member = (roles: string[]) => ({ logged_in: true, roles });
  type Row = [string, PopupTiming, PopupMemory, Partial<Visit>, string | true];
  const base = shownMemory([]);
  it.each<Row>([
    ['no conditions', {}, base, {}, true],
    ['page_views 3 on the 2nd view', { page_views: 3 }, memoryWith({ pageViews: 2 }), {}, 'page_views'],
    ['page_views 3 on the 3rd view', { page_views: 3 }, memoryWith({ pageViews: 3 }), {}, true],
    ['page_views 3 on the 4th view', { page_views: 3 }, memoryWith({ pageViews: 4 }), {}, true],
    ['page_views 0', { page_views: 0 }, memoryWith({ pageViews: 1 }), {}, true],
    ['sessions 2 in the 1st session', { sessions: 2 }, memoryWith({ sessions: 1 }), {}, 'sessions'],
    ['sessions 2 in the 2nd session', { sessions: 2 }, memoryWith({ sessions: 2 }), {}, true],
    // url
    ...(
      [
        ['show', false, 'facebook.com', 'https://www.facebook.com/ad', true],
        ['show', false, 'facebook.com', 'https://twitter.com/', 'url'],
        ['show', false, 'facebook.com', '', 'url'],
        ['hide', false, 'facebook.com', 'https://www.facebook.com/ad', 'url'],
        ['hide', false, 'facebook.com', 'https://twitter.com/', true],
        ['hide', false, 'facebook.com', '', true],
        ['show', true, '^https://(www\\.)?facebook\\.com/', 'https://facebook.com/x', true],
        ['show', true, '^https://(www\\.)?facebook\\.com/', 'https://evil.test/?facebook.com/', 'url'],
        ['hide', true, 'face.*ok', 'https://www.facebook.com/', 'url'],
        ['show', true, '(', 'https://www.facebook.com/', 'url'],
        ['hide', true, '(', 'https://www.facebook.com/', true],
        ['show', false, '', 'https://www.facebook.com/', true],
        ['hide', false, '', '', true],
      ] as const
    ).map(([action, regex, url, referrer, verdict]): Row => [
      `url ${action} ${regex ? 'regex' : 'substring'} ${JSON.stringify(url)} from ${JSON.stringify(referrer)}`,
      { url: { url, action, regex } },
      base,
      { referrer },
      verdict,
    ]),
    // sources
    [
      'sources search from Google',
      { sources: ['search'] },
      base,
      { referrer: 'https://www.google.de/' },
      true,
    ],
    [
      'sources search from another site',
      { sources: ['search'] },
      base,
      { referrer: 'https://blog.test/' },
      'sources',
    ],
    [
      'sources external from Google',
      { sources: ['external'] },
      base,
      { referrer: 'https://bing.com/' },
      'sources',
    ],
    [
      'sources external from a site',
      { sources: ['external'] },
      base,
      { referrer: 'https://blog.test/' },
      true,
    ],
    [
      'sources internal from the shop',
      { sources: ['internal'] },
      base,
      { referrer: 'https://shop.test/' },
      true,
    ],
    ['sources with no referrer', { sources: ['internal', 'external', 'search'] }, base, {}, 'sources'],
    ['sources empty list', { sources: [] }, base, {}, true],
    // logged_in (hides)
    ['logged_in all, guest', { logged_in: { users: 'all', roles: [] } }, base, {}, true],
    [
      'logged_in all, logged in',
      { logged_in: { users: 'all', roles: [] } },
      base,
      { user: member([]) },
      'logged_in',
    ],
    [
      'logged_in custom, other role',
      { logged_in: { users: 'custom', roles: ['customer'] } },
      base,
      { user: member(['subscriber']) },
      true,
    ],
    [
      'logged_in custom, one of the roles',
      { logged_in: { users: 'custom', roles: ['customer', 'shop_manager'] } },
      base,
      { user: member(['subscriber', 'customer']) },
      'logged_in',
    ],
    [
      'logged_in custom, guest',
      { logged_in: { users: 'custom', roles: ['customer'] } },
      base,
      { user: { logged_in: false, roles: ['customer'] } },
      true,
    ],
    // devices, browsers
    ['devices mobile at 767 px', { devices: ['mobile'] }, base, { viewportWidth: 767 }, true],
    ['devices mobile at 768 px', { devices: ['mobile'] }, base, { viewportWidth: 768 }, 'devices'],
    ['devices tablet+desktop at 1280 px', { devices: ['tablet', 'desktop'] }, base, {}, true],
    ['devices empty list', { devices: [] }, base, { viewportWidth: 320 }, true],
    ['browsers firefox in Firefox', { browsers: ['firefox'] }, base, { userAgent: UA.firefox }, true],
    ['browsers firefox in Chrome', { browsers: ['firefox'] }, base, {}, 'browsers'],
    [
      'browsers chrome, unknown browser',
      { browsers: ['chrome'] },
      base,
      { userAgent: 'bot/1.0' },
      'browsers',
    ],
    ['browsers empty list', { browsers: [] }, base, {}, true],
    // times
    ['times 1/day, never shown', { times: { count: 1, period: 'day' } }, base, {}, true],
    [
      'times 1/day, shown exactly a day ago',
      { times: { count: 1, period: 'day' } },
      shownMemory([NOW - DAY]),
      {},
      true,
    ],
    [
      'times 1/day, shown a day minus 1 ms ago',
      { times: { count: 1, period: 'day' } },
      shownMemory([NOW - DAY + 1]),
      {},
      'times',
    ],
    [
      'times 2/day, shown once today',
      { times: { count: 2, period: 'day' } },
      shownMemory([NOW - DAY + 1]),
      {},
      true,
    ],
    [
      'times 2/week, shown twice this week',
      { times: { count: 2, period: 'week' } },
      shownMemory([NOW - WEEK + 1, NOW - 1]),
      {},
      'times',
    ],
    [
      'times 2/week, one show exactly a week old',
      { times: { count: 2, period: 'week' } },
      shownMemory([NOW - WEEK, NOW - 1]),
      {},
      true,
    ],
    [
      'times 1/month, shown a month minus 1 ms ago',
      { times: { count: 1, period: 'month' } },
      shownMemory([NOW - MONTH + 1]),
      {},
      'times',
    ],
    [
      'times 1/month, shown exactly a month ago',
      { times: { count: 1, period: 'month' } },
      shownMemory([NOW - MONTH]),
      {},
      true,
    ],
    [
      'times 1/session, shown this session',
      { times: { count: 1, period: 'session' } },
      shownMemory([NOW - DAY], 1),
      {},
      'times',
    ],
    [
      'times 1/session, shown only in an earlier session',
      { times: { count: 1, period: 'session' } },
      shownMemory([NOW - MIN], 0),
      {},
      true,
    ],
    [
      'times 2/session, shown once this session',
      { times: { count: 2, period: 'session' } },
      shownMemory([NOW - MIN], 1),
      {},
      true,
    ],
    // schedule
    [
      'schedule open',
      {
        schedule: {
          timezone: 'site',
          start: null,
          end: null,
          server_datetime: '',
          site_utc_offset_minutes: 0,
        },
      },
      base,
      {},
      true,
    ],
    [
      'schedule not started',
      {
        schedule: {
          timezone: 'site',
          start: '2025-06-16 00:00',
          end: null,
          server_datetime: '',
          site_utc_offset_minutes: 0,
        },
      },
      base,
      {},
      'schedule',
    ],
    // never, and which rule is reported first
    ['do not show again recorded', {}, shownMemory([], 0, true), {}, 'never'],
    ['never is reported before other rules', { page_views: 5 }, shownMemory([], 0, true), {}, 'never'],
    [
      'the first failing rule is reported',
      { page_views: 5, sessions: 5, devices: ['mobile'] },
      memoryWith({ pageViews: 1, sessions: 1 }),
      {},
      'page_views',
    ],
    [
      'the cheap rules are reported before the lazy ones',
      { url: { url: 'facebook.com', action: 'show', regex: false }, page_views: 5 },
      memoryWith({ pageViews: 1 }),
      {},
      'page_views',
    ],
    [
      'every condition passing',
      {
        page_views: 1,
        sessions: 1,
        url: { url: 'google', action: 'show', regex: false },
        sources: ['search'],
        logged_in: { users: 'all', roles: [] },
        devices: ['desktop'],
        browsers: ['chrome'],
        times: { count: 3, period: 'week' },
        schedule: {
          timezone: 'visitor',
          start: '2025-06-01 00:00',
          end: '2025-06-30 23:59',
          server_datetime: '2025-06-15 12:00:00',
          site_utc_offset_minutes: 0,
        },
      },
      shownMemory([NOW - DAY, NOW - 2 * DAY], 1),
      { referrer: 'https://www.google.com/' },
      true,
    ],
  ])('%s', (_label, timing, memory, over, expected) => {
    const verdict = timingVerdict(popup(timing), memory, visit(over));
    expect(verdict).toEqual(expected === true ? { show: true } : { show: false, rule: expected });
  });
});

describe('hasLazyRule', () => {
  const schedule = {
    timezone: 'site',
    start: null,
    end: null,
    server_datetime: '',
    site_utc_offset_minutes: 0,
  } as const;
  it.each<[string, PopupTiming, boolean]>([
    ['no conditions', {}, false],
    [
      'only cheap rules',
      {
        page_views: 2,
        sessions: 2,
        logged_in: { users: 'all', roles: [] },
        times: { count: 1, period: 'session' },
      },
      false,
    ],
    ['url', { url: { url: 'x', action: 'show', regex: false } }, true],
    ['sources', { sources: [] }, true],
    ['devices', { page_views: 2, devices: ['mobile'] }, true],
    ['browsers', { browsers: ['chrome'] }, true],
    ['schedule', { schedule }, true],
  ])('%s → %s', (_label, timing, expected) => {
    expect(hasLazyRule(timing)).toBe(expected);
  });
});

describe('scheduleAllows', () => {
  type Schedule = Parameters<typeof scheduleAllows>[0];
  const site = (start: string | null, end: string | null, offset = 120): Schedule => ({
    timezone: 'site',
    start,
    end,
    server_datetime: '2025-06-15 14:00:00',
    site_utc_offset_minutes: offset,
  });
  const visitor = (start: string | null, end: string | null): Schedule => ({
    ...site(start, end),
    timezone: 'visitor',
  });
  // NOW is 14:00 in the site's UTC+2.
  it.each<[string, Schedule, Partial<Visit>, boolean]>([
    ['open-ended', site(null, null), {}, true],
    ['start is inclusive', site('2025-06-15 14:00', null), {}, true],
    ['1 ms before start', site('2025-06-15 14:00', null), { now: NOW - 1 }, false],
    ['start with seconds', site('2025-06-15 14:00:01', null), {}, false],
    ["start with 'T'", site('2025-06-15T14:00', null), {}, true],
    ['end covers its last minute', site(null, '2025-06-15 14:00'), { now: NOW + MIN - 1 }, true],
    ['end minute over', site(null, '2025-06-15 14:00'), { now: NOW + MIN }, false],
    ['end with seconds covers its second', site(null, '2025-06-15 14:00:30'), { now: NOW + 30_999 }, true],
    ['end with seconds over', site(null, '2025-06-15 14:00:30'), { now: NOW + 31_000 }, false],
    ['inside the window', site('2025-06-01 00:00', '2025-06-30 23:59'), {}, true],
    ['start after end', site('2025-06-16 00:00', '2025-06-14 00:00'), {}, false],
    ['negative site offset (UTC-5)', site('2025-06-15 07:00', null, -300), {}, true],
    ['negative site offset, 1 ms early', site('2025-06-15 07:00', null, -300), { now: NOW - 1 }, false],
    [
      'site zone uses server time (visitor clock 1 h slow)',
      site('2025-06-15 14:30', null),
      { clockSkewMs: 3_600_000 },
      true,
    ],
    ['site zone, same start, no skew', site('2025-06-15 14:30', null), {}, false],
    ['visitor zone UTC+2', visitor('2025-06-15 14:00', null), { visitorOffsetMinutes: -120 }, true],
    ['visitor zone UTC', visitor('2025-06-15 14:00', null), { visitorOffsetMinutes: 0 }, false],
    ['visitor zone UTC-4', visitor('2025-06-15 08:00', null), { visitorOffsetMinutes: 240 }, true],
    ['visitor zone ignores clock skew', visitor('2025-06-15 14:00', null), { clockSkewMs: 9e9 }, false],
    ['invalid start (Feb 30)', site('2025-02-30 10:00', null), {}, false],
    ['invalid start (24:00)', site('2025-06-15 24:00', null), {}, false],
    ['invalid start (minute 60)', site('2025-06-15 10:60', null), {}, false],
    ['invalid start (seconds 60)', site('2025-06-15 10:00:60', null), {}, false],
    ['invalid start (month 13)', site('2025-13-01 10:00', null), {}, false],
    ['invalid start (words)', site('tomorrow', null), {}, false],
    ['invalid start (empty)', site('', null), {}, false],
    ['invalid start (date only)', site('2025-06-01', null), {}, false],
    ['invalid end', site(null, '2025-06-31 10:00'), {}, false],
    ['leap day', site('2024-02-29 00:00', null), {}, true],
  ])('%s', (_label, schedule, over, expected) => {
    expect(scheduleAllows(schedule, visit(over))).toBe(expected);
  });
});

describe('clockSkewMs', () => {
  it.each([
    ['clocks agree', '2025-06-15 14:00:00', 120, NOW, 0],
    ['visitor 5 s slow', '2025-06-15 14:00:00', 120, NOW - 5000, 5000],
    ['visitor 1 h fast', '2025-06-15 07:00:00', -300, NOW + 3_600_000, -3_600_000],
    ['invalid server time', 'soon', 0, NOW, 0],
  ])('%s', (_label, server, offset, now, skew) => {
    expect(clockSkewMs(server, offset, now)).toBe(skew);
  });
});

describe('scrollFires', () => {
  const page = { scrollHeight: 3000, viewportHeight: 1000 }; // 2000 px scrollable
  type Size = Partial<typeof page>;
  it.each<[string, 'down' | 'up', number, number, number, Size, boolean]>([
    ['down 50%, short of it', 'down', 50, 999, 900, page, false],
    ['down 50%, exactly there', 'down', 50, 1000, 900, page, true],
    ['down 50%, past it', 'down', 50, 1500, 1400, page, true],
    ['down 50%, past it but not moving', 'down', 50, 1500, 1500, page, false],
    ['down 50%, past it but moving up', 'down', 50, 1500, 1600, page, false],
    ['down 0%, first move', 'down', 0, 1, 0, page, true],
    ['down 100%, at the bottom', 'down', 100, 2000, 1990, page, true],
    ['down 150% (clamped to 100%)', 'down', 150, 2000, 1990, page, true],
    ['down, page that cannot scroll', 'down', 50, 1, 0, { scrollHeight: 800, viewportHeight: 1000 }, true],
    ['up, moving up', 'up', 0, 500, 600, page, true],
    ['up, moving down', 'up', 0, 600, 500, page, false],
    ['up, not moving', 'up', 0, 600, 600, page, false],
    ['up ignores the offset', 'up', 90, 10, 20, page, true],
  ])('%s', (_label, direction, offset, y, previousY, size, expected) => {
    const { scrollHeight, viewportHeight } = { ...page, ...size };
    expect(scrollFires({ direction, offset }, y, previousY, scrollHeight, viewportHeight)).toBe(expected);
  });
});

describe('touchExitIntent', () => {
  const { minDistance: D, maxDuration: T, minDepth: H } = EXIT_SCROLL;
  it('uses documented values', () => {
    expect(EXIT_SCROLL).toEqual({ minDistance: 150, maxDuration: 300, minDepth: 400 });
  });
  it.each<[string, { y: number; t: number }[], boolean]>([
    ['no samples', [], false],
    ['one sample', [{ y: 1000, t: 0 }], false],
    [
      'a flick of exactly the distance and duration',
      [
        { y: 1000, t: 0 },
        { y: 1000 - D, t: T },
      ],
      true,
    ],
    [
      '1 px short',
      [
        { y: 1000, t: 0 },
        { y: 1001 - D, t: T },
      ],
      false,
    ],
    [
      '1 ms too slow',
      [
        { y: 1000, t: 0 },
        { y: 1000 - D, t: T + 1 },
      ],
      false,
    ],
    [
      'starting exactly at the depth',
      [
        { y: H, t: 0 },
        { y: H - D, t: 100 },
      ],
      true,
    ],
    [
      'starting above the depth',
      [
        { y: H - 1, t: 0 },
        { y: H - 1 - D, t: 100 },
      ],
      false,
    ],
    [
      'downward',
      [
        { y: 1000, t: 0 },
        { y: 1300, t: 100 },
      ],
      false,
    ],
    [
      'slow reading scroll up',
      [
        { y: 1000, t: 0 },
        { y: 900, t: 200 },
        { y: 800, t: 600 },
      ],
      false,
    ],
    [
      'flick across several samples',
      [
        { y: 3000, t: 0 },
        { y: 1200, t: 1000 },
        { y: 1100, t: 1100 },
        { y: 1000, t: 1200 },
        { y: 1000, t: 1250 },
      ],
      true,
    ],
  ])('%s', (_label, samples, expected) => {
    expect(touchExitIntent(samples)).toBe(expected);
  });
});

describe('pointerExitIntent', () => {
  it.each([
    [0, true, true],
    [-8, true, true],
    [1, true, false],
    [0, false, false],
    [400, true, false],
  ])('clientY %s, leaving the page %s → %s', (clientY, toElementIsNull, expected) => {
    const relatedTarget = toElementIsNull ? null : {};
    expect(pointerExitIntent({ clientY, relatedTarget })).toBe(expected);
  });
});

describe('clicksFire', () => {
  it.each([
    [3, 2, false],
    [3, 3, true],
    [3, 4, true],
    [1, 1, true],
    [1, 0, false],
    [0, 0, false],
    [0, 1, true],
  ])('times %s after %s clicks → %s', (times, clicks, expected) => {
    expect(clicksFire(times, clicks)).toBe(expected);
  });
});

describe('mayOpen', () => {
  it.each<[string, boolean | undefined, number[], boolean]>([
    ['nothing open', undefined, [], true],
    ['another open, no setting', undefined, [3], true],
    ['itself already open', undefined, [7], false],
    ['avoid multiple, nothing open', true, [], true],
    ['avoid multiple, another open', true, [3], false],
    ['avoid multiple off, another open', false, [3], true],
  ])('%s', (_label, avoid, openIds, expected) => {
    expect(
      mayOpen(popup({}, avoid === undefined ? {} : { avoid_multiple_popups: avoid }), new Set(openIds)),
    ).toBe(expected);
  });
});

describe('closeButtonAt and autoCloseAt', () => {
  it.each([
    [{}, NOW, null],
    [{ close_button_delay: 0, close_automatically: 0 }, NOW, null],
    [{ close_button_delay: 3, close_automatically: 10 }, NOW + 3000, NOW + 10_000],
    [{ close_button_delay: 0.5, close_automatically: 1.5 }, NOW + 500, NOW + 1500],
  ])('%j', (display, closeButton, autoClose) => {
    expect(closeButtonAt(display, NOW)).toBe(closeButton);
    expect(autoCloseAt(display, NOW)).toBe(autoClose);
  });
});
