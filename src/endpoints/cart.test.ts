import { delay, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { activity } from '../transport/activity';
import { addToCart, refreshFragments, removeFromCart } from './cart';
import { failure, malformed, seen, server, withEndpointServer, wcAjaxHandler } from './test-support';

withEndpointServer();

const FRAGMENTS = {
  fragments: { 'div.widget_shopping_cart_content': '<div>1 item</div>' },
  cart_hash: 'abc',
};

describe('refreshFragments', () => {
  it('POSTs get_refreshed_fragments with `time` and returns the fragments', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1700000000000);
    server.use(wcAjaxHandler('get_refreshed_fragments', () => HttpResponse.json(FRAGMENTS)));
    await expect(refreshFragments()).resolves.toEqual(FRAGMENTS);
    const [request] = await seen();
    expect(request).toMatchObject({
      method: 'POST',
      url: '/?wc-ajax=get_refreshed_fragments',
      form: [['time', '1700000000000']],
    });
    expect(request!.headers.get('x-wp-nonce')).toBeNull();
  });

  it('fails as a schema error on an answer without fragments', async () => {
    server.use(wcAjaxHandler('get_refreshed_fragments', malformed));
    expect((await failure(refreshFragments())).kind).toBe('schema');
  });

  it('applies the caller’s timeout and leaves the loading indicator alone when asked', async () => {
    server.use(
      wcAjaxHandler('get_refreshed_fragments', async () => {
        await delay(300);
        return HttpResponse.json(FRAGMENTS);
      }),
    );
    const listener = vi.fn();
    const unsubscribe = activity.subscribe(listener);
    const error = await failure(refreshFragments({ timeout: 30, background: false }));
    unsubscribe();
    expect(error.kind).toBe('timeout');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('addToCart', () => {
  it('POSTs add_to_cart with the button’s fields, in order, and returns the fragments', async () => {
    server.use(wcAjaxHandler('add_to_cart', () => HttpResponse.json(FRAGMENTS)));
    await expect(addToCart({ product_id: '12', quantity: '2', variation_id: '14' })).resolves.toEqual(
      FRAGMENTS,
    );
    const [request] = await seen();
    expect(request).toMatchObject({
      method: 'POST',
      url: '/?wc-ajax=add_to_cart',
      form: [
        ['product_id', '12'],
        ['quantity', '2'],
        ['variation_id', '14'],
      ],
    });
  });

  it('returns WooCommerce’s refusal with the product URL', async () => {
    server.use(
      wcAjaxHandler('add_to_cart', () => HttpResponse.json({ error: true, product_url: '/product/boots/' })),
    );
    await expect(addToCart({ product_id: '12' })).resolves.toEqual({
      error: true,
      product_url: '/product/boots/',
    });
  });

  it('fails as a schema error on an answer that is neither', async () => {
    server.use(wcAjaxHandler('add_to_cart', () => HttpResponse.json({ error: true })));
    expect((await failure(addToCart({ product_id: '12' }))).kind).toBe('schema');
  });
});

describe('removeFromCart', () => {
  it('POSTs remove_from_cart with the cart_item_key and returns the fragments', async () => {
    server.use(wcAjaxHandler('remove_from_cart', () => HttpResponse.json(FRAGMENTS)));
    await expect(removeFromCart('9f61408e3afb633e50cdf1b20de6f466')).resolves.toEqual(FRAGMENTS);
    expect(await seen()).toMatchObject([
      {
        method: 'POST',
        url: '/?wc-ajax=remove_from_cart',
        form: [['cart_item_key', '9f61408e3afb633e50cdf1b20de6f466']],
      },
    ]);
  });

  it('returns `{ success: false }` for an unknown key', async () => {
    server.use(wcAjaxHandler('remove_from_cart', () => HttpResponse.json({ success: false })));
    await expect(removeFromCart('nope')).resolves.toEqual({ success: false });
  });

  it('fails as a schema error on a malformed answer', async () => {
    server.use(wcAjaxHandler('remove_from_cart', malformed));
    expect((await failure(removeFromCart('nope'))).kind).toBe('schema');
  });
});
