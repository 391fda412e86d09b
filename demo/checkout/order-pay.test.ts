/**
 * The order-pay page (demo/checkout/order-pay.ts through demo/site.ts): WooCommerce 9.9's
 * `checkout/form-pay.php` for the seeded pending order, in the `checkout` island's container; its
 * refusals (unknown order, wrong key, an order that cannot be paid for); the form's post
 * (`WC_Form_Handler::pay_action()`: nonce, terms, payment method, status, redirect) and the
 * order-received page it leads to, extra query arguments ignored. Runs in jsdom to read pages.
 */
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { locatorOf, resolve } from '../../src/islands/locate';
import island from '../../widgets/checkout/island';
import { CheckoutPropsSchema } from '../../widgets/checkout/schema';
import { SITE_TITLE } from '../fixtures';
import { IslandCollector } from '../islands';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import {
  ORDER_PAY_TEXT,
  orderPayContent,
  PAY_FOR_ORDER_ID,
  PAY_FOR_ORDER_KEY,
  PAY_FOR_ORDER_PATH,
  PAY_NONCE_ACTION,
} from './order-pay';
import { checkoutIslandProps } from './page';
import { findOrder, placeOrder } from './orders';

const ORIGIN = 'http://demo.localhost';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const HOSTILE = '"><img src=x onerror=alert(1)>';
const RECEIVED = `/checkout/order-received/${PAY_FOR_ORDER_ID}/?key=${PAY_FOR_ORDER_KEY}`;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

const site = createSite({ store });

beforeEach(() => resetStore());

/** A shopper (own cookies, redirects not followed) on the demo's customer payment page. */
async function shopper() {
  const client = cookieClient(ORIGIN, site);
  await client.send('/');
  const session = () => store.peekSession(client.cookieHeader())!;
  const order = () => findOrder(store, PAY_FOR_ORDER_ID, session())!;
  const page = async (path = PAY_FOR_ORDER_PATH) => {
    const response = await client.send(path);
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  /** The form as the browser posts it, with `changes` (null: the field left out). */
  const fields = (changes: Record<string, string | null> = {}) => {
    const all: Record<string, string | null> = {
      payment_method: 'cod',
      woocommerce_pay: '1',
      terms: 'on',
      'terms-field': '1',
      'woocommerce-pay-nonce': store.nonce(session(), PAY_NONCE_ACTION),
      _wp_http_referer: PAY_FOR_ORDER_PATH,
      ...changes,
    };
    return new URLSearchParams(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
    ).toString();
  };
  const post = (changes: Record<string, string | null> = {}, path = PAY_FOR_ORDER_PATH) =>
    client.send(path, { method: 'POST', headers: FORM, body: fields(changes) });
  const postPage = async (changes: Record<string, string | null> = {}) => {
    const response = await post(changes);
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  return { ...client, session, order, page, post, postPage };
}

const block = (doc: Document) => doc.querySelector('.entry-content > .woocommerce')!;
const container = (doc: Document) =>
  doc.querySelector<HTMLElement>('.entry-content > .woocommerce > [data-island="checkout"]');
const payForm = (doc: Document) => doc.querySelector<HTMLFormElement>('form#order_review');
const errors = (doc: Document) =>
  [...block(doc).querySelectorAll('.woocommerce-error li')].map((li) => text(li));
const STATUS_PROCESSING =
  'This order’s status is “Processing”—it cannot be paid for. Please contact us if you need assistance.';

describe('the order-pay page', () => {
  it("prints WooCommerce's form-pay.php for the pending order, inside the checkout island's container", async () => {
    const s = await shopper();
    const doc = await s.page();
    expect(doc.title).toBe(`Pay for order – ${SITE_TITLE}`);
    expect(doc.body.classList).toContain('woocommerce-order-pay');
    expect(doc.body.classList).toContain('woocommerce-checkout');
    expect(text(doc.querySelector('h1.entry-title'))).toBe('Pay for order');

    const island = container(doc)!;
    expect(island).not.toBeNull();
    expect(island.dataset.hydrate).toBe('load');
    const props = z.parse(
      CheckoutPropsSchema,
      JSON.parse(island.querySelector(':scope > script[data-island-props]')!.textContent!),
    );
    const checkout = checkoutIslandProps(store, s.session(), ORIGIN);
    expect(props.isCheckout).toBe(false);
    expect(props.nonces).toEqual(checkout.nonces);
    expect(props.ordersUrl).toBe(checkout.ordersUrl);
    // The card gateway's settings for this order (demo/checkout/stripe.ts).
    expect(props.stripe).toMatchObject({
      isOrderPay: true,
      isCheckout: false,
      orderId: '99',
      cartTotal: 3498,
    });
    // The notices wrapper, then the form, both in the container (the island adopts them).
    expect(island.querySelector(':scope > .woocommerce-notices-wrapper')).not.toBeNull();
    const form = island.querySelector<HTMLFormElement>(':scope > form#order_review')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('action')).toBe(false);
    expect(form.classList.contains('checkout')).toBe(false);

    // The order: 2 × Training Ball, its totals.
    const table = form.querySelector('table.shop_table')!;
    expect([...table.querySelectorAll('thead th')].map(text)).toEqual(['Product', 'Qty', 'Totals']);
    const lines = [...table.querySelectorAll('tbody tr.order_item')];
    expect(lines.map((tr) => [...tr.querySelectorAll('td')].map(text))).toEqual([
      ['Training Ball', '× 2', '€29.98'],
    ]);
    expect(
      [...table.querySelectorAll('tfoot tr')].map((tr) => [
        text(tr.querySelector('th[scope="row"][colspan="2"]')),
        text(tr.querySelector('td.product-total')),
      ]),
    ).toEqual([
      ['Subtotal:', '€29.98'],
      ['Shipping:', '€5.00 via Flat rate'],
      ['Total:', '€34.98'],
    ]);

    // #payment: the gateways (the first chosen), the terms, the button and the nonce.
    const payment = form.querySelector('#payment')!;
    const radios = [...payment.querySelectorAll<HTMLInputElement>('input[name="payment_method"]')];
    expect(radios.map((r) => [r.value, r.checked, r.dataset.order_button_text])).toEqual([
      ['cod', true, ''],
      ['bacs', false, ''],
      ['cheque', false, ''],
      ['stripe', false, ''],
    ]);
    expect(text(payment.querySelector('label[for="payment_method_cheque"]'))).toBe('Check payments');
    expect(payment.querySelector<HTMLElement>('.payment_box.payment_method_cheque')!.style.display).toBe(
      'none',
    );
    expect(payment.querySelector<HTMLElement>('.payment_box.payment_method_cod')!.style.display).toBe('');
    const button = payment.querySelector<HTMLButtonElement>('button#place_order')!;
    expect([button.type, button.value, button.dataset.value, text(button), button.name]).toEqual([
      'submit',
      'Pay for order',
      'Pay for order',
      'Pay for order',
      '',
    ]);
    const hidden = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
    expect(hidden('woocommerce_pay')).toBe('1');
    expect(hidden('woocommerce-pay-nonce')).toBe(store.nonce(s.session(), 'woocommerce-pay'));
    expect(form.querySelector('#woocommerce-pay-nonce')).not.toBeNull();
    expect(hidden('_wp_http_referer')).toBe(PAY_FOR_ORDER_PATH);
    expect(hidden('terms-field')).toBe('1');
    const terms = form.querySelector<HTMLInputElement>('input[type="checkbox"]#terms')!;
    expect(terms.name).toBe('terms');
    expect(terms.checked).toBe(false);
    expect(text(terms.closest('label'))).toContain(
      'I have read and agree to the website terms and conditions',
    );
    expect(form.querySelector('.woocommerce-privacy-policy-text')).not.toBeNull();
  });

  it('escapes what came from the request and the order’s own values', async () => {
    const s = await shopper();
    const path = `${PAY_FOR_ORDER_PATH}&x=${encodeURIComponent(HOSTILE)}&y=${HOSTILE}`;
    const doc = await s.page(path);
    expect(doc.querySelector('img')).toBeNull();
    const referer = payForm(doc)!.querySelector<HTMLInputElement>('input[name="_wp_http_referer"]')!;
    // `$_SERVER['REQUEST_URI']`, escaped as an attribute: read back as it was requested.
    expect(referer.value).toBe(new URL(path, ORIGIN).pathname + new URL(path, ORIGIN).search);

    s.order().lines[0]!.name = HOSTILE;
    s.order().shippingMethod = HOSTILE;
    const again = await s.page();
    expect(again.querySelector('img')).toBeNull();
    expect(text(again.querySelector('tr.order_item td.product-name'))).toBe(HOSTILE);
    expect(text(again.querySelector('small.shipped_via'))).toBe(`via ${HOSTILE}`);

    // The request URI as a server may hand it over (unencoded quotes): escaped all the same.
    const content = orderPayContent({
      store,
      session: s.session(),
      islands: new IslandCollector(),
      origin: ORIGIN,
      id: PAY_FOR_ORDER_ID,
      query: new URLSearchParams({ pay_for_order: 'true', key: PAY_FOR_ORDER_KEY }),
      requestUri: `/checkout/order-pay/99/?x=${HOSTILE}`,
      notices: [{ type: 'error', html: 'Trusted <strong>notice</strong>' }],
    });
    const direct = parse(content);
    expect(direct.querySelector('img')).toBeNull();
    expect(direct.querySelector<HTMLInputElement>('input[name="_wp_http_referer"]')!.value).toBe(
      `/checkout/order-pay/99/?x=${HOSTILE}`,
    );
    expect(direct.querySelector('.woocommerce-notices-wrapper .woocommerce-error strong')).not.toBeNull();

    // A hostile key is not printed at all: the order is invalid.
    const wrong = await s.page(`/checkout/order-pay/${PAY_FOR_ORDER_ID}/?pay_for_order=true&key=${HOSTILE}`);
    expect(wrong.querySelector('img')).toBeNull();
    expect(errors(wrong)).toEqual([ORDER_PAY_TEXT.invalid]);
  });

  it('refuses an unknown order, a wrong or missing key, and order 0 with WooCommerce’s words, without a form', async () => {
    const s = await shopper();
    const cases: [string, string][] = [
      [
        `/checkout/order-pay/${PAY_FOR_ORDER_ID}/?pay_for_order=true&key=wc_order_nope`,
        ORDER_PAY_TEXT.invalid,
      ],
      [`/checkout/order-pay/${PAY_FOR_ORDER_ID}/?pay_for_order=true&key=`, ORDER_PAY_TEXT.invalid],
      [`/checkout/order-pay/12345/?pay_for_order=true&key=${PAY_FOR_ORDER_KEY}`, ORDER_PAY_TEXT.invalid],
      [`/checkout/order-pay/${PAY_FOR_ORDER_ID}/?key=wc_order_nope`, ORDER_PAY_TEXT.invalid],
      [`/checkout/order-pay/${PAY_FOR_ORDER_ID}/`, ORDER_PAY_TEXT.invalid],
      [`/checkout/order-pay/0/?pay_for_order=true&key=${PAY_FOR_ORDER_KEY}`, ORDER_PAY_TEXT.invalidOrder],
    ];
    for (const [path, message] of cases) {
      const doc = await s.page(path);
      expect(errors(doc), path).toEqual([message]);
      expect(block(doc).querySelector('ul.woocommerce-error')!.getAttribute('role')).toBe('alert');
      expect(payForm(doc), path).toBeNull();
      expect(container(doc), path).toBeNull();
      expect(text(doc.querySelector('h1.entry-title'))).toBe('Pay for order');
    }
    expect(s.order().status).toBe('pending');
  });

  it('without pay_for_order, shows the order’s receipt (order-receipt.php)', async () => {
    const s = await shopper();
    const doc = await s.page(`/checkout/order-pay/${PAY_FOR_ORDER_ID}/?key=${PAY_FOR_ORDER_KEY}`);
    expect(payForm(doc)).toBeNull();
    expect([...block(doc).querySelectorAll('ul.order_details > li')].map(text)).toEqual([
      `Order number: ${PAY_FOR_ORDER_ID}`,
      'Date: September 28, 2026',
      'Total: €34.98',
    ]);
  });

  it('warns a logged-in shopper that the order is a guest’s, and still shows the form', async () => {
    const s = await shopper();
    s.session().loggedIn = 'demo';
    const doc = await s.page();
    expect(errors(doc)).toEqual([ORDER_PAY_TEXT.guestOrder]);
    expect(payForm(doc)).not.toBeNull();
  });

  it('gives every session its own copy of the pending order; resetStore() forgets the copies', async () => {
    const a = await shopper();
    const b = await shopper();
    expect((await a.post()).status).toBe(302);
    expect(a.order().status).toBe('processing');
    expect(b.order().status).toBe('pending');
    expect(payForm(await b.page())).not.toBeNull();
    resetStore();
    const c = await shopper();
    expect(c.order().status).toBe('pending');
  });

  it('mounts the checkout island over the printed form: the chosen method’s box, the button’s text', async () => {
    const s = await shopper();
    const doc = await s.page();
    const host = document.createElement('div');
    host.innerHTML = container(doc)!.outerHTML;
    document.body.append(host);
    const el = host.firstElementChild as HTMLElement;
    const props = JSON.parse(el.querySelector('script[data-island-props]')!.textContent!) as unknown;
    const mounted = await island.mount(el, props, { name: 'checkout', locate: { locatorOf, resolve } });
    if (!mounted.ok) throw new Error(mounted.problem);
    try {
      fireEvent.click(el.querySelector('#payment_method_cheque')!);
      expect(el.querySelector<HTMLElement>('.payment_box.payment_method_cheque')!.style.display).toBe('');
      expect(el.querySelector<HTMLElement>('.payment_box.payment_method_cod')!.style.display).toBe('none');
      // Check payments has no button text of its own: the button keeps "Pay for order".
      expect(text(el.querySelector('#place_order'))).toBe('Pay for order');
    } finally {
      mounted.unmount();
      host.remove();
    }
  });
});

describe('the order-pay form’s post (pay_action)', () => {
  afterEach(() => resetStore());

  it('pays with cash on delivery: processing, the method recorded, the cart emptied, 302 to the order-received page', async () => {
    const s = await shopper();
    await s.send('/?add-to-cart=13');
    expect(store.cartCount(s.session())).toBe(1);
    const response = await s.post();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(RECEIVED);
    expect(s.order()).toMatchObject({
      status: 'processing',
      paymentMethod: 'cod',
      paymentMethodTitle: 'Cash on delivery',
    });
    // WC_Gateway_COD::process_payment() empties the cart.
    expect(store.cartCount(s.session())).toBe(0);
  });

  it('pays by check or bank transfer: on hold', async () => {
    for (const [method, title] of [
      ['cheque', 'Check payments'],
      ['bacs', 'Direct bank transfer'],
    ] as const) {
      resetStore();
      const s = await shopper();
      expect((await s.post({ payment_method: method })).status).toBe(302);
      expect(s.order()).toMatchObject({
        status: 'on-hold',
        paymentMethod: method,
        paymentMethodTitle: title,
      });
    }
  });

  it('refuses a bad or missing nonce: the notice, the form again, nothing changed', async () => {
    const s = await shopper();
    for (const nonce of ['0123456789', null]) {
      const doc = await s.postPage({ 'woocommerce-pay-nonce': nonce });
      expect(errors(doc)).toEqual([ORDER_PAY_TEXT.nonce]);
      // In the island's container, in WooCommerce's notices wrapper.
      expect(container(doc)!.querySelector('.woocommerce-notices-wrapper .woocommerce-error')).not.toBeNull();
      expect(payForm(doc)).not.toBeNull();
      expect(s.order()).toMatchObject({ status: 'pending', paymentMethod: '' });
    }
    // Another session's nonce is refused too.
    const other = await shopper();
    const stolen = await s.postPage({
      'woocommerce-pay-nonce': store.nonce(other.session(), PAY_NONCE_ACTION),
    });
    expect(errors(stolen)).toEqual([ORDER_PAY_TEXT.nonce]);
    expect(s.order().status).toBe('pending');
  });

  it('requires the terms when their box is printed; a form without the box needs none', async () => {
    const s = await shopper();
    const doc = await s.postPage({ terms: null });
    expect(errors(doc)).toEqual([ORDER_PAY_TEXT.terms]);
    expect(payForm(doc)).not.toBeNull();
    expect(s.order().status).toBe('pending');
    expect((await s.post({ terms: null, 'terms-field': null })).status).toBe(302);
  });

  it('refuses a payment method that is not an available gateway; the ticked terms stay ticked', async () => {
    const s = await shopper();
    for (const method of ['paypal', '', null, HOSTILE]) {
      const doc = await s.postPage({ payment_method: method });
      expect(errors(doc)).toEqual([ORDER_PAY_TEXT.invalidMethod]);
      expect(doc.querySelector('img')).toBeNull();
      expect(payForm(doc)!.querySelector<HTMLInputElement>('#terms')!.checked).toBe(true);
      expect(s.order()).toMatchObject({ status: 'pending', paymentMethod: '' });
    }
  });

  it('never pays twice: a second post gets the not-pending error and changes nothing', async () => {
    const s = await shopper();
    expect((await s.post({ payment_method: 'cod' })).status).toBe(302);
    const before = structuredClone(s.order());
    await s.send('/?add-to-cart=13');
    store.takeNotices(s.session());
    const again = await s.postPage({ payment_method: 'cheque' });
    expect(errors(again)).toEqual([STATUS_PROCESSING]);
    expect(payForm(again)).toBeNull();
    expect(s.order()).toEqual(before);
    // Nothing was processed: the cart is still there.
    expect(store.cartCount(s.session())).toBe(1);
    // The page itself says the same.
    expect(errors(await s.page())).toEqual([STATUS_PROCESSING]);
  });

  it('an on-hold order cannot be paid either', async () => {
    const s = await shopper();
    await s.post({ payment_method: 'bacs' });
    expect(errors(await s.page())).toEqual([
      'This order’s status is “On hold”—it cannot be paid for. Please contact us if you need assistance.',
    ]);
  });

  it('a post with a wrong key pays nothing and shows the invalid-order error', async () => {
    const s = await shopper();
    const response = await s.post(
      {},
      `/checkout/order-pay/${PAY_FOR_ORDER_ID}/?pay_for_order=true&key=wc_order_nope`,
    );
    expect(response.status).toBe(200);
    expect(errors(parse(await response.text()))).toEqual([ORDER_PAY_TEXT.invalid]);
    expect(s.order().status).toBe('pending');
  });
});

describe('the order-received page after paying', () => {
  it('shows the paid order, with extra query arguments (utm_nooverride=1) ignored', async () => {
    const s = await shopper();
    const location = (await s.post({ payment_method: 'cheque' })).headers.get('location')!;
    for (const path of [
      location,
      `${location}&utm_nooverride=1`,
      `${location}&utm_nooverride=1&foo=${HOSTILE}`,
    ]) {
      const doc = await s.page(path);
      expect(doc.querySelector('img'), path).toBeNull();
      expect(doc.body.classList).toContain('woocommerce-order-received');
      const overview = [...doc.querySelectorAll('.woocommerce-order-overview > li')].map(text);
      expect(overview, path).toEqual([
        `Order number: ${PAY_FOR_ORDER_ID}`,
        'Date: September 28, 2026',
        'Total: €34.98',
        'Payment method: Check payments',
      ]);
      expect(text(doc.querySelector('.woocommerce-order-details tbody'))).toBe('Training Ball × 2 €29.98');
    }
    // A wrong key shows only WooCommerce's "received" text.
    const wrong = await s.page(
      `/checkout/order-received/${PAY_FOR_ORDER_ID}/?key=wc_order_nope&utm_nooverride=1`,
    );
    expect(wrong.querySelector('.woocommerce-order-overview')).toBeNull();
    expect(text(wrong.querySelector('.woocommerce-thankyou-order-received'))).toBe(
      'Thank you. Your order has been received.',
    );
  });

  it('an order placed at the checkout takes utm_nooverride=1 too', async () => {
    const s = await shopper();
    await s.send('/?add-to-cart=13');
    const order = placeOrder(store, s.session(), {
      paymentMethod: 'cod',
      billing: { first_name: 'Aoife', country: 'IE' },
      shipping: { country: 'IE' },
      customerNote: '',
    });
    const doc = await s.page(`/checkout/order-received/${order.id}/?key=${order.key}&utm_nooverride=1`);
    expect(text(doc.querySelector('.woocommerce-order-overview__order'))).toBe(`Order number: ${order.id}`);
  });
});
