import { describe, expect, it } from 'vitest';
import { readCartPage } from './answer';

const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>Cart</title></head><body>${body}</body></html>`;
const TOTALS =
  '<div class="cart_totals "><h2>Cart totals</h2><p class="woocommerce-info">Inside the totals</p></div>';

describe('readCartPage', () => {
  it('takes the totals and the notices outside them, deduplicated, the nested ones as part of theirs', () => {
    const answer = readCartPage(
      page(
        '<div class="woocommerce-notices-wrapper">' +
          '<div class="woocommerce-info" role="status">Shipping costs updated.</div>' +
          '<ul class="woocommerce-error" role="alert"><li>Bad <span class="woocommerce-info">inner</span></li></ul>' +
          '<div class="woocommerce-info">Shipping costs  updated.</div></div>' +
          TOTALS,
      ),
    );
    if (answer.kind !== 'replace') throw new Error(answer.kind);
    expect(answer.totals.matches('div.cart_totals')).toBe(true);
    expect(answer.facts).toEqual([
      { text: 'Shipping costs updated.', error: false, alert: false },
      { text: 'Bad inner', error: true, alert: true },
    ]);
    expect(answer.hasError).toBe(true);
    expect(answer.notices.children).toHaveLength(2);
  });

  it('a page without totals: the empty cart, or not a cart page at all', () => {
    expect(
      readCartPage(page('<div class="wc-empty-cart-message"><div class="cart-empty">Empty</div></div>')),
    ).toEqual({
      kind: 'emptied',
    });
    expect(
      readCartPage(page('<p class="cart-empty woocommerce-info">Your cart is currently empty.</p>')),
    ).toEqual({
      kind: 'emptied',
    });
    expect(readCartPage('{"result":"failure"}')).toEqual({ kind: 'malformed' });
    expect(readCartPage(page('<table class="cart_totals"></table>'))).toEqual({ kind: 'malformed' });
  });

  it('runs and loads nothing while it reads, and sanitises what it keeps', () => {
    const answer = readCartPage(
      page(
        '<script>window.__read = 1</script><div class="woocommerce-message">Hi<img src="x" onerror="window.__read=2"></div>' +
          '<div class="cart_totals"><a href="javascript:alert(1)" onclick="x()">Go</a><iframe src="https://evil.test"></iframe></div>',
      ),
    );
    if (answer.kind !== 'replace') throw new Error(answer.kind);
    expect(answer.totals.querySelector('iframe')).toBeNull();
    // (Nodes of an inert document: read with the DOM, jest-dom wants a window's.)
    expect(answer.totals.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(answer.totals.querySelector('a')?.getAttribute('onclick')).toBeNull();
    expect(answer.notices.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as Window & { __read?: number }).__read).toBeUndefined();
  });
});
