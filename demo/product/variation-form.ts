/**
 * The variable product's add-to-cart form on the single product page (storefront.md §2.5, §4
 * "Variation selection", §7 "Variations"): WooCommerce's classic `form.variations_form` (step 02),
 * posting natively without JavaScript (step 18), inside the variation-form island
 * (widgets/variation-form), which renders the same form: same elements, classes, ids and room.
 */
import { activePrice, productUrl, type VariableProduct } from '../fixtures';
import { attrs, escapeHtml, formatAmount } from '../html';
import type { PageContext } from '../layout';
import type { VariationFormProps } from '../../widgets/variation-form/schema';
import { quantityInputHtml } from '../quantity';
import { findMatchingVariation, variationData, type VariationData } from '../variations';
import { addedToCartMessage } from './common';

/**
 * WooCommerce's `woocommerce_ajax_variation_threshold`: a product with more variations prints
 * `data-product_variations="false"` and its form asks `/?wc-ajax=get_variation` for each combination.
 */
export const AJAX_VARIATION_THRESHOLD = 30;

const BUTTON_LABEL = 'Add to cart';

/** The id of the no-JavaScript variation picker's select (`-{product id}` appended). */
export const VARIATION_PICKER_ID = 'shop-islands-vf-variation';

/** WooCommerce's `quantity_{uniqid}`; one form per product page, so the product id is unique enough. */
export const quantityIdOf = (product: VariableProduct): string => `quantity_${product.id}`;

/** The variations the form embeds, or false above the threshold (WC_Product_Variable::get_available_variations). */
export function productVariations(product: VariableProduct, origin: string): VariationData[] | false {
  if (product.variations.length > AJAX_VARIATION_THRESHOLD) return false;
  return product.variations.map((v) => variationData(product, v, origin));
}

/** The server's preselection: `?attribute_pa_size=uk-2` values that are options of the select. */
export function preselection(product: VariableProduct, url: URL): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const attribute of product.attributes) {
    const field = `attribute_${attribute.name}`;
    const value = url.searchParams.get(field) ?? '';
    if (attribute.options.some((o) => o.value === value)) chosen[field] = value;
  }
  return chosen;
}

/** The props of the island (widgets/variation-form/schema.ts). */
export function variationFormProps(product: VariableProduct, url: URL): VariationFormProps {
  return {
    productId: product.id,
    productName: product.name,
    action: productUrl(product),
    attributes: product.attributes.map((a) => ({ name: a.name, label: a.label, options: a.options })),
    variations: productVariations(product, url.origin),
    selection: preselection(product, url),
    resetUrl: productUrl(product),
    quantityId: quantityIdOf(product),
    soldIndividually: product.soldIndividually,
    buttonLabel: BUTTON_LABEL,
    successMessage: addedToCartMessage(product),
  };
}

/**
 * The picker that makes the fallback work without the island (JavaScript off, or the island
 * failed): WooCommerce adds a variable product only with a `variation_id` (it never matches the
 * posted attributes itself, and its own form fills that field from JavaScript), so one select lists
 * the variations by their options, its value the variation's id; selects for the attributes some
 * variation leaves as "any" follow, since WooCommerce requires their value. Hidden until needed: the
 * island's stylesheet shows it (and hides the attribute table) when the island failed, the
 * `<noscript>` style when scripts are off; the island's own form replaces it.
 */
export function variationPickerHtml(product: VariableProduct, url: URL): string {
  const chosen = findMatchingVariation(product, preselection(product, url));
  const pickerId = `${VARIATION_PICKER_ID}-${product.id}`;
  const options = product.variations
    // An inactive variation cannot be bought (WooCommerce: "Sorry, this product cannot be purchased.").
    .filter((v) => v.active)
    .map((v) => {
      const parts = product.attributes.map((a) => {
        const value = v.attributes[`attribute_${a.name}`] ?? '';
        return value
          ? (a.options.find((o) => o.value === value)?.label ?? value)
          : `Any ${a.label.toLowerCase()}`;
      });
      const inStock = v.stockStatus === 'instock';
      const label = `${parts.join(', ')} – ${inStock ? `€${formatAmount(activePrice(v))}` : 'Out of stock'}`;
      return `<option${attrs({ value: v.id, selected: v === chosen, disabled: !inStock })}>${escapeHtml(label)}</option>`;
    })
    .join('');
  const anyAttributes = product.attributes.filter((a) =>
    product.variations.some((v) => v.active && (v.attributes[`attribute_${a.name}`] ?? '') === ''),
  );
  const anySelects = anyAttributes
    .map((a) => {
      const id = `${pickerId}-${a.name}`;
      return (
        `<p class="form-row"><label for="${escapeHtml(id)}">${escapeHtml(a.label)}</label>` +
        `<select id="${escapeHtml(id)}" name="${escapeHtml(`attribute_${a.name}`)}">` +
        `<option value="">Choose an option</option>` +
        a.options
          .map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`)
          .join('') +
        '</select></p>'
      );
    })
    .join('');
  const label = product.attributes.map((a) => a.label).join(', ');
  return (
    `<div class="shop-islands-vf__picker" hidden>` +
    `<p class="form-row"><label for="${pickerId}">${escapeHtml(label)}</label>` +
    `<select id="${pickerId}" name="variation_id"><option value="">Choose an option</option>${options}</select></p>` +
    anySelects +
    '</div>' +
    // Scripts off: the picker instead of the attribute table (whose selects post nothing).
    `<noscript><style>[data-island="variation-form"] .shop-islands-vf__picker[hidden]{display:block}` +
    '[data-island="variation-form"] table.variations{display:none}</style></noscript>'
  );
}

/**
 * The form as the island renders it before its first check (WooCommerce's template, with the
 * island's classes for the panel and the quantity's − and + room), so mounting shifts nothing. The
 * attribute selects have no `name`: posted without a `variation_id` they would only be refused by
 * WooCommerce, and posted beside the picker's choice they could contradict it ("Invalid value
 * posted for Size"); the island's own selects are named. The picker (above) posts the
 * `variation_id`, the island's form its hidden `variation_id` field. The reset link goes back to the
 * product without preselection, which clears the selects without JavaScript.
 */
export function variationsFormHtml(product: VariableProduct, url: URL): string {
  const selection = preselection(product, url);
  const resetUrl = productUrl(product);
  const rows = product.attributes
    .map((attribute, index) => {
      const field = `attribute_${attribute.name}`;
      const chosen = selection[field] ?? '';
      const options = attribute.options
        .map(
          (o) =>
            `<option value="${escapeHtml(o.value)}"${o.value === chosen ? ' selected' : ''}>${escapeHtml(o.label)}</option>`,
        )
        .join('');
      const reset =
        index === product.attributes.length - 1
          ? `<a class="reset_variations" href="${escapeHtml(resetUrl)}" aria-label="Clear options">Clear</a>`
          : '';
      return (
        `<tr${chosen ? ' class="is-selected"' : ''}><th class="label"><label for="${escapeHtml(attribute.name)}">${escapeHtml(attribute.label)}</label></th><td class="value">` +
        `<select id="${escapeHtml(attribute.name)}" data-attribute_name="${escapeHtml(field)}" data-show_option_none="yes">` +
        `<option value="">Choose an option</option>${options}</select>${reset}</td></tr>`
      );
    })
    .join('');
  return (
    `<form class="variations_form cart"${attrs({
      action: productUrl(product),
      method: 'post',
      enctype: 'multipart/form-data',
      'data-product_id': product.id,
      'data-product_variations': JSON.stringify(productVariations(product, url.origin)),
    })}>` +
    `<table class="variations" role="presentation"><tbody>${rows}</tbody></table>` +
    variationPickerHtml(product, url) +
    '<div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>' +
    '<div class="single_variation_wrap">' +
    '<div class="woocommerce-variation single_variation shop-islands-vf__panel" role="alert" aria-relevant="additions">' +
    '<div class="shop-islands-vf__panel-inner"></div></div>' +
    '<div class="woocommerce-variation-add-to-cart variations_button">' +
    quantityInputHtml(
      {
        id: quantityIdOf(product),
        name: 'quantity',
        label: `${product.name} quantity`,
        value: 1,
        min: 1,
        max: product.soldIndividually ? 1 : undefined,
      },
      { class: 'quantity', style: product.soldIndividually ? 'display:none' : undefined },
    ) +
    `<button type="submit" class="single_add_to_cart_button button alt">${BUTTON_LABEL}</button>` +
    `<input type="hidden" name="add-to-cart" value="${product.id}">` +
    `<input type="hidden" name="product_id" value="${product.id}">` +
    '</div></div></form>'
  );
}

/** The form in its island, preselecting `?attribute_*=` values like WooCommerce. */
export function variationsForm(ctx: PageContext, product: VariableProduct): string {
  return ctx.islands.render(
    'variation-form',
    variationFormProps(product, ctx.url),
    variationsFormHtml(product, ctx.url),
    { hydrate: 'idle' },
  );
}
