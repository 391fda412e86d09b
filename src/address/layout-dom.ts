/**
 * An address's rows in the server's markup, laid out for a country (checkout.md §3 "Per-country
 * field overrides", §4 "Address form"): WooCommerce's rows `#{prefix}_{key}_field` (prefix
 * `billing`, `shipping` or `calc_shipping`), their labels, markers, classes and order. Used by the
 * checkout island and the cart's shipping calculator through `AddressFields`; the rules themselves
 * come from `rules.ts`. Every function takes the elements it works on.
 */
import type { FieldLayout } from './rules';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: Element | null): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** A field's row (`#billing_city_field`), inside `root` only. */
export function fieldRow(root: ParentNode, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`#${CSS.escape(id)}_field`);
}

/** The row's control: the one named like the row, else its first field. */
export function rowControl(row: Element): Control | null {
  const id = row.id.replace(/_field$/, '');
  // WooCommerce's terms row has no id: its first field is its control.
  const own = id ? row.querySelector(`#${CSS.escape(id)}`) : null;
  if (isControl(own)) return own;
  const first = row.querySelector('input:not([type="hidden"]),select,textarea');
  return isControl(first) ? first : null;
}

/** The label's words without the '*' or '(optional)' marker ('Town / City'). */
export function labelText(row: Element): string {
  const label = row.querySelector('label');
  if (!label) return '';
  let text = '';
  for (const node of label.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && !node.matches('.required,.optional,abbr'))
      text += node.textContent ?? '';
  }
  return text.replace(/\u00a0/g, ' ').trim();
}

/**
 * WooCommerce's label: the words, a no-break space and the marker: `<span class="required"
 * aria-hidden="true">*</span>` (a required field is also `aria-required` on its control) or
 * `<span class="optional">(optional)</span>`.
 */
export function setLabel(row: Element, text: string, required: boolean, optionalText: string): void {
  const label = row.querySelector('label');
  if (!label) return;
  const marker = document.createElement('span');
  if (required) {
    marker.className = 'required';
    marker.setAttribute('aria-hidden', 'true');
    marker.textContent = '*';
  } else {
    marker.className = 'optional';
    marker.textContent = `(${optionalText})`;
  }
  label.replaceChildren(`${text}\u00a0`, marker);
  label.className = required ? 'required_field' : '';
}

/** The layout classes a rule may set (the rest of the row's classes stay). */
const LAYOUT_CLASSES = ['form-row-first', 'form-row-last', 'form-row-wide'];

/**
 * One address's rows laid out for its country (§4 "Address form"): labels and markers, required
 * (`validate-required`, `aria-required`), hidden rows (their values cleared: the caller passes the
 * values already cleared), layout classes, `data-priority`, and the rows' order. `prefix` is
 * `billing`, `shipping` or `calc_shipping`.
 */
export function applyLayout(
  root: ParentNode,
  prefix: string,
  layout: readonly FieldLayout[],
  sorted: readonly FieldLayout[],
  optionalText: string,
): void {
  for (const field of layout) {
    const row = fieldRow(root, `${prefix}_${field.key}`);
    if (!row) continue;
    const control = rowControl(row);
    if (field.key !== 'state' && field.key !== 'country') {
      setLabel(row, field.label || labelText(row), field.required, optionalText);
      row.classList.toggle('validate-required', field.required);
      if (control) {
        if (field.required) control.setAttribute('aria-required', 'true');
        else control.removeAttribute('aria-required');
        if (field.placeholder !== undefined && !(control instanceof HTMLSelectElement)) {
          control.placeholder = field.placeholder;
        }
      }
      row.hidden = field.hidden;
      if (field.hidden && control && control.value !== '') control.value = '';
    }
    if (field.className) {
      const own = field.className.filter((c) => LAYOUT_CLASSES.includes(c));
      if (own.length > 0) {
        row.classList.remove(...LAYOUT_CLASSES);
        row.classList.add(...own);
      }
    }
    if (field.priority !== undefined) row.dataset.priority = String(field.priority);
  }
  // The rows in their order: each moved after the one before it, so rows of other plugins stay put.
  let previous: HTMLElement | null = null;
  for (const field of sorted) {
    const row = fieldRow(root, `${prefix}_${field.key}`);
    if (!row) continue;
    if (previous && previous.parentElement === row.parentElement && previous.nextElementSibling !== row) {
      previous.after(row);
    }
    previous = row;
  }
}
