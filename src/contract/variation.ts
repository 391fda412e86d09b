import * as z from 'zod/mini';

/**
 * A product variation as WooCommerce prints it (`WC_Product_Variable::get_available_variation()`):
 * in the variations form's `data-product_variations` and as the `/?wc-ajax=get_variation` answer
 * (samples 13-15, params/product-variable.data-product_variations.json; storefront.md §3 "Variation").
 *
 * Loose objects: plugins add keys through `woocommerce_available_variation`, and they must reach the
 * listeners of `found_variation` unchanged.
 */

/** PHP prints `min_qty` / `max_qty` as a number, or '' when there is no limit. */
const QuantityLimitSchema = z.union([z.number(), z.literal(''), z.null()]);

/**
 * The variation's image (`wc_get_product_attachment_props()`). A variation without its own image
 * (sample 13) prints empty strings and `srcset: false`, `sizes: false`.
 */
export const VariationImageSchema = z.looseObject({
  title: z._default(z.string(), ''),
  caption: z._default(z.string(), ''),
  url: z._default(z.string(), ''),
  alt: z._default(z.string(), ''),
  src: z._default(z.string(), ''),
  srcset: z._default(z.union([z.string(), z.literal(false)]), false),
  sizes: z._default(z.union([z.string(), z.literal(false)]), false),
  full_src: z.optional(z.string()),
  full_src_w: z.optional(z.union([z.number(), z.string()])),
  full_src_h: z.optional(z.union([z.number(), z.string()])),
  gallery_thumbnail_src: z.optional(z.string()),
  src_w: z.optional(z.union([z.number(), z.string()])),
  src_h: z.optional(z.union([z.number(), z.string()])),
});
export type VariationImage = z.infer<typeof VariationImageSchema>;

export const VariationSchema = z.looseObject({
  /** `attribute_pa_size` → `uk-2`; an empty value means "any". */
  attributes: z.record(z.string(), z.string()),
  availability_html: z._default(z.string(), ''),
  dimensions_html: z._default(z.string(), ''),
  display_price: z.optional(z.number()),
  display_regular_price: z.optional(z.number()),
  image: z._default(VariationImageSchema, {
    title: '',
    caption: '',
    url: '',
    alt: '',
    src: '',
    srcset: false,
    sizes: false,
  }),
  image_id: z._default(z.union([z.number(), z.string()]), 0),
  is_in_stock: z.boolean(),
  is_purchasable: z.boolean(),
  is_sold_individually: z._default(z.enum(['yes', 'no']), 'no'),
  max_qty: z._default(QuantityLimitSchema, ''),
  min_qty: z._default(QuantityLimitSchema, 1),
  price_html: z._default(z.string(), ''),
  sku: z._default(z.string(), ''),
  variation_description: z._default(z.string(), ''),
  variation_id: z.number(),
  variation_is_active: z._default(z.boolean(), true),
  variation_is_visible: z._default(z.boolean(), true),
  weight: z._default(z.string(), ''),
  weight_html: z._default(z.string(), ''),
});
export type Variation = z.infer<typeof VariationSchema>;

/**
 * `/?wc-ajax=get_variation`: the matching variation, or `false` when nothing matches (sample 16).
 * An empty body (WooCommerce's `wp_die()` for an unknown product) also means no match: it is no JSON,
 * so the transport reports a `schema` error with an empty body, which the variation form reads as
 * no match.
 */
export const GetVariationResponseSchema = z.union([VariationSchema, z.literal(false)]);
export type GetVariationResponse = z.infer<typeof GetVariationResponseSchema>;

/**
 * `admin-ajax.php?action=shoptimizer_get_sale_prices` (storefront.md §7): `percents`, a map from
 * variation id to the badge label. The label is Shoptimizer's, e.g. "-25%". PHP prints an empty map
 * as `[]`, which is accepted as no labels.
 */
export const SalePricesResponseSchema = z.object({
  percents: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]),
});
export type SalePricesResponse = z.infer<typeof SalePricesResponseSchema>;
