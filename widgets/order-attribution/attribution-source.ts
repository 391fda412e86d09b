/**
 * Order attribution's source detection (storefront.md §4 "Order attribution tracking"): the new
 * source a page view names, if any. A lazy chunk of its own: the tracker (island.tsx) imports it
 * only when `known` (model.ts) says the page view might name one (utm_* or gclid parameters, a
 * referrer from elsewhere, no source recorded yet); the ordinary internal page view of a shopper
 * browsing the store does not load it. Pure (the URL, the referrer and the cookies are passed in)
 * and self-contained: it imports nothing, so the tracker's chunk exports nothing to it. Written for
 * size as model.ts is.
 */
import type { Jar, Pairs } from './model';

/**
 * A source cookie from its values in sourcebuster's key order (typ, then the utm_* values from
 * source on); '(none)' for the missing or empty ones.
 */
const source = (...values: (string | null | false | undefined)[]): Pairs =>
  Object.fromEntries(
    'typ src mdm cmp cnt trm id plt fmt tct'.split(' ').map((key, i) => [key, values[i] || '(none)']),
  );

/**
 * The new source of the page view at `href` (as `location.href` gives it) reached from `referrer`,
 * or null when it names none (the current one is kept). sourcebuster's rules, aligned with Google
 * Analytics:
 * - utm_* parameters (or a Google ad click, `gclid`: google, cpc, campaign google_cpc unless the URL
 *   names them) and organic search always set a new current source;
 * - another site sets one (a referral: its host without `www.`) only when no session is open (a
 *   click in a webmail during a visit is not a new source);
 * - this site's own pages (same host, or a subdomain: sourcebuster shares the cookies with them),
 *   non-web referrers and a visit with nothing to go by keep the current source; typed in when
 *   there is none.
 *
 * Search engines (sourcebuster's), one a comma: a host (itself or a subdomain), the query parameter
 * holding the search (none: none needed), the name recorded (default: the host's first label).
 * Google is any `google.<tld>` (it sends no query any more), Yandex any `yandex.<tld>`.
 */
export function detect(jar: Jar, href: string, referrer: string): Pairs | null {
  const url = new URL(href);
  const q = url.searchParams;
  const ad = q.has('gclid');
  const [src, mdm, cmp, ...rest] =
    'source medium campaign content term id source_platform creative_format marketing_tactic'
      .split(' ')
      .map((name) => q.get('utm_' + name));
  let found =
    ad || /(^|&)utm_/.test(`${q}`)
      ? source('utm', src || (ad && 'google'), mdm || (ad && 'cpc'), cmp || (ad && 'google_cpc'), ...rest)
      : null;
  let ref: URL | undefined;
  try {
    ref = new URL(referrer);
  } catch {
    // No referrer (typed in, a bookmark, privacy settings): none.
  }
  const host = ref?.hostname ?? '';
  const www = (host: string) => host.replace(/^www\./, '');
  if (/^https?:/.test(ref?.protocol ?? '') && !`.${host}`.endsWith('.' + www(url.hostname))) {
    for (const line of 'google,yandex text,bing.com q,yahoo.com p,about.com q,aol.com q,ask.com q,globososo.com q globo,go.mail.ru q go.mail.ru,rambler.ru query,tut.by query tut.by'.split(
      ',',
    )) {
      const [engine = '', param, name = engine.split('.')[0]] = line.split(' ');
      found ??=
        (engine == 'google'
          ? /^(www\.)?google\.[^.]+(\.[a-z]{2})?$/.test(host)
          : `.${host}.`.includes(`.${engine}.`)) &&
        (!param || ref!.searchParams.has(param))
          ? source('organic', name, 'organic')
          : null;
    }
    found ??= jar.session ? null : source('referral', www(host), 'referral');
  }
  return found ?? (jar.current ? null : source('typein', '(direct)'));
}
