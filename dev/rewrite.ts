/**
 * What the forwarding dev server (`npm run dev -- --store URL`, dev/proxy.ts) changes in what passes
 * through it. Pure string rules, no I/O:
 *
 * - the store's absolute URLs become the proxy's (every form a page holds them in: `https://shop`,
 *   JSON's `https:\/\/shop`, protocol-relative `//shop`, URL-encoded `https%3A%2F%2Fshop`), so the
 *   shopper stays on the proxy; requests going the other way get the store's origin back;
 * - the plugin's built files (`…/plugins/shop-islands/dist/assets/NAME-HASH.js|css`) become the same
 *   files of the local build (`/__shop-islands/dist/assets/NAME-NEWHASH.js`), found by name;
 * - Set-Cookie is made to stick on the proxy's origin.
 */

/** Where the proxy serves the local build. Loader and islands sit under it, as the loader requires. */
export const LOCAL_DIST_PATH = '/__shop-islands/dist/';

/** Where the plugin's build is on a store when the page does not tell (`plugins_url()` default). */
export const DEFAULT_DIST_PATH = '/wp-content/plugins/shop-islands/dist/';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `http://127.0.0.1:8805` as written in JSON (`http:\/\/127.0.0.1:8805`). */
const jsonEscaped = (url: string): string => url.replaceAll('/', '\\/');

/**
 * A regular expression matching `origin`'s scheme-and-authority in every form the store may write it,
 * followed by a boundary (so `shop.example` does not match `shop.example.org` or port 80 `:8080`).
 * Both http and https match: a store often prints a few links with the other scheme.
 */
function originPattern(origin: URL): RegExp {
  const host = escapeRegExp(origin.hostname);
  const colon = '(?::|%3A)';
  const port = origin.port
    ? `${colon}${origin.port}`
    : `(?:${colon}${origin.protocol === 'https:' ? '443' : '80'})?`;
  // 1: scheme (optional: protocol-relative), 2: the slashes' form.
  return new RegExp(`(https?${colon})?(//|\\\\/\\\\/|%2F%2F)${host}${port}(?![\\w.-]|${colon}\\d)`, 'gi');
}

/** Replaces `from`'s origin, in every form, with `to` written in the same form. */
export function replaceOrigin(text: string, from: URL, to: URL): string {
  return text.replace(originPattern(from), (_match, scheme: string | undefined, slashes: string) => {
    const host = to.host; // with the port when not the default
    if (slashes === '%2F%2F' || slashes.toLowerCase() === '%2f%2f') {
      const encodedHost = host.replace(':', '%3A');
      return scheme ? `${to.protocol.slice(0, -1)}%3A%2F%2F${encodedHost}` : `%2F%2F${encodedHost}`;
    }
    const written = scheme ? `${to.protocol}//${host}` : `//${host}`;
    return slashes === '//' ? written : jsonEscaped(written);
  });
}

/**
 * A built file's name without its content hash: `add-to-cart-CRH3-KyB.css` → `add-to-cart.css`
 * (Vite's `[name]-[hash]`, 8 characters of `A-Za-z0-9_-`). A name without a hash is its own key.
 */
export function assetKey(fileName: string): string {
  const match = /^(.+)-[A-Za-z0-9_-]{8}(\.[A-Za-z0-9]+)$/.exec(fileName);
  return match ? `${match[1]}${match[2]}` : fileName;
}

/** Maps the store's build's file names to the local build's, by name without hash. */
export interface LocalBuild {
  /** `assets/add-to-cart-OLD.js` → `assets/add-to-cart-NEW.js`, or null when the local build has none. */
  fileFor(storeFile: string): string | null;
}

/** A LocalBuild over a list of the local build's files (relative to its dist folder). */
export function localBuildFrom(files: readonly string[]): LocalBuild {
  const byKey = new Map<string, string>();
  const exact = new Set(files);
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const key = file.slice(0, slash + 1) + assetKey(file.slice(slash + 1));
    // Two files of one name (two chunks both called `index`): the name cannot tell them apart.
    byKey.set(key, byKey.has(key) ? '' : file);
  }
  return {
    fileFor(storeFile) {
      if (exact.has(storeFile)) return storeFile;
      const slash = storeFile.lastIndexOf('/');
      const found = byKey.get(storeFile.slice(0, slash + 1) + assetKey(storeFile.slice(slash + 1)));
      return found || null;
    },
  };
}

/** HTML attribute text decoded for the few entities `esc_url()` writes. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&#0*38;|&amp;/gi, '&')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&quot;/gi, '"');
}

/**
 * The plugin's loader in a page: `<script … id="shop-islands-loader-js" src="…">` (WordPress names the
 * element after the handle), else a module script whose file is `assets/loader-HASH.js`. Returns its
 * URL resolved against the page, or null when the page has none (plugin off, or no island here).
 */
export function findLoader(html: string, pageUrl: URL): URL | null {
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  const srcOf = (tag: string): string | null => {
    const m = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    return m ? decodeAttribute(m[1] ?? m[2] ?? m[3] ?? '') : null;
  };
  const byId = scripts.find((tag) => /\sid\s*=\s*["']?shop-islands-loader-js\b/i.test(tag) && srcOf(tag));
  const byName = scripts.find((tag) =>
    /\/assets\/loader-[A-Za-z0-9_-]{8}\.js(?:[?#]|$)/.test(srcOf(tag) ?? ''),
  );
  const src = srcOf(byId ?? byName ?? '');
  if (!src) return null;
  try {
    const url = new URL(src, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The dist folder a loader URL is in: `…/dist/assets/loader-X.js` → `…/dist/`. */
export function distBaseOf(loader: URL): URL {
  const base = new URL(loader.href.replace(/[?#].*$/, ''));
  base.pathname = base.pathname.replace(/(?:assets\/)?[^/]*$/, '');
  return base;
}

export interface RewriteContext {
  /** The store, e.g. `https://shop.example`. */
  store: URL;
  /** The proxy as the browser addressed it, e.g. `http://127.0.0.1:8805`. */
  proxy: URL;
  /** Folders of the plugin's build on the store (absolute URLs ending in `/`): found loaders, the default. */
  distBases: readonly URL[];
  build: LocalBuild;
}

export interface RewriteResult {
  text: string;
  /** Store files (relative to the dist folder) the local build has no file for. */
  unmapped: string[];
}

/**
 * Rewrites a text answer of the store (HTML page, or JSON such as cart fragments and checkout
 * redirects): first the plugin's built files to the local build, then every store URL to the proxy.
 */
export function rewriteText(text: string, ctx: RewriteContext): RewriteResult {
  const unmapped = new Set<string>();
  const localBase = new URL(LOCAL_DIST_PATH, ctx.proxy);
  let out = text;
  const seen = new Set<string>();
  for (const base of ctx.distBases) {
    if (seen.has(base.href)) continue;
    seen.add(base.href);
    const pattern = new RegExp(
      `${originPattern(base).source.replace(/\(\?!.*$/, '')}${escapeRegExp(base.pathname)}([A-Za-z0-9._~-]+(?:/[A-Za-z0-9._~-]+)*)`,
      'gi',
    );
    // The path is written with JSON's `\/` inside JSON and inline scripts.
    const escapedPattern = new RegExp(
      `${originPattern(base).source.replace(/\(\?!.*$/, '')}${escapeRegExp(jsonEscaped(base.pathname))}([A-Za-z0-9._~-]+(?:\\\\/[A-Za-z0-9._~-]+)*)`,
      'gi',
    );
    const replace =
      (escaped: boolean) =>
      (match: string, _scheme: string | undefined, slashes: string, file: string): string => {
        if (slashes.toLowerCase() === '%2f%2f') return match; // a URL-encoded copy: left to the origin rule
        const storeFile = escaped ? file.replaceAll('\\/', '/') : file;
        let local = ctx.build.fileFor(storeFile);
        if (!local) {
          unmapped.add(storeFile);
          local = storeFile;
        }
        const url = new URL(local, localBase).href;
        return escaped || slashes !== '//' ? jsonEscaped(url) : url;
      };
    out = out.replace(pattern, replace(false)).replace(escapedPattern, replace(true));
  }
  return { text: replaceOrigin(out, ctx.store, ctx.proxy), unmapped: [...unmapped] };
}

/**
 * A header value of the store's that holds URLs (Location, Link, Content-Security-Policy, Refresh)
 * with the store's origin made the proxy's. A relative Location stays relative (same path on both).
 */
export function rewriteHeaderUrls(value: string, store: URL, proxy: URL): string {
  return replaceOrigin(value, store, proxy);
}

/**
 * A store's Set-Cookie made to stick on the proxy (a loopback address): without `Domain` (it names
 * the store's host); on a plain-HTTP proxy also without `Secure`, and without what is only valid
 * with it (`SameSite=None`, `Partitioned`). Name, value, path, expiry, HttpOnly are kept.
 */
export function rewriteSetCookie(cookie: string, proxyIsHttps = false): string {
  const dropped = proxyIsHttps
    ? /^domain\s*=/i
    : /^(?:domain\s*=|secure$|samesite\s*=\s*none$|partitioned$)/i;
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part, index) => index === 0 || (part !== '' && !dropped.test(part)))
    .join('; ');
}

/** `__Secure-` / `__Host-` cookies: a browser refuses them without `Secure`, so not kept on http. */
export function needsSecureOrigin(cookie: string): boolean {
  return /^\s*__(?:secure|host)-/i.test(cookie);
}

/**
 * The store address given on the command line, checked: an absolute http(s) URL with a host and no
 * user name or password. Returns the URL or a sentence saying what is wrong.
 */
export function parseStoreUrl(value: string | undefined): URL | string {
  const example = 'e.g. npm run dev -- --store https://shop.example';
  if (value === undefined || value.trim() === '')
    return `--store is required: the address of a WooCommerce store with the Shop Islands plugin active (${example}).`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `--store "${value}" is not a URL: give the store's full address (${example}).`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `--store "${value}" must be an http:// or https:// address (${example}).`;
  if (!url.hostname) return `--store "${value}" has no host (${example}).`;
  if (url.username || url.password)
    return `--store "${value}" must not hold a user name or password: log in through the proxied pages instead.`;
  return url;
}
