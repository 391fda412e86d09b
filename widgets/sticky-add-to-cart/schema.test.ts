import { describe, expect, it } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { stickyAddToCartProps } from '../../demo/product/extras';
import { describeIssue } from '../../src/contract/issue';
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
