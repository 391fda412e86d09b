import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MALFORMED_JSON } from '../contract/checkout';
import { applyCoupon, placeOrder, removeCoupon, updateOrderReview } from './checkout';
import { failure, malformed, seen, server, withEndpointServer, wcAjaxHandler } from './test-support';

withEndpointServer();

const REVIEW = {
  result: 'success',
  messages: '',
  reload: false,
  fragments: { '.woocommerce-checkout-payment': '<div/>' },
};

describe('updateOrderReview', () => {
  it('POSTs update_order_review with the fields, in order, and returns the fragments', async () => {
    server.use(wcAjaxHandler('update_order_review', () => HttpResponse.json(REVIEW)));
    const form = new URLSearchParams([
      ['security', 'e35269a606'],
      ['country', 'IE'],
      ['has_full_address', 'true'],
      ['shipping_method[0]', 'flat_rate:1'],
    ]);
    await expect(updateOrderReview(form)).resolves.toEqual(REVIEW);
    const [request] = await seen();
    expect(request).toMatchObject({
      method: 'POST',
      url: '/?wc-ajax=update_order_review',
      form: [...form.entries()],
    });
  });

  it('a bad nonce (HTTP 403, -1) is an HTTP error; malformed JSON a schema error; never sent twice', async () => {
    server.use(wcAjaxHandler('update_order_review', () => new HttpResponse('-1', { status: 403 })));
    expect(await failure(updateOrderReview({ security: 'x' }))).toMatchObject({
      kind: 'http',
      details: { status: 403 },
    });
    server.use(wcAjaxHandler('update_order_review', malformed));
    expect((await failure(updateOrderReview({ security: 'x' }))).kind).toBe('schema');
    expect(await seen()).toHaveLength(2);
  });

  it('an aborted review (a newer one started) is an abort', async () => {
    const controller = new AbortController();
    server.use(wcAjaxHandler('update_order_review', () => new Promise(() => undefined)));
    const pending = updateOrderReview({ security: 'x' }, { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe('abort');
  });
});

describe('placeOrder', () => {
  it('POSTs checkout once and reads a success', async () => {
    server.use(
      wcAjaxHandler('checkout', () =>
        HttpResponse.json({
          result: 'success',
          redirect: '/checkout/order-received/36/?key=k',
          order_id: 36,
        }),
      ),
    );
    await expect(placeOrder({ billing_first_name: 'Aoife', payment_method: 'cod' })).resolves.toEqual({
      kind: 'success',
      redirect: '/checkout/order-received/36/?key=k',
      orderId: '36',
    });
    const requests = await seen();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/?wc-ajax=checkout',
      form: [
        ['billing_first_name', 'Aoife'],
        ['payment_method', 'cod'],
      ],
    });
  });

  it('recovers an answer with a PHP notice before it, and logs that it did', async () => {
    server.use(
      wcAjaxHandler(
        'checkout',
        () =>
          new HttpResponse(
            '<b>Notice</b>: x\n{"result":"failure","messages":"<ul class=\\"woocommerce-error\\"><li>No</li></ul>","refresh":false,"reload":false}',
          ),
      ),
    );
    const log = vi.fn();
    await expect(placeOrder({}, { log })).resolves.toMatchObject({ kind: 'failure', reload: false });
    expect(log).toHaveBeenCalledWith(MALFORMED_JSON.fixed);
  });

  it('an HTML page is an invalid answer; a 500 and a timeout are transport errors, sent once', async () => {
    server.use(wcAjaxHandler('checkout', () => new HttpResponse('<!DOCTYPE html><p>Maintenance</p>')));
    await expect(placeOrder({})).resolves.toMatchObject({ kind: 'invalid' });
    server.use(wcAjaxHandler('checkout', () => new HttpResponse('oops', { status: 500 })));
    expect(await failure(placeOrder({}))).toMatchObject({ kind: 'http', details: { status: 500 } });
    server.use(wcAjaxHandler('checkout', () => new Promise(() => undefined)));
    expect((await failure(placeOrder({}, { timeout: 20 }))).kind).toBe('timeout');
    expect(await seen()).toHaveLength(3);
  });
});

describe('coupons', () => {
  it('applyCoupon POSTs security, coupon_code and billing_email; an error notice is an error', async () => {
    server.use(
      wcAjaxHandler(
        'apply_coupon',
        () =>
          new HttpResponse(
            '<ul class="woocommerce-error" role="alert"><li>Coupon &quot;x&quot; does not exist!</li></ul>',
            {
              headers: { 'Content-Type': 'text/html' },
            },
          ),
      ),
    );
    const answer = await applyCoupon({ security: 'n', coupon_code: 'x', billing_email: 'a@b.ie' });
    expect(answer.error).toBe(true);
    const [request] = await seen();
    expect(request).toMatchObject({
      url: '/?wc-ajax=apply_coupon',
      form: [
        ['security', 'n'],
        ['coupon_code', 'x'],
        ['billing_email', 'a@b.ie'],
      ],
    });
  });

  it('removeCoupon POSTs security and coupon; a message notice is no error', async () => {
    server.use(
      wcAjaxHandler(
        'remove_coupon',
        () =>
          new HttpResponse('<div class="woocommerce-message" role="alert">Coupon has been removed.</div>'),
      ),
    );
    await expect(removeCoupon({ security: 'n', coupon: 'fiveoff' })).resolves.toMatchObject({ error: false });
    const [request] = await seen();
    expect(request).toMatchObject({
      url: '/?wc-ajax=remove_coupon',
      form: [
        ['security', 'n'],
        ['coupon', 'fiveoff'],
      ],
    });
  });
});
