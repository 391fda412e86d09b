/**
 * Fixtures of the real-store suite: the store of the test's project (its ids, found by name), its
 * carts emptied before every test, a record of every request the page sends, console errors and
 * uncaught page errors that fail the test, and the checks each page gets (islands mounted, no
 * WooCommerce script that an island replaces loaded).
 */
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { productId, readIds, storeChore, storeOf, variationId, type Store, type StoreIds } from './stores';

export { expect };

/** WooCommerce's and Storefront's scripts that islands replace, as the stores serve them. */
export const REPLACED_SCRIPTS = {
  'add-to-cart.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/add-to-cart(\.min)?\.js$/,
  'cart-fragments.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/cart-fragments(\.min)?\.js$/,
  'add-to-cart-variation.js':
    /\/plugins\/woocommerce\/assets\/js\/frontend\/add-to-cart-variation(\.min)?\.js$/,
  'single-product.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/single-product(\.min)?\.js$/,
  'cart.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/cart(\.min)?\.js$/,
  flexslider: /\/plugins\/woocommerce\/assets\/js\/flexslider\//,
  photoswipe: /\/plugins\/woocommerce\/assets\/js\/photoswipe\//,
  zoom: /\/plugins\/woocommerce\/assets\/js\/zoom\//,
  'sticky-add-to-cart.js (Storefront)': /\/themes\/storefront\/assets\/js\/sticky-add-to-cart(\.min)?\.js$/,
  'checkout.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/checkout(\.min)?\.js$/,
  'country-select.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/country-select(\.min)?\.js$/,
  'address-i18n.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/address-i18n(\.min)?\.js$/,
  selectWoo: /\/plugins\/woocommerce\/assets\/js\/(selectWoo|select2)\//,
} as const;
export type ReplacedScript = keyof typeof REPLACED_SCRIPTS;

/** One request the page sent. */
export interface SentRequest {
  method: string;
  url: URL;
  /** `?wc-ajax=` endpoint, or admin-ajax.php's `action`, else null. */
  endpoint: string | null;
  body: string;
  /** A page load of the main frame. */
  navigation: boolean;
  request: Request;
}

export interface RequestLog {
  readonly all: SentRequest[];
  /** Requests to `?wc-ajax=<name>` (or admin-ajax.php `action=woocommerce_<name>`). */
  calls(name: string): SentRequest[];
  /** POSTs to `path` (a form posted, natively or by a script). */
  posts(path: string | RegExp): SentRequest[];
  /** Forgets what was sent so far. */
  clear(): void;
}

export interface StoreFixture {
  store: Store;
  ids: StoreIds;
  product(name: string): number;
  variation(sku: string): number;
}

interface Fixtures {
  shop: StoreFixture;
  requests: RequestLog;
  consoleErrors: string[];
}

/** Errors that come from the stores being offline, not from the page: nothing else is allowed. */
function offline(text: string, url: string, origin: string): boolean {
  // Google Fonts (Storefront) and js.stripe.com cannot be reached: their loads fail.
  if (/^Failed to load resource/.test(text) && url !== '' && !url.startsWith(origin)) return true;
  return false;
}

/** Uncaught errors from the Stripe gateway's scripts when js.stripe.com could not load (9.9.5 only). */
const STRIPE_OFFLINE = /^ReferenceError: Stripe is not defined$/;

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  shop: async ({}, provide, testInfo) => {
    const store = storeOf(testInfo.project.name);
    const ids = readIds(store);
    // Every test starts with empty carts (sessions and customers' persistent carts) and without the
    // reviews an earlier run posted.
    storeChore(store, 'reset');
    await provide({
      store,
      ids,
      product: (name) => productId(ids, name),
      variation: (sku) => variationId(ids, sku),
    });
  },

  requests: async ({ page }, provide) => {
    const all: SentRequest[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const body = request.postData() ?? '';
      let endpoint = url.searchParams.get('wc-ajax');
      if (endpoint === null && url.pathname.endsWith('/wp-admin/admin-ajax.php')) {
        endpoint = new URLSearchParams(body).get('action') ?? url.searchParams.get('action');
      }
      all.push({
        method: request.method(),
        url,
        endpoint,
        body,
        navigation: request.isNavigationRequest() && request.frame() === page.mainFrame(),
        request,
      });
    });
    await provide({
      all,
      calls: (name) => all.filter((r) => r.endpoint === name || r.endpoint === `woocommerce_${name}`),
      posts: (path) =>
        all.filter(
          (r) =>
            r.method === 'POST' &&
            r.endpoint === null &&
            (typeof path === 'string' ? r.url.pathname === path : path.test(r.url.pathname)),
        ),
      clear: () => all.splice(0, all.length),
    });
  },

  consoleErrors: [
    async ({ page, shop }, provide) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const at = message.location().url;
        if (offline(message.text(), at, shop.store.url)) return;
        errors.push(`console.error: ${message.text()}${at ? `  (at ${at})` : ''}`);
      });
      page.on('pageerror', (error) => {
        const text = `${error.name}: ${error.message}`;
        if (shop.store.site === 'wp9' && STRIPE_OFFLINE.test(text)) return;
        errors.push(`page error: ${text}`);
      });
      await provide(errors);
      // Reported even when the test failed already: an acceptance run's report lists them all.
      expect.soft(errors, 'no console error and no uncaught page error').toEqual([]);
    },
    { auto: true },
  ],
});

/** Requests as one line each (`POST /cart/`), for assertions and their messages. */
export const brief = (list: readonly SentRequest[]): string[] =>
  list.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`);

/** Lets late requests show: a second request for one action would be sent within this time. */
export const settle = (page: Page, ms = 1_500): Promise<void> => page.waitForTimeout(ms);

/** Puts a product in the cart with a plain `?add-to-cart=` request in the page's cookie jar. */
export async function putInCart(page: Page, id: number, quantity = 1): Promise<void> {
  const response = await page.context().request.get(`/?add-to-cart=${id}&quantity=${quantity}`);
  expect(response.ok(), `?add-to-cart=${id}`).toBe(true);
}

/** The cart as the Store API reports it (same cookies as the page). */
export async function cartItems(page: Page): Promise<{ id: number; quantity: number; name: string }[]> {
  const response = await page.context().request.get('/wp-json/wc/store/v1/cart');
  expect(response.ok(), 'Store API cart').toBe(true);
  const cart = (await response.json()) as { items: { id: number; quantity: number; name: string }[] };
  return cart.items.map(({ id, quantity, name }) => ({ id, quantity, name }));
}

/** Logs in as the rig's customer through wp-login.php, then opens `to`. */
export async function logInAsCustomer(page: Page, to: string): Promise<void> {
  await page.goto(`/wp-login.php?redirect_to=${encodeURIComponent(to)}`);
  await page.locator('#user_login').fill('customer1');
  await page.locator('#user_pass').fill('customer-pass-123');
  await Promise.all([page.waitForURL((url) => url.pathname === to), page.locator('#wp-submit').click()]);
  expect((await page.context().cookies()).some((c) => c.name.startsWith('wordpress_logged_in_'))).toBe(true);
}

export interface IslandState {
  name: string;
  state: string | null;
}

/**
 * Waits until every island container on the page is final, as a shopper reaches them: those that
 * mount when seen are scrolled to (unless inside something closed: state `hidden`, they wait until
 * opened), those that mount on interaction get the focus. Returns every container with its state.
 */
export async function settleIslands(page: Page, timeout = 20_000): Promise<IslandState[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const islands = await page.evaluate(() => {
      const out: { name: string; state: string | null }[] = [];
      document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
        const state = el.getAttribute('data-island-state');
        const hydrate = el.getAttribute('data-hydrate');
        const shown = Array.from(el.children).find((child) => child.getClientRects().length > 0);
        if (state === 'pending' || state === null) {
          // In a closed tab or panel (the review form in Reviews): it waits, as it should, until opened.
          if (!shown && el.getClientRects().length === 0) {
            out.push({ name: el.getAttribute('data-island') ?? '', state: 'hidden' });
            return;
          }
          if (hydrate === 'interaction') {
            el.querySelector<HTMLElement>('input,select,textarea,button,a[href],[tabindex]')?.focus();
          } else {
            (shown ?? el).scrollIntoView({ block: 'center' });
          }
        }
        out.push({ name: el.getAttribute('data-island') ?? '', state });
      });
      return out;
    });
    const final = islands.every((i) => i.state === 'mounted' || i.state === 'failed' || i.state === 'hidden');
    if (final || Date.now() > deadline) return islands;
    await page.waitForTimeout(100);
  }
}

/**
 * The page's islands: each of `expected` is on the page, and every container there is mounted.
 * Soft: the journey goes on and the test reports every missing island.
 */
export async function expectIslandsMounted(page: Page, expected: readonly string[]): Promise<void> {
  const islands = await settleIslands(page);
  const names = [...new Set(islands.map((i) => i.name))];
  expect
    .soft(
      expected.filter((name) => !names.includes(name)),
      `islands missing on ${new URL(page.url()).pathname}`,
    )
    .toEqual([]);
  expect
    .soft(
      islands
        .filter((i) => i.state !== 'mounted' && i.state !== 'hidden')
        .map((i) => `${i.name}: ${i.state}`),
      `islands not mounted on ${new URL(page.url()).pathname}`,
    )
    .toEqual([]);
}

/** Every script the page has: loaded (network) or printed (`<script src>`), as paths. */
export async function scriptsOf(page: Page, requests: RequestLog): Promise<string[]> {
  const loaded = requests.all.filter((r) => r.request.resourceType() === 'script').map((r) => r.url.pathname);
  const printed = await page.$$eval('script[src]', (els) =>
    els.map((el) => new URL((el as HTMLScriptElement).src).pathname),
  );
  return [...new Set([...loaded, ...printed])];
}

/** None of `names` (scripts islands replace) is loaded or printed on the page. Soft, as above. */
export async function expectNoReplacedScripts(
  page: Page,
  requests: RequestLog,
  names: readonly ReplacedScript[],
): Promise<void> {
  const scripts = await scriptsOf(page, requests);
  const found = names.flatMap((name) =>
    scripts.filter((path) => REPLACED_SCRIPTS[name].test(path)).map((path) => `${name}: ${path}`),
  );
  expect.soft(found, `scripts islands replace, on ${new URL(page.url()).pathname}`).toEqual([]);
}
