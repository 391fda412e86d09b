/**
 * The single product page: gallery, summary with the add-to-cart form, tabs, related products, and
 * the islands around them (demo/product/*.ts print each part).
 */
import {
  averageRating,
  categoryTrail,
  categoryUrl,
  findCategory,
  PRODUCTS,
  productUrl,
  reviewsOf,
  type Product,
  type SimpleProduct,
} from '../fixtures';
import { expressCheckoutIsland } from '../checkout/express';
import { stripeDoubleScripts } from '../checkout/stripe';
import { escapeHtml } from '../html';
import { addToCartIsland, type IslandCollector } from '../islands';
import { renderDocument, type PageContext } from '../layout';
import { store as defaultStore } from '../store';
import { addedToCartMessage, isInStock, productPriceHtml, stars } from '../product/common';
import { productViewHtml, saleFlashHtml, sizeGuideHtml, stickyAddToCartHtml } from '../product/extras';
import { productGalleryHtml } from '../product/gallery';
import { productDetailsHtml, productTabsHtml } from '../product/tabs';
import { variationsForm } from '../product/variation-form';
import { quantityInputHtml } from '../quantity';
import { productWaitlistHtml } from '../waitlist';
import { wishlistButtonIsland } from '../wishlist';
import { loopItem } from './listing';
import { breadcrumb } from './parts';

function simpleForm(product: SimpleProduct, islands: IslandCollector): string {
  if (product.stockStatus === 'outofstock') return '';
  const quantity = product.soldIndividually
    ? '<input type="hidden" name="quantity" value="1">'
    : quantityInputHtml({
        id: `quantity_${product.id}`,
        name: 'quantity',
        label: `${product.name} quantity`,
        value: 1,
        min: 1,
        max: product.stockQuantity ?? undefined,
      });
  return (
    `<form class="cart" action="${productUrl(product)}" method="post" enctype="multipart/form-data">` +
    quantity +
    addToCartIsland(
      islands,
      {
        label: 'Add to cart',
        className: 'single_add_to_cart_button button alt',
        data: {
          product_id: product.id,
          product_sku: product.sku,
          success_message: addedToCartMessage(product),
        },
        element: 'submit',
      },
      `<button type="submit" name="add-to-cart" value="${product.id}" class="single_add_to_cart_button button alt">Add to cart</button>`,
    ) +
    '</form>'
  );
}

function stockHtml(product: Product): string {
  if (product.type !== 'simple') return '';
  if (product.stockStatus === 'outofstock') return '<p class="stock out-of-stock">Out of stock</p>';
  if (product.stockQuantity !== null)
    return `<p class="stock in-stock">${product.stockQuantity} in stock</p>`;
  return '';
}

/**
 * WooCommerce's `woocommerce_output_related_products` (step 01 prints it below the tabs): up to
 * three other products, those sharing a category first.
 */
function relatedProductsHtml(ctx: PageContext, product: Product): string {
  const shares = (p: Product) => p.categoryIds.some((id) => product.categoryIds.includes(id));
  const others = PRODUCTS.filter((p) => p.id !== product.id);
  const related = [...others.filter(shares), ...others.filter((p) => !shares(p))].slice(0, 3);
  if (related.length === 0) return '';
  return (
    '<section class="related products"><h2>Related products</h2><ul class="products columns-3">' +
    related.map((p, index) => loopItem(p, index, ctx.islands)).join('') +
    '</ul></section>'
  );
}

export function renderProduct(ctx: PageContext, product: Product): string {
  const category = findCategory(product.categoryIds[0] ?? 0);
  const trail = category ? categoryTrail(category.id) : [];
  const reviews = reviewsOf(product.id);
  const rating = averageRating(product.id);
  return renderDocument(ctx, {
    title: product.name,
    // Stripe.js (the demo's double) for the express buttons.
    scripts: stripeDoubleScripts(ctx.url),
    bodyClass: `product-template-default single single-product postid-${product.id}`,
    // One stylesheet per part of the product page (demo/product/*.ts).
    stylesheets: ['product-gallery.css', 'product-form.css', 'product-tabs.css', 'product-extras.css'],
    main:
      breadcrumb([
        { label: 'Home', href: '/' },
        ...trail.map((c) => ({ label: c.name, href: categoryUrl(c.id) })),
        { label: product.name },
      ]) +
      `<div id="product-${product.id}" class="product type-product post-${product.id} product-type-${product.type}${isInStock(product) ? ' instock' : ' outofstock'}">` +
      saleFlashHtml(ctx, product) +
      productGalleryHtml(ctx, product) +
      '<div class="summary entry-summary">' +
      `<h1 class="product_title entry-title">${escapeHtml(product.name)}</h1>` +
      (reviews.length > 0
        ? `<div class="woocommerce-product-rating">${stars(rating)} <a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">${reviews.length}</span> customer review${reviews.length === 1 ? '' : 's'})</a></div>`
        : '') +
      `<p class="price">${productPriceHtml(product).replace(/^<span class="price">|<\/span>$/g, '')}</p>` +
      `<div class="woocommerce-product-details__short-description">${product.shortDescription}</div>` +
      stockHtml(product) +
      sizeGuideHtml(ctx, product) +
      (product.type === 'simple' ? simpleForm(product, ctx.islands) : variationsForm(ctx, product)) +
      // The Stripe gateway's express checkout buttons, after the add-to-cart form.
      (isInStock(product)
        ? expressCheckoutIsland(ctx, defaultStore, { kind: 'product', productId: product.id })
        : '') +
      productWaitlistHtml(ctx.islands, ctx.session, product) +
      wishlistButtonIsland(ctx.islands, ctx.session, product, 'page') +
      productDetailsHtml(ctx, product) +
      '<div class="product_meta">' +
      `<span class="sku_wrapper">SKU: <span class="sku">${escapeHtml(product.sku)}</span></span> ` +
      (category
        ? `<span class="posted_in">Category: <a href="${categoryUrl(category.id)}" rel="tag">${escapeHtml(category.name)}</a></span>`
        : '') +
      '</div></div>' +
      productTabsHtml(ctx, product) +
      relatedProductsHtml(ctx, product) +
      '</div>' +
      stickyAddToCartHtml(ctx, product) +
      productViewHtml(ctx, product),
  });
}
