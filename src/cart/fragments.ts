/**
 * Page regions kept by cart fragments (storefront.md §3 "Cart fragments", §4 "Page fragments"): a
 * map from a selector (`div.widget_shopping_cart_content`, `a.cart-contents`…) to its HTML. Regions
 * of the server's markup are replaced in place, like WooCommerce's `$( key ).replaceWith( value )`;
 * regions inside a mounted island are left to that island, which renders them from the cart store.
 */
import { sanitizedFragment } from '../security/html';

export type Fragments = Record<string, string>;

/** Opacity of fragment regions while the cart is updating (storefront.md §9). */
export const DIM_OPACITY = '0.6';

const insideIsland = (el: Element): boolean => el.closest('[data-island-state="mounted"]') !== null;

function regions(selectors: Iterable<string>): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (const selector of selectors) {
    try {
      document.querySelectorAll<HTMLElement>(selector).forEach((el) => insideIsland(el) || found.push(el));
    } catch {
      // A key that is not a valid selector (a server bug) must not break the others.
    }
  }
  return found;
}

export function applyFragments(fragments: Fragments): void {
  for (const [selector, html] of Object.entries(fragments)) {
    for (const el of regions([selector])) el.replaceWith(sanitizedFragment(html.trim()));
  }
}

/** Dims the regions while a request runs; returns the function that restores them. */
export function dimRegions(selectors: Iterable<string>): () => void {
  const dimmed = regions(selectors).map((el) => {
    const previous = el.style.opacity;
    el.style.opacity = DIM_OPACITY;
    el.setAttribute('aria-busy', 'true');
    return () => {
      el.style.opacity = previous;
      el.removeAttribute('aria-busy');
    };
  });
  return () => dimmed.forEach((restore) => restore());
}
