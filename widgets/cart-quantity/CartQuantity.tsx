import { useRef, useState, type KeyboardEvent } from 'react';
import type * as z from 'zod/mini';
import { announce } from '../../src/a11y/announce';
import { __ } from '../../src/i18n';
import { canDecrease, canIncrease, decrease, increase, initialQuantity, parseNumber } from './model';
import type { CartQuantityPropsSchema } from './schema';
import { findUpdateCartButton, useUpdateCartButton } from './update-cart';

type Props = z.output<typeof CartQuantityPropsSchema>;

/** An attribute as the server gave it, or nothing when it is empty or not a number. */
const attribute = (value: number | string | null): number | string | undefined =>
  value === null || parseNumber(value) === null ? undefined : value;

/**
 * WooCommerce's quantity input with − and + buttons (storefront.md §2.7, §5): the same
 * `div.quantity` with its screen-reader label and `input.qty`, keeping the input's name, id, min,
 * max and step, so the cart form (or the product form) posts exactly what it would without us.
 * The rules are in model.ts. On the cart page, any change enables the form's `update_cart` button,
 * which the stepper disabled when it mounted (update-cart.ts), and Enter in the field updates the cart.
 */
export function CartQuantity({
  name,
  id,
  value,
  min,
  max,
  step,
  label,
  productName,
  className,
  inputMode,
}: Props) {
  const bounds = { min, max, step };
  const [text, setText] = useState(() => initialQuantity(value, bounds));
  const inputRef = useRef<HTMLInputElement>(null);
  const changed = useUpdateCartButton(inputRef);

  const stepBy = (direction: 1 | -1) => {
    const next = direction > 0 ? increase(text, bounds) : decrease(text, bounds);
    if (next === text) return;
    setText(next);
    changed();
    // The field's new value is not spoken when a button is pressed: say it.
    announce(`${label}: ${next}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const form = event.currentTarget.form;
    const update = findUpdateCartButton(form);
    // A product form submits as usual. In the cart form, Enter means "Update cart" (WooCommerce's
    // cart.js), not the form's first submit button (which may be "Apply coupon").
    if (!form || !update) return;
    event.preventDefault();
    if (!update.disabled) form.requestSubmit(update);
  };

  const lower = canDecrease(text, bounds);
  const higher = canIncrease(text, bounds);
  return (
    <div className="quantity shop-islands-qty">
      <label className="screen-reader-text" htmlFor={id}>
        {label}
      </label>
      <button
        type="button"
        className="shop-islands-qty__button minus"
        aria-label={__('Reduce quantity of %s').replace('%s', productName)}
        aria-controls={id}
        // aria-disabled rather than disabled: a button that disables itself under the keyboard's
        // focus would drop the focus to the page.
        aria-disabled={!lower}
        onClick={() => lower && stepBy(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        ref={inputRef}
        type="number"
        id={id}
        className={className}
        name={name}
        value={text}
        min={attribute(min)}
        max={attribute(max)}
        step={step === 'any' ? 'any' : attribute(step)}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          changed();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="shop-islands-qty__button plus"
        aria-label={__('Increase quantity of %s').replace('%s', productName)}
        aria-controls={id}
        aria-disabled={!higher}
        onClick={() => higher && stepBy(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
