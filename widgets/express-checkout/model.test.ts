import { describe, expect, it } from 'vitest';
import { StoreCartSchema } from '../../src/contract/express';
import { sample } from '../checkout/test-support';
import {
  attributionExtensions,
  cartSheet,
  clickOptions,
  lineItems,
  orderAddress,
  shippingRates,
  splitName,
  walletAddress,
} from './model';

describe('the payment sheet', () => {
  it('lines: the gateway’s display items (a pending line kept at its amount), nothing nameless', () => {
    expect(
      lineItems([
        { label: 'Junior Football Boots', amount: 2999, pending: false },
        { label: 'Shipping', amount: 0, pending: true },
        { label: '  ', amount: 5, pending: false },
      ]),
    ).toEqual([
      { name: 'Junior Football Boots', amount: 2999 },
      { name: 'Shipping', amount: 0 },
    ]);
  });

  it('rates: one per id, named, never a negative amount', () => {
    expect(
      shippingRates([
        { id: 'flat_rate:1', displayName: 'Flat rate', detail: '', amount: 500 },
        { id: 'flat_rate:1', displayName: 'Again', detail: '', amount: 500 },
        { id: 'free_shipping:2', displayName: '', detail: '', amount: 0 },
        { id: 'odd', displayName: 'Odd', detail: '', amount: -1 },
      ]),
    ).toEqual([
      { id: 'flat_rate:1', displayName: 'Flat rate', amount: 500 },
      { id: 'free_shipping:2', displayName: 'free_shipping:2', amount: 0 },
    ]);
  });

  it('the cart’s sheet from the recorded Store API cart (sample 51)', () => {
    const cart = StoreCartSchema.parse(
      JSON.parse(sample('51-store-api-get-cart-before-checkout.response.body.json')),
    );
    const sheet = cartSheet(cart);
    expect(sheet.amount).toBe(cart.totals.total_price);
    expect(sheet.lineItems.length).toBeGreaterThanOrEqual(cart.items.length);
    expect(sheet.needsShipping).toBe(cart.needs_shipping);
  });

  it('the click’s options: e-mail always, phone when required, shipping with a rate to start with', () => {
    const sheet = {
      lineItems: [{ name: 'Ball', amount: 2499 }],
      shippingRates: [],
      amount: 2499,
      needsShipping: true,
    };
    expect(
      clickOptions(sheet, {
        phoneRequired: false,
        business: 'Sports Shop',
        pendingRate: { id: 'pending', displayName: 'Pending', amount: 0 },
      }),
    ).toEqual({
      emailRequired: true,
      phoneNumberRequired: false,
      lineItems: [{ name: 'Ball', amount: 2499 }],
      business: { name: 'Sports Shop' },
      shippingAddressRequired: true,
      shippingRates: [{ id: 'pending', displayName: 'Pending', amount: 0 }],
    });
    expect(
      clickOptions(
        { ...sheet, needsShipping: false },
        { phoneRequired: true, business: 'S', pendingRate: null },
      ),
    ).not.toHaveProperty('shippingAddressRequired');
  });
});

describe('the wallet’s answer', () => {
  it('a redacted address in WooCommerce’s names', () => {
    expect(walletAddress({ city: 'Dublin', state: 'D', postal_code: 'D02 X285', country: 'ie' })).toEqual({
      address_1: '',
      address_2: '',
      city: 'Dublin',
      state: 'D',
      country: 'IE',
      postcode: 'D02 X285',
    });
  });

  it('names split at the first space; an order address from the contact or the billing one', () => {
    expect(splitName('  Aoife   Ní Mhurchú ')).toEqual({ first: 'Aoife', last: 'Ní Mhurchú' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitName(undefined)).toEqual({ first: '', last: '' });
    const billing = {
      name: 'Aoife Murphy',
      phone: '+353',
      address: { line1: '1 Grafton St', city: 'Dublin', country: 'IE' },
    };
    expect(orderAddress(undefined, billing)).toMatchObject({
      first_name: 'Aoife',
      address_1: '1 Grafton St',
      phone: '+353',
    });
  });
});

describe('order attribution extension data', () => {
  it('the wc_order_attribution_* inputs, field → value; other inputs left out', () => {
    expect(
      attributionExtensions([
        { name: 'wc_order_attribution_source_type', value: 'utm' },
        { name: 'wc_order_attribution_utm_source', value: 'news' },
        { name: 'wc_order_attribution_referrer', value: '' },
        { name: 'wc_order_attribution_', value: 'no field' },
        { name: 'billing_first_name', value: 'Aoife' },
      ]),
    ).toEqual({ 'woocommerce/order-attribution': { source_type: 'utm', utm_source: 'news', referrer: '' } });
  });

  it('none on the page: none sent', () => {
    expect(attributionExtensions([{ name: 'billing_first_name', value: 'Aoife' }])).toBeNull();
  });

  it('a field named __proto__ is only a key', () => {
    const data = attributionExtensions([{ name: 'wc_order_attribution___proto__', value: 'x' }])!;
    const fields = data['woocommerce/order-attribution'];
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['__proto__']);
  });
});
