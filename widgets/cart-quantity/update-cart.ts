import { useCallback, useLayoutEffect, type RefObject } from 'react';
import { guardSubmissions } from '../../src/ui/submitOnce';

/**
 * WooCommerce's cart page behaviour (cart.js, storefront.md §2.7): the server prints the
 * `update_cart` button enabled (so the form works without JavaScript), the script disables it, and
 * any quantity change enables it again. Here the first stepper island of a form disables it, and an
 * edit of any cart line's field (a stepper button, typing, the browser's own spin buttons) enables
 * it for good. When the last island of the form unmounts, the server's enabled button comes back.
 *
 * The form still posts natively, once (issue #11): while the answer loads, another 'Update cart'
 * (a double click, Enter twice in a quantity, 'Apply coupon') sends nothing, and the form is
 * `processing` (aria-busy, under WooCommerce's white overlay at 0.6, storefront.md §9) until the
 * page is left, or shown again (src/ui/submitOnce.ts).
 */

const CHANGED_ATTRIBUTE = 'data-shop-islands-cart-changed';
const mountedIn = new WeakMap<HTMLFormElement, number>();
/** The cart forms held while their answer loads, from the first stepper's mount to the last's unmount. */
const guarded = new WeakMap<HTMLFormElement, () => void>();

type UpdateButton = HTMLButtonElement | HTMLInputElement;

/** The `update_cart` submit button of the input's form (button or input), if it has one. */
export function findUpdateCartButton(form: HTMLFormElement | null): UpdateButton | null {
  return (
    form?.querySelector<UpdateButton>(
      'button[name="update_cart"], input[type="submit"][name="update_cart"]',
    ) ?? null
  );
}

function setEnabled(button: UpdateButton, enabled: boolean): void {
  button.disabled = !enabled;
  if (enabled) button.removeAttribute('aria-disabled');
  else button.setAttribute('aria-disabled', 'true');
}

/** Whether an edit of `target` counts as a change of the cart (WooCommerce: `.cart_item :input`). */
function isCartField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('.cart_item')) return true;
  return target instanceof HTMLInputElement && target.name.startsWith('cart[');
}

/** WooCommerce's blocked form (`processing`, as its `block()` marks it), and aria-busy. */
function showBusy(form: HTMLFormElement, busy: boolean): void {
  form.classList.toggle('processing', busy);
  if (busy) form.setAttribute('aria-busy', 'true');
  else form.removeAttribute('aria-busy');
}

function markChanged(form: HTMLFormElement): void {
  form.setAttribute(CHANGED_ATTRIBUTE, '');
  const button = findUpdateCartButton(form);
  if (button) setEnabled(button, true);
}

/**
 * Disables the input's form's `update_cart` button while no cart line has changed. Returns the
 * function to call when the stepper itself changes the value (React sets it without an input event).
 * A form without `update_cart` (a product form) is left alone.
 */
export function useUpdateCartButton(inputRef: RefObject<HTMLInputElement | null>): () => void {
  useLayoutEffect(() => {
    const form = inputRef.current?.form ?? null;
    const button = findUpdateCartButton(form);
    if (!form || !button) return;
    const count = (mountedIn.get(form) ?? 0) + 1;
    mountedIn.set(form, count);
    if (count === 1)
      guarded.set(
        form,
        guardSubmissions(form, (busy) => showBusy(form, busy)),
      );
    if (!form.hasAttribute(CHANGED_ATTRIBUTE)) setEnabled(button, false);
    const onEdit = (event: Event) => {
      if (event.target !== button && isCartField(event.target)) markChanged(form);
    };
    form.addEventListener('input', onEdit);
    form.addEventListener('change', onEdit);
    return () => {
      form.removeEventListener('input', onEdit);
      form.removeEventListener('change', onEdit);
      const left = (mountedIn.get(form) ?? 1) - 1;
      mountedIn.set(form, left);
      if (left === 0) {
        const current = findUpdateCartButton(form);
        if (current) setEnabled(current, true);
        guarded.get(form)?.();
        guarded.delete(form);
        showBusy(form, false);
      }
    };
  }, [inputRef]);

  return useCallback(() => {
    const form = inputRef.current?.form;
    if (form && findUpdateCartButton(form)) markChanged(form);
  }, [inputRef]);
}
