import * as z from 'zod/mini';
import { AddressParamsSchema } from '../../src/contract/address';

/**
 * Props of the cart page's shipping calculator island (checkout.md §2 "Cart page", §3, §4): the
 * address rules WooCommerce prints on the cart page as `wc_address_i18n_params` and
 * `wc_country_select_params`. The container holds WooCommerce's own cart totals (`div.cart_totals`,
 * with `form.woocommerce-shipping-calculator` in it), which stay: the island adds the behaviour
 * (defineIsland's `adopt`).
 */
export const ShippingCalculatorPropsSchema = z.object({
  /** WooCommerce's address rules, as printed (`src/contract/address` reads them). */
  address: AddressParamsSchema,
});
export type ShippingCalculatorProps = z.output<typeof ShippingCalculatorPropsSchema>;
export type ShippingCalculatorPropsInput = z.input<typeof ShippingCalculatorPropsSchema>;
