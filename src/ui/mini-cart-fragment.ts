/** The mini-cart content's cart fragment (storefront.md §3 "Cart fragments"). Pure: no React, no DOM. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';

/** The mini-cart content to show: the store's fragment once it has one, the server's until then. */
export const miniCartHtml = (fragments: Readonly<Record<string, string>>, serverHtml: string): string =>
  fragments[MINI_CART_SELECTOR] ?? serverHtml;

/** Whether the mini-cart content lists cart items (WooCommerce's `li.mini_cart_item`). */
export const listsItems = (html: string): boolean => /class="[^"]*\bmini_cart_item\b/.test(html);

/**
 * Where the focus goes after the line `removed` left the list `keys` (the lines' cart item keys, in
 * order): the keys of the lines after it, nearest first, then of those before it, nearest first.
 * Empty when `removed` is not in the list.
 */
export function nextLineKeys(keys: readonly string[], removed: string): string[] {
  const at = keys.indexOf(removed);
  if (at === -1) return [];
  return [...keys.slice(at + 1), ...keys.slice(0, at).reverse()];
}
