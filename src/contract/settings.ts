import * as z from 'zod/mini';

/**
 * The page's settings block: `<script type="application/json" id="shop-islands-settings">`.
 * Printed once per page by the PHP plugin (and by the demo store). Field names follow WooCommerce's
 * own localized objects (`wc_add_to_cart_params`, `wc_cart_fragments_params`) so values can be
 * copied from them unchanged; WooCommerce prints booleans there as '' / '1' and 'yes' / 'no' strings.
 */
export const SettingsSchema = z.object({
  /** `/wp-admin/admin-ajax.php` (relative or absolute). */
  ajax_url: z.string().check(z.minLength(1)),
  /** Template containing `%%endpoint%%`, e.g. `/?wc-ajax=%%endpoint%%`. */
  wc_ajax_url: z.string().check(z.includes('%%endpoint%%')),
  /** REST root, e.g. `/wp-json/` or `/?rest_route=/`. */
  rest_url: z.string().check(z.minLength(1)),
  /** A `wp_rest` nonce, sent as X-WP-Nonce on wp-json calls. */
  rest_nonce: z._default(z.string(), ''),
  cart_url: z.string(),
  /** '1' on the cart page, '' elsewhere (WooCommerce's `is_cart`). */
  is_cart: z._default(z.union([z.literal(''), z.literal('1'), z.boolean()]), ''),
  cart_redirect_after_add: z._default(z.enum(['yes', 'no']), 'no'),
  /** `wc_cart_fragments_params.cart_hash_key` / `fragment_name`. */
  cart_hash_key: z._default(z.string(), 'wc_cart_hash'),
  fragment_name: z._default(z.string(), 'wc_fragments'),
  /** Milliseconds; WooCommerce prints it as a string ("5000"). */
  request_timeout: z._default(z.coerce.number(), 5000),
  currency: z._default(
    z.object({
      code: z.string(),
      symbol: z.string(),
      decimals: z._default(z.number(), 2),
      decimal_separator: z._default(z.string(), '.'),
      thousand_separator: z._default(z.string(), ','),
      position: z._default(z.enum(['left', 'right', 'left_space', 'right_space']), 'left'),
    }),
    {
      code: 'EUR',
      symbol: '€',
      decimals: 2,
      decimal_separator: '.',
      thousand_separator: ',',
      position: 'left',
    },
  ),
  /** Translated UI strings; keys fall back to the spec's English text. */
  i18n: z._default(z.record(z.string(), z.string()), {}),
  /** True inside the page builder's edit mode (the cart drawer does not open there). */
  is_editor: z._default(z.boolean(), false),
  /** Hide the mini-cart while the cart is empty. */
  hide_mini_cart_if_empty: z._default(z.boolean(), false),
  /** `wc_single_product_params.review_rating_required`: 'yes' blocks a review without a rating. */
  review_rating_required: z._default(z.enum(['yes', 'no']), 'yes'),
  /**
   * The site-wide lightbox (storefront.md §2.6, §9: all on in the recorded store): links to image
   * files and marked elements open it when `enabled`; the other switches show its buttons.
   */
  lightbox: z._default(
    z.object({
      enabled: z._default(z.boolean(), true),
      counter: z._default(z.boolean(), true),
      fullscreen: z._default(z.boolean(), true),
      zoom: z._default(z.boolean(), true),
      share: z._default(z.boolean(), true),
    }),
    { enabled: true, counter: true, fullscreen: true, zoom: true, share: true },
  ),
  /** WooCommerce's `is_user_logged_in()` negated, for the product-view analytics event (§3). */
  is_guest: z._default(z.boolean(), true),
});

export type Settings = z.infer<typeof SettingsSchema>;
/** What a server prints: every defaulted field may be left out. */
export type SettingsInput = z.input<typeof SettingsSchema>;

export const SETTINGS_ELEMENT_ID = 'shop-islands-settings';
