/**
 * The classic cart page's own form handler (storefront.md §2.7, checkout.md §2 "Cart page"): the
 * shipping calculator posts to the cart page, and WooCommerce's `WC_Shortcode_Cart::output()`
 * calculates shipping before it prints the page (no wc-ajax endpoint: cart.js posts the form to its
 * `action` and reads the page it gets back).
 */
import * as z from 'zod/mini';
import { postPage, type RequestOptions } from '../transport/client';

const PageSchema = z.string();

/**
 * The shipping calculator's form (`calc_shipping_country`, `_state`, `_city`, `_postcode`, the
 * `woocommerce-shipping-calculator-nonce`) posted to `action` (the cart page), with
 * `calc_shipping=x` as cart.js adds it (the handler checks it; the form's own submit button is not
 * serialised). Resolves with the cart page's HTML, whatever it holds (the caller reads it); rejects
 * with a TransportError when no page came or it was an HTTP error.
 */
export function calculateShipping(
  action: string,
  fields: Iterable<readonly [string, string]>,
  options: RequestOptions = {},
): Promise<string> {
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (name !== 'calc_shipping') body.append(name, value);
  body.append('calc_shipping', 'x');
  return postPage(action, body, { ...options, schema: PageSchema, responseType: 'text' });
}
