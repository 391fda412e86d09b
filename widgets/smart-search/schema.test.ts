import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent } from '../../src/contract/props-testing';
import { SmartSearchPropsSchema } from './schema';

const MINIMAL = { id: '1' };
const parse = (props: Record<string, unknown>) => SmartSearchPropsSchema.safeParse({ ...MINIMAL, ...props });
const data = (props: Record<string, unknown> = {}) => {
  const result = parse(props);
  if (!result.success) throw new Error(JSON.stringify(describeIssue(result.error)));
  return result.data;
};
const refused = (props: Record<string, unknown>) => {
  const result = parse(props);
  expect(result.success, JSON.stringify(props)).toBe(false);
  return result.success ? '' : describeIssue(result.error).field;
};

describe('smart-search props', () => {
  it('has the plugin’s defaults (§3, §9) and ours', () => {
    expect(data()).toMatchObject({
      id: '1',
      layout: 'default',
      columns: 1,
      productSlug: 'product',
      popupHeight: 500,
      popupHeightMobile: 400,
      charCount: 3,
      disableAjax: false,
      noResultsText: '',
      preventBadQueries: true,
      fullScreenMode: '',
      placeholder: 'Search for products…',
      recentSearches: false,
      keywords: false,
      selectedCategories: [],
      selectedProducts: [],
      restUrl: '/wp-json/ysm/v1/search',
      homeUrl: '/',
      query: '',
      label: 'Search for:',
      submitLabel: 'Search',
      viewAllLabel: 'View all',
    });
    expect(data().idPrefix).toBeUndefined();
  });

  it('takes the widget id as PHP prints it: a number or a word', () => {
    expect(data({ id: 12 }).id).toBe('12');
    expect(data({ id: 'product' }).id).toBe('product');
    expect(data({ id: 'default' }).id).toBe('default');
    for (const id of [undefined, null, false, [], '', '1 2', 'a"b', 1.5, '<x>'])
      expect(refused({ id })).toBe('id');
  });

  it('reads numbers, flags and texts as PHP and the plugin’s settings print them', () => {
    expect(
      data({ columns: '3', charCount: '2', popupHeight: '450.5', popupHeightMobile: 300 }),
    ).toMatchObject({
      columns: 3,
      charCount: 2,
      popupHeight: 450.5,
      popupHeightMobile: 300,
    });
    expect(data({ disableAjax: '1', preventBadQueries: '' })).toMatchObject({
      disableAjax: true,
      preventBadQueries: false,
    });
    expect(data({ disableAjax: 'yes', preventBadQueries: 0 })).toMatchObject({
      disableAjax: true,
      preventBadQueries: false,
    });
    expect(data({ disableAjax: null, preventBadQueries: null })).toMatchObject({
      disableAjax: false,
      preventBadQueries: true,
    });
    // An emptied text setting means its default.
    expect(data({ layout: '', placeholder: '', label: '', productSlug: '' })).toMatchObject({
      layout: 'default',
      placeholder: 'Search for products…',
      label: 'Search for:',
      productSlug: 'product',
    });
    expect(
      data({ layout: 'product', fullScreenMode: 'desktop_only', noResultsText: 'Nothing' }),
    ).toMatchObject({
      layout: 'product',
      fullScreenMode: 'desktop_only',
      noResultsText: 'Nothing',
    });
  });

  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(SmartSearchPropsSchema, MINIMAL, {
      disableAjax: [false],
      preventBadQueries: [false],
      recentSearches: [false],
      keywords: [false],
      selectedCategoriesCount: [false],
    });
  });

  it('refuses what would break the widget, naming the prop', () => {
    expect(refused({ layout: 'grid' })).toBe('layout');
    expect(refused({ columns: 0 })).toBe('columns');
    expect(refused({ columns: 1.5 })).toBe('columns');
    expect(refused({ charCount: -1 })).toBe('charCount');
    expect(refused({ popupHeight: 0 })).toBe('popupHeight');
    expect(refused({ fullScreenMode: 'always' })).toBe('fullScreenMode');
    expect(refused({ idPrefix: '1abc' })).toBe('idPrefix');
    expect(refused({ restUrl: 'javascript:alert(1)' })).toBe('restUrl');
    expect(refused({ homeUrl: 'data:text/html,x' })).toBe('homeUrl');
    expect(refused({ promoBannerLink: 'javascript:alert(1)' })).toBe('promoBannerLink');
  });

  it('spreads the overlay’s extras (widgets/smart-search/extras/schema.ts)', () => {
    expect(
      data({
        fullScreenMode: 'enable',
        recentSearches: '1',
        keywords: true,
        selectedCategories: [{ name: 'Boots', url: '/boots/', count: '12' }],
        promoBannerImage: '/banner.svg',
      }),
    ).toMatchObject({
      recentSearches: true,
      keywords: true,
      selectedCategories: [{ name: 'Boots', url: '/boots/', count: 12 }],
      promoBannerImage: '/banner.svg',
      promoBannerLocation: 'bottom',
    });
  });
});
