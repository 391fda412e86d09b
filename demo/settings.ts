import type { SettingsInput } from '../src/contract/settings';

/**
 * The settings block of a demo page (as the PHP plugin prints it on a WooCommerce store), shared by
 * the demo's pages and Storybook. Per page: the session's REST nonce and whether it is the cart.
 */
export function demoSettings({
  restNonce,
  isCart = false,
  isGuest = true,
}: {
  restNonce: string;
  isCart?: boolean;
  isGuest?: boolean;
}) {
  return {
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    rest_nonce: restNonce,
    cart_url: '/cart/',
    is_cart: isCart ? '1' : '',
    cart_redirect_after_add: 'no',
    request_timeout: 5000,
    currency: {
      code: 'EUR',
      symbol: '€',
      decimals: 2,
      decimal_separator: '.',
      thousand_separator: ',',
      position: 'left',
    },
    i18n: { view_cart: 'View cart' },
    review_rating_required: 'yes',
    lightbox: { enabled: true, counter: true, fullscreen: true, zoom: true, share: true },
    is_guest: isGuest,
  } satisfies SettingsInput;
}

/** Every page of the demo store, for the e2e specs and the benchmark. */
export const DEMO_PAGES = [
  '/',
  '/shop/',
  '/product/pro-match-football/',
  '/product/junior-football-boots/',
  '/cart/',
  '/checkout/',
  '/my-account/',
  '/wishlist/',
  // Discovery (issue #15): a category of the generated catalogue, product search results, the
  // Elementor page with the loop filters, the Smart Search widget's page.
  '/product-category/running/',
  '/?s=racket&post_type=product',
  '/gear/',
  '/smart-search/',
  // Site chrome (issue #16): the campaign landing page whose only island is the order attribution
  // tracker, the menus page, the contact page (callback modal, share buttons), the lookbook (slider,
  // carousels, anchors, a sticky bar), the popups index and the page-load popup's page.
  '/landing/',
  '/menus/',
  '/contact/',
  '/lookbook/',
  '/popups/',
  '/popups/page-load/',
] as const;
