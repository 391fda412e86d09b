/** What WooCommerce stores when the banner is dismissed (storefront.md §3 "User meta", §7). */
export const DISMISS_BODY = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } } as const;
