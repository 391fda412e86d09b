import { describe, expect, it } from 'vitest';
import { readQuery, writeQuery, type Filters } from '../../src/listing/model';
import { LoopFilterPropsSchema } from '../../widgets/loop-filter/schema';
import { LoopGridPropsSchema } from '../../widgets/loop-grid/schema';
import { CATALOGUE, categoryWithDescendants } from '../fixtures';
import { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { NO_ASSETS, type PageAssets } from '../manifest';
import { store } from '../store';
import { tagsOf } from './catalogue';
import {
  GEAR,
  gearFilterWidgets,
  gearGridHtml,
  gearProducts,
  gearQuery,
  gearSearch,
  loopFilterPage,
  pageNumbers,
  parseFilterValue,
  refreshLoopAnswer,
} from './loop-filter';

const ORIGIN = 'http://demo.localhost';
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

function pageContext(search = '', assets: PageAssets = NO_ASSETS): PageContext {
  return {
    url: new URL(`${GEAR.path}${search}`, ORIGIN),
    session: store.ensureSession('').session,
    cookies: {},
    assets,
    notices: [],
    islands: new IslandCollector(assets),
  };
}

/** Assets naming a chunk for every island (as a build does). */
const BUILT: PageAssets = {
  ...NO_ASSETS,
  srcFor: (island) => `/wp-content/plugins/shop-islands/dist/assets/${island}-abc.js`,
};

const inCategory = (slug: string) => {
  const ids = new Set(
    categoryWithDescendants({ football: 16, boots: 17, running: 30, tennis: 40, 'running-shoes': 31 }[slug]!),
  );
  return CATALOGUE.filter((p) => p.categoryIds.some((id) => ids.has(id)));
};

const propsOf = (container: Element): unknown =>
  JSON.parse(container.querySelector(':scope > script[data-island-props]')!.textContent!);

describe('the query string, read as Elementor Pro reads it', () => {
  it.each([
    ['football', { terms: ['football'], join: 'AND' }],
    ['football~tennis', { terms: ['football', 'tennis'], join: 'OR' }],
    ['junior waterproof', { terms: ['junior', 'waterproof'], join: 'AND' }],
    ['junior+waterproof', { terms: ['junior', 'waterproof'], join: 'AND' }],
    ['junior!match', { terms: ['junior', 'match'], join: 'NOT' }],
    ['a~~b~a', { terms: ['a', 'b'], join: 'OR' }],
  ])('%j', (value, expected) => {
    expect(parseFilterValue(value)).toEqual(expected);
  });

  it("reads this grid's filters and page, nothing else", () => {
    const params = new URLSearchParams(
      'e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior+match' +
        '&e-filter-0000000-product_cat=balls&e-page-5e3c2a1=3&e-filter-5e3c2a1-product_tag2=&e-filter-5e3c2a1-bad-tax=x',
    );
    expect(gearQuery(params)).toEqual({
      filters: {
        product_cat: { terms: ['football', 'tennis'], join: 'OR' },
        product_tag: { terms: ['junior', 'match'], join: 'AND' },
      },
      page: 3,
    });
    expect(gearQuery(new URLSearchParams('e-page-5e3c2a1=0')).page).toBe(1);
    expect(gearQuery(new URLSearchParams('e-page-5e3c2a1=x')).page).toBe(1);
  });

  it('reads what the islands write (src/listing/model), and the islands read what it writes', () => {
    const cases: Filters[] = [
      {},
      { product_cat: { terms: ['football', 'tennis'], join: 'OR' } },
      { product_tag: { terms: ['junior', 'waterproof'], join: 'AND' } },
      {
        product_cat: { terms: ['boots'], join: 'DISABLED' },
        product_tag: { terms: ['junior', 'match'], join: 'NOT' },
      },
    ];
    for (const filters of cases) {
      const search = writeQuery('', GEAR.gridId, { filters, page: 2 }, true);
      const server = gearQuery(new URL(`${ORIGIN}/gear/${search}`).searchParams);
      expect(server.page).toBe(2);
      for (const [taxonomy, filter] of Object.entries(filters)) {
        expect(server.filters[taxonomy]?.terms).toEqual(filter.terms);
        if (filter.terms.length > 1) expect(server.filters[taxonomy]?.join).toBe(filter.join);
      }
      const back = gearSearch(server.filters, server.page);
      expect(readQuery(new URL(`${ORIGIN}/gear/${back}`).search, GEAR.gridId).page).toBe(2);
    }
  });
});

describe('the products a filter finds', () => {
  it('all of the catalogue without filters, in the shop order', () => {
    expect(gearProducts({})).toHaveLength(CATALOGUE.length);
    expect(CATALOGUE.length).toBeGreaterThan(200);
  });

  it('a category with its descendants', () => {
    expect(gearProducts({ product_cat: { terms: ['football'], join: 'AND' } })).toHaveLength(
      inCategory('football').length,
    );
    expect(
      gearProducts({ product_cat: { terms: ['boots'], join: 'OR' } }).every((p) =>
        inCategory('boots').includes(p),
      ),
    ).toBe(true);
  });

  it('categories joined by OR: in any of them', () => {
    const found = gearProducts({ product_cat: { terms: ['football', 'tennis'], join: 'OR' } });
    expect(found).toHaveLength(inCategory('football').length + inCategory('tennis').length);
  });

  it('categories joined by AND: a parent with its child counts as the child; siblings broaden; roots exclude', () => {
    expect(gearProducts({ product_cat: { terms: ['running', 'running-shoes'], join: 'AND' } })).toHaveLength(
      inCategory('running-shoes').length,
    );
    expect(gearProducts({ product_cat: { terms: ['football', 'tennis'], join: 'AND' } })).toHaveLength(0);
    const siblings = gearProducts({ product_cat: { terms: ['trail-shoes', 'road-shoes'], join: 'AND' } });
    expect(siblings).toHaveLength(inCategory('running-shoes').length);
  });

  it('NOT: none of them', () => {
    const found = gearProducts({ product_cat: { terms: ['football'], join: 'NOT' } });
    expect(found).toHaveLength(CATALOGUE.length - inCategory('football').length);
  });

  it('tags: AND every one, OR any, NOT none', () => {
    const and = gearProducts({ product_tag: { terms: ['junior', 'waterproof'], join: 'AND' } });
    expect(and.length).toBeGreaterThan(0);
    expect(and.every((p) => tagsOf(p).includes('junior') && tagsOf(p).includes('waterproof'))).toBe(true);
    const or = gearProducts({ product_tag: { terms: ['junior', 'waterproof'], join: 'OR' } });
    expect(or.every((p) => tagsOf(p).includes('junior') || tagsOf(p).includes('waterproof'))).toBe(true);
    expect(or.length).toBeGreaterThan(and.length);
    const not = gearProducts({ product_tag: { terms: ['match'], join: 'NOT' } });
    expect(not.every((p) => !tagsOf(p).includes('match'))).toBe(true);
  });

  it('taxonomies combine with AND; unknown taxonomies and terms find nothing', () => {
    const both = gearProducts({
      product_cat: { terms: ['football'], join: 'OR' },
      product_tag: { terms: ['junior'], join: 'AND' },
    });
    expect(both.every((p) => inCategory('football').includes(p) && tagsOf(p).includes('junior'))).toBe(true);
    expect(gearProducts({ pa_colour: { terms: ['red'], join: 'AND' } })).toHaveLength(0);
    expect(gearProducts({ product_cat: { terms: ['no-such'], join: 'AND' } })).toHaveLength(0);
  });
});

describe('the grid', () => {
  it('prints 12 products with add-to-cart islands, the result count and the pagination', () => {
    const islands = new IslandCollector(BUILT);
    const filters = { product_cat: { terms: ['football', 'tennis'], join: 'OR' as const } };
    const total = gearProducts(filters).length;
    const doc = parse(gearGridHtml(islands, filters, 2));
    const region = doc.querySelector('.elementor-widget-container')!;
    expect(region.querySelectorAll('li.product')).toHaveLength(12);
    expect(region.querySelector('.woocommerce-result-count')?.textContent).toBe(
      `Showing 13–24 of ${total} results`,
    );
    const islandsIn = region.querySelectorAll('[data-island="add-to-cart"]');
    expect(islandsIn.length).toBeGreaterThan(0);
    expect(islandsIn[0]?.getAttribute('data-island-src')).toContain('add-to-cart');
    const current = region.querySelector('.page-numbers.current');
    expect(current?.textContent).toBe('Page 2');
    expect(current?.getAttribute('aria-current')).toBe('page');
    const next = region.querySelector<HTMLAnchorElement>('a.page-numbers.next')!;
    expect(next.getAttribute('href')).toBe(
      '/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-page-5e3c2a1=3',
    );
    const first = [...region.querySelectorAll('a.page-numbers')].find((a) => a.textContent === 'Page 1')!;
    expect(first.getAttribute('href')).toBe('/gear/?e-filter-5e3c2a1-product_cat=football~tennis');
  });

  it('a page past the last shows the last', () => {
    const filters = { product_tag: { terms: ['junior', 'waterproof'], join: 'AND' as const } };
    const doc = parse(gearGridHtml(new IslandCollector(), filters, 99));
    expect(doc.querySelectorAll('li.product').length).toBeGreaterThan(0);
    expect(doc.querySelector('a.page-numbers.next')).toBeNull();
  });

  it('says so when nothing matches', () => {
    const doc = parse(
      gearGridHtml(new IslandCollector(), { product_cat: { terms: ['football', 'tennis'], join: 'AND' } }, 1),
    );
    expect(doc.querySelector('.woocommerce-no-products-found')?.textContent).toBe(
      'No products were found matching your selection.',
    );
    expect(doc.querySelector('nav')).toBeNull();
  });

  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 25, [1, 2, 3, 0, 25]],
    [5, 25, [1, 0, 3, 4, 5, 6, 7, 0, 25]],
    [25, 25, [1, 0, 23, 24, 25]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])('page numbers around %d of %d', (current, total, expected) => {
    expect(pageNumbers(current, total)).toEqual(expected);
  });
});

describe('the /gear/ page', () => {
  it('prints both filters and the grid as islands, with valid props', () => {
    const ctx = pageContext();
    const doc = parse(loopFilterPage(ctx));
    const filters = [...doc.querySelectorAll('[data-island="loop-filter"]')];
    expect(filters).toHaveLength(2);
    for (const container of filters)
      expect(LoopFilterPropsSchema.safeParse(propsOf(container)).success).toBe(true);
    const [category, tag] = filters.map((c) => LoopFilterPropsSchema.parse(propsOf(c)));
    expect(category).toMatchObject({
      taxonomy: 'product_cat',
      multiple: true,
      logicalJoin: 'OR',
      drawer: true,
      targetWidgetId: GEAR.gridId,
    });
    expect(tag).toMatchObject({ taxonomy: 'product_tag', multiple: true, logicalJoin: 'AND', drawer: false });
    expect(category?.terms.map((t) => t.label)).toEqual([
      'Football',
      'Boots',
      'Balls',
      'Accessories',
      'Running',
      'Running Shoes',
      'Apparel',
      'Tennis',
      'Rackets',
      'Tennis Balls',
    ]);
    const grid = doc.querySelector('.elementor-element-5e3c2a1 > [data-island="loop-grid"]')!;
    expect(LoopGridPropsSchema.parse(propsOf(grid))).toMatchObject({
      widgetId: GEAR.gridId,
      postId: GEAR.postId,
      paginationBaseUrl: `${ORIGIN}/gear/`,
      filters: {},
      page: 1,
    });
    expect(grid.nextElementSibling?.matches('.elementor-widget-container')).toBe(true);
    expect(doc.querySelectorAll('.elementor-element-5e3c2a1 li.product')).toHaveLength(12);
    expect(doc.querySelector(`[data-elementor-id="${GEAR.helpTemplateId}"]`)).not.toBeNull();
    expect(ctx.islands.names).toEqual(new Set(['loop-filter', 'loop-grid', 'add-to-cart']));
  });

  it('prints the grid for the query string, and the filter links of that state', () => {
    const search =
      '?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior&e-page-5e3c2a1=2';
    const doc = parse(loopFilterPage(pageContext(search)));
    const gridProps = LoopGridPropsSchema.parse(propsOf(doc.querySelector('[data-island="loop-grid"]')!));
    expect(gridProps.filters).toEqual({
      product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' },
      product_tag: { terms: ['junior'] },
    });
    expect(gridProps.page).toBe(2);
    const category = doc.querySelector('.e-loop-filter[data-id="c47f9e2"]')!;
    const link = (slug: string) => category.querySelector<HTMLAnchorElement>(`a[data-filter="${slug}"]`)!;
    expect(link('football').getAttribute('aria-current')).toBe('true');
    expect(link('__all').hasAttribute('aria-current')).toBe(false);
    // Pressing a selected term removes it, another adds it (OR), 'All' clears: page 1 each time.
    expect(link('football').getAttribute('href')).toBe(
      '/gear/?e-filter-5e3c2a1-product_cat=tennis&e-filter-5e3c2a1-product_tag=junior',
    );
    expect(link('balls').getAttribute('href')).toBe(
      '/gear/?e-filter-5e3c2a1-product_cat=football~tennis~balls&e-filter-5e3c2a1-product_tag=junior',
    );
    expect(link('__all').getAttribute('href')).toBe('/gear/?e-filter-5e3c2a1-product_tag=junior');
    const tag = doc.querySelector('.e-loop-filter[data-id="7d1b0f3"]')!;
    expect(tag.querySelector('a[data-filter="waterproof"]')?.getAttribute('href')).toBe(
      '/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior+waterproof',
    );
    // The drawer's button counts the selected terms.
    expect(category.querySelector('.e-filter-toggle')?.textContent).toBe('Filters (3)');
    expect(tag.querySelector('.e-filter-toggle')).toBeNull();
    const total = gearProducts({
      product_cat: { terms: ['football', 'tennis'], join: 'OR' },
      product_tag: { terms: ['junior'], join: 'AND' },
    }).length;
    expect(doc.querySelector('.woocommerce-result-count')?.textContent).toBe(
      total > 12 ? `Showing 13–${Math.min(24, total)} of ${total} results` : `Showing all ${total} results`,
    );
  });

  it('offers every term with its count, and the counts are right', () => {
    const [category, tag] = gearFilterWidgets();
    for (const term of category!.terms) {
      expect(term.count).toBe(gearProducts({ product_cat: { terms: [term.slug], join: 'OR' } }).length);
      expect(term.count).toBeGreaterThan(0);
    }
    expect(tag!.terms.map((t) => t.slug)).toEqual([
      'junior',
      'waterproof',
      'lightweight',
      'training',
      'match',
    ]);
  });

  it('escapes what product names hold', () => {
    const doc = parse(
      loopFilterPage(pageContext('?e-filter-5e3c2a1-product_cat=running-apparel&e-page-5e3c2a1=2')),
    );
    expect(doc.querySelector('.elementor-widget-container img[onerror]')).toBeNull();
  });
});

describe('POST elementor-pro/v1/refresh-loop', () => {
  const valid = {
    post_id: GEAR.postId,
    widget_id: GEAR.gridId,
    widget_filters: { taxonomy: { product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' } } },
    pagination_base_url: `${ORIGIN}/gear/`,
  };

  it('answers { data }, the grid for the filters, its links from pagination_base_url', () => {
    const answer = refreshLoopAnswer(valid, ORIGIN, { assets: BUILT });
    expect(answer.status).toBe(200);
    const { data } = answer.body as { data: string };
    const doc = parse(data);
    expect(doc.body.firstElementChild?.matches('.elementor-widget-container')).toBe(true);
    const total = gearProducts({ product_cat: { terms: ['football', 'tennis'], join: 'OR' } }).length;
    expect(doc.querySelector('.woocommerce-result-count')?.textContent).toBe(
      `Showing 1–12 of ${total} results`,
    );
    expect(doc.querySelector('a.page-numbers.next')?.getAttribute('href')).toBe(
      `${ORIGIN}/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-page-5e3c2a1=2`,
    );
    expect(doc.querySelector('[data-island="add-to-cart"]')?.getAttribute('data-island-src')).toBe(
      '/wp-content/plugins/shop-islands/dist/assets/add-to-cart-abc.js',
    );
  });

  it("reads the page from the request's query (Elementor Pro's $_GET), as the loop grid sends it", () => {
    const answer = refreshLoopAnswer(valid, ORIGIN, {
      query: new URLSearchParams('e-page-5e3c2a1=2&_locale=user'),
    });
    const doc = parse((answer.body as { data: string }).data);
    expect(doc.querySelector('.page-numbers.current')?.textContent).toBe('Page 2');
  });

  it('names the chunks of the last page printed when not told', () => {
    loopFilterPage(pageContext('', BUILT));
    const { data } = refreshLoopAnswer(valid, ORIGIN).body as { data: string };
    expect(
      parse(data).querySelector('[data-island="add-to-cart"]')?.getAttribute('data-island-src'),
    ).toContain('add-to-cart-abc.js');
  });

  it('answers an empty filter set with the whole catalogue, and [] as well as {}', () => {
    for (const widget_filters of [{}, [], { taxonomy: {} }, { taxonomy: { product_cat: { terms: [''] } } }]) {
      const { data } = refreshLoopAnswer({ ...valid, widget_filters }, ORIGIN).body as { data: string };
      expect(parse(data).querySelector('.woocommerce-result-count')?.textContent).toBe(
        `Showing 1–12 of ${CATALOGUE.length} results`,
      );
    }
  });

  it('without pagination_base_url, the links start at the page on this origin', () => {
    const { pagination_base_url: _dropped, ...rest } = valid;
    const { data } = refreshLoopAnswer(rest, ORIGIN).body as { data: string };
    expect(parse(data).querySelector('a.page-numbers.next')?.getAttribute('href')).toMatch(
      /^http:\/\/demo\.localhost\/gear\/\?/,
    );
  });

  it.each([
    [null, ['post_id', 'widget_id', 'widget_filters']],
    ['text', ['post_id', 'widget_id', 'widget_filters']],
    [
      [1, 2],
      ['post_id', 'widget_id', 'widget_filters'],
    ],
    [{}, ['post_id', 'widget_id', 'widget_filters']],
    [{ post_id: GEAR.postId, widget_id: GEAR.gridId }, ['widget_filters']],
    [{ post_id: null, widget_id: GEAR.gridId, widget_filters: {} }, ['post_id']],
  ])('400 rest_missing_callback_param for %j', (body, params) => {
    expect(refreshLoopAnswer(body, ORIGIN)).toEqual({
      status: 400,
      body: {
        code: 'rest_missing_callback_param',
        message: `Missing parameter(s): ${params.join(', ')}`,
        data: { status: 400, params },
      },
    });
  });

  it.each([
    [{ post_id: 0 }, ['post_id']],
    [{ post_id: 'abc' }, ['post_id']],
    [{ post_id: true }, ['post_id']],
    [{ post_id: [4242] }, ['post_id']],
    [{ widget_id: 'abc' }, ['widget_id']],
    [{ widget_id: '5e3c2a1x' }, ['widget_id']],
    [{ widget_id: '5e3c-a1' }, ['widget_id']],
    [{ widget_id: { id: 1 } }, ['widget_id']],
    [{ widget_filters: 'product_cat' }, ['widget_filters']],
    [{ widget_filters: 3 }, ['widget_filters']],
    [{ pagination_base_url: '/gear/' }, ['pagination_base_url']],
    [{ pagination_base_url: 'not a url' }, ['pagination_base_url']],
    [{ post_id: '', widget_id: '', pagination_base_url: 7 }, ['post_id', 'widget_id', 'pagination_base_url']],
  ])('400 rest_invalid_param for %j', (change, params) => {
    expect(refreshLoopAnswer({ ...valid, ...change }, ORIGIN)).toEqual({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${params.join(', ')}`,
        data: {
          status: 400,
          params: Object.fromEntries(params.map((p) => [p, 'Invalid parameter.'])),
          details: {},
        },
      },
    });
  });

  it('takes a post id given as a numeric string', () => {
    expect(refreshLoopAnswer({ ...valid, post_id: String(GEAR.postId) }, ORIGIN).status).toBe(200);
  });

  it.each([[{ post_id: 1 }], [{ widget_id: 'abcdefg' }], [{ widget_id: GEAR.categoryFilterId }]])(
    '401 rest_forbidden for a post or widget that is not this grid: %j',
    (change) => {
      expect(refreshLoopAnswer({ ...valid, ...change }, ORIGIN)).toEqual({
        status: 401,
        body: {
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status: 401 },
        },
      });
    },
  );

  it('survives hostile filters: odd shapes are ignored, unknown taxonomies find nothing', () => {
    const odd = [
      { taxonomy: { product_cat: 'football' } },
      { taxonomy: { product_cat: { terms: 'football' } } },
      { taxonomy: { product_cat: { terms: [1, null, { a: 1 }] } } },
      { taxonomy: 'x' },
      { taxonomy: { logicalJoin: 'OR' } },
    ];
    for (const widget_filters of odd) {
      const answer = refreshLoopAnswer({ ...valid, widget_filters }, ORIGIN);
      expect(answer.status).toBe(200);
    }
    const unknown = refreshLoopAnswer(
      { ...valid, widget_filters: { taxonomy: { 'pa_<b>': { terms: ['"><script>'] } } } },
      ORIGIN,
    );
    const data = (unknown.body as { data: string }).data;
    expect(data).toContain('No products were found matching your selection.');
    expect(data).not.toContain('<script');
  });
});
