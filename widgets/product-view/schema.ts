import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the product-view analytics event (storefront.md §3 "Analytics product-view event"): the
 * product's id, name, category, price and type. The store's currency and whether the shopper is a
 * guest come from the page's settings block.
 */
export const ProductViewPropsSchema = z.object({
  /** The product's id. */
  productId: fromPhp(z.int().check(z.positive())),
  /** The product's name. */
  name: z.string().check(z.minLength(1)),
  /** The product's category names, ', '-separated ('' when it has none). */
  category: optionalFromPhp(z._default(z.string(), '')),
  /** WooCommerce's `get_price()`: the current price (a variable product's lowest), a finite number ≥ 0. */
  price: fromPhp(z.number().check(z.gte(0))),
  /** WooCommerce's product type: simple, variable, grouped, external… */
  type: z.string().check(z.regex(/^[a-z][a-z0-9_-]*$/, 'a product type such as "simple"')),
});
export type ProductViewProps = z.input<typeof ProductViewPropsSchema>;
