import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { providerMessages, StripeSettingsSchema, type StripeSettingsInput } from '../../contract/stripe';
import {
  billingDetails,
  elementsOptions,
  PAYMENT_FAILED,
  paymentElementOptions,
  providerErrorMessage,
  validBlikCode,
} from './model';
import { saveOptionShown } from './box';
import { isProviderHash, parseHashRoute } from './hash-route';

const RECORDED = JSON.parse(
  readFileSync(
    join(
      import.meta.dirname,
      '../../../../shared/woocommerce-samples/params/checkout.wc_stripe_upe_params.json',
    ),
    'utf8',
  ),
) as Record<string, unknown>;
const settings = (over: Partial<StripeSettingsInput> = {}) =>
  z.parse(StripeSettingsSchema, { ...RECORDED, ...over });
const MESSAGES = providerMessages(RECORDED);

describe('the gateway settings as the Stripe gateway prints them', () => {
  it('parses the recorded object: flags and numbers printed as strings become booleans and numbers', () => {
    const s = settings();
    expect(s.gatewayId).toBe('stripe');
    expect(s.isCheckout).toBe(true);
    expect(s.cartContainsSubscription).toBe(false);
    expect(s.cartTotal).toBe(23989);
    expect(s.paymentMethodsConfig.card?.isReusable).toBe(true);
  });

  it('reads the provider messages keyed by code, and nothing else', () => {
    expect(MESSAGES.card_declined).toBe('The card was declined.');
    expect(MESSAGES.insufficient_funds).toBe('Your card has insufficient funds.');
    expect(Object.keys(MESSAGES)).not.toContain('title');
    expect(Object.keys(MESSAGES)).not.toContain('key');
  });

  it('takes what PHP prints: an order id as a number, an empty map as [], no appearance as false', () => {
    const s = settings({
      orderId: 99 as unknown as string,
      paymentMethodsConfig: [] as unknown as Record<string, never>,
      appearance: false,
      enabledBillingFields: [],
    });
    expect(s.orderId).toBe('99');
    expect(s.paymentMethodsConfig).toEqual({});
    expect(elementsOptions(s, false).appearance).toBeUndefined();
  });

  it('refuses a key that is not a publishable key (a secret key printed by mistake)', () => {
    expect(z.safeParse(StripeSettingsSchema, { ...RECORDED, key: 'sk_live_abc' }).success).toBe(false);
  });
});

describe('§4 payment element mode and saving', () => {
  it.each([
    [23989, false, false, { mode: 'payment', amount: 23989 }],
    [0, false, false, { mode: 'setup' }],
    [0.5, true, false, { mode: 'setup' }],
    [1, true, false, { mode: 'payment', amount: 1, setupFutureUsage: 'off_session' }],
    [500, false, true, { mode: 'payment', amount: 500, setupFutureUsage: 'off_session' }],
  ])('total %s, saving %s, subscription %s → %o', (total, saving, subscription, expected) => {
    const options = elementsOptions(
      settings({ cartTotal: String(total), cartContainsSubscription: subscription ? '1' : '' }),
      saving,
    );
    expect(options).toMatchObject(expected);
    if (!('setupFutureUsage' in expected)) expect(options.setupFutureUsage).toBeUndefined();
    if (expected.mode === 'setup') expect(options.amount).toBeUndefined();
  });

  it.each([
    [false, '', '', 'never'],
    [true, '', '', 'always'],
    [false, '1', '', 'always'],
    [false, '1', '1', 'never'],
  ])('terms: saving %s, subscription %s, manual renewal %s → %s', (saving, sub, manual, terms) => {
    const s = settings({ cartContainsSubscription: sub, subscriptionRequiresManualRenewal: manual });
    expect(paymentElementOptions(s, saving, true).terms.card).toBe(terms);
  });

  it('asks only the billing details the form lacks; on order-pay it asks them all', () => {
    const s = settings({
      enabledBillingFields: ['billing_email', 'billing_first_name', 'billing_last_name'],
    });
    expect(paymentElementOptions(s, false, true).fields?.billingDetails).toEqual({
      name: 'never',
      email: 'never',
      phone: 'auto',
      address: 'auto',
    });
    expect(paymentElementOptions(s, false, false).fields).toBeUndefined();
  });
});

describe('§5 the save checkbox', () => {
  const s = settings();
  it.each([
    ['card', true, false, true],
    ['card', false, true, true],
    ['card', false, false, false],
    ['oxxo', true, false, false],
    ['wechat_pay', true, false, false],
  ])('%s, logged in %s, creating an account %s → %s', (type, loggedIn, creatingAccount, shown) => {
    expect(saveOptionShown(s, type, { loggedIn, creatingAccount })).toBe(shown);
  });
});

describe('§8 provider errors', () => {
  it.each([
    [{ code: 'card_declined', message: 'Your card was declined.' }, 'The card was declined.'],
    [{ code: 'incomplete_number' }, 'The card number is incomplete.'],
    [{ code: 'something_new', message: 'Stripe’s own words.' }, 'Stripe’s own words.'],
    [{}, PAYMENT_FAILED],
    [{ code: 'parameter_missing', param: 'billing_email' }, 'Billing Email is a required field.'],
    [
      { code: 'parameter_invalid_empty', param: 'billing_details[address][postal_code]' },
      'Billing Postal Code is a required field.',
    ],
    [{ code: 'parameter_string_blank', param: 'shipping_city' }, 'Shipping City is a required field.'],
    // A parameter that is no billing or shipping field keeps the code's rule.
    [{ code: 'parameter_missing', param: 'amount', message: 'Missing amount.' }, 'Missing amount.'],
  ])('%o → %s', (error, message) => {
    expect(providerErrorMessage(error, MESSAGES)).toBe(message);
  });

  it('uses the form’s own label when it has one', () => {
    const label = (field: string) => (field === 'billing_email' ? 'Billing Email address' : null);
    expect(providerErrorMessage({ code: 'parameter_missing', param: 'billing_email' }, MESSAGES, label)).toBe(
      'Billing Email address is a required field.',
    );
  });
});

describe('§2 confirmation routes of the URL hash', () => {
  it('reads a payment intent and a setup intent route', () => {
    expect(parseHashRoute('#wc-stripe-confirm-pi:123:pi_3Qx_secret_AbC:0a1b2c3d4e', 'stripe')).toEqual({
      kind: 'confirm',
      intent: 'pi',
      orderId: '123',
      clientSecret: 'pi_3Qx_secret_AbC',
      nonce: '0a1b2c3d4e',
    });
    expect(parseHashRoute('#wc-stripe-confirm-si:9:seti_1_secret_2:abc', 'stripe')).toMatchObject({
      intent: 'si',
    });
  });

  it('reads a voucher route and a wallet route, their return URLs decoded', () => {
    const back = encodeURIComponent('https://shop.test/checkout/order-received/5/?key=k');
    expect(parseHashRoute(`#wc-stripe-voucher-5:oxxo:pi_1_secret_2:${back}`, 'stripe')).toEqual({
      kind: 'voucher',
      orderId: '5',
      method: 'oxxo',
      clientSecret: 'pi_1_secret_2',
      returnUrl: 'https://shop.test/checkout/order-received/5/?key=k',
    });
    expect(parseHashRoute(`#wc-stripe-wallet-5:cashapp:si:seti_1_secret_2:${back}:n0nce`, 'stripe')).toEqual({
      kind: 'wallet',
      orderId: '5',
      method: 'cashapp',
      intent: 'si',
      clientSecret: 'seti_1_secret_2',
      returnUrl: 'https://shop.test/checkout/order-received/5/?key=k',
      nonce: 'n0nce',
    });
    // An unknown voucher type is no route.
    expect(parseHashRoute(`#wc-stripe-voucher-5:paypal:pi_1_secret_2:${back}`, 'stripe')).toBeNull();
  });

  it('reads the legacy route with its redirect URL', () => {
    expect(
      parseHashRoute('#confirm-pi-pi_1_secret_2:' + encodeURIComponent('https://shop.test/x?a=1'), 'stripe'),
    ).toEqual({
      kind: 'legacy',
      intent: 'pi',
      clientSecret: 'pi_1_secret_2',
      redirectUrl: 'https://shop.test/x?a=1',
    });
  });

  it.each([
    '#wc-stripe-confirm-pi:123:javascript:alert(1)',
    '#wc-stripe-confirm-pi:abc:pi_1_secret_2:n',
    '#wc-stripe-confirm-pi:1:seti_1_secret_2:n', // a setup intent's secret on a payment route
    '#wc-stripe-confirm-xx:1:pi_1_secret_2:n',
    '#wc-stripe-confirm-pi:1:pi_1_secret_2:<img>',
    '#wc-other-confirm-pi:1:pi_1_secret_2:n',
    '#confirm-pi-notasecret:https://x',
    '#confirm-pi-pi_1_secret_2:%E0%A4%A',
    '',
  ])('refuses %s', (hash) => {
    expect(parseHashRoute(hash, 'stripe')).toBeNull();
  });

  it('knows the provider’s hashes, malformed or not', () => {
    expect(isProviderHash('#wc-stripe-confirm-pi:x', 'stripe')).toBe(true);
    expect(isProviderHash('#confirm-si-x', 'stripe')).toBe(true);
    expect(isProviderHash('#reviews', 'stripe')).toBe(false);
  });
});

describe('billing details and BLIK', () => {
  it('sends name, e-mail, phone and address from the form’s values', () => {
    const values: Record<string, string> = {
      billing_first_name: 'Aoife',
      billing_last_name: 'Byrne',
      billing_email: 'a@b.ie',
      billing_country: 'IE',
      billing_city: 'Dublin',
    };
    expect(billingDetails((n) => values[n])).toEqual({
      name: 'Aoife Byrne',
      email: 'a@b.ie',
      address: {
        city: 'Dublin',
        country: 'IE',
        line1: undefined,
        line2: undefined,
        postal_code: undefined,
        state: undefined,
      },
    });
  });

  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['12345a', false],
    ['1234567', false],
  ])('BLIK code %j → %s', (code, ok) => {
    expect(validBlikCode(code)).toBe(ok);
  });
});
