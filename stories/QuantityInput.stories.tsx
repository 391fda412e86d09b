import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { QuantityInput, type QuantityInputProps } from '../src/ui/QuantityInput';

type Args = Omit<QuantityInputProps, 'onChange'>;

/** The stepper holding its value, as the islands that use it do (the value arg is the start). */
function Stepper(args: Args) {
  const [value, setValue] = useState(args.value);
  return (
    <form
      className="cart"
      action="/product/pro-match-football/"
      method="post"
      onSubmit={(e) => e.preventDefault()}
    >
      <QuantityInput {...args} value={value} onChange={setValue} />
    </form>
  );
}

const field = (canvasElement: HTMLElement, name = 'Pro Match Football quantity') =>
  within(canvasElement).getByRole('spinbutton', { name });
const minus = (canvasElement: HTMLElement, product = 'Pro Match Football') =>
  within(canvasElement).getByRole('button', { name: `Reduce quantity of ${product}` });
const plus = (canvasElement: HTMLElement, product = 'Pro Match Football') =>
  within(canvasElement).getByRole('button', { name: `Increase quantity of ${product}` });

const meta = {
  title: 'UI/Quantity input',
  component: Stepper,
  args: {
    id: 'quantity_13',
    name: 'quantity',
    value: '2',
    min: 1,
    max: 5,
    step: 1,
    label: 'Pro Match Football quantity',
    productName: 'Pro Match Football',
  },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(plus(canvasElement));
    expect(field(canvasElement)).toHaveValue(3);
    await userEvent.click(minus(canvasElement));
    expect(field(canvasElement)).toHaveValue(2);
  },
};

export const AtMinimum: Story = {
  name: 'At the minimum',
  args: { value: '1' },
  play: async ({ canvasElement }) => {
    expect(minus(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(minus(canvasElement));
    expect(field(canvasElement)).toHaveValue(1);
  },
};

export const AtMaximum: Story = {
  name: 'At the maximum (stock 5)',
  args: { value: '5' },
  play: async ({ canvasElement }) => {
    expect(plus(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    field(canvasElement).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(field(canvasElement)).toHaveValue(5);
  },
};

export const StepTwo: Story = {
  name: 'Step 2 (sold in pairs)',
  args: { value: '2', min: 2, max: 10, step: 2, label: 'Grip Socks quantity', productName: 'Grip Socks' },
  play: async ({ canvasElement }) => {
    expect(field(canvasElement, 'Grip Socks quantity')).toHaveAttribute('step', '2');
    await userEvent.click(plus(canvasElement, 'Grip Socks'));
    expect(field(canvasElement, 'Grip Socks quantity')).toHaveValue(4);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toBeDisabled();
    expect(minus(canvasElement)).toBeDisabled();
    expect(plus(canvasElement)).toBeDisabled();
  },
};

const LONG_NAME =
  'Junior Football Boots with Moulded Studs for Firm Ground and Artificial Grass - UK 2, Blue and Electric Yellow';

export const LongLabel: Story = {
  args: { label: `${LONG_NAME} quantity`, productName: LONG_NAME },
  play: async ({ canvasElement }) => {
    expect(minus(canvasElement, LONG_NAME)).toBeVisible();
    await userEvent.click(plus(canvasElement, LONG_NAME));
    expect(field(canvasElement, `${LONG_NAME} quantity`)).toHaveValue(3);
  },
};
