/** Coupons, shipping zones, gateways, orders, and the printed address rules (address-data.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { layoutFields, stateInput } from '../../src/address/rules';
import { readAddressRules } from '../../src/contract/address';
import { resetStore, store } from '../store';
import {
  ADDRESS_LOCALE,
  addressI18nParams,
  COUNTRY_NAMES,
  countrySelectParams,
  STATES,
} from './address-data';
import {
  applyCoupon,
  COUPONS,
  findOrder,
  generateOrderKey,
  placeOrder,
  removeCoupon,
  shippingRates,
  totals,
} from './orders';

beforeEach(() => resetStore());

function cart(quantity: number) {
  const { session } = store.ensureSession('');
  store.addToCart(session, { productId: 13, quantity });
  return session;
}

describe('address data', () => {
  it('lists 249 countries, 108 state entries (39 empty), and prints WooCommerce’s shapes', () => {
    expect(Object.keys(COUNTRY_NAMES)).toHaveLength(249);
    expect(Object.keys(STATES)).toHaveLength(108);
    expect(Object.values(STATES).filter((s) => Object.keys(s).length === 0)).toHaveLength(39);
    expect(Object.keys(STATES.US!)).toHaveLength(54);
    const printed = countrySelectParams();
    expect(printed.countries).toMatch(/^\{"AF":\[\],"AL":\{"AL-01":"Berat","AL-09":"Dib\\u00ebr"/);
    expect(printed.i18n_select_state_text).toBe('Select an option…');
    const rules = readAddressRules(addressI18nParams(), printed);
    expect(stateInput(rules.states, 'FR')).toEqual({ kind: 'hidden' });
    expect(stateInput(rules.states, 'GB')).toEqual({ kind: 'text' });
    expect(stateInput(rules.states, 'IE').kind).toBe('select');
  });

  it('follows the spec’s tables (SG postcode optional, IE Eircode, JP order)', () => {
    const field = (country: string, key: string) => layoutFields(ADDRESS_LOCALE, country, [key])[0]!;
    expect(field('SG', 'postcode').required).toBe(false);
    expect(field('SG', 'city').required).toBe(false);
    expect(field('IE', 'postcode')).toMatchObject({ label: 'Eircode', required: true });
    expect(field('US', 'state')).toMatchObject({ label: 'State', required: true });
    expect(field('DE', 'postcode').priority).toBe(65);
    expect(field('JP', 'last_name')).toMatchObject({ priority: 10, className: ['form-row-first'] });
    expect(field('JP', 'address_2').priority).toBe(69);
    expect(field('UG', 'postcode')).toMatchObject({ required: false, hidden: true });
  });
});

describe('coupons, shipping and orders', () => {
  it('applies 10% and €5 off, refuses expired, minimum spend, unknown and repeated codes', () => {
    const session = cart(3);
    expect(applyCoupon(store, session, 'SAVE10').ok).toBe(true);
    expect(applyCoupon(store, session, 'save10').message).toBe(
      'Coupon code &quot;save10&quot; already applied!',
    );
    expect(applyCoupon(store, session, 'expired1').ok).toBe(false);
    expect(applyCoupon(store, session, 'min500').message).toContain('The minimum spend for coupon');
    expect(applyCoupon(store, session, '<b>nope</b>').message).toBe(
      'Coupon &quot;nope&quot; does not exist!',
    );
    expect(applyCoupon(store, session, 'fiveoff').ok).toBe(true);
    const t = totals(store, session);
    expect(t.coupons).toEqual([
      { code: 'save10', discount: 15 },
      { code: 'fiveoff', discount: 5 },
    ]);
    expect(t.total).toBe(134.97);
    expect(removeCoupon(session, 'fiveoff').ok).toBe(true);
    expect(totals(store, session).total).toBe(139.97);
    expect(Object.keys(COUPONS)).toEqual(['save10', 'fiveoff', 'expired1', 'min500']);
  });

  it('has two zones: Ireland (€5, free from €50) and everywhere else (€15)', () => {
    expect(shippingRates('IE', 49.99).map((r) => r.id)).toEqual(['flat_rate:1']);
    expect(shippingRates('IE', 50).map((r) => r.id)).toEqual(['flat_rate:1', 'free_shipping:2']);
    expect(shippingRates('FR', 500)).toEqual([
      { id: 'flat_rate:3', methodId: 'flat_rate', label: 'Flat rate', cost: 15 },
    ]);
  });

  it('records an order with a wc_order_ key and empties the cart and coupons', () => {
    const session = cart(1);
    applyCoupon(store, session, 'fiveoff');
    const order = placeOrder(store, session, {
      paymentMethod: 'bacs',
      billing: { country: 'IE' },
      shipping: { country: 'IE' },
      customerNote: '',
    });
    expect(order.key).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);
    expect(order).toMatchObject({
      status: 'on-hold',
      paymentMethodTitle: 'Direct bank transfer',
      discount: 5,
      total: 49.99,
    });
    expect(findOrder(store, order.id)).toBe(order);
    expect(store.cartLines(session)).toEqual([]);
    expect(totals(store, session).coupons).toEqual([]);
    expect(generateOrderKey()).not.toBe(generateOrderKey());
  });
});
