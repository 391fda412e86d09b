import { describe, expect, it } from 'vitest';
import { buttonClassName, handlesInPage, offCartPage, requestData } from './model';

const BASE = 'button product_type_simple add_to_cart_button ajax_add_to_cart';

describe('requestData', () => {
  it('sends the data attributes without success_message, as strings (sample 07)', () => {
    expect(
      requestData({
        product_sku: 'BALL-001',
        product_id: 13,
        quantity: '2',
        success_message: '“Pro Match Football” has been added to your cart',
      }),
    ).toEqual({ product_sku: 'BALL-001', product_id: '13', quantity: '2' });
  });

  it('keeps other attributes a plugin added, drops undefined ones, and lets overrides win', () => {
    expect(
      requestData(
        { product_id: '13', quantity: '1', gift_wrap: 'yes', nothing: undefined },
        { quantity: '4' },
      ),
    ).toEqual({
      product_id: '13',
      quantity: '4',
      gift_wrap: 'yes',
    });
  });
});

describe('handlesInPage', () => {
  it('handles an ajax_add_to_cart link with a product_id', () => {
    expect(handlesInPage('link', BASE, '13')).toBe(true);
    expect(handlesInPage('link', BASE, 13)).toBe(true);
  });

  it.each([undefined, '', ' ', '0'])('falls through without a product_id (%j)', (id) => {
    expect(handlesInPage('link', BASE, id)).toBe(false);
    expect(handlesInPage('submit', 'single_add_to_cart_button button alt', id)).toBe(false);
  });

  it("falls through for links that are not ajax_add_to_cart ('Read more', 'Select options')", () => {
    expect(handlesInPage('link', 'button product_type_simple', '15')).toBe(false);
    expect(handlesInPage('link', 'button product_type_variable add_to_cart_button', '18')).toBe(false);
    expect(handlesInPage('link', 'button not_ajax_add_to_cart', '13')).toBe(false);
  });

  it("handles a product form's submit button with a product_id, whatever its classes", () => {
    expect(handlesInPage('submit', 'single_add_to_cart_button button alt', '16')).toBe(true);
  });
});

describe('buttonClassName', () => {
  it("adds 'loading' while an add is in flight, and drops 'added'", () => {
    expect(buttonClassName(BASE, { pending: 0, added: false })).toBe(BASE);
    expect(buttonClassName(BASE, { pending: 1, added: false })).toBe(`${BASE} loading`);
    expect(buttonClassName(BASE, { pending: 3, added: true })).toBe(`${BASE} loading`);
  });

  it("is 'added' once the last add succeeded", () => {
    expect(buttonClassName(BASE, { pending: 0, added: true })).toBe(`${BASE} added`);
  });

  it("never repeats the markers the server's classes already carry", () => {
    expect(buttonClassName(`${BASE} added loading`, { pending: 0, added: false })).toBe(BASE);
    expect(buttonClassName(`  ${BASE}  added `, { pending: 0, added: true })).toBe(`${BASE} added`);
  });
});

describe('offCartPage', () => {
  it("reads WooCommerce's is_cart ('1' on the cart page, '' elsewhere)", () => {
    expect(offCartPage('')).toBe(true);
    expect(offCartPage('1')).toBe(false);
    expect(offCartPage(true)).toBe(false);
    expect(offCartPage(false)).toBe(true);
    expect(offCartPage('0')).toBe(true);
  });
});
