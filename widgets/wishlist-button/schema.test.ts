import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { WishlistButtonPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {
  productId: 13,
  html: '<a href="#" class="commercekit-save-wishlist" data-product-id="13">Save</a>',
};

describe('wishlist-button props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(WishlistButtonPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(WishlistButtonPropsSchema, MINIMAL);
  });
});
