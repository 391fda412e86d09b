// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { categoryFinderProps } from '../../demo/discovery/category-finder';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { CategoryFinderPropsSchema } from './schema';

const TREE = {
  '30': { id: 30, title: 'Running', children: [31], url: '/product-category/running/' },
  '31': { id: 31, title: 'Running Shoes', children: [], url: '' },
};
/** The props with only what is required. */
const MINIMAL = { idPrefix: 'finder', rootCategoryIds: [30], categories: TREE };

const refusal = (props: Record<string, unknown>) => {
  const result = CategoryFinderPropsSchema.safeParse(props);
  return result.success ? null : describeIssue(result.error);
};

describe('category-finder props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(CategoryFinderPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null or false, naming it ([] is no categories)', () => {
    expectRequiredStillRequired(CategoryFinderPropsSchema, MINIMAL, {
      rootCategoryIds: [[]],
      categories: [[]],
    });
    expect(
      CategoryFinderPropsSchema.parse({ ...MINIMAL, rootCategoryIds: [], categories: [] }),
    ).toMatchObject({
      rootCategoryIds: [],
      categories: {},
    });
  });

  it('gives the defaults', () => {
    expect(CategoryFinderPropsSchema.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      selectedIds: [],
      defaultOptionTitle: 'Select a category',
      label: 'Category',
      submitLabel: 'Go',
    });
  });

  it('reads ids printed as strings, and a url of null or false as no page', () => {
    const parsed = CategoryFinderPropsSchema.parse({
      ...MINIMAL,
      rootCategoryIds: ['30'],
      selectedIds: ['30', 31],
      categories: {
        '30': { id: '30', title: 'Running', children: ['31'], url: null },
        '31': { id: 31, title: 'Running Shoes', children: [], url: false },
      },
    });
    expect(parsed.rootCategoryIds).toEqual([30]);
    expect(parsed.selectedIds).toEqual([30, 31]);
    expect(parsed.categories['30']).toEqual({ id: 30, title: 'Running', children: [31], url: '' });
    expect(parsed.categories['31']?.url).toBe('');
  });

  it('takes the demo store props', () => {
    expect(CategoryFinderPropsSchema.safeParse(categoryFinderProps({ selectedIds: [30, 31] })).success).toBe(
      true,
    );
  });

  it('keeps ids that the map does not hold (the island ignores them)', () => {
    expect(
      refusal({
        ...MINIMAL,
        rootCategoryIds: [30, 999],
        selectedIds: [998],
        categories: { ...TREE, '31': { ...TREE['31'], children: [997] } },
      }),
    ).toBeNull();
  });

  it('accepts a cycle (the island never loops on it)', () => {
    const cyclic = { ...TREE, '31': { ...TREE['31'], children: [30] } };
    expect(refusal({ ...MINIMAL, categories: cyclic })).toBeNull();
  });
});

describe('category-finder props refused (the fallback stays), naming the field', () => {
  it.each([
    ['idPrefix', { idPrefix: '1finder' }],
    ['idPrefix', { idPrefix: 'a b' }],
    ['idPrefix', { idPrefix: '' }],
    ['rootCategoryIds.0', { rootCategoryIds: [0] }],
    ['rootCategoryIds.0', { rootCategoryIds: [-30] }],
    ['rootCategoryIds.0', { rootCategoryIds: [30.5] }],
    ['rootCategoryIds.0', { rootCategoryIds: ['thirty'] }],
    ['rootCategoryIds', { rootCategoryIds: 30 }],
    ['selectedIds.1', { selectedIds: [30, null] }],
    ['selectedIds', { selectedIds: '30' }],
    ['categories', { categories: 'x' }],
    ['categories', { categories: [TREE['30']] }],
    ['categories.x', { categories: { ...TREE, x: TREE['30'] } }],
    ['categories.0', { categories: { '0': { ...TREE['30'], id: 0 } } }],
    ['categories', { categories: { '30': TREE['31'] } }],
    ['categories.30.title', { categories: { ...TREE, '30': { ...TREE['30'], title: '' } } }],
    ['categories.30.title', { categories: { ...TREE, '30': { ...TREE['30'], title: null } } }],
    ['categories.30.children', { categories: { ...TREE, '30': { ...TREE['30'], children: null } } }],
    ['categories.30.children.0', { categories: { ...TREE, '30': { ...TREE['30'], children: [-1] } } }],
    ['categories.30.url', { categories: { ...TREE, '30': { ...TREE['30'], url: 'javascript:alert(1)' } } }],
    ['categories.30.url', { categories: { ...TREE, '30': { ...TREE['30'], url: 'data:text/html,x' } } }],
    ['categories.30.id', { categories: { ...TREE, '30': { ...TREE['30'], id: undefined } } }],
    ['defaultOptionTitle', { defaultOptionTitle: '' }],
    ['label', { label: '' }],
    ['submitLabel', { submitLabel: '' }],
  ])('%s: %j', (field, change) => {
    expect(refusal({ ...MINIMAL, ...change })?.field).toBe(field);
  });
});
