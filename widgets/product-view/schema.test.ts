import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ProductViewPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { productId: 42, name: 'Junior Football Boots', price: 39.99, type: 'variable' };

describe('product-view props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ProductViewPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ProductViewPropsSchema, MINIMAL);
  });

  it('takes the price and id as PHP prints them ("39.99", "42"), and refuses a wrong price', () => {
    expect(ProductViewPropsSchema.parse({ ...MINIMAL, productId: '42', price: '39.99' })).toEqual(
      ProductViewPropsSchema.parse(MINIMAL),
    );
    const wrong = ProductViewPropsSchema.safeParse({ ...MINIMAL, price: '39,99' });
    expect(wrong.success || describeIssue(wrong.error).field).toBe('price');
  });
});
