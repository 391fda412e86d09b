import { describe, expect, it } from 'vitest';
import {
  activeCount,
  ALL_TERMS,
  filterJoin,
  filterKey,
  filtersOf,
  formatTerms,
  linkedPage,
  operatorOf,
  pageKey,
  parseTerms,
  QUERY,
  queryKey,
  readFilters,
  readPage,
  readQuery,
  sameQuery,
  separatorOf,
  TAXONOMY,
  templateIdOf,
  TERM_SLUG,
  toggleTerm,
  WIDGET_ID,
  widgetFilters,
  withJoins,
  withTerms,
  writeQuery,
  type Filters,
  type GridQuery,
} from './model';

const GRID = '5e3c2a1';

describe('joins, separators and operators (§5, §9)', () => {
  it('has the spec separators and operators', () => {
    expect(QUERY).toEqual({
      AND: { separator: '+', operator: 'AND' },
      OR: { separator: '~', operator: 'IN' },
      NOT: { separator: '!', operator: 'NOT IN' },
    });
  });

  it.each([
    [true, 'AND', 'AND'],
    [true, 'OR', 'OR'],
    [true, 'NOT', 'DISABLED'],
    [true, 'and', 'DISABLED'],
    [true, '', 'DISABLED'],
    [true, null, 'DISABLED'],
    [true, undefined, 'DISABLED'],
    [true, 1, 'DISABLED'],
    [false, 'AND', 'DISABLED'],
    [false, 'OR', 'DISABLED'],
  ])('multiple %s with join %j is %s', (multiple, join, expected) => {
    expect(filterJoin(multiple, join)).toBe(expected);
  });

  it.each([
    ['AND', 'AND'],
    ['OR', 'IN'],
    ['NOT', 'NOT IN'],
    ['DISABLED', null],
    ['XOR', null],
    ['', null],
    [null, null],
    ['or', null],
  ])('operator of %j is %j', (join, operator) => {
    expect(operatorOf(join)).toBe(operator);
  });

  it.each([
    ['AND', '+'],
    ['OR', '~'],
    ['NOT', '!'],
    ['DISABLED', '+'],
  ] as const)('separator of %s is %s', (join, separator) => {
    expect(separatorOf(join)).toBe(separator);
  });
});

describe('identifiers', () => {
  it('keys the filters and the page by the grid id', () => {
    expect(filterKey(GRID, 'product_cat')).toBe('e-filter-5e3c2a1-product_cat');
    expect(pageKey(GRID)).toBe('e-page-5e3c2a1');
  });

  it.each(['5e3c2a1', 'abcdefg', '0000000'])('%s is a widget id', (id) =>
    expect(WIDGET_ID.test(id)).toBe(true),
  );
  it.each(['5e3c2a', '5e3c2a12', '5E3C2A1', '5e3c-a1', ''])('%j is not a widget id', (id) =>
    expect(WIDGET_ID.test(id)).toBe(false),
  );
  it.each(['product_cat', 'product_tag', 'pa_colour', 'category'])('%s is a taxonomy', (t) =>
    expect(TAXONOMY.test(t)).toBe(true),
  );
  it.each(['product-cat', 'Product_cat', '', 'a'.repeat(33), 'cat;'])('%j is not a taxonomy', (t) =>
    expect(TAXONOMY.test(t)).toBe(false),
  );
  it.each(['football', 'junior-boots', 'x_1', '%d0%b1', 'bäll'])('%s is a term slug', (s) =>
    expect(TERM_SLUG.test(s)).toBe(true),
  );
  it.each(['a+b', 'a~b', 'a!b', 'a b', '', '\t'])('%j is not a term slug', (s) =>
    expect(TERM_SLUG.test(s)).toBe(false),
  );
});

describe('parseTerms: a query value as the browser decodes it', () => {
  it.each([
    ['football', { terms: ['football'], join: 'DISABLED' }],
    ['football boots', { terms: ['football', 'boots'], join: 'AND' }],
    ['football+boots', { terms: ['football', 'boots'], join: 'AND' }],
    ['football~tennis', { terms: ['football', 'tennis'], join: 'OR' }],
    ['football!tennis', { terms: ['football', 'tennis'], join: 'NOT' }],
    ['football~', { terms: ['football'], join: 'OR' }],
    ['!junior', { terms: ['junior'], join: 'NOT' }],
    ['a~b~a', { terms: ['a', 'b'], join: 'OR' }],
    ['', { terms: [], join: 'DISABLED' }],
    ['  ', { terms: [], join: 'DISABLED' }],
  ])('%j', (value, expected) => {
    expect(parseTerms(value)).toEqual(expected);
  });
});

describe('formatTerms', () => {
  it('joins the terms with the separator written as itself', () => {
    expect(formatTerms(['football', 'tennis'], 'OR')).toBe('football~tennis');
    expect(formatTerms(['junior', 'waterproof'], 'AND')).toBe('junior+waterproof');
    expect(formatTerms(['junior', 'match'], 'NOT')).toBe('junior!match');
    expect(formatTerms(['junior'], 'DISABLED')).toBe('junior');
  });

  it('percent-encodes each term, so none can hold a separator or break the query', () => {
    expect(formatTerms(['a&b=c', 'd#e'], 'OR')).toBe('a%26b%3Dc~d%23e');
  });
});

describe('readFilters, readPage, readQuery', () => {
  it("reads this grid's filter arguments only", () => {
    const search =
      '?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior+waterproof' +
      '&e-filter-1111111-product_cat=balls&orderby=price&e-filter-5e3c2a1-bad-tax=x&e-filter-5e3c2a1-=y';
    expect(readFilters(search, GRID)).toEqual({
      product_cat: { terms: ['football', 'tennis'], join: 'OR' },
      product_tag: { terms: ['junior', 'waterproof'], join: 'AND' },
    });
  });

  it("skips an empty argument (Elementor's `e-filter-…-product_cat=`)", () => {
    expect(readFilters('e-filter-5e3c2a1-product_cat=', GRID)).toEqual({});
  });

  it('reads AND written as %2B, and decoded terms', () => {
    expect(readFilters('e-filter-5e3c2a1-product_tag=junior%2Bmatch', GRID)).toEqual({
      product_tag: { terms: ['junior', 'match'], join: 'AND' },
    });
    expect(readFilters('e-filter-5e3c2a1-product_cat=%C3%A4', GRID)).toEqual({
      product_cat: { terms: ['ä'], join: 'DISABLED' },
    });
  });

  it.each([
    ['', 1],
    ['e-page-5e3c2a1=3', 3],
    ['?e-page-5e3c2a1=12&e-page-1111111=2', 12],
    ['e-page-5e3c2a1=0', 1],
    ['e-page-5e3c2a1=-2', 1],
    ['e-page-5e3c2a1=2.5', 1],
    ['e-page-5e3c2a1=abc', 1],
    ['e-page-5e3c2a1=02', 1],
    ['e-page-1111111=4', 1],
  ])('page of %j is %d', (search, page) => {
    expect(readPage(search, GRID)).toBe(page);
  });

  it('reads both', () => {
    expect(readQuery('?e-filter-5e3c2a1-product_cat=balls&e-page-5e3c2a1=2', GRID)).toEqual({
      filters: { product_cat: { terms: ['balls'], join: 'DISABLED' } },
      page: 2,
    });
  });
});

describe('writeQuery', () => {
  const filters: Filters = {
    product_cat: { terms: ['football', 'tennis'], join: 'OR' },
    product_tag: { terms: ['junior', 'waterproof'], join: 'AND' },
  };

  it('writes the filters with their separators and the page', () => {
    expect(writeQuery('', GRID, { filters, page: 2 }, false)).toBe(
      '?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior+waterproof&e-page-5e3c2a1=2',
    );
  });

  it("keeps the page's other arguments and replaces the grid's own", () => {
    expect(
      writeQuery(
        '?orderby=price&e-filter-5e3c2a1-product_cat=balls&e-page-5e3c2a1=4&e-filter-1111111-product_cat=x&s=a+b',
        GRID,
        { filters: { product_cat: { terms: ['boots'], join: 'DISABLED' } }, page: 1 },
        true,
      ),
    ).toBe('?orderby=price&e-filter-1111111-product_cat=x&s=a+b&e-filter-5e3c2a1-product_cat=boots');
  });

  it('drops page and paged when the filters change (§2.3), keeps them for a page change', () => {
    const search = '?paged=3&page=2&x=1';
    expect(writeQuery(search, GRID, { filters, page: 1 }, true)).toBe(
      '?x=1&e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior+waterproof',
    );
    expect(writeQuery(search, GRID, { filters: {}, page: 2 }, false)).toBe(
      '?paged=3&page=2&x=1&e-page-5e3c2a1=2',
    );
  });

  it('gives "" when nothing is left', () => {
    expect(
      writeQuery(
        '?e-filter-5e3c2a1-product_cat=balls&e-page-5e3c2a1=2',
        GRID,
        { filters: {}, page: 1 },
        true,
      ),
    ).toBe('');
  });

  it('round-trips through the browser: what it writes reads back the same', () => {
    const cases: Filters[] = [
      {},
      { product_cat: { terms: ['football'], join: 'DISABLED' } },
      { product_cat: { terms: ['football', 'running-shoes', 'tennis'], join: 'OR' } },
      { product_tag: { terms: ['junior', 'waterproof'], join: 'AND' } },
      { product_tag: { terms: ['junior', 'match'], join: 'NOT' } },
      { pa_size: { terms: ['%d0%b1', 'ä', 'x&y'], join: 'OR' } },
      filters,
    ];
    for (const each of cases) {
      for (const page of [1, 2, 17]) {
        const search = writeQuery('?orderby=date', GRID, { filters: each, page }, false);
        // As the address bar has it, then as location.search gives it back.
        const url = new URL(`https://shop.example/gear/${search}`);
        expect(readQuery(url.search, GRID)).toEqual({ filters: each, page });
        expect(url.searchParams.get('orderby')).toBe('date');
      }
    }
  });
});

describe('toggleTerm (a press on a filter button)', () => {
  it("'All' clears the taxonomy", () => {
    expect(toggleTerm(['a', 'b'], ALL_TERMS, 'OR')).toEqual([]);
    expect(toggleTerm([], ALL_TERMS, 'DISABLED')).toEqual([]);
  });

  it('adds a term with AND or OR', () => {
    expect(toggleTerm(['a'], 'b', 'OR')).toEqual(['a', 'b']);
    expect(toggleTerm(['a'], 'b', 'AND')).toEqual(['a', 'b']);
    expect(toggleTerm([], 'a', 'AND')).toEqual(['a']);
  });

  it('replaces the selection when the join is disabled (one term at a time)', () => {
    expect(toggleTerm(['a'], 'b', 'DISABLED')).toEqual(['b']);
    expect(toggleTerm(['a', 'c'], 'b', 'DISABLED')).toEqual(['b']);
  });

  it('deselects a selected term, whatever the join', () => {
    expect(toggleTerm(['a', 'b'], 'a', 'OR')).toEqual(['b']);
    expect(toggleTerm(['a'], 'a', 'DISABLED')).toEqual([]);
    expect(toggleTerm(['a', 'b'], 'b', 'AND')).toEqual(['a']);
  });
});

describe('withTerms, withJoins, filtersOf', () => {
  const filters: Filters = {
    product_cat: { terms: ['a'], join: 'OR' },
    product_tag: { terms: ['x'], join: 'AND' },
  };

  it('sets a taxonomy in its place, adds a new one last, removes an emptied one', () => {
    expect(Object.keys(withTerms(filters, 'product_cat', ['a', 'b'], 'OR'))).toEqual([
      'product_cat',
      'product_tag',
    ]);
    expect(withTerms(filters, 'product_cat', ['a', 'b'], 'OR').product_cat).toEqual({
      terms: ['a', 'b'],
      join: 'OR',
    });
    expect(Object.keys(withTerms(filters, 'pa_size', ['m'], 'DISABLED'))).toEqual([
      'product_cat',
      'product_tag',
      'pa_size',
    ]);
    expect(withTerms(filters, 'product_cat', [], 'OR')).toEqual({ product_tag: filters.product_tag });
  });

  it('drops duplicate terms and terms that are not slugs', () => {
    expect(withTerms({}, 't', ['a', 'a', 'b c', '', 'd'], 'OR')).toEqual({
      t: { terms: ['a', 'd'], join: 'OR' },
    });
  });

  it("gives each taxonomy its filter widget's join", () => {
    const read: Filters = {
      product_cat: { terms: ['a'], join: 'DISABLED' },
      pa_size: { terms: ['m', 'l'], join: 'OR' },
    };
    expect(withJoins(read, { product_cat: 'OR', product_tag: 'AND' })).toEqual({
      product_cat: { terms: ['a'], join: 'OR' },
      pa_size: { terms: ['m', 'l'], join: 'OR' },
    });
  });

  it('reads widget_filters.taxonomy as filters', () => {
    expect(
      filtersOf({
        product_cat: { terms: ['a', 'b'], logicalJoin: 'OR' },
        product_tag: { terms: ['x'] },
        pa_size: { terms: [] },
        'bad-tax': { terms: ['y'] },
        pa_colour: { terms: ['red', 'blue'], logicalJoin: 'XOR' },
      }),
    ).toEqual({
      product_cat: { terms: ['a', 'b'], join: 'OR' },
      product_tag: { terms: ['x'], join: 'DISABLED' },
      pa_colour: { terms: ['red', 'blue'], join: 'DISABLED' },
    });
  });
});

describe('widgetFilters (the body of refresh-loop, §3 "Loop filter")', () => {
  it('is {} without filters', () => {
    expect(widgetFilters({})).toEqual({});
  });

  it('keys by filter type then taxonomy, with the join unless disabled', () => {
    expect(
      widgetFilters({
        product_cat: { terms: ['football', 'tennis'], join: 'OR' },
        product_tag: { terms: ['junior'], join: 'AND' },
        pa_size: { terms: ['m'], join: 'DISABLED' },
        pa_colour: { terms: ['red'], join: 'NOT' },
      }),
    ).toEqual({
      taxonomy: {
        product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' },
        product_tag: { terms: ['junior'], logicalJoin: 'AND' },
        pa_size: { terms: ['m'] },
        pa_colour: { terms: ['red'], logicalJoin: 'NOT' },
      },
    });
  });

  it('serialises to the JSON Elementor Pro sends', () => {
    expect(JSON.stringify(widgetFilters({ product_cat: { terms: ['a'], join: 'OR' } }))).toBe(
      '{"taxonomy":{"product_cat":{"terms":["a"],"logicalJoin":"OR"}}}',
    );
  });
});

describe('activeCount, queryKey, sameQuery', () => {
  it('counts the selected terms of every taxonomy', () => {
    expect(activeCount({})).toBe(0);
    expect(activeCount({ a: { terms: ['x', 'y'], join: 'OR' }, b: { terms: ['z'], join: 'DISABLED' } })).toBe(
      3,
    );
  });

  it('ignores the order of taxonomies and terms, and the join of a single term', () => {
    const a: GridQuery = {
      filters: { product_cat: { terms: ['b', 'a'], join: 'OR' }, product_tag: { terms: ['x'], join: 'AND' } },
      page: 1,
    };
    const b: GridQuery = {
      filters: {
        product_tag: { terms: ['x'], join: 'DISABLED' },
        product_cat: { terms: ['a', 'b'], join: 'OR' },
      },
      page: 1,
    };
    expect(queryKey(a)).toBe(queryKey(b));
    expect(sameQuery(a, b)).toBe(true);
  });

  it('tells pages, joins and terms apart', () => {
    const base: GridQuery = { filters: { t: { terms: ['a', 'b'], join: 'OR' } }, page: 1 };
    expect(sameQuery(base, { ...base, page: 2 })).toBe(false);
    expect(sameQuery(base, { filters: { t: { terms: ['a', 'b'], join: 'AND' } }, page: 1 })).toBe(false);
    expect(sameQuery(base, { filters: { t: { terms: ['a'], join: 'OR' } }, page: 1 })).toBe(false);
    expect(sameQuery(base, { filters: { u: { terms: ['a', 'b'], join: 'OR' } }, page: 1 })).toBe(false);
    expect(sameQuery({ filters: {}, page: 1 }, { filters: { t: { terms: [], join: 'OR' } }, page: 1 })).toBe(
      true,
    );
  });
});

describe('templateIdOf (theme_template_id, §2.1)', () => {
  it.each([
    ['?theme_template_id=4300', 4300],
    ['theme_template_id=1&x=2', 1],
    ['', null],
    ['?theme_template_id=', null],
    ['?theme_template_id=0', null],
    ['?theme_template_id=-4', null],
    ['?theme_template_id=12a', null],
    ['?theme_template_id=1"]%20,%20body', null],
    ['?theme_template_id=4.5', null],
    ['?theme_template_id=12345678901', null],
  ])('%j gives %j', (search, id) => {
    expect(templateIdOf(search)).toBe(id);
  });
});

describe('linkedPage (a pagination link of the grid)', () => {
  const here = 'https://shop.example/gear/?e-filter-5e3c2a1-product_cat=balls';
  it.each([
    ['/gear/?e-filter-5e3c2a1-product_cat=balls&e-page-5e3c2a1=2', 2],
    ['https://shop.example/gear/?e-page-5e3c2a1=7', 7],
    ['/gear/?e-filter-5e3c2a1-product_cat=balls', 1],
    ['?e-page-5e3c2a1=3', 3],
    ['https://elsewhere.example/gear/?e-page-5e3c2a1=2', null],
    ['/shop/?e-page-5e3c2a1=2', null],
    ['javascript:alert(1)', null],
    ['http://[bad', null],
  ])('%j → %j', (href, page) => {
    expect(linkedPage(href, here, GRID)).toBe(page);
  });
});
