// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AddToCartErrorSchema,
  AddToCartResponseSchema,
  CartFragmentsResponseSchema,
  RemoveFromCartResponseSchema,
  RestErrorSchema,
} from './cart';
import { SettingsSchema } from './settings';

/** The real traffic recorded from a WooCommerce 9.9 store, beside the repository (../shared). */
const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const sample = (name: string): unknown => JSON.parse(readFileSync(join(SAMPLES, name), 'utf8'));

describe('contract schemas against recorded WooCommerce responses', () => {
  it('has the samples beside the repository', () => {
    expect(existsSync(SAMPLES)).toBe(true);
  });

  it.each([
    '06-wc-ajax-get_refreshed_fragments-empty.response.body.json',
    '19-wc-ajax-get_refreshed_fragments-with-items.response.body.json',
    '20-admin-ajax-woocommerce_get_refreshed_fragments.response.body.json',
  ])('fragments: %s', (file) => {
    expect(CartFragmentsResponseSchema.safeParse(sample(file)).success).toBe(true);
  });

  it.each([
    ['07-wc-ajax-add_to_cart-simple.response.body.json', 'fragments'],
    ['17-wc-ajax-add_to_cart-variation-id.response.body.json', 'fragments'],
    ['09-wc-ajax-add_to_cart-outofstock-error.response.body.json', 'error'],
    ['10-wc-ajax-add_to_cart-over-stock-error.response.body.json', 'error'],
    ['11-g3-wc-ajax-add_to_cart-variable-parent-quirk.response.body.json', 'error'],
  ])('add_to_cart: %s is a %s response', (file, kind) => {
    const body = sample(file);
    expect(AddToCartResponseSchema.safeParse(body).success).toBe(true);
    expect(AddToCartErrorSchema.safeParse(body).success).toBe(kind === 'error');
  });

  it.each([
    '34-wc-ajax-remove_from_cart.response.body.json',
    '35-wc-ajax-remove_from_cart-bad-key-error.response.body.json',
  ])('remove_from_cart: %s', (file) => {
    expect(RemoveFromCartResponseSchema.safeParse(sample(file)).success).toBe(true);
  });

  it('REST errors', () => {
    expect(
      RestErrorSchema.safeParse(sample('25-store-api-add-item-no-nonce-error.response.body.json')).success,
    ).toBe(true);
  });

  it("settings accept WooCommerce's own localized values", () => {
    const cart = sample('params/shop.wc_cart_fragments_params.json') as Record<string, string>;
    const add = sample('params/product-simple.wc_add_to_cart_params.json') as Record<string, string>;
    const parsed = SettingsSchema.parse({ ...cart, ...add, rest_url: '/wp-json/' });
    expect(parsed.request_timeout).toBe(5000);
    expect(parsed.cart_hash_key).toBe(cart.cart_hash_key);
    expect(parsed.is_cart).toBe('');
  });

  it('rejects a settings block without the endpoint placeholder', () => {
    const result = SettingsSchema.safeParse({
      ajax_url: '/a',
      wc_ajax_url: '/?wc-ajax=',
      rest_url: '/',
      cart_url: '/',
    });
    expect(result.success).toBe(false);
  });
});
