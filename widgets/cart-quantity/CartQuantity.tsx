import { useRef, useState, type KeyboardEvent } from 'react';
import type * as z from 'zod/mini';
import { QuantityInput } from '../../src/ui/QuantityInput';
import { initialQuantity } from '../../src/ui/QuantityInput.model';
import type { CartQuantityPropsSchema } from './schema';
import { findUpdateCartButton, useUpdateCartButton } from './update-cart';

type Props = z.output<typeof CartQuantityPropsSchema>;

/**
 * WooCommerce's quantity input with − and + buttons (storefront.md §2.7, §5): the shared
 * QuantityInput in its `div.quantity.shop-islands-qty`, keeping the input's name, id, min, max and
 * step, so the cart form (or the product form) posts exactly what it would without us. On the cart
 * page, any change enables the form's `update_cart` button, which the stepper disabled when it
 * mounted (update-cart.ts), and Enter in the field updates the cart.
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
  const [text, setText] = useState(() => initialQuantity(value, { min, max, step }));
  const inputRef = useRef<HTMLInputElement>(null);
  const changed = useUpdateCartButton(inputRef);

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

  return (
    <QuantityInput
      id={id}
      name={name}
      value={text}
      onChange={(next) => {
        setText(next);
        changed();
      }}
      min={min}
      max={max}
      step={step}
      label={label}
      productName={productName}
      inputClassName={className}
      inputMode={inputMode}
      onKeyDown={onKeyDown}
      inputRef={inputRef}
    />
  );
}
