/**
 * The card gateway of the WooCommerce Stripe Gateway 9.x in the demo store (demo/checkout/stripe.ts):
 * its box (guest and logged-in) against sample 40, its settings against the recorded
 * `wc_stripe_upe_params` and the island's schema, each of Stripe's test cards through the wc-ajax
 * `checkout` endpoint, the 3-D Secure route with `wc_stripe_update_order_status` and
 * `wc_stripe_update_failed_order`, the order awaiting payment taken again, the order-pay page, and
 * the Stripe.js double the pages print (demo/stripe/double-script.test.ts: the server's bundle).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readCheckoutAnswer } from '../../src/contract/checkout';
import { providerMessages, StripeSettingsSchema } from '../../src/contract/stripe';
import { OrderStatusAnswerSchema } from '../../src/contract/stripe-answers';
import { CheckoutPropsSchema } from '../../widgets/checkout/schema';
import { handlers } from '../handlers';
import { assetsFromManifest } from '../manifest';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { paymentBox } from './markup';
import { orderReceivedContent } from './order-received';
import { PAY_FOR_ORDER_ID, PAY_FOR_ORDER_PATH, PAY_NONCE_ACTION } from './order-pay';
import { allOrders, findOrder, GATEWAYS, type Order } from './orders';
import { NONCE } from './process';
import {
  CARD_TEXT,
  PROVIDER_MESSAGES,
  STRIPE_DOUBLE_SRC,
  STRIPE_NONCE,
  stripeSettings,
  testCardDigits,
} from './stripe';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const sample = (name: string) => readFileSync(`${SAMPLES}/${name}`, 'utf8');
const PAGE_40 = sample('40-get-checkout-page.response.body.html');
const RECORDED_PARAMS = JSON.parse(sample('params/checkout.wc_stripe_upe_params.json')) as Record<
  string,
  unknown
>;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://card${counter}.localhost`;
});

/** A shopper with Pro Match Football × 3 (€149.97 + €5 flat rate), talking to the MSW handlers. */
async function shopper(options: { loggedIn?: boolean } = {}) {
  const { send, cookieHeader } = cookieClient(origin, (request) => fetch(request));
  const post = (path: string, body: string | URLSearchParams) =>
    send(path, { method: 'POST', body: body.toString(), headers: FORM });
  await post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=3');
  const session = store.peekSession(cookieHeader())!;
  if (options.loggedIn) session.loggedIn = 'demo';
  const nonce = (action: string) => store.nonce(session, action);
  const checkout = async (extra: Record<string, string> = {}) => {
    const response = await post(
      '/?wc-ajax=checkout',
      new URLSearchParams({
        billing_first_name: 'Aoife',
        billing_last_name: 'Murphy',
        billing_company: '',
        billing_country: 'IE',
        billing_address_1: '12 Main Street',
        billing_address_2: '',
        billing_city: 'Dublin',
        billing_state: 'D',
        billing_postcode: 'D02 X285',
        billing_phone: '+353 1 555 0100',
        billing_email: 'aoife.murphy@example.test',
        order_comments: '',
        'shipping_method[0]': 'flat_rate:1',
        payment_method: 'stripe',
        'wc-stripe-is-deferred-intent': '1',
        wc_stripe_selected_upe_payment_type: 'card',
        'woocommerce-process-checkout-nonce': nonce(NONCE.checkout),
        _wp_http_referer: '/checkout/',
        ...extra,
      }),
    );
    const text = await response.text();
    return {
      response,
      text,
      answer: readCheckoutAnswer(text),
      raw: JSON.parse(text) as Record<string, unknown>,
    };
  };
  /** The wc-ajax call of the gateway, answered as `OrderStatusAnswerSchema` reads it. */
  const gateway = async (endpoint: string, fields: Record<string, string>) => {
    const response = await post(`/?wc-ajax=${endpoint}`, new URLSearchParams(fields));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    return { response, text: await response.text() };
  };
  return { post, send, session, nonce, checkout, gateway, cookieHeader };
}

const pm = (last4: string, n = 1) => `pm_double_${last4}_${n}`;

/** The confirmation route of a 3-D Secure answer. */
function confirmRoute(redirect: string) {
  const m = /^#wc-stripe-confirm-pi:(\d+):((pi_[A-Za-z0-9]{24})_secret_[A-Za-z0-9]{24}):([0-9a-f]{10})$/.exec(
    redirect,
  );
  if (!m) throw new Error(`not a confirmation route: ${redirect}`);
  return { orderId: m[1]!, clientSecret: m[2]!, intentId: m[3]!, nonce: m[4]! };
}

// -- the box ------------------------------------------------------------------------------------------

describe('the card gateway’s box', () => {
  const fieldset = (html: string) =>
    html.slice(html.indexOf('<fieldset id="wc-stripe-upe-form"'), html.indexOf('</fieldset>') + 11);

  it('follows the three offline gateways, with sample 40’s radio, label and fieldset', () => {
    expect(GATEWAYS.map((g) => g.id)).toEqual(['cod', 'bacs', 'cheque', 'stripe']);
    const box = paymentBox('', 'abcdef0123', origin);
    const li = box.slice(box.indexOf('<li class="wc_payment_method payment_method_stripe">'));
    const recorded = PAGE_40.slice(PAGE_40.indexOf('<li class="wc_payment_method payment_method_stripe">'));
    // The radio, unchecked (cod is the first), byte for byte.
    const head = (h: string) => h.slice(0, h.indexOf('<label'));
    expect(head(li)).toBe(head(recorded));
    // The label without the remote cards image.
    expect(li).toContain('\t<label for="payment_method_stripe">\r\n\t\tCredit / Debit Card \t</label>\r\n');
    expect(li).not.toContain('<img');
    // Test mode is off: no test-mode text; the fieldset exactly as recorded.
    expect(li).not.toContain('testmode-info');
    expect(fieldset(li)).toBe(fieldset(recorded));
    expect(li).toContain('\t\t\t<div class="payment_box payment_method_stripe" style="display:none;">\r\n');
    expect(li.slice(li.indexOf('</fieldset>'))).toMatch(
      /^<\/fieldset>\n[\s\S]*\t\t\t\t\t<\/div>\r\n\t<\/li>\r\n\t\t<\/ul>/,
    );
    // Chosen: checked and open.
    const chosen = paymentBox('stripe', 'abcdef0123', origin);
    expect(chosen).toContain(`value="stripe"  checked='checked' data-order_button_text=""`);
    expect(chosen).toContain('<div class="payment_box payment_method_stripe" >');
  });

  it('offers a guest the save checkbox (shown by the island only with an account) and no saved card', async () => {
    const doc = parse(paymentBox('stripe', 'abcdef0123', origin, { loggedIn: false }));
    const box = doc.querySelector('.payment_box.payment_method_stripe')!;
    expect(box.querySelector('.woocommerce-SavedPaymentMethods')).toBeNull();
    expect(box.querySelector('input[name="wc-stripe-payment-token"]')).toBeNull();
    const save = box.querySelector<HTMLInputElement>('#wc-stripe-new-payment-method')!;
    expect(save.outerHTML).toBe(
      '<input id="wc-stripe-new-payment-method" name="wc-stripe-new-payment-method" type="checkbox" value="true" style="width:auto;">',
    );
    expect(save.closest('p')!.className).toBe('form-row woocommerce-SavedPaymentMethods-saveNew');
    expect(box.querySelector('label[for="wc-stripe-new-payment-method"]')!.textContent).toBe(
      'Save payment information to my account for future purchases.',
    );
    // After the fieldset.
    expect(box.querySelector('fieldset + p.woocommerce-SavedPaymentMethods-saveNew')).not.toBeNull();
  });

  it('offers a logged-in customer the saved card (checked), a new one, and the save checkbox', () => {
    const html = paymentBox('stripe', 'abcdef0123', origin, { loggedIn: true });
    const box = parse(html).querySelector('.payment_box.payment_method_stripe')!;
    const list = box.querySelector('ul.woocommerce-SavedPaymentMethods.wc-saved-payment-methods')!;
    expect(list.getAttribute('data-count')).toBe('1');
    expect(list.nextElementSibling?.id).toBe('wc-stripe-upe-form');
    const radios = [...list.querySelectorAll<HTMLInputElement>('input[name="wc-stripe-payment-token"]')];
    expect(radios.map((r) => [r.id, r.value, r.checked, r.className])).toEqual([
      ['wc-stripe-payment-token-1', '1', true, 'woocommerce-SavedPaymentMethods-tokenInput'],
      ['wc-stripe-payment-token-new', 'new', false, 'woocommerce-SavedPaymentMethods-tokenInput'],
    ]);
    expect(radios.map((r) => list.querySelector(`label[for="${r.id}"]`)!.textContent)).toEqual([
      'Visa ending in 4242 (expires 12/34)',
      'Use a new payment method',
    ]);
    expect(box.querySelector('fieldset + p.woocommerce-SavedPaymentMethods-saveNew')).not.toBeNull();
  });

  it('is on the checkout page for the session (guest, then logged in) and in update_order_review', async () => {
    const s = await shopper();
    const site = createSite({ store });
    const page = async () =>
      parse(
        await (
          await site(new Request(new URL('/checkout/', origin), { headers: { Cookie: s.cookieHeader() } }))
        ).text(),
      );
    const guest = await page();
    expect(
      guest.querySelector('#payment .payment_box.payment_method_stripe .wc-stripe-upe-element'),
    ).not.toBeNull();
    expect(guest.querySelector('#wc-stripe-payment-token-1')).toBeNull();
    expect(guest.querySelector('#wc-stripe-new-payment-method')).not.toBeNull();
    s.session.loggedIn = 'demo';
    const customer = await page();
    expect(customer.querySelector<HTMLInputElement>('#wc-stripe-payment-token-1')!.checked).toBe(true);
    const review = await s.post(
      '/?wc-ajax=update_order_review',
      new URLSearchParams({
        security: s.nonce(NONCE.updateOrderReview),
        payment_method: 'stripe',
        country: 'IE',
      }),
    );
    const fragment = ((await review.json()) as { fragments: Record<string, string> }).fragments[
      '.woocommerce-checkout-payment'
    ]!;
    expect(fragment).toContain(`value="stripe"  checked='checked'`);
    expect(fragment).toContain('id="wc-stripe-payment-token-1"');
  });
});

// -- the settings -------------------------------------------------------------------------------------

describe('the gateway’s settings (wc_stripe_upe_params)', () => {
  it('have the recorded object’s keys, parse with the island’s schema and carry its messages', async () => {
    const s = await shopper();
    const raw = stripeSettings(store, s.session, origin);
    expect(Object.keys(raw)).toEqual(expect.arrayContaining(Object.keys(RECORDED_PARAMS)));
    const settings = z.parse(StripeSettingsSchema, raw);
    expect(settings).toMatchObject({
      gatewayId: 'stripe',
      title: 'Credit / Debit Card',
      apiVersion: '2024-06-20',
      locale: 'en',
      isCheckout: true,
      isOrderPay: false,
      isLoggedIn: false,
      isSignupOnCheckoutAllowed: true,
      cartTotal: 15497,
      currency: 'EUR',
      enabledBillingFields: RECORDED_PARAMS.enabledBillingFields,
      paymentMethodsConfig: {
        card: {
          isReusable: true,
          title: 'Credit / Debit Card',
          showSaveOption: true,
          supportsDeferredIntent: true,
          countries: [],
        },
      },
      genericErrorMessage: RECORDED_PARAMS.genericErrorMessage,
      return_url: `${origin}/checkout/order-received/?utm_nooverride=1`,
      addPaymentReturnURL: `${origin}/my-account/payment-methods/`,
    });
    expect(settings.key).toMatch(/^pk_test_[A-Za-z0-9]+$/);
    expect(raw.cartTotal).toBe('15497');
    // Every provider message of the recorded object, by code, word for word.
    const recordedMessages = Object.fromEntries(
      Object.entries(RECORDED_PARAMS).filter(([key]) => Object.hasOwn(PROVIDER_MESSAGES, key)),
    );
    expect(Object.keys(recordedMessages)).toHaveLength(26);
    expect(providerMessages(raw)).toMatchObject(recordedMessages);
    expect(Object.fromEntries(Object.entries(raw).filter(([k]) => k in PROVIDER_MESSAGES))).toEqual(
      recordedMessages,
    );
    // Real nonces of the session, one per operation.
    const nonces: [string, string][] = [
      ['createPaymentIntentNonce', STRIPE_NONCE.createPaymentIntent],
      ['updatePaymentIntentNonce', STRIPE_NONCE.updatePaymentIntent],
      ['createSetupIntentNonce', STRIPE_NONCE.createSetupIntent],
      ['createAndConfirmSetupIntentNonce', STRIPE_NONCE.createAndConfirmSetupIntent],
      ['updateFailedOrderNonce', STRIPE_NONCE.updateFailedOrder],
      ['saveAppearanceNonce', STRIPE_NONCE.saveAppearance],
    ];
    for (const [key, action] of nonces) {
      expect(store.verifyNonce(s.session, action, raw[key] as string), key).toBe(true);
    }
    expect(new Set(nonces.map(([key]) => raw[key])).size).toBe(nonces.length);
  });

  it('follow the session (logged in) and are the checkout island’s `stripe` prop', async () => {
    const s = await shopper({ loggedIn: true });
    expect(z.parse(StripeSettingsSchema, stripeSettings(store, s.session, origin)).isLoggedIn).toBe(true);
    const site = createSite({ store });
    const doc = parse(
      await (
        await site(new Request(new URL('/checkout/', origin), { headers: { Cookie: s.cookieHeader() } }))
      ).text(),
    );
    const island = doc.querySelector('[data-island="checkout"]')!;
    const props = z.parse(
      CheckoutPropsSchema,
      JSON.parse(island.querySelector(':scope > script[data-island-props]')!.textContent!),
    );
    expect(props.stripe).toMatchObject({ gatewayId: 'stripe', isLoggedIn: true, cartTotal: 15497 });
  });
});

// -- the payment ----------------------------------------------------------------------------------------

describe('paying by card through wc-ajax checkout (Stripe’s test cards)', () => {
  it('4242 pays: the order processing, the card recorded, the cart emptied, the order page', async () => {
    const s = await shopper();
    const { answer, raw, response } = await s.checkout({
      'wc-stripe-payment-method': pm('4242'),
      'wc-stripe-new-payment-method': 'true',
    });
    if (answer.kind !== 'success') throw new Error(JSON.stringify(raw));
    expect(Object.keys(raw)).toEqual(['result', 'redirect', 'order_id']);
    const order = findOrder(store, Number(answer.orderId))!;
    expect(answer.redirect).toBe(`${origin}/checkout/order-received/${order.id}/?key=${order.key}`);
    expect(order).toMatchObject({
      status: 'processing',
      paymentMethod: 'stripe',
      paymentMethodTitle: 'Credit / Debit Card',
      total: 154.97,
      card: { paymentMethodId: pm('4242'), savePaymentMethod: true, token: null },
    });
    expect(order.card!.intentId).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(store.cartLines(s.session)).toEqual([]);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'woocommerce_items_in_cart',
      'woocommerce_cart_hash',
    ]);
    // The order-received page names the gateway.
    const page = orderReceivedContent(order, order.key);
    expect(page).toContain('Payment method:\t\t\t\t\t\t<strong>Credit / Debit Card</strong>');
    expect(page).toContain('<th scope="row">Payment method:</th>\n\t\t\t\t\t\t<td>Credit / Debit Card</td>');
    expect(page).not.toContain('Pay with cash upon delivery.');
  });

  it('pays any other card, and a pm_ id the double did not make (no test digits)', async () => {
    for (const id of [pm('1111'), 'pm_1QabcDEF']) {
      const s = await shopper();
      const { answer } = await s.checkout({ 'wc-stripe-payment-method': id });
      if (answer.kind !== 'success') throw new Error(id);
      expect(findOrder(store, Number(answer.orderId))).toMatchObject({
        status: 'processing',
        card: { paymentMethodId: id, savePaymentMethod: false },
      });
    }
    expect(testCardDigits(pm('0002', 12))).toBe('0002');
    expect(testCardDigits('pm_1QabcDEF')).toBe('');
  });

  it.each([
    ['0002', 'The card was declined.'],
    ['9995', 'Your card has insufficient funds.'],
    ['0069', 'The card has expired.'],
  ])('%s is refused with “%s”: the order failed, the cart kept', async (last4, message) => {
    const s = await shopper();
    const { answer, text } = await s.checkout({ 'wc-stripe-payment-method': pm(last4) });
    expect(answer).toMatchObject({ kind: 'failure', refresh: false, reload: false });
    expect(JSON.parse(text)).toEqual({
      result: 'failure',
      messages: `\r\n<ul class="woocommerce-error" role="alert">\r\n\t\t\t<li>\r\n\t\t\t${message}\t\t</li>\r\n\t</ul>\r\n`,
      refresh: false,
      reload: false,
    });
    expect(allOrders(store).map((o) => o.status)).toEqual(['failed']);
    expect(store.cartLines(s.session)).toHaveLength(1);
  });

  it('refuses a missing or malformed payment method before any order is made', async () => {
    const s = await shopper();
    for (const id of [null, '', 'tok_visa', HOSTILE, `pm_${'x'.repeat(300)}`]) {
      const { answer, text } = await s.checkout(id === null ? {} : { 'wc-stripe-payment-method': id });
      expect(answer.kind).toBe('failure');
      expect(answer.kind === 'failure' && answer.messages).toContain(CARD_TEXT.missingDetails);
      expect(text).not.toMatch(/<script|<img/);
    }
    // 'new' is no saved method: the element's payment method is needed.
    const { answer } = await s.checkout({ 'wc-stripe-payment-token': 'new' });
    expect(answer.kind === 'failure' && answer.messages).toContain(CARD_TEXT.missingDetails);
    expect(s.session.lastOrderId).toBeNull();
    expect(store.cartLines(s.session)).toHaveLength(1);
  });

  it('pays with the saved card for the logged-in customer; refuses a token that is not theirs', async () => {
    const guest = await shopper();
    const refused = await guest.checkout({ 'wc-stripe-payment-token': '1' });
    // WooCommerce-Stripe sets `refresh_totals`: the review is recalculated.
    expect(refused.answer).toMatchObject({ kind: 'failure', refresh: true });
    expect(refused.answer.kind === 'failure' && refused.answer.messages).toContain(CARD_TEXT.invalidToken);

    const customer = await shopper({ loggedIn: true });
    const other = await customer.checkout({ 'wc-stripe-payment-token': '2' });
    expect(other.answer.kind === 'failure' && other.answer.messages).toContain(CARD_TEXT.invalidToken);
    expect([guest.session.lastOrderId, customer.session.lastOrderId]).toEqual([null, null]);
    const { answer } = await customer.checkout({ 'wc-stripe-payment-token': '1' });
    if (answer.kind !== 'success') throw new Error('not paid');
    expect(findOrder(store, Number(answer.orderId))).toMatchObject({
      status: 'processing',
      card: { token: '1', paymentMethodId: 'pm_demo_saved_visa_4242' },
    });
  });
});

describe('3-D Secure (3220): the confirmation route and the gateway’s endpoints', () => {
  async function pending() {
    const s = await shopper();
    const { answer, raw } = await s.checkout({ 'wc-stripe-payment-method': pm('3220') });
    if (answer.kind !== 'success') throw new Error(JSON.stringify(raw));
    const route = confirmRoute(answer.redirect);
    const order = findOrder(store, Number(route.orderId))!;
    return { s, route, order, raw };
  }
  const statusFields = (route: ReturnType<typeof confirmRoute>, extra: Record<string, string> = {}) => ({
    order_id: route.orderId,
    intent_id: route.intentId,
    payment_method_id: '',
    _ajax_nonce: route.nonce,
    ...extra,
  });

  it('answers the route with the order pending, its intent recorded and the cart kept', async () => {
    const { s, route, order, raw } = await pending();
    expect(raw.order_id).toBe(order.id);
    expect(order).toMatchObject({ status: 'pending', paymentMethodTitle: 'Credit / Debit Card' });
    expect(order.card).toMatchObject({ intentId: route.intentId, clientSecret: route.clientSecret });
    expect(store.verifyNonce(s.session, STRIPE_NONCE.updateOrderStatus, route.nonce)).toBe(true);
    expect(store.cartLines(s.session)).toHaveLength(1);
  });

  it('update_order_status: pays the order, empties the cart, answers the return URL', async () => {
    const { s, route, order } = await pending();
    const { text, response } = await s.gateway(
      'wc_stripe_update_order_status',
      statusFields(route, { payment_method_id: pm('3220') }),
    );
    const returnUrl = `${origin}/checkout/order-received/${order.id}/?key=${order.key}&utm_nooverride=1`;
    expect(text).toBe(`{"success":true,"data":{"return_url":"${returnUrl.replace(/\//g, '\\/')}"}}`);
    expect(z.parse(OrderStatusAnswerSchema, JSON.parse(text))).toEqual({
      success: true,
      data: { return_url: returnUrl },
    });
    expect(order.status).toBe('processing');
    expect(order.card!.savePaymentMethod).toBe(true);
    expect(store.cartLines(s.session)).toEqual([]);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'woocommerce_items_in_cart',
      'woocommerce_cart_hash',
    ]);
    // The return URL shows the order (its other query arguments ignored).
    const site = createSite({ store });
    const url = new URL(returnUrl);
    const html = await (await site(new Request(url, { headers: { Cookie: s.cookieHeader() } }))).text();
    expect(html).toContain(`Order number:\t\t\t\t\t<strong>${order.id}</strong>`);
    expect(html).toContain('<strong>Credit / Debit Card</strong>');
    // A second call changes nothing and answers the same.
    expect((await s.gateway('wc_stripe_update_order_status', statusFields(route))).text).toBe(text);
  });

  it('update_order_status: a bad nonce is a CSRF failure and changes nothing', async () => {
    const { s, route, order } = await pending();
    for (const nonce of ['deadbeef00', '', s.nonce(STRIPE_NONCE.updateFailedOrder)]) {
      const { text } = await s.gateway(
        'wc_stripe_update_order_status',
        statusFields(route, { _ajax_nonce: nonce }),
      );
      expect(text).toBe('{"success":false,"data":{"error":{"message":"CSRF verification failed."}}}');
    }
    expect(order.status).toBe('pending');
    expect(store.cartLines(s.session)).toHaveLength(1);
    // Without a session cookie at all.
    const anonymous = await fetch(new URL('/?wc-ajax=wc_stripe_update_order_status', origin), {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(statusFields(route)).toString(),
    });
    expect(await anonymous.text()).toContain('CSRF verification failed.');
  });

  it('update_order_status: another intent or an unknown order fails (the order payable again)', async () => {
    const { s, route, order } = await pending();
    const notAble = `{"success":false,"data":{"error":{"message":"We're not able to process this payment. Please try again later."}}}`;
    const unknown = await s.gateway(
      'wc_stripe_update_order_status',
      statusFields(route, { order_id: '4242' }),
    );
    expect(unknown.text).toBe(notAble);
    expect(order.status).toBe('pending');
    for (const intent of ['pi_000000000000000000000000', '', HOSTILE]) {
      const wrong = await s.gateway(
        'wc_stripe_update_order_status',
        statusFields(route, { intent_id: intent }),
      );
      expect(wrong.text).toBe(notAble);
    }
    expect(order.status).toBe('failed');
    expect(store.cartLines(s.session)).toHaveLength(1);
    // Failed, it is paid by the next checkout (the same order).
    const { answer } = await s.checkout({ 'wc-stripe-payment-method': pm('4242', 2) });
    expect(answer.kind === 'success' && answer.orderId).toBe(String(order.id));
    expect(order.status).toBe('processing');
    // A paid order is never failed by a wrong call.
    await s.gateway('wc_stripe_update_order_status', statusFields(route, { intent_id: 'pi_wrong' }));
    expect(order.status).toBe('processing');
  });

  it('update_failed_order: fails the order (payable again); bad nonce, wrong intent or a paid order change nothing', async () => {
    const { s, route, order } = await pending();
    const fields = (extra: Record<string, string> = {}) => ({
      intent_id: route.intentId,
      order_id: route.orderId,
      _ajax_nonce: s.nonce(STRIPE_NONCE.updateFailedOrder),
      ...extra,
    });
    const csrf = await s.gateway('wc_stripe_update_failed_order', fields({ _ajax_nonce: route.nonce }));
    expect(csrf.text).toBe('{"success":false,"data":{"error":{"message":"CSRF verification failed."}}}');
    const wrong = await s.gateway('wc_stripe_update_failed_order', fields({ intent_id: 'pi_other' }));
    expect(JSON.parse(wrong.text)).toMatchObject({ success: false });
    expect(order.status).toBe('pending');
    const ok = await s.gateway('wc_stripe_update_failed_order', fields());
    expect(ok.text).toBe('{"success":true}');
    expect(order.status).toBe('failed');
    // Paid later by update_order_status? No: the next checkout takes the failed order again.
    const { answer } = await s.checkout({ 'wc-stripe-payment-method': pm('4242', 2) });
    expect(answer.kind === 'success' && answer.orderId).toBe(String(order.id));
    const paid = await s.gateway('wc_stripe_update_failed_order', fields());
    expect(JSON.parse(paid.text)).toMatchObject({ success: false });
    expect(order.status).toBe('processing');
  });

  it('never makes a second order: 3220, then 4242, is one order, updated and paid', async () => {
    const { s, route, order } = await pending();
    const firstIntent = order.card!.intentId;
    // The cart changes before the second attempt: the order follows it.
    await s.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    const { answer } = await s.checkout({
      'wc-stripe-payment-method': pm('4242', 2),
      order_comments: 'Again',
    });
    if (answer.kind !== 'success') throw new Error('not paid');
    expect(answer.orderId).toBe(route.orderId);
    expect(answer.redirect).toBe(`${origin}/checkout/order-received/${order.id}/?key=${order.key}`);
    expect(allOrders(store).map((o) => o.id)).toEqual([order.id]);
    expect(order).toMatchObject({ status: 'processing', customerNote: 'Again', total: 204.96 });
    expect(order.lines).toEqual([expect.objectContaining({ quantity: 4 })]);
    expect(order.card!.intentId).not.toBe(firstIntent);
    // The old confirmation is refused, and does not fail the paid order.
    const late = await s.gateway('wc_stripe_update_order_status', statusFields(route));
    expect(JSON.parse(late.text)).toMatchObject({ success: false });
    expect(order.status).toBe('processing');
    // Paid: the next checkout is a new order.
    await s.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    const next = await s.checkout({ 'wc-stripe-payment-method': pm('4242', 3) });
    expect(next.answer.kind === 'success' && next.answer.orderId).toBe(String(order.id + 1));
  });

  it('takes a declined order again too, whatever the gateway of the next attempt', async () => {
    const s = await shopper();
    await s.checkout({ 'wc-stripe-payment-method': pm('0002') });
    const [failed] = allOrders(store) as [Order];
    expect(failed.status).toBe('failed');
    const { answer } = await s.checkout({ payment_method: 'cod' });
    expect(answer.kind === 'success' && answer.orderId).toBe(String(failed.id));
    expect(failed).toMatchObject({ status: 'processing', paymentMethodTitle: 'Cash on delivery' });
    expect(failed.card).toBeUndefined();
  });
});

// -- the order-pay page -----------------------------------------------------------------------------

describe('the card gateway on the order-pay page', () => {
  async function payer(options: { loggedIn?: boolean } = {}) {
    const site = createSite({ store });
    const client = cookieClient(origin, site);
    await client.send('/');
    const session = store.peekSession(client.cookieHeader())!;
    if (options.loggedIn) session.loggedIn = 'demo';
    const order = () => findOrder(store, PAY_FOR_ORDER_ID, session)!;
    const post = (fields: Record<string, string>) =>
      client.send(PAY_FOR_ORDER_PATH, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({
          payment_method: 'stripe',
          woocommerce_pay: '1',
          terms: 'on',
          'terms-field': '1',
          'woocommerce-pay-nonce': store.nonce(session, PAY_NONCE_ACTION),
          ...fields,
        }).toString(),
      });
    return { ...client, session, order, post };
  }

  it('prints the box (no save checkbox for a guest) and the settings of the order', async () => {
    const p = await payer();
    const doc = parse(await (await p.send(PAY_FOR_ORDER_PATH)).text());
    const box = doc.querySelector('form#order_review .payment_box.payment_method_stripe')!;
    expect(box.querySelector('.wc-stripe-upe-element')).not.toBeNull();
    expect(box.querySelector('#wc-stripe-new-payment-method')).toBeNull();
    const props = JSON.parse(
      doc.querySelector('[data-island="checkout"] > script[data-island-props]')!.textContent!,
    ) as {
      stripe: Record<string, unknown>;
    };
    expect(z.parse(StripeSettingsSchema, props.stripe)).toMatchObject({
      isOrderPay: true,
      isCheckout: false,
      orderId: String(PAY_FOR_ORDER_ID),
      cartTotal: 3498,
    });
  });

  it('pays with a new card or the saved one; a declined card fails the order, which stays payable', async () => {
    const p = await payer();
    const declined = await p.post({ 'wc-stripe-payment-method': pm('9995') });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Your card has insufficient funds.');
    expect(p.order().status).toBe('failed');
    const paid = await p.post({ 'wc-stripe-payment-method': pm('4242') });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toContain(`/checkout/order-received/${PAY_FOR_ORDER_ID}/`);
    expect(p.order()).toMatchObject({ status: 'processing', paymentMethodTitle: 'Credit / Debit Card' });

    const customer = await payer({ loggedIn: true });
    expect((await customer.post({ 'wc-stripe-payment-token': '1' })).status).toBe(302);
    expect(customer.order().card).toMatchObject({ token: '1' });
  });

  it('sends 3220 back to the page with the confirmation route; the order stays pending', async () => {
    const p = await payer();
    const response = await p.post({ 'wc-stripe-payment-method': pm('3220') });
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${PAY_FOR_ORDER_PATH}#wc-stripe-confirm-pi:${PAY_FOR_ORDER_ID}:`)).toBe(true);
    const route = confirmRoute(location.slice(location.indexOf('#')));
    expect(p.order()).toMatchObject({ status: 'pending', card: { intentId: route.intentId } });
    // Its confirmation is answered for the session's copy of the order.
    const answer = await (
      await fetch(new URL('/?wc-ajax=wc_stripe_update_order_status', origin), {
        method: 'POST',
        headers: { ...FORM, Cookie: p.cookieHeader() },
        body: new URLSearchParams({
          order_id: route.orderId,
          intent_id: route.intentId,
          payment_method_id: '',
          _ajax_nonce: route.nonce,
        }).toString(),
      })
    ).json();
    expect(answer).toMatchObject({ success: true });
    expect(p.order().status).toBe('processing');
  });

  it('refuses a payment without a payment method, and changes nothing', async () => {
    const p = await payer();
    const response = await p.post({});
    expect(await response.text()).toContain(CARD_TEXT.missingDetails);
    expect(p.order()).toMatchObject({ status: 'pending' });
  });
});

// -- the Stripe.js double ---------------------------------------------------------------------------

describe('the Stripe.js double on the pages', () => {
  const assets = assetsFromManifest({
    'src/islands/loader.ts': { file: 'assets/loader-1.js', isEntry: true },
  });
  const scriptsOf = (doc: Document) =>
    [...doc.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

  it('is printed before the loader on the pages with a card box or express buttons only', async () => {
    const site = createSite({ store, assets });
    const client = cookieClient(origin, site);
    await client.send('/?add-to-cart=13');
    const page = async (path: string) => parse(await (await client.send(path)).text());
    const loader = '/wp-content/plugins/shop-islands/dist/assets/loader-1.js';
    expect(scriptsOf(await page('/checkout/'))).toEqual([STRIPE_DOUBLE_SRC, loader]);
    expect(scriptsOf(await page(PAY_FOR_ORDER_PATH))).toEqual([STRIPE_DOUBLE_SRC, loader]);
    // The express checkout buttons: the product page and a cart with something in it.
    expect(scriptsOf(await page('/cart/'))).toEqual([STRIPE_DOUBLE_SRC, loader]);
    expect(scriptsOf(await page('/product/pro-match-football/'))).toEqual([STRIPE_DOUBLE_SRC, loader]);
    for (const path of ['/', '/shop/', '/my-account/']) {
      expect(scriptsOf(await page(path)), path).toEqual([loader]);
    }
    // `?stripe=fail-load`: left out, the island shows that Stripe.js could not load.
    expect(scriptsOf(await page('/checkout/?stripe=fail-load'))).toEqual([loader]);
    expect(STRIPE_DOUBLE_SRC).toBe('/demo-assets/stripe-double.js');
  });
});
