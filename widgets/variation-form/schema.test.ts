import { describe, expect, it } from 'vitest';
import { findProductBySlug, type VariableProduct } from '../../demo/fixtures';
import { variationFormProps } from '../../demo/product/variation-form';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { VariationFormPropsSchema } from './schema';

/** The form's props as the demo store prints them. */
const BOOTS = variationFormProps(
  findProductBySlug('junior-football-boots') as VariableProduct,
  new URL('/product/junior-football-boots/', 'http://127.0.0.1/'),
);

/** The field the runtime's console error would name, or null when the props are valid. */
function refusedField(props: unknown): string | null {
  const parsed = VariationFormPropsSchema.safeParse(props);
  return parsed.success ? null : describeIssue(parsed.error).field;
}

describe('variation-form props', () => {
  it("accepts the demo store's form, with an absolute or relative action", () => {
    expect(refusedField(BOOTS)).toBeNull();
    expect(
      refusedField({ ...BOOTS, action: 'https://shop.example/product/junior-football-boots/' }),
    ).toBeNull();
    expect(refusedField({ ...BOOTS, action: '/product/junior-football-boots/' })).toBeNull();
  });

  it.each<[string, unknown, string]>([
    [
      "no product id (the form's data-product_id and posted add-to-cart)",
      { ...BOOTS, productId: undefined },
      'productId',
    ],
    ['product id 0', { ...BOOTS, productId: 0 }, 'productId'],
    ['a product id that is not a number', { ...BOOTS, productId: '18 boots' }, 'productId'],
    ['a product id as a fraction in text', { ...BOOTS, productId: '18.5' }, 'productId'],
    ['no action (where the form posts)', { ...BOOTS, action: undefined }, 'action'],
    ['an empty action', { ...BOOTS, action: '' }, 'action'],
    ['a blank action', { ...BOOTS, action: '   ' }, 'action'],
    ['a javascript: action', { ...BOOTS, action: 'javascript:alert(1)' }, 'action'],
    ['no attributes', { ...BOOTS, attributes: [] }, 'attributes'],
  ])('refuses %s, naming the field', (_case, props, field) => {
    expect(refusedField(props)).toBe(field);
  });
});

/** The props with only what is required. */
const MINIMAL = {
  productId: BOOTS.productId,
  productName: BOOTS.productName,
  action: BOOTS.action,
  attributes: BOOTS.attributes,
  variations: BOOTS.variations,
  quantityId: BOOTS.quantityId,
};

describe('variation-form props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(VariationFormPropsSchema, MINIMAL, { soldIndividually: [false] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    // `variations: false` is WooCommerce's "ask get_variation"; `[]`, a product with no variation to show.
    expectRequiredStillRequired(VariationFormPropsSchema, MINIMAL, { variations: [false, []] });
  });

  it('takes the selection printed as [] (no preselection) and the product id as a string', () => {
    const parsed = VariationFormPropsSchema.parse({
      ...MINIMAL,
      productId: String(BOOTS.productId),
      selection: [],
    });
    expect(parsed).toEqual(VariationFormPropsSchema.parse(MINIMAL));
  });
});
