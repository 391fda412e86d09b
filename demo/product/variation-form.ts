/**
 * The variable product's add-to-cart form on the single product page (storefront.md §2.5, §4
 * "Variation selection", §7 "Variations"): WooCommerce's classic `form.variations_form` (step 02),
 * posting natively without JavaScript (step 18), inside the variation-form island
 * (widgets/variation-form), which renders the same form: same elements, classes, ids and room.
 */
import { productUrl, type VariableProduct } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import type { PageContext } from '../layout';
import type { VariationFormProps } from '../../widgets/variation-form/schema';
import { quantityInputHtml } from '../quantity';
import { variationData, type VariationData } from '../variations';
import { addedToCartMessage } from './common';

/**
 * WooCommerce's `woocommerce_ajax_variation_threshold`: a product with more variations prints
 * `data-product_variations="false"` and its form asks `/?wc-ajax=get_variation` for each combination.
 */
export const AJAX_VARIATION_THRESHOLD = 30;

const BUTTON_LABEL = 'Add to cart';

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
 * The form as the island renders it before its first check (WooCommerce's template, with the
 * island's classes for the panel and the quantity's − and + room). The reset link goes back to the
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
        `<select id="${escapeHtml(attribute.name)}" name="${escapeHtml(field)}" data-attribute_name="${escapeHtml(field)}" data-show_option_none="yes">` +
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
    '<input type="hidden" name="variation_id" class="variation_id" value="0">' +
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
