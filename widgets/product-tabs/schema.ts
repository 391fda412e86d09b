import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the product tabs (storefront.md §2.5 "Tabs"): the tab list WooCommerce prints in
 * `.woocommerce-tabs` (`woocommerce_product_tabs`), in order. The island renders only the tab list;
 * the panels stay the server's nodes (`#tab-{key}` next to the container), shown and hidden in place.
 */
export const ProductTabsPropsSchema = z.object({
  /** The tabs in order; each panel is the server's `#tab-{key}`. */
  tabs: z
    .array(
      z.object({
        /** WooCommerce's tab key: `description`, `additional_information`, `reviews`, or a plugin's. */
        key: z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
        /** The tab's title as printed ("Reviews (2)"). */
        title: z.string().check(z.minLength(1)),
      }),
    )
    .check(z.minLength(1)),
  /**
   * The tab the server rendered the page for, opened instead of the first when the URL asks for
   * none (the reviews for WordPress's `?replytocom=ID` reply form). The URL's rules come first.
   */
  open: optionalFromPhp(z._default(z.nullable(z.string()), null)),
});
export type ProductTabsProps = z.input<typeof ProductTabsPropsSchema>;
