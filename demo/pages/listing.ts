/**
 * The product listings of the catalogue pages (home, shop, category) and of the related products:
 * WooCommerce's loop items with their add-to-cart buttons, the ordering form and the result count.
 */
import { activePrice, averageRating, findCategory, productUrl, type Product } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import { addToCartIsland, type IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { addedToCartMessage, isInStock, isOnSale, productPriceHtml } from '../product/common';
import { wishlistButtonIsland } from '../wishlist';

/**
 * `woocommerce_template_loop_add_to_cart()` (step 04); with `islands`, a simple product's button is
 * printed in the add-to-cart island (the button itself is the fallback).
 */
function loopButton(product: Product, islands?: IslandCollector): string {
  const name = escapeHtml(product.name);
  if (product.type === 'variable') {
    return (
      `<a href="${productUrl(product)}"` +
      attrs({
        'data-quantity': 1,
        class: 'button product_type_variable add_to_cart_button',
        'data-product_id': product.id,
        'data-product_sku': product.sku,
        rel: 'nofollow',
      }) +
      ` aria-label="Select options for &ldquo;${name}&rdquo;">Select options</a>`
    );
  }
  if (!isInStock(product)) {
    return (
      `<a href="${productUrl(product)}"` +
      attrs({
        'data-quantity': 1,
        class: 'button product_type_simple',
        'data-product_id': product.id,
        rel: 'nofollow',
      }) +
      ` data-product_sku="${escapeHtml(product.sku)}" aria-label="Read more about &ldquo;${name}&rdquo;" data-success_message="">Read more</a>`
    );
  }
  const button =
    `<a href="?add-to-cart=${product.id}"` +
    attrs({
      'data-quantity': 1,
      class: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
      'data-product_id': product.id,
      'data-product_sku': product.sku,
    }) +
    ` aria-label="Add to cart: &ldquo;${name}&rdquo;" rel="nofollow"` +
    ` data-success_message="&ldquo;${name}&rdquo; has been added to your cart">Add to cart</a>`;
  if (!islands) return button;
  return addToCartIsland(
    islands,
    {
      href: `?add-to-cart=${product.id}`,
      label: 'Add to cart',
      className: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
      ariaLabel: `Add to cart: \u201c${product.name}\u201d`,
      rel: 'nofollow',
      data: {
        quantity: 1,
        product_id: product.id,
        product_sku: product.sku,
        success_message: addedToCartMessage(product),
      },
    },
    button,
  );
}

/** One product of a listing (`content-product.php`), with an optional wishlist control. */
export function loopItem(product: Product, index: number, islands?: IslandCollector, wishlist = ''): string {
  const classes = [
    'product',
    'type-product',
    `post-${product.id}`,
    index % 3 === 0 ? 'first' : index % 3 === 2 ? 'last' : '',
    isInStock(product) ? 'instock' : 'outofstock',
    ...product.categoryIds.map((id) => `product_cat-${findCategory(id)?.slug ?? id}`),
    isOnSale(product) ? 'sale' : '',
    product.soldIndividually ? 'sold-individually' : '',
    `product-type-${product.type}`,
  ].filter(Boolean);
  return (
    `<li class="${classes.join(' ')}">` +
    `<a href="${productUrl(product)}" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">` +
    `<img width="324" height="324" src="${product.image.src}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" loading="lazy" decoding="async">` +
    `<h2 class="woocommerce-loop-product__title">${escapeHtml(product.name)}</h2>` +
    (isOnSale(product) ? '<span class="onsale">Sale!</span>' : '') +
    productPriceHtml(product) +
    `</a>${loopButton(product, islands)}${wishlist}</li>`
  );
}

export const ORDERBY_OPTIONS: [string, string][] = [
  ['menu_order', 'Default sorting'],
  ['popularity', 'Sort by popularity'],
  ['rating', 'Sort by average rating'],
  ['date', 'Sort by latest'],
  ['price', 'Sort by price: low to high'],
  ['price-desc', 'Sort by price: high to low'],
];

function minPrice(product: Product): number {
  return product.type === 'simple'
    ? activePrice(product)
    : Math.min(...product.variations.filter((v) => v.active).map(activePrice));
}

/** WooCommerce's catalogue orderings. */
export function sortProducts(products: Product[], orderby: string): Product[] {
  const sorted = [...products];
  const byName = (a: Product, b: Product) => a.name.localeCompare(b.name);
  switch (orderby) {
    case 'popularity':
      return sorted.sort((a, b) => b.totalSales - a.totalSales || byName(a, b));
    case 'rating':
      return sorted.sort((a, b) => averageRating(b.id) - averageRating(a.id) || byName(a, b));
    case 'date':
      return sorted.sort((a, b) => b.date.localeCompare(a.date));
    case 'price':
      return sorted.sort((a, b) => minPrice(a) - minPrice(b) || byName(a, b));
    case 'price-desc':
      return sorted.sort((a, b) => minPrice(b) - minPrice(a) || byName(a, b));
    default:
      return sorted.sort((a, b) => a.menuOrder - b.menuOrder || byName(a, b));
  }
}

/** A catalogue listing: the ordering form, the result count and the products, in the asked order. */
export function listing(ctx: PageContext, products: Product[]): string {
  const requested = ctx.url.searchParams.get('orderby') ?? 'menu_order';
  const orderby = ORDERBY_OPTIONS.some(([value]) => value === requested) ? requested : 'menu_order';
  if (products.length === 0) {
    return '<p class="woocommerce-info woocommerce-no-products-found">No products were found matching your selection.</p>';
  }
  const options = ORDERBY_OPTIONS.map(
    ([value, label]) => `<option value="${value}"${value === orderby ? ' selected' : ''}>${label}</option>`,
  ).join('');
  const count =
    products.length === 1 ? 'Showing the single result' : `Showing all ${products.length} results`;
  return (
    '<div class="storefront-sorting">' +
    // A GET form: the select submits with JavaScript (storefront.md §2.3), the button without it.
    '<form class="woocommerce-ordering" method="get">' +
    `<select name="orderby" class="orderby" aria-label="Shop order">${options}</select>` +
    '<input type="hidden" name="paged" value="1">' +
    '<button type="submit" class="button orderby-submit">Sort</button></form>' +
    `<p class="woocommerce-result-count" role="status">${count}</p></div>` +
    `<ul class="products columns-3">${sortProducts(products, orderby)
      .map((product, index) =>
        loopItem(
          product,
          index,
          ctx.islands,
          wishlistButtonIsland(ctx.islands, ctx.session, product, 'list'),
        ),
      )
      .join('')}</ul>`
  );
}
