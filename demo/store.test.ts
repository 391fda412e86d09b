import { describe, expect, it } from 'vitest';
import { findProduct, type VariableProduct } from './fixtures';
import { DemoStore } from './store';

/** The Training Jersey (demo/fixtures.ts): white comes in every size with 'any' sleeve length. */
const JERSEY = 40;
/** Junior Football Boots: sizes UK 1-4 × Black / Blue, every attribute set on each variation. */
const BOOTS = 18;

const jersey = findProduct(JERSEY) as VariableProduct;
const boots = findProduct(BOOTS) as VariableProduct;
const variationOf = (product: VariableProduct, attributes: Record<string, string>): number => {
  const found = product.variations.find((v) =>
    Object.entries(attributes).every(([key, value]) => v.attributes[key] === value),
  );
  if (!found) throw new Error(`no variation ${JSON.stringify(attributes)}`);
  return found.id;
};
const WHITE_M = variationOf(jersey, { attribute_pa_size: 'm', attribute_colour: 'White' });
const BOOTS_UK1_BLACK = variationOf(boots, { attribute_pa_size: 'uk-1', attribute_colour: 'Black' });
const BOOTS_UK1_BLUE = variationOf(boots, { attribute_pa_size: 'uk-1', attribute_colour: 'Blue' });

function fresh() {
  const store = new DemoStore();
  const { session } = store.ensureSession(null);
  return { store, session };
}

const CHOOSE_BOOTS =
  'Please choose product options by visiting <a href="/product/junior-football-boots/" title="Junior Football Boots">Junior Football Boots</a>.';

describe('a variation with an attribute left as "any"', () => {
  it('keeps the value the shopper posted, in the cart item and its name (as WC_Cart::add_to_cart)', () => {
    const { store, session } = fresh();
    const added = store.addToCart(session, {
      productId: JERSEY,
      variationId: WHITE_M,
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
    const { store, session } = fresh();
    const white = store.addToCart(session, {
      productId: JERSEY,
      variationId: WHITE_M,
      attributes: { attribute_pa_size: 'm', attribute_colour: 'White' },
    });
    expect(white.ok).toBe(false);
    expect(store.cartLines(session)).toHaveLength(0);
    expect(store.takeNotices(session)).toEqual([
      { type: 'error', html: 'Sleeve length is a required field' },
    ]);
  });

  it('is refused with a value the attribute does not have', () => {
    const { store, session } = fresh();
    const added = store.addToCart(session, {
      productId: JERSEY,
      variationId: WHITE_M,
      attributes: { 'attribute_sleeve-length': 'No sleeve' },
    });
    expect(added.ok).toBe(false);
    expect(store.takeNotices(session)).toEqual([
      { type: 'error', html: 'Invalid value posted for Sleeve length' },
    ]);
  });
});

// What the real WooCommerce 9.9.5 and 7.8.2 stores answered to the same posts (the product form,
// JavaScript off): the same refusals, word for word.
describe('a variable product is added only with a valid variation id, as WooCommerce', () => {
  it('refuses the parent with attributes but no variation id: WooCommerce never matches them', () => {
    const { store, session } = fresh();
    const added = store.addToCart(session, {
      productId: BOOTS,
      attributes: { attribute_pa_size: 'uk-1', attribute_colour: 'Black' },
    });
    expect(added).toEqual({ ok: false, productUrl: '/product/junior-football-boots/' });
    expect(store.takeNotices(session)).toEqual([{ type: 'error', html: CHOOSE_BOOTS }]);
  });

  it('adds with the variation id, the posted attributes agreeing or empty', () => {
    const { store, session } = fresh();
    expect(
      store.addToCart(session, {
        productId: BOOTS,
        variationId: BOOTS_UK1_BLACK,
        attributes: { attribute_pa_size: 'uk-1', attribute_colour: 'Black' },
      }).ok,
    ).toBe(true);
    expect(
      store.addToCart(session, {
        productId: BOOTS,
        variationId: BOOTS_UK1_BLUE,
        attributes: { attribute_pa_size: '', attribute_colour: '' },
      }).ok,
    ).toBe(true);
    expect(store.cartLines(session).map((l) => l.name)).toEqual([
      'Junior Football Boots - UK 1, Black',
      'Junior Football Boots - UK 1, Blue',
    ]);
    expect(store.takeNotices(session)).toEqual([]);
  });

  it('refuses attributes that contradict the variation', () => {
    const { store, session } = fresh();
    const added = store.addToCart(session, {
      productId: BOOTS,
      variationId: BOOTS_UK1_BLUE,
      attributes: { attribute_pa_size: 'uk-1', attribute_colour: 'Black' },
    });
    expect(added.ok).toBe(false);
    expect(store.takeNotices(session)).toEqual([{ type: 'error', html: 'Invalid value posted for Colour' }]);
  });

  it('refuses a variation id that is another product, and says nothing for one that does not exist', () => {
    const { store, session } = fresh();
    expect(store.addToCart(session, { productId: BOOTS, variationId: 13 }).ok).toBe(false);
    expect(store.takeNotices(session)).toEqual([
      {
        type: 'error',
        html:
          "The selected product isn't a variation of Junior Football Boots, please choose product options by " +
          'visiting <a href="/product/junior-football-boots/" title="Junior Football Boots">Junior Football Boots</a>.',
      },
    ]);
    expect(store.addToCart(session, { productId: BOOTS, variationId: 9999 }).ok).toBe(false);
    expect(store.takeNotices(session)).toEqual([]);
    expect(store.cartLines(session)).toHaveLength(0);
  });

  it('adds a variation by its own id (its attributes are its own)', () => {
    const { store, session } = fresh();
    expect(store.addToCart(session, { productId: BOOTS_UK1_BLUE }).ok).toBe(true);
    expect(store.cartLines(session)[0]?.name).toBe('Junior Football Boots - UK 1, Blue');
  });

  it('names the attribute an "any" variation needs', () => {
    const { store, session } = fresh();
    const green = variationOf(jersey, { attribute_colour: 'Green' });
    const added = store.addToCart(session, { productId: JERSEY, variationId: green });
    expect(added.ok).toBe(false);
    expect(store.takeNotices(session)).toEqual([{ type: 'error', html: 'Size is a required field' }]);
  });
});
