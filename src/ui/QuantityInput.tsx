import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import { useAnnounce } from '../a11y/useAnnounce';
import { __ } from '../i18n';
import {
  canDecrease,
  canIncrease,
  decrease,
  increase,
  parseNumber,
  type QuantityBounds,
} from './QuantityInput.model';

export interface QuantityInputProps extends QuantityBounds {
  /** The input's id (the label's `for`, the buttons' `aria-controls`). */
  id: string;
  /** The input's name, posted with the form (`quantity`, `cart[{key}][qty]`). */
  name: string;
  /** The field's text (controlled): what the shopper typed, or what a button or an arrow key made of it. */
  value: string;
  /**
   * A new text: typed, or a step (− / + / ArrowDown / ArrowUp) already clamped to min and max.
   * Not called for a step that changes nothing (at the limit).
   */
  onChange(value: string): void;
  /** The input's label, read by screen readers (WooCommerce: "{product name} quantity"). */
  label: string;
  /** The product's name, for the buttons: 'Reduce quantity of {name}', 'Increase quantity of {name}'. */
  productName: string;
  /** The wrapper's classes; the fallback markup carries the same, so nothing moves when it mounts. */
  className?: string;
  /** The − and + buttons' class (each also gets `minus` / `plus`). */
  buttonClassName?: string;
  /** The input's classes (WooCommerce: `input-text qty text`). */
  inputClassName?: string;
  inputMode?: 'numeric' | 'decimal';
  /** Nothing can be changed: the field and both buttons are disabled. */
  disabled?: boolean;
  /** Kept in the form (its value is posted) but not shown, as WooCommerce hides a fixed quantity. */
  hidden?: boolean;
  /** Keys in the field after the stepper's own (Enter: the caller's form decides). */
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  inputRef?: Ref<HTMLInputElement>;
}

/** An attribute as the server gave it, or nothing when it is empty or not a number. */
const attribute = (value: number | string | null | undefined): number | string | undefined =>
  value === null || value === undefined || parseNumber(value) === null ? undefined : value;

const HIDDEN: CSSProperties = { display: 'none' };

/**
 * WooCommerce's quantity field with − and + buttons (storefront.md §2.7, §5 "Quantity steppers"):
 * `div.quantity` with its screen-reader label and `input.qty` (name, id, min, max and step kept, so
 * the form posts what it would without JavaScript). The buttons and ArrowUp / ArrowDown step by
 * `step`, clamped to min and max (QuantityInput.model.ts); a button at its limit is `aria-disabled`
 * (not `disabled`: a button disabling itself under the keyboard's focus would drop the focus to the
 * page), and a button press announces the new value (the field's own change is not spoken then).
 */
export function QuantityInput({
  id,
  name,
  value,
  onChange,
  min,
  max,
  step,
  label,
  productName,
  className = 'quantity shop-islands-qty',
  buttonClassName = 'shop-islands-qty__button',
  inputClassName = 'input-text qty text',
  inputMode = 'numeric',
  disabled = false,
  hidden = false,
  onKeyDown,
  inputRef,
}: QuantityInputProps) {
  const say = useAnnounce();
  const bounds = { min, max, step };
  const lower = !disabled && canDecrease(value, bounds);
  const higher = !disabled && canIncrease(value, bounds);

  /** One step; returns the new text, or null when it changes nothing. */
  const stepBy = (direction: 1 | -1): string | null => {
    const next = direction > 0 ? increase(value, bounds) : decrease(value, bounds);
    if (next === value) return null;
    onChange(next);
    return next;
  };

  const press = (direction: 1 | -1) => {
    if (!(direction > 0 ? higher : lower)) return;
    const next = stepBy(direction);
    if (next !== null) say(`${label}: ${next}`);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      // The same clamps as the buttons (the browser's own stepping ignores a typed value off the
      // step, and has no step for 'any'); the focused field's new value is read by itself.
      event.preventDefault();
      if (!disabled) stepBy(event.key === 'ArrowUp' ? 1 : -1);
      return;
    }
    onKeyDown?.(event);
  };

  return (
    <div className={className} style={hidden ? HIDDEN : undefined}>
      <label className="screen-reader-text" htmlFor={id}>
        {label}
      </label>
      <button
        type="button"
        className={`${buttonClassName} minus`}
        aria-label={__('Reduce quantity of %s').replace('%s', productName)}
        aria-controls={id}
        aria-disabled={!lower}
        disabled={disabled || undefined}
        onClick={() => press(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        ref={inputRef}
        type="number"
        id={id}
        className={inputClassName}
        name={name}
        value={value}
        min={attribute(min)}
        max={attribute(max)}
        step={step === 'any' ? 'any' : attribute(step)}
        inputMode={inputMode}
        autoComplete="off"
        disabled={disabled || undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keyDown}
      />
      <button
        type="button"
        className={`${buttonClassName} plus`}
        aria-label={__('Increase quantity of %s').replace('%s', productName)}
        aria-controls={id}
        aria-disabled={!higher}
        disabled={disabled || undefined}
        onClick={() => press(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
