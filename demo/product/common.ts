/**
 * Pieces of the single product page (and the listings) that several of its parts print: prices,
 * stock, star ratings. Pure functions to HTML strings.
 */
import { activePrice, type Product } from '../fixtures';
import { priceHtml } from '../html';
import { variationPriceHtml } from '../variations';

export function productPriceHtml(product: Product): string {
  if (product.type === 'simple') return variationPriceHtml(product);
  const prices = product.variations.filter((v) => v.active).map(activePrice);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (min === max) return `<span class="price">${priceHtml(min)}</span>`;
  return `<span class="price">${priceHtml(min)} &ndash; ${priceHtml(max)}</span>`;
}

export function isOnSale(product: Product): boolean {
  return product.type === 'simple'
    ? product.salePrice !== null
    : product.variations.some((v) => v.active && v.salePrice !== null);
}

export function isInStock(product: Product): boolean {
  return product.type === 'simple'
    ? product.stockStatus === 'instock'
    : product.variations.some((v) => v.active && v.stockStatus === 'instock');
}

/** The add-to-cart buttons' `data-success_message` (WooCommerce's `wc_add_to_cart_message()` text). */
export function addedToCartMessage(product: Product): string {
  return `\u201c${product.name}\u201d has been added to your cart`;
}

export function stars(rating: number): string {
  const full = Math.round(rating);
  const label = `Rated ${rating.toFixed(2).replace(/\.?0+$/, '')} out of 5`;
  return (
    `<span class="star-rating" role="img" aria-label="${label}">` +
    `<span aria-hidden="true">${'★'.repeat(full)}${'☆'.repeat(5 - full)}</span></span>`
  );
}
