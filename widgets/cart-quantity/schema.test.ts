import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { CartQuantityPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {
  name: 'cart[c4ca42][qty]',
  id: 'quantity_c4ca42',
  value: 2,
  label: 'Pro Match Football quantity',
  productName: 'Pro Match Football',
};

describe('cart-quantity props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(CartQuantityPropsSchema, MINIMAL, { min: [null], max: [null] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(CartQuantityPropsSchema, MINIMAL);
  });

  it('takes the input attributes PHP prints: max "" for none, numbers or strings', () => {
    const parsed = CartQuantityPropsSchema.parse({ ...MINIMAL, value: '2', min: '0', max: '', step: '1' });
    expect(parsed).toMatchObject({ value: '2', min: '0', max: '', step: '1' });
  });
});
