import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { SaleBadgePropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { productId: 42 };

describe('sale-badge props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(SaleBadgePropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(SaleBadgePropsSchema, MINIMAL);
  });

  it('takes numbers printed as strings ("42", "5000")', () => {
    expect(SaleBadgePropsSchema.parse({ productId: '42', timeout: '5000' })).toMatchObject({
      productId: 42,
      timeout: 5000,
    });
  });
});
