import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { overlayConfigShape, parseOverlayConfig } from './schema';

const schema = z.object(overlayConfigShape);
const product = {
  id: 15,
  name: 'Pro Match Football',
  permalink: '/product/pro-match-football/',
  image: '/demo-assets/img/pro-match-football.svg',
  category: 'Balls',
  price: '<span class="amount">€25.00</span>',
  type: 'simple',
  rating_count: 3,
  average_rating: 4.5,
  icon: '',
  icon_variable: '',
};

describe('overlayConfigShape', () => {
  it('has exactly the contract fields, from recentSearches to promoBannerLocation', () => {
    expect(Object.keys(overlayConfigShape)).toEqual([
      'recentSearches',
      'recentSearchesTitle',
      'keywords',
      'keywordsLabel',
      'selectedCategories',
      'selectedCategoriesLabel',
      'selectedCategoriesLocation',
      'selectedCategoriesCount',
      'selectedProducts',
      'selectedProductsLabel',
      'promoBannerImage',
      'promoBannerLink',
      'promoBannerLocation',
    ]);
  });

  it('applies the defaults when nothing is configured', () => {
    expect(parseOverlayConfig({})).toEqual({
      recentSearches: false,
      recentSearchesTitle: 'Recent searches',
      keywords: false,
      keywordsLabel: 'Popular searches',
      selectedCategories: [],
      selectedCategoriesLabel: 'Categories',
      selectedCategoriesLocation: 'top',
      selectedCategoriesCount: true,
      selectedProducts: [],
      selectedProductsLabel: 'Featured products',
      promoBannerImage: '',
      promoBannerLink: '',
      promoBannerLocation: 'bottom',
    });
  });

  it('reads what PHP prints for absent values as the defaults', () => {
    const absent = parseOverlayConfig({
      recentSearches: null,
      recentSearchesTitle: '',
      keywords: false,
      keywordsLabel: false,
      selectedCategories: [],
      selectedCategoriesLabel: null,
      selectedCategoriesLocation: '',
      selectedCategoriesCount: null,
      selectedProducts: false,
      selectedProductsLabel: '  ',
      promoBannerImage: false,
      promoBannerLink: null,
      promoBannerLocation: false,
    });
    expect(absent).toEqual(parseOverlayConfig({}));
  });

  it('reads flags as the settings print them', () => {
    for (const on of [true, 1, '1', 'yes', 'on'])
      expect(parseOverlayConfig({ recentSearches: on }).recentSearches).toBe(true);
    for (const off of [false, 0, '0', '', 'no'])
      expect(parseOverlayConfig({ recentSearches: off, selectedCategoriesCount: off })).toMatchObject({
        recentSearches: false,
        selectedCategoriesCount: false,
      });
  });

  it('reads numbers printed as strings, and lists printed as objects', () => {
    const config = parseOverlayConfig({
      selectedCategories: {
        0: { name: 'Boots', url: '/boots/', count: '12' },
        2: { name: 'Balls', url: '/balls/' },
      },
      selectedProducts: [{ ...product, id: '15', rating_count: '3', average_rating: '4.50' }],
    });
    expect(config.selectedCategories).toEqual([
      { name: 'Boots', url: '/boots/', count: 12 },
      { name: 'Balls', url: '/balls/', count: 0 },
    ]);
    expect(config.selectedProducts[0]).toMatchObject({ id: 15, rating_count: 3, average_rating: 4.5 });
  });

  it('fills a product in', () => {
    const [parsed] = parseOverlayConfig({
      selectedProducts: [
        { id: 7, name: 'Gloves', permalink: '/gloves/', image: false, price: null, type: '' },
      ],
    }).selectedProducts;
    expect(parsed).toEqual({
      id: 7,
      name: 'Gloves',
      permalink: '/gloves/',
      image: '',
      category: '',
      price: '',
      type: 'simple',
      rating_count: 0,
      average_rating: 0,
      icon: '',
      icon_variable: '',
    });
  });

  it('clamps ratings to 0..5', () => {
    const rated = (average_rating: unknown) =>
      parseOverlayConfig({ selectedProducts: [{ ...product, average_rating }] }).selectedProducts[0]!
        .average_rating;
    expect(rated(9)).toBe(5);
    expect(rated('-2')).toBe(0);
    expect(rated(3.25)).toBe(3.25);
    expect(schema.safeParse({ selectedProducts: [{ ...product, average_rating: 'high' }] }).success).toBe(
      false,
    );
  });

  it.each([
    ['rating_count', -1],
    ['rating_count', 1.5],
    ['id', 0],
    ['id', -3],
    ['id', 'abc'],
  ])('refuses a product %s of %s', (field, value) => {
    expect(schema.safeParse({ selectedProducts: [{ ...product, [field]: value }] }).success).toBe(false);
  });

  it('refuses a negative or fractional category count', () => {
    for (const count of [-1, 2.5, 'many'])
      expect(
        schema.safeParse({ selectedCategories: [{ name: 'Boots', url: '/boots/', count }] }).success,
      ).toBe(false);
  });

  it('refuses unknown locations', () => {
    expect(schema.safeParse({ promoBannerLocation: 'left' }).success).toBe(false);
    expect(schema.safeParse({ selectedCategoriesLocation: 'middle' }).success).toBe(false);
  });

  const HOSTILE = ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>'];
  it.each(HOSTILE)('refuses %s in every URL field, naming it', (url) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ promoBannerImage: url }, 'promoBannerImage'],
      [{ promoBannerLink: url }, 'promoBannerLink'],
      [{ selectedCategories: [{ name: 'x', url }] }, 'url'],
      [{ selectedProducts: [{ ...product, permalink: url }] }, 'permalink'],
      [{ selectedProducts: [{ ...product, image: url }] }, 'image'],
    ];
    for (const [input, field] of cases) {
      const result = schema.safeParse(input);
      expect(result.success, field).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toContain(field);
    }
  });

  it('takes relative and absolute http(s) URLs', () => {
    expect(
      schema.safeParse({
        promoBannerImage: 'https://cdn.example.com/banner.jpg',
        promoBannerLink: '/sale/',
        selectedCategories: [{ name: 'x', url: 'http://shop.example/c/x/' }],
      }).success,
    ).toBe(true);
  });

  it('keeps price HTML as it is (it is sanitised when rendered)', () => {
    const price = '<span>€1</span><script>alert(1)</script>';
    expect(parseOverlayConfig({ selectedProducts: [{ ...product, price }] }).selectedProducts[0]!.price).toBe(
      price,
    );
  });
});
