import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { startIslands } from '../../src/islands/runtime';
import { testRuntime, withChunkUrls } from '../../src/test/islands';
import island from './island';
import { AddToCartPropsSchema, type AddToCartProps } from './schema';

const LINK: AddToCartProps = {
  href: '?add-to-cart=13',
  className: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
  data: { quantity: 1, product_id: 13, product_sku: 'BALL-001' },
};
const SUBMIT: AddToCartProps = {
  className: 'single_add_to_cart_button button alt',
  data: { product_id: 16, product_sku: 'BALL-002' },
  element: 'submit',
};

/** The field the runtime's console error would name, or null when the props are valid. */
function refusedField(props: unknown): string | null {
  const parsed = AddToCartPropsSchema.safeParse(props);
  return parsed.success ? null : describeIssue(parsed.error).field;
}

describe('add-to-cart props', () => {
  it.each<[string, AddToCartProps]>([
    ["a listing's ajax button", LINK],
    ['a product id given as a string', { ...LINK, data: { product_id: '13' } }],
    ['a link without product_id: a plain link (spec §5)', { href: '/product/boots/', className: 'button' }],
    [
      "'Read more' (not ajax_add_to_cart)",
      { href: '/product/ball/', className: 'button', data: { product_id: 15 } },
    ],
    ['an absolute link', { ...LINK, href: 'https://shop.example/?add-to-cart=13' }],
    ["a simple product's submit button", SUBMIT],
    ['a submit button with an href it does not use', { ...SUBMIT, href: '' }],
  ])('accepts %s', (_case, props) => {
    expect(refusedField(props)).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['a link without href or product data', { label: 'Add to cart' }, 'href'],
    ['a link with product data but no href', { ...LINK, href: undefined }, 'href'],
    ['a link with an empty href', { ...LINK, href: '' }, 'href'],
    ['a link with a blank href', { ...LINK, href: '   ' }, 'href'],
    ['a link to "#" (nothing to follow when an add fails)', { ...LINK, href: '#' }, 'href'],
    ['a javascript: link', { ...LINK, href: 'javascript:alert(1)' }, 'href'],
    ['a javascript: link hidden by a tab', { ...LINK, href: 'java\tscript:alert(1)' }, 'href'],
    ['a data: link', { ...LINK, href: 'data:text/html,hi' }, 'href'],
    [
      'a submit button without product_id',
      { ...SUBMIT, data: { product_sku: 'BALL-002' } },
      'data.product_id',
    ],
    ['a submit button without any data', { element: 'submit' }, 'data.product_id'],
    ['product_id 0', { ...LINK, data: { product_id: 0 } }, 'data.product_id'],
    ['product_id that is not a number', { ...LINK, data: { product_id: 'ball' } }, 'data.product_id'],
    ['a negative product_id', { ...LINK, data: { product_id: -13 } }, 'data.product_id'],
    ['a fractional product_id', { ...SUBMIT, data: { product_id: 1.5 } }, 'data.product_id'],
  ])('refuses %s, naming the field', (_case, props, field) => {
    expect(refusedField(props)).toBe(field);
  });
});

describe('add-to-cart island with props that cannot work', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  /** A container as the server prints it, around WooCommerce's own button (the fallback). */
  function container(props: unknown, fallback: string): HTMLElement {
    document.body.insertAdjacentHTML(
      'beforeend',
      withChunkUrls(
        `<div data-island="add-to-cart" data-hydrate="load"><script type="application/json" data-island-props>${JSON.stringify(props)}</script>${fallback}</div>`,
      ),
    );
    return document.body.lastElementChild as HTMLElement;
  }

  it.each([
    [
      'a link without href or product data',
      { label: 'Add to cart', className: 'button add_to_cart_button ajax_add_to_cart' },
      '<a href="?add-to-cart=13" class="button add_to_cart_button ajax_add_to_cart" data-product_id="13">Add to cart</a>',
      'link',
      /^\[shop-islands\] island "add-to-cart" was not mounted: invalid props: "href" must be a link the browser can follow/,
    ],
    [
      'a submit button without product_id',
      {
        element: 'submit',
        className: 'single_add_to_cart_button button alt',
        data: { product_sku: 'BALL-002' },
      },
      '<button type="submit" name="add-to-cart" value="16" class="single_add_to_cart_button button alt">Add to cart</button>',
      'button',
      /^\[shop-islands\] island "add-to-cart" was not mounted: invalid props: "data.product_id" is required on a form's submit button/,
    ],
  ] as const)(
    '%s: not mounted, the fallback stays, one error naming the field',
    async (_case, props, fallback, role, message) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const el = container(props, fallback);
      stop = startIslands(testRuntime({ 'add-to-cart': async () => ({ default: island }) }));
      await waitFor(() => expect(el).toHaveAttribute('data-island-state', 'failed'));
      // The server's button, untouched.
      expect(el.innerHTML).toContain(fallback);
      expect(screen.getByRole(role, { name: 'Add to cart' })).toBeInTheDocument();
      expect(error).toHaveBeenCalledOnce();
      expect(String(error.mock.calls[0]?.[0])).toMatch(message);
    },
  );
});

describe('add-to-cart props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(AddToCartPropsSchema, { href: '?add-to-cart=13' });
    expectPhpEmptiesAbsent(AddToCartPropsSchema, { element: 'submit', data: { product_id: 16 } });
  });

  it('has no required prop, but a link still needs its href: null is refused, naming it', () => {
    expectRequiredStillRequired(AddToCartPropsSchema, { href: '?add-to-cart=13' });
    expect(refusedField({ ...LINK, href: null })).toBe('href');
    expect(refusedField({ ...LINK, href: false })).toBe('href');
  });

  it("takes the plugin's button: data values as strings, aria-label and rel null when WooCommerce gave none", () => {
    const php = {
      href: '?add-to-cart=13',
      label: 'Add to cart',
      className: LINK.className,
      ariaLabel: null,
      rel: null,
      data: { quantity: '1', product_id: '13', product_sku: 'BALL-001' },
    };
    expect(AddToCartPropsSchema.parse(php)).toEqual(
      AddToCartPropsSchema.parse({ ...php, ariaLabel: undefined, rel: undefined }),
    );
    expect(AddToCartPropsSchema.parse({ ...php, data: [] }).data).toEqual({});
  });
});
