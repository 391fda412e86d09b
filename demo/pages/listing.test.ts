/**
 * The listing's ordering form and result count (demo/pages/listing.ts): the catalog-ordering and
 * result-count islands over WooCommerce's markup, as the shop page prints them, and the query
 * arguments the ordering form keeps (`wc_query_string_form_fields()`). Runs in jsdom (DOMParser).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTS, type Product } from '../fixtures';
import { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { NO_ASSETS } from '../manifest';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import {
  listing,
  ORDERBY_OPTIONS,
  orderingHiddenFields,
  phpQueryArgs,
  resultCountText,
  SEARCH_ORDERBY_OPTIONS,
  sortProducts,
} from './listing';

const ORIGIN = 'http://demo.localhost';
const HOSTILE = '"><img src=x onerror=alert(1)><script>alert(2)</script>';
const site = createSite({ store });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

beforeEach(() => resetStore());

async function page(path: string) {
  const response = await cookieClient(ORIGIN, site).send(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, doc: parse(html) };
}

const propsOf = (container: Element) =>
  JSON.parse(container.querySelector('script[data-island-props]')!.textContent!) as Record<string, unknown>;
/** The container's fallback: its markup after the props script. */
const fallbackOf = (container: Element) =>
  container.innerHTML.replace(/^<script type="application\/json" data-island-props="">.*?<\/script>/, '');

/** The ordering form the shop printed before the islands (today's markup, byte for byte). */
const OPTIONS_HTML = (selected: string) =>
  ORDERBY_OPTIONS.map(
    ([value, label]) =>
      `<option value="${value}"${value === selected ? ' selected=""' : ''}>${label}</option>`,
  ).join('');

describe('the shop’s ordering form and result count', () => {
  it('prints both islands in `.storefront-sorting`, over the markup the shop printed before', async () => {
    const { doc } = await page('/shop/');
    const sorting = doc.querySelector('main .storefront-sorting')!;
    const [ordering, count, ...rest] = [...sorting.children];
    expect(rest).toEqual([]);
    expect(ordering!.getAttribute('data-island')).toBe('catalog-ordering');
    expect(ordering!.getAttribute('data-hydrate')).toBe('visible');
    expect(count!.getAttribute('data-island')).toBe('result-count');
    expect(count!.getAttribute('data-hydrate')).toBe('idle');
    expect(fallbackOf(ordering!)).toBe(
      '<form class="woocommerce-ordering" method="get">' +
        `<select name="orderby" class="orderby" aria-label="Shop order">${OPTIONS_HTML('menu_order')}</select>` +
        '<input type="hidden" name="paged" value="1">' +
        '<noscript><button type="submit" class="button orderby-submit">Sort</button></noscript></form>',
    );
    const total = doc.querySelectorAll('ul.products > li.product').length;
    expect(fallbackOf(count!)).toBe(
      `<p class="woocommerce-result-count" role="status">Showing all ${total} results</p>`,
    );
    expect(propsOf(ordering!)).toEqual({
      options: ORDERBY_OPTIONS,
      selected: 'menu_order',
      label: 'Shop order',
      submitLabel: 'Sort',
      hiddenFields: {},
    });
    expect(propsOf(count!)).toEqual({ text: `Showing all ${total} results` });
  });

  it('keeps the other query arguments as hidden fields (both in the fallback and the props), paged reset', async () => {
    const { doc } = await page(
      '/shop/?orderby=price&paged=2&product-page=3&submit=Sort&min_price=10&filter_colour[]=blue&filter_colour[]=red&v.1=x',
    );
    const ordering = doc.querySelector('[data-island="catalog-ordering"]')!;
    const hidden = [...ordering.querySelectorAll('input[type="hidden"]')].map((i) => [
      i.getAttribute('name'),
      i.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['paged', '1'],
      ['min_price', '10'],
      ['filter_colour[0]', 'blue'],
      ['filter_colour[1]', 'red'],
      ['v_1', 'x'],
    ]);
    expect(ordering.querySelector('select')!.value).toBe('price');
    expect(propsOf(ordering)).toMatchObject({
      selected: 'price',
      hiddenFields: { min_price: '10', 'filter_colour[0]': 'blue', 'filter_colour[1]': 'red', v_1: 'x' },
    });
    // Sorted by price: low to high.
    expect(
      [...doc.querySelectorAll('ul.products .woocommerce-loop-product__title')].map((h) => h.textContent),
    ).toEqual(sortProducts(PRODUCTS, 'price').map((p) => p.name));
  });

  it('an unknown ordering shows (and sorts by) the first one, as WooCommerce reads it', async () => {
    const { doc } = await page('/shop/?orderby=nonsense');
    expect(doc.querySelector<HTMLSelectElement>('select.orderby')!.value).toBe('menu_order');
    expect(propsOf(doc.querySelector('[data-island="catalog-ordering"]')!).selected).toBe('menu_order');
  });

  it('the last of a repeated orderby wins, as in PHP', async () => {
    const { doc } = await page('/shop/?orderby=date&orderby=price');
    expect(doc.querySelector<HTMLSelectElement>('select.orderby')!.value).toBe('price');
  });

  it('escapes hostile query arguments in the fallback and the props', async () => {
    const evil = encodeURIComponent(HOSTILE);
    const { html, doc } = await page(`/shop/?q=${evil}&${evil}=1`);
    expect(html).not.toContain('<script>alert(2)');
    expect(doc.querySelector('img[src="x"], [onerror]')).toBeNull();
    const ordering = doc.querySelector('[data-island="catalog-ordering"]')!;
    expect(ordering.querySelector('input[name="q"]')!.getAttribute('value')).toBe(HOSTILE);
    // The name as PHP reads it (spaces to `_`); the island leaves such a name out of its form.
    expect(propsOf(ordering).hiddenFields).toEqual({ q: HOSTILE, [HOSTILE.replace(/ /g, '_')]: '1' });
  });
});

describe('listing()', () => {
  const context = (path: string): PageContext => ({
    url: new URL(path, ORIGIN),
    session: store.ensureSession(null).session,
    cookies: {},
    assets: NO_ASSETS,
    notices: [],
    islands: new IslandCollector(),
  });
  const titles = (html: string) =>
    [...parse(html).querySelectorAll('.woocommerce-loop-product__title')].map((h) => h.textContent);
  const three: Product[] = [PRODUCTS[2]!, PRODUCTS[0]!, PRODUCTS[1]!];

  it('collects both islands, and prints neither when nothing matches', () => {
    const ctx = context('/shop/');
    listing(ctx, three);
    expect([...ctx.islands.names]).toEqual(expect.arrayContaining(['catalog-ordering', 'result-count']));
    const empty = context('/shop/');
    expect(listing(empty, [])).toBe(
      '<p class="woocommerce-info woocommerce-no-products-found">No products were found matching your selection.</p>',
    );
    expect(empty.islands.names.has('catalog-ordering')).toBe(false);
  });

  it('a product search: Relevance first and by default, keeping the order given', () => {
    const html = listing(context('/?s=ball&post_type=product'), three, { search: true });
    const doc = parse(html);
    expect([...doc.querySelectorAll('select.orderby option')].map((o) => o.getAttribute('value'))).toEqual(
      SEARCH_ORDERBY_OPTIONS.map(([value]) => value),
    );
    expect(SEARCH_ORDERBY_OPTIONS[0]).toEqual(['relevance', 'Relevance']);
    expect(SEARCH_ORDERBY_OPTIONS.some(([value]) => value === 'menu_order')).toBe(false);
    expect(doc.querySelector<HTMLSelectElement>('select.orderby')!.value).toBe('relevance');
    expect(titles(html)).toEqual(three.map((p) => p.name));
    expect(
      [...doc.querySelectorAll('input[type="hidden"]')].map((i) => i.getAttribute('name')).slice(0, 3),
    ).toEqual(['paged', 's', 'post_type']);
    // 'menu_order' is no search ordering: the first one, Relevance.
    const asked = parse(listing(context('/?s=ball&orderby=menu_order'), three, { search: true }));
    expect(asked.querySelector<HTMLSelectElement>('select.orderby')!.value).toBe('relevance');
  });

  it('the result count: the single result, or all of them', () => {
    expect(resultCountText(1)).toBe('Showing the single result');
    expect(resultCountText(24)).toBe('Showing all 24 results');
  });
});

describe('phpQueryArgs / orderingHiddenFields', () => {
  const args = (query: string) => phpQueryArgs(new URLSearchParams(query));

  it('reads names as PHP does: `.` and ` ` to `_` before the first `[`, `[]` numbered, last value wins', () => {
    expect(args('a.b=1&c d=2&e[x.y]=3&f[]=4&f[]=5&g=6&g=7&h[]=8&h[k]=9')).toEqual([
      ['a_b', '1'],
      ['c_d', '2'],
      ['e[x.y]', '3'],
      ['f[0]', '4'],
      ['f[1]', '5'],
      ['g', '7'],
      ['h[0]', '8'],
      ['h[k]', '9'],
    ]);
    expect(args('=1&[x]=2& lead=3')).toEqual([['lead', '3']]);
  });

  it("leaves out WooCommerce's exclusions from the form, their array forms too", () => {
    expect(
      orderingHiddenFields(
        new URL('/shop/?orderby=price&submit=1&paged=2&product-page=3&orderby[]=x&s=boots', ORIGIN),
      ),
    ).toEqual([['s', 'boots']]);
  });
});
