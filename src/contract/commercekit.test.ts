// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  isCommercekitSuccess,
  WaitlistResponseSchema,
  WishlistAddToCartResponseSchema,
  WishlistResponseSchema,
} from './commercekit';

describe('CommerceKit response schemas', () => {
  it('reads a wishlist answer, html defaulting to an empty string', () => {
    expect(WishlistResponseSchema.parse({ status: 1, html: '<a>x</a>', message: 'Added' })).toEqual({
      status: 1,
      html: '<a>x</a>',
      message: 'Added',
    });
    expect(WishlistResponseSchema.parse({ status: 0, message: 'Cannot add' }).html).toBe('');
  });

  it.each([
    ['no message', { status: 1, html: '' }],
    ['a status of the wrong type', { status: null, html: '', message: 'x' }],
    ['html that is not a string', { status: 1, html: 3, message: 'x' }],
    ['an array', []],
    ["admin-ajax's '0'", 0],
  ])('refuses %s', (_case, body) => {
    expect(WishlistResponseSchema.safeParse(body).success).toBe(false);
  });

  it('reads the add-to-cart and waitlist answers', () => {
    expect(WishlistAddToCartResponseSchema.parse({ message: 'Added to cart' })).toEqual({
      message: 'Added to cart',
    });
    expect(WishlistAddToCartResponseSchema.safeParse({ status: 1 }).success).toBe(false);
    expect(WaitlistResponseSchema.parse({ status: '0', message: 'Error' })).toEqual({
      status: '0',
      message: 'Error',
    });
    expect(WaitlistResponseSchema.safeParse({ message: 'Error' }).success).toBe(false);
  });

  it.each([
    [1, true],
    ['1', true],
    [' 1 ', true],
    [0, false],
    ['0', false],
    [2, false],
    ['', false],
    [undefined, false],
  ])('status %j is success: %s', (status, expected) => {
    expect(isCommercekitSuccess(status)).toBe(expected);
  });
});
