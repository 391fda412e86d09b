/**
 * The smaller parts of the single product page: the sale badge, the size-guide button, the sticky
 * add-to-cart bar and the product-view analytics event (storefront.md §2.5, §3), each in its island
 * (widgets/sale-badge, size-guide, sticky-add-to-cart, product-view) around the markup the theme and
 * its plugins print, which works without JavaScript.
 */
import { activePrice, averageRating, findCategory, productUrl, reviewsOf, type Product } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import type { PageContext } from '../layout';
import { addedToCartMessage, isInStock, isOnSale, productPriceHtml, stars } from './common';

// -- sale badge ----------------------------------------------------------------------------------

export const SALE_LABEL = 'Sale!';

/**
 * WooCommerce's `woocommerce_show_product_sale_flash`. On a variable product on sale the badge is
 * the sale-badge island, which shows the chosen variation's percent (Shoptimizer's
 * `shoptimizer_get_sale_prices`, demo/sale-prices.ts).
 */
export function saleFlashHtml(ctx: PageContext, product: Product): string {
  if (!isOnSale(product)) return '';
  const badge = `<span class="onsale">${SALE_LABEL}</span>`;
  if (product.type !== 'variable') return badge;
  return ctx.islands.render('sale-badge', { productId: product.id, label: SALE_LABEL }, badge, {
    hydrate: 'idle',
  });
}

// -- size guide ----------------------------------------------------------------------------------

/** A size table: its caption, the column headers, and one row per size (the size is the row header). */
export interface SizeTable {
  caption: string;
  columns: string[];
  rows: { size: string; cells: string[] }[];
}

export interface SizeGuide {
  title: string;
  table: SizeTable;
  note?: string;
}

/** The demo's size guides, for the products with a size attribute (`pa_size`). */
export const SIZE_GUIDES: Record<number, SizeGuide> = {
  18: {
    title: 'Size guide',
    table: {
      caption: 'Junior Football Boots: UK size, EU size and foot length',
      columns: ['UK size', 'EU size', 'US size', 'Foot length (cm)'],
      rows: [
        { size: 'UK 1', cells: ['33', '1.5', '20.3'] },
        { size: 'UK 2', cells: ['34', '2.5', '21.2'] },
        { size: 'UK 3', cells: ['35.5', '3.5', '22.0'] },
        { size: 'UK 4', cells: ['36.5', '4.5', '22.9'] },
      ],
    },
    note: 'Measure the foot from heel to longest toe; between two sizes, choose the larger one.',
  },
  40: {
    title: 'Size guide',
    table: {
      caption: 'Training Jersey: chest and length by size',
      columns: ['Size', 'Chest (cm)', 'Length (cm)'],
      rows: [
        { size: 'XS', cells: ['86–91', '66'] },
        { size: 'S', cells: ['91–96', '68'] },
        { size: 'M', cells: ['96–101', '70'] },
        { size: 'L', cells: ['101–106', '72'] },
        { size: 'XL', cells: ['106–111', '74'] },
        { size: 'XXL', cells: ['111–116', '76'] },
      ],
    },
    note: 'Measured flat; the jersey has a regular fit.',
  },
};

/** The id of the in-page section the no-JS link goes to. */
export const SIZE_GUIDE_SECTION_ID = 'size-guide';

/** The size guide of a product with a size attribute, or null. */
export function sizeGuideOf(product: Product): SizeGuide | null {
  if (product.type !== 'variable' || !product.attributes.some((a) => a.name === 'pa_size')) return null;
  return SIZE_GUIDES[product.id] ?? null;
}

/** An accessible table: caption, column headers, each size a row header. */
export function sizeTableHtml(table: SizeTable): string {
  const head = table.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = table.rows
    .map(
      (row) =>
        `<tr><th scope="row">${escapeHtml(row.size)}</th>${row.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  return (
    `<table class="commercekit-size-guide-table"><caption>${escapeHtml(table.caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
  );
}

/** The props of the size-guide island (widgets/size-guide/schema.ts). */
export function sizeGuideProps(guide: SizeGuide) {
  return {
    title: guide.title,
    buttonLabel: 'Size guide',
    sectionId: SIZE_GUIDE_SECTION_ID,
    table: guide.table,
    note: guide.note ?? '',
  };
}

/**
 * CommerceKit's 'Size guide' button, in the size-guide island. Without JavaScript it is a link to the
 * in-page section printed after it, which the theme shows only when it is the URL's target
 * (`#size-guide`, product-extras.css); the island opens the same table in a modal dialog instead.
 */
export function sizeGuideHtml(ctx: PageContext, product: Product): string {
  const guide = sizeGuideOf(product);
  if (!guide) return '';
  const props = sizeGuideProps(guide);
  const link =
    `<a class="commercekit-size-guide-button" href="#${SIZE_GUIDE_SECTION_ID}">` +
    `${escapeHtml(props.buttonLabel)}</a>`;
  const section =
    `<section id="${SIZE_GUIDE_SECTION_ID}" class="commercekit-size-guide-section" aria-labelledby="${SIZE_GUIDE_SECTION_ID}-title">` +
    `<h2 id="${SIZE_GUIDE_SECTION_ID}-title">${escapeHtml(guide.title)}</h2>` +
    `<div class="commercekit-size-guide-scroll">${sizeTableHtml(guide.table)}</div>` +
    (guide.note ? `<p class="commercekit-size-guide-note">${escapeHtml(guide.note)}</p>` : '') +
    '</section>';
  return (
    ctx.islands.render('size-guide', props, link, { attrs: { class: 'commercekit-size-guide' } }) + section
  );
}

// -- sticky add-to-cart bar ----------------------------------------------------------------------

/** Storefront's `storefront_sticky_add_to_cart_params` (params/product-*.json). */
export const STICKY_TRIGGER_CLASS = 'entry-summary';

type StickyKind = 'add' | 'select' | 'read-more';

/** What the bar's button does: WooCommerce's `add_to_cart_text()` / `add_to_cart_url()`. */
function stickyButton(product: Product): { kind: StickyKind; label: string; href: string } {
  if (product.type === 'variable') {
    return { kind: 'select', label: 'Select options', href: productUrl(product) };
  }
  if (!isInStock(product)) return { kind: 'read-more', label: 'Read more', href: productUrl(product) };
  return { kind: 'add', label: 'Add to cart', href: `?add-to-cart=${product.id}` };
}

/** Where the bar's button leads: the variations form, the cart form, or (out of stock) the waitlist form. */
function stickyFormSelector(product: Product): string {
  if (product.type === 'variable') return `#product-${product.id} form.variations_form`;
  if (!isInStock(product)) return `#product-${product.id} .commercekit-waitlist-form`;
  return `#product-${product.id} form.cart`;
}

/** The props of the sticky-add-to-cart island (widgets/sticky-add-to-cart/schema.ts). */
export function stickyAddToCartProps(product: Product) {
  const reviews = reviewsOf(product.id);
  return {
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    priceHtml: productPriceHtml(product).replace(/^<span class="price">|<\/span>$/g, ''),
    ratingHtml: reviews.length > 0 ? stars(averageRating(product.id)) : '',
    image: { src: product.image.src, width: 324, height: 324 },
    button: stickyButton(product),
    successMessage: addedToCartMessage(product),
    triggerClass: STICKY_TRIGGER_CLASS,
    formSelector: stickyFormSelector(product),
    viewingLabel: "You're viewing:",
  };
}

/**
 * Storefront's sticky add-to-cart bar (`storefront_sticky_single_add_to_cart()`, recorded in steps 01
 * and 02), in its island. The theme prints it hidden: without JavaScript nothing shows it, as in
 * Storefront. The image is decorative here (the name is next to it): `alt=""`.
 */
export function stickyAddToCartHtml(ctx: PageContext, product: Product): string {
  const props = stickyAddToCartProps(product);
  const { button } = props;
  const bar =
    '<section class="storefront-sticky-add-to-cart shop-islands-sticky-atc" aria-hidden="true" inert>' +
    '<div class="col-full"><div class="storefront-sticky-add-to-cart__content">' +
    `<img${attrs({
      width: props.image.width,
      height: props.image.height,
      src: props.image.src,
      class: 'attachment-woocommerce_thumbnail size-woocommerce_thumbnail',
      alt: '',
      loading: 'lazy',
      decoding: 'async',
    })}>` +
    '<div class="storefront-sticky-add-to-cart__content-product-info">' +
    '<span class="storefront-sticky-add-to-cart__content-title">' +
    `<span class="storefront-sticky-add-to-cart__content-viewing">${escapeHtml(props.viewingLabel)}</span> ` +
    `<strong>${escapeHtml(product.name)}</strong></span>` +
    `<span class="storefront-sticky-add-to-cart__content-price">${props.priceHtml}</span>` +
    (props.ratingHtml
      ? `<span class="storefront-sticky-add-to-cart__content-rating">${props.ratingHtml}</span>`
      : '') +
    '</div>' +
    `<a${attrs({
      href: button.href,
      class: 'storefront-sticky-add-to-cart__content-button button alt',
      rel: 'nofollow',
    })}>${escapeHtml(button.label)}</a>` +
    '</div></div></section>';
  return ctx.islands.render('sticky-add-to-cart', props, bar, { hydrate: 'idle' });
}

// -- product-view analytics event ----------------------------------------------------------------

/** The props of the product-view island (widgets/product-view/schema.ts): §3's product fields. */
export function productViewProps(product: Product) {
  const price =
    product.type === 'simple'
      ? activePrice(product)
      : Math.min(...product.variations.filter((v) => v.active).map(activePrice));
  return {
    productId: product.id,
    name: product.name,
    category: product.categoryIds
      .map((id) => findCategory(id)?.name)
      .filter((name): name is string => !!name)
      .join(', '),
    // WooCommerce's `get_price()`: a variable product's is its lowest active price.
    price,
    type: product.type,
  };
}

/** The product-view analytics event: an island with nothing to show. */
export function productViewHtml(ctx: PageContext, product: Product): string {
  return ctx.islands.render('product-view', productViewProps(product), '', { hydrate: 'idle' });
}
