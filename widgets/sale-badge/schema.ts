import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the sale badge (storefront.md §2.5, §3 "Sale badge data", §4 "Variation selection", §7):
 * printed around WooCommerce's `<span class="onsale">Sale!</span>` on a variable product on sale.
 */
export const SaleBadgePropsSchema = z.object({
  /** The variable product, sent as `product_id` to `shoptimizer_get_sale_prices`. */
  productId: fromPhp(z.int().check(z.positive())),
  /** The server's badge text: shown until a variation with a percent is chosen, and after a reset. */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Sale!')),
  /** Milliseconds before the percents request counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type SaleBadgeProps = z.input<typeof SaleBadgePropsSchema>;
