/**
 * The product gallery on the single product page (storefront.md §2.5 "Image gallery").
 */
import type { Product } from '../fixtures';
import { escapeHtml } from '../html';
import type { PageContext } from '../layout';

/** WooCommerce's `woocommerce_show_product_images`: the main image, linked to its full size. */
export function productGalleryHtml(_ctx: PageContext, product: Product): string {
  return (
    '<div class="woocommerce-product-gallery images"><figure class="woocommerce-product-gallery__wrapper">' +
    `<div class="woocommerce-product-gallery__image"><a href="${product.image.src}">` +
    `<img width="600" height="600" src="${product.image.src}" class="wp-post-image" alt="${escapeHtml(product.image.alt)}"></a></div>` +
    '</figure></div>'
  );
}
