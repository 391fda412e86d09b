/**
 * The variable product's add-to-cart form on the single product page (storefront.md §2.5).
 */
import { productUrl, type VariableProduct } from '../fixtures';
import { escapeHtml } from '../html';
import type { PageContext } from '../layout';
import { variationData } from '../variations';
import { quantityInput } from './common';

/** The classic variations form (step 02), preselecting `?attribute_*=` values like WooCommerce. */
export function variationsForm(ctx: PageContext, product: VariableProduct): string {
  const data = product.variations.map((v) => variationData(product, v, ctx.url.origin));
  const rows = product.attributes
    .map((attribute, index) => {
      const field = `attribute_${attribute.name}`;
      const chosen = ctx.url.searchParams.get(field) ?? '';
      const options = attribute.options
        .map(
          (o) =>
            `<option value="${escapeHtml(o.value)}"${o.value === chosen ? ' selected' : ''}>${escapeHtml(o.label)}</option>`,
        )
        .join('');
      const reset =
        index === product.attributes.length - 1
          ? `<a class="reset_variations" href="${productUrl(product)}" aria-label="Clear options">Clear</a>`
          : '';
      return (
        `<tr><th class="label"><label for="${attribute.name}">${escapeHtml(attribute.label)}</label></th><td class="value">` +
        `<select id="${attribute.name}" name="${field}" data-attribute_name="${field}" data-show_option_none="yes">` +
        `<option value="">Choose an option</option>${options}</select>${reset}</td></tr>`
      );
    })
    .join('');
  return (
    `<form class="variations_form cart" action="${productUrl(product)}" method="post" enctype="multipart/form-data"` +
    ` data-product_id="${product.id}" data-product_variations="${escapeHtml(JSON.stringify(data))}">` +
    `<table class="variations" role="presentation"><tbody>${rows}</tbody></table>` +
    '<div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>' +
    '<div class="single_variation_wrap"><div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>' +
    '<div class="woocommerce-variation-add-to-cart variations_button">' +
    quantityInput({
      id: `quantity_${product.id}`,
      name: 'quantity',
      label: `${product.name} quantity`,
      value: 1,
      min: 1,
    }) +
    '<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>' +
    `<input type="hidden" name="add-to-cart" value="${product.id}">` +
    `<input type="hidden" name="product_id" value="${product.id}">` +
    '<input type="hidden" name="variation_id" class="variation_id" value="0">' +
    '</div></div></form>'
  );
}
