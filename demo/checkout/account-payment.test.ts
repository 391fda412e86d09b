/**
 * My Account's payment-method pages (demo/checkout/account-payment.ts through demo/site.ts) and the
 * card gateway's admin-ajax `wc_stripe_create_and_confirm_setup_intent` (through demo/handlers.ts):
 * the pages for a guest (the login form) and a customer (the saved cards, WooCommerce's
 * `form#add_payment_method` in the `add-payment-method` island's container with the gateway's
 * settings), the setup intent of each of Stripe's test cards, the refusals (nonce, guest, payment
 * method), the form's POST (a card kept once per intent, the notice shown once) and the added card
 * at checkout. Runs in jsdom to read pages.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readCheckoutAnswer } from '../../src/contract/checkout';
import { SetupIntentAnswerSchema } from '../../src/contract/stripe-answers';
import { AddPaymentMethodPropsSchema } from '../../widgets/add-payment-method/schema';
import { handlers } from '../handlers';
import { assetsFromManifest } from '../manifest';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import {
  ACCOUNT_PAYMENT_TEXT,
  ADD_PAYMENT_METHOD_NONCE_ACTION,
  ADD_PAYMENT_METHOD_PATH,
  PAYMENT_METHODS_PATH,
  paymentMethodsContent,
  SETUP_INTENT_ACTION,
} from './account-payment';
import { findOrder } from './orders';
import { NONCE } from './process';
import {
  cardPaymentBox,
  PROVIDER_MESSAGES,
  savedCards,
  STRIPE_DOUBLE_SRC,
  STRIPE_NONCE,
  type SavedCard,
} from './stripe';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
const LOADER = '/wp-content/plugins/shop-islands/dist/assets/loader-1.js';
const SECRET = /^seti_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const pm = (last4: string, n = 1) => `pm_double_${last4}_${n}`;

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const site = createSite({
  store,
  assets: assetsFromManifest({ 'src/islands/loader.ts': { file: 'assets/loader-1.js', isEntry: true } }),
});

let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://account${counter}.localhost`;
});

/**
 * A shopper of the demo: pages from the site, admin-ajax and wc-ajax from the MSW handlers (as the
 * demo server routes them), one cookie jar. `loggedIn`: logged in through the My Account form.
 */
async function shopper(options: { loggedIn?: boolean } = {}) {
  const client = cookieClient(origin, (request) => {
    const url = new URL(request.url);
    return url.pathname === '/wp-admin/admin-ajax.php' || url.searchParams.has('wc-ajax')
      ? fetch(request)
      : site(request);
  });
  const post = (path: string, body: Record<string, string> | URLSearchParams) =>
    client.send(path, { method: 'POST', body: new URLSearchParams(body).toString(), headers: FORM });
  const page = async (path: string) => {
    const response = await client.send(path);
    return { response, html: await response.clone().text(), doc: parse(await response.text()) };
  };
  await client.send('/my-account/');
  const session = () => store.peekSession(client.cookieHeader())!;
  if (options.loggedIn) {
    const login = await post('/my-account/', {
      username: 'demo',
      password: 'demo',
      'woocommerce-login-nonce': store.nonce(session(), 'woocommerce-login'),
      login: 'Log in',
    });
    expect(login.status).toBe(302);
    expect(session().loggedIn).toBe('demo');
  }
  const nonce = (action: string) => store.nonce(session(), action);
  /** admin-ajax `wc_stripe_create_and_confirm_setup_intent`, as the island sends it. */
  const setupIntent = async (fields: Record<string, string>) => {
    const response = await post('/wp-admin/admin-ajax.php', {
      action: SETUP_INTENT_ACTION,
      'wc-stripe-payment-type': 'card',
      _ajax_nonce: nonce(STRIPE_NONCE.createAndConfirmSetupIntent),
      ...fields,
    });
    const body = await response.text();
    return { response, body, json: () => JSON.parse(body) as Record<string, unknown> };
  };
  /** The id of a setup intent made (and, with 3220, to be confirmed) for the card `last4`. */
  const intentFor = async (last4: string, n = 1) => {
    const { json } = await setupIntent({ 'wc-stripe-payment-method': pm(last4, n) });
    const answer = z.parse(SetupIntentAnswerSchema, json());
    if (!answer.success) throw new Error(answer.data.error.message);
    return answer.data.id;
  };
  /** The add-payment-method form's POST, as printed (the island adds the setup intent). */
  const addMethod = (fields: Record<string, string> = {}) =>
    post(ADD_PAYMENT_METHOD_PATH, {
      payment_method: 'stripe',
      'wc-stripe-payment-method-upe': '',
      wc_stripe_selected_upe_payment_type: 'card',
      'wc-stripe-is-deferred-intent': '1',
      'wc-stripe-new-payment-method': 'true',
      'woocommerce-add-payment-method-nonce': nonce(ADD_PAYMENT_METHOD_NONCE_ACTION),
      _wp_http_referer: ADD_PAYMENT_METHOD_PATH,
      woocommerce_add_payment_method: '1',
      ...fields,
    });
  /** The rows of the payment-methods table: method, expires, default. */
  const listed = async () => {
    const { doc } = await page(PAYMENT_METHODS_PATH);
    return [...doc.querySelectorAll('table.woocommerce-MyAccount-paymentMethods tr')]
      .filter((tr) => tr.querySelector('td'))
      .map((tr) => [
        text(tr.querySelector('td.payment-method-method')),
        text(tr.querySelector('td.payment-method-expires')),
        tr.classList.contains('default-payment-method'),
      ]);
  };
  return { client, post, page, session, nonce, setupIntent, intentFor, addMethod, listed };
}

// -- the pages --------------------------------------------------------------------------------------

describe('the pages', () => {
  it('give a guest the login form on both endpoints (no table, no form, no Stripe.js)', async () => {
    const s = await shopper();
    for (const path of [PAYMENT_METHODS_PATH, ADD_PAYMENT_METHOD_PATH]) {
      const { response, doc } = await s.page(path);
      expect(response.status, path).toBe(200);
      expect(doc.querySelector('form.woocommerce-form-login'), path).not.toBeNull();
      expect(doc.querySelector('table.woocommerce-MyAccount-paymentMethods'), path).toBeNull();
      expect(doc.querySelector('form#add_payment_method'), path).toBeNull();
      expect(doc.querySelector('[data-island="add-payment-method"]'), path).toBeNull();
      expect(doc.querySelector(`script[src="${STRIPE_DOUBLE_SRC}"]`), path).toBeNull();
    }
  });

  it('list the customer’s saved card in WooCommerce’s table, with the "Add payment method" button', async () => {
    const s = await shopper({ loggedIn: true });
    const { response, doc } = await s.page(PAYMENT_METHODS_PATH);
    expect(response.status).toBe(200);
    expect(doc.title).toContain('Payment methods');
    expect(doc.body.className).toContain('woocommerce-account');
    expect(doc.body.className).toContain('woocommerce-payment-methods');
    const table = doc.querySelector(
      '.woocommerce-MyAccount-content > table.woocommerce-MyAccount-paymentMethods.shop_table.shop_table_responsive.account-payment-methods-table',
    )!;
    expect([...table.querySelectorAll('thead th')].map((th) => [th.className, text(th)])).toEqual([
      ['woocommerce-PaymentMethod woocommerce-PaymentMethod--method payment-method-method', 'Method'],
      ['woocommerce-PaymentMethod woocommerce-PaymentMethod--expires payment-method-expires', 'Expires'],
      ['woocommerce-PaymentMethod woocommerce-PaymentMethod--actions payment-method-actions', ''],
    ]);
    expect(await s.listed()).toEqual([['Visa ending in 4242', '12/34', true]]);
    const cell = table.querySelector('td.payment-method-method')!;
    expect(cell.getAttribute('data-title')).toBe('Method');
    const add = doc.querySelector<HTMLAnchorElement>('.woocommerce-MyAccount-content > a.button')!;
    expect([add.getAttribute('href'), text(add)]).toEqual([ADD_PAYMENT_METHOD_PATH, 'Add payment method']);
    // The account navigation, this endpoint active.
    const active = doc.querySelector('nav.woocommerce-MyAccount-navigation li.is-active a')!;
    expect([active.getAttribute('href'), active.getAttribute('aria-current')]).toEqual([
      PAYMENT_METHODS_PATH,
      'page',
    ]);
    expect(doc.querySelector('.woocommerce-info')).toBeNull();
  });

  it('say "No saved methods found." without saved cards', () => {
    const guest = store.ensureSession('').session;
    const doc = parse(paymentMethodsContent(guest));
    expect(doc.querySelector('table')).toBeNull();
    expect(text(doc.querySelector('.woocommerce-info'))).toBe(ACCOUNT_PAYMENT_TEXT.noMethods);
    expect(doc.querySelector('a.button')!.getAttribute('href')).toBe(ADD_PAYMENT_METHOD_PATH);
  });

  it('print WooCommerce’s form#add_payment_method with the gateway’s fields, in the island’s container', async () => {
    const s = await shopper({ loggedIn: true });
    const { response, doc, html } = await s.page(
      `${ADD_PAYMENT_METHOD_PATH}?from=${encodeURIComponent(HOSTILE)}`,
    );
    expect(response.status).toBe(200);
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    expect(doc.title).toContain('Add payment method');
    expect(doc.body.className).toContain('woocommerce-add-payment-method');
    const container = doc.querySelector(
      '.woocommerce-MyAccount-content > [data-island="add-payment-method"]',
    )!;
    expect(container.getAttribute('data-hydrate')).toBe('load');
    const form = container.querySelector<HTMLFormElement>(':scope > form#add_payment_method')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('action')).toBe(false);
    const payment = form.querySelector(':scope > div#payment.woocommerce-Payment')!;
    const list = payment.querySelector(':scope > ul.woocommerce-PaymentMethods.payment_methods.methods')!;
    const items = list.querySelectorAll(':scope > li');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.className).toBe(
      'woocommerce-PaymentMethod woocommerce-PaymentMethod--stripe payment_method_stripe',
    );
    const radio = item.querySelector<HTMLInputElement>(':scope > input#payment_method_stripe')!;
    expect([radio.type, radio.name, radio.value, radio.checked, radio.className]).toEqual([
      'radio',
      'payment_method',
      'stripe',
      true,
      'input-radio',
    ]);
    expect(text(item.querySelector(':scope > label[for="payment_method_stripe"]'))).toBe(
      'Credit / Debit Card',
    );
    const box = item.querySelector<HTMLElement>(
      ':scope > div.woocommerce-PaymentBox.woocommerce-PaymentBox--stripe.payment_box.payment_method_stripe',
    )!;
    const fieldset = box.querySelector(':scope > fieldset#wc-stripe-upe-form.wc-upe-form.wc-payment-form')!;
    expect(
      fieldset.querySelector('div.wc-stripe-upe-element[data-payment-method-type="card"]'),
    ).not.toBeNull();
    expect(fieldset.querySelector('div#wc-stripe-upe-errors[role="alert"]')).not.toBeNull();
    expect(
      [...fieldset.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [i.name, i.value]),
    ).toEqual([
      ['wc-stripe-payment-method-upe', ''],
      ['wc_stripe_selected_upe_payment_type', ''],
      ['wc-stripe-is-deferred-intent', '1'],
    ]);
    // The save checkbox, forced on and hidden on this page; no saved methods to choose from.
    const save = box.querySelector<HTMLInputElement>('input#wc-stripe-new-payment-method')!;
    expect([save.checked, save.value, save.closest('fieldset')!.getAttribute('style')]).toEqual([
      true,
      'true',
      'display:none;',
    ]);
    expect(box.querySelector('input[name="wc-stripe-payment-token"]')).toBeNull();
    // The nonce, the referer, the button and the handler's flag.
    const row = payment.querySelector(':scope > div.form-row')!;
    const nonce = row.querySelector<HTMLInputElement>('input#woocommerce-add-payment-method-nonce')!;
    expect(nonce.name).toBe('woocommerce-add-payment-method-nonce');
    expect(store.verifyNonce(s.session(), ADD_PAYMENT_METHOD_NONCE_ACTION, nonce.value)).toBe(true);
    expect(row.querySelector<HTMLInputElement>('input[name="_wp_http_referer"]')!.value).toBe(
      `${ADD_PAYMENT_METHOD_PATH}?from=${encodeURIComponent(HOSTILE)}`,
    );
    const button = row.querySelector<HTMLButtonElement>('button#place_order')!;
    expect([button.type, button.value, text(button), button.className]).toEqual([
      'submit',
      'Add payment method',
      'Add payment method',
      'woocommerce-Button woocommerce-Button--alt button alt',
    ]);
    const flag = row.querySelector<HTMLInputElement>('input#woocommerce_add_payment_method')!;
    expect([flag.type, flag.name, flag.value]).toEqual(['hidden', 'woocommerce_add_payment_method', '1']);
  });

  it('give the island the gateway’s settings for this page (setup mode) and print Stripe.js before the loader', async () => {
    const s = await shopper({ loggedIn: true });
    const { doc } = await s.page(ADD_PAYMENT_METHOD_PATH);
    const raw = JSON.parse(
      doc.querySelector('[data-island="add-payment-method"] > script[data-island-props]')!.textContent!,
    ) as { stripe: Record<string, unknown> };
    expect(Object.keys(raw)).toEqual(['stripe']);
    expect(raw.stripe).toMatchObject({
      isCheckout: '',
      isOrderPay: '',
      cartTotal: '0',
      isLoggedIn: '1',
      customerData: { billing_country: 'IE' },
      addPaymentReturnURL: `${origin}${PAYMENT_METHODS_PATH}`,
      // An empty cart: nothing to pay (`is_payment_needed()`).
      isPaymentNeeded: '',
    });
    expect(raw.stripe).not.toHaveProperty('orderId');
    const props = z.parse(AddPaymentMethodPropsSchema, raw);
    expect(props.stripe).toMatchObject({
      gatewayId: 'stripe',
      isCheckout: false,
      isOrderPay: false,
      isChangingPayment: false,
      cartTotal: 0,
      card_declined: PROVIDER_MESSAGES.card_declined,
    });
    expect(
      store.verifyNonce(
        s.session(),
        STRIPE_NONCE.createAndConfirmSetupIntent,
        props.stripe.createAndConfirmSetupIntentNonce,
      ),
    ).toBe(true);
    const scripts = [...doc.head.querySelectorAll('script[src]')].map((el) => el.getAttribute('src'));
    expect(scripts).toEqual([STRIPE_DOUBLE_SRC, LOADER]);
    const failed = await s.page(`${ADD_PAYMENT_METHOD_PATH}?stripe=fail-load`);
    expect([...failed.doc.head.querySelectorAll('script[src]')].map((el) => el.getAttribute('src'))).toEqual([
      LOADER,
    ]);
    // With something in the cart the gateway says a payment is needed; the element stays in setup mode.
    await s.client.send('/?add-to-cart=13');
    const withCart = await s.page(ADD_PAYMENT_METHOD_PATH);
    expect(
      JSON.parse(
        withCart.doc.querySelector('[data-island="add-payment-method"] > script[data-island-props]')!
          .textContent!,
      ),
    ).toMatchObject({ stripe: { cartTotal: '0', isPaymentNeeded: '1' } });
    // The payment-methods page has no Stripe.js.
    const list = await s.page(PAYMENT_METHODS_PATH);
    expect(list.doc.querySelector(`script[src="${STRIPE_DOUBLE_SRC}"]`)).toBeNull();
  });
});

// -- admin-ajax wc_stripe_create_and_confirm_setup_intent ------------------------------------------

describe('admin-ajax wc_stripe_create_and_confirm_setup_intent', () => {
  it('answers 4242 with a succeeded setup intent (JSON, HTTP 200)', async () => {
    const s = await shopper({ loggedIn: true });
    const { response, json } = await s.setupIntent({ 'wc-stripe-payment-method': pm('4242') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const body = json();
    expect(body).toEqual({
      success: true,
      data: {
        status: 'succeeded',
        id: expect.stringMatching(/^seti_[A-Za-z0-9]+$/),
        client_secret: expect.stringMatching(SECRET),
        next_action: null,
        payment_type: 'card',
        return_url: encodeURIComponent(`${origin}${PAYMENT_METHODS_PATH}`),
      },
    });
    const data = (body as { data: { id: string; client_secret: string } }).data;
    expect(data.client_secret.startsWith(`${data.id}_secret_`)).toBe(true);
    expect(z.parse(SetupIntentAnswerSchema, body).success).toBe(true);
  });

  it('answers 3220 with requires_action and Stripe.js’ own next action', async () => {
    const s = await shopper({ loggedIn: true });
    const body = (await s.setupIntent({ 'wc-stripe-payment-method': pm('3220') })).json();
    expect(body).toMatchObject({
      success: true,
      data: {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk' },
        client_secret: expect.stringMatching(SECRET),
        payment_type: 'card',
      },
    });
    expect(z.parse(SetupIntentAnswerSchema, body)).toMatchObject({
      success: true,
      data: { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } },
    });
  });

  it('refuses the declined cards with their messages', async () => {
    const s = await shopper({ loggedIn: true });
    const cases: [string, string][] = [
      ['0002', 'The card was declined.'],
      ['9995', 'Your card has insufficient funds.'],
      ['0069', PROVIDER_MESSAGES.expired_card],
    ];
    for (const [last4, message] of cases) {
      const { response, json } = await s.setupIntent({ 'wc-stripe-payment-method': pm(last4) });
      expect(response.status, last4).toBe(200);
      expect(json(), last4).toEqual({ success: false, data: { error: { message } } });
      expect(z.parse(SetupIntentAnswerSchema, json())).toEqual({
        success: false,
        data: { error: { message } },
      });
    }
  });

  it('refuses a missing payment method, one Stripe would not know, and another payment type', async () => {
    const s = await shopper({ loggedIn: true });
    const refused = { success: false, data: { error: { message: ACCOUNT_PAYMENT_TEXT.noPaymentMethod } } };
    const cases: Record<string, string>[] = [
      {},
      { 'wc-stripe-payment-method': '' },
      { 'wc-stripe-payment-method': 'pm_card_visa' },
      { 'wc-stripe-payment-method': HOSTILE },
      { 'wc-stripe-payment-method': pm('4242'), 'wc-stripe-payment-type': 'sepa_debit' },
    ];
    for (const fields of cases) {
      const { json, body } = await s.setupIntent(fields);
      expect(json(), JSON.stringify(fields)).toEqual(refused);
      expect(body).not.toMatch(/<script|<img/);
    }
  });

  it('adds the subscriptions’ "update all" argument to the return URL when asked', async () => {
    const s = await shopper({ loggedIn: true });
    const body = (
      await s.setupIntent({
        'wc-stripe-payment-method': pm('4242'),
        update_all_subscription_payment_methods: '1',
      })
    ).json() as { data: { return_url: string } };
    expect(decodeURIComponent(body.data.return_url)).toBe(
      `${origin}${PAYMENT_METHODS_PATH}?wc-stripe-card-update-all-subscription-payment-methods=true`,
    );
  });

  it('refuses a bad nonce with the gateway’s message; takes `_wpnonce` as check_ajax_referer does', async () => {
    const s = await shopper({ loggedIn: true });
    for (const nonce of ['', 'abcdef0123', s.nonce(STRIPE_NONCE.createSetupIntent)]) {
      const { response, json } = await s.setupIntent({
        'wc-stripe-payment-method': pm('4242'),
        _ajax_nonce: nonce,
      });
      expect(response.status).toBe(200);
      expect(json()).toEqual({
        success: false,
        data: { error: { message: ACCOUNT_PAYMENT_TEXT.invalidNonce } },
      });
    }
    const viaWpnonce = await s.post('/wp-admin/admin-ajax.php', {
      action: SETUP_INTENT_ACTION,
      'wc-stripe-payment-method': pm('4242'),
      _wpnonce: s.nonce(STRIPE_NONCE.createAndConfirmSetupIntent),
    });
    expect(await viaWpnonce.json()).toMatchObject({ success: true, data: { status: 'succeeded' } });
  });

  it('is not there for a guest or a request without a session: admin-ajax’s "0", HTTP 400', async () => {
    const s = await shopper();
    const guest = await s.setupIntent({ 'wc-stripe-payment-method': pm('4242') });
    expect([guest.response.status, guest.body]).toEqual([400, '0']);
    const anonymous = await fetch(new URL('/wp-admin/admin-ajax.php', origin), {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({
        action: SETUP_INTENT_ACTION,
        'wc-stripe-payment-method': pm('4242'),
      }).toString(),
    });
    expect([anonymous.status, await anonymous.text()]).toEqual([400, '0']);
  });
});

// -- the form's POST ----------------------------------------------------------------------------------

describe('the add-payment-method form’s POST', () => {
  it('keeps the card of a succeeded setup intent: 302 to the list, the notice once, the card listed', async () => {
    const s = await shopper({ loggedIn: true });
    const intent = await s.intentFor('5556');
    const response = await s.addMethod({ 'wc-stripe-setup-intent': intent });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(PAYMENT_METHODS_PATH);
    const { doc } = await s.page(PAYMENT_METHODS_PATH);
    const notices = doc.querySelectorAll('.woocommerce-MyAccount-content .woocommerce-message');
    expect([...notices].map(text)).toEqual([ACCOUNT_PAYMENT_TEXT.added]);
    expect(await s.listed()).toEqual([
      ['Visa ending in 4242', '12/34', true],
      ['Visa ending in 5556', '12/34', false],
    ]);
    // Shown once.
    const again = await s.page(PAYMENT_METHODS_PATH);
    expect(again.doc.querySelector('.woocommerce-message')).toBeNull();
  });

  it('offers and takes the added card at checkout', async () => {
    const s = await shopper({ loggedIn: true });
    await s.addMethod({ 'wc-stripe-setup-intent': await s.intentFor('5556', 7) });
    const cards = savedCards(s.session());
    expect(cards.map((c: SavedCard) => [c.token, c.label, c.paymentMethodId])).toEqual([
      ['1', 'Visa ending in 4242 (expires 12/34)', 'pm_demo_saved_visa_4242'],
      ['2', 'Visa ending in 5556 (expires 12/34)', pm('5556', 7)],
    ]);
    // The gateway's box lists the session's cards (the default checked).
    const box = parse(cardPaymentBox({ open: true, loggedIn: true, guestMaySave: false, cards }));
    const list = box.querySelector('ul.woocommerce-SavedPaymentMethods')!;
    expect(list.getAttribute('data-count')).toBe('2');
    expect(
      [...list.querySelectorAll<HTMLInputElement>('input[name="wc-stripe-payment-token"]')].map((r) => [
        r.value,
        r.checked,
        text(list.querySelector(`label[for="${r.id}"]`)),
      ]),
    ).toEqual([
      ['1', true, 'Visa ending in 4242 (expires 12/34)'],
      ['2', false, 'Visa ending in 5556 (expires 12/34)'],
      ['new', false, 'Use a new payment method'],
    ]);
    // The wc-ajax checkout pays with it.
    await s.client.send('/?add-to-cart=13');
    const answer = readCheckoutAnswer(
      await (
        await s.post('/?wc-ajax=checkout', {
          billing_first_name: 'Aoife',
          billing_last_name: 'Murphy',
          billing_country: 'IE',
          billing_address_1: '12 Main Street',
          billing_city: 'Dublin',
          billing_state: 'D',
          billing_postcode: 'D02 X285',
          billing_phone: '+353 1 555 0100',
          billing_email: 'aoife.murphy@example.test',
          'shipping_method[0]': 'flat_rate:1',
          payment_method: 'stripe',
          'wc-stripe-payment-token': '2',
          'wc-stripe-is-deferred-intent': '1',
          'woocommerce-process-checkout-nonce': s.nonce(NONCE.checkout),
        })
      ).text(),
    );
    if (answer.kind !== 'success') throw new Error(`not paid: ${JSON.stringify(answer)}`);
    expect(findOrder(store, Number(answer.orderId))).toMatchObject({
      status: 'processing',
      card: { token: '2', paymentMethodId: pm('5556', 7) },
    });
  });

  it('takes the intent of a 3-D Secure card (confirmed by Stripe.js in the browser)', async () => {
    const s = await shopper({ loggedIn: true });
    const response = await s.addMethod({ 'wc-stripe-setup-intent': await s.intentFor('3220') });
    expect(response.status).toBe(302);
    expect(await s.listed()).toEqual([
      ['Visa ending in 4242', '12/34', true],
      ['Visa ending in 3220', '12/34', false],
    ]);
  });

  it('refuses a forged, unknown, missing or another session’s setup intent, and adds nothing', async () => {
    const s = await shopper({ loggedIn: true });
    const other = await shopper({ loggedIn: true });
    const theirs = await other.intentFor('5556');
    for (const intent of [undefined, '', 'seti_forged', `seti_${'A'.repeat(24)}`, HOSTILE, theirs]) {
      const response = await s.addMethod(intent === undefined ? {} : { 'wc-stripe-setup-intent': intent });
      expect(response.status, String(intent)).toBe(200);
      const html = await response.text();
      expect(html).not.toMatch(/<script>alert|<img src=x/);
      const doc = parse(html);
      expect(
        [...doc.querySelectorAll('.woocommerce-MyAccount-content .woocommerce-error li')].map(text),
      ).toEqual([ACCOUNT_PAYMENT_TEXT.unable]);
      // The form again, for another try.
      expect(doc.querySelector('form#add_payment_method')).not.toBeNull();
    }
    expect(await s.listed()).toEqual([['Visa ending in 4242', '12/34', true]]);
    // The other shopper's intent is still theirs to use.
    expect((await other.addMethod({ 'wc-stripe-setup-intent': theirs })).status).toBe(302);
  });

  it('keeps one card per setup intent: a replayed POST is refused', async () => {
    const s = await shopper({ loggedIn: true });
    const intent = await s.intentFor('5556');
    expect((await s.addMethod({ 'wc-stripe-setup-intent': intent })).status).toBe(302);
    const replay = await s.addMethod({ 'wc-stripe-setup-intent': intent });
    expect(replay.status).toBe(200);
    expect(text(parse(await replay.text()).querySelector('.woocommerce-error'))).toBe(
      ACCOUNT_PAYMENT_TEXT.unable,
    );
    expect(await s.listed()).toEqual([
      ['Visa ending in 4242', '12/34', true],
      ['Visa ending in 5556', '12/34', false],
    ]);
  });

  it('does not add a card the customer already has (the same test card): its token is updated', async () => {
    const s = await shopper({ loggedIn: true });
    const response = await s.addMethod({ 'wc-stripe-setup-intent': await s.intentFor('4242', 3) });
    expect(response.status).toBe(302);
    expect(await s.listed()).toEqual([['Visa ending in 4242', '12/34', true]]);
    expect(savedCards(s.session()).map((c) => [c.token, c.paymentMethodId])).toEqual([['1', pm('4242', 3)]]);
  });

  it('ignores a POST with a bad nonce or another gateway, as WooCommerce does (no notice, nothing added)', async () => {
    const s = await shopper({ loggedIn: true });
    const intent = await s.intentFor('5556');
    const cases: Record<string, string>[] = [
      { 'woocommerce-add-payment-method-nonce': 'abcdef0123' },
      { 'woocommerce-add-payment-method-nonce': '' },
      { payment_method: 'cod' },
    ];
    for (const fields of cases) {
      const response = await s.addMethod({ 'wc-stripe-setup-intent': intent, ...fields });
      expect(response.status).toBe(200);
      const doc = parse(await response.text());
      expect(doc.querySelector('.woocommerce-error, .woocommerce-message')).toBeNull();
      expect(doc.querySelector('form#add_payment_method')).not.toBeNull();
    }
    expect(await s.listed()).toEqual([['Visa ending in 4242', '12/34', true]]);
    // The intent is still good for the real form.
    expect((await s.addMethod({ 'wc-stripe-setup-intent': intent })).status).toBe(302);
  });

  it('refuses a guest with WooCommerce’s notice above the login form', async () => {
    const s = await shopper();
    const response = await s.addMethod({ 'wc-stripe-setup-intent': 'seti_forged' });
    expect(response.status).toBe(200);
    const doc = parse(await response.text());
    expect(text(doc.querySelector('.woocommerce-error'))).toBe(ACCOUNT_PAYMENT_TEXT.unable);
    expect(doc.querySelector('form.woocommerce-form-login')).not.toBeNull();
    expect(savedCards(s.session())).toEqual([]);
  });

  it('keeps the cards with the customer: none while the session is logged out', async () => {
    const s = await shopper({ loggedIn: true });
    await s.addMethod({ 'wc-stripe-setup-intent': await s.intentFor('5556') });
    s.session().loggedIn = null;
    expect(savedCards(s.session())).toEqual([]);
    s.session().loggedIn = 'demo';
    expect(savedCards(s.session())).toHaveLength(2);
  });
});
