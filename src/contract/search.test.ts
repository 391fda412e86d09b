import { describe, expect, it } from 'vitest';
import { isSelectableSuggestion, SmartSearchResponseSchema } from './search';

const parse = (value: unknown) => SmartSearchResponseSchema.safeParse(value);
const ok = (value: unknown) => {
  const result = parse(value);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe('SmartSearchResponseSchema', () => {
  it('reads the plugin’s answer', () => {
    expect(
      ok({
        suggestions: [
          {
            value: 'Boots',
            data: '<a href="/p/">Boots</a>',
            url: '/product/boots/',
            id: 12,
            addToCart: '/?add-to-cart=12',
          },
        ],
        view_all_link:
          '<a class="smart-search-view-all" href="http://localhost:3000/?s=boots&#038;search_id=1&amp;post_type=product">View all</a>',
        keywords: ['Boots', 'football boots'],
      }),
    ).toEqual({
      suggestions: [
        {
          value: 'Boots',
          data: '<a href="/p/">Boots</a>',
          url: 'http://localhost:3000/product/boots/',
          id: 12,
          addToCart: 'http://localhost:3000/?add-to-cart=12',
        },
      ],
      view_all_link: 'http://localhost:3000/?s=boots&search_id=1&post_type=product',
      keywords: ['Boots', 'football boots'],
    });
  });

  it('reads the empty answer (no query)', () => {
    expect(ok({ suggestions: [], view_all_link: '', keywords: [] })).toEqual({
      suggestions: [],
      view_all_link: '',
      keywords: [],
    });
  });

  it('is tolerant where WordPress plugins are sloppy', () => {
    const data = ok({
      // A PHP array with gaps in its keys prints as an object.
      suggestions: {
        0: { data: 12, id: '-1' },
        2: { value: 3, data: 'x', id: 'abc', url: false, addToCart: true },
      },
      // view_all_link and keywords missing (older plugin versions).
    });
    expect(data).toEqual({
      suggestions: [
        { value: '', data: '12', id: -1, url: '', addToCart: '' },
        { value: '3', data: 'x', id: 0, url: '', addToCart: '' },
      ],
      view_all_link: '',
      keywords: [],
    });
    expect(
      ok({ suggestions: [], view_all_link: false, keywords: { 1: 'Balls', 3: 7, 4: '', 5: null } }),
    ).toMatchObject({
      view_all_link: '',
      keywords: ['Balls', '7'],
    });
    expect(ok({ suggestions: [], view_all_link: 'https://localhost:3000/?s=a b' }).view_all_link).toBe(
      'https://localhost:3000/?s=a%20b',
    );
    expect(
      ok({ suggestions: [], view_all_link: "<a href='/?s=x&amp;search_id=2'>All</a>" }).view_all_link,
    ).toBe('http://localhost:3000/?s=x&search_id=2');
  });

  it('keeps only http(s) URLs (a hostile one is dropped, the suggestion stays, unselectable)', () => {
    const { suggestions, view_all_link } = ok({
      suggestions: [
        { value: 'x', data: 'x', url: 'javascript:alert(1)', addToCart: 'data:text/html,<script>' },
        { value: 'y', data: 'y', url: ' java\tscript:alert(1)' },
      ],
      view_all_link: '<a href="javascript:alert(1)">View all</a>',
    });
    expect(suggestions.map((s) => [s.url, s.addToCart])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(view_all_link).toBe('');
    expect(ok({ suggestions: [], view_all_link: '<a class="x">no href</a>' }).view_all_link).toBe('');
  });

  it('is strict where the widget would break: suggestions must be a list of items with data', () => {
    expect(parse({}).success).toBe(false);
    expect(parse([]).success).toBe(false);
    expect(parse(null).success).toBe(false);
    expect(parse({ suggestions: 'none' }).success).toBe(false);
    expect(parse({ suggestions: [null] }).success).toBe(false);
    expect(parse({ suggestions: [{ value: 'no data' }] }).success).toBe(false);
    expect(parse({ suggestions: [{ data: { html: 'x' } }] }).success).toBe(false);
  });
});

describe('isSelectableSuggestion', () => {
  const base = { value: 'v', data: 'd', url: 'http://localhost:3000/p/', id: 3, addToCart: '' };
  it('is false for id -1 (§2.4) and for a suggestion with no URL to open', () => {
    expect(isSelectableSuggestion(base)).toBe(true);
    expect(isSelectableSuggestion({ ...base, id: 0 })).toBe(true);
    expect(isSelectableSuggestion({ ...base, id: -1 })).toBe(false);
    expect(isSelectableSuggestion({ ...base, url: '' })).toBe(false);
  });
});
