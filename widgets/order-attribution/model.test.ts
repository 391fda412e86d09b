import { describe, expect, it } from 'vitest';
import sample from '../../../shared/woocommerce-samples/params/checkout.wc_order_attribution.json';
import { detect } from './attribution-source';
import {
  checkProps,
  decode,
  encode,
  fieldValues,
  known,
  track as record,
  type Jar,
  type Pairs,
} from './model';

const NONE = '(none)';
const NOW = Date.UTC(2026, 10, 27, 9, 5, 7);
const UA = 'Mozilla/5.0 (test)';
/**
 * The cookies after a page view, as the tracker computes them: the source detection (a lazy chunk)
 * only when `known` does not rule a new source out.
 */
const track = (jar: Jar, href: string, referrer: string, now: number, userAgent: string) =>
  record(
    jar,
    href,
    referrer,
    now,
    userAgent,
    known(jar, href, referrer) ? null : detect(jar, href, referrer),
  );

/** `track`'s page view after the jar: the page, its referrer, the time, the browser. */
const visit = (url: string, referrer = '', now = NOW) => [url, referrer, now, UA] as const;

/** A source cookie's pairs from its first values (the rest '(none)'). */
const src = (...values: string[]): Pairs =>
  Object.fromEntries(
    ['typ', 'src', 'mdm', 'cmp', 'cnt', 'trm', 'id', 'plt', 'fmt', 'tct'].map((key, i) => [
      key,
      values[i] ?? NONE,
    ]),
  );

/** A current source a former page view left, with a session open. */
const KEPT: Pairs = { typ: 'kept' };

/**
 * The new source a page view names, or null when it names none (the current one is kept): the
 * view tracked with a source known and a session open (a referral does not count then).
 */
function named(url: string, referrer = ''): Pairs | null {
  const { current } = track({ current: KEPT, session: {} }, ...visit(url, referrer));
  return current === KEPT ? null : current;
}

describe('the source a page view names', () => {
  it.each([
    [
      'utm parameters',
      'https://shop.test/?utm_source=news&utm_medium=email&utm_campaign=spring',
      src('utm', 'news', 'email', 'spring'),
    ],
    [
      'every utm parameter',
      'https://shop.test/?utm_source=s&utm_medium=m&utm_campaign=c&utm_content=n&utm_term=t&utm_id=i&utm_source_platform=p&utm_creative_format=f&utm_marketing_tactic=x',
      src('utm', 's', 'm', 'c', 'n', 't', 'i', 'p', 'f', 'x'),
    ],
    ['one utm parameter', 'https://shop.test/?utm_campaign=spring', src('utm', NONE, NONE, 'spring')],
    ['an empty utm parameter', 'https://shop.test/?utm_source=', src('utm')],
    ['a Google ad click', 'https://shop.test/?gclid=abc', src('utm', 'google', 'cpc', 'google_cpc')],
    [
      'a Google ad click with utm',
      'https://shop.test/?gclid=abc&utm_campaign=x',
      src('utm', 'google', 'cpc', 'x'),
    ],
    ['no utm parameter', 'https://shop.test/?s=boots&utmx=1', null],
  ])('%s', (_, url, expected) => {
    expect(named(url)).toEqual(expected);
  });

  it.each([
    ['https://www.google.com/', 'google'],
    ['https://google.co.uk/search?q=boots', 'google'],
    ['https://www.google.de/', 'google'],
    ['https://yandex.ru/search/?text=boots', 'yandex'],
    ['https://www.bing.com/search?q=boots', 'bing'],
    ['https://search.yahoo.com/search?p=boots', 'yahoo'],
    ['https://go.mail.ru/search?q=boots', 'go.mail.ru'],
    ['https://nova.rambler.ru/search?query=boots', 'rambler'],
    ['https://search.tut.by/?query=boots', 'tut.by'],
    ['https://www.globososo.com/?q=x', 'globo'],
  ])('organic: %s → %s', (referrer, engine) => {
    expect(named('https://shop.test/', referrer)).toEqual(src('organic', engine, 'organic'));
  });

  it.each([
    'https://www.bing.com/', // no search parameter
    'https://yandex.ru/', // no text parameter
    'https://mail.google.com/mail/u/0/',
    'https://google.evil.example/',
    'https://blog.example/?q=boots',
  ])('not a search engine: %s', (referrer) => {
    expect(named('https://shop.test/', referrer)).toBeNull();
  });

  it('referral: the host without www', () => {
    expect(track({}, ...visit('https://shop.test/', 'https://www.blog.example/post')).current).toEqual(
      src('referral', 'blog.example', 'referral'),
    );
    expect(track({}, ...visit('https://shop.test/', 'https://t.co/abc')).current).toEqual(
      src('referral', 't.co', 'referral'),
    );
  });

  it('typein: (direct) / (none)', () => {
    expect(track({}, ...visit('https://shop.test/')).current).toEqual(src('typein', '(direct)', NONE));
  });

  it('timestamps in UTC, as sourcebuster writes them', () => {
    expect(track({}, ...visit('https://shop.test/', '', NOW)).current_add.fd).toBe('2026-11-27 09:05:07');
  });
});

describe('a page view’s cookies (sourcebuster’s rules)', () => {
  const first = track(
    {},
    ...visit('https://shop.test/landing/?utm_source=news&utm_medium=email&utm_campaign=spring'),
  );

  it('a first visit: the source, when and where it started, session page 1, visit 1', () => {
    expect(first).toEqual({
      current: src('utm', 'news', 'email', 'spring'),
      current_add: {
        fd: '2026-11-27 09:05:07',
        ep: 'https://shop.test/landing/?utm_source=news&utm_medium=email&utm_campaign=spring',
        rf: NONE,
      },
      first: first.current,
      first_add: first.current_add,
      session: {
        pgs: '1',
        cpg: 'https://shop.test/landing/?utm_source=news&utm_medium=email&utm_campaign=spring',
      },
      udata: { vst: '1', uip: NONE, uag: UA },
    });
  });

  it('an internal page keeps the source and counts the page', () => {
    const next = track(
      first,
      ...visit('https://shop.test/shop/', 'https://shop.test/landing/', NOW + 60_000),
    );
    expect(next.current).toBe(first.current);
    expect(next.current_add).toBe(first.current_add);
    expect(next.session).toEqual({ pgs: '2', cpg: 'https://shop.test/shop/' });
    expect(next.udata.vst).toBe('1');
  });

  it('a subdomain counts as this site; www does not matter', () => {
    const next = track(first, ...visit('https://www.shop.test/', 'https://blog.shop.test/'));
    expect(next.current).toBe(first.current);
  });

  it.each<[string, Jar, string, string, Pairs]>([
    [
      'organic always wins',
      first,
      'https://shop.test/',
      'https://www.google.com/',
      src('organic', 'google', 'organic'),
    ],
    ['utm always wins', first, 'https://shop.test/?utm_source=ad', 'https://shop.test/', src('utm', 'ad')],
    [
      'a referral during a session keeps the source',
      first,
      'https://shop.test/',
      'https://blog.example/',
      first.current,
    ],
    [
      'a referral after the session ended sets it',
      { ...first, session: undefined },
      'https://shop.test/',
      'https://blog.example/',
      src('referral', 'blog.example', 'referral'),
    ],
    [
      'typed in with a source known: kept',
      { ...first, session: undefined },
      'https://shop.test/',
      '',
      first.current,
    ],
    ['typed in with nothing known', {}, 'https://shop.test/', '', src('typein', '(direct)')],
    [
      'an internal referrer with nothing known: typein',
      {},
      'https://shop.test/b/',
      'https://shop.test/a/',
      src('typein', '(direct)'),
    ],
    [
      'a non-web referrer counts as none',
      {},
      'https://shop.test/',
      'android-app://com.example',
      src('typein', '(direct)'),
    ],
  ])('%s', (_, jar, url, referrer, current) => {
    expect(track(jar, ...visit(url, referrer)).current).toEqual(current);
  });

  it('a new source rewrites current and current_add, never first', () => {
    const next = track(first, ...visit('https://shop.test/', 'https://www.google.com/', NOW + 1000));
    expect(next.current_add).toEqual({
      fd: '2026-11-27 09:05:08',
      ep: 'https://shop.test/',
      rf: 'https://www.google.com/',
    });
    expect(next.first).toBe(first.current);
    expect(next.first_add).toBe(first.current_add);
  });

  it('a new session counts a visit and starts the page count again', () => {
    const next = track({ ...first, session: undefined }, ...visit('https://shop.test/', ''));
    expect(next.udata.vst).toBe('2');
    expect(next.session.pgs).toBe('1');
  });

  it('hostile counts count as 0', () => {
    const next = track(
      { current: first.current, session: { pgs: 'x<script>' }, udata: { vst: '__proto__' } },
      ...visit('https://shop.test/', ''),
    );
    expect(next.session.pgs).toBe('1');
    expect(next.udata.vst).toBe('1');
  });
});

describe('the page views that skip the source detection (known)', () => {
  const current = { typ: 'utm' };
  it.each<[string, Jar, string, string, boolean]>([
    ['an internal page', { current }, 'https://shop.test/shop/', 'https://shop.test/', true],
    ['no referrer', { current }, 'https://shop.test/shop/', '', true],
    ['other parameters', { current }, 'https://shop.test/?s=boots&utmx=1&x=utm_a', '', true],
    ['a session ended, internal', { current, session: undefined }, 'https://shop.test/', '', true],
    ['nothing recorded', {}, 'https://shop.test/shop/', 'https://shop.test/', false],
    ['a utm parameter', { current }, 'https://shop.test/?utm_source=a', 'https://shop.test/', false],
    ['an empty utm parameter', { current }, 'https://shop.test/?x=1&utm_id', '', false],
    ['a percent-encoded utm parameter', { current }, 'https://shop.test/?%75tm_source=a', '', false],
    ['a Google ad click', { current }, 'https://shop.test/?gclid', '', false],
    ['another site', { current }, 'https://shop.test/', 'https://blog.example/', false],
    ['a subdomain', { current }, 'https://shop.test/', 'https://blog.shop.test/', false],
    ['another port', { current }, 'https://shop.test/', 'https://shop.test:8443/', false],
    ['a host that starts as this one', { current }, 'https://shop.test/', 'https://shop.test.evil/', false],
    ['another scheme', { current }, 'https://shop.test/', 'http://shop.test/', false],
    ['a non-web referrer', { current }, 'https://shop.test/', 'android-app://com.example', false],
  ])('%s: %s', (_, jar, url, referrer, expected) => {
    expect(known(jar, url, referrer)).toBe(expected);
  });

  it('a page view it calls known names no new source: skipping the detection changes nothing', () => {
    const jars: Jar[] = [
      {},
      { current: {} },
      { current: { typ: 'utm' } },
      { current: { typ: 'utm' }, session: {} },
    ];
    const urls = [
      'https://shop.test/',
      'https://www.shop.test/a/?b=c',
      'https://shop.test:8443/?utm_source=a',
      'https://shop.test/?gclid=1',
      'https://shop.test/?%67clid=1',
      'https://shop.test/?a=utm_b&utmx=1',
      'https://shop.test/#utm_source=a',
    ];
    const referrers = [
      '',
      'https://shop.test/',
      'https://shop.test/x?q=1',
      'https://www.shop.test/',
      'https://shop.test:8443/',
      'https://www.google.com/',
      'https://blog.example/',
      'android-app://com.example',
      'not a url',
    ];
    let skipped = 0;
    for (const jar of jars) {
      for (const url of urls) {
        for (const referrer of referrers) {
          if (!known(jar, url, referrer)) continue;
          skipped += 1;
          expect(detect(jar, url, referrer), `${url} from ${referrer}`).toBeNull();
        }
      }
    }
    expect(skipped).toBeGreaterThan(10);
  });
});

describe('cookie values', () => {
  it('pairs joined with |||, percent-encoded: no ; , or space gets through', () => {
    const value = encode({ typ: 'utm', src: 'a; b=c,d|||e' });
    expect(value).toBe('typ%3Dutm%7C%7C%7Csrc%3Da%3B%20b%3Dc%2Cd%7C%7C%7Ce');
    expect(value).not.toMatch(/[;, ]/);
  });

  it.each<[string, string, Pairs | null]>([
    ['sourcebuster’s own', 'typ%3Dtypein%7C%7C%7Csrc%3D(direct)', { typ: 'typein', src: '(direct)' }],
    ['unencoded', 'typ=utm|||src=news', { typ: 'utm', src: 'news' }],
    ['a value holding =', 'rf%3Dhttps%3A%2F%2Fa.test%2F%3Fx%3D1', { rf: 'https://a.test/?x=1' }],
    ['pairs without key dropped', '=x|||y|||z=1', { z: '1' }],
    ['broken encoding (absent)', '%E0%A4%A', null],
  ])('decode: %s', (_, value, expected) => {
    const decoded = decode(value);
    expect(decoded === undefined ? null : { ...decoded }).toEqual(expected);
  });

  it('a hostile key stays a key: no prototype to reach', () => {
    const decoded = decode(encodeURIComponent('__proto__=x|||constructor=y'))!;
    expect(Object.getPrototypeOf(decoded)).toBeNull();
    expect(decoded.__proto__).toBe('x');
    expect(({} as Pairs).polluted).toBeUndefined();
  });

  it('round-trips', () => {
    const pairs = src('utm', 'a|b', 'ü é', '100%');
    expect({ ...decode(encode(pairs)) }).toEqual(pairs);
  });
});

describe('field values', () => {
  it('each field from its cookie key; what the jar lacks is empty', () => {
    const jar = track({}, ...visit('https://shop.test/?utm_source=news'));
    expect(fieldValues(sample.fields, jar)).toEqual({
      source_type: 'utm',
      referrer: NONE,
      utm_campaign: NONE,
      utm_source: 'news',
      utm_medium: NONE,
      utm_content: NONE,
      utm_id: NONE,
      utm_term: NONE,
      utm_source_platform: NONE,
      utm_creative_format: NONE,
      utm_marketing_tactic: NONE,
      session_entry: 'https://shop.test/?utm_source=news',
      session_start_time: '2026-11-27 09:05:07',
      session_pages: '1',
      session_count: '1',
      user_agent: UA,
    });
  });

  it('no jar (tracking disallowed): every field empty', () => {
    expect(Object.values(fieldValues(sample.fields, null)).every((v) => v === '')).toBe(true);
  });

  it('a key the jar lacks reads empty', () => {
    const jar: Jar = { current: { typ: 'utm' } };
    expect(fieldValues({ a: 'current.src', b: 'current.typ', c: 'session.pgs' }, jar)).toEqual({
      a: '',
      b: 'utm',
      c: '',
    });
  });
});

describe('props', () => {
  const params = sample.params;

  it('WooCommerce’s printed object is accepted', () => {
    expect(checkProps(sample)).toBe('');
  });

  it.each<[string, unknown, string]>([
    ['not an object', null, 'params'],
    ['no params', { fields: sample.fields }, 'params'],
    ['a lifetime of 0', { ...sample, params: { ...params, lifetime: 0 } }, 'params.lifetime'],
    ['a lifetime as text', { ...sample, params: { ...params, lifetime: '6' } }, 'params.lifetime'],
    ['an endless session', { ...sample, params: { ...params, session: Infinity } }, 'params.session'],
    ['a session of NaN', { ...sample, params: { ...params, session: NaN } }, 'params.session'],
    [
      'allowTracking as text',
      { ...sample, params: { ...params, allowTracking: 'yes' } },
      'params.allowTracking',
    ],
    ['no base64', { ...sample, params: { ...params, base64: undefined } }, 'params.base64'],
    ['no ajaxurl', { ...sample, params: { ...params, ajaxurl: 1 } }, 'params.ajaxurl'],
    ['a prefix with markup', { ...sample, params: { ...params, prefix: 'a"]<b' } }, 'params.prefix'],
    ['an empty prefix', { ...sample, params: { ...params, prefix: '' } }, 'params.prefix'],
    ['no fields', { params }, 'fields'],
    ['a field from another cookie', { params, fields: { a: 'promo.code' } }, 'fields'],
    ['a field without key', { params, fields: { a: 'current' } }, 'fields'],
    ['a field that is no string', { params, fields: { a: ['current.typ'] } }, 'fields'],
    // Only sourcebuster's keys (2 or 3 letters): nothing a prototype holds.
    ['an inherited key', { params, fields: { a: 'current.constructor' } }, 'fields'],
    ['a prototype key', { params, fields: { a: 'udata.__proto__' } }, 'fields'],
    ['an array of params', { params: [1], fields: sample.fields }, 'params.lifetime'],
  ])('refused: %s', (_, raw, field) => {
    expect(checkProps(raw)).toBe(field);
  });
});
