import { describe, expect, it } from 'vitest';
import { checkoutState } from './checkout/orders';
import {
  calculateShipping,
  CALCULATOR_NONCE,
  cartTotalsHtml,
  formattedDestination,
} from './shipping-calculator';
import { createSite } from './site';
import { DemoStore } from './store';
import { cookieClient } from './test-client';

/** The markup as nodes of this window's document (jest-dom's matchers want those; no script runs). */
function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

function calculatorPost(
  store: DemoStore,
  fields: Record<string, string>,
  session = store.ensureSession('').session,
) {
  const body = new URLSearchParams({
    calc_shipping: 'x',
    'woocommerce-shipping-calculator-nonce': store.nonce(session, CALCULATOR_NONCE),
    ...fields,
  });
  calculateShipping(store, session, body);
  return session;
}

describe('WC_Shortcode_Cart::calculate_shipping() in the demo', () => {
  it('sets the customer’s shipping location (and billing while there is no billing name), with the notice', () => {
    const store = new DemoStore();
    const session = calculatorPost(store, {
      calc_shipping_country: 'US',
      calc_shipping_state: 'CA',
      calc_shipping_city: 'Beverly Hills',
      calc_shipping_postcode: '902101234',
    });
    expect(checkoutState(session).shipping).toMatchObject({
      country: 'US',
      state: 'CA',
      city: 'Beverly Hills',
      postcode: '90210-1234',
    });
    expect(checkoutState(session).billing).toMatchObject({ country: 'US', state: 'CA' });
    expect(store.takeNotices(session)).toEqual([{ type: 'notice', html: 'Shipping costs updated.' }]);
  });

  it('refuses a postcode the country does not accept, changing nothing', () => {
    const store = new DemoStore();
    const session = calculatorPost(store, { calc_shipping_country: 'US', calc_shipping_postcode: 'ABC' });
    expect(checkoutState(session).shipping.country).toBe('IE');
    expect(store.takeNotices(session)).toEqual([
      { type: 'error', html: 'Please enter a valid postcode / ZIP.' },
    ]);
  });

  it('goes back to the store’s country without one; keeps a billing address with a name', () => {
    const store = new DemoStore();
    const { session } = store.ensureSession('');
    checkoutState(session).billing = { first_name: 'Ann', country: 'FR' };
    calculatorPost(store, { calc_shipping_country: 'DE', calc_shipping_postcode: '10115' }, session);
    expect(checkoutState(session).billing.country).toBe('FR');
    expect(checkoutState(session).shipping).toMatchObject({ country: 'DE', postcode: '10115' });
    calculatorPost(store, { calc_shipping_country: '' }, session);
    expect(checkoutState(session).shipping).toMatchObject({
      country: 'IE',
      postcode: '',
      state: '',
      city: '',
    });
  });

  it('ignores a post without a valid nonce, as WooCommerce does (no notice)', () => {
    const store = new DemoStore();
    const { session } = store.ensureSession('');
    calculateShipping(
      store,
      session,
      new URLSearchParams({ calc_shipping: 'x', calc_shipping_country: 'US' }),
    );
    expect(checkoutState(session).shipping.country).toBe('IE');
    expect(store.takeNotices(session)).toEqual([]);
  });
});

describe('the cart totals', () => {
  it('print WooCommerce 9.9’s calculator (sample 36’s ids, names and classes), closed, for the customer’s location', () => {
    const store = new DemoStore();
    const { session } = store.ensureSession('');
    store.addToCart(session, { productId: 13, quantity: 1 });
    const doc = parse(cartTotalsHtml(store, session));
    const form = doc.querySelector<HTMLFormElement>('div.cart_totals form.woocommerce-shipping-calculator')!;
    expect(form.getAttribute('action')).toBe('/cart/');
    expect(form.querySelector('a.shipping-calculator-button')).toHaveAttribute('aria-expanded', 'false');
    expect(form.querySelector('section#shipping-calculator-form')).toHaveAttribute('style', 'display:none;');
    expect(form.querySelector<HTMLSelectElement>('select#calc_shipping_country')!.value).toBe('IE');
    expect(form.querySelector('#calc_shipping_state_field span select.state_select')).not.toBeNull();
    expect(Array.from(form.elements, (el) => (el as HTMLInputElement).name).filter(Boolean)).toEqual([
      'calc_shipping_country',
      'calc_shipping_state',
      'calc_shipping_city',
      'calc_shipping_postcode',
      'calc_shipping',
      'woocommerce-shipping-calculator-nonce',
      '_wp_http_referer',
    ]);
    expect(doc.querySelector('.woocommerce-shipping-destination')).toHaveTextContent(
      'Shipping options will be updated during checkout.',
    );
    expect(doc.querySelector('.order-total')).toHaveTextContent('€54.99');
  });

  it('after a calculation: the country’s rates, the destination, the form filled in', async () => {
    const site = createSite();
    const shopper = cookieClient('http://shop.test', site);
    await shopper.send('/?add-to-cart=13');
    const cart = await (await shopper.send('/cart/')).text();
    const nonce = /name="woocommerce-shipping-calculator-nonce" value="([^"]+)"/.exec(cart)?.[1] ?? '';
    const answer = await shopper.send('/cart/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        calc_shipping_country: 'US',
        calc_shipping_state: 'CA',
        calc_shipping_city: '',
        calc_shipping_postcode: '90210',
        'woocommerce-shipping-calculator-nonce': nonce,
        calc_shipping: 'x',
      }),
    });
    expect(answer.status).toBe(200);
    const doc = parse(await answer.text());
    expect(doc.querySelector('.woocommerce-notices-wrapper')).toHaveTextContent('Shipping costs updated.');
    expect(doc.querySelector('.woocommerce-shipping-methods')).toHaveTextContent('Flat rate: €15.00');
    expect(doc.querySelector('.order-total')).toHaveTextContent('€64.99');
    expect(doc.querySelector('.woocommerce-shipping-destination')).toHaveTextContent(
      'Shipping to CA 90210, United States (US).',
    );
    expect(doc.querySelector('a.shipping-calculator-button')).toHaveTextContent('Change address');
    expect(doc.querySelector<HTMLSelectElement>('#calc_shipping_country')!.value).toBe('US');
    expect(doc.querySelector<HTMLSelectElement>('#calc_shipping_state')!.value).toBe('CA');
    expect(doc.querySelector<HTMLInputElement>('#calc_shipping_postcode')!.value).toBe('90210');
    // The island's container is around the totals.
    expect(doc.querySelector('[data-island="shipping-calculator"] > div.cart_totals')).not.toBeNull();
  });

  it('names the destination as WooCommerce formats it', () => {
    expect(formattedDestination({ country: 'IE' })).toBe('');
    expect(formattedDestination({ country: 'IE', state: 'D', postcode: 'D02 X285' })).toBe(
      'Dublin, D02 X285',
    );
    expect(
      formattedDestination({ country: 'US', state: 'CA', city: 'Beverly Hills', postcode: '90210' }),
    ).toBe('Beverly Hills, CA 90210, United States (US)');
    expect(formattedDestination({ country: 'FR', postcode: '75001' })).toBe('75001, France');
  });
});
