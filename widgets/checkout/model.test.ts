// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chosenMethod,
  fieldIdsOfMessages,
  keyQueuesReview,
  offeredMethods,
  placeOrderOutcome,
  placeOrderText,
  reviewPayload,
  showMethodRadios,
  type PaymentMethod,
} from './model';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');

/** The form body of sample 41's request: what WooCommerce's script sent. */
function sentBody(): URLSearchParams {
  const request = readFileSync(join(SAMPLES, '41-wc-ajax-update_order_review.request.txt'), 'utf8');
  const [, body = ''] = request.split(/\r?\n\r?\n/);
  return new URLSearchParams(body.trim());
}

/** The form of sample 41, as the shopper filled it (billing only; shipping left as printed). */
const sampleForm = (): [string, string][] => [
  ...new URLSearchParams(sentBody().get('post_data') ?? '').entries(),
];

describe('reviewPayload (checkout.md §7 update_order_review)', () => {
  it('is the body WooCommerce sent for the same form (sample 41), field for field and in order', () => {
    const sent = sentBody();
    expect(sent.get('security')).toBe('e35269a606');
    const payload = reviewPayload({
      nonce: sent.get('security') ?? '',
      form: sampleForm(),
      paymentMethod: 'cod',
      shipToDifferentAddress: false,
      hasFullAddress: true,
    });
    expect([...payload.keys()]).toEqual([...sent.keys()]);
    for (const key of sent.keys()) {
      if (key === 'post_data') continue;
      expect(payload.get(key), key).toBe(sent.get(key));
    }
    // post_data: the same fields and values (jQuery and URLSearchParams differ only in %20 vs +).
    expect([...new URLSearchParams(payload.get('post_data') ?? '')]).toEqual([
      ...new URLSearchParams(sent.get('post_data') ?? ''),
    ]);
  });

  it('shipping elsewhere: the s_ fields carry the shipping address', () => {
    const payload = reviewPayload({
      nonce: 'n',
      form: [
        ['billing_country', 'IE'],
        ['billing_city', 'Dublin'],
        ['shipping_country', 'FR'],
        ['shipping_city', 'Paris'],
        ['shipping_address_1', '1 rue'],
      ],
      paymentMethod: '',
      shipToDifferentAddress: true,
      hasFullAddress: false,
    });
    expect(payload.get('country')).toBe('IE');
    expect(payload.get('s_country')).toBe('FR');
    expect(payload.get('s_city')).toBe('Paris');
    expect(payload.get('s_address')).toBe('1 rue');
    expect(payload.get('s_state')).toBe('');
    expect(payload.get('has_full_address')).toBe('false');
  });

  it('every package’s chosen method, and only shipping_method[…] fields', () => {
    const payload = reviewPayload({
      nonce: 'n',
      form: [
        ['shipping_method[0]', 'flat_rate:1'],
        ['shipping_method[1]', 'free_shipping:2'],
        ['shipping_methods', 'x'],
      ],
      paymentMethod: 'cheque',
      shipToDifferentAddress: false,
      hasFullAddress: true,
    });
    expect(payload.getAll('shipping_method[0]')).toEqual(['flat_rate:1']);
    expect(payload.getAll('shipping_method[1]')).toEqual(['free_shipping:2']);
    expect(payload.has('shipping_methods')).toBe(false);
  });
});

describe('keyQueuesReview (§4: typing queues, Tab does not)', () => {
  it.each(['a', '1', ' ', 'é', 'Backspace', 'Delete', 'Enter', 'Unidentified'])('%j queues', (key) => {
    expect(keyQueuesReview(key)).toBe(true);
  });
  it.each(['Tab', 'Shift', 'ArrowLeft', 'Home', 'Escape', 'Control'])('%j does not', (key) => {
    expect(keyQueuesReview(key)).toBe(false);
  });
});

describe('the payment method list (§4)', () => {
  const methods: PaymentMethod[] = [
    { id: 'bacs', orderButtonText: '', countries: [] },
    { id: 'cod', orderButtonText: '', countries: ['IE', 'GB'] },
    { id: 'paypal', orderButtonText: 'Proceed to PayPal', countries: [] },
  ];

  it('a method with countries is offered only for those billing countries', () => {
    expect(offeredMethods(methods, 'IE').map((m) => m.id)).toEqual(['bacs', 'cod', 'paypal']);
    expect(offeredMethods(methods, 'FR').map((m) => m.id)).toEqual(['bacs', 'paypal']);
  });

  it('the first is chosen when none is, or when the chosen one is no longer offered', () => {
    expect(chosenMethod(methods, '')).toBe('bacs');
    expect(chosenMethod(methods, 'cod')).toBe('cod');
    expect(chosenMethod(offeredMethods(methods, 'FR'), 'cod')).toBe('bacs');
    expect(chosenMethod([], 'cod')).toBe('');
  });

  it('a single method’s radio is hidden', () => {
    expect(showMethodRadios(methods)).toBe(true);
    expect(showMethodRadios(methods.slice(0, 1))).toBe(false);
  });

  it('the button says the chosen method’s own text, else the default', () => {
    expect(placeOrderText(methods, 'paypal', 'Place order')).toBe('Proceed to PayPal');
    expect(placeOrderText(methods, 'bacs', 'Place order')).toBe('Place order');
    expect(placeOrderText(methods, 'gone', 'Place order')).toBe('Place order');
  });
});

describe('placeOrderOutcome (§4 "Place-order result", §8)', () => {
  const here = (url: string) => url.startsWith('http://127.0.0.1:8089/');

  it('success: to the redirect, when it is on the store', () => {
    expect(
      placeOrderOutcome(
        { kind: 'success', redirect: 'http://127.0.0.1:8089/checkout/order-received/36/?key=k' },
        here,
      ),
    ).toEqual({
      kind: 'navigate',
      url: 'http://127.0.0.1:8089/checkout/order-received/36/?key=k',
    });
  });

  it('success with an off-site or script redirect: refused, never followed', () => {
    for (const url of ['https://evil.example/', 'javascript:alert(1)', 'data:text/html,x']) {
      expect(placeOrderOutcome({ kind: 'success', redirect: url }, here)).toEqual({
        kind: 'refused-redirect',
        url,
      });
    }
  });

  it('failure: reload wins; messages shown; none → the generic error; refresh kept', () => {
    expect(
      placeOrderOutcome({ kind: 'failure', messages: '<ul/>', refresh: true, reload: true }, here),
    ).toEqual({ kind: 'reload' });
    expect(
      placeOrderOutcome(
        { kind: 'failure', messages: '<ul><li>x</li></ul>', refresh: true, reload: false },
        here,
      ),
    ).toEqual({
      kind: 'notices',
      html: '<ul><li>x</li></ul>',
      refresh: true,
      generic: false,
    });
    expect(
      placeOrderOutcome({ kind: 'failure', messages: ' \r\n', refresh: false, reload: false }, here),
    ).toMatchObject({ generic: true });
    expect(placeOrderOutcome({ kind: 'invalid', reason: 'x' }, here)).toEqual({
      kind: 'notices',
      html: '',
      refresh: false,
      generic: true,
    });
  });
});

describe('fieldIdsOfMessages', () => {
  it('keeps field-like ids once, in order; drops empty and hostile ones', () => {
    expect(
      fieldIdsOfMessages([
        'billing_email',
        null,
        'billing_first_name',
        'billing_email',
        '',
        'x"><img',
        '1abc',
      ]),
    ).toEqual(['billing_email', 'billing_first_name']);
  });
});
