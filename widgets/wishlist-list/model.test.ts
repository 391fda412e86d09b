// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionOf, focusIndexAfterRemoval, positiveInt, replacesList, WISHLIST_POPUP_MS } from './model';

describe('wishlist page rules', () => {
  it('shows messages for 2000 ms', () => {
    expect(WISHLIST_POPUP_MS).toBe(2000);
  });

  it.each([
    ['button wishlist-remove commercekit-remove-wishlist2', 'remove'],
    ['commercekit-remove-wishlist2 wsl-remove', 'remove'],
    ['button commercekit-wishlist-cart', 'add-to-cart'],
    ['commercekit-wishlist-cart', 'add-to-cart'],
    ['commercekit-remove-wishlist', null],
    ['commercekit-wishlist-cart-form', null],
    ['button', null],
    ['', null],
  ])('classes %j → %j', (className, expected) => {
    expect(actionOf(className)).toBe(expected);
  });

  it.each([
    ['13', 13],
    [' 2 ', 2],
    ['0', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('positiveInt(%j) → %j', (value, expected) => {
    expect(positiveInt(value)).toBe(expected);
  });

  it('replaces the list only on status 1 with html', () => {
    expect(replacesList({ status: 1, html: '<ul></ul>', message: '' })).toBe(true);
    expect(replacesList({ status: '1', html: '<p>Empty</p>', message: '' })).toBe(true);
    expect(replacesList({ status: 0, html: '<ul></ul>', message: '' })).toBe(false);
    expect(replacesList({ status: 1, html: '', message: '' })).toBe(false);
  });

  it.each([
    [0, 2, 0],
    [1, 2, 1],
    [2, 2, 1],
    [5, 3, 2],
    [-1, 3, 0],
    [0, 0, null],
    [3, 0, null],
  ])('after removing item %i with %i left, the focus goes to remove control %j', (index, left, expected) => {
    expect(focusIndexAfterRemoval(index, left)).toBe(expected);
  });
});
