import { describe, expect, it } from 'vitest';
import { listsItems, miniCartHtml } from '../../src/ui/mini-cart-fragment';
import { isMiniCartHidden } from './model';

describe('isMiniCartHidden (storefront.md §4 "Mini-cart visibility")', () => {
  it('is never hidden when the site does not hide it if empty', () => {
    for (const hasItems of [false, true])
      for (const addStarted of [false, true])
        expect(isMiniCartHidden({ hideIfEmpty: false, hasItems, addStarted })).toBe(false);
  });

  it('hides it if empty: hidden while the cart is empty, shown with items or once an add starts', () => {
    expect(isMiniCartHidden({ hideIfEmpty: true, hasItems: false, addStarted: false })).toBe(true);
    expect(isMiniCartHidden({ hideIfEmpty: true, hasItems: true, addStarted: false })).toBe(false);
    expect(isMiniCartHidden({ hideIfEmpty: true, hasItems: false, addStarted: true })).toBe(false);
  });
});

describe('the mini-cart fragment', () => {
  const fragment = '<div class="widget_shopping_cart_content">…</div>';

  it("is the store's fragment once it has one, the server's until then", () => {
    expect(miniCartHtml({}, '<div class="widget_shopping_cart_content">server</div>')).toContain('server');
    expect(miniCartHtml({ 'div.widget_shopping_cart_content': fragment }, 'server')).toBe(fragment);
    expect(miniCartHtml({ 'a.cart-contents': '<a></a>' }, '')).toBe('');
  });

  it('knows whether it lists items (li.mini_cart_item)', () => {
    expect(listsItems('<ul><li class="woocommerce-mini-cart-item mini_cart_item">Ball</li></ul>')).toBe(true);
    expect(listsItems('<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>')).toBe(
      false,
    );
    expect(listsItems('<li class="mini_cart_items_total">')).toBe(false);
  });
});
