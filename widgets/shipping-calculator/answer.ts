/**
 * Reads the cart page the shipping calculator's post answered (WooCommerce's `cart/cart.php` after
 * `WC_Shortcode_Cart::calculate_shipping()`), as cart.js's `update_wc_div` does: the new
 * `div.cart_totals` and the page's notices. The page is parsed inert (a `<template>`: nothing in it
 * loads or runs), and what is taken from it goes through the sanitiser (src/security/html.ts)
 * before it can enter the page.
 */
import { sanitizedFragment } from '../../src/security/html';
import { outcomeOf, uniqueNotices, type NoticeFacts } from './model';

/** WooCommerce's notices (classic and block markup), as cart.js collects them. */
const NOTICE =
  '.woocommerce-error, .woocommerce-message, .woocommerce-info, .is-error, .is-info, .is-success';

export type CartPageAnswer =
  | {
      kind: 'replace';
      /** The new `div.cart_totals`, sanitised, not yet in the page. */
      totals: HTMLElement;
      /** The answer's notices outside the totals, deduplicated, sanitised. */
      notices: DocumentFragment;
      facts: NoticeFacts[];
      hasError: boolean;
    }
  | { kind: 'emptied' }
  | { kind: 'malformed' };

const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

export function readCartPage(html: string): CartPageAnswer {
  const template = document.createElement('template');
  template.innerHTML = html;
  const page = template.content;
  const printed = page.querySelector('div.cart_totals');
  const outcome = outcomeOf({
    totals: printed !== null,
    emptyCart: page.querySelector('.wc-empty-cart-message, .cart-empty') !== null,
  });
  if (outcome !== 'replace' || !printed) return { kind: outcome === 'emptied' ? 'emptied' : 'malformed' };

  const totals = sanitizedFragment(printed.outerHTML).firstElementChild;
  if (!(totals instanceof HTMLElement) || !totals.matches('div.cart_totals')) return { kind: 'malformed' };

  // The notices the totals do not carry themselves; a notice inside another is part of it.
  const found = Array.from(page.querySelectorAll(NOTICE)).filter(
    (el) => !el.closest('.cart_totals') && !el.parentElement?.closest(NOTICE),
  );
  const unique = uniqueNotices(
    found.map((el) => ({
      el,
      text: textOf(el),
      error: el.matches('.woocommerce-error, .is-error'),
      alert: el.getAttribute('role') === 'alert',
    })),
  );
  const notices = sanitizedFragment(unique.map((n) => n.el.outerHTML).join(''));
  return {
    kind: 'replace',
    totals,
    notices,
    facts: unique.map(({ text, error, alert }) => ({ text, error, alert })),
    hasError: unique.some((n) => n.error),
  };
}
