// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CartDetailsAnswerSchema,
  ExpressAddToCartAnswerSchema,
  ExpressCheckoutParamsSchema,
  PayForOrderAnswerSchema,
  SelectedProductDataAnswerSchema,
  ShippingMethodAnswerSchema,
  ShippingOptionsAnswerSchema,
  StoreApiErrorSchema,
  StoreCartSchema,
  StoreCheckoutAnswerSchema,
} from './express';

/** The real traffic recorded from a WooCommerce 9.9 + Stripe Gateway 9.4.1 store (../shared). */
const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const json = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as Record<string, unknown>;
const params = (page: string) => json(`params/${page}.wc_stripe_express_checkout_params.json`);

const read = (value: unknown) => z.safeParse(ExpressCheckoutParamsSchema, value);

/** The recorded simple product's params with `change` applied. */
function simpleWith(change: (raw: Record<string, unknown>) => void): Record<string, unknown> {
  const raw = structuredClone(params('product-simple'));
  change(raw);
  return raw;
}

describe('wc_stripe_express_checkout_params (the recorded objects)', () => {
  it('the simple product page: typed flags, numbers, the product’s sheet', () => {
    const parsed = read(params('product-simple'));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const p = parsed.data;
    expect(p.ajax_url).toBe('/?wc-ajax=%%endpoint%%');
    expect(p.stripe).toEqual({
      publishable_key: expect.stringMatching(/^pk_test_51RealWc/),
      allow_prepaid_card: true,
      locale: 'en',
      is_link_enabled: true,
      is_express_checkout_enabled: true,
      is_amazon_pay_enabled: false,
      is_payment_request_enabled: false,
    });
    expect(p.nonce).toMatchObject({
      shipping: '9ec5362468',
      wc_store_api: '5e68d9fa16',
      clear_cart: '1e6dcd0f85',
    });
    // Printed by later gateways only.
    expect(p.nonce.normalize_address).toBe('');
    expect(p.nonce.wc_store_api_express_checkout).toBe('');
    expect(p.i18n.unknown_shipping).toBe('Unknown shipping option "[option]".');
    expect(p.checkout).toEqual({
      url: 'http://127.0.0.1:8089/checkout/',
      currency_code: 'eur',
      country_code: 'IE',
      needs_shipping: false,
      needs_payer_phone: false,
      default_shipping_option: { id: 'pending', displayName: 'Pending', detail: '', amount: 0 },
    });
    expect(p.button).toEqual({ type: 'default', theme: 'dark', height: 48, radius: 4, locale: 'en' });
    expect([p.is_product_page, p.is_cart_page, p.is_checkout_page, p.is_pay_for_order, p.has_block]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(p.login_confirmation).toBeNull();
    expect(p.taxes_based_on_billing).toBe(false);
    expect(p.product).toEqual({
      shippingOptions: [{ id: 'pending', displayName: 'Pending', detail: '', amount: 0 }],
      displayItems: [
        { label: 'Pro Match Football', amount: 4999, pending: false },
        { label: 'Shipping', amount: 0, pending: true },
      ],
      total: { label: ' (via WooCommerce)', amount: 4999, pending: true },
      requestShipping: true,
      currency: 'eur',
      country_code: 'IE',
      validVariationSelected: true,
    });
  });

  it('the variable product page: the parent’s lowest price', () => {
    const parsed = read(params('product-variable'));
    expect(parsed.success && parsed.data.product?.total.amount).toBe(2999);
    expect(parsed.success && parsed.data.product?.displayItems[0]?.label).toBe('Junior Football Boots');
  });

  it('the cart page: no product ("" as PHP prints false), the cart needs shipping', () => {
    const parsed = read(params('cart'));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.product).toBeNull();
    expect(parsed.data.is_cart_page).toBe(true);
    expect(parsed.data.is_product_page).toBe(false);
    expect(parsed.data.checkout.needs_shipping).toBe(true);
  });
});

describe('wc_stripe_express_checkout_params (hostile or odd values)', () => {
  it('refuses an endpoint template or a checkout URL that is not http(s)', () => {
    for (const ajax of ['javascript:alert(1)//%%endpoint%%', 'data:text/html,%%endpoint%%', '/?wc-ajax=x']) {
      expect(read(simpleWith((raw) => (raw.ajax_url = ajax))).success).toBe(false);
    }
    const checkout = (url: unknown) =>
      simpleWith((raw) => ((raw.checkout as Record<string, unknown>).url = url));
    expect(read(checkout('javascript:alert(1)')).success).toBe(false);
    expect(read(checkout(42)).success).toBe(false);
    expect(read(checkout('/checkout/')).success).toBe(true);
  });

  it('refuses a login confirmation that would send the shopper to a script URL', () => {
    const login = (value: unknown) => read(simpleWith((raw) => (raw.login_confirmation = value)));
    expect(login({ message: 'Log in', redirect_url: 'javascript:alert(1)' }).success).toBe(false);
    const ok = login({ message: 'Log in **the selected payment method**', redirect_url: '/?_wpnonce=x' });
    expect(ok.success && ok.data.login_confirmation).toEqual({
      message: 'Log in **the selected payment method**',
      redirect_url: '/?_wpnonce=x',
    });
    for (const nothing of ['', false, null, []]) {
      const parsed = login(nothing);
      expect(parsed.success && parsed.data.login_confirmation).toBeNull();
    }
  });

  it('refuses a key that is not a publishable key (a secret key must never reach the page)', () => {
    const key = (value: unknown) =>
      read(simpleWith((raw) => ((raw.stripe as Record<string, unknown>).publishable_key = value)));
    expect(key('sk_live_abc').success).toBe(false);
    expect(key('pk_live_<script>').success).toBe(false);
    expect(key(undefined).success).toBe(false);
  });

  it('reads a nonce that is not a nonce as empty (it travels in a header)', () => {
    const parsed = read(
      simpleWith((raw) => {
        const nonce = raw.nonce as Record<string, unknown>;
        nonce.wc_store_api = 'abc\r\nX-Evil: 1';
        nonce.shipping = 12;
        nonce.clear_cart = 'x'.repeat(100_000);
        delete nonce.payment;
      }),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect([
      parsed.data.nonce.wc_store_api,
      parsed.data.nonce.shipping,
      parsed.data.nonce.clear_cart,
    ]).toEqual(['', '', '']);
    expect(parsed.data.nonce.payment).toBe('');
    expect(read(simpleWith((raw) => delete raw.nonce)).success).toBe(true);
  });

  it('cuts huge texts, and falls back on odd button settings and locales', () => {
    const huge = 'A'.repeat(1_000_000);
    const parsed = read(
      simpleWith((raw) => {
        (raw.i18n as Record<string, unknown>).no_prepaid_card = huge;
        const product = raw.product as { displayItems: { label: string }[] };
        product.displayItems[0]!.label = huge;
        raw.button = { type: '<b>', theme: 'neon', height: 'tall', radius: '6', locale: 'x'.repeat(50) };
        (raw.stripe as Record<string, unknown>).locale = { evil: true };
      }),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.i18n.no_prepaid_card).toHaveLength(1000);
    expect(parsed.data.product?.displayItems[0]?.label).toHaveLength(200);
    expect(parsed.data.button).toEqual({
      type: 'default',
      theme: 'dark',
      height: 48,
      radius: 6,
      locale: 'en',
    });
    expect(parsed.data.stripe.locale).toBe('auto');
  });

  it('reads PHP’s strings and flags, and refuses amounts, currencies and countries of the wrong kind', () => {
    const product = (change: (p: Record<string, unknown>) => void) =>
      read(simpleWith((raw) => change(raw.product as Record<string, unknown>)));
    const printed = product((p) => {
      p.total = { label: 'x', amount: '4999', pending: '1' };
      p.requestShipping = '';
      p.currency = 'EUR';
      p.country_code = 'ie';
    });
    expect(printed.success && printed.data.product).toMatchObject({
      total: { amount: 4999, pending: true },
      requestShipping: false,
      currency: 'eur',
      country_code: 'IE',
    });
    expect(product((p) => (p.total = { label: 'x', amount: 'lots' })).success).toBe(false);
    expect(product((p) => (p.total = { label: 'x', amount: 1e300 })).success).toBe(false);
    expect(product((p) => (p.currency = 'euros')).success).toBe(false);
    expect(product((p) => (p.country_code = 'IRL')).success).toBe(false);
    expect(product((p) => (p.displayItems = 'none')).success).toBe(false);
    expect(read('not an object').success).toBe(false);
    expect(read(null).success).toBe(false);
  });

  it('reads the product as absent however PHP prints nothing', () => {
    for (const nothing of ['', false, null, []]) {
      const parsed = read(simpleWith((raw) => (raw.product = nothing)));
      expect(parsed.success && parsed.data.product).toBeNull();
    }
    expect(read(simpleWith((raw) => delete raw.product)).success).toBe(true);
  });
});

describe('the wc-ajax answers (WC_Stripe_Express_Checkout_Ajax_Handler 9.4.1)', () => {
  const sheet = {
    displayItems: [
      { label: 'Subtotal', amount: 14997 },
      { key: 'total_shipping', label: 'Shipping', amount: 500 },
    ],
    total: { label: ' (via WooCommerce)', amount: 15497, pending: false },
  };

  it('get_cart_details', () => {
    const parsed = z.safeParse(CartDetailsAnswerSchema, {
      shipping_required: true,
      order_data: { currency: 'eur', country_code: 'IE', ...sheet },
    });
    expect(parsed.success && parsed.data.order_data.displayItems[1]).toEqual({
      key: 'total_shipping',
      label: 'Shipping',
      amount: 500,
      pending: false,
    });
  });

  it('get_shipping_options: rates, or an address without any', () => {
    const ok = z.safeParse(ShippingOptionsAnswerSchema, {
      shipping_options: [{ id: 'flat_rate:1', displayName: 'Flat rate', amount: 500 }],
      ...sheet,
      result: 'success',
    });
    expect(ok.success && ok.data.result === 'success' && ok.data.shipping_options).toEqual([
      { id: 'flat_rate:1', displayName: 'Flat rate', detail: '', amount: 500 },
    ]);
    const invalid = z.safeParse(ShippingOptionsAnswerSchema, {
      ...sheet,
      result: 'invalid_shipping_address',
    });
    expect(invalid.success && invalid.data.result).toBe('invalid_shipping_address');
    expect(z.safeParse(ShippingOptionsAnswerSchema, { ...sheet, result: 'fail' }).success).toBe(false);
    expect(
      z.safeParse(ShippingOptionsAnswerSchema, {
        ...sheet,
        shipping_options: [{ id: 'a b"<', displayName: 'x', amount: 0 }],
        result: 'success',
      }).success,
    ).toBe(false);
  });

  it('update_shipping_method and add_to_cart', () => {
    expect(z.safeParse(ShippingMethodAnswerSchema, { ...sheet, result: 'success' }).success).toBe(true);
    const added = z.safeParse(ExpressAddToCartAnswerSchema, { ...sheet, result: 'success', bookingId: '12' });
    expect(added.success && added.data.bookingId).toBe(12);
  });

  it('get_selected_product_data: the one rate printed as an object, or the refusal', () => {
    const parsed = z.safeParse(SelectedProductDataAnswerSchema, {
      currency: 'eur',
      country_code: 'IE',
      requestShipping: true,
      displayItems: [{ label: 'Junior Football Boots - UK 2, Blue (x2)', amount: 5998 }],
      shippingOptions: { id: 'pending', label: 'Pending', detail: '', amount: 0 },
      total: { label: ' (via WooCommerce)', amount: 5998 },
    });
    expect(parsed.success && 'shippingOptions' in parsed.data && parsed.data.shippingOptions).toEqual([
      { id: 'pending', displayName: 'Pending', detail: '', amount: 0 },
    ]);
    const refused = z.safeParse(SelectedProductDataAnswerSchema, {
      error: 'Product with the ID (9) cannot be found.',
    });
    expect(refused.success && refused.data).toEqual({ error: 'Product with the ID (9) cannot be found.' });
  });

  it('pay_for_order (deprecated): the redirect must be http(s) or this page’s hash route', () => {
    const ok = (redirect: string) =>
      z.safeParse(PayForOrderAnswerSchema, { result: 'success', redirect, order_id: 12 }).success;
    expect(ok('http://shop.test/checkout/order-received/12/?key=k')).toBe(true);
    expect(ok('#wc-stripe-confirm-pi:12:pi_1_secret_2:abcdef0123')).toBe(true);
    expect(ok('javascript:alert(1)')).toBe(false);
    const error = z.safeParse(PayForOrderAnswerSchema, { result: 'error', messages: 'Invalid request' });
    expect(error.success && error.data).toEqual({ result: 'error', messages: 'Invalid request' });
  });
});

describe('the Store API answers (WooCommerce 9.9)', () => {
  it.each([
    '51-store-api-get-cart-before-checkout',
    '24-store-api-get-cart',
    '57-store-api-get-cart-after-order',
  ])('%s parses: amounts as numbers, the rest kept', (name) => {
    const raw = json(`${name}.response.body.json`);
    const parsed = z.safeParse(StoreCartSchema, raw);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.items.length).toBe((raw.items as unknown[]).length);
    expect(typeof parsed.data.totals.total_price).toBe('number');
    expect(parsed.data.shipping_rates).toEqual(raw.shipping_rates);
  });

  it('sample 51: the lines and totals the payment sheet is made of', () => {
    const parsed = z.safeParse(
      StoreCartSchema,
      json('51-store-api-get-cart-before-checkout.response.body.json'),
    );
    if (!parsed.success) throw parsed.error;
    expect(parsed.data.totals).toMatchObject({
      total_items: 23494,
      total_discount: 2349,
      total_shipping: 495,
      total_price: 21640,
      currency_minor_unit: 2,
    });
    expect(parsed.data.items[2]).toMatchObject({
      id: 22,
      quantity: 1,
      variation: [
        { attribute: 'Size', value: 'UK 2' },
        { attribute: 'Colour', value: 'Blue' },
      ],
      totals: { line_subtotal: 2999 },
    });
    expect(parsed.data.needs_shipping).toBe(true);
  });

  it('the checkout answer, and the error object', () => {
    const address = { first_name: 'Aoife', country: 'IE' };
    const parsed = z.safeParse(StoreCheckoutAnswerSchema, {
      order_id: 101,
      status: 'processing',
      order_key: 'wc_order_abc',
      order_number: '101',
      customer_note: '',
      customer_id: 0,
      billing_address: { ...address, email: 'a@example.test' },
      shipping_address: address,
      payment_method: 'stripe',
      payment_result: {
        payment_status: 'success',
        payment_details: [{ key: 'result', value: 'success' }],
        redirect_url: 'http://shop.test/checkout/order-received/101/?key=wc_order_abc',
      },
      additional_fields: {},
      __experimentalCart: null,
      extensions: {},
    });
    expect(parsed.success && parsed.data.billing_address).toMatchObject({
      email: 'a@example.test',
      last_name: '',
    });
    const script = z.safeParse(StoreCheckoutAnswerSchema, {
      order_id: 1,
      status: 'pending',
      order_key: 'k',
      billing_address: {},
      shipping_address: {},
      payment_method: 'stripe',
      payment_result: { payment_status: 'success', payment_details: [], redirect_url: 'javascript:alert(1)' },
    });
    expect(script.success).toBe(false);
    const error = z.safeParse(
      StoreApiErrorSchema,
      json('25-store-api-add-item-no-nonce-error.response.body.json'),
    );
    expect(error.success && error.data).toEqual({
      code: 'woocommerce_rest_missing_nonce',
      message: 'Missing the Nonce header. This endpoint requires a valid nonce.',
    });
  });
});
