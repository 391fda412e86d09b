/**
 * Order attribution (storefront.md §3, §4, §9): where the shopper came from, kept in cookies that
 * sourcebuster.js (what WooCommerce ships) reads and writes too. Pure functions only: the page's
 * URL, referrer and time are passed in. Written for size (the tracker runs on every page: its
 * budget is 1.5 KB gzip), so tables are strings split at run time, values travel in arrays and
 * positional arguments rather than objects (property names survive minification), and the
 * checks are one descriptor. The source detection (utm parameters, search engines, referrals) is
 * not here: it is attribution-source.ts, a lazy chunk loaded only by the page views `known` cannot
 * rule out (a campaign link, another site, a first visit).
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

/** The `document` event carrying the field values (empty strings when tracking is disallowed). */
export const ATTRIBUTION_EVENT = 'shop-islands:order-attribution';

const NONE = '(none)';

/** A count read from a cookie (anything but digits counts as 0), plus `add`; at least 1. */
const count = (value: string | undefined, add: number): string => `${(parseInt(value!) || 0) + add || 1}`;

/** A host without `www.`. */
export const www = (host: string): string => host.replace(/^www\./, '');

/**
 * Whether the page view at `href` (as `location.href` gives it) reached from `referrer` keeps the
 * current source for sure: one is recorded, the URL has no utm_* or gclid parameter (read as
 * `URLSearchParams` reads them) and the referrer is none or this origin's. Only otherwise can it
 * name a new one: then the tracker loads the source detection (attribution-source.ts, a lazy
 * chunk), which answers null for every page view this calls known.
 */
export function known(jar: Jar, href: string, referrer: string): boolean {
  const { origin, searchParams } = new URL(href);
  const home = origin + '/';
  return (
    !!jar.current && !/(^|&)(utm_|gclid=)/.test(`${searchParams}`) && (referrer || home).startsWith(home)
  );
}

/**
 * The cookies after one page view (`href` as `location.href` gives it, `document.referrer`, the
 * time, the browser) and `found`, the new source it names (attribution-source.ts `detect`; null:
 * none, the current one is kept; only null when one is recorded). `current_add` and `first_add`
 * follow the source; `first` is written once; the session counts the pages, `udata` the sessions.
 * `current_add.fd`: 'YYYY-MM-DD hh:mm:ss' in UTC (WooCommerce sets sourcebuster's offset to 0).
 */
export function track(
  jar: Jar,
  href: string,
  referrer: string,
  now: number,
  userAgent: string,
  found: Pairs | null,
): Required<Jar> {
  const add = {
    fd: new Date(now).toISOString().slice(0, 19).replace('T', ' '),
    ep: href,
    rf: referrer || NONE,
  };
  const current = found ?? jar.current!;
  const currentAdd = (found ? add : jar.current_add) ?? add;
  return {
    current,
    current_add: currentAdd,
    first: jar.first ?? current,
    first_add: jar.first_add ?? currentAdd,
    session: { pgs: count(jar.session?.pgs, 1), cpg: href },
    udata: { vst: count(jar.udata?.vst, jar.session ? 0 : 1), uip: NONE, uag: userAgent },
  };
}

/** A cookie value: pairs joined with `|||`, percent-encoded (no `;`, `,` or space gets through). */
export const encode = (pairs: Pairs): string =>
  encodeURIComponent(
    Object.entries(pairs)
      .map((pair) => pair.join('='))
      .join('|||'),
  );

/** A cookie value read back: strings only, in an object without prototype; bad encoding → undefined. */
export function decode(value: string): Pairs | undefined {
  const pairs = Object.create(null) as Pairs;
  try {
    for (const part of decodeURIComponent(value).split('|||')) {
      const eq = part.indexOf('=');
      if (eq > 0) pairs[part.slice(0, eq)] = part.slice(eq + 1);
    }
    return pairs;
  } catch {
    // Counts as absent.
  }
}

/**
 * `fields` (field → 'cookie.key') read from the jar: '' for what it lacks. `checkProps` lets only
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

/**
 * The props checked by hand (no zod in this chunk): the first field that is wrong ('params',
 * 'params.lifetime', 'fields'…), else ''.
 * The params, two by two: lifetime and session numbers (months and minutes: positive, below a
 * million, so a cookie's Max-Age stays a plain integer), base64 and allowTracking booleans, ajaxurl
 * and prefix strings (the prefix word characters only: it goes into input names).
 * `fields`: each value one key of one of the six cookies ('current.typ', 'udata.vst'…).
 */
export function checkProps(raw: unknown): string {
  const { params, fields } = Object(raw) as Record<string, unknown>;
  const p = Object(params) as Record<string, unknown>;
  const wrong = 'lifetime session base64 allowTracking ajaxurl prefix'.split(' ').find((key, i) => {
    const value = p[key];
    return !(
      typeof value == ['number', 'boolean', 'string'][i >> 1] &&
      (i > 1 || ((value as number) > 0 && (value as number) < 1e6)) &&
      (i < 5 || /^\w+$/.test(value as string))
    );
  });
  return params !== p
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
}
