import * as z from 'zod/mini';
import { HttpUrl } from '../../src/contract/url';
import { isPageUrl, UNUSABLE_ACTION_PROBLEM } from '../../src/contract/link';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';
import { VariationSchema } from '../../src/contract/variation';

/**
 * Props of the variation form (storefront.md §2.5, §3 "Product", "Variation", §4 "Variation
 * selection", §7 "Variations"). The container holds WooCommerce's own `form.variations_form`, which
 * posts natively without JavaScript (sample 18); the island renders the same form.
 */
const AttributeSchema = z.object({
  /**
   * The attribute's sanitized name: `pa_size` (global) or `colour` (local). The select's id is this
   * name and its field `attribute_{name}`, as WooCommerce prints them (sample 02).
   */
  name: z.string().check(z.regex(/^[^\s"'<>&]+$/, 'a sanitized attribute name')),
  label: z.string().check(z.minLength(1)),
  /** In the select's order, without the 'Choose an option' placeholder. */
  options: z.array(z.object({ value: z.string().check(z.minLength(1)), label: z.string() })),
});
export type AttributeProps = z.infer<typeof AttributeSchema>;

export const VariationFormPropsSchema = z.object({
  /** The variable product (`data-product_id`, the posted `add-to-cart` and `product_id`). */
  productId: fromPhp(z.int().check(z.positive())),
  /** The product's name, for the quantity field's label (WooCommerce: "{name} quantity"). */
  productName: z.string().check(z.minLength(1)),
  /** Where the form posts: the product's permalink. Required: without it nothing can be added. */
  action: z.string().check(z.refine(isPageUrl, UNUSABLE_ACTION_PROBLEM)),
  /** The attributes' selects, in order. */
  attributes: z.array(AttributeSchema).check(z.minLength(1)),
  /**
   * `data-product_variations`: every variation, or `false` when the product has more than
   * `woocommerce_ajax_variation_threshold` (30) variations and each combination is asked from
   * `/?wc-ajax=get_variation`.
   */
  variations: z.union([z.array(VariationSchema), z.literal(false)]),
  /** `data-custom_data`: sent with get_variation when present (a plugin's extra form data). */
  customData: optionalFromPhp(
    z.optional(z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])),
  ),
  /** The server's preselection (`?attribute_pa_size=uk-2`, or the product's default attributes). */
  selection: optionalFromPhp(z._default(z.record(z.string(), z.string()), {})),
  /** The reset link's href without JavaScript: the product page without preselection. */
  resetUrl: optionalFromPhp(z._default(HttpUrl, '#')),
  /** The quantity input's id (WooCommerce: `quantity_{uniqid}`). */
  quantityId: z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
  /**
   * The product is sold individually: WooCommerce prints its quantity hidden (min = max = 1) before
   * any variation is chosen; a chosen variation's `is_sold_individually` decides afterwards.
   */
  soldIndividually: optionalFromPhp(z._default(z.boolean(), false)),
  /** The add-to-cart button's text. */
  buttonLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Add to cart')),
  /** Announced to screen readers 1 s after an add, like the add-to-cart button's `data-success_message`. */
  successMessage: optionalFromPhp(z._default(z.string(), '')),
  /** Milliseconds before a get_variation request counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type VariationFormProps = z.input<typeof VariationFormPropsSchema>;
