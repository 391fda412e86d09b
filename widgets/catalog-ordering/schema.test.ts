import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { CatalogOrderingPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {
  options: [
    ['menu_order', 'Default sorting'],
    ['price', 'Sort by price: low to high'],
  ],
};

const refused = (props: unknown) => {
  const result = CatalogOrderingPropsSchema.safeParse(props);
  if (result.success) throw new Error(`taken: ${JSON.stringify(props)}`);
  return describeIssue(result.error).field;
};

describe('catalog-ordering props', () => {
  it('fills in the defaults of the contract', () => {
    expect(CatalogOrderingPropsSchema.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      selected: '',
      label: 'Shop order',
      submitLabel: 'Sort',
      hiddenFields: {},
    });
  });

  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(CatalogOrderingPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(CatalogOrderingPropsSchema, MINIMAL);
  });

  it('refuses options that are not [value, label] pairs of non-empty texts, naming options', () => {
    expect(refused({ options: { menu_order: 'Default sorting' } })).toMatch(/^options/);
    expect(refused({ options: [['menu_order']] })).toMatch(/^options/);
    expect(refused({ options: [['', 'Nothing']] })).toMatch(/^options/);
    expect(refused({ options: [['price', '']] })).toMatch(/^options/);
    expect(refused({ options: [['price', 3]] })).toMatch(/^options/);
  });

  it('refuses empty labels and hidden fields that are not texts', () => {
    expect(refused({ ...MINIMAL, label: '' })).toBe('label');
    expect(refused({ ...MINIMAL, submitLabel: '' })).toBe('submitLabel');
    expect(refused({ ...MINIMAL, hiddenFields: { s: ['a'] } })).toMatch(/^hiddenFields/);
    expect(refused({ ...MINIMAL, hiddenFields: 'a=b' })).toMatch(/^hiddenFields/);
  });

  it('takes any selected text (an unknown one means the first option, in the island)', () => {
    expect(CatalogOrderingPropsSchema.parse({ ...MINIMAL, selected: '<b>nope</b>' }).selected).toBe(
      '<b>nope</b>',
    );
  });

  it('keeps hidden fields in their order; a `__proto__` key is dropped, the prototype untouched', () => {
    const props = JSON.parse(
      '{"options":[["a","A"]],"hiddenFields":{"s":"boots","__proto__":"x","post_type":"product"}}',
    ) as unknown;
    const { hiddenFields } = CatalogOrderingPropsSchema.parse(props);
    expect(Object.entries(hiddenFields)).toEqual([
      ['s', 'boots'],
      ['post_type', 'product'],
    ]);
    expect(Object.getPrototypeOf(hiddenFields)).toBe(Object.prototype);
  });
});
