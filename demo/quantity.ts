/**
 * The quantity stepper island (widgets/cart-quantity) around WooCommerce's quantity input: the
 * fallback is the plain number input WooCommerce prints (sample 32), in the stepper's wrapper so the
 * room for its − and + buttons is already there (no shift when they arrive). Pure strings.
 */
import { attrs, escapeHtml } from './html';
import type { IslandCollector } from './islands';

/** The fields of WooCommerce's quantity input. */
export interface QuantityInputOptions {
  id: string;
  name: string;
  /** "{product name} quantity". */
  label: string;
  value: number;
  min: number;
  max?: number;
  step?: number;
}

export interface QuantityFieldOptions extends QuantityInputOptions {
  productName: string;
}

/**
 * WooCommerce's `woocommerce_quantity_input()` markup (`global/quantity-input.php`): the label and
 * the number input in `div.quantity`; `wrapper` is that div's attributes.
 */
export function quantityInputHtml(
  o: QuantityInputOptions,
  wrapper: Record<string, string | undefined> = { class: 'quantity' },
): string {
  return (
    `<div${attrs(wrapper)}>` +
    `<label class="screen-reader-text" for="${escapeHtml(o.id)}">${escapeHtml(o.label)}</label>` +
    '<input type="number"' +
    attrs({
      id: o.id,
      class: 'input-text qty text',
      name: o.name,
      value: o.value,
      min: o.min,
      max: o.max,
      step: o.step ?? 1,
      inputmode: 'numeric',
      autocomplete: 'off',
    }) +
    '></div>'
  );
}

/** The quantity input in the stepper's wrapper. */
export function quantityFallbackHtml(o: QuantityFieldOptions): string {
  return quantityInputHtml(o, { class: 'quantity shop-islands-qty' });
}

/** A quantity field as the cart-quantity island (cart lines, product forms). */
export function cartQuantityIsland(islands: IslandCollector, o: QuantityFieldOptions): string {
  return islands.render(
    'cart-quantity',
    {
      name: o.name,
      id: o.id,
      value: o.value,
      min: o.min,
      max: o.max ?? null,
      step: o.step ?? 1,
      label: o.label,
      productName: o.productName,
    },
    quantityFallbackHtml(o),
    { hydrate: 'idle' },
  );
}
