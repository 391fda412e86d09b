import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ExpressCheckoutParamsSchema, type ExpressCheckoutParams } from '../contract/express';
import { setSettings } from '../contract/read-settings';
import { activity } from '../transport/activity';
import {
  addToStoreCart,
  clearCart,
  expressAddToCart,
  expressPaymentData,
  getCartDetails,
  getSelectedProductData,
  getShippingOptions,
  getStoreCart,
  legacyPayForOrder,
  normalizeAddress,
  payExistingOrder,
  placeExpressOrder,
  readStoreApiError,
  removeFromStoreCart,
  storeApiUrl,
  updateShippingMethod,
  type ExpressOrderPayload,
} from './express';
import { failure, malformed, seen, server, withEndpointServer, wcAjaxHandler } from './test-support';

withEndpointServer();

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const sample = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as Record<string, unknown>;
const params = (page: string): ExpressCheckoutParams =>
  ExpressCheckoutParamsSchema.parse(sample(`params/${page}.wc_stripe_express_checkout_params.json`));

/** The recorded product page's params (nonces of the recorded store). */
const PRODUCT = params('product-simple');
const CART = params('cart');
const CART_51 = sample('51-store-api-get-cart-before-checkout.response.body.json');

const STORE = 'http://localhost:3000/wp-json/wc/store/v1';

const SHEET = {
  displayItems: [
    { label: 'Pro Match Football', amount: 4999 },
    { key: 'total_shipping', label: 'Shipping', amount: 500 },
  ],
  total: { label: ' (via WooCommerce)', amount: 5499, pending: false },
};

const ADDRESS = {
  first_name: 'Aoife',
  last_name: 'Murphy',
  company: '',
  address_1: '12 Main Street',
  address_2: '',
  city: 'Dublin',
  state: 'D',
  postcode: 'D02 X285',
  country: 'IE',
  phone: '',
};

const PAYLOAD: ExpressOrderPayload = {
  billing_address: { ...ADDRESS, email: 'aoife@example.test' },
  shipping_address: { ...ADDRESS, method: ['flat_rate:1'] },
  payment_method: 'stripe',
  payment_data: expressPaymentData({ expressPaymentType: 'google_pay', paymentMethodId: 'pm_1' }),
  extensions: {},
};

const CHECKOUT_ANSWER = {
  order_id: 101,
  status: 'processing',
  order_key: 'wc_order_abc',
  order_number: '101',
  customer_note: '',
  customer_id: 0,
  billing_address: { ...ADDRESS, email: 'aoife@example.test' },
  shipping_address: ADDRESS,
  payment_method: 'stripe',
  payment_result: {
    payment_status: 'success',
    payment_details: [],
    redirect_url: 'http://localhost:3000/checkout/order-received/101/?key=wc_order_abc',
  },
};

describe('the gateway’s wc-ajax endpoints', () => {
  it('get_shipping_options: the nonce, the page flag and the wallet’s address in the gateway’s order', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_get_shipping_options', () =>
        HttpResponse.json({
          shipping_options: [{ id: 'flat_rate:1', displayName: 'Flat rate', amount: 500 }],
          ...SHEET,
          result: 'success',
        }),
      ),
    );
    const answer = await getShippingOptions(PRODUCT, { country: 'IE', city: 'Dublin', postcode: 'D02' });
    expect(answer.result === 'success' && answer.shipping_options[0]?.displayName).toBe('Flat rate');
    const [request] = await seen();
    expect(request).toMatchObject({
      method: 'POST',
      url: '/?wc-ajax=wc_stripe_get_shipping_options',
      form: [
        ['security', '9ec5362468'],
        ['is_product_page', '1'],
        ['first_name', ''],
        ['last_name', ''],
        ['company', ''],
        ['address_1', ''],
        ['address_2', ''],
        ['city', 'Dublin'],
        ['state', ''],
        ['country', 'IE'],
        ['postcode', 'D02'],
      ],
    });
    // The cart page says it is not a product page (PHP: itemised lines off).
    await getShippingOptions(CART, {});
    expect((await seen())[1]!.form[1]).toEqual(['is_product_page', '']);
  });

  it('get_shipping_options: an address without rates is an answer, not an error', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_get_shipping_options', () =>
        HttpResponse.json({ ...SHEET, result: 'invalid_shipping_address' }),
      ),
    );
    await expect(getShippingOptions(CART, { country: 'ZZ' })).resolves.toMatchObject({
      result: 'invalid_shipping_address',
    });
  });

  it('update_shipping_method: the rate as PHP’s array (`shipping_method[]`)', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_update_shipping_method', () =>
        HttpResponse.json({ ...SHEET, result: 'success' }),
      ),
    );
    await expect(updateShippingMethod(CART, 'free_shipping:2')).resolves.toMatchObject({ result: 'success' });
    expect((await seen())[0]!.form).toEqual([
      ['security', 'ce23fd4a2f'],
      ['shipping_method[]', 'free_shipping:2'],
      ['is_product_page', ''],
    ]);
  });

  it('get_cart_details, add_to_cart, get_selected_product_data: their nonces and fields', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_get_cart_details', () =>
        HttpResponse.json({
          shipping_required: true,
          order_data: { currency: 'eur', country_code: 'IE', ...SHEET },
        }),
      ),
      wcAjaxHandler('wc_stripe_add_to_cart', () => HttpResponse.json({ ...SHEET, result: 'success' })),
      wcAjaxHandler('wc_stripe_get_selected_product_data', () =>
        HttpResponse.json({ currency: 'eur', country_code: 'IE', requestShipping: true, ...SHEET }),
      ),
    );
    await expect(getCartDetails(CART)).resolves.toMatchObject({ shipping_required: true });
    const attributes = { attribute_pa_size: 'uk-2', attribute_colour: 'Blue' };
    await expressAddToCart(PRODUCT, { productId: 18, qty: 2, attributes, extra: { 'addon-1': 'x' } });
    await getSelectedProductData(PRODUCT, { productId: 18, qty: '3', attributes });
    const [details, add, selected] = await seen();
    expect(details!.form).toEqual([['security', '8f05061aaa']]);
    expect(add!.form).toEqual([
      ['security', '43c851655d'],
      ['qty', '2'],
      ['addon-1', 'x'],
      ['product_id', '18'],
      ['attributes[attribute_pa_size]', 'uk-2'],
      ['attributes[attribute_colour]', 'Blue'],
    ]);
    expect(selected!.form).toEqual([
      ['security', '978c18c2ce'],
      ['product_id', '18'],
      ['qty', '3'],
      ['attributes[attribute_pa_size]', 'uk-2'],
      ['attributes[attribute_colour]', 'Blue'],
      ['addon_value', '0'],
    ]);
  });

  it('get_selected_product_data: the server’s refusal is an answer', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_get_selected_product_data', () =>
        HttpResponse.json({ error: 'Product with the ID (9) cannot be found.' }),
      ),
    );
    await expect(getSelectedProductData(PRODUCT, { productId: 9 })).resolves.toEqual({
      error: 'Product with the ID (9) cannot be found.',
    });
  });

  it('clear_cart: an empty answer; the booking only when there is one', async () => {
    server.use(wcAjaxHandler('wc_stripe_clear_cart', () => new HttpResponse('')));
    await expect(clearCart(PRODUCT)).resolves.toBeUndefined();
    await clearCart(PRODUCT, 77);
    expect((await seen()).map((r) => r.form)).toEqual([
      [['security', '1e6dcd0f85']],
      [
        ['security', '1e6dcd0f85'],
        ['booking_id', '77'],
      ],
    ]);
  });

  it('pay_for_order (deprecated) checks `_ajax_nonce`; normalize_address posts `data[…]`', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_pay_for_order', () =>
        HttpResponse.json({
          result: 'success',
          redirect: '/checkout/order-received/99/?key=k',
          order_id: 99,
        }),
      ),
      wcAjaxHandler('wc_stripe_normalize_address', () =>
        HttpResponse.json({
          billing_address: { country: 'IE' },
          shipping_address: { country: 'IE', state: 'D' },
        }),
      ),
    );
    await expect(legacyPayForOrder(PRODUCT, { orderId: 99, paymentMethodId: 'pm_1' })).resolves.toMatchObject(
      {
        result: 'success',
        order_id: 99,
      },
    );
    const normalized = await normalizeAddress(
      { ...PRODUCT, nonce: { ...PRODUCT.nonce, normalize_address: 'abcdef0123' } },
      { billing: { country: 'IE' }, shipping: { state: 'Dublin' } },
    );
    expect(normalized.shipping_address.state).toBe('D');
    const [pay, normalize] = await seen();
    expect(pay!.form).toEqual([
      ['_ajax_nonce', 'e1fd918d2b'],
      ['payment_method', 'stripe'],
      ['order', '99'],
      ['wc-stripe-payment-method', 'pm_1'],
    ]);
    expect(normalize!.form).toEqual([
      ['security', 'abcdef0123'],
      ['data[billing_address][country]', 'IE'],
      ['data[shipping_address][state]', 'Dublin'],
    ]);
  });

  it('a refused nonce (HTTP 403, -1) is an http error; an empty page a schema error; never sent twice', async () => {
    server.use(
      wcAjaxHandler('wc_stripe_update_shipping_method', () => new HttpResponse('-1', { status: 403 })),
    );
    expect(await failure(updateShippingMethod(CART, 'flat_rate:1'))).toMatchObject({
      kind: 'http',
      details: { status: 403 },
    });
    // A 9.4.1 store has no normalize_address: WooCommerce answers an empty page.
    server.use(wcAjaxHandler('wc_stripe_normalize_address', () => new HttpResponse('')));
    expect((await failure(normalizeAddress(CART, { billing: {}, shipping: {} }))).kind).toBe('schema');
    server.use(wcAjaxHandler('wc_stripe_get_shipping_options', malformed));
    expect((await failure(getShippingOptions(CART, {}))).kind).toBe('schema');
    expect(await seen()).toHaveLength(3);
  });
});

describe('the Store API', () => {
  it('GET cart with the Nonce header (and X-WP-Nonce), from the REST root of the settings', async () => {
    server.use(http.get(`${STORE}/cart`, () => HttpResponse.json(CART_51)));
    const cart = await getStoreCart(CART);
    expect(cart.totals.total_price).toBe(21640);
    const [request] = await seen();
    expect(request).toMatchObject({ method: 'GET', url: '/wp-json/wc/store/v1/cart?_locale=user', body: '' });
    expect(request!.headers.get('nonce')).toBe('5e68d9fa16');
    expect(request!.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
    expect(request!.headers.get('content-type')).toBeNull();
  });

  it('a site without pretty permalinks: `?rest_route=`; another origin is refused', () => {
    setSettings({
      ajax_url: '/a',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/?rest_route=/',
      cart_url: '/',
    });
    expect(storeApiUrl('checkout/5', { key: 'k' })).toBe(
      'http://localhost:3000/?rest_route=%2Fwc%2Fstore%2Fv1%2Fcheckout%2F5&key=k&_locale=user',
    );
    setSettings({
      ajax_url: '/a',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: 'https://evil.test/wp-json/',
      cart_url: '/',
    });
    expect(() => storeApiUrl('cart')).toThrow(/not this site/);
  });

  it('add-item: `{id, variation: [], quantity}` as JSON, quantity 1 unless given', async () => {
    server.use(http.post(`${STORE}/cart/add-item`, () => HttpResponse.json(CART_51, { status: 201 })));
    await addToStoreCart(PRODUCT, { id: 13 });
    await addToStoreCart(PRODUCT, { id: 18, quantity: 2, variation: [{ attribute: 'Size', value: 'UK 2' }] });
    const [simple, variable] = await seen();
    expect(simple!.url).toBe('/wp-json/wc/store/v1/cart/add-item?_locale=user');
    expect(simple!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(simple!.body)).toEqual({ id: 13, variation: [], quantity: 1 });
    expect(JSON.parse(variable!.body)).toEqual({
      id: 18,
      variation: [{ attribute: 'Size', value: 'UK 2' }],
      quantity: 2,
    });
  });

  it('remove-item: `{key, booking_id}`; a missing Nonce is WooCommerce’s 401, readable', async () => {
    server.use(
      http.post(`${STORE}/cart/remove-item`, ({ request }) =>
        request.headers.get('nonce')
          ? HttpResponse.json(CART_51)
          : HttpResponse.json(sample('25-store-api-add-item-no-nonce-error.response.body.json'), {
              status: 401,
            }),
      ),
    );
    await removeFromStoreCart(CART, 'c51ce410c124a10e0db5e4b97fc2af39', 5);
    expect(JSON.parse((await seen())[0]!.body)).toEqual({
      key: 'c51ce410c124a10e0db5e4b97fc2af39',
      booking_id: 5,
    });
    const noNonce = { ...CART, nonce: { ...CART.nonce, wc_store_api: '' } };
    const error = await failure(removeFromStoreCart(noNonce, 'k'));
    expect(error).toMatchObject({
      kind: 'http',
      details: { status: 401, code: 'woocommerce_rest_missing_nonce' },
    });
    expect(error.message).toContain('Missing the Nonce header');
    expect(readStoreApiError(error)).toEqual({
      code: 'woocommerce_rest_missing_nonce',
      message: 'Missing the Nonce header. This endpoint requires a valid nonce.',
    });
  });

  it('checkout: the payload with customer_note, the express header flag, its nonce when the page has one', async () => {
    server.use(http.post(`${STORE}/checkout`, () => HttpResponse.json(CHECKOUT_ANSWER)));
    const answer = await placeExpressOrder(CART, PAYLOAD);
    expect(answer.payment_result?.payment_status).toBe('success');
    const withNonce = { ...CART, nonce: { ...CART.nonce, wc_store_api_express_checkout: 'fedcba9876' } };
    await placeExpressOrder(withNonce, { ...PAYLOAD, customer_note: 'Leave at the door' });
    const [first, second] = await seen();
    expect(first!.headers.get('nonce')).toBe('5e68d9fa16');
    expect(first!.headers.get('x-wcstripe-express-checkout')).toBe('true');
    expect(first!.headers.get('x-wcstripe-express-checkout-nonce')).toBeNull();
    expect(JSON.parse(first!.body)).toEqual({ ...PAYLOAD, customer_note: '' });
    expect(JSON.parse(first!.body).payment_data).toEqual([
      { key: 'payment_method', value: 'stripe' },
      { key: 'wc-stripe-payment-method', value: 'pm_1' },
      { key: 'wc-stripe-confirmation-token', value: '' },
      { key: 'express_payment_type', value: 'google_pay' },
      { key: 'wc-stripe-is-deferred-intent', value: true },
    ]);
    expect(second!.headers.get('x-wcstripe-express-checkout-nonce')).toBe('fedcba9876');
    expect(JSON.parse(second!.body).customer_note).toBe('Leave at the door');
  });

  it('checkout: a refused payment is an http error with WooCommerce’s code and message', async () => {
    server.use(
      http.post(`${STORE}/checkout`, () =>
        HttpResponse.json(
          {
            code: 'woocommerce_rest_payment_error',
            message: 'There was an error processing the payment: The card was declined.',
            data: { status: 400 },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(placeExpressOrder(CART, PAYLOAD));
    expect(readStoreApiError(error)).toEqual({
      code: 'woocommerce_rest_payment_error',
      message: 'There was an error processing the payment: The card was declined.',
    });
  });

  it('pay an existing order: its id in the route, key and e-mail encoded in the query, its own shipping address', async () => {
    server.use(
      http.post(`${STORE}/checkout/99`, () => HttpResponse.json({ ...CHECKOUT_ANSWER, order_id: 99 })),
    );
    const { shipping_address: _ignored, ...payment } = PAYLOAD;
    const shippingAddress = { first_name: 'Aoife', city: 'Dublin', country: 'IE' };
    await payExistingOrder(
      CART,
      { id: 99, key: 'wc_order_q7RkT2vXm9LpA', billingEmail: 'a+b@example.test', shippingAddress },
      payment,
    );
    const [request] = await seen();
    expect(request!.url).toBe(
      '/wp-json/wc/store/v1/checkout/99?key=wc_order_q7RkT2vXm9LpA&billing_email=a%2Bb%40example.test&_locale=user',
    );
    expect(JSON.parse(request!.body).shipping_address).toEqual(shippingAddress);
    expect(request!.headers.get('x-wcstripe-express-checkout')).toBeNull();
    expect(() =>
      payExistingOrder(CART, { id: -1, key: '', billingEmail: '', shippingAddress }, payment),
    ).toThrow(TypeError);
  });

  it('a 2xx that is not the contract (or not JSON) is a schema error', async () => {
    server.use(http.get(`${STORE}/cart`, malformed));
    expect((await failure(getStoreCart(CART))).kind).toBe('schema');
    server.use(http.get(`${STORE}/cart`, () => new HttpResponse('<html>')));
    expect((await failure(getStoreCart(CART))).kind).toBe('schema');
  });

  it('a timeout, an abort and no network are the transport’s kinds; the loading indicator counts the call', async () => {
    server.use(
      http.get(`${STORE}/cart`, async () => {
        await delay(300);
        return HttpResponse.json(CART_51);
      }),
    );
    const listener = vi.fn();
    const unsubscribe = activity.subscribe(listener);
    expect((await failure(getStoreCart(CART, { timeout: 30 }))).kind).toBe('timeout');
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(activity.getSnapshot()).toBe(0);
    const controller = new AbortController();
    const pending = getStoreCart(CART, { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe('abort');
    const aborted = new AbortController();
    aborted.abort();
    expect((await failure(getStoreCart(CART, { signal: aborted.signal }))).kind).toBe('abort');
    server.use(http.get(`${STORE}/cart`, () => HttpResponse.error()));
    expect((await failure(getStoreCart(CART))).kind).toBe('network');
  });

  it('never sends a nonce that could break the header', async () => {
    server.use(http.get(`${STORE}/cart`, () => HttpResponse.json(CART_51)));
    setSettings({
      ajax_url: '/a',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      rest_nonce: 'bad\nnonce',
      cart_url: '/',
    });
    await getStoreCart({ ...CART, nonce: { ...CART.nonce, wc_store_api: 'a b' } });
    const [request] = await seen();
    expect(request!.headers.get('nonce')).toBeNull();
    expect(request!.headers.get('x-wp-nonce')).toBeNull();
  });
});
