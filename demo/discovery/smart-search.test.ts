/**
 * The demo's Smart Search for WooCommerce: the island over the plugin's form, the `ysm/v1/search`
 * answer (checked against the island's own contract), and the `/smart-search/` page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SmartSearchResponseSchema } from '../../src/contract/search';
import { SmartSearchPropsSchema } from '../../widgets/smart-search/schema';
import { SmartSearch } from '../../widgets/smart-search/SmartSearch';
import { CATALOGUE, findProduct } from '../fixtures';
import { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { NO_ASSETS } from '../manifest';
import { store } from '../store';
import { searchCatalogue } from './catalogue';
import {
  escJs,
  keywordsFor,
  NO_RESULTS_TEXT,
  SMART_SEARCH_ID,
  SMART_SEARCH_LIMIT,
  smartSearchConfig,
  smartSearchIsland,
  smartSearchPage,
  suggestionTitle,
  ysmSearchAnswer,
} from './smart-search';

const ORIGIN = 'http://localhost:3000';
const answer = (query: string | null, id = '1') => {
  const params = new URLSearchParams({ id });
  if (query !== null) params.set('query', query);
  return SmartSearchResponseSchema.parse(ysmSearchAnswer(params, ORIGIN));
};
const raw = (query: string) =>
  ysmSearchAnswer(new URLSearchParams({ id: '1', query }), ORIGIN) as {
    suggestions: { value: string; data: string; url: string; id: number; addToCart?: string }[];
    view_all_link: string;
    keywords: string[];
  };

function container(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.firstElementChild as HTMLElement;
}
const propsOf = (island: HTMLElement): unknown =>
  JSON.parse(island.querySelector('script[data-island-props]')!.textContent!);

function pageContext(search = ''): PageContext {
  return {
    url: new URL(`/smart-search/${search}`, ORIGIN),
    session: store.ensureSession('').session,
    cookies: {},
    assets: NO_ASSETS,
    notices: [],
    islands: new IslandCollector(NO_ASSETS),
  };
}

describe('smartSearchIsland', () => {
  it('prints the plugin’s search form in the smart-search island, with valid props', () => {
    const islands = new IslandCollector();
    const island = container(smartSearchIsland(islands));
    expect(islands.names).toEqual(new Set(['smart-search']));
    expect(SmartSearchPropsSchema.parse(propsOf(island))).toMatchObject({
      id: SMART_SEARCH_ID,
      restUrl: '/wp-json/ysm/v1/search',
      homeUrl: '/',
      layout: 'default',
    });
    const form = island.querySelector('form')!;
    expect(form).toHaveAttribute('role', 'search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('id', 'smart-search-1-form');
    const field = form.querySelector<HTMLInputElement>('input#smart-search-1-input')!;
    expect(field).toHaveAttribute('type', 'search');
    expect(field).toHaveAttribute('name', 's');
    expect(form.querySelector('label[for="smart-search-1-input"]')).toHaveTextContent('Search for:');
    expect(form.querySelector('input[name="search_id"]')).toHaveValue('1');
    expect(form.querySelector('input[name="post_type"]')).toBeNull();
    expect(form.querySelector('button[type="submit"]')).toHaveTextContent('Search');
    // The mobile toggle works without JavaScript: a link to the form, which CSS shows as :target.
    expect(island.querySelector('a.smart-search-toggle')).toHaveAttribute('href', '#smart-search-1-form');
  });

  it('prints the product layout’s post_type, and keeps a hostile current search escaped', () => {
    const island = container(
      smartSearchIsland(new IslandCollector(), { layout: 'product', query: '"><script>x</script>' }),
    );
    expect(island.querySelector('input[name="post_type"]')).toHaveValue('product');
    expect(island.querySelector('script:not([data-island-props])')).toBeNull();
    expect(island.querySelector<HTMLInputElement>('input[name="s"]')!.value).toBe('"><script>x</script>');
  });

  it('is the markup the island mounts with (same elements, classes and ids: no layout shift)', () => {
    for (const config of [{}, { layout: 'product' as const, query: 'boots', idPrefix: 'header-search' }]) {
      const island = container(smartSearchIsland(new IslandCollector(), config));
      island.querySelector('script')!.remove();
      const mounted = document.createElement('div');
      mounted.innerHTML = renderToStaticMarkup(
        createElement(
          SmartSearch,
          SmartSearchPropsSchema.parse(propsOf(container(smartSearchIsland(new IslandCollector(), config)))),
        ),
      );
      mounted.querySelector('.smart-search-popup')!.remove();
      const shape = (root: Element) =>
        [...root.querySelectorAll('*')].map(
          (el) =>
            `${el.localName === 'a' ? 'a' : el.localName}#${el.id}.${el.className}[${el.getAttribute('name') ?? ''}=${(el as HTMLInputElement).value ?? ''}]`,
        );
      expect(shape(mounted)).toEqual(shape(island));
      expect(mounted.textContent).toBe(island.textContent);
    }
  });
});

describe('ysmSearchAnswer', () => {
  it('answers as the plugin: suggestions (value, data, url, id, addToCart), the view-all link, keywords', () => {
    const data = raw('trail');
    const found = searchCatalogue('trail');
    expect(data.suggestions).toHaveLength(Math.min(SMART_SEARCH_LIMIT, found.length));
    const [first] = data.suggestions;
    const product = found[0]!;
    expect(first).toMatchObject({ id: product.id, url: `${ORIGIN}/product/${product.slug}/` });
    expect(first!.data).toContain(
      `<a class="smart-search-post-url" href="${ORIGIN}/product/${product.slug}/">`,
    );
    expect(first!.data).toContain(
      '<div class="smart-search-post-title">Apex Glide <strong>Trail</strong> Shoes</div>',
    );
    expect(first!.data).toContain(`src="${ORIGIN}${product.image.src}"`);
    expect(first!.data).toContain('woocommerce-Price-amount');
    expect(data.view_all_link).toBe(
      `<a class="smart-search-view-all" href="${ORIGIN}/?s=trail&amp;search_id=1&amp;post_type=product">View all</a>`,
    );
    expect(data.keywords).toEqual(['Trail Shoes']);
    // The island reads it: the link's URL.
    expect(answer('trail').view_all_link).toBe(`${ORIGIN}/?s=trail&search_id=1&post_type=product`);
  });

  it('links add-to-cart for simple products in stock only', () => {
    for (const suggestion of raw('boo').suggestions.concat(raw('junior').suggestions)) {
      const product = findProduct(suggestion.id)!;
      const purchasable = product.type === 'simple' && product.stockStatus === 'instock';
      expect(suggestion.addToCart, product.name).toBe(
        purchasable ? `${ORIGIN}/?add-to-cart=${product.id}` : undefined,
      );
    }
    expect(CATALOGUE.some((p) => p.type === 'simple' && p.stockStatus === 'outofstock')).toBe(true);
  });

  it('renders names as the plugin does: tags stripped, texturized, escaped; value is esc_js', () => {
    const gloves = raw('keeper gloves pro').suggestions.find((s) =>
      s.url.includes('keeper-gloves-pro-edition'),
    )!;
    expect(gloves.data).toContain(
      '<div class="smart-search-post-title"><strong>Keeper Gloves Pro</strong> Edition</div>',
    );
    expect(gloves.value).toBe('Keeper Gloves &lt;em&gt;Pro&lt;/em&gt; Edition');

    const [sweatband] = raw('sweatband').suggestions;
    expect(sweatband!.data).toContain(
      '<div class="smart-search-post-title"><strong>Sweatband</strong></div>',
    );
    expect(sweatband!.data).not.toMatch(/onerror|<img src=x/);
    expect(sweatband!.value).toBe('&lt;img src=x onerror=alert(1)&gt; Sweatband');

    const [coach] = raw('coach').suggestions;
    expect(coach!.data).toContain('<strong>Coach</strong>&#8217;s Tactics Board &#038; Pen');
    expect(coach!.value).toBe("Coach\\'s Tactics Board &amp; Pen");
    const [striker] = raw('striker').suggestions;
    expect(striker!.data).toContain('<strong>Striker</strong> &#8220;Elite&#8221; Shin Pads');
    expect(striker!.value).toBe('Striker &quot;Elite&quot; Shin Pads');

    expect(suggestionTitle('Trail Shoes <b>GTX</b> "Storm"', 'gtx')).toBe(
      'Trail Shoes <strong>GTX</strong> &#8220;Storm&#8221;',
    );
    expect(suggestionTitle('a (b)', '(b')).toBe('a <strong>(b</strong>)');
    expect(escJs('R&amp;D & "x" <y>')).toBe('R&amp;D &amp; &quot;x&quot; &lt;y&gt;');
  });

  it('answers nothing for a missing or short query, and no view-all link when nothing is found', () => {
    const empty = { suggestions: [], view_all_link: '', keywords: [] };
    expect(answer(null)).toEqual(empty);
    expect(answer('')).toEqual(empty);
    expect(answer('bo')).toEqual(empty);
    expect(answer('  b  ')).toEqual(empty);
    expect(answer('zzzz')).toEqual(empty);
    expect(answer('<b>x</b>')).toEqual(empty);
  });

  it('uses the widget id in the view-all link, and collapses the query', () => {
    expect(answer('trail   shoes', 'product').view_all_link).toBe(
      `${ORIGIN}/?s=trail+shoes&search_id=product&post_type=product`,
    );
    expect(answer('  trail ').suggestions).toHaveLength(SMART_SEARCH_LIMIT);
  });

  it('offers category names and popular terms holding every word as keywords (at most 5)', () => {
    expect(keywordsFor('boo')).toEqual(['Boots', 'Junior Boots', 'football boots']);
    expect(keywordsFor('TENNIS')).toEqual(['Tennis', 'Tennis Balls', 'tennis racket']);
    expect(keywordsFor('shoes').length).toBeLessThanOrEqual(5);
    expect(keywordsFor('road shoes')).toEqual(['road shoes']);
    expect(keywordsFor('')).toEqual([]);
  });
});

describe('smartSearchPage', () => {
  it('prints the widget with the default popup', () => {
    const ctx = pageContext();
    const html = smartSearchPage(ctx);
    const doc = document.createElement('div');
    doc.innerHTML = html;
    expect(doc.querySelector('h1')).toHaveTextContent('Smart search');
    const island = doc.querySelector<HTMLElement>('[data-island="smart-search"]')!;
    expect(SmartSearchPropsSchema.parse(propsOf(island))).toMatchObject({
      layout: 'default',
      fullScreenMode: '',
      noResultsText: '',
      columns: 1,
      recentSearches: false,
    });
    expect(ctx.islands.names).toEqual(new Set(['smart-search']));
    expect(doc.querySelector('nav a[aria-current="page"]')).toHaveAttribute('href', '/smart-search/');
  });

  it('configures the widget from the query: layout, columns, no-results text, the current search', () => {
    const config = SmartSearchPropsSchema.parse(
      smartSearchConfig(new URL(`${ORIGIN}/smart-search/?layout=product&columns=3&noresults=1&s=boots`)),
    );
    expect(config).toMatchObject({
      layout: 'product',
      columns: 3,
      noResultsText: NO_RESULTS_TEXT,
      query: 'boots',
    });
    expect(
      SmartSearchPropsSchema.parse(smartSearchConfig(new URL(`${ORIGIN}/smart-search/?columns=9`))).columns,
    ).toBe(1);
  });

  it('turns the overlay and its extras on in the full-screen modes', () => {
    for (const mode of ['enable', 'desktop_only', 'mobile_only'] as const) {
      const config = SmartSearchPropsSchema.parse(
        smartSearchConfig(new URL(`${ORIGIN}/smart-search/?fullscreen=${mode}`)),
      );
      expect(config.fullScreenMode).toBe(mode);
      expect(config).toMatchObject({ recentSearches: true, keywords: true });
      expect(config.selectedCategories.map((c) => c.name)).toEqual([
        'Boots',
        'Balls',
        'Running Shoes',
        'Rackets',
      ]);
      expect(config.selectedCategories.every((c) => c.count > 0 && c.url.startsWith(ORIGIN))).toBe(true);
      expect(config.selectedProducts).toHaveLength(6);
      expect(config.selectedProducts.map((p) => p.type)).toContain('variable');
      expect(config.promoBannerImage).toMatch(/^http:\/\/localhost:3000\/demo-assets\/img\/.+\.svg$/);
      expect(config.promoBannerLink).toBe(`${ORIGIN}/product-category/running/`);
    }
    expect(
      SmartSearchPropsSchema.parse(smartSearchConfig(new URL(`${ORIGIN}/smart-search/?fullscreen=always`)))
        .fullScreenMode,
    ).toBe('');
  });
});
