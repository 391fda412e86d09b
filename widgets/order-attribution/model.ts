/**
 * Order attribution (storefront.md §3, §4, §9): where the shopper came from, kept in cookies that
 * sourcebuster.js (what WooCommerce ships) reads and writes too. Pure functions only: the page's
 * URL, referrer and time are passed in. Written for size (the tracker runs on every page), so tables
 * are strings and sources are built from arrays.
 *
 * Cookie values are `key=value` pairs joined with `|||`, the whole percent-encoded:
 * - `sbjs_current` / `sbjs_first`: typ (utm | organic | referral | typein), src, mdm, cmp, cnt, trm,
 *   id, plt, fmt, tct (the utm_* values; '(none)' when absent). `first` is written once.
 * - `sbjs_current_add` / `sbjs_first_add`: fd (when the source was set, 'YYYY-MM-DD hh:mm:ss' UTC),
 *   ep (entry page), rf (referrer, '(none)').
 * - `sbjs_session`: pgs (pages seen this session), cpg (current page). It lives `session` minutes
 *   from the last page view: no such cookie means a new session.
 * - `sbjs_udata`: vst (sessions so far), uip ('(none)': a browser does not know it), uag.
 */

/** One cookie's pairs. */
export type Pairs = Record<string, string>;

/** The cookies the tracker writes, without the `sbjs_` prefix. */
export const JAR = ['current', 'current_add', 'first', 'first_add', 'session', 'udata'] as const;
export type Jar = Partial<Record<(typeof JAR)[number], Pairs>>;

/** What WooCommerce deletes when tracking is not allowed (`sbjs_` + these). */
export const ALL_COOKIES = [...JAR, 'migrations'];

const NONE = '(none)';

/** The keys of a source cookie, in sourcebuster's order. */
const KEYS = 'typ src mdm cmp cnt trm id plt fmt tct'.split(' ');

/** The utm_* parameters of `src` onwards (`KEYS` from index 1). */
const UTM = 'source medium campaign content term id source_platform creative_format marketing_tactic'.split(
  ' ',
);

/** A source cookie from its values in `KEYS` order; '(none)' for the missing or empty ones. */
const source = (...values: (string | null | undefined)[]): Pairs =>
  Object.fromEntries(KEYS.map((key, i) => [key, values[i] || NONE]));

/**
 * The source a page's URL names with utm_* parameters, or a Google ad click (`gclid`: google, cpc,
 * campaign google_cpc unless the URL names them); else null.
 */
export function utmSource(url: URL): Pairs | null {
  const q = url.searchParams;
  const ad = q.has('gclid');
  if (!ad && !/(^|&)utm_/.test(q.toString())) return null;
  const [src, mdm, cmp, ...rest] = UTM.map((name) => q.get('utm_' + name));
  return ad
    ? source('utm', src || 'google', mdm || 'cpc', cmp || 'google_cpc', ...rest)
    : source('utm', src, mdm, cmp, ...rest);
}

/**
 * sourcebuster's search engines: a host (itself or a subdomain), the query parameter holding the
 * search ('' for none needed), the name recorded (default: the host's first label). Google is any
 * `google.<tld>` (it sends no query any more), Yandex any `yandex.<tld>`.
 */
const ENGINES =
  'google,yandex text,bing.com q,yahoo.com p,about.com q,aol.com q,ask.com q,globososo.com q globo,go.mail.ru q go.mail.ru,rambler.ru query,tut.by query tut.by'
    .split(',')
    .map((line) => line.split(' '));

/** The search engine an external referrer is, as an organic source, else null. */
export function organicSource(referrer: URL): Pairs | null {
  const host = referrer.hostname;
  for (const [engine = '', param = '', name = engine.split('.')[0]!] of ENGINES) {
    const match =
      engine === 'google'
        ? /^(www\.)?google\.[^.]+(\.[a-z]{2})?$/.test(host)
        : `.${host}.`.includes(`.${engine}.`);
    if (match && (!param || referrer.searchParams.has(param))) return source('organic', name, 'organic');
  }
  return null;
}

/** An external referrer that is no search engine: its host, without `www.`. */
export const referralSource = (referrer: URL): Pairs =>
  source('referral', referrer.hostname.replace(/^www\./, ''), 'referral');

/** Nothing to go by (no referrer, no source known yet): typed in. */
export const typeinSource = (): Pairs => source('typein', '(direct)');

/** 'YYYY-MM-DD hh:mm:ss' in UTC (WooCommerce sets sourcebuster's timezone offset to 0). */
export const timestamp = (now: number): string => new Date(now).toISOString().slice(0, 19).replace('T', ' ');

/** A count read from a cookie: anything but digits counts as 0. */
const count = (value?: string): number => parseInt(value!, 10) || 0;

/** One page view: the page, its referrer (`document.referrer`), the time, the browser. */
export interface Visit {
  url: string;
  referrer: string;
  now: number;
  userAgent: string;
}

/**
 * The cookies after one page view (sourcebuster's rules, aligned with Google Analytics):
 * - utm parameters and organic search always set a new current source;
 * - another site sets one only when no session is open (a click in a webmail during a visit is not
 *   a new source);
 * - this site's own pages (same host, or a subdomain: sourcebuster shares the cookies with them)
 *   and a visit with nothing to go by keep the current source; typed in when there is none.
 */
export function track(jar: Jar, visit: Visit): Required<Jar> {
  const url = new URL(visit.url);
  const site = url.hostname.replace(/^www\./, '');
  let ref: URL | null = null;
  try {
    ref = new URL(visit.referrer);
  } catch {
    // No referrer (typed in, a bookmark, privacy settings): none.
  }
  const external =
    ref && /^https?:/.test(ref.protocol) && !`.${ref.hostname}`.endsWith('.' + site) ? ref : null;
  const found =
    utmSource(url) ??
    (external && (organicSource(external) ?? (jar.session ? null : referralSource(external)))) ??
    (jar.current ? null : typeinSource());
  const add = { fd: timestamp(visit.now), ep: url.href, rf: visit.referrer || NONE };
  const current = found ?? jar.current!;
  const currentAdd = (found ? add : jar.current_add) ?? add;
  return {
    current,
    current_add: currentAdd,
    first: jar.first ?? current,
    first_add: jar.first_add ?? currentAdd,
    session: { pgs: String(count(jar.session?.pgs) + 1), cpg: url.href },
    udata: {
      vst: String(count(jar.udata?.vst) + (jar.session ? 0 : 1) || 1),
      uip: NONE,
      uag: visit.userAgent,
    },
  };
}

/** A cookie value: pairs joined with `|||`, percent-encoded (no `;`, `,` or space gets through). */
export const encode = (pairs: Pairs): string =>
  encodeURIComponent(
    Object.entries(pairs)
      .map((pair) => pair.join('='))
      .join('|||'),
  );

/** A cookie value read back: strings only, in an object without prototype; bad encoding → null. */
export function decode(value: string): Pairs | null {
  const pairs = Object.create(null) as Pairs;
  try {
    for (const part of decodeURIComponent(value).split('|||')) {
      const eq = part.indexOf('=');
      if (eq > 0) pairs[part.slice(0, eq)] = part.slice(eq + 1);
    }
    return pairs;
  } catch {
    return null;
  }
}

/**
 * `fields` (field → 'cookie.key') read from the jar: '' for what it lacks. `checkProps` let only
 * the six cookies and keys of 2 or 3 letters through (sourcebuster's), so no lookup reaches a
 * prototype's property.
 */
export const fieldValues = (fields: Pairs, jar: Jar | null): Pairs =>
  Object.fromEntries(
    Object.entries(fields).map(([field, path]) => {
      const [cookie, key] = path.split('.') as [keyof Jar, string];
      return [field, jar?.[cookie]?.[key] ?? ''];
    }),
  );

/** The props WooCommerce prints (`wc_order_attribution`), checked. */
export interface Props {
  params: {
    lifetime: number;
    session: number;
    base64: boolean;
    ajaxurl: string;
    prefix: string;
    allowTracking: boolean;
  };
  fields: Pairs;
}

export type Checked = { ok: true; props: Props } | { ok: false; field: string; problem: string };

/** What each param must be. */
const PARAMS: Record<string, (value: unknown) => boolean> = {
  // Months and minutes: positive, below a million (a cookie's Max-Age stays a plain integer).
  lifetime: (n) => typeof n == 'number' && n > 0 && n < 1e6,
  session: (n) => typeof n == 'number' && n > 0 && n < 1e6,
  base64: (b) => typeof b == 'boolean',
  allowTracking: (b) => typeof b == 'boolean',
  ajaxurl: (s) => typeof s == 'string',
  prefix: (s) => typeof s == 'string' && /^\w+$/.test(s),
};

/**
 * The props checked by hand (no zod in this chunk): the first field that is wrong, else the props.
 * `fields`: each value one key of one of the six cookies ('current.typ', 'udata.vst'…).
 */
export function checkProps(raw: unknown): Checked {
  const { params, fields } = Object(raw) as Record<string, unknown>;
  const p = Object(params) as Record<string, unknown>;
  const wrong = Object.keys(PARAMS).find((key) => !PARAMS[key]!(p[key]));
  const field =
    params !== p
      ? 'params'
      : wrong
        ? 'params.' + wrong
        : fields === Object(fields) &&
            Object.values(fields!).every(
              (path) =>
                typeof path == 'string' && /^((current|first)(_add)?|session|udata)\.[a-z]{2,3}$/.test(path),
            )
          ? ''
          : 'fields';
  return field ? { ok: false, field, problem: 'invalid value' } : { ok: true, props: raw as Props };
}
