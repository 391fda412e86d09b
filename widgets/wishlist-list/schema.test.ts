import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { WishlistListPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { html: '<ul class="commercekit-wishlist-list"></ul>' };

describe('wishlist-list props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(WishlistListPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(WishlistListPropsSchema, MINIMAL);
  });

  it('takes the page printed as a string ("2")', () => {
    expect(WishlistListPropsSchema.parse({ ...MINIMAL, wpage: '2' }).wpage).toBe(2);
  });
});
