import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';
import { HttpUrl } from '../../src/contract/url';

/**
 * Props of the cart drawer (storefront.md §2.8, §4 "Cart drawer"). The server prints one container
 * per page with no fallback markup: without JavaScript the header cart link goes to the cart page.
 */
export const CartDrawerPropsSchema = z.object({
  /** WooCommerce's checkout page (`wc_get_checkout_url()`), for the drawer's 'Checkout' link. */
  checkoutUrl: HttpUrl,
  /** The drawer's title and accessible name (default: 'Cart', translated). */
  title: optionalFromPhp(z.optional(z.string().check(z.minLength(1)))),
  /** The header cart link(s) whose click opens the drawer instead of the cart page. */
  opener: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'a.cart-contents')),
});
export type CartDrawerProps = z.input<typeof CartDrawerPropsSchema>;
