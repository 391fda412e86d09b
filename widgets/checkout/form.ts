/**
 * The checkout island's work on WooCommerce's own markup (the island adopts it: see
 * `defineIsland`'s `adopt`). Every function here takes the elements it works on; the rules come from
 * `model.ts` and `src/address`. Whatever a function adds to the server's nodes it can take away
 * again (`clearFieldProblem`), so the form works as printed once the island is gone.
 */
import { labelText, rowControl, type Control } from '../../src/address/layout-dom';
import { fieldProblem, type FieldProblem } from '../../src/address/validate';
import { sanitizedFragment } from '../../src/security/html';
import type { KeptNode } from '../../src/payments/fields';

/** Every successful control of the form, in document order, as the browser would post it. */
export function serializeForm(form: HTMLFormElement): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') out.push([name, value]);
  }
  return out;
}

/** What a row asks of its value (WooCommerce's `validate-*` classes). */
function rowCheck(row: Element, control: Control): Parameters<typeof fieldProblem>[1] {
  const required = row.classList.contains('validate-required');
  if (control instanceof HTMLInputElement && control.type === 'checkbox')
    return { required, type: 'checkbox' };
  if (row.classList.contains('validate-email')) return { required, type: 'email' };
  if (row.classList.contains('validate-phone')) return { required, type: 'phone' };
  return { required };
}

/** The row's current problem (§5), null when valid or when the row is hidden or has no control. */
export function rowProblem(row: HTMLElement): FieldProblem | null {
  const control = rowControl(row);
  if (!control || isHidden(row) || control.disabled) return null;
  const value =
    control instanceof HTMLInputElement && control.type === 'checkbox'
      ? control.checked
        ? '1'
        : ''
      : control.value;
  return fieldProblem(value, rowCheck(row, control));
}

/** Hidden by the rules, by `display: none` (the shipping fields, a collapsed box) or by an ancestor. */
export function isHidden(el: HTMLElement): boolean {
  if (el.hidden || el.closest('[hidden]')) return true;
  // Layout is not known in every environment (tests): an inline display:none up the tree counts.
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (node.style.display === 'none') return true;
  }
  return false;
}

/**
 * The message for a problem, in WooCommerce's own words for its server checks ('%s is a required
 * field.', '%s is not a valid email address.', '%s is not a valid phone number.'), with the
 * field's label: the browser-side checks say what the server would.
 */
export function problemMessage(problem: FieldProblem, label: string): string {
  const name = label || 'This field';
  switch (problem) {
    case 'required':
      return `${name} is a required field.`;
    case 'email':
      return `${name} is not a valid email address.`;
    case 'phone':
      return `${name} is not a valid phone number.`;
  }
}

const MESSAGE_CLASS = 'checkout-inline-error-message';

/**
 * Marks a row invalid (WooCommerce's classes `woocommerce-invalid` and `-required-field` /
 * `-email` / `-phone`, the control `aria-invalid`) with the message under the field, which the
 * control names in `aria-describedby`.
 */
export function showFieldProblem(row: HTMLElement, problem: FieldProblem | 'server', message: string): void {
  const control = rowControl(row);
  row.classList.remove('woocommerce-validated');
  row.classList.add('woocommerce-invalid');
  if (problem !== 'server')
    row.classList.add(`woocommerce-invalid-${problem === 'required' ? 'required-field' : problem}`);
  let note = row.querySelector<HTMLElement>(`.${MESSAGE_CLASS}`);
  if (!note) {
    note = document.createElement('p');
    note.className = MESSAGE_CLASS;
    note.id = `${row.id.replace(/_field$/, '') || control?.id || control?.name || 'field'}-description`;
    row.append(note);
  }
  note.textContent = message;
  if (control) {
    control.setAttribute('aria-invalid', 'true');
    const described = new Set((control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
    described.add(note.id);
    control.setAttribute('aria-describedby', [...described].join(' '));
  }
}

/** Clears what {@link showFieldProblem} added; `validated` marks the row valid (§5). */
export function clearFieldProblem(row: HTMLElement, validated: boolean): void {
  row.classList.remove(
    'woocommerce-invalid',
    'woocommerce-invalid-required-field',
    'woocommerce-invalid-email',
    'woocommerce-invalid-phone',
  );
  row.classList.toggle('woocommerce-validated', validated);
  const note = row.querySelector<HTMLElement>(`.${MESSAGE_CLASS}`);
  const control = rowControl(row);
  if (control) {
    control.removeAttribute('aria-invalid');
    if (note) {
      const rest = (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter((id) => id && id !== note.id);
      if (rest.length) control.setAttribute('aria-describedby', rest.join(' '));
      else control.removeAttribute('aria-describedby');
    }
  }
  note?.remove();
}

/** Checks one row and shows or clears its problem; returns whether it is valid. */
export function validateRow(row: HTMLElement): boolean {
  const problem = rowProblem(row);
  if (problem) {
    showFieldProblem(row, problem, problemMessage(problem, labelText(row)));
    return false;
  }
  const control = rowControl(row);
  clearFieldProblem(
    row,
    !!control &&
      !isHidden(row) &&
      (control.value.trim() !== '' || row.classList.contains('validate-required')),
  );
  return true;
}

/** The payment radios of the form, in order. */
export function paymentRadios(root: ParentNode): HTMLInputElement[] {
  return Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"][name="payment_method"]'));
}

/** The chosen payment method's id, '' when none. */
export function chosenPayment(root: ParentNode): string {
  return paymentRadios(root).find((r) => r.checked && !r.disabled)?.value ?? '';
}

/**
 * The payment list as §4 says: methods not offered hidden and unchosen, the chosen one (or the
 * first offered) checked, its box open and the others closed, a single method's radio hidden, the
 * place-order button's text the method's own. Returns the chosen id.
 */
export function arrangePayment(
  root: ParentNode,
  offered: (id: string) => boolean,
  button: HTMLButtonElement | null,
): string {
  const radios = paymentRadios(root);
  const shown: HTMLInputElement[] = [];
  for (const radio of radios) {
    const item = radio.closest<HTMLElement>('li') ?? radio;
    const ok = offered(radio.value);
    item.hidden = !ok;
    radio.disabled = !ok;
    if (!ok) radio.checked = false;
    else shown.push(radio);
  }
  const chosen = shown.find((r) => r.checked) ?? shown[0];
  if (chosen) chosen.checked = true;
  for (const radio of radios) {
    radio.classList.toggle('shop-islands-visually-hidden', shown.length === 1 && radio === chosen);
    const box = (radio.closest('li') ?? root).querySelector<HTMLElement>(
      `.payment_box.payment_method_${CSS.escape(radio.value)}`,
    );
    if (box) box.style.display = radio === chosen ? '' : 'none';
  }
  if (button) {
    const own = chosen?.dataset.order_button_text?.trim() ?? '';
    const text = own || button.dataset.value || button.value || button.textContent || '';
    if (button.textContent !== text) button.textContent = text;
  }
  return chosen?.value ?? '';
}

/** Values typed into the payment boxes and the terms box, to put back after the review re-renders. */
export interface KeptValues {
  terms: boolean | null;
  payment: string;
  fields: Map<string, { value: string; checked: boolean }>;
}

export function keepValues(root: ParentNode): KeptValues {
  const fields = new Map<string, { value: string; checked: boolean }>();
  root
    .querySelectorAll<Control>('.payment_box input, .payment_box select, .payment_box textarea')
    .forEach((el) => {
      const key = el.id || el.name;
      if (!key || (el instanceof HTMLInputElement && el.type === 'hidden')) return;
      fields.set(key, { value: el.value, checked: el instanceof HTMLInputElement && el.checked });
    });
  const terms = root.querySelector<HTMLInputElement>('#terms');
  return { terms: terms ? terms.checked : null, payment: chosenPayment(root), fields };
}

export function restoreValues(root: ParentNode, kept: KeptValues): void {
  const terms = root.querySelector<HTMLInputElement>('#terms');
  if (terms && kept.terms !== null) terms.checked = kept.terms;
  const radio = paymentRadios(root).find((r) => r.value === kept.payment);
  if (radio) radio.checked = true;
  root
    .querySelectorAll<Control>('.payment_box input, .payment_box select, .payment_box textarea')
    .forEach((el) => {
      const was = kept.fields.get(el.id || el.name);
      if (!was) return;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
        el.checked = was.checked;
      else el.value = was.value;
    });
}

/**
 * Replaces regions with the review answer's fragments (§7): each key is a selector, matched only
 * inside `root` (an answer never reaches the rest of the page), each value sanitised HTML. A region
 * holding a kept node is changed around it instead ({@link replaceAround}). Returns how many
 * regions were replaced.
 */
export function replaceFragments(
  root: Element,
  fragments: Readonly<Record<string, string>>,
  keep: readonly KeptNode[] = [],
): number {
  let count = 0;
  for (const [selector, html] of Object.entries(fragments)) {
    let target: Element | null = null;
    try {
      target = root.matches(selector) ? root : root.querySelector(selector);
    } catch {
      continue; // not a selector
    }
    if (!target || target === root) continue;
    const fresh = sanitizedFragment(html);
    const kept = keep.filter((k) => target.contains(k.node));
    const next = fresh.firstElementChild;
    if (kept.length > 0 && next && fresh.childElementCount === 1) {
      for (const k of kept) replaceAround(target, next, k);
    } else {
      target.replaceWith(fresh);
    }
    count += 1;
  }
  return count;
}

/**
 * Makes `old` (in the page) what `next` (not in the page) is, without ever detaching `kept.node`:
 * along the path from `old` down to the kept node's parent, each node takes the new node's
 * attributes and the new siblings around the path; below the path everything is the new markup.
 * When the new markup has no place for the node (no `anchor` at the same depth), the region is
 * replaced and the node moved into the new anchor if there is one (it reloads then) or dropped.
 */
export function replaceAround(old: Element, next: Element, kept: KeptNode): void {
  const path: Element[] = [];
  for (let n: Element | null = kept.node.parentElement; n && n !== old; n = n.parentElement) path.unshift(n);
  if (!kept.node.parentElement?.matches(kept.anchor)) path.length = 0;
  // The new markup's path: the same child positions (by tag and class) down to its anchor.
  const fresh: Element[] = [];
  let cursor: Element = next;
  for (const step of path) {
    const match = Array.from(cursor.children).find(
      (c) => c.tagName === step.tagName && c.className === step.className,
    );
    if (!match) break;
    fresh.push(match);
    cursor = match;
  }
  if (path.length === 0 || fresh.length !== path.length || !cursor.matches(kept.anchor)) {
    const anchor = next.matches(kept.anchor) ? next : next.querySelector(kept.anchor);
    old.replaceWith(next);
    if (anchor) anchor.append(kept.node);
    return;
  }
  const levels: [Element, Element][] = [
    [old, next],
    ...path.map((p, i): [Element, Element] => [p, fresh[i]!]),
  ];
  levels.forEach(([mine, theirs], i) => {
    for (const attr of Array.from(mine.attributes)) {
      if (!theirs.hasAttribute(attr.name)) mine.removeAttribute(attr.name);
    }
    for (const attr of Array.from(theirs.attributes)) {
      if (mine.getAttribute(attr.name) !== attr.value) mine.setAttribute(attr.name, attr.value);
    }
    const keepChild = i + 1 < levels.length ? levels[i + 1]![0] : kept.node;
    const theirChild = i + 1 < levels.length ? levels[i + 1]![1] : null;
    const children = Array.from(theirs.childNodes);
    const at = theirChild ? children.indexOf(theirChild) : children.length;
    for (const child of Array.from(mine.childNodes)) if (child !== keepChild) child.remove();
    keepChild.before(...children.slice(0, at));
    keepChild.after(...children.slice(at + 1));
  });
}

/**
 * WooCommerce prints `<ul class="woocommerce-error" role="alert">`: a list that is no longer a list to
 * assistive technology (its items lose their parent). The alert role moves to a `div` around it.
 * Returns the undo.
 */
export function wrapAlertLists(root: ParentNode): () => void {
  const moved: HTMLElement[] = [];
  root.querySelectorAll<HTMLElement>('ul[role="alert"], ol[role="alert"]').forEach((list) => {
    const alert = document.createElement('div');
    alert.setAttribute('role', 'alert');
    list.removeAttribute('role');
    list.replaceWith(alert);
    alert.append(list);
    moved.push(list);
  });
  return () => {
    for (const list of moved) {
      const alert = list.parentElement;
      list.setAttribute('role', 'alert');
      if (alert?.getAttribute('role') === 'alert') alert.replaceWith(list);
    }
  };
}
