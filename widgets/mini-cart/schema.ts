import * as z from 'zod/mini';
import { Html, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the header mini-cart island (storefront.md §2.8, §4 "Mini-cart visibility"). The
 * container wraps WooCommerce's widget, `<div class="widget woocommerce widget_shopping_cart">`
 * around the `div.widget_shopping_cart_content` cart fragment.
 */
export const MiniCartPropsSchema = z.object({
  /**
   * The server's `div.widget_shopping_cart_content`, shown until the cart store has the fragment.
   * Servers leave it out: the island reads it from its fallback markup when it mounts.
   */
  serverHtml: optionalFromPhp(z._default(Html, '')),
  /** Classes of the widget's wrapper. */
  className: optionalFromPhp(z._default(z.string(), 'widget woocommerce widget_shopping_cart')),
});
export type MiniCartProps = z.input<typeof MiniCartPropsSchema>;
