// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { MALFORMED_JSON, OrderReviewResponseSchema, readCheckoutAnswer, readCouponAnswer } from './checkout';

/** The real traffic recorded from a WooCommerce 9.9 store, beside the repository (../shared). */
const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const body = (name: string): string => readFileSync(join(SAMPLES, name), 'utf8');

describe('update_order_review (samples 41, 50)', () => {
  it.each(['41-wc-ajax-update_order_review', '50-wc-ajax-update_order_review-with-coupon'])(
    '%s: the review table and payment fragments',
    (name) => {
      const parsed = z.safeParse(OrderReviewResponseSchema, JSON.parse(body(`${name}.response.body.json`)));
      expect(parsed.success).toBe(true);
      if (!parsed.success) return;
      expect(parsed.data.result).toBe('success');
      expect(parsed.data.reload).toBe(false);
      expect(Object.keys(parsed.data.fragments ?? {})).toEqual([
        '.woocommerce-checkout-review-order-table',
        '.woocommerce-checkout-payment',
      ]);
    },
  );

  it('PHP’s [] for no fragments, and "true" for reload', () => {
    const parsed = z.safeParse(OrderReviewResponseSchema, {
      result: 'failure',
      messages: '<ul/>',
      reload: 'true',
      fragments: [],
    });
    expect(parsed.success && parsed.data).toEqual({
      result: 'failure',
      messages: '<ul/>',
      reload: 'true',
      fragments: [],
    });
  });

  it('an expired session: the form replaced by a notice, no result (WooCommerce 9.9)', () => {
    const answer = {
      fragments: {
        'form.woocommerce-checkout':
          '<ul class="woocommerce-error"><li>Sorry, your session has expired.</li></ul>',
      },
    };
    expect(z.safeParse(OrderReviewResponseSchema, answer).success).toBe(true);
    expect(z.safeParse(OrderReviewResponseSchema, { unexpected: true }).success).toBe(false);
  });

  it('a fragment that is not text is not the contract', () => {
    expect(
      z.safeParse(OrderReviewResponseSchema, { result: 'success', fragments: { '.x': 1 } }).success,
    ).toBe(false);
  });
});

describe('readCheckoutAnswer (samples 52–54, 61)', () => {
  it('a validation failure: the messages, with their data-id', () => {
    const answer = readCheckoutAnswer(body('52-wc-ajax-checkout-validation-error.response.body.json'));
    expect(answer).toMatchObject({ kind: 'failure', refresh: false, reload: false });
    expect(answer.kind === 'failure' && answer.messages).toContain('data-id="billing_email"');
  });

  it('a bad nonce: a failure that asks for a refresh', () => {
    expect(readCheckoutAnswer(body('53-wc-ajax-checkout-bad-nonce-error.response.body.json'))).toMatchObject({
      kind: 'failure',
      refresh: true,
      reload: false,
    });
  });

  it.each([
    ['54-wc-ajax-checkout-cod-success', '36'],
    ['61-g2-wc-ajax-checkout-cheque-ship-elsewhere', '37'],
  ])('%s: success, the order-received URL', (name, orderId) => {
    const answer = readCheckoutAnswer(body(`${name}.response.body.json`));
    expect(answer).toMatchObject({ kind: 'success', orderId });
    expect(answer.kind === 'success' && answer.redirect).toMatch(
      /\/checkout\/order-received\/\d+\/\?key=wc_order_/,
    );
  });

  it('recovers the JSON from what was printed around it, and says so', () => {
    const log = vi.fn();
    const json = body('54-wc-ajax-checkout-cod-success.response.body.json');
    const answer = readCheckoutAnswer(
      `<br />\n<b>Notice</b>: something in a plugin<br />\n${json}\n<!-- cache -->`,
      log,
    );
    expect(answer).toMatchObject({ kind: 'success', orderId: '36' });
    expect(log).toHaveBeenCalledWith(MALFORMED_JSON.fixed);
  });

  it('cannot recover: no {"result, or broken JSON after it (the §8 messages #1 and #2)', () => {
    const log = vi.fn();
    expect(readCheckoutAnswer('<html>Fatal error</html>', log)).toEqual({
      kind: 'invalid',
      reason: 'the answer is not JSON',
    });
    expect(log).toHaveBeenLastCalledWith(MALFORMED_JSON.first);
    expect(readCheckoutAnswer('x {"result":"success","redirect": }', log).kind).toBe('invalid');
    expect(log).toHaveBeenLastCalledWith(MALFORMED_JSON.second);
    expect(readCheckoutAnswer('', log).kind).toBe('invalid');
  });

  it('JSON that is not a checkout result is invalid, never a success', () => {
    expect(readCheckoutAnswer('{"result":"success"}').kind).toBe('invalid'); // no redirect
    expect(readCheckoutAnswer('null').kind).toBe('invalid');
    expect(readCheckoutAnswer('[]').kind).toBe('invalid');
    expect(readCheckoutAnswer('{"result":"success","redirect":42}').kind).toBe('invalid');
  });

  it('a failure without messages (the caller shows the generic error), "true" flags', () => {
    expect(readCheckoutAnswer('{"result":"failure","reload":"true"}')).toEqual({
      kind: 'failure',
      messages: '',
      refresh: false,
      reload: true,
    });
  });
});

describe('readCouponAnswer (samples 43–49)', () => {
  it.each([
    ['43-wc-ajax-apply_coupon-save10', false],
    ['44-wc-ajax-apply_coupon-save10-again-error', true],
    ['45-wc-ajax-apply_coupon-invalid-error', true],
    ['46-wc-ajax-apply_coupon-expired-error', true],
    ['47-wc-ajax-apply_coupon-minspend-error', true],
    ['48-wc-ajax-apply_coupon-fiveoff', false],
    ['49-wc-ajax-remove_coupon-fiveoff', false],
  ])('%s: error %s', (name, error) => {
    expect(readCouponAnswer(body(`${name}.response.body.html`))?.error).toBe(error);
  });

  it('an answer without a WooCommerce notice is none (a login page, JSON, an empty body)', () => {
    for (const body of [
      '',
      '{"fragments":{}}',
      '<form id="loginform"><p>Log In</p></form>',
      'woocommerce-error',
    ]) {
      expect(readCouponAnswer(body), body).toBeNull();
    }
    expect(readCouponAnswer('<div class="woocommerce-info">Coupon code already applied!</div>')).toEqual({
      html: '<div class="woocommerce-info">Coupon code already applied!</div>',
      error: false,
    });
  });

  it('the words in a message’s text are not the class', () => {
    expect(
      readCouponAnswer('<div class="woocommerce-message">Coupon woocommerce-error applied.</div>')?.error,
    ).toBe(false);
    expect(readCouponAnswer("<ul class='notice woocommerce-error'><li>No</li></ul>")?.error).toBe(true);
  });
});
