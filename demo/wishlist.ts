/**
 * CommerceKit's wishlist markup in the demo store (storefront.md §2.5, §2.9, §3 "Wishlist actions"):
 * the add/remove control of a product (`div.commercekit-wishlist`, `full` on product pages, `mini`
 * on listing items) and the wishlist page's list (`#commercekit-wishlist-shortcode`). The same
 * functions print the pages' fallbacks and the `html` of the admin-ajax answers (commercekit.ts),
 * so an answer swaps in exactly what a page load would show.
 *
 * Without JavaScript every control is a small POST form: to `/wishlist/?add-to-wishlist=ID` or
 * `?remove-from-wishlist=ID` (with the session's nonce, handled by site.ts) and, for add to cart, to
 * `/wishlist/` with `add-to-cart=ID` (WooCommerce's form handler). Pure string functions.
 */
import { PRODUCTS, productUrl, type Product } from './fixtures';
import { escapeHtml, priceHtml } from './html';
import type { IslandCollector } from './islands';
import { store, type Session } from './store';
import { variationPriceHtml } from './variations';

/** The nonce action of the no-JS wishlist links and forms (site.ts checks it). */
export const WISHLIST_NONCE_ACTION = 'shop-islands-wishlist';
/** The wishlist page. */
export const WISHLIST_URL = '/wishlist/';

export type WishlistType = 'page' | 'list';

const quotedName = (product: Product): string => `&ldquo;${escapeHtml(product.name)}&rdquo;`;

/** The messages of the admin-ajax answers (HTML, as CommerceKit escapes them). */
export const WISHLIST_MESSAGES = {
  added: (product: Product) => `${quotedName(product)} has been added to your wishlist.`,
  removed: (product: Product) => `${quotedName(product)} has been removed from your wishlist.`,
  cannotAdd: 'Cannot add this item to the wishlist',
  cannotRemove: 'Cannot remove this item from the wishlist',
  addedToCart: (product: Product) => `${quotedName(product)} has been added to your cart.`,
  cartError: 'Error on adding to cart.',
} as const;

function isInStock(product: Product): boolean {
  return product.type === 'simple'
    ? product.stockStatus === 'instock'
    : product.variations.some((v) => v.active && v.stockStatus === 'instock');
}

function priceOf(product: Product): string {
  if (product.type === 'simple') return variationPriceHtml(product);
  const prices = product.variations.filter((v) => v.active).map((v) => v.salePrice ?? v.regularPrice);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return `<span class="price">${low === high ? priceHtml(low) : `${priceHtml(low)} &ndash; ${priceHtml(high)}`}</span>`;
}

/**
 * The inside of `div.commercekit-wishlist` for one product: an add or a remove control and, on a
 * product page once it is saved, a link to the wishlist. `type` is CommerceKit's: 'page' on a
 * product page (a labelled button), 'list' on a listing item (a heart with an accessible name).
 */
export function wishlistControlHtml(
  product: Product,
  options: { inWishlist: boolean; type: WishlistType; nonce: string },
): string {
  const { inWishlist, type, nonce } = options;
  const param = inWishlist ? 'remove-from-wishlist' : 'add-to-wishlist';
  const action = `${WISHLIST_URL}?${param}=${product.id}&amp;_wpnonce=${escapeHtml(nonce)}`;
  const label = inWishlist
    ? `Remove ${quotedName(product)} from wishlist`
    : `Add ${quotedName(product)} to wishlist`;
  const control = inWishlist ? 'commercekit-remove-wishlist' : 'commercekit-save-wishlist';
  const heart = `<span class="cg-heart" aria-hidden="true">${inWishlist ? '&#9829;' : '&#9825;'}</span>`;
  const text =
    type === 'page' ? `<span>${inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}</span>` : '';
  const button =
    `<form class="commercekit-wishlist-form" method="post" action="${action}">` +
    `<button type="submit" class="${control}" data-product-id="${product.id}" data-type="${type}"` +
    // The page's button says what it does; the listing's heart needs the product's name.
    (type === 'list' ? ` aria-label="${label}" title="${label}"` : '') +
    `>${heart}${text}</button></form>`;
  const browse =
    inWishlist && type === 'page'
      ? ` <a href="${WISHLIST_URL}" class="commercekit-browse-wishlist">View wishlist</a>`
      : '';
  return button + browse;
}

/** The wishlist island of a product: `full` on its page (type 'page'), `mini` on a listing item. */
export function wishlistButtonIsland(
  islands: IslandCollector,
  session: Session,
  product: Product,
  type: WishlistType,
): string {
  const html = wishlistControlHtml(product, {
    inWishlist: session.wishlist.includes(product.id),
    type,
    nonce: store.nonce(session, WISHLIST_NONCE_ACTION),
  });
  const variant = type === 'page' ? 'full' : 'mini';
  return islands.render(
    'wishlist-button',
    { productId: product.id, html, variant, type },
    `<div class="commercekit-wishlist ${variant}" data-product-id="${product.id}">${html}</div>`,
    // On a product page the control is above the fold and alone; listing items wait for the shopper
    // (the first click is held and replayed on the island).
    { hydrate: type === 'page' ? 'idle' : 'interaction' },
  );
}

/** The products of a session's wishlist, newest first (CommerceKit orders by `created DESC`). */
export function wishlistProducts(session: Session): Product[] {
  return [...session.wishlist]
    .reverse()
    .map((id) => PRODUCTS.find((p) => p.id === id))
    .filter((p): p is Product => p !== undefined);
}

function addToCartControl(product: Product): string {
  const name = quotedName(product);
  if (product.type === 'variable') {
    return `<a class="button" href="${productUrl(product)}" aria-label="Select options for ${name}">Select options</a>`;
  }
  if (!isInStock(product)) {
    return `<a class="button" href="${productUrl(product)}" aria-label="Read more about ${name}">Read more</a>`;
  }
  return (
    `<form class="commercekit-wishlist-cart-form" method="post" action="${WISHLIST_URL}">` +
    `<button type="submit" name="add-to-cart" value="${product.id}" class="button commercekit-wishlist-cart"` +
    ` data-product-id="${product.id}" aria-label="Add to cart: ${name}">Add to cart</button></form>`
  );
}

/**
 * The wishlist page's list: the inside of `#commercekit-wishlist-shortcode`, and the `html` of a
 * removal with `reload=1`. Each item: image, name, price, stock, add to cart (a link to the product
 * for variable or sold-out products) and remove (`commercekit-remove-wishlist2`, with `data-wpage`).
 */
export function wishlistListHtml(
  products: readonly Product[],
  options: { nonce: string; wpage?: number },
): string {
  const wpage = options.wpage ?? 1;
  if (products.length === 0) {
    return (
      '<div class="wsl-no-products"><h2 class="wsl-no-title">This wishlist is empty</h2>' +
      '<p class="wsl-no-desc">Your wishlist is currently empty. Discover a variety of exciting products on our Shop page!</p>' +
      '<p><a href="/shop/" class="button wsl-no-shop">Return to Shop</a></p></div>'
    );
  }
  const items = products
    .map((p) => {
      const name = quotedName(p);
      const remove =
        `<form class="commercekit-wishlist-remove-form" method="post"` +
        ` action="${WISHLIST_URL}?remove-from-wishlist=${p.id}&amp;_wpnonce=${escapeHtml(options.nonce)}">` +
        `<button type="submit" class="button wishlist-remove commercekit-remove-wishlist2" data-product-id="${p.id}"` +
        ` data-wpage="${wpage}" aria-label="Remove ${name} from wishlist">Remove</button></form>`;
      return (
        `<li class="wishlist-item" data-product-id="${p.id}">` +
        `<a class="wishlist-item__image" href="${productUrl(p)}" tabindex="-1" aria-hidden="true">` +
        `<img width="100" height="100" src="${p.image.src}" alt=""></a>` +
        `<div class="wishlist-item__details"><h2 class="wishlist-item__name"><a href="${productUrl(p)}">${escapeHtml(p.name)}</a></h2>` +
        priceOf(p) +
        (isInStock(p) ? '' : ' <span class="stock out-of-stock">Out of stock</span>') +
        `</div><div class="wishlist-item__actions">${addToCartControl(p)}${remove}</div></li>`
      );
    })
    .join('');
  const count = `${products.length} ${products.length === 1 ? 'item' : 'items'}`;
  return (
    `<ul class="commercekit-wishlist-list wishlist-items">${items}</ul>` +
    `<p class="commercekit-wishlist-pages"><span class="displaying-num">${count}</span></p>`
  );
}

/** The wishlist page's list island, over the session's wishlist. */
export function wishlistListIsland(islands: IslandCollector, session: Session): string {
  const html = wishlistListHtml(wishlistProducts(session), {
    nonce: store.nonce(session, WISHLIST_NONCE_ACTION),
  });
  return islands.render(
    'wishlist-list',
    { html, wpage: 1 },
    `<div id="commercekit-wishlist-shortcode" class="commercekit-wishlist-shortcode">${html}</div>`,
    { hydrate: 'idle' },
  );
}
