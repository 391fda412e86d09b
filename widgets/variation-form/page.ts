/**
 * The product data outside the form that the chosen variation changes (storefront.md §4 "Variation
 * selection": SKU, weight, dimensions), exactly as WooCommerce's add-to-cart-variation.js does it:
 * the elements are found in the form's `.product`, the original text is kept in `data-o_content`
 * the first time it is replaced (`wc_set_content`) and put back on reset (`wc_reset_content`).
 * Only text is written, never markup; the nodes themselves stay (the tabs island relies on it).
 * The image is the gallery's: it follows `found_variation` / `reset_image`.
 */
import type { Variation } from '../../src/contract/variation';

const SKU = '.product_meta .sku';
const WEIGHT =
  '.product_weight, .woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value';
const DIMENSIONS =
  '.product_dimensions, .woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value';
const ORIGINAL = 'data-o_content';

const within = (form: Element, selector: string): Element[] =>
  Array.from((form.closest('.product') ?? form.ownerDocument).querySelectorAll(selector));

function setContent(elements: Element[], text: string): void {
  for (const el of elements) {
    if (!el.hasAttribute(ORIGINAL)) el.setAttribute(ORIGINAL, el.textContent ?? '');
    el.textContent = text;
  }
}

function resetContent(elements: Element[]): void {
  for (const el of elements) {
    const original = el.getAttribute(ORIGINAL);
    if (original !== null) el.textContent = original;
  }
}

/** `dimensions_html` is HTML text (`10 &times; 5 cm`): its entities decoded, as WooCommerce does. */
function decodeHtmlText(html: string, doc: Document): string {
  const template = doc.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
}

/** WooCommerce's `onFoundVariation`: the variation's SKU, weight and dimensions, or the product's own. */
export function showVariationData(form: Element, variation: Variation): void {
  const sku = within(form, SKU);
  if (variation.sku) setContent(sku, variation.sku);
  else resetContent(sku);
  const weight = within(form, WEIGHT);
  if (variation.weight) setContent(weight, decodeHtmlText(variation.weight_html, form.ownerDocument));
  else resetContent(weight);
  const dimensions = within(form, DIMENSIONS);
  // `variation.dimensions` is an object (always truthy when printed): WooCommerce then shows
  // dimensions_html, 'N/A' included. A variation without it keeps the product's own.
  if (variation['dimensions'] && variation.dimensions_html) {
    setContent(dimensions, decodeHtmlText(variation.dimensions_html, form.ownerDocument));
  } else resetContent(dimensions);
}

/** WooCommerce's `onResetDisplayedVariation`: the product's own SKU, weight and dimensions. */
export function resetVariationData(form: Element): void {
  resetContent(within(form, SKU));
  resetContent(within(form, WEIGHT));
  resetContent(within(form, DIMENSIONS));
}
