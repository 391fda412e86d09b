import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_SETTLE_MS, LIVE_REGION_IDS } from '../a11y/announce';
import { QuantityInput, type QuantityInputProps } from './QuantityInput';

type Options = Partial<Omit<QuantityInputProps, 'value' | 'onChange'>> & { initial?: string };

/** A stepper holding its own value, as every island using it does. */
function Stepper({ initial = '2', onValue, ...props }: Options & { onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityInput
      id="quantity_13"
      name="quantity"
      label="Pro Match Football quantity"
      productName="Pro Match Football"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const field = (name = 'Pro Match Football quantity') => screen.getByRole('spinbutton', { name });
const minus = () => screen.getByRole('button', { name: 'Reduce quantity of Pro Match Football' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity of Pro Match Football' });

describe('QuantityInput', () => {
  it('draws WooCommerce’s field: label, input attributes, the − and + buttons controlling it', () => {
    render(<Stepper min={1} max={5} step={1} />);
    expect(field()).toHaveAttribute('name', 'quantity');
    expect(field()).toHaveAttribute('id', 'quantity_13');
    expect(field()).toHaveClass('input-text', 'qty', 'text');
    expect(field()).toHaveAttribute('min', '1');
    expect(field()).toHaveAttribute('max', '5');
    expect(field()).toHaveAttribute('step', '1');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(field()).toHaveValue(2);
    expect(minus()).toHaveAttribute('aria-controls', 'quantity_13');
    expect(plus()).toHaveAttribute('aria-controls', 'quantity_13');
    expect(field().closest('div')).toHaveClass('quantity', 'shop-islands-qty');
    expect(minus()).toHaveClass('shop-islands-qty__button', 'minus');
    expect(plus()).toHaveClass('shop-islands-qty__button', 'plus');
  });

  it('takes the markup classes of the widget it stands in (same as its fallback)', () => {
    render(
      <Stepper className="quantity" buttonClassName="shop-islands-vf__qty-button" inputClassName="qty" />,
    );
    expect(field().closest('div')).toHaveAttribute('class', 'quantity');
    expect(minus()).toHaveAttribute('class', 'shop-islands-vf__qty-button minus');
    expect(field()).toHaveAttribute('class', 'qty');
  });

  it('leaves out empty or invalid bounds and keeps step="any"', () => {
    render(<Stepper min="" max={null} step="any" />);
    expect(field()).not.toHaveAttribute('min');
    expect(field()).not.toHaveAttribute('max');
    expect(field()).toHaveAttribute('step', 'any');
  });

  it('steps with the buttons, + capped at max and − floored at min, the limits aria-disabled', async () => {
    const onValue = vi.fn();
    render(<Stepper min={1} max={3} onValue={onValue} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue(3);
    expect(plus()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus());
    expect(onValue).toHaveBeenCalledTimes(1);
    await userEvent.click(minus());
    await userEvent.click(minus());
    expect(field()).toHaveValue(1);
    expect(minus()).toHaveAttribute('aria-disabled', 'true');
    expect(plus()).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(minus());
    expect(onValue.mock.calls).toEqual([['3'], ['2'], ['1']]);
  });

  it('steps by the step (2), from the floor when the field is empty', async () => {
    render(<Stepper initial="2" step={2} min={0} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue(4);
    await userEvent.clear(field());
    await userEvent.click(plus());
    expect(field()).toHaveValue(2);
  });

  it('keyboard: ArrowUp and ArrowDown step within the limits, typing is kept as typed', async () => {
    render(<Stepper min={1} max={3} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field()).toHaveValue(3);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field()).toHaveValue(1);
    await userEvent.clear(field());
    await userEvent.type(field(), '7');
    expect(field()).toHaveValue(7); // the form's own validation says why it is too many
  });

  it('keyboard: Tab reaches −, the field and +; Enter and Space press the buttons', async () => {
    render(<Stepper />);
    await userEvent.tab();
    expect(minus()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(field()).toHaveValue(1);
    await userEvent.tab();
    expect(field()).toHaveFocus();
    await userEvent.tab();
    expect(plus()).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(field()).toHaveValue(2);
  });

  it('leaves Enter in the field to the caller (a product form submits)', async () => {
    const onKeyDown = vi.fn();
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
        <Stepper onKeyDown={(event) => onKeyDown(event.key)} />
        <button type="submit">Add to cart</button>
      </form>,
    );
    await userEvent.type(field(), '{Enter}');
    expect(onKeyDown).toHaveBeenCalledWith('Enter');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('says the new quantity after a button press', async () => {
    render(<Stepper />);
    await userEvent.click(plus());
    await act(() => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_SETTLE_MS + 20)));
    expect(document.getElementById(LIVE_REGION_IDS.polite)).toHaveTextContent(
      'Pro Match Football quantity: 3',
    );
  });

  it('disabled: the field and both buttons, nothing changes', async () => {
    const onValue = vi.fn();
    render(<Stepper disabled onValue={onValue} />);
    expect(field()).toBeDisabled();
    expect(minus()).toBeDisabled();
    expect(plus()).toBeDisabled();
    await userEvent.click(plus());
    expect(onValue).not.toHaveBeenCalled();
  });

  it('hidden: kept in the form with its value, not shown', () => {
    render(
      <form aria-label="Product">
        <Stepper hidden initial="1" />
      </form>,
    );
    const input = screen.getByRole('spinbutton', { hidden: true });
    expect(input).not.toBeVisible();
    expect(new FormData(screen.getByRole<HTMLFormElement>('form')).get('quantity')).toBe('1');
  });
});
