import { describe, expect, it } from 'vitest';
import { afterAnswer, announcements, outcomeOf, typedValues, uniqueNotices } from './model';

describe('the cart page’s answer', () => {
  it('is used when it has the totals, loads the page again when the cart is gone, else is refused', () => {
    expect(outcomeOf({ totals: true, emptyCart: false })).toBe('replace');
    expect(outcomeOf({ totals: true, emptyCart: true })).toBe('replace');
    expect(outcomeOf({ totals: false, emptyCart: true })).toBe('emptied');
    expect(outcomeOf({ totals: false, emptyCart: false })).toBe('malformed');
  });
});

describe('notices', () => {
  it('drops a notice whose text was already shown (cart.js remove_duplicate_notices), whitespace aside', () => {
    const notices = [
      { text: 'Shipping costs updated.' },
      { text: ' Shipping  costs\nupdated. ' },
      { text: 'Other' },
    ];
    expect(uniqueNotices(notices)).toEqual([notices[0], notices[2]]);
    expect(uniqueNotices([])).toEqual([]);
  });

  it('reads out what does not announce itself: errors assertively, the rest politely', () => {
    expect(
      announcements([
        { text: 'Shipping costs updated.', error: false, alert: false },
        { text: 'Please enter a valid postcode / ZIP.', error: true, alert: true },
        { text: 'A plugin’s error', error: true, alert: false },
        { text: '   ', error: false, alert: false },
      ]),
    ).toEqual([
      { message: 'Shipping costs updated.', politeness: 'polite' },
      { message: 'A plugin’s error', politeness: 'assertive' },
    ]);
  });
});

describe('after the answer', () => {
  it('costs updated: closed, the focus on the toggle; an error: open with what was typed, on Update', () => {
    expect(afterAnswer(false)).toEqual({ open: false, keepTyped: false, focus: 'toggle' });
    expect(afterAnswer(true)).toEqual({ open: true, keepTyped: true, focus: 'submit' });
  });
});

describe('typed values', () => {
  it('are the calculator’s four fields among the form’s entries', () => {
    expect(
      typedValues([
        ['calc_shipping_country', 'US'],
        ['calc_shipping_state', 'CA'],
        ['calc_shipping_city', 'Beverly Hills'],
        ['calc_shipping_postcode', '90210'],
        ['woocommerce-shipping-calculator-nonce', 'abc'],
        ['calc_shipping', '1'],
      ]),
    ).toEqual({ country: 'US', state: 'CA', city: 'Beverly Hills', postcode: '90210' });
  });

  it('are empty when the form does not have them (a theme without the city field)', () => {
    expect(typedValues([['calc_shipping_country', 'FR']])).toEqual({
      country: 'FR',
      state: '',
      city: '',
      postcode: '',
    });
  });
});
