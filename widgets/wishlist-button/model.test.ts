// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionOf, htmlAfter, productIdOf, typeOf, WISHLIST_POPUP_MS } from './model';

describe('wishlist control rules', () => {
  it('shows messages for 2000 ms', () => {
    expect(WISHLIST_POPUP_MS).toBe(2000);
  });

  it.each([
    ['commercekit-save-wishlist', 'save'],
    ['button commercekit-save-wishlist', 'save'],
    ['commercekit-remove-wishlist', 'remove'],
    ['  commercekit-remove-wishlist  wsl-remove', 'remove'],
    // The wishlist page's control is the list island's, not this one's.
    ['commercekit-remove-wishlist2', null],
    ['commercekit-browse-wishlist', null],
    ['commercekit-save-wishlist-form', null],
    ['', null],
  ])('classes %j → %j', (className, expected) => {
    expect(actionOf(className)).toBe(expected);
  });

  it.each([
    ['14', 14],
    [' 14 ', 14],
    ['0', 7],
    ['-3', 7],
    ['1.5', 7],
    ['abc', 7],
    ['', 7],
    [null, 7],
    [undefined, 7],
  ])('data-product-id %j → %j (fallback 7)', (attribute, expected) => {
    expect(productIdOf(attribute, 7)).toBe(expected);
  });

  it.each([
    ['page', 'list', 'page'],
    ['list', 'page', 'list'],
    [null, 'page', 'page'],
    [null, 'list', 'list'],
    ['grid', 'page', 'page'],
  ] as const)('data-type %j with fallback %j → type %j', (dataType, fallback, type) => {
    expect(typeOf(dataType, fallback)).toBe(type);
  });

  it('replaces the item only on status 1 with html to show', () => {
    expect(htmlAfter('old', { status: 1, html: 'new', message: '' })).toBe('new');
    expect(htmlAfter('old', { status: '1', html: 'new', message: '' })).toBe('new');
    expect(htmlAfter('old', { status: 0, html: 'new', message: '' })).toBe('old');
    expect(htmlAfter('old', { status: 1, html: '   ', message: '' })).toBe('old');
    expect(htmlAfter('old', { status: 'ok', html: 'new', message: '' })).toBe('old');
  });
});
