import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { CartDrawerPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { checkoutUrl: '/checkout/' };

describe('cart-drawer props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(CartDrawerPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(CartDrawerPropsSchema, MINIMAL);
  });
});
