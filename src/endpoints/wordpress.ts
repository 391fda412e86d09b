/** WordPress core's REST API (storefront.md §7 "Notices and banners"), with X-WP-Nonce. */
import { ComingSoonDismissalResponseSchema, type ComingSoonDismissalResponse } from '../contract/wordpress';
import { rest, type RequestOptions } from '../transport/client';

/** What WooCommerce stores when the banner is dismissed (storefront.md §3 "User meta", §7). */
export const COMING_SOON_DISMISSAL = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } } as const;

/**
 * The coming-soon banner's dismissal: POST the user meta as JSON to `restUrl`, the banner's REST URL
 * given by the server (the current user's `wp/v2/users/{id}`). The answer is not read.
 */
export function dismissComingSoonBanner(
  restUrl: string,
  options: RequestOptions = {},
): Promise<ComingSoonDismissalResponse> {
  return rest(restUrl, {
    ...options,
    method: 'POST',
    data: COMING_SOON_DISMISSAL,
    schema: ComingSoonDismissalResponseSchema,
    responseType: 'text',
  });
}
