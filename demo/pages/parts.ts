/**
 * Pieces several pages print: the breadcrumb, the category links, the cart totals rows (cart and
 * checkout) and the required / optional mark of a form label.
 */
import { categoryUrl, type Category } from '../fixtures';
import { escapeHtml, priceHtml } from '../html';

export function breadcrumb(items: { label: string; href?: string }[]): string {
  const parts = items.map((item) =>
    item.href ? `<a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a>` : escapeHtml(item.label),
  );
  return `<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb">${parts.join('<span class="breadcrumb-separator"> / </span>')}</nav>`;
}

export function categoryLinks(categories: Category[], label: string): string {
  if (categories.length === 0) return '';
  return (
    `<nav class="product-categories-nav" aria-label="${escapeHtml(label)}"><ul class="product-categories">` +
    categories
      .map(
        (c) =>
          `<li class="cat-item cat-item-${c.id}"><a href="${categoryUrl(c.id)}">${escapeHtml(c.name)}</a></li>`,
      )
      .join('') +
    '</ul></nav>'
  );
}

/** Flat rate €4.95, free from €50 (the store notice's promise). */
export function shippingFor(subtotal: number): number {
  return subtotal >= 50 ? 0 : 4.95;
}

/** The totals rows of the cart and of the checkout's order review: subtotal, shipping, total. */
export function totalsRows(subtotal: number): string {
  const shipping = shippingFor(subtotal);
  return (
    `<tr class="cart-subtotal"><th scope="row">Subtotal</th><td data-title="Subtotal">${priceHtml(subtotal)}</td></tr>` +
    '<tr class="woocommerce-shipping-totals shipping"><th scope="row">Shipping</th><td data-title="Shipping">' +
    (shipping === 0 ? 'Free shipping' : `Flat rate: ${priceHtml(shipping)}`) +
    '</td></tr>' +
    `<tr class="order-total"><th scope="row">Total</th><td data-title="Total"><strong>${priceHtml(subtotal + shipping)}</strong></td></tr>`
  );
}

/** The mark after a form label: required (`*`) or optional. */
export function requiredMark(required: boolean): string {
  return required
    ? '&nbsp;<span class="required" aria-hidden="true">*</span>'
    : '&nbsp;<span class="optional">(optional)</span>';
}
