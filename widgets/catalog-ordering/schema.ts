import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the catalogue ordering form (storefront.md §2.3): WooCommerce's `form.woocommerce-ordering`
 * (`woocommerce_catalog_ordering()`, template loop/orderby.php) above a product listing. The
 * container holds the same form working without JavaScript: a GET form to the current page with the
 * `orderby` select, the other query arguments as hidden fields and a Sort button.
 */
export const CatalogOrderingPropsSchema = z.object({
  /**
   * The orderings as `[value, label]` pairs, in their order: WooCommerce's `$catalog_orderby_options`
   * after its `woocommerce_catalog_orderby` filter (PHP: `array_map( null, array_keys( $options ),
   * $options )`). A value repeated is listed once (its first label).
   */
  options: fromPhp(
    z
      .array(z.tuple([z.string().check(z.minLength(1)), z.string().check(z.minLength(1))]))
      .check(z.minLength(1)),
  ),
  /** The ordering the page shows (`orderby`); one that is not among `options` means the first option, as WooCommerce does. */
  selected: optionalFromPhp(z._default(z.string(), '')),
  /** The select's accessible name (WooCommerce's `aria-label`). */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Shop order')),
  /** The Sort button's text (with the island: hidden until focused, there for assistive technology). */
  submitLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Sort')),
  /**
   * The other query arguments, as WooCommerce's form keeps them (`wc_query_string_form_fields()`:
   * nested arrays flattened to `name[key]`): every current one but `orderby`, `submit`, `paged` and
   * `product-page`. The form always sends `paged=1` first (the listing restarts at page 1); names that
   * are not query argument names (letters, digits, `_ . ~ -`, then `[key]` parts), and
   * `add-to-cart` (it would add the product again with each sort), are left out.
   */
  hiddenFields: optionalFromPhp(z._default(z.record(z.string(), z.string()), {})),
});
export type CatalogOrderingProps = z.input<typeof CatalogOrderingPropsSchema>;
