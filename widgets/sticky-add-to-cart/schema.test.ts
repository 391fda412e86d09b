import { describe, expect, it } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { stickyAddToCartProps } from '../../demo/product/extras';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { StickyAddToCartPropsSchema } from './schema';

/** The bar's props as the demo store prints them: a simple product in stock, 'Add to cart'. */
const BALL = stickyAddToCartProps(findProduct(13)!);

/** The field the runtime's console error would name, or null when the props are valid. */
function refusedField(props: unknown): string | null {
  const parsed = StickyAddToCartPropsSchema.safeParse(props);
  return parsed.success ? null : describeIssue(parsed.error).field;
}

describe('sticky-add-to-cart props', () => {
  it("accepts the demo store's bar, and each kind of button", () => {
    expect(refusedField(BALL)).toBeNull();
    expect(
      refusedField({ ...BALL, button: { kind: 'select', label: 'Select options', href: '/product/boots/' } }),
    ).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['no product id', { ...BALL, productId: undefined }, 'productId'],
    ['product id 0', { ...BALL, productId: 0 }, 'productId'],
    ['no button', { ...BALL, button: undefined }, 'button'],
    ['a button without a link', { ...BALL, button: { kind: 'add', label: 'Add to cart' } }, 'button.href'],
    ['a button with a blank link', { ...BALL, button: { ...BALL.button, href: ' ' } }, 'button.href'],
    ['a button linking to "#"', { ...BALL, button: { ...BALL.button, href: '#' } }, 'button.href'],
    [
      'a javascript: button link',
      { ...BALL, button: { ...BALL.button, href: 'javascript:void 0' } },
      'button.href',
    ],
  ])('refuses %s, naming the field', (_case, props, field) => {
    expect(refusedField(props)).toBe(field);
  });
});

/** The props with only what is required. */
const MINIMAL = { productId: BALL.productId, productName: BALL.productName, button: BALL.button };

describe('sticky-add-to-cart props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(StickyAddToCartPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(StickyAddToCartPropsSchema, MINIMAL);
  });

  it("takes the id as a string, the image's width and height as PHP prints them, no image as false", () => {
    const image = { src: 'https://shop.example/ball.jpg', width: '324', height: null };
    const parsed = StickyAddToCartPropsSchema.parse({ ...MINIMAL, productId: String(BALL.productId), image });
    expect(parsed.productId).toBe(BALL.productId);
    expect(parsed.image).toEqual({ src: 'https://shop.example/ball.jpg', width: 324, height: 324 });
    expect(StickyAddToCartPropsSchema.parse({ ...MINIMAL, image: false }).image).toBeUndefined();
  });
});
