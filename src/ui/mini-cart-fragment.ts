/** The mini-cart content's cart fragment (storefront.md §3 "Cart fragments"). Pure: no React, no DOM. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';

/** The mini-cart content to show: the store's fragment once it has one, the server's until then. */
export const miniCartHtml = (fragments: Readonly<Record<string, string>>, serverHtml: string): string =>
  fragments[MINI_CART_SELECTOR] ?? serverHtml;

/** Whether the mini-cart content lists cart items (WooCommerce's `li.mini_cart_item`). */
export const listsItems = (html: string): boolean => /class="[^"]*\bmini_cart_item\b/.test(html);
