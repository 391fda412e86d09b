/**
 * Express checkout in the demo store (demo/checkout/express.ts): the params against the recorded
 * `wc_stripe_express_checkout_params` and the contract, each wc-ajax endpoint and Store API route
 * as the gateway 9.4.1 and WooCommerce 9.9 answer them (nonces, shapes, refusals), the payments with
 * Stripe's test cards, and a whole product-page payment made with the islands' client
 * (src/endpoints/express.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CartDetailsAnswerSchema,
  ExpressAddToCartAnswerSchema,
  ExpressCheckoutParamsSchema,
  PayForOrderAnswerSchema,
  SelectedProductDataAnswerSchema,
  ShippingMethodAnswerSchema,
  ShippingOptionsAnswerSchema,
  StoreCartSchema,
  StoreCheckoutAnswerSchema,
} from '../../src/contract/express';
import { setSettings } from '../../src/contract/read-settings';
import {
  addToStoreCart,
  clearCart,
  expressPaymentData,
  getShippingOptions,
  getStoreCart,
  placeExpressOrder,
  readStoreApiError,
  updateShippingMethod,
} from '../../src/endpoints/express';
import { handlers } from '../handlers';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { createExpressCheckoutHandlers, EXPRESS_NONCE, expressCheckoutParams } from './express';
import { findOrder, PAY_FOR_ORDER_ID, PAY_FOR_ORDER_KEY } from './orders';
import { STRIPE_NONCE } from './stripe';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const sample = (name: string) =>
  JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as Record<string, unknown>;
const recorded = (page: string) => sample(`params/${page}.wc_stripe_express_checkout_params.json`);

/**
 * The islands' client calls this page's origin (jsdom's, localhost:3000) without a cookie jar:
 * there, the session is the last shopper's.
 */
let sharedCookie = '';
const CLIENT_HOST = 'localhost:3000';
const server = setupServer(
  ...createExpressCheckoutHandlers({
    store,
    cookieHeader: (request) =>
      new URL(request.url).host === CLIENT_HOST ? sharedCookie : (request.headers.get('cookie') ?? ''),
  }),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setSettings(null);
});
afterAll(() => server.close());

let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://express${counter}.localhost`;
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
const pm = (last4: string, n = 1) => `pm_double_${last4}_${n}`;

/** A shopper with `quantity` × Pro Match Football in the cart (none: a session only). */
async function shopper(quantity = 3) {
  const { send, cookieHeader } = cookieClient(origin, (request) => fetch(request));
  const body = quantity > 0 ? `product_id=13&quantity=${quantity}` : 'product_id=0';
  await send('/?wc-ajax=add_to_cart', { method: 'POST', body, headers: FORM });
  const session = store.peekSession(cookieHeader()) ?? store.ensureSession(cookieHeader()).session;
  sharedCookie = cookieHeader();
  const nonce = (action: string) => store.nonce(session, action);
  /** POST `/?wc-ajax={endpoint}` with the fields. */
  const ajax = (endpoint: string, fields: Record<string, string> | URLSearchParams) =>
    send(`/?wc-ajax=${endpoint}`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: FORM,
    });
  /** A Store API call with the session's Nonce (unless `headers` says otherwise). */
  const storeApi = (route: string, data?: unknown, headers: Record<string, string> = {}) =>
    send(`/wp-json/wc/store/v1/${route}`, {
      method: data === undefined ? 'GET' : 'POST',
      body: data === undefined ? undefined : JSON.stringify(data),
      headers: { 'Content-Type': 'application/json', Nonce: nonce(EXPRESS_NONCE.storeApi), ...headers },
    });
  return { send, session, nonce, ajax, storeApi, cookieHeader };
}

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

/** The Store API checkout payload 9.4.1 builds from a Google Pay answer. */
const order = (paymentMethodId: string, change: Record<string, unknown> = {}) => ({
  billing_address: { ...ADDRESS, email: 'aoife@example.test' },
  shipping_address: { ...ADDRESS, method: ['flat_rate:1'] },
  customer_note: '',
  payment_method: 'stripe',
  payment_data: expressPaymentData({ expressPaymentType: 'google_pay', paymentMethodId }),
  extensions: {},
  ...change,
});

// -- the params ----------------------------------------------------------------------------------

describe('wc_stripe_express_checkout_params', () => {
  it('the recorded objects’ keys in their order, real nonces of the session, the contract', async () => {
    const s = await shopper();
    const product = expressCheckoutParams(store, s.session, origin, { kind: 'product', productId: 13 });
    expect(Object.keys(product)).toEqual(Object.keys(recorded('product-simple')));
    expect(Object.keys(product.nonce)).toEqual(Object.keys(recorded('product-simple').nonce as object));
    const actions: Record<string, string> = {
      payment: EXPRESS_NONCE.payment,
      shipping: EXPRESS_NONCE.shipping,
      get_cart_details: EXPRESS_NONCE.getCartDetails,
      update_shipping: EXPRESS_NONCE.updateShipping,
      checkout: EXPRESS_NONCE.checkout,
      add_to_cart: EXPRESS_NONCE.addToCart,
      get_selected_product_data: EXPRESS_NONCE.getSelectedProductData,
      log_errors: EXPRESS_NONCE.logErrors,
      clear_cart: EXPRESS_NONCE.clearCart,
      pay_for_order: EXPRESS_NONCE.payForOrder,
      wc_store_api: EXPRESS_NONCE.storeApi,
    };
    for (const [key, action] of Object.entries(actions)) {
      expect(store.verifyNonce(s.session, action, product.nonce[key]), key).toBe(true);
    }
    const parsed = z.parse(ExpressCheckoutParamsSchema, product);
    expect(parsed.stripe.publishable_key).toMatch(/^pk_test_/);
    expect(parsed.checkout).toMatchObject({ url: `${origin}/checkout/`, needs_shipping: true });
    expect(parsed.is_product_page).toBe(true);
    // The recorded store's product pages (same products, prices and labels).
    expect(product.product).toEqual(recorded('product-simple').product);
    const variable = expressCheckoutParams(store, s.session, origin, { kind: 'product', productId: 18 });
    expect(variable.product).toEqual(recorded('product-variable').product);
  });

  it('the cart and checkout pages: no product (""), their flags', async () => {
    const s = await shopper();
    const cart = expressCheckoutParams(store, s.session, origin, { kind: 'cart' });
    expect(cart).toMatchObject({ product: '', is_cart_page: '1', is_product_page: '', is_checkout_page: '' });
    expect(Object.keys(cart)).toEqual(Object.keys(recorded('cart')));
    const checkout = z.parse(
      ExpressCheckoutParamsSchema,
      expressCheckoutParams(store, s.session, origin, { kind: 'checkout' }),
    );
    expect([checkout.is_checkout_page, checkout.is_cart_page, checkout.product]).toEqual([true, false, null]);
    const empty = await shopper(0);
    const params = expressCheckoutParams(store, empty.session, origin, { kind: 'cart' });
    expect((params.checkout as { needs_shipping: string }).needs_shipping).toBe('no');
  });
});

// -- wc-ajax -------------------------------------------------------------------------------------

describe('the gateway’s wc-ajax endpoints', () => {
  it('refuse a wrong nonce, or no session, as check_ajax_referer does (403, -1)', async () => {
    const s = await shopper();
    for (const endpoint of [
      'wc_stripe_get_cart_details',
      'wc_stripe_get_shipping_options',
      'wc_stripe_update_shipping_method',
      'wc_stripe_add_to_cart',
      'wc_stripe_get_selected_product_data',
      'wc_stripe_clear_cart',
      'wc_stripe_log_errors',
      'wc_stripe_pay_for_order',
    ]) {
      const response = await s.ajax(endpoint, { security: 'abcdef0123', _ajax_nonce: 'abcdef0123' });
      expect([endpoint, response.status, await response.text()]).toEqual([endpoint, 403, '-1']);
    }
    // The right nonce without the session's cookie.
    const anonymous = await fetch(`${origin}/?wc-ajax=wc_stripe_clear_cart`, {
      method: 'POST',
      body: `security=${s.nonce(EXPRESS_NONCE.clearCart)}`,
      headers: FORM,
    });
    expect([anonymous.status, await anonymous.text()]).toEqual([403, '-1']);
    expect(store.cartLines(s.session)).toHaveLength(1);
  });

  it('get_cart_details: the cart’s sheet with a Subtotal line, as 9.4.1 answers', async () => {
    const s = await shopper();
    const response = await s.ajax('wc_stripe_get_cart_details', {
      security: s.nonce(EXPRESS_NONCE.getCartDetails),
    });
    const raw = (await response.json()) as Record<string, unknown>;
    expect(raw).toEqual({
      shipping_required: true,
      order_data: {
        currency: 'eur',
        country_code: 'IE',
        displayItems: [
          { label: 'Subtotal', amount: 14997 },
          { key: 'total_shipping', label: 'Shipping', amount: 500 },
        ],
        total: { label: ' (via WooCommerce)', amount: 15497, pending: false },
      },
    });
    expect(z.safeParse(CartDetailsAnswerSchema, raw).success).toBe(true);
  });

  it('get_shipping_options: the address’s rates, the chosen one first and applied; no rates for a country not shipped to', async () => {
    const s = await shopper();
    const rates = async (fields: Record<string, string>) =>
      z.parse(
        ShippingOptionsAnswerSchema,
        await (
          await s.ajax('wc_stripe_get_shipping_options', {
            security: s.nonce(EXPRESS_NONCE.shipping),
            ...fields,
          })
        ).json(),
      );
    const ireland = await rates({
      is_product_page: '',
      country: 'IE',
      state: 'D',
      postcode: 'D02 X285',
      city: 'Dublin',
    });
    expect(ireland).toMatchObject({
      result: 'success',
      shipping_options: [
        { id: 'flat_rate:1', displayName: 'Flat rate', amount: 500 },
        { id: 'free_shipping:2', displayName: 'Free shipping', amount: 0 },
      ],
      displayItems: [{ label: 'Subtotal' }, { key: 'total_shipping', amount: 500 }],
      total: { amount: 15497 },
    });
    // The shopper picks free shipping; the next address keeps it first.
    const picked = await s.ajax('wc_stripe_update_shipping_method', {
      security: s.nonce(EXPRESS_NONCE.updateShipping),
      'shipping_method[]': 'free_shipping:2',
      is_product_page: '1',
    });
    const chosen = z.parse(ShippingMethodAnswerSchema, await picked.json());
    // The product page's itemised view.
    expect(chosen.displayItems.map((i) => i.label)).toEqual(['Pro Match Football (x3)', 'Shipping']);
    expect(chosen.total.amount).toBe(14997);
    const again = await rates({ country: 'IE', city: 'Cork' });
    expect(again.result === 'success' && again.shipping_options.map((o) => o.id)).toEqual([
      'free_shipping:2',
      'flat_rate:1',
    ]);
    const abroad = await rates({ country: 'FR' });
    expect(abroad.result === 'success' && abroad.shipping_options).toEqual([
      { id: 'flat_rate:3', displayName: 'Flat rate', detail: '', amount: 1500 },
    ]);
    expect(abroad.total.amount).toBe(14997 + 1500);
    expect((await rates({ country: 'ZZ' })).result).toBe('invalid_shipping_address');
    expect((await rates({ country: '' })).result).toBe('invalid_shipping_address');
  });

  it('add_to_cart (product page): the cart emptied, the variation of the attributes added', async () => {
    const s = await shopper();
    const response = await s.ajax(
      'wc_stripe_add_to_cart',
      new URLSearchParams([
        ['security', s.nonce(EXPRESS_NONCE.addToCart)],
        ['qty', '2'],
        ['product_id', '18'],
        ['attributes[attribute_pa_size]', 'uk-2'],
        ['attributes[attribute_colour]', 'Blue'],
      ]),
    );
    const answer = z.parse(ExpressAddToCartAnswerSchema, await response.json());
    expect(answer).toEqual({
      result: 'success',
      displayItems: [
        { label: 'Subtotal', amount: 5998, pending: false },
        { key: 'total_shipping', label: 'Shipping', amount: 500, pending: false },
      ],
      total: { label: ' (via WooCommerce)', amount: 6498, pending: false },
    });
    expect(store.cartLines(s.session).map((l) => [l.name, l.item.quantity])).toEqual([
      ['Junior Football Boots - UK 2, Blue', 2],
    ]);
    // WooCommerce's refusal is not the endpoint's: 'success', an empty cart, the notice kept.
    const refused = await s.ajax('wc_stripe_add_to_cart', {
      security: s.nonce(EXPRESS_NONCE.addToCart),
      product_id: '15',
    });
    expect(z.parse(ExpressAddToCartAnswerSchema, await refused.json()).total.amount).toBe(0);
    expect(s.session.notices.at(-1)?.html).toContain('out of stock');
    const unknown = await s.ajax('wc_stripe_add_to_cart', {
      security: s.nonce(EXPRESS_NONCE.addToCart),
      product_id: '999',
    });
    expect(unknown.status).toBe(500);
  });

  it('get_selected_product_data: the choice’s sheet, its rate as an object, or the refusal', async () => {
    const s = await shopper();
    const select = async (fields: [string, string][]) =>
      (await (
        await s.ajax(
          'wc_stripe_get_selected_product_data',
          new URLSearchParams([['security', s.nonce(EXPRESS_NONCE.getSelectedProductData)], ...fields]),
        )
      ).json()) as Record<string, unknown>;
    const boots = await select([
      ['product_id', '18'],
      ['qty', '2'],
      ['attributes[attribute_pa_size]', 'uk-2'],
      ['attributes[attribute_colour]', 'Blue'],
      ['addon_value', '0'],
    ]);
    expect(boots).toEqual({
      currency: 'eur',
      country_code: 'IE',
      requestShipping: true,
      displayItems: [
        { label: 'Junior Football Boots - UK 2, Blue (x2)', amount: 5998 },
        { label: 'Shipping', amount: 0, pending: true },
      ],
      shippingOptions: { id: 'pending', label: 'Pending', detail: '', amount: 0 },
      total: { label: ' (via WooCommerce)', amount: 5998 },
    });
    expect(z.safeParse(SelectedProductDataAnswerSchema, boots).success).toBe(true);
    expect(
      await select([
        ['product_id', '14'],
        ['qty', '4'],
      ]),
    ).toEqual({
      error:
        'You cannot add that amount of "Shin Pads"; to the cart because there is not enough stock (3 remaining).',
    });
    expect(await select([['product_id', '999']])).toEqual({
      error: 'Product with the ID (999) cannot be found.',
    });
    // Sold individually: one, whatever the quantity.
    const bag = await select([
      ['product_id', '17'],
      ['qty', '5'],
    ]);
    expect((bag.total as { amount: number }).amount).toBe(
      (bag.displayItems as { amount: number }[])[0]!.amount,
    );
    expect((bag.displayItems as { label: string }[])[0]!.label).toBe('Kit Bag (one per order)');
  });

  it('clear_cart: nothing answered, the cart emptied and its cookies deleted', async () => {
    const s = await shopper();
    const response = await s.ajax('wc_stripe_clear_cart', { security: s.nonce(EXPRESS_NONCE.clearCart) });
    expect([response.status, await response.text()]).toEqual([200, '']);
    expect(store.cartLines(s.session)).toEqual([]);
    expect(response.headers.getSetCookie().join()).toContain('Max-Age=0');
  });

  it('pay_for_order (deprecated): `_ajax_nonce`, the posted payment method, 9.4.1’s answers', async () => {
    const s = await shopper();
    const pay = async (fields: Record<string, string>) => {
      const response = await s.ajax('wc_stripe_pay_for_order', {
        _ajax_nonce: s.nonce(EXPRESS_NONCE.payForOrder),
        ...fields,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await pay({ payment_method: 'stripe', order: '99' })).toEqual({
      status: 400,
      body: { result: 'error', messages: 'Invalid request' },
    });
    expect(
      (await pay({ payment_method: 'stripe', order: '12345', 'wc-stripe-payment-method': pm('4242') })).body,
    ).toEqual({
      result: 'error',
      messages: 'Invalid order!',
    });
    const paid = await pay({
      payment_method: 'stripe',
      order: String(PAY_FOR_ORDER_ID),
      'wc-stripe-payment-method': pm('4242'),
    });
    expect(z.parse(PayForOrderAnswerSchema, paid.body)).toEqual({
      result: 'success',
      redirect: `${origin}/checkout/order-received/${PAY_FOR_ORDER_ID}/?key=${PAY_FOR_ORDER_KEY}`,
      order_id: PAY_FOR_ORDER_ID,
    });
    expect(findOrder(store, PAY_FOR_ORDER_ID, s.session)!.status).toBe('processing');
    expect(
      (await pay({ payment_method: 'stripe', order: '99', 'wc-stripe-payment-method': pm('4242') })).body,
    ).toEqual({
      result: 'error',
      messages: 'This order does not require payment!',
    });
  });
});

// -- Store API -----------------------------------------------------------------------------------

describe('the Store API routes', () => {
  it('GET cart: sample 51’s shape, read by the contract; no nonce needed', async () => {
    const s = await shopper();
    const response = await s.send('/wp-json/wc/store/v1/cart');
    expect(response.status).toBe(200);
    expect(response.headers.get('nonce')).toBe(s.nonce(EXPRESS_NONCE.storeApi));
    const raw = (await response.json()) as Record<string, unknown>;
    const recordedCart = sample('51-store-api-get-cart-before-checkout.response.body.json');
    expect(Object.keys(raw)).toEqual(Object.keys(recordedCart));
    const line = (raw.items as Record<string, unknown>[])[0]!;
    expect(Object.keys(line)).toEqual(Object.keys((recordedCart.items as Record<string, unknown>[])[0]!));
    expect(line).toMatchObject({
      id: 13,
      name: 'Pro Match Football',
      quantity: 3,
      prices: { price: '4999' },
    });
    const cart = z.parse(StoreCartSchema, raw);
    expect(cart.totals).toMatchObject({ total_items: 14997, total_shipping: 500, total_price: 15497 });
    expect(cart.needs_shipping).toBe(true);
    // The plain-permalink form too.
    const plain = await s.send('/?rest_route=/wc/store/v1/cart');
    expect(z.parse(StoreCartSchema, await plain.json()).items_count).toBe(3);
  });

  it('refuses a missing Nonce (401, sample 25), a wrong one (403), a wrong X-WP-Nonce (403)', async () => {
    const s = await shopper();
    const missing = await s.storeApi('cart/add-item', { id: 16 }, { Nonce: '' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(sample('25-store-api-add-item-no-nonce-error.response.body.json'));
    const wrong = await s.storeApi('checkout', order(pm('4242')), { Nonce: 'abcdef0123' });
    expect([wrong.status, await wrong.json()]).toEqual([
      403,
      { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } },
    ]);
    const cookie = await s.storeApi('cart', undefined, { 'X-WP-Nonce': 'abcdef0123' });
    expect([cookie.status, ((await cookie.json()) as { code: string }).code]).toEqual([
      403,
      'rest_cookie_invalid_nonce',
    ]);
    expect(store.cartLines(s.session)).toHaveLength(1);
  });

  it('add-item (201) and remove-item: the cart as it now is; WooCommerce’s refusals', async () => {
    const s = await shopper();
    const added = await s.storeApi('cart/add-item', {
      id: 18,
      quantity: 1,
      variation: [
        { attribute: 'Size', value: 'UK 1' },
        { attribute: 'attribute_colour', value: 'Black' },
      ],
    });
    expect(added.status).toBe(201);
    const cart = z.parse(StoreCartSchema, await added.json());
    expect(cart.items.map((i) => [i.id, i.variation])).toEqual([
      [13, []],
      [
        19,
        [
          { attribute: 'Size', value: 'UK 1' },
          { attribute: 'Colour', value: 'Black' },
        ],
      ],
    ]);
    const refusal = async (data: unknown) => {
      const response = await s.storeApi('cart/add-item', data);
      return [response.status, ((await response.json()) as { code: string }).code];
    };
    expect(await refusal({ id: 999 })).toEqual([400, 'woocommerce_rest_cart_invalid_product']);
    expect(await refusal({ id: 18 })).toEqual([400, 'woocommerce_rest_missing_variation_data']);
    expect(await refusal({ id: 18, variation: [{ attribute: 'Size', value: 'UK 9' }] })).toEqual([
      400,
      'woocommerce_rest_variation_id_from_variation_data',
    ]);
    expect(await refusal({ id: 'x' })).toEqual([400, 'rest_invalid_param']);
    const notices = s.session.notices.length;
    const outOfStock = await s.storeApi('cart/add-item', { id: 15 });
    expect(await outOfStock.json()).toEqual({
      code: 'woocommerce_rest_add_to_cart_error',
      message:
        'You cannot add &quot;Goalkeeper Gloves&quot; to the cart because the product is out of stock.',
      data: { status: 400 },
    });
    expect(s.session.notices).toHaveLength(notices);
    const removed = await s.storeApi('cart/remove-item', { key: cart.items[0]!.key });
    expect(z.parse(StoreCartSchema, await removed.json()).items.map((i) => i.id)).toEqual([19]);
    const gone = await s.storeApi('cart/remove-item', { key: cart.items[0]!.key });
    expect(gone.status).toBe(409);
  });

  it('checkout: 4242 pays — the order processing, the wallet’s addresses and note, the cart emptied', async () => {
    const s = await shopper();
    const response = await s.storeApi('checkout', order(pm('4242'), { customer_note: 'Leave at the door' }), {
      'X-WCSTRIPE-EXPRESS-CHECKOUT': 'true',
    });
    expect(response.status).toBe(200);
    const answer = z.parse(StoreCheckoutAnswerSchema, await response.json());
    const placed = findOrder(store, answer.order_id)!;
    expect(answer).toMatchObject({
      status: 'processing',
      order_key: placed.key,
      customer_note: 'Leave at the door',
      payment_method: 'stripe',
      billing_address: { email: 'aoife@example.test', city: 'Dublin' },
      payment_result: {
        payment_status: 'success',
        redirect_url: `${origin}/checkout/order-received/${placed.id}/?key=${placed.key}`,
      },
    });
    expect(placed).toMatchObject({
      status: 'processing',
      total: 154.97,
      card: { paymentMethodId: pm('4242') },
    });
    expect(store.cartLines(s.session)).toEqual([]);
    expect(response.headers.getSetCookie().join()).toMatch(
      /woocommerce_cart_hash=0; expires=[^;]*; Max-Age=0/,
    );
  });

  it('checkout: a declined card is WooCommerce’s 400 payment error, the order failed and taken again next time', async () => {
    const s = await shopper();
    const declined = await s.storeApi('checkout', order(pm('0002')));
    expect([declined.status, await declined.json()]).toEqual([
      400,
      {
        code: 'woocommerce_rest_payment_error',
        message: 'There was an error processing the payment: The card was declined.',
        data: { status: 400 },
      },
    ]);
    expect(store.cartLines(s.session)).toHaveLength(1);
    const retry = z.parse(
      StoreCheckoutAnswerSchema,
      await (await s.storeApi('checkout', order(pm('4242', 2)))).json(),
    );
    expect(retry.status).toBe('processing');
    const [first] = [findOrder(store, retry.order_id)!];
    expect(first.card?.paymentMethodId).toBe(pm('4242', 2));
  });

  it('checkout: 3-D Secure answers the confirmation route; update_order_status then completes the order', async () => {
    const s = await shopper();
    const answer = z.parse(
      StoreCheckoutAnswerSchema,
      await (await s.storeApi('checkout', order(pm('3220')))).json(),
    );
    expect(answer.status).toBe('pending');
    const route =
      /^#wc-stripe-confirm-pi:(\d+):((pi_[A-Za-z0-9]{24})_secret_[A-Za-z0-9]{24}):([0-9a-f]{10})$/.exec(
        answer.payment_result!.redirect_url,
      )!;
    expect(Number(route[1])).toBe(answer.order_id);
    const confirmed = await s.ajax('wc_stripe_update_order_status', {
      order_id: route[1]!,
      intent_id: route[3]!,
      payment_method_id: '',
      _ajax_nonce: route[4]!,
    });
    expect(((await confirmed.json()) as { success: boolean }).success).toBe(true);
    expect(findOrder(store, answer.order_id)!.status).toBe('processing');
    expect(route[4]).toBe(s.nonce(STRIPE_NONCE.updateOrderStatus));
  });

  it('checkout: WooCommerce’s refusals before any payment', async () => {
    const s = await shopper();
    const refusal = async (data: unknown) => {
      const response = await s.storeApi('checkout', data);
      return [response.status, ((await response.json()) as { code: string; message: string }).message];
    };
    expect(await refusal(order(pm('4242'), { billing_address: { ...ADDRESS, email: '' } }))).toEqual([
      400,
      'A valid email address is required',
    ]);
    expect(
      await refusal(order(pm('4242'), { billing_address: { ...ADDRESS, email: 'not-an-email' } })),
    ).toEqual([
      400,
      'The provided email address (not-an-email) is not valid—please provide a valid email address',
    ]);
    expect(await refusal(order(pm('4242'), { shipping_address: { ...ADDRESS, country: 'ZZ' } }))).toEqual([
      400,
      'Sorry, we do not ship orders to the provided country (ZZ)',
    ]);
    expect(await refusal(order(pm('4242'), { payment_method: '' }))).toEqual([
      400,
      'No payment method provided.',
    ]);
    expect(await refusal(order(pm('4242'), { payment_method: 'paypal' }))).toEqual([
      400,
      'paypal is not available for this order—please choose a different payment method',
    ]);
    expect(await refusal(order(''))).toEqual([
      400,
      'There was an error processing the payment: Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
    ]);
    const bad = await s.send('/wp-json/wc/store/v1/checkout', {
      method: 'POST',
      body: '{not json',
      headers: { 'Content-Type': 'application/json', Nonce: s.nonce(EXPRESS_NONCE.storeApi) },
    });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'rest_invalid_json']);
    const empty = await shopper(0);
    const response = await empty.storeApi('checkout', order(pm('4242')));
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([
      400,
      'woocommerce_rest_cart_empty',
    ]);
  });

  it('checkout/{id}: the order-pay page’s payment — key and e-mail first, then the nonce; the cart left alone', async () => {
    const s = await shopper();
    const pay = (query: string, data: unknown, headers: Record<string, string> = {}) =>
      s.storeApi(`checkout/${PAY_FOR_ORDER_ID}${query}`, data, headers);
    const payment = order(pm('4242'));
    expect((await pay('?key=wrong', payment)).status).toBe(401);
    const noNonce = await pay(`?key=${PAY_FOR_ORDER_KEY}&billing_email=`, payment, { Nonce: '' });
    expect(noNonce.status).toBe(401);
    expect(((await noNonce.json()) as { code: string }).code).toBe('woocommerce_rest_missing_nonce');
    const paid = await pay(`?key=${PAY_FOR_ORDER_KEY}&billing_email=aoife%40example.test`, payment);
    const answer = z.parse(StoreCheckoutAnswerSchema, await paid.json());
    expect(answer).toMatchObject({ order_id: PAY_FOR_ORDER_ID, status: 'processing' });
    expect(store.cartLines(s.session)).toHaveLength(1);
    // Paid: the order has the wallet's e-mail now, and needs no payment.
    const again = await pay(`?key=${PAY_FOR_ORDER_KEY}&billing_email=aoife%40example.test`, payment);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([
      500,
      'This order cannot be paid for.',
    ]);
    // An order with an e-mail wants it.
    await s.storeApi('checkout', order(pm('0002')));
    const failed = [...Array(5).keys()]
      .map((i) => findOrder(store, 100 + i))
      .find((o) => o?.status === 'failed')!;
    const wrongEmail = await s.storeApi(
      `checkout/${failed.id}?key=${failed.key}&billing_email=x%40example.test`,
      payment,
    );
    expect(((await wrongEmail.json()) as { code: string }).code).toBe(
      'woocommerce_rest_invalid_billing_email',
    );
    const right = await s.storeApi(
      `checkout/${failed.id}?key=${failed.key}&billing_email=AOIFE%40example.test`,
      payment,
    );
    expect(right.status).toBe(200);
  });
});

// -- the client against the demo ------------------------------------------------------------------

describe('a product-page express payment made with the islands’ client', () => {
  it('clear_cart, add-item, shipping options, rate, checkout: 9.4.1’s order of calls, each answer read', async () => {
    const s = await shopper();
    const page = z.parse(
      ExpressCheckoutParamsSchema,
      expressCheckoutParams(store, s.session, origin, { kind: 'product', productId: 16 }),
    );
    setSettings({
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      rest_nonce: s.nonce('wp_rest'),
      cart_url: '/cart/',
    });
    await clearCart(page);
    const cart = await addToStoreCart(page, { id: 16, quantity: 2 });
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([[16, 2]]);
    const rates = await getShippingOptions(page, { country: 'IE', city: 'Dublin', postcode: 'D02' });
    expect(rates.result === 'success' && rates.shipping_options.map((o) => o.id)).toEqual(['flat_rate:1']);
    const updated = await updateShippingMethod(page, 'flat_rate:1');
    expect(updated.total.amount).toBe(2998 + 500);
    const placed = await placeExpressOrder(page, order(pm('4242')));
    expect(placed).toMatchObject({ status: 'processing', payment_result: { payment_status: 'success' } });
    expect((await getStoreCart(page)).items).toEqual([]);
    // A refusal reads as WooCommerce's error.
    const error = await placeExpressOrder(page, order(pm('4242'))).catch((e: unknown) => e);
    expect(readStoreApiError(error)).toMatchObject({ code: 'woocommerce_rest_cart_empty' });
  });
});
