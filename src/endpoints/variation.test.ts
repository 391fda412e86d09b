import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { failure, seen, server, withEndpointServer, wcAjaxHandler } from './test-support';
import { getVariation } from './variation';

withEndpointServer();

const VARIATION = {
  attributes: { attribute_pa_size: 'm', attribute_colour: 'Red' },
  is_in_stock: true,
  is_purchasable: true,
  variation_id: 45,
  display_price: 28,
  sku: 'JERSEY-M-RED',
  a_plugin_key: 'kept',
};

describe('getVariation', () => {
  it('POSTs get_variation with the attributes, product_id and custom data, in that order', async () => {
    server.use(wcAjaxHandler('get_variation', () => HttpResponse.json(VARIATION)));
    const variation = await getVariation({
      productId: 40,
      attributes: { attribute_pa_size: 'm', attribute_colour: 'Red' },
      customData: { 'custom_data[bundle]': 'kit' },
    });
    expect(await seen()).toMatchObject([
      {
        method: 'POST',
        url: '/?wc-ajax=get_variation',
        form: [
          ['attribute_pa_size', 'm'],
          ['attribute_colour', 'Red'],
          ['product_id', '40'],
          ['custom_data[bundle]', 'kit'],
        ],
      },
    ]);
    // Parsed: WooCommerce's defaults filled in, a plugin's own keys kept.
    expect(variation).toMatchObject({ variation_id: 45, sku: 'JERSEY-M-RED', a_plugin_key: 'kept' });
    expect(variation && variation.image.srcset).toBe(false);
    expect(variation && variation.min_qty).toBe(1);
  });

  it('returns false when nothing matches', async () => {
    server.use(wcAjaxHandler('get_variation', () => HttpResponse.json(false)));
    await expect(getVariation({ productId: 40, attributes: { attribute_colour: 'Green' } })).resolves.toBe(
      false,
    );
    expect((await seen())[0]!.form).toEqual([
      ['attribute_colour', 'Green'],
      ['product_id', '40'],
    ]);
  });

  it('fails as a schema error on a malformed answer, and on an empty body (with the body)', async () => {
    server.use(wcAjaxHandler('get_variation', () => HttpResponse.json({ variation_id: 'x' })));
    expect((await failure(getVariation({ productId: 40, attributes: {} }))).kind).toBe('schema');
    server.use(wcAjaxHandler('get_variation', () => new HttpResponse('')));
    const empty = await failure(getVariation({ productId: 999, attributes: {} }));
    expect(empty).toMatchObject({ kind: 'schema', details: { body: '' } });
  });

  it('is aborted through the caller’s signal', async () => {
    server.use(
      wcAjaxHandler('get_variation', async () => {
        await delay(500);
        return HttpResponse.json(false);
      }),
    );
    const controller = new AbortController();
    const pending = failure(getVariation({ productId: 40, attributes: {} }, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('abort');
  });
});
