import { describe, expect, it } from 'vitest';
import { DemoStore } from './store';

/** The Training Jersey (demo/fixtures.ts): white comes in every size with 'any' sleeve length. */
const JERSEY = 40;

describe('a variation with an attribute left as "any"', () => {
  it('keeps the value the shopper posted, in the cart item and its name (as WC_Cart::add_to_cart)', () => {
    const store = new DemoStore();
    const { session } = store.ensureSession(null);
    const added = store.addToCart(session, {
      productId: JERSEY,
      attributes: {
        attribute_pa_size: 'm',
        attribute_colour: 'White',
        'attribute_sleeve-length': 'Long sleeve',
      },
    });
    expect(added.ok).toBe(true);
    const [line] = store.cartLines(session);
    expect(line?.item.variation['attribute_sleeve-length']).toBe('Long sleeve');
    expect(line?.name).toMatch(/White, Long sleeve$/);
  });

  it('is refused without that value, with WooCommerce’s required-field notice', () => {
    const store = new DemoStore();
    const { session } = store.ensureSession(null);
    const white = store.addToCart(session, {
      productId: JERSEY,
      attributes: { attribute_pa_size: 'm', attribute_colour: 'White' },
    });
    expect(white.ok).toBe(false);
    expect(store.cartLines(session)).toHaveLength(0);
    expect(store.takeNotices(session)).toEqual([
      { type: 'error', html: 'Sleeve length is a required field' },
    ]);
  });
});
