import type { Locator } from './locate';
import type { MountContext } from './types';

type Locate = MountContext['locate'];

/**
 * Nothing typed is lost when an island replaces its fallback: values the shopper changed in the
 * fallback's fields, and the focus (with the caret), are carried over to the mounted markup.
 */
interface FieldState {
  at: Locator;
  value?: string;
  checked?: boolean;
}
export interface FormState {
  fields: FieldState[];
  focus: Locator | null;
  selection: [number, number] | null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const changed = (el: Field): Partial<FieldState> | null => {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    return el.checked !== el.defaultChecked ? { checked: el.checked } : null;
  }
  if (el instanceof HTMLSelectElement) {
    const initial = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
    return el.value !== (initial?.value ?? '') ? { value: el.value } : null;
  }
  return el.value !== el.defaultValue ? { value: el.value } : null;
};

export function snapshotFormState(container: HTMLElement, { locatorOf }: Locate): FormState {
  const fields: FieldState[] = [];
  container.querySelectorAll<Field>('input,textarea,select').forEach((el) => {
    const state = changed(el);
    const at = state && locatorOf(el, container);
    if (at) fields.push({ at, ...state });
  });
  const active = document.activeElement;
  const focus = active && container.contains(active) ? locatorOf(active, container) : null;
  let selection: [number, number] | null = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    try {
      selection = [active.selectionStart ?? 0, active.selectionEnd ?? 0];
    } catch {
      // Inputs such as type=email have no selection API.
    }
  }
  return { fields, focus, selection };
}

/** Sets a value the way typing would, so React's onChange sees it in controlled inputs too. */
function typeValue(el: HTMLElement, value: string): void {
  // The prototype's setter, not the instance's: React tracks values through the instance.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export function restoreFormState(container: HTMLElement, state: FormState, { resolve }: Locate): void {
  for (const field of state.fields) {
    const el = resolve(field.at, container);
    if (!el) continue;
    if (field.checked !== undefined) {
      // A click toggles it exactly as the shopper did, firing the island's own handlers.
      if ((el as HTMLInputElement).checked !== field.checked) el.click();
    } else if (field.value !== undefined && (el as HTMLInputElement).value !== field.value) {
      typeValue(el, field.value);
    }
  }
  const target = state.focus && resolve(state.focus, container);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (state.selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    try {
      target.setSelectionRange(...state.selection);
    } catch {
      // No selection API for this input type.
    }
  }
}
