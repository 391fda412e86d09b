import { join } from 'node:path';
/**
 * The classic checkout's wc-ajax endpoints against the recorded WooCommerce 9.9 traffic (samples
 * 41–55), through the demo's whole handler list (demo/handlers.ts registers them).
 */
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { OrderReviewResponseSchema, readCheckoutAnswer, readCouponAnswer } from '../../src/contract/checkout';
import { handlers } from '../handlers';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { NONCE } from './handlers';
import { termsAndConditions } from './markup';
import { findOrder } from './orders';
import { orderReceivedContent } from './order-received';

/** The recorded traffic beside the repository (../shared), as on every machine CI runs on. */
const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const sample = (name: string) => readFileSync(`${SAMPLES}/${name}`, 'utf8');

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://checkout${counter}.localhost`;
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
const PRIVACY_END = 'privacy policy</a>.</p>\n</div>\r\n';
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

/** A shopper with Pro Match Football × n in the cart, and the nonces their pages would print. */
async function shopper(quantity = 3) {
  const { send, cookieHeader } = cookieClient(origin, (request) => fetch(request));
  const post = (path: string, body: string | URLSearchParams) =>
    send(path, { method: 'POST', body: body.toString(), headers: FORM });
  if (quantity > 0) await post('/?wc-ajax=add_to_cart', `product_id=13&quantity=${quantity}`);
  else await send('/?wc-ajax=add_to_cart', { method: 'POST', body: 'product_id=0', headers: FORM });
  const session = store.peekSession(cookieHeader()) ?? store.ensureSession(cookieHeader()).session;
  const nonce = (action: string) => store.nonce(session, action);
  return { post, send, session, nonce, cookieHeader };
}

function reviewBody(nonce: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    security: nonce,
    payment_method: 'cod',
    country: 'IE',
    state: 'D',
    postcode: 'D02 X285',
    city: 'Dublin',
    address: '12 Main Street',
    address_2: 'Apt 4',
    s_country: 'IE',
    s_state: 'D',
    s_postcode: 'D02 X285',
    s_city: 'Dublin',
    s_address: '12 Main Street',
    s_address_2: 'Apt 4',
    has_full_address: 'true',
    post_data: 'billing_first_name=Aoife&billing_email=a%40example.test',
    ...extra,
  });
}

function checkoutBody(nonce: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    billing_first_name: 'Aoife',
    billing_last_name: 'Murphy',
    billing_company: '',
    billing_country: 'IE',
    billing_address_1: '12 Main Street',
    billing_address_2: 'Apt 4',
    billing_city: 'Dublin',
    billing_state: 'D',
    billing_postcode: 'D02 X285',
    billing_phone: '+353 1 555 0100',
    billing_email: 'aoife.murphy@example.test',
    order_comments: 'Test order',
    'shipping_method[0]': 'flat_rate:1',
    payment_method: 'cod',
    'woocommerce-process-checkout-nonce': nonce,
    _wp_http_referer: '/checkout/',
    ...extra,
  });
}

describe('wc-ajax update_order_review', () => {
  it('answers the review table and payment box in sample 41’s shape, and keeps the address', async () => {
    const s = await shopper(3);
    const response = await s.post(
      '/?wc-ajax=update_order_review',
      reviewBody(s.nonce(NONCE.updateOrderReview)),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const raw = (await response.json()) as Record<string, unknown>;
    const recorded = JSON.parse(sample('41-wc-ajax-update_order_review.response.body.json')) as Record<
      string,
      Record<string, string>
    >;
    expect(Object.keys(raw)).toEqual(Object.keys(recorded));
    const body = z.parse(OrderReviewResponseSchema, raw);
    expect(body).toMatchObject({ result: 'success', messages: '', reload: false });
    expect(Object.keys(body.fragments ?? {})).toEqual(Object.keys(recorded.fragments!));
    const table = (body.fragments as Record<string, string>)['.woocommerce-checkout-review-order-table']!;
    // Byte for byte as WooCommerce up to the first line's end (same product, same quantity).
    const head = recorded.fragments!['.woocommerce-checkout-review-order-table']!;
    const firstRowEnd = head.indexOf('</tr>', head.indexOf('cart_item')) + 5;
    expect(table.slice(0, firstRowEnd)).toBe(head.slice(0, firstRowEnd));
    // Ireland, €149.97: flat rate €5 chosen, free shipping offered.
    expect(table).toContain(
      `<input type="radio" name="shipping_method[0]" data-index="0" id="shipping_method_0_flat_rate1" value="flat_rate:1" class="shipping_method"  checked='checked' />`,
    );
    expect(table).toContain('value="free_shipping:2"');
    expect(table).toContain('&euro;</span>154.97</bdi></span></strong> </td>');
    const payment = (body.fragments as Record<string, string>)['.woocommerce-checkout-payment']!;
    const recordedCod = recorded.fragments!['.woocommerce-checkout-payment']!;
    const codLi = (h: string) =>
      h.slice(h.indexOf('<li class="wc_payment_method payment_method_cod">'), h.indexOf('</li>') + 5);
    expect(codLi(payment)).toBe(codLi(recordedCod));
    for (const id of ['cod', 'bacs', 'cheque']) expect(payment).toContain(`value="${id}"`);
    expect(payment).toContain(`name="woocommerce-process-checkout-nonce" value="${s.nonce(NONCE.checkout)}"`);
    expect(payment.slice(payment.indexOf('</ul>'))).toBe(
      recordedCod
        .slice(recordedCod.indexOf('</ul>'))
        .replace('8edaeddfa4', s.nonce(NONCE.checkout))
        .replace('http://127.0.0.1:8089/?page_id=3', `${origin}/privacy-policy/`)
        // The recorded store had no terms page; the demo has one (checkout.md §2).
        .replace(PRIVACY_END, PRIVACY_END + termsAndConditions(origin)),
    );
  });

  it('offers only the €15 flat rate outside Ireland, and keeps the chosen method and payment', async () => {
    const s = await shopper(1);
    const body = reviewBody(s.nonce(NONCE.updateOrderReview), {
      s_country: 'FR',
      s_state: '',
      payment_method: 'cheque',
      'shipping_method[0]': 'free_shipping:2',
    });
    const answer = (await (await s.post('/?wc-ajax=update_order_review', body)).json()) as {
      fragments: Record<string, string>;
    };
    const table = answer.fragments['.woocommerce-checkout-review-order-table']!;
    expect(table).toContain(
      '<input type="hidden" name="shipping_method[0]" data-index="0" id="shipping_method_0_flat_rate3" value="flat_rate:3" class="shipping_method" />',
    );
    expect(table).not.toContain('free_shipping');
    expect(table).toContain('&euro;</span>64.99</bdi>');
    expect(answer.fragments['.woocommerce-checkout-payment']).toContain(`value="cheque"  checked='checked'`);
  });

  it('refuses a bad nonce with 403 and -1 (sample 42), and a request without a session', async () => {
    const s = await shopper(1);
    const bad = await s.post('/?wc-ajax=update_order_review', reviewBody('deadbeef00'));
    expect(bad.status).toBe(403);
    expect(bad.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await bad.text()).toBe(
      sample('42-wc-ajax-update_order_review-bad-nonce.response.body.html').trim(),
    );
    const anonymous = await fetch(new URL('/?wc-ajax=update_order_review', origin), {
      method: 'POST',
      body: reviewBody('x').toString(),
      headers: FORM,
    });
    expect(anonymous.status).toBe(403);
  });

  it('answers an empty cart with WooCommerce’s session-expired fragment', async () => {
    const s = await shopper(0);
    const answer = (await (
      await s.post('/?wc-ajax=update_order_review', reviewBody(s.nonce(NONCE.updateOrderReview)))
    ).json()) as Record<string, Record<string, string>>;
    expect(Object.keys(answer)).toEqual(['fragments']);
    expect(answer.fragments!['form.woocommerce-checkout']).toBe(
      '\r\n<ul class="woocommerce-error" role="alert">\r\n\t\t\t<li>\r\n\t\t\tSorry, your session has expired. ' +
        `<a href="${origin}/shop/" class="wc-backward">Return to shop</a>\t\t</li>\r\n\t</ul>\r\n`,
    );
  });

  it('escapes hostile values and survives malformed or huge bodies', async () => {
    const s = await shopper(1);
    const body = reviewBody(s.nonce(NONCE.updateOrderReview), {
      country: HOSTILE,
      s_country: HOSTILE,
      payment_method: HOSTILE,
      'shipping_method[0]': HOSTILE,
      post_data: '%%%&&==%E0%A4%A',
    });
    const answer = (await (await s.post('/?wc-ajax=update_order_review', body)).json()) as {
      fragments: Record<string, string>;
    };
    const all = Object.values(answer.fragments).join('');
    expect(all).not.toContain('<script');
    expect(all).not.toContain('<img src=x');
    const huge = await s.post(
      '/?wc-ajax=update_order_review',
      `security=${s.nonce(NONCE.updateOrderReview)}&x=${'a'.repeat(1_100_000)}`,
    );
    expect(huge.status).toBe(403);
    const garbage = await s.post('/?wc-ajax=update_order_review', '%%%%&&&===\u0000');
    expect(garbage.status).toBe(403);
  });
});

describe('wc-ajax apply_coupon / remove_coupon', () => {
  it('answers the notices of samples 43–49 byte for byte', async () => {
    const s = await shopper(3);
    const apply = (code: string) =>
      s.post('/?wc-ajax=apply_coupon', `security=${s.nonce(NONCE.applyCoupon)}&coupon_code=${code}`);
    const cases: [string, string][] = [
      ['save10', '43-wc-ajax-apply_coupon-save10'],
      ['save10', '44-wc-ajax-apply_coupon-save10-again-error'],
      ['nosuchcode', '45-wc-ajax-apply_coupon-invalid-error'],
      ['expired1', '46-wc-ajax-apply_coupon-expired-error'],
      ['min500', '47-wc-ajax-apply_coupon-minspend-error'],
      ['fiveoff', '48-wc-ajax-apply_coupon-fiveoff'],
    ];
    for (const [code, file] of cases) {
      const response = await apply(code);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      const text = await response.text();
      expect(text, file).toBe(sample(`${file}.response.body.html`));
      expect(readCouponAnswer(text)?.error).toBe(file.includes('error'));
    }
    const removed = await s.post(
      '/?wc-ajax=remove_coupon',
      `security=${s.nonce(NONCE.removeCoupon)}&coupon=fiveoff`,
    );
    expect(await removed.text()).toBe(sample('49-wc-ajax-remove_coupon-fiveoff.response.body.html'));
  });

  it('shows the coupon in the review table as sample 50 (10% of the subtotal, remove link)', async () => {
    const s = await shopper(3);
    await s.post('/?wc-ajax=apply_coupon', `security=${s.nonce(NONCE.applyCoupon)}&coupon_code=SAVE10`);
    const answer = (await (
      await s.post('/?wc-ajax=update_order_review', reviewBody(s.nonce(NONCE.updateOrderReview)))
    ).json()) as { fragments: Record<string, string> };
    const table = answer.fragments['.woocommerce-checkout-review-order-table']!;
    expect(table).toContain(
      '\t\t\t<tr class="cart-discount coupon-save10">\r\n\t\t\t\t<th>Coupon: save10</th>\r\n' +
        '\t\t\t\t<td>-<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&euro;</span>15.00</span> ' +
        `<a role="button" aria-label="Remove save10 coupon" href="${origin}/checkout/?remove_coupon=save10" class="woocommerce-remove-coupon" data-coupon="save10">[Remove]</a></td>\r\n\t\t\t</tr>\r\n\t\t`,
    );
    // 149.97 − 15.00 + 5 (flat rate chosen first) = 139.97.
    expect(table).toContain('&euro;</span>139.97</bdi></span></strong>');
  });

  it('refuses bad nonces (-1, 403), empty codes, and escapes hostile codes', async () => {
    const s = await shopper(1);
    const bad = await s.post('/?wc-ajax=apply_coupon', 'security=deadbeef00&coupon_code=save10');
    expect(bad.status).toBe(403);
    expect(await bad.text()).toBe('-1');
    const badRemove = await s.post('/?wc-ajax=remove_coupon', 'security=deadbeef00&coupon=save10');
    expect(badRemove.status).toBe(403);
    const empty = await s.post(
      '/?wc-ajax=apply_coupon',
      `security=${s.nonce(NONCE.applyCoupon)}&coupon_code=+`,
    );
    expect(await empty.text()).toContain('Please enter a coupon code.');
    const emptyRemove = await s.post(
      '/?wc-ajax=remove_coupon',
      `security=${s.nonce(NONCE.removeCoupon)}&coupon=`,
    );
    expect(await emptyRemove.text()).toContain('Sorry there was a problem removing this coupon.');
    const hostile = await s.post(
      '/?wc-ajax=apply_coupon',
      new URLSearchParams({ security: s.nonce(NONCE.applyCoupon), coupon_code: `x&quot;${HOSTILE}` }),
    );
    const text = await hostile.text();
    expect(readCouponAnswer(text)?.error).toBe(true);
    expect(text).not.toMatch(/<script|<img/);
    expect(text).toContain('does not exist!');
  });
});

describe('wc-ajax checkout', () => {
  it('records the order, empties the cart and answers sample 54’s shape', async () => {
    const s = await shopper(3);
    const response = await s.post('/?wc-ajax=checkout', checkoutBody(s.nonce(NONCE.checkout)));
    const text = await response.text();
    const recorded = JSON.parse(sample('54-wc-ajax-checkout-cod-success.response.body.json')) as object;
    expect(Object.keys(JSON.parse(text) as object)).toEqual(Object.keys(recorded));
    const answer = readCheckoutAnswer(text);
    if (answer.kind !== 'success') throw new Error(text);
    expect(answer.redirect).toMatch(
      new RegExp(`^${origin}/checkout/order-received/${answer.orderId}/\\?key=wc_order_[A-Za-z0-9]{13}$`),
    );
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'woocommerce_items_in_cart',
      'woocommerce_cart_hash',
    ]);
    expect(store.cartLines(s.session)).toEqual([]);
    const order = findOrder(store, Number(answer.orderId))!;
    expect(order).toMatchObject({
      paymentMethodTitle: 'Cash on delivery',
      total: 154.97,
      customerNote: 'Test order',
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ name: 'Pro Match Football', quantity: 3, total: 149.97 }),
    ]);
    expect(answer.redirect.endsWith(order.key)).toBe(true);

    // The order-received page shows it with its key, only the "received" text without.
    const site = createSite({ store });
    const visit = async (path: string) =>
      (await site(new Request(new URL(path, origin), { headers: { Cookie: s.cookieHeader() } }))).text();
    const redirect = new URL(answer.redirect);
    const html = await visit(redirect.pathname + redirect.search);
    expect(html).toContain(`Order number:\t\t\t\t\t<strong>${order.id}</strong>`);
    expect(html).toContain('<p>Pay with cash upon delivery.</p>');
    expect(html).toContain('Pro Match Football</a> <strong class="product-quantity">&times;&nbsp;3</strong>');
    const wrong = await visit(`/checkout/order-received/${order.id}/?key=wc_order_WRONGWRONGWRO`);
    expect(wrong).toContain('Thank you. Your order has been received.');
    expect(wrong).not.toContain('Order number:');
  });

  it('lists WooCommerce’s required-field errors with data-id, as sample 52', async () => {
    const s = await shopper(1);
    const body = checkoutBody(s.nonce(NONCE.checkout), {
      billing_first_name: '',
      billing_address_1: '',
      billing_email: '',
    });
    const text = await (await s.post('/?wc-ajax=checkout', body)).text();
    expect(text).toBe(sample('52-wc-ajax-checkout-validation-error.response.body.json'));
    expect(readCheckoutAnswer(text)).toMatchObject({ kind: 'failure', refresh: false, reload: false });
    expect(s.session.lastOrderId).toBeNull();
  });

  it('answers a bad nonce as sample 53 (refresh: true), an empty cart as an expired session', async () => {
    const s = await shopper(1);
    const text = await (await s.post('/?wc-ajax=checkout', checkoutBody('deadbeef00'))).text();
    expect(text).toBe(sample('53-wc-ajax-checkout-bad-nonce-error.response.body.json'));
    const empty = await shopper(0);
    const answer = readCheckoutAnswer(
      await (await empty.post('/?wc-ajax=checkout', checkoutBody(empty.nonce(NONCE.checkout)))).text(),
    );
    expect(answer).toMatchObject({ kind: 'failure', refresh: false });
    expect(answer.kind === 'failure' && answer.messages).toContain('Sorry, your session has expired.');
  });

  it('validates e-mail, phone, postcode, state, country, payment, terms and the account password', async () => {
    const s = await shopper(1);
    const messages = async (extra: Record<string, string>) => {
      const answer = readCheckoutAnswer(
        await (await s.post('/?wc-ajax=checkout', checkoutBody(s.nonce(NONCE.checkout), extra))).text(),
      );
      return answer.kind === 'failure' ? answer.messages : '';
    };
    expect(await messages({ billing_email: 'not-an-email' })).toContain(
      '<li data-id="billing_email">\r\n\t\t\t<strong>Billing Email address</strong> is not a valid email address.',
    );
    expect(await messages({ billing_phone: 'call me' })).toContain(
      '<strong>Billing Phone</strong> is not a valid phone number.',
    );
    expect(await messages({ billing_postcode: '12345' })).toContain(
      '<strong>Billing Eircode</strong> is not valid. You can look up the correct Eircode',
    );
    expect(
      await messages({ billing_country: 'US', billing_state: 'ZZ', billing_postcode: '90210' }),
    ).toContain(
      '<li data-id="billing_state">\r\n\t\t\t<strong>Billing State</strong> is not valid. Please enter one of the following: Alabama, Alaska',
    );
    expect(await messages({ billing_country: 'XX' })).toContain("'XX' is not a valid country code.");
    expect(await messages({ payment_method: 'paypal' })).toContain('<li>\r\n\t\t\tInvalid payment method.');
    expect(await messages({ 'terms-field': '1' })).toContain(
      '<li data-id="terms">\r\n\t\t\tPlease read and accept the terms and conditions to proceed with your order.',
    );
    expect(await messages({ createaccount: '1', account_password: '' })).toContain(
      '<li data-id="account_password">\r\n\t\t\t<strong>Create account password</strong> is a required field.',
    );
    expect(
      await messages({ ship_to_different_address: '1', shipping_first_name: '', shipping_country: 'DE' }),
    ).toContain(
      '<li data-id="shipping_first_name">\r\n\t\t\t<strong>Shipping First name</strong> is a required field.',
    );
    // Country rules: Germany's state is optional, its postcode required.
    const de = await messages({ billing_country: 'DE', billing_state: '', billing_postcode: '' });
    expect(de).toContain('<strong>Billing Postcode / ZIP</strong> is a required field.');
    expect(de).not.toContain('billing_state');
    expect(s.session.lastOrderId).toBeNull();
    // A state's name is accepted for its code; Singapore needs neither city nor postcode (spec).
    const ok = readCheckoutAnswer(
      await (
        await s.post(
          '/?wc-ajax=checkout',
          checkoutBody(s.nonce(NONCE.checkout), {
            billing_state: 'dublin',
            createaccount: '1',
            account_password: 'pw',
          }),
        )
      ).text(),
    );
    expect(ok.kind).toBe('success');
    const sg = await shopper(1);
    const sgAnswer = readCheckoutAnswer(
      await (
        await sg.post(
          '/?wc-ajax=checkout',
          checkoutBody(sg.nonce(NONCE.checkout), {
            billing_country: 'SG',
            billing_state: '',
            billing_city: '',
            billing_postcode: '',
          }),
        )
      ).text(),
    );
    expect(sgAnswer.kind).toBe('success');
  });

  it('escapes hostile values in every message and on the order page', async () => {
    const s = await shopper(1);
    const text = await (
      await s.post(
        '/?wc-ajax=checkout',
        checkoutBody(s.nonce(NONCE.checkout), {
          billing_country: HOSTILE,
          billing_email: HOSTILE,
          billing_phone: HOSTILE,
          billing_postcode: HOSTILE,
        }),
      )
    ).text();
    expect(text).not.toMatch(/<script|<img/);
    const ok = readCheckoutAnswer(
      await (
        await s.post(
          '/?wc-ajax=checkout',
          checkoutBody(s.nonce(NONCE.checkout), { billing_first_name: HOSTILE, order_comments: HOSTILE }),
        )
      ).text(),
    );
    if (ok.kind !== 'success') throw new Error('not placed');
    const order = findOrder(store, Number(ok.orderId))!;
    const page = orderReceivedContent(order, order.key);
    expect(page).not.toMatch(/<script|<img/);
    expect(page).toContain('&quot;&gt;alert(1) Murphy');
  });
});
