/**
 * The express checkout buttons (checkout.md §7 "Express checkout", "Store API") with the recorded
 * product page's `wc_stripe_express_checkout_params`, the Stripe.js test double as `window.Stripe`
 * (its 'Pay with test wallet' button and 'Test wallet' sheet), the gateway's and the Store API's
 * answers recorded.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import { navigation } from '../../src/navigation';
import { withTestServer } from '../../src/test/server';
import { forgetStripeObjects } from '../../src/payments/stripe/load';
import { StripeDouble, type StripeDoubleOptions } from '../../src/test/stripe-double';
import { sample } from '../checkout/test-support';
import island from './island';

const PARAMS = JSON.parse(sample('params/product-simple.wc_stripe_express_checkout_params.json')) as Record<
  string,
  unknown
>;
const CART = JSON.parse(sample('51-store-api-get-cart-before-checkout.response.body.json')) as Record<
  string,
  unknown
>;
const ORDER_RECEIVED = 'http://localhost:3000/checkout/order-received/321/?key=wc_order_xyz';
const SHEET = {
  displayItems: [
    { label: 'Pro Match Football', amount: 2499 },
    { key: 'total_shipping', label: 'Shipping', amount: 500 },
  ],
  total: { label: ' (via WooCommerce)', amount: 2999, pending: false },
};

let options: StripeDoubleOptions = {};
let double: StripeDouble | null = null;
beforeAll(() => {
  const factory = Object.assign(
    (key: string) => {
      double = new StripeDouble(key, options);
      return double;
    },
    { version: 'endive' },
  );
  (window as unknown as { Stripe: unknown }).Stripe = factory;
});

const server = setupServer();
withTestServer(server);

/** Every call: `wc-ajax` name or Store API route, with its body. */
const calls: { name: string; body: string }[] = [];
const named = (name: string) => calls.filter((c) => c.name === name);
type Reply = (body: string) => Response | Promise<Response>;
let replies: Record<string, Reply> = {};
const checkoutAnswer = (redirect: string) => () =>
  HttpResponse.json({
    order_id: 321,
    status: 'processing',
    order_key: 'wc_order_xyz',
    customer_note: '',
    billing_address: {},
    shipping_address: {},
    payment_method: 'stripe',
    payment_result: { payment_status: 'success', payment_details: [], redirect_url: redirect },
  });
const DEFAULTS: Record<string, Reply> = {
  clear_cart: () => new HttpResponse('', { status: 200 }),
  'GET cart': () => HttpResponse.json(CART),
  'POST cart/add-item': () => HttpResponse.json(CART, { status: 201 }),
  wc_stripe_get_shipping_options: () =>
    HttpResponse.json({
      result: 'success',
      shipping_options: [
        { id: 'flat_rate:1', displayName: 'Flat rate', amount: 500 },
        { id: 'free_shipping:2', displayName: 'Free shipping', amount: 0 },
      ],
      ...SHEET,
    }),
  wc_stripe_update_shipping_method: () => HttpResponse.json({ result: 'success', ...SHEET }),
  'POST checkout': checkoutAnswer(ORDER_RECEIVED),
};

function record() {
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const ajax = url.searchParams.get('wc-ajax');
      const store = /\/wc\/store\/v1\/(.+)$/.exec(url.pathname)?.[1];
      const name = ajax ?? (store ? `${request.method} ${store}` : null);
      if (!name) return undefined;
      const body = await request.text();
      calls.push({ name: ajax ? ajax.replace(/^wc_stripe_(clear_cart)$/, '$1') : name, body });
      const reply = replies[name] ?? replies[name.replace(/^wc_stripe_/, '')];
      return reply ? reply(body) : new HttpResponse('-1', { status: 400 });
    }),
  );
}

let container: HTMLElement;
let page: HTMLElement;
let unmount: () => void = () => {};
async function mount(props: Record<string, unknown> = { params: PARAMS, productId: 13 }, form = SIMPLE_FORM) {
  page = document.createElement('div');
  page.innerHTML = form;
  container = document.createElement('div');
  container.setAttribute('data-island', 'express-checkout');
  page.append(container);
  document.body.append(page);
  const result = await island.mount(container, props, {
    name: 'express-checkout',
    locate: { locatorOf, resolve },
  });
  if (!result.ok) throw new Error(`${result.field}: ${result.problem}`);
  unmount = result.unmount;
}
const SIMPLE_FORM =
  '<form class="cart"><input type="number" name="quantity" value="2"><button name="add-to-cart" value="13">Add to cart</button></form>';
const VARIABLE_FORM =
  '<form class="cart variations_form"><select name="attribute_pa_size"><option value="">Choose</option><option value="uk-2">UK 2</option></select>' +
  '<input type="number" name="quantity" value="1"><button>Add to cart</button></form>';

const LOADED = { timeout: 15_000 };
const wallet = () => screen.findByRole('button', { name: 'Pay with test wallet' }, LOADED);
const sheet = () => screen.findByRole('dialog', { name: 'Test wallet' }, LOADED);

beforeEach(() => {
  forgetStripeObjects();
  calls.splice(0);
  replies = { ...DEFAULTS };
  options = {};
  double = null;
  record();
  vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  page.remove();
  document.querySelectorAll('.stripe-double__sheet').forEach((n) => n.remove());
  vi.restoreAllMocks();
});

describe('express checkout on a product page', () => {
  it('draws the wallet buttons in a group of the product’s amount', async () => {
    await mount();
    await wallet();
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group).toMatchObject({
      mode: 'payment',
      amount: 4999, // the recorded product (€49.99)
      currency: 'eur',
      paymentMethodCreation: 'manual',
    });
    const created = double!.log.calls.find((c) => c.method === 'elements.create')!;
    expect(created.args[0]).toBe('expressCheckout');
  });

  it('a press: the cart made of this product, an address, Pay: one Store API checkout, then the order', async () => {
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    // The product alone in the cart: the gateway's clear_cart, then add-item with the quantity.
    expect(named('clear_cart')).toHaveLength(1);
    expect(JSON.parse(named('POST cart/add-item')[0]!.body)).toMatchObject({ id: 13, quantity: 2 });
    const address = new URLSearchParams(named('wc_stripe_get_shipping_options')[0]!.body);
    expect(address.get('city')).toBe('Dublin');
    expect(address.get('country')).toBe('IE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(named('POST checkout')).toHaveLength(1);
    const order = JSON.parse(named('POST checkout')[0]!.body) as Record<string, unknown>;
    expect(order).toMatchObject({
      payment_method: 'stripe',
      billing_address: { first_name: 'Aoife', last_name: 'Murphy', email: 'aoife@example.ie', country: 'IE' },
      shipping_address: { city: 'Dublin', method: ['flat_rate:1'] },
    });
    expect(order.payment_data).toEqual(
      expect.arrayContaining([
        { key: 'wc-stripe-payment-method', value: expect.stringMatching(/^pm_double_wallet_\d+$/) },
        { key: 'express_payment_type', value: 'google_pay' },
      ]),
    );
    // No order attribution inputs on the page: no extension data.
    expect(order).not.toHaveProperty('extensions');
  });

  it('the page’s order attribution inputs go with the order as extension data', async () => {
    await mount(
      undefined,
      SIMPLE_FORM +
        '<input type="hidden" name="wc_order_attribution_source_type" value="utm">' +
        '<input type="hidden" name="wc_order_attribution_utm_source" value="news">' +
        '<input type="hidden" name="wc_order_attribution_session_pages" value="">' +
        '<input type="hidden" name="billing_first_name" value="Aoife">',
    );
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    const order = JSON.parse(named('POST checkout')[0]!.body) as Record<string, unknown>;
    expect(order.extensions).toEqual({
      'woocommerce/order-attribution': { source_type: 'utm', utm_source: 'news', session_pages: '' },
    });
  });

  it('picking another rate in the sheet: update_shipping_method with its id', async () => {
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Free shipping' }));
    await waitFor(() => expect(named('wc_stripe_update_shipping_method')).toHaveLength(1));
    expect(
      new URLSearchParams(named('wc_stripe_update_shipping_method')[0]!.body).getAll('shipping_method[]'),
    ).toEqual(['free_shipping:2']);
  });

  it('a refused payment: the sheet told, the Store API’s message above the buttons, no navigation', async () => {
    replies['POST checkout'] = () =>
      HttpResponse.json(
        {
          code: 'woocommerce_rest_payment_error',
          message: 'There was an error processing the payment: <strong>The card was declined.</strong>',
          data: { status: 400 },
        },
        { status: 400 },
      );
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await screen.findByText('There was an error processing the payment: The card was declined.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The payment failed.');
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('3-D Secure after the order: the intent confirmed, update_order_status, then its return URL', async () => {
    replies['POST checkout'] = checkoutAnswer('#wc-stripe-confirm-pi:321:pi_3Qx_secret_Ab1:n0nce');
    replies.wc_stripe_update_order_status = () =>
      HttpResponse.json({ success: true, data: { return_url: ORDER_RECEIVED } });
    options = { authenticate: 'succeed' };
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(double!.log.calls.some((c) => c.method === 'confirmPayment')).toBe(true);
    expect(new URLSearchParams(named('wc_stripe_update_order_status')[0]!.body).get('_ajax_nonce')).toBe(
      'n0nce',
    );
  });

  it('an order page on another site is not followed', async () => {
    replies['POST checkout'] = checkoutAnswer('https://evil.example/phish');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await screen.findByText('This link leads away from the store, so it was not followed.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('a variable product without a choice: no sheet, WooCommerce’s words, nothing sent', async () => {
    await mount({ params: PARAMS, productId: 20 }, VARIABLE_FORM);
    fireEvent.click(await wallet());
    expect(
      await screen.findByText('Please select some product options before adding this product to your cart.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Test wallet' })).toBeNull();
    expect(calls.filter((c) => c.name !== 'GET cart')).toHaveLength(0);
  });

  it('cancelled: the cart as it was before the press is put back', async () => {
    await mount();
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('POST cart/add-item')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const items = (CART.items as { id: number; quantity: number }[]).map((i) => ({
      id: i.id,
      quantity: i.quantity,
    }));
    await waitFor(() => expect(named('POST cart/add-item')).toHaveLength(1 + items.length));
    expect(named('clear_cart')).toHaveLength(2);
    const restored = named('POST cart/add-item')
      .slice(1)
      .map((c) => JSON.parse(c.body) as { id: number; quantity: number })
      .map(({ id, quantity }) => ({ id, quantity }));
    expect(restored).toEqual(items);
  });

  it('props whose checkout URL is not http(s) are refused (the reserved place stays empty)', async () => {
    container = document.createElement('div');
    const result = await island.mount(
      container,
      { params: { ...PARAMS, checkout: { ...(PARAMS.checkout as object), url: 'javascript:alert(1)' } } },
      { name: 'express-checkout', locate: { locatorOf, resolve } },
    );
    expect(result.ok).toBe(false);
    page = container;
  });
});

describe('express checkout where no wallet can pay', () => {
  it('keeps the reserved place, with nothing in it to reach', async () => {
    options = { noWallet: true };
    await mount();
    await waitFor(() =>
      expect(container.querySelector('.shop-islands-express__buttons')).toHaveAttribute('hidden'),
    );
    expect(screen.queryByRole('button', { name: 'Pay with test wallet' })).toBeNull();
    expect(container.querySelector('.shop-islands-express')).not.toBeNull();
  });
});

describe('express checkout on the cart page', () => {
  const CART_PARAMS = JSON.parse(sample('params/cart.wc_stripe_express_checkout_params.json')) as Record<
    string,
    unknown
  >;
  const PRINTED = {
    displayItems: [
      { label: 'Pro Match Football', amount: 2499 },
      { key: 'total_shipping', label: 'Shipping', amount: 500 },
    ],
    total: { label: ' (via WooCommerce)', amount: 2999, pending: false },
    needsShipping: true,
  };

  it('starts from the cart the server printed: no request on load; WooCommerce’s recalculation reads it again', async () => {
    await mount({ params: CART_PARAMS, cart: PRINTED }, '');
    await wallet();
    expect(calls).toHaveLength(0);
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group.amount).toBe(2999);
    document.body.dispatchEvent(new CustomEvent('updated_cart_totals', { bubbles: true }));
    await waitFor(() => expect(named('GET cart')).toHaveLength(1));
  });

  it('without a printed cart, reads the Store API cart on load (the gateway’s way)', async () => {
    await mount({ params: CART_PARAMS }, '');
    await wallet();
    expect(named('GET cart')).toHaveLength(1);
  });
});

describe('express checkout failures (§8)', () => {
  async function payUntilFailure() {
    fireEvent.click(await wallet());
    const dialog = await sheet();
    await waitFor(() => expect(named('wc_stripe_get_shipping_options')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    return dialog;
  }

  it('an answer that is not an order: the default message', async () => {
    replies['POST checkout'] = () => HttpResponse.json({ unexpected: true });
    await mount();
    await payUntilFailure();
    expect(
      await screen.findByText('Payment failed. Please try again.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('Stripe.js throwing: the last-resort message, and Pay can be tried again', async () => {
    await mount();
    await wallet();
    vi.spyOn(double!, 'createPaymentMethod').mockRejectedValueOnce(new Error('internal'));
    const dialog = await payUntilFailure();
    expect(await screen.findByText('An unknown error occurred.', { exact: false })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(named('POST checkout')).toHaveLength(1);
  });

  it('the store not answering in time: the timeout message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      replies['POST checkout'] = () => new Promise<Response>(() => {});
      await mount();
      await payUntilFailure();
      await waitFor(() => expect(named('POST checkout')).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(120_000));
      expect(
        await screen.findByText('A timeout occurred while connecting to the server. Please try again.', {
          exact: false,
        }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('express checkout on the order-pay page', () => {
  const ORDER = {
    order: 321,
    orderDetails: {
      orderKey: 'wc_order_xyz',
      billingEmail: 'aoife+orders@example.ie',
      shippingAddress: { first_name: 'Aoife', city: 'Cork', country: 'IE' },
    },
    displayItems: [{ label: 'Pro Match Football', amount: 2499 }],
    total: { label: ' (via WooCommerce)', amount: 2499, pending: true },
  };

  it('pays that order (checkout/{order} with its key and e-mail, its own address): no cart touched, no address asked', async () => {
    let query = '';
    replies['POST checkout/321'] = () => checkoutAnswer(ORDER_RECEIVED)();
    server.use(
      http.post('*/wp-json/wc/store/v1/checkout/321', ({ request }) => {
        query = new URL(request.url).search;
        return undefined;
      }),
    );
    await mount(
      { params: { ...PARAMS, is_pay_for_order: '1', is_product_page: '' }, payForOrder: ORDER },
      '',
    );
    fireEvent.click(await wallet());
    const dialog = await sheet();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(calls.map((c) => c.name)).toEqual(['POST checkout/321']);
    const sent = JSON.parse(calls[0]!.body) as Record<string, unknown>;
    expect(sent.shipping_address).toEqual(ORDER.orderDetails.shippingAddress);
    expect(new URLSearchParams(query).get('key')).toBe('wc_order_xyz');
    expect(new URLSearchParams(query).get('billing_email')).toBe('aoife+orders@example.ie');
  });

  it('refuses an order key of another shape (the place stays empty)', async () => {
    container = document.createElement('div');
    const bad = { ...ORDER, orderDetails: { ...ORDER.orderDetails, orderKey: '../../x' } };
    const result = await island.mount(
      container,
      { params: PARAMS, payForOrder: bad },
      { name: 'express-checkout', locate: { locatorOf, resolve } },
    );
    expect(result.ok).toBe(false);
    page = container;
  });
});
