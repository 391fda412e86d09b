/**
 * The demo's pages at WooCommerce's permalinks, rendered on the server as Storefront would: pure
 * functions from a PageContext to an HTML string. Every page works with JavaScript off: links add to
 * the cart (`?add-to-cart=ID`), forms post, the islands' fallbacks are working markup.
 * Routing, form handling and redirects live in site.ts.
 */
import {
  activePrice,
  averageRating,
  categoryTrail,
  categoryUrl,
  categoryWithDescendants,
  childCategories,
  findCategory,
  PRODUCTS,
  productUrl,
  reviewsOf,
  DEMO_LOGIN,
  type Category,
  type Product,
  type SimpleProduct,
} from './fixtures';
import { attrs, escapeHtml, priceHtml } from './html';
import { addToCartIsland, passwordToggleIsland, type IslandCollector } from './islands';
import { renderDocument, type PageContext } from './layout';
import { cartQuantityIsland } from './quantity';
import { store } from './store';
import { isInStock, isOnSale, productPriceHtml, quantityInput, stars } from './product/common';
import { productViewHtml, saleFlashHtml, sizeGuideHtml, stickyAddToCartHtml } from './product/extras';
import { lightboxShowcaseHtml, productGalleryHtml } from './product/gallery';
import { productDetailsHtml, productTabsHtml } from './product/tabs';
import { variationsForm } from './product/variation-form';
import { productWaitlistHtml } from './waitlist';
import { wishlistButtonIsland, wishlistListIsland } from './wishlist';

export type { PageContext } from './layout';

// -- shared pieces -----------------------------------------------------------------------------

function breadcrumb(items: { label: string; href?: string }[]): string {
  const parts = items.map((item) =>
    item.href ? `<a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a>` : escapeHtml(item.label),
  );
  return `<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb">${parts.join('<span class="breadcrumb-separator"> / </span>')}</nav>`;
}

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
        success_message: `\u201c${product.name}\u201d has been added to your cart`,
      },
    },
    button,
  );
}

function loopItem(product: Product, index: number, islands?: IslandCollector, wishlist = ''): string {
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

function listing(ctx: PageContext, products: Product[]): string {
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

function categoryLinks(categories: Category[], label: string): string {
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

// -- pages -------------------------------------------------------------------------------------

export function renderHome(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Home',
    bodyClass: 'home woocommerce-shop',
    main:
      '<header class="woocommerce-products-header"><h1 class="page-title">Football kit for every player</h1>' +
      '<p>Boots in junior sizes, match and training balls, and everything for the kit bag.</p></header>' +
      categoryLinks(childCategories(16), 'Categories') +
      listing(ctx, PRODUCTS) +
      lightboxShowcaseHtml(),
  });
}

export function renderShop(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Shop',
    bodyClass: 'archive post-type-archive-product woocommerce-shop',
    main:
      breadcrumb([{ label: 'Home', href: '/' }, { label: 'Shop' }]) +
      '<header class="woocommerce-products-header"><h1 class="woocommerce-products-header__title page-title">Shop</h1></header>' +
      categoryLinks(childCategories(16), 'Categories') +
      listing(ctx, PRODUCTS),
  });
}

export function renderCategory(ctx: PageContext, category: Category): string {
  const ids = new Set(categoryWithDescendants(category.id));
  const products = PRODUCTS.filter((p) => p.categoryIds.some((id) => ids.has(id)));
  const trail = categoryTrail(category.id);
  return renderDocument(ctx, {
    title: category.name,
    bodyClass: `archive tax-product_cat term-${category.slug}`,
    main:
      breadcrumb([
        { label: 'Home', href: '/' },
        ...trail.map((c, i) =>
          i === trail.length - 1 ? { label: c.name } : { label: c.name, href: categoryUrl(c.id) },
        ),
      ]) +
      '<header class="woocommerce-products-header">' +
      `<h1 class="woocommerce-products-header__title page-title">${escapeHtml(category.name)}</h1>` +
      `<div class="term-description"><p>${escapeHtml(category.description)}</p></div></header>` +
      categoryLinks(childCategories(category.id), `${category.name} subcategories`) +
      listing(ctx, products),
  });
}

function simpleForm(product: SimpleProduct, islands: IslandCollector): string {
  if (product.stockStatus === 'outofstock') return '';
  const quantity = product.soldIndividually
    ? '<input type="hidden" name="quantity" value="1">'
    : quantityInput({
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
          success_message: `\u201c${product.name}\u201d has been added to your cart`,
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

/** Flat rate €4.95, free from €50 (the store notice's promise). */
export function shippingFor(subtotal: number): number {
  return subtotal >= 50 ? 0 : 4.95;
}

function totalsRows(subtotal: number): string {
  const shipping = shippingFor(subtotal);
  return (
    `<tr class="cart-subtotal"><th scope="row">Subtotal</th><td data-title="Subtotal">${priceHtml(subtotal)}</td></tr>` +
    '<tr class="woocommerce-shipping-totals shipping"><th scope="row">Shipping</th><td data-title="Shipping">' +
    (shipping === 0 ? 'Free shipping' : `Flat rate: ${priceHtml(shipping)}`) +
    '</td></tr>' +
    `<tr class="order-total"><th scope="row">Total</th><td data-title="Total"><strong>${priceHtml(subtotal + shipping)}</strong></td></tr>`
  );
}

export function renderCart(ctx: PageContext): string {
  const lines = store.cartLines(ctx.session);
  const nonce = store.nonce(ctx.session, 'woocommerce-cart');
  let main = '<h1 class="entry-title">Cart</h1>';
  if (lines.length === 0) {
    // Step 03.
    main +=
      '<p class="cart-empty woocommerce-info">Your cart is currently empty.</p>' +
      '<p class="return-to-shop"><a class="button wc-backward" href="/shop/">Return to shop</a></p>';
  } else {
    const rows = lines
      .map((line) => {
        const key = line.item.key;
        const quantity = line.product.soldIndividually
          ? `1 <input type="hidden" name="cart[${key}][qty]" value="1">`
          : cartQuantityIsland(ctx.islands, {
              id: `quantity_${key}`,
              name: `cart[${key}][qty]`,
              label: `${line.name} quantity`,
              productName: line.name,
              value: line.item.quantity,
              min: 0,
              max: line.product.type === 'simple' ? (line.product.stockQuantity ?? undefined) : undefined,
            });
        return (
          '<tr class="woocommerce-cart-form__cart-item cart_item">' +
          `<td class="product-remove"><a href="/cart/?remove_item=${key}&amp;_wpnonce=${nonce}" class="remove"` +
          ` aria-label="Remove ${escapeHtml(line.name)} from cart" data-product_id="${line.product.id}" data-product_sku="${escapeHtml(line.sku)}">&times;</a></td>` +
          `<td class="product-thumbnail"><a href="${escapeHtml(line.url)}" tabindex="-1" aria-hidden="true"><img width="324" height="324" src="${line.imageSrc}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt=""></a></td>` +
          `<td class="product-name" data-title="Product"><a href="${escapeHtml(line.url)}">${escapeHtml(line.name)}</a></td>` +
          `<td class="product-price" data-title="Price">${priceHtml(line.unitPrice)}</td>` +
          `<td class="product-quantity" data-title="Quantity">${quantity}</td>` +
          `<td class="product-subtotal" data-title="Subtotal">${priceHtml(line.lineTotal)}</td></tr>`
        );
      })
      .join('');
    // Step 32's cart form.
    main +=
      '<form class="woocommerce-cart-form" action="/cart/" method="post">' +
      '<table class="shop_table shop_table_responsive cart woocommerce-cart-form__contents"><thead><tr>' +
      '<th class="product-remove"><span class="screen-reader-text">Remove item</span></th>' +
      '<th class="product-thumbnail"><span class="screen-reader-text">Thumbnail image</span></th>' +
      '<th class="product-name">Product</th><th class="product-price">Price</th>' +
      '<th class="product-quantity">Quantity</th><th class="product-subtotal">Subtotal</th></tr></thead>' +
      `<tbody>${rows}<tr><td colspan="6" class="actions">` +
      '<button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button>' +
      `<input type="hidden" id="woocommerce-cart-nonce" name="woocommerce-cart-nonce" value="${nonce}">` +
      '<input type="hidden" name="_wp_http_referer" value="/cart/"></td></tr></tbody></table></form>' +
      '<div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2>' +
      `<table class="shop_table shop_table_responsive">${totalsRows(store.cartSubtotal(ctx.session))}</table>` +
      '<div class="wc-proceed-to-checkout"><a href="/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a></div>' +
      '</div></div>';
  }
  return renderDocument(ctx, {
    title: 'Cart',
    bodyClass: 'page woocommerce-cart',
    main: `<div class="woocommerce">${main}</div>`,
  });
}

export interface CheckoutField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'select';
  autocomplete: string;
  required: boolean;
  wide?: boolean;
}

export const CHECKOUT_FIELDS: CheckoutField[] = [
  {
    name: 'billing_first_name',
    label: 'First name',
    type: 'text',
    autocomplete: 'given-name',
    required: true,
  },
  {
    name: 'billing_last_name',
    label: 'Last name',
    type: 'text',
    autocomplete: 'family-name',
    required: true,
  },
  {
    name: 'billing_country',
    label: 'Country / Region',
    type: 'select',
    autocomplete: 'country',
    required: true,
    wide: true,
  },
  {
    name: 'billing_address_1',
    label: 'Street address',
    type: 'text',
    autocomplete: 'address-line1',
    required: true,
    wide: true,
  },
  {
    name: 'billing_city',
    label: 'Town / City',
    type: 'text',
    autocomplete: 'address-level2',
    required: true,
    wide: true,
  },
  {
    name: 'billing_postcode',
    label: 'Eircode / Postcode',
    type: 'text',
    autocomplete: 'postal-code',
    required: false,
    wide: true,
  },
  { name: 'billing_phone', label: 'Phone', type: 'tel', autocomplete: 'tel', required: false, wide: true },
  {
    name: 'billing_email',
    label: 'Email address',
    type: 'email',
    autocomplete: 'email',
    required: true,
    wide: true,
  },
];

export const COUNTRIES: [string, string][] = [
  ['IE', 'Ireland'],
  ['GB', 'United Kingdom (UK)'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
];

function requiredMark(required: boolean): string {
  return required
    ? '&nbsp;<span class="required" aria-hidden="true">*</span>'
    : '&nbsp;<span class="optional">(optional)</span>';
}

function checkoutField(field: CheckoutField, values: Record<string, string>): string {
  const value = values[field.name] ?? (field.name === 'billing_country' ? 'IE' : '');
  const rowClass = `form-row ${field.wide ? 'form-row-wide' : field.name.endsWith('first_name') ? 'form-row-first' : 'form-row-last'}${field.required ? ' validate-required' : ''}`;
  const common = attrs({
    name: field.name,
    id: field.name,
    autocomplete: field.autocomplete,
    required: field.required,
    'aria-required': field.required ? 'true' : undefined,
  });
  const control =
    field.type === 'select'
      ? `<select class="country_select"${common}>${COUNTRIES.map(
          ([code, name]) => `<option value="${code}"${code === value ? ' selected' : ''}>${name}</option>`,
        ).join('')}</select>`
      : `<input type="${field.type}" class="input-text"${common} value="${escapeHtml(value)}">`;
  return (
    `<p class="${rowClass}" id="${field.name}_field"><label for="${field.name}">${escapeHtml(field.label)}${requiredMark(field.required)}</label>` +
    `<span class="woocommerce-input-wrapper">${control}</span></p>`
  );
}

export function renderCheckout(ctx: PageContext, values: Record<string, string> = {}): string {
  const lines = store.cartLines(ctx.session);
  const subtotal = store.cartSubtotal(ctx.session);
  const password = passwordToggleIsland(ctx.islands, {
    id: 'account_password',
    name: 'account_password',
    autocomplete: 'new-password',
    required: false,
    className: 'input-text',
    hydrate: 'interaction',
  });
  const review = lines
    .map(
      (l) =>
        `<tr class="cart_item"><td class="product-name">${escapeHtml(l.name)}&nbsp;<strong class="product-quantity">&times;&nbsp;${l.item.quantity}</strong></td>` +
        `<td class="product-total">${priceHtml(l.lineTotal)}</td></tr>`,
    )
    .join('');
  const main =
    '<h1 class="entry-title">Checkout</h1><div class="woocommerce">' +
    '<form name="checkout" method="post" class="checkout woocommerce-checkout" action="/checkout/" enctype="multipart/form-data">' +
    '<div class="col2-set" id="customer_details"><div class="woocommerce-billing-fields"><h2>Billing details</h2>' +
    `<div class="woocommerce-billing-fields__field-wrapper">${CHECKOUT_FIELDS.map((f) => checkoutField(f, values)).join('')}</div></div>` +
    '<div class="woocommerce-account-fields"><p class="form-row form-row-wide create-account">' +
    '<label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">' +
    `<input class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" id="createaccount" type="checkbox" name="createaccount" value="1"${values.createaccount ? ' checked' : ''}> <span>Create an account?</span></label></p>` +
    '<div class="create-account"><p class="form-row validate-required" id="account_password_field">' +
    `<label for="account_password">Create account password${requiredMark(true)}</label>` +
    `<span class="woocommerce-input-wrapper">${password}</span></p></div></div></div>` +
    '<h2 id="order_review_heading">Your order</h2><div id="order_review" class="woocommerce-checkout-review-order">' +
    '<table class="shop_table woocommerce-checkout-review-order-table"><thead><tr><th class="product-name">Product</th><th class="product-total">Subtotal</th></tr></thead>' +
    `<tbody>${review}</tbody><tfoot>${totalsRows(subtotal)}</tfoot></table>` +
    '<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods">' +
    '<li class="wc_payment_method payment_method_cod"><input id="payment_method_cod" type="radio" class="input-radio" name="payment_method" value="cod" checked>' +
    '<label for="payment_method_cod">Cash on delivery</label><div class="payment_box payment_method_cod"><p>Pay with cash upon delivery.</p></div></li></ul>' +
    '<div class="form-row place-order">' +
    '<button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order">Place order</button>' +
    `<input type="hidden" id="woocommerce-process-checkout-nonce" name="woocommerce-process-checkout-nonce" value="${store.nonce(ctx.session, 'woocommerce-process_checkout')}">` +
    '<input type="hidden" name="_wp_http_referer" value="/checkout/"></div></div></div></form></div>';
  return renderDocument(ctx, { title: 'Checkout', bodyClass: 'page woocommerce-checkout', main });
}

export function renderOrderReceived(ctx: PageContext, orderId: number): string {
  const main =
    '<h1 class="entry-title">Order received</h1><div class="woocommerce"><div class="woocommerce-order">' +
    '<p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">Thank you. Your order has been received.</p>' +
    `<ul class="woocommerce-order-overview woocommerce-thankyou-order-details order_details"><li class="woocommerce-order-overview__order order">Order number: <strong>${orderId}</strong></li>` +
    '<li class="woocommerce-order-overview__payment-method method">Payment method: <strong>Cash on delivery</strong></li></ul>' +
    '<p>This is a demo store: nothing will be delivered.</p><p><a class="button" href="/shop/">Continue shopping</a></p></div></div>';
  return renderDocument(ctx, {
    title: 'Order received',
    bodyClass: 'page woocommerce-checkout woocommerce-order-received',
    main,
  });
}

export function renderMyAccount(ctx: PageContext, username = ''): string {
  let main = '<h1 class="entry-title">My account</h1><div class="woocommerce">';
  if (ctx.session.loggedIn) {
    const name = escapeHtml(ctx.session.loggedIn);
    const logout = `/my-account/customer-logout/?_wpnonce=${store.nonce(ctx.session, 'log-out')}`;
    main +=
      '<div class="woocommerce-MyAccount-content">' +
      `<p>Hello <strong>${name}</strong> (not <strong>${name}</strong>? <a href="${logout}">Log out</a>)</p>` +
      '<p>From your account dashboard you can view your recent orders and edit your details. (Not in this demo.)</p></div>';
  } else {
    const password = passwordToggleIsland(ctx.islands, {
      id: 'password',
      name: 'password',
      autocomplete: 'current-password',
      required: true,
      className: 'woocommerce-Input woocommerce-Input--text input-text',
      hydrate: 'idle',
    });
    main +=
      '<h2>Login</h2>' +
      '<form class="woocommerce-form woocommerce-form-login login" method="post" action="/my-account/">' +
      '<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide">' +
      `<label for="username">Username or email address${requiredMark(true)}</label>` +
      `<input type="text" class="woocommerce-Input woocommerce-Input--text input-text" name="username" id="username" autocomplete="username" value="${escapeHtml(username)}" required aria-required="true"></p>` +
      '<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide">' +
      `<label for="password">Password${requiredMark(true)}</label>${password}</p>` +
      '<p class="form-row"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox woocommerce-form-login__rememberme">' +
      '<input class="woocommerce-form__input woocommerce-form__input-checkbox" name="rememberme" type="checkbox" id="rememberme" value="forever"> <span>Remember me</span></label>' +
      `<input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="${store.nonce(ctx.session, 'woocommerce-login')}">` +
      '<input type="hidden" name="_wp_http_referer" value="/my-account/">' +
      '<button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Log in">Log in</button></p>' +
      '<p class="woocommerce-LostPassword lost_password"><a href="/my-account/">Lost your password?</a></p></form>' +
      `<p class="demo-hint">Demo login: <kbd>${DEMO_LOGIN.username}</kbd> / <kbd>${DEMO_LOGIN.password}</kbd></p>`;
  }
  return renderDocument(ctx, {
    title: 'My account',
    bodyClass: 'page woocommerce-account',
    main: `${main}</div>`,
  });
}

export function renderWishlist(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Wishlist',
    bodyClass: 'page wishlist',
    main: `<h1 class="entry-title">Wishlist</h1>${wishlistListIsland(ctx.islands, ctx.session)}`,
  });
}

export function renderNotFound(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Page not found',
    bodyClass: 'error404',
    main:
      '<div class="error-404 not-found"><h1 class="page-title">Oops! That page can’t be found.</h1>' +
      '<p>Nothing was found at this location. Try the <a href="/shop/">shop</a> or one of these categories:</p>' +
      `${categoryLinks(childCategories(16), 'Categories')}</div>`,
  });
}

/** WordPress's `wp_nonce_ays()` answer to a stale form (HTTP 403). */
export function renderLinkExpired(ctx: PageContext, backTo: string): string {
  return renderDocument(ctx, {
    title: 'Something went wrong',
    bodyClass: 'wp-die-message',
    main:
      '<h1 class="entry-title">Something went wrong</h1><p>The link you followed has expired.</p>' +
      `<p><a href="${escapeHtml(backTo)}">Please try again.</a></p>`,
  });
}

/** The product whose permalink is `/product/{slug}/`. */
export { findProductBySlug } from './fixtures';
