/**
 * The smaller parts of the single product page: the sale badge, the size-guide button, the sticky
 * add-to-cart bar and the product-view analytics event (storefront.md §2.5, §3).
 */
import type { Product } from '../fixtures';
import type { PageContext } from '../layout';
import { isOnSale } from './common';

/** WooCommerce's `woocommerce_show_product_sale_flash`. */
export function saleFlashHtml(_ctx: PageContext, product: Product): string {
  return isOnSale(product) ? '<span class="onsale">Sale!</span>' : '';
}

/** The size-guide button (none yet). */
export function sizeGuideHtml(_ctx: PageContext, _product: Product): string {
  return '';
}

/** The sticky add-to-cart bar (none yet). */
export function stickyAddToCartHtml(_ctx: PageContext, _product: Product): string {
  return '';
}

/** The product-view analytics event (none yet). */
export function productViewHtml(_ctx: PageContext, _product: Product): string {
  return '';
}
