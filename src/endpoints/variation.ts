/** WooCommerce's variation lookup (storefront.md §3 "Variation", §4 "Variation selection", §7). */
import { GetVariationResponseSchema, type GetVariationResponse } from '../contract/variation';
import { wcAjax, type RequestOptions } from '../transport/client';

export interface VariationQuery {
  productId: number;
  /** The selection as form fields: `attribute_pa_size` → `m` (every attribute of the form). */
  attributes: Readonly<Record<string, string>>;
  /** A plugin's extra form data (`data-custom_data`), as jQuery posts it: `custom_data[key]` → value. */
  customData?: Readonly<Record<string, string>>;
}

/**
 * POST `/?wc-ajax=get_variation` with the attribute fields, `product_id` and any custom data, in
 * that order (as add-to-cart-variation.js). The matching variation, or `false` when none matches.
 * An empty body (WooCommerce's `wp_die()` for an unknown product) is a TransportError of kind
 * 'schema' with `details.body` '', which the form reads as no match too.
 */
export function getVariation(
  { productId, attributes, customData }: VariationQuery,
  options: RequestOptions = {},
): Promise<GetVariationResponse> {
  return wcAjax(
    'get_variation',
    { ...attributes, product_id: productId, ...customData },
    { ...options, schema: GetVariationResponseSchema },
  );
}
