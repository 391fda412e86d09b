/**
 * The order attribution tracker (storefront.md §3, §4 "Order attribution tracking", §7 "Checkout
 * hand-off"): a non-React island (no React, no zod: its chunk is about 2 KB gzip). On each page view
 * it updates the sourcebuster-compatible `sbjs_*` cookies (model.ts), fills the page's
 * `{prefix}{field}` inputs and tells the page with `shop-islands:order-attribution`. With tracking
 * disallowed it deletes the cookies and the fields are left empty. Nothing is exposed globally.
 * Plain TypeScript in a `.tsx` file: the build, the manifest readers and the plugin find islands
 * as `widgets/<name>/island.tsx`.
 */
import type { IslandModule } from '../../src/islands/types';
import { ALL_COOKIES, JAR, checkProps, decode, encode, fieldValues, track, type Jar } from './model';

/** The `document` event carrying the field values (empty strings when tracking is disallowed). */
export const ATTRIBUTION_EVENT = 'shop-islands:order-attribution';

/** `sbjs_*` cookies of the page; one that cannot be decoded counts as absent. */
function readJar(): Jar {
  const jar: Jar = {};
  for (const cookie of document.cookie.split('; ')) {
    const [, name, value] = /^sbjs_([^=]+)=(.*)/.exec(cookie) ?? [];
    if (JAR.includes(name as never)) jar[name as keyof Jar] ??= decode(value!) ?? undefined;
  }
  return jar;
}

/**
 * Writes `sbjs_{name}` for the whole site; `expiry`: '' (until the browser closes) or the
 * attributes that end it. Not `Secure`, as sourcebuster writes them: nothing secret, and
 * WooCommerce reads the posted fields, not these.
 */
const write = (name: string, value: string, expiry: string) => {
  document.cookie = `sbjs_${name}=${value}; Path=/; SameSite=Lax${expiry}`;
};

const island: IslandModule = {
  mount(_container, raw) {
    const checked = checkProps(raw);
    if (!checked.ok) return checked;
    const { params, fields } = checked.props;
    const { prefix, allowTracking } = params;
    let jar: Jar | null = null;
    if (allowTracking) {
      jar = track(readJar(), {
        url: location.href,
        referrer: document.referrer,
        now: Date.now(),
        userAgent: navigator.userAgent,
      });
      // sourcebuster's lifetimes: `params.lifetime` months of 30 days, in whole minutes (WooCommerce's
      // 0.00001 months is 0 minutes: cookies kept until the browser closes), `params.session`
      // minutes. `base64` would have sourcebuster encode the values so: the spec says none (§9),
      // so values are always percent-encoded.
      for (const name of JAR) {
        const minutes = name == 'session' ? params.session : Math.trunc(params.lifetime * 43200);
        write(name, encode(jar[name]!), minutes ? `; Max-Age=${Math.ceil(minutes * 60)}` : '');
      }
    } else {
      // Also the copies sourcebuster itself sets for the site's domain (shared with subdomains).
      for (const name of ALL_COOKIES) {
        write(name, '', '; Max-Age=0');
        write(name, '', '; Max-Age=0; Domain=' + location.hostname.replace(/^www\./, ''));
      }
    }
    const values = fieldValues(fields, jar);

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
        if (host.childElementCount) continue;
        for (const field in values) {
          const input = host.appendChild(document.createElement('input'));
          input.type = 'hidden';
          input.name = prefix + field;
        }
      }
      for (const input of inputs) {
        const field = input.name.slice(prefix.length);
        if (input.name.startsWith(prefix) && Object.hasOwn(values, field) && input.value != values[field])
          input.value = values[field]!;
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
