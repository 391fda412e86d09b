import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import { CartQuantity } from '../widgets/cart-quantity/CartQuantity';

type Props = Parameters<typeof CartQuantity>[0];

const KEY = 'c51ce410c124a10e0db5e4b97fc2af39';
const LINE: Props = {
  name: `cart[${KEY}][qty]`,
  id: `quantity_${KEY}`,
  value: 2,
  min: 0,
  max: null,
  step: 1,
  label: 'Pro Match Football quantity',
  productName: 'Pro Match Football',
  className: 'input-text qty text',
  inputMode: 'numeric',
};

const field = (canvasElement: HTMLElement, name = 'Pro Match Football quantity') =>
  within(canvasElement).getByRole('spinbutton', { name });
const minus = (canvasElement: HTMLElement, product = 'Pro Match Football') =>
  within(canvasElement).getByRole('button', { name: `Reduce quantity of ${product}` });
const plus = (canvasElement: HTMLElement, product = 'Pro Match Football') =>
  within(canvasElement).getByRole('button', { name: `Increase quantity of ${product}` });
const updateCart = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Update cart' });

/**
 * WooCommerce's cart form (sample 32) with one row per line and the `update_cart` button. It posts
 * nowhere; `posting`: it posts as the browser would, the page load stood in for by a count of the
 * posts under the form (the stand-in listens after the islands, as the browser posts after them).
 */
function CartForm({ lines, posting = false }: { lines: Props[]; posting?: boolean }) {
  const [posts, setPosts] = useState(0);
  useEffect(() => {
    if (!posting) return;
    const onSubmit = (event: Event) => {
      if (!event.defaultPrevented) setPosts((n) => n + 1);
      event.preventDefault();
    };
    window.addEventListener('submit', onSubmit);
    return () => window.removeEventListener('submit', onSubmit);
  }, [posting]);
  return (
    <>
      <form
        className="woocommerce-cart-form"
        action="/cart/"
        method="post"
        onSubmit={posting ? undefined : (e) => e.preventDefault()}
      >
        <table className="shop_table cart">
          <thead>
            <tr>
              <th className="product-name">Product</th>
              <th className="product-quantity">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr className="woocommerce-cart-form__cart-item cart_item" key={line.id}>
                <td className="product-name">{line.productName}</td>
                <td className="product-quantity">
                  <CartQuantity {...line} />
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={2} className="actions">
                <button type="submit" className="button" name="update_cart" value="Update cart">
                  Update cart
                </button>
              </td>
            </tr>
          </tbody>
        </table>
      </form>
      {posts > 0 && <p>{posts === 1 ? 'Posted to /cart/ once' : `Posted to /cart/ ${posts} times`}</p>}
    </>
  );
}

const meta = {
  title: 'Widgets/Cart quantity',
  component: CartQuantity,
  render: (args) => <CartForm lines={[args]} />,
  args: LINE,
} satisfies Meta<typeof CartQuantity>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CartLine: Story = {
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toHaveValue(2);
    expect(field(canvasElement)).toHaveAttribute('name', `cart[${KEY}][qty]`);
    // WooCommerce's cart.js: disabled until a quantity changes.
    expect(updateCart(canvasElement)).toBeDisabled();
    await userEvent.click(plus(canvasElement));
    expect(field(canvasElement)).toHaveValue(3);
    expect(updateCart(canvasElement)).toBeEnabled();
  },
};

export const UpdatePosted: Story = {
  name: 'Update cart posted: busy while the answer loads, a second press sends nothing',
  render: (args) => <CartForm lines={[args]} posting />,
  play: async ({ canvasElement }) => {
    await userEvent.click(plus(canvasElement));
    await userEvent.dblClick(updateCart(canvasElement));
    await userEvent.type(field(canvasElement), '{Enter}');
    expect(await within(canvasElement).findByText(/^Posted to \/cart\//)).toHaveTextContent(
      'Posted to /cart/ once',
    );
    const form = canvasElement.querySelector('form.woocommerce-cart-form');
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(form).toHaveClass('processing');
    expect(field(canvasElement)).toHaveValue(3);
  },
};

export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    expect(minus(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(field(canvasElement)).toHaveValue(1);
    await userEvent.tab();
    await userEvent.tab();
    expect(plus(canvasElement)).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(field(canvasElement)).toHaveValue(2);
    expect(updateCart(canvasElement)).toBeEnabled();
  },
};

export const AtMinimum: Story = {
  name: 'At the minimum (0 on the cart page)',
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    expect(minus(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(minus(canvasElement));
    expect(field(canvasElement)).toHaveValue(0);
    expect(updateCart(canvasElement)).toBeDisabled();
  },
};

export const AtMaximum: Story = {
  name: 'At the maximum (stock 3)',
  args: { value: 3, max: 3, label: 'Shin Pads quantity', productName: 'Shin Pads' },
  play: async ({ canvasElement }) => {
    expect(plus(canvasElement, 'Shin Pads')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus(canvasElement, 'Shin Pads'));
    expect(field(canvasElement, 'Shin Pads quantity')).toHaveValue(3);
  },
};

export const BelowMinimumOnLoad: Story = {
  name: 'Below the minimum on load (raised to min)',
  args: { value: 0, min: 2 },
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toHaveValue(2);
  },
};

export const TypedByHand: Story = {
  name: 'Emptied or typed by hand',
  play: async ({ canvasElement }) => {
    await userEvent.clear(field(canvasElement));
    expect(updateCart(canvasElement)).toBeEnabled();
    await userEvent.click(plus(canvasElement));
    expect(field(canvasElement)).toHaveValue(1);
    fireEvent.change(field(canvasElement), { target: { value: '12' } });
    await userEvent.click(minus(canvasElement));
    expect(field(canvasElement)).toHaveValue(11);
  },
};

export const StepAny: Story = {
  name: "Step 'any' (steps by 1)",
  args: { step: 'any', value: 1 },
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toHaveAttribute('step', 'any');
    await userEvent.click(plus(canvasElement));
    expect(field(canvasElement)).toHaveValue(2);
  },
};

export const ProductForm: Story = {
  name: 'In a product form (min 1, stock 3)',
  args: {
    name: 'quantity',
    id: 'quantity_14',
    value: 1,
    min: 1,
    max: 3,
    label: 'Shin Pads quantity',
    productName: 'Shin Pads',
  },
  render: (args) => (
    <form className="cart" action="/product/shin-pads/" method="post" onSubmit={(e) => e.preventDefault()}>
      <CartQuantity {...args} />
      <button type="submit" name="add-to-cart" value="14" className="single_add_to_cart_button button alt">
        Add to cart
      </button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(minus(canvasElement, 'Shin Pads')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus(canvasElement, 'Shin Pads'));
    await userEvent.click(plus(canvasElement, 'Shin Pads'));
    await userEvent.click(plus(canvasElement, 'Shin Pads'));
    expect(field(canvasElement, 'Shin Pads quantity')).toHaveValue(3);
    expect(canvas.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  },
};

const LONG_NAME =
  'Junior Football Boots with Moulded Studs for Firm Ground and Artificial Grass - UK 2, Blue and Electric Yellow';

export const LongProductName: Story = {
  args: { label: `${LONG_NAME} quantity`, productName: LONG_NAME },
  play: async ({ canvasElement }) => {
    expect(minus(canvasElement, LONG_NAME)).toBeVisible();
    expect(field(canvasElement, `${LONG_NAME} quantity`)).toHaveValue(2);
  },
};

export const ManyLines: Story = {
  render: () => (
    <CartForm
      lines={Array.from({ length: 8 }, (_, i) => ({
        ...LINE,
        name: `cart[line${i}][qty]`,
        id: `quantity_line${i}`,
        value: i + 1,
        max: i % 2 ? 10 : null,
        label: `Product ${i + 1} quantity`,
        productName: `Product ${i + 1}`,
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getAllByRole('spinbutton')).toHaveLength(8);
    expect(updateCart(canvasElement)).toBeDisabled();
    await userEvent.click(minus(canvasElement, 'Product 8'));
    expect(field(canvasElement, 'Product 8 quantity')).toHaveValue(7);
    expect(updateCart(canvasElement)).toBeEnabled();
  },
};
