/**
 * Shoptimizer's `shoptimizer_get_sale_prices` admin-ajax action in the demo store (storefront.md §3
 * "Sale badge data", §7 "Variations"): the sale badge's percent label of each variation of a
 * variable product that is on sale. Pure functions over the fixtures; no `node:` imports.
 *
 * The label format is Shoptimizer's: `'-' . round( ( regular - sale ) / regular * 100 ) . '%'`, an
 * ASCII hyphen-minus, the whole percent, no space: 29.99 instead of 39.99 → "-25%". Only variations
 * whose sale price is below their regular price get a label (a percent that rounds to 0 gets none),
 * and only active ones (WooCommerce's `get_variation_prices()` leaves the others out).
 */
import { findProduct, type VariationFixture } from './fixtures';

export const SALE_PRICES_ACTION = 'shoptimizer_get_sale_prices';

/** The whole percent saved, as Shoptimizer rounds it (PHP's `round()`: half away from zero). */
export function percentOff(regularPrice: number, salePrice: number): number {
  if (!(regularPrice > 0) || !(salePrice < regularPrice)) return 0;
  return Math.round(((regularPrice - salePrice) / regularPrice) * 100);
}

/** The badge label of a percent: "-25%". */
export const percentLabel = (percent: number): string => `-${percent}%`;

/** A variation's label, or null when it is not on sale (or its saving rounds to 0 %). */
export function variationPercentLabel(variation: VariationFixture): string | null {
  if (!variation.active || variation.salePrice === null) return null;
  const percent = percentOff(variation.regularPrice, variation.salePrice);
  return percent > 0 ? percentLabel(percent) : null;
}

/**
 * The answer to `product_id`: `{ percents: { [variationId]: label } }`. PHP prints an empty map as a
 * list, so a product with no sale variation, a simple product, an unknown product and a missing or
 * non-numeric `product_id` (read as `(int) 0`, which is no product) all answer `{ percents: [] }`,
 * HTTP 200: the action is registered for guests too (`wp_ajax_nopriv_`), so admin-ajax never answers
 * its "0" / 400 for it.
 */
export function salePricesResponse(fields: URLSearchParams): { percents: Record<string, string> | [] } {
  const id = Number.parseInt(fields.get('product_id') ?? '', 10);
  const product = Number.isNaN(id) ? undefined : findProduct(id);
  if (!product || product.type !== 'variable') return { percents: [] };
  const percents: Record<string, string> = {};
  for (const variation of product.variations) {
    const label = variationPercentLabel(variation);
    if (label) percents[String(variation.id)] = label;
  }
  return Object.keys(percents).length > 0 ? { percents } : { percents: [] };
}
