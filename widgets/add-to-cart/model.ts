/**
 * The add-to-cart button's rules (storefront.md §4 "Add-to-cart button", §5 "Add-to-cart", §9 "Cart"),
 * as WooCommerce's add-to-cart.js applies them. No React, no DOM, no fetch.
 */
import type { AddButtonState } from '../../src/cart/outcome';

/** Data attributes that describe the button and are not sent with the add. */
const NOT_SENT = new Set(['success_message']);

/**
 * What the add posts: the button's data attributes (read when clicked: other scripts may have
 * changed `data-quantity`), minus the ones that only describe the button; values as strings.
 */
export function requestData(
  attributes: Readonly<Record<string, string | number | undefined>>,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || NOT_SENT.has(key)) continue;
    data[key] = String(value);
  }
  return { ...data, ...overrides };
}

/**
 * The product id of a button's `data-product_id` as WooCommerce prints it (`$product->get_id()`): a
 * positive whole number, or a string of its digits. Anything else is null: no product to add.
 */
export function productIdOf(value: string | number | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * Whether the in-page add handles a click: only with a product_id (spec §5: "A button without
 * product_id is not handled by the in-page add-to-cart flow; it falls through to its normal link"),
 * and, for a listing's link, only when it is an `ajax_add_to_cart` button, as in WooCommerce (a
 * 'Read more' or 'Select options' link is followed).
 */
export function handlesInPage(
  element: 'link' | 'submit',
  className: string,
  productId: string | number | undefined,
): boolean {
  const id = productId === undefined ? '' : String(productId).trim();
  if (id === '' || id === '0') return false;
  return element === 'submit' || className.split(/\s+/).includes('ajax_add_to_cart');
}

export type ButtonState = AddButtonState;

/**
 * The button's classes: its own, `loading` while an add of it is in flight, `added` once its last
 * add succeeded (a click removes the marker until the add completes).
 */
export function buttonClassName(base: string, { pending, added }: ButtonState): string {
  const own = base.split(/\s+/).filter((c) => c && c !== 'loading' && c !== 'added');
  if (pending > 0) own.push('loading');
  else if (added) own.push('added');
  return own.join(' ');
}

export { offCartPage } from '../../src/cart/outcome';
