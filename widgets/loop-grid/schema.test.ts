import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { LoopGridPropsSchema } from './schema';

const MINIMAL = { widgetId: '5e3c2a1', postId: 4242 };

describe('loop-grid props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(LoopGridPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(LoopGridPropsSchema, MINIMAL);
  });

  it('has the defaults', () => {
    expect(LoopGridPropsSchema.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      restUrl: '',
      paginationBaseUrl: '',
      filters: {},
      page: 1,
      timeout: 20_000,
    });
  });

  it('takes a post id and a page printed as strings', () => {
    expect(LoopGridPropsSchema.parse({ ...MINIMAL, postId: '4242', page: '3' })).toMatchObject({
      postId: 4242,
      page: 3,
    });
  });

  it.each([
    ['widgetId', 'ABCDEFG'],
    ['widgetId', '5e3c2a'],
    ['widgetId', '5e3c2a1"]'],
    ['postId', 0],
    ['page', 0],
    ['restUrl', 'javascript:alert(1)'],
    ['paginationBaseUrl', 'data:text/html,x'],
    ['filters', { 'bad-tax': { terms: ['a'] } }],
    ['filters', { product_cat: { terms: ['a b'] } }],
    ['filters', { product_cat: ['a'] }],
  ])('refuses %s %j', (field, value) => {
    const result = LoopGridPropsSchema.safeParse({ ...MINIMAL, [field]: value });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(field);
  });

  it('takes filters as widget_filters.taxonomy has them', () => {
    const filters = {
      product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' },
      product_tag: { terms: ['junior'] },
    };
    expect(LoopGridPropsSchema.parse({ ...MINIMAL, filters }).filters).toEqual(filters);
  });
});
