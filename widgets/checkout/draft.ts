/**
 * What the shopper typed survives a reload, a failed order and a visit to another page in the same
 * tab (issue #13: "nothing typed lost"): the checkout's own fields are kept in sessionStorage while
 * they change and put back into the fields the server printed empty. Never kept: passwords, hidden
 * inputs (nonces, order attribution), the payment boxes (card data is the provider's), the terms.
 * Storage is hostile: only a map of short strings for fields that exist is used.
 */
import type { Control } from '../../src/address/layout-dom';

const KEY = 'shop-islands:checkout-draft';
const MAX_VALUE = 2000;
const MAX_FIELDS = 100;

/** Whether a control's value may be kept. */
export function keepable(el: Control): boolean {
  if (!el.name || el.disabled) return false;
  if (el instanceof HTMLInputElement) {
    // A searchable picker posts its choice by a hidden input: that one is the shopper's.
    const picker =
      el.type === 'hidden' && !!el.parentElement?.classList.contains('shop-islands-search-select');
    if (!picker && ['password', 'hidden', 'file', 'submit', 'button'].includes(el.type)) return false;
  }
  if (el.closest('.payment_box, .woocommerce-terms-and-conditions-wrapper, .place-order')) return false;
  if (el.name.startsWith('wc_order_attribution_') || el.name === 'payment_method') return false;
  return true;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked
  }
}

export function readDraft(): Record<string, string> {
  let raw: unknown;
  try {
    raw = JSON.parse(session()?.getItem(KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw).slice(0, MAX_FIELDS)) {
    if (typeof value === 'string' && value.length <= MAX_VALUE && /^[\w[\]-]{1,100}$/.test(name))
      out[name] = value;
  }
  return out;
}

/** Saves the form's keepable fields (text values; checkboxes as '1' or ''). */
export function saveDraft(form: HTMLFormElement): void {
  const out: Record<string, string> = {};
  for (const el of Array.from(form.elements)) {
    if (!(
      el instanceof HTMLInputElement ||
      el instanceof HTMLSelectElement ||
      el instanceof HTMLTextAreaElement
    ))
      continue;
    if (!keepable(el)) continue;
    if (el instanceof HTMLInputElement && el.type === 'radio') continue;
    const value =
      el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value;
    if (value.length <= MAX_VALUE) out[el.name] = value;
  }
  try {
    session()?.setItem(KEY, JSON.stringify(out));
  } catch {
    // Full or blocked: the fields still hold the values.
  }
}

export function clearDraft(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // blocked
  }
}

/**
 * Puts the draft back into the text fields the server left empty (a value the server printed, from
 * the shopper's account or session, wins) and into the selects. Returns the names filled.
 * Checkboxes are ticked only.
 */
export function restoreDraft(form: HTMLFormElement, draft: Readonly<Record<string, string>>): string[] {
  const filled: string[] = [];
  for (const [name, value] of Object.entries(draft)) {
    if (value === '') continue;
    const el = form.elements.namedItem(name);
    if (!(
      el instanceof HTMLInputElement ||
      el instanceof HTMLSelectElement ||
      el instanceof HTMLTextAreaElement
    ))
      continue;
    if (!keepable(el)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (!el.checked && value === '1') {
        el.checked = true;
        filled.push(name);
      }
      continue;
    }
    if (el instanceof HTMLSelectElement) {
      // A select always holds something (the store's country): the shopper's last choice wins,
      // as the draft is never older than what the session learnt from this tab.
      if (el.value === value || !Array.from(el.options).some((o) => o.value === value)) continue;
    } else if (el.value !== '') continue;
    el.value = value;
    filled.push(name);
  }
  return filled;
}
