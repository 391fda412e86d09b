/**
 * The order attribution tracker (storefront.md §3, §4 "Order attribution tracking", §7 "Checkout
 * hand-off"): a non-React island (no React, no zod: its chunk has a budget of 1.5 KB gzip, so the
 * code is written for size). On each page view it updates the sourcebuster-compatible `sbjs_*`
 * cookies (model.ts; the source detection, attribution-source.ts, is a lazy chunk imported only
 * when the page view may name a new source: ordinary internal page views do without it), fills the page's `{prefix}{field}` inputs and tells the page with
 * `shop-islands:order-attribution`. With tracking disallowed it deletes the cookies and the fields
 * are left empty. Nothing is exposed globally. Plain TypeScript in a `.tsx` file: the build, the
 * manifest readers and the plugin find islands as `widgets/<name>/island.tsx`.
 * `standalone.ts` mounts it without the island loader on pages whose only island it is.
 */
import type { IslandModule } from '../../src/islands/types';
import {
  ATTRIBUTION_EVENT,
  JAR,
  checkProps,
  decode,
  encode,
  fieldValues,
  known,
  track,
  www,
  type Jar,
  type Pairs,
  type Props,
} from './model';

/**
 * Writes `sbjs_{name}` for the whole site; `attributes`: '' (until the browser closes) or those that
 * end it. Not `Secure`, as sourcebuster writes them: nothing secret, and WooCommerce reads the
 * posted fields, not these.
 */
const write = (name: string, value: string, attributes: string) => {
  document.cookie = `sbjs_${name}=${value}; Path=/; SameSite=Lax${attributes}`;
};

const island: IslandModule = {
  async mount(_container, raw) {
    const field = checkProps(raw);
    if (field) return { ok: false, field, problem: 'invalid value' };
    const { params, fields } = raw as Props;
    const { prefix } = params;
    let jar: Jar | null = null;
    if (params.allowTracking) {
      // The page's `sbjs_*` cookies (the first of a name: the most specific path); one that cannot
      // be decoded counts as absent. Only the jar's names are read from it, and `??=` never replaces
      // what an object inherits (a cookie named `sbjs___proto__` changes nothing).
      const old: Record<string, Pairs | undefined> = {};
      document.cookie.replace(/(?:^|; )sbjs_(\w+)=([^;]*)/g, (_, name: string, value: string) => {
        old[name] ??= decode(value);
        return '';
      });
      // A page view that may name a new source (a campaign link, a search engine, another site, a
      // first visit) loads the source detection, a lazy chunk; an internal one (most) does not.
      const href = location.href;
      const referrer = document.referrer;
      jar = track(
        old,
        href,
        referrer,
        Date.now(),
        navigator.userAgent,
        known(old, href, referrer)
          ? null
          : (await import('./attribution-source')).detect(old, href, referrer),
      );
      // sourcebuster's lifetimes: `params.lifetime` months of 30 days, in whole minutes (WooCommerce's
      // 0.00001 months is 0 minutes: cookies kept until the browser closes), `params.session`
      // minutes. `base64` would have sourcebuster encode the values so: the spec says none (§9),
      // so values are always percent-encoded.
      for (const name of JAR) {
        const seconds = Math.ceil(
          name == 'session' ? params.session * 60 : Math.trunc(params.lifetime * 43200) * 60,
        );
        write(name, encode(jar[name]!), seconds ? '; Max-Age=' + seconds : '');
      }
    } else {
      // Also the copies sourcebuster itself sets for the site's domain (shared with subdomains).
      for (const name of [...JAR, 'migrations']) {
        for (const domain of ['', '; Domain=' + www(location.hostname)]) {
          write(name, '', '; Max-Age=0' + domain);
        }
      }
    }
    const values = fieldValues(fields, jar);
    // Input name → value.
    const named = new Map(Object.entries(values).map(([field, value]) => [prefix + field, value]));

    // Inputs printed later count too: checkout fragments replace parts of the form, express
    // checkout buttons print their own. A MutationObserver fills them as soon as they exist, so
    // every reader (a native submit, FormData, the express checkout) sees the values whatever its
    // timing; submit/focus listeners would miss readers that neither submit nor focus. Per DOM
    // change it costs one pass over the live `<input>` collection (no selector to parse); a value
    // is only written when it differs, and that is no childList change (no loop).
    //
    // Payment gateways print an empty `<wc-order-attribution-inputs>` beside their express checkout
    // buttons (product, cart pages) for WooCommerce's script to fill with one hidden input a field:
    // the tracker puts them in, and fills them with the others.
    const inputs = document.getElementsByTagName('input');
    const hosts = document.getElementsByTagName('wc-order-attribution-inputs');
    const fill = () => {
      for (const host of hosts) {
        if (!host.childElementCount) {
          for (const name of named.keys()) {
            const input = host.appendChild(document.createElement('input'));
            input.type = 'hidden';
            input.name = name;
          }
        }
      }
      for (const input of inputs) {
        const value = named.get(input.name);
        if (value != null && input.value != value) input.value = value;
      }
    };
    fill();
    const observer = new MutationObserver(fill);
    observer.observe(document, { childList: true, subtree: true });
    document.dispatchEvent(new CustomEvent(ATTRIBUTION_EVENT, { detail: values }));
    return { ok: true, unmount: () => observer.disconnect() };
  },
};

export default island;
