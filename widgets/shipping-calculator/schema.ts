import * as z from 'zod/mini';
import { readAddressRules } from '../../src/contract/address';

/**
 * Props of the cart page's shipping calculator island (checkout.md §2 "Cart page", §3, §4): the
 * address rules WooCommerce prints on the cart page as `wc_address_i18n_params` and
 * `wc_country_select_params`. The container holds WooCommerce's own cart totals (`div.cart_totals`,
 * with `form.woocommerce-shipping-calculator` in it), which stay: the island adds the behaviour
 * (defineIsland's `adopt`).
 */
export const ShippingCalculatorPropsSchema = z.object({
  /** WooCommerce's address rules, as printed (`src/contract/address` reads them). */
  address: z
    .object({
      /** `wc_address_i18n_params`: the per-country field rules (`locale`, a JSON string). */
      i18n: z.unknown(),
      /** `wc_country_select_params`: the state lists (`countries`, a JSON string) and the pickers' words. */
      countrySelect: z.unknown(),
    })
    .check(
      z.refine((value) => {
        try {
          readAddressRules(value.i18n, value.countrySelect);
          return true;
        } catch {
          return false;
        }
      }, "must be WooCommerce's wc_address_i18n_params and wc_country_select_params"),
    ),
});
export type ShippingCalculatorProps = z.output<typeof ShippingCalculatorPropsSchema>;
export type ShippingCalculatorPropsInput = z.input<typeof ShippingCalculatorPropsSchema>;
