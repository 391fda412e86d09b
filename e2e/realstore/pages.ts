import type { ReplacedScript } from './fixtures';

/**
 * The store's pages the journeys visit: the islands the automatic integration must place there on a
 * Storefront store (issue #12, item 1), and the WooCommerce / Storefront scripts those islands
 * replace, which must not be loaded there (item 2).
 *
 * Left out on purpose: `sale-badge` (its percentages come from Shoptimizer's endpoint, not on these
 * stores), `wishlist-*` and `waitlist-form` (CommerceKit, not on these stores: pages.spec.ts checks
 * that none is placed), `store-notice` (the stores show no notice). On the cart page Storefront
 * hides its header mini-cart (WooCommerce's cart widget is hidden on the cart page), so only the
 * quantities are required there.
 */
export interface StorePage {
  name: string;
  path: string;
  /** A product put in the cart before the page is opened (the cart page needs one). */
  withCart?: string;
  islands: readonly string[];
  replaced: readonly ReplacedScript[];
}

const HEADER_ISLANDS = ['mini-cart', 'cart-drawer'] as const;
const PRODUCT_SCRIPTS: readonly ReplacedScript[] = [
  'add-to-cart.js',
  'cart-fragments.js',
  'single-product.js',
  'flexslider',
  'photoswipe',
  'zoom',
  'sticky-add-to-cart.js (Storefront)',
];
const PRODUCT_ISLANDS = [
  ...HEADER_ISLANDS,
  'product-gallery',
  'product-tabs',
  'product-reviews',
  'sticky-add-to-cart',
] as const;

export const LISTING: StorePage = {
  name: 'listing',
  path: '/shop/',
  // Storefront prints the ordering and the result count above and below the products (issue #15).
  islands: ['add-to-cart', 'catalog-ordering', 'result-count', ...HEADER_ISLANDS],
  replaced: ['add-to-cart.js', 'cart-fragments.js'],
};

export const SIMPLE_PRODUCT: StorePage = {
  name: 'simple product',
  path: '/product/pro-match-football/',
  islands: ['add-to-cart', ...PRODUCT_ISLANDS],
  replaced: PRODUCT_SCRIPTS,
};

export const VARIABLE_PRODUCT: StorePage = {
  name: 'variable product',
  path: '/product/junior-football-boots/',
  islands: ['variation-form', ...PRODUCT_ISLANDS],
  replaced: [...PRODUCT_SCRIPTS, 'add-to-cart-variation.js'],
};

export const CART: StorePage = {
  name: 'cart',
  path: '/cart/',
  withCart: 'Pro Match Football',
  islands: ['cart-quantity', 'shipping-calculator'],
  // WooCommerce's cart.js stays by design (php-shim/README.md): it also runs coupons, the shipping
  // methods, removals and the form's in-page update, which the cart-quantity island leaves to it
  // (one POST); the shipping calculator is the island's (its events kept from cart.js).
  replaced: ['cart-fragments.js'],
};

export const STORE_PAGES: readonly StorePage[] = [LISTING, SIMPLE_PRODUCT, VARIABLE_PRODUCT, CART];

/**
 * The classic checkout (`[woocommerce_checkout]`), with a cart item: the checkout island replaces
 * WooCommerce's checkout.js, country-select.js, address-i18n.js and selectWoo there. Not in
 * STORE_PAGES: on the 9.9.5 store the Stripe gateway's script needs checkout.js, so WooCommerce's
 * checkout stays and the island steps aside there (journeys.spec.ts checks both).
 */
export const CHECKOUT: StorePage = {
  name: 'checkout',
  path: '/checkout/',
  withCart: 'Pro Match Football',
  islands: ['checkout'],
  replaced: ['checkout.js', 'country-select.js', 'address-i18n.js', 'selectWoo'],
};
