/**
 * The discovery pages through the site (demo/site.ts → demo/discovery/pages.ts) and the endpoints
 * through the MSW handlers (demo/handlers.ts), as the real WordPress 6.9 + WooCommerce 9.9.5 store
 * answers them (/work/shared/realstore): product search and WordPress search, the single-result
 * redirect, `?product_cat=` redirects, the catalogue's category and product pages, the header search,
 * `/gear/` and `/smart-search/`; REST `ysm/v1/search` (nonce check), `elementor-pro/v1/refresh-loop`
 * (invalid JSON) and admin-ajax `commercekit_ajax_search`. Runs in jsdom to read pages with DOMParser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE, CATEGORIES, categoryUrl, PRODUCTS, productUrl } from '../fixtures';
import { handlers } from '../handlers';
import { escapeHtml } from '../html';
import { assetsFromManifest, type IslandDefaults, type ViteManifest } from '../manifest';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { catalogueInCategory, plainName, searchCatalogue } from './catalogue';
import { FIRST_GENERATED_ID } from './generate';

const ORIGIN = 'http://demo.localhost';
const WIDGETS = join(import.meta.dirname, '../../widgets');
const HOSTILE = '"><img src=x onerror=alert(1)><script>alert(2)</script>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const site = createSite({ store });

beforeEach(() => resetStore());

/** A shopper of the site: keeps cookies, does not follow redirects. */
function shopper() {
  const client = cookieClient(ORIGIN, site);
  async function page(path: string, status = 200) {
    const response = await client.send(path);
    expect(response.status, path).toBe(status);
    const html = await response.text();
    return { html, doc: parse(html), response };
  }
  return { ...client, page };
}

/** The products a listing page shows, by their loop titles. */
const loopTitles = (doc: Document) =>
  [...doc.querySelectorAll('ul.products .woocommerce-loop-product__title')].map((h) => h.textContent);

/** Every element or attribute an injected `s` could have added. */
function expectNoInjection(doc: Document) {
  expect(doc.querySelector('img[src="x"]')).toBeNull();
  // Data blocks (island props, settings) may hold the text; no script that runs may.
  const running = [...doc.querySelectorAll('script')].filter((s) => s.type !== 'application/json');
  expect(running.some((s) => s.textContent?.includes('alert(2)'))).toBe(false);
  expect(doc.querySelector('[onerror]')).toBeNull();
}

describe('product search (/?s=…&post_type=product)', () => {
  it('is WooCommerce’s product search archive, as the real store prints it', async () => {
    const { doc } = await shopper().page('/?s=tennis+balls&post_type=product');
    expect(doc.title).toBe('Search Results for \u201ctennis balls\u201d – Shop Islands Demo');
    expect(doc.querySelector('h1.woocommerce-products-header__title.page-title')?.textContent).toBe(
      'Search results: \u201ctennis balls\u201d',
    );
    expect(doc.body.classList).toContain('search-results');
    expect(doc.body.classList).toContain('post-type-archive-product');
    const expected = searchCatalogue('tennis balls');
    expect(expected.length).toBeGreaterThan(1);
    expect(loopTitles(doc).sort()).toEqual(
      expected
        .slice(0, 12)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('accepts and ignores search_id (the smart search widget’s id)', async () => {
    const c = shopper();
    const a = await c.page('/?s=racket&post_type=product&search_id=7');
    const b = await c.page('/?s=racket&post_type=product');
    expect(loopTitles(a.doc)).toEqual(loopTitles(b.doc));
    expect(loopTitles(a.doc).length).toBeGreaterThan(1);
  });

  it('says so when nothing matches', async () => {
    const { doc } = await shopper().page('/?s=zzzz&post_type=product');
    expect(doc.body.classList).toContain('search-no-results');
    expect(doc.querySelector('main')?.textContent).toContain(
      'No products were found matching your selection.',
    );
    expect(doc.querySelectorAll('ul.products li.product')).toHaveLength(0);
  });

  it('sends a single result straight to its product (302, wc_template_redirect)', async () => {
    const only = searchCatalogue('sweatband');
    expect(only).toHaveLength(1);
    const response = await shopper().send('/?s=sweatband&post_type=product');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(productUrl(only[0]!));
  });

  it('lists every product for an empty query, as WP_Query without a search clause', async () => {
    const { doc } = await shopper().page('/?s=&post_type=product');
    expect(doc.querySelector('h1')?.textContent).toBe('Search results: \u201c\u201d');
    expect(doc.querySelectorAll('ul.products li.product')).toHaveLength(12);
    expect(doc.querySelector('p.woocommerce-result-count')?.textContent).toBe(
      `Showing 1\u201312 of ${CATALOGUE.length} results`,
    );
  });

  it('escapes a hostile query in the title, the heading and the header search', async () => {
    const { doc, html } = await shopper().page(`/?s=${encodeURIComponent(HOSTILE)}&post_type=product`);
    expectNoInjection(doc);
    expect(doc.querySelector('h1')?.textContent).toBe(`Search results: \u201c${HOSTILE}\u201d`);
    expect(doc.title).toContain(HOSTILE);
    expect(html).not.toContain('<img src=x');
    const field = doc.querySelector<HTMLInputElement>('.site-search input[name="s"]');
    expect(field?.value).toBe(HOSTILE);
  });

  it('shows names with markup as text', async () => {
    const { doc } = await shopper().page('/?s=keeper+gloves&post_type=product');
    expect(loopTitles(doc)).toContain('Keeper Gloves <em>Pro</em> Edition');
    expect(doc.querySelector('ul.products em')).toBeNull();
  });
});

describe('WordPress search (/?s=… without post_type)', () => {
  it('is Storefront’s search page over the products', async () => {
    const { doc } = await shopper().page('/?s=junior+racket&search_id=3');
    expect(doc.title).toBe('Search Results for \u201cjunior racket\u201d – Shop Islands Demo');
    expect(doc.querySelector('h1.page-title')?.textContent).toBe('Search Results for: junior racket');
    const titles = [...doc.querySelectorAll('article .entry-title a')].map((a) => a.textContent);
    expect(titles.sort()).toEqual(
      searchCatalogue('junior racket')
        .map((p) => p.name)
        .sort(),
    );
    const first = doc.querySelector<HTMLAnchorElement>('article .entry-title a');
    expect(first?.getAttribute('href')).toMatch(/^\/product\/[a-z0-9-]+\/$/);
  });

  it('does not redirect a single result (only WooCommerce’s product search does)', async () => {
    const { doc } = await shopper().page('/?s=sweatband');
    expect(doc.querySelectorAll('article')).toHaveLength(1);
    expect(doc.querySelector('article .entry-title')?.textContent).toBe(
      '<img src=x onerror=alert(1)> Sweatband',
    );
    expectNoInjection(doc);
  });

  it('prints “Nothing Found” with a search form holding the escaped query', async () => {
    const { doc } = await shopper().page(`/?s=${encodeURIComponent(`${HOSTILE} zzzz`)}`);
    expect(doc.querySelector('h1.page-title')?.textContent).toBe('Nothing Found');
    expect(doc.querySelector<HTMLInputElement>('form.search-form input[name="s"]')?.value).toBe(
      `${HOSTILE} zzzz`,
    );
    expectNoInjection(doc);
  });

  it('with a product_cat, limits the search to that category (the product archive’s heading)', async () => {
    const { doc } = await shopper().page('/?s=shoes&product_cat=trail-shoes');
    expect(doc.querySelector('h1')?.textContent).toBe('Search results: \u201cshoes\u201d');
    const inTrail = new Set(catalogueInCategory(32));
    const expected = searchCatalogue('shoes').filter((p) => inTrail.has(p));
    expect(loopTitles(doc).sort()).toEqual(
      expected
        .slice(0, 12)
        .map((p) => p.name)
        .sort(),
    );
  });
});

describe('/?product_cat=slug (the category finder without JavaScript)', () => {
  it('answers 301 to the category’s canonical URL, keeping the other arguments', async () => {
    const c = shopper();
    for (const category of CATEGORIES) {
      const response = await c.send(`/?product_cat=${category.slug}`);
      expect(response.status, category.slug).toBe(301);
      expect(response.headers.get('location')).toBe(categoryUrl(category.id));
    }
    const sorted = await c.send('/?product_cat=BALLS&orderby=price');
    expect(sorted.status).toBe(301);
    expect(sorted.headers.get('location')).toBe('/product-category/football/balls/?orderby=price');
  });

  it('answers an unknown slug with the 404 page, and an empty one with the home page', async () => {
    const c = shopper();
    const missing = await c.page(`/?product_cat=${encodeURIComponent(HOSTILE)}`, 404);
    expect(missing.doc.querySelector('h1')?.textContent).toContain('can’t be found');
    expectNoInjection(missing.doc);
    const home = await c.page('/?product_cat=');
    expect(home.doc.body.classList).toContain('home');
  });

  it('prints the first term’s archive for a list of terms (WordPress does not redirect those)', async () => {
    const { doc } = await shopper().page('/?product_cat=tennis-balls,rackets');
    expect(doc.querySelector('h1')?.textContent).toBe('Tennis Balls');
  });
});

describe('category pages', () => {
  it('list the whole catalogue below Running and Tennis', async () => {
    const c = shopper();
    for (const category of CATEGORIES.filter((cat) => [30, 40].includes(categoryRoot(cat.id)))) {
      const { doc } = await c.page(categoryUrl(category.id));
      const total = catalogueInCategory(category.id).length;
      expect(loopTitles(doc).length, category.slug).toBe(Math.min(12, total));
      expect(loopTitles(doc).length, category.slug).toBeGreaterThan(0);
    }
  });

  it('are paginated 12 a page as Storefront does: the count, the pagination, every product once, 404 past the last', async () => {
    const c = shopper();
    const base = categoryUrl(30);
    const total = catalogueInCategory(30).length;
    const pages = Math.ceil(total / 12);
    expect(pages).toBeGreaterThan(2);
    const seen: (string | null)[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const { doc } = await c.page(n === 1 ? `${base}?orderby=price` : `${base}page/${n}/?orderby=price`);
      const last = Math.min(total, n * 12);
      expect(doc.querySelector('p.woocommerce-result-count')?.textContent).toBe(
        `Showing ${(n - 1) * 12 + 1}\u2013${last} of ${total} results`,
      );
      const nav = doc.querySelector('nav.woocommerce-pagination[aria-label="Product Pagination"]');
      expect(nav?.querySelector('[aria-current="page"]')?.textContent).toBe(String(n));
      if (n < pages)
        expect(nav?.querySelector('a.next')?.getAttribute('href')).toBe(
          `${base}page/${n + 1}/?orderby=price`,
        );
      else expect(nav?.querySelector('a.next')).toBeNull();
      if (n === 2) expect(nav?.querySelector('a.prev')?.getAttribute('href')).toBe(`${base}?orderby=price`);
      seen.push(...loopTitles(doc));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    await c.page(`${base}page/${pages + 1}/`, 404);
    const first = await c.send(`${base}page/1/?orderby=price`);
    expect(first.status).toBe(301);
    expect(first.headers.get('location')).toContain(`${base}?orderby=price`);
    await c.page(`${categoryUrl(17)}page/2/`, 404);
    // The ordering form sends paged=1: it wins over the path's page, as in WordPress.
    const reordered = await c.page(`${base}page/3/?orderby=price-desc&paged=1`);
    expect(reordered.doc.querySelector('p.woocommerce-result-count')?.textContent).toBe(
      `Showing 1\u201312 of ${total} results`,
    );
  });

  it('paginate the product search the same way', async () => {
    const c = shopper();
    const total = searchCatalogue('shoes').length;
    expect(total).toBeGreaterThan(12);
    const { doc } = await c.page('/page/2/?s=shoes&post_type=product');
    expect(doc.querySelector('p.woocommerce-result-count')?.textContent).toBe(
      `Showing 13\u2013${Math.min(24, total)} of ${total} results`,
    );
    expect(loopTitles(doc)).toHaveLength(Math.min(24, total) - 12);
    await c.page(`/page/${Math.ceil(total / 12) + 1}/?s=shoes&post_type=product`, 404);
    await c.page('/page/2/?s=shoes', 404);
  });

  it('keep their recorded lists in the football tree (the shop page too)', async () => {
    const c = shopper();
    const balls = await c.page(categoryUrl(18));
    expect(loopTitles(balls.doc).sort()).toEqual(
      PRODUCTS.filter((p) => p.categoryIds.includes(18))
        .map((p) => p.name)
        .sort(),
    );
    const shop = await c.page('/shop/');
    expect(loopTitles(shop.doc)).toHaveLength(PRODUCTS.length);
  });
});

function categoryRoot(id: number): number {
  let category = CATEGORIES.find((c) => c.id === id);
  while (category && category.parent !== 0) {
    const parent = category.parent;
    category = CATEGORIES.find((c) => c.id === parent);
  }
  return category?.id ?? 0;
}

describe('the generated catalogue', () => {
  it('renders every generated product’s page with its name as text', async () => {
    const c = shopper();
    const generated = CATALOGUE.filter((p) => p.id >= FIRST_GENERATED_ID);
    expect(generated.length).toBeGreaterThanOrEqual(300);
    for (const product of generated) {
      // String checks (parsing 310 pages in jsdom takes too long); the hostile one is parsed below.
      const response = await c.send(productUrl(product));
      expect(response.status, product.slug).toBe(200);
      const html = await response.text();
      const title = /<h1 class="product_title[^"]*">(.*?)<\/h1>/.exec(html)?.[1];
      expect(title, product.slug).toBe(escapeHtml(product.name));
      expect(html, product.slug).not.toContain('<img src=x');
    }
  });

  it('shows the hostile name as text on its page', async () => {
    const product = CATALOGUE.find((p) => p.name.startsWith('<img'))!;
    const { doc, html } = await shopper().page(productUrl(product));
    expect(doc.querySelector('h1.product_title')?.textContent).toBe('<img src=x onerror=alert(1)> Sweatband');
    expect(html).not.toContain('<img src=x');
    expect(plainName(product)).toBe('Sweatband');
  });
});

/** The site over a build: every widget's chunk and its default strategy from its island.json. */
function builtSite() {
  const widgets = readdirSync(WIDGETS).filter((name) => existsSync(join(WIDGETS, name, 'island.json')));
  const manifest: ViteManifest = { 'src/islands/loader.ts': { file: 'assets/loader.js', isEntry: true } };
  const defaults: IslandDefaults = {};
  for (const name of widgets) {
    manifest[`widgets/${name}/island.tsx`] = { file: `assets/${name}.js`, isDynamicEntry: true };
    defaults[name] = JSON.parse(readFileSync(join(WIDGETS, name, 'island.json'), 'utf8')) as {
      hydrate?: string;
    };
  }
  return createSite({ store, assets: assetsFromManifest(manifest, '/dist/', defaults) });
}

describe('the header search', () => {
  it('is printed on every page as the live search island, hydrated on interaction', async () => {
    const c = cookieClient(ORIGIN, builtSite());
    for (const path of ['/', '/shop/', '/cart/', categoryUrl(43), '/gear/', '/smart-search/', '/nope/']) {
      const response = await c.send(path);
      const html = await response.text();
      const doc = parse(html);
      const island = doc.querySelector('#masthead .site-search [data-island="live-search"]');
      expect(island, path).not.toBeNull();
      expect(island?.getAttribute('data-hydrate'), path).toBe('interaction');
      // Nothing of it is fetched before the shopper's first interaction.
      expect(
        doc.querySelector('link[rel="modulepreload"][href="/dist/assets/live-search.js"]'),
        path,
      ).toBeNull();
      const form = island?.querySelector<HTMLFormElement>('form.woocommerce-product-search');
      expect(form?.getAttribute('method')?.toLowerCase(), path).toBe('get');
      expect(form?.querySelector<HTMLInputElement>('input[name="post_type"]')?.value, path).toBe('product');
    }
  });

  it('sits after the branding, before the navigation (Storefront’s storefront_header order)', async () => {
    const { doc } = await shopper().page('/');
    // The navigation is inside the site menu's container (demo/layout.ts).
    const children = [...doc.querySelectorAll('#masthead .col-full > *')].map(
      (e) => e.getAttribute('data-island') ?? e.className,
    );
    expect(children.indexOf('site-search')).toBe(children.indexOf('site-branding') + 1);
    expect(children.indexOf('site-search')).toBeLessThan(children.indexOf('site-menu'));
    expect(doc.querySelector('[data-island="site-menu"] > nav.main-navigation')).not.toBeNull();
  });
});

describe('the widgets’ demo pages', () => {
  it('/gear/ prints the loop filter page; /smart-search/ the smart search widget', async () => {
    const c = shopper();
    const gear = await c.page('/gear/');
    expect(gear.doc.title).toBe('Gear – Shop Islands Demo');
    expect(gear.doc.querySelector('main')?.innerHTML.length).toBeGreaterThan(0);
    const smart = await c.page('/smart-search/');
    expect(smart.doc.querySelector('main [data-island="smart-search"]')).not.toBeNull();
  });
});

// -- endpoints -------------------------------------------------------------------------------------

describe('endpoints', () => {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  let origin = '';
  let counter = 0;
  beforeEach(() => {
    counter += 1;
    origin = `http://discovery${counter}.localhost`;
  });

  /** A client with a session and the page's REST nonce. */
  function client() {
    const c = cookieClient(origin, (request) => fetch(request));
    const { session, setCookie } = store.ensureSession('');
    const [pair = ''] = (setCookie[0] ?? '').split(';');
    const eq = pair.indexOf('=');
    c.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    return { ...c, nonce: store.nonce(session, 'wp_rest') };
  }

  it('GET ysm/v1/search answers JSON with the refreshed nonce; a wrong nonce is 403 without one', async () => {
    const c = client();
    const ok = await c.send('/wp-json/ysm/v1/search?id=1&query=racket', {
      headers: { 'X-WP-Nonce': c.nonce },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(ok.headers.get('x-wp-nonce')).toBe(c.nonce);
    expect(ok.headers.get('allow')).toBe('GET');
    const body = (await ok.json()) as { suggestions?: unknown[] };
    expect(Array.isArray(body.suggestions)).toBe(true);

    const anonymous = await c.send('/wp-json/ysm/v1/search?id=1&query=racket');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('x-wp-nonce')).toBeNull();

    const stale = await c.send('/wp-json/ysm/v1/search?id=1&query=racket', {
      headers: { 'X-WP-Nonce': 'deadbeef00' },
    });
    expect(stale.status).toBe(403);
    expect(stale.headers.get('x-wp-nonce')).toBeNull();
    expect(stale.headers.get('cache-control')).toContain('no-store');
    expect(await stale.json()).toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    });

    const plain = await c.send('/?rest_route=/ysm/v1/search&id=1&query=racket');
    expect(plain.status).toBe(200);
  });

  it('POST ysm/v1/search has no route (GET only)', async () => {
    const response = await client().send('/wp-json/ysm/v1/search', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('rest_no_route');
  });

  it('POST elementor-pro/v1/refresh-loop: JSON in; invalid JSON is 400 rest_invalid_json', async () => {
    const c = client();
    const bad = await c.send('/wp-json/elementor-pro/v1/refresh-loop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': c.nonce },
      body: '{"post_id":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
    const good = await c.send('/wp-json/elementor-pro/v1/refresh-loop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': c.nonce },
      body: JSON.stringify({ post_id: 1, widget_id: 'x', widget_filters: {}, pagination_base_url: '/gear/' }),
    });
    expect(good.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(good.headers.get('allow')).toBe('POST');
    await good.json();
    const stale = await c.send('/wp-json/elementor-pro/v1/refresh-loop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'deadbeef00' },
      body: '{}',
    });
    expect(stale.status).toBe(403);
  });

  it('admin-ajax commercekit_ajax_search answers JSON 200 by GET and by POST', async () => {
    const c = client();
    const get = await c.send('/wp-admin/admin-ajax.php?action=commercekit_ajax_search&query=racket');
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const got = (await get.json()) as { suggestions?: unknown[]; view_all_link?: string };
    expect(Array.isArray(got.suggestions)).toBe(true);
    const post = await c.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'action=commercekit_ajax_search&query=racket',
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual(got);
  });
});
