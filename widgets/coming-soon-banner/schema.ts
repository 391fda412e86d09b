import * as z from 'zod/mini';
import { HttpUrl } from '../../src/contract/url';
import { Html, optionalFromPhp } from '../../src/contract/props';

/** Props of the coming-soon footer banner (storefront.md §2.10, §4, §7 "Notices and banners"). */
export const ComingSoonBannerPropsSchema = z.object({
  /**
   * REST URL that stores the dismissal: WooCommerce uses the current user's
   * `wp-json/wp/v2/users/{id}` route. Relative or absolute.
   */
  restUrl: HttpUrl,
  /** The banner text as HTML, filtered by the server. */
  message: Html,
  /** Accessible label of the dismiss button. */
  dismissLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Dismiss coming soon banner')),
});
export type ComingSoonBannerProps = z.input<typeof ComingSoonBannerPropsSchema>;
