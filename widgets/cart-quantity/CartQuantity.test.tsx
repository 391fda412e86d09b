import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_SETTLE_MS, LIVE_REGION_IDS } from '../../src/a11y/announce';
import { CartQuantity } from './CartQuantity';
import { CartQuantityPropsSchema, type CartQuantityProps } from './schema';

const KEY = 'c51ce410c124a10e0db5e4b97fc2af39';
const line = (overrides: Partial<CartQuantityProps> = {}) =>
  CartQuantityPropsSchema.parse({
    name: `cart[${KEY}][qty]`,
    id: `quantity_${KEY}`,
    value: 2,
    min: 0,
    max: null,
    step: 1,
    label: 'Pro Match Football quantity',
    productName: 'Pro Match Football',
    ...overrides,
  });

const minus = (name = 'Pro Match Football') =>
  screen.getByRole('button', { name: `Reduce quantity of ${name}` });
const plus = (name = 'Pro Match Football') =>
  screen.getByRole('button', { name: `Increase quantity of ${name}` });
const field = (label = 'Pro Match Football quantity') => screen.getByRole('spinbutton', { name: label });
const updateCart = () => screen.getByRole('button', { name: 'Update cart' });

/** The cart form of WooCommerce's cart page (sample 32), with one line per props object. */
function CartForm({
  lines,
  onSubmit,
  native = false,
}: {
  lines: ReturnType<typeof line>[];
  onSubmit?: (data: FormData) => void;
  /** Posts as the browser would (no handler of its own): see {@link renderPosting}. */
  native?: boolean;
}) {
  return (
    <form
      className="woocommerce-cart-form"
      action="/cart/"
      method="post"
      onSubmit={
        native
          ? undefined
          : (event) => {
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter;
              onSubmit?.(new FormData(event.currentTarget, submitter));
            }
      }
    >
      <table>
        <tbody>
          {lines.map((props) => (
            <tr className="woocommerce-cart-form__cart-item cart_item" key={props.id}>
              <td className="product-quantity">
                <CartQuantity {...props} />
              </td>
            </tr>
          ))}
          <tr>
            <td className="actions">
              <label htmlFor="coupon_code">Coupon:</label>
              <input type="text" name="coupon_code" id="coupon_code" />
              <button type="submit" name="apply_coupon" value="Apply coupon">
                Apply coupon
              </button>
              <button type="submit" className="button" name="update_cart" value="Update cart">
                Update cart
              </button>
            </td>
          </tr>
        </tbody>
      </table>
    </form>
  );
}

afterEach(() => vi.useRealTimers());

describe('CartQuantity', () => {
  it('keeps the input WooCommerce prints: name, id, label, min, max, step', () => {
    render(<CartQuantity {...line({ max: 5 })} />);
    const input = field();
    expect(input).toHaveAttribute('name', `cart[${KEY}][qty]`);
    expect(input).toHaveAttribute('id', `quantity_${KEY}`);
    expect(input).toHaveClass('input-text', 'qty', 'text');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '5');
    expect(input).toHaveAttribute('step', '1');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveValue(2);
    expect(minus()).toHaveAttribute('aria-controls', `quantity_${KEY}`);
    expect(plus()).toHaveAttribute('aria-controls', `quantity_${KEY}`);
  });

  it('leaves out empty or invalid bounds and keeps step="any"', () => {
    render(<CartQuantity {...line({ min: '', max: '', step: 'any' })} />);
    expect(field()).not.toHaveAttribute('min');
    expect(field()).not.toHaveAttribute('max');
    expect(field()).toHaveAttribute('step', 'any');
  });

  it('raises a value below min to min when it mounts', () => {
    render(<CartQuantity {...line({ value: 0, min: 1 })} />);
    expect(field()).toHaveValue(1);
    expect(minus()).toHaveAttribute('aria-disabled', 'true');
  });

  it('steps with the buttons: + caps at max, − floors at min', async () => {
    render(<CartQuantity {...line({ value: 2, min: 1, max: 3 })} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue(3);
    expect(plus()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus());
    expect(field()).toHaveValue(3);
    await userEvent.click(minus());
    await userEvent.click(minus());
    expect(field()).toHaveValue(1);
    expect(minus()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(minus());
    expect(field()).toHaveValue(1);
    expect(plus()).toHaveAttribute('aria-disabled', 'false');
  });

  it('never goes below 0 without a min', async () => {
    render(<CartQuantity {...line({ value: 1, min: null })} />);
    await userEvent.click(minus());
    await userEvent.click(minus());
    expect(field()).toHaveValue(0);
  });

  it('steps by the step, and by 1 when it is invalid', async () => {
    const { unmount } = render(<CartQuantity {...line({ value: 2, step: 2 })} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue(4);
    unmount();
    render(<CartQuantity {...line({ value: 2, step: 'abc' })} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue(3);
  });

  it('handles a field the shopper emptied or filled with something else', async () => {
    render(<CartQuantity {...line({ value: 3, min: 1 })} />);
    await userEvent.clear(field());
    expect(field()).toHaveValue(null);
    await userEvent.click(plus());
    expect(field()).toHaveValue(2);
    await userEvent.clear(field());
    await userEvent.click(minus());
    expect(field()).toHaveValue(1);
  });

  it('says the new quantity to screen readers after a button press', async () => {
    render(<CartQuantity {...line()} />);
    await userEvent.click(plus());
    await act(() => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_SETTLE_MS + 20)));
    expect(document.getElementById(LIVE_REGION_IDS.polite)).toHaveTextContent(
      'Pro Match Football quantity: 3',
    );
  });

  it('works from the keyboard: Tab to − and +, Enter and Space press them', async () => {
    render(<CartQuantity {...line({ value: 2 })} />);
    await userEvent.tab();
    expect(minus()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(field()).toHaveValue(1);
    await userEvent.tab();
    expect(field()).toHaveFocus();
    await userEvent.tab();
    expect(plus()).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard(' ');
    expect(field()).toHaveValue(3);
  });

  it('in a product form: no update_cart to manage, Enter submits the form as usual', async () => {
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
        <CartQuantity {...line({ name: 'quantity', id: 'quantity_13', value: 1, min: 1, max: 3 })} />
        <button type="submit" name="add-to-cart" value="13">
          Add to cart
        </button>
      </form>,
    );
    await userEvent.click(plus());
    await userEvent.type(field(), '{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });
});

describe('CartQuantity on the cart page: any change enables update_cart', () => {
  const two = [
    line(),
    line({
      name: 'cart[aaaa][qty]',
      id: 'quantity_aaaa',
      value: 1,
      label: 'Shin Pads quantity',
      productName: 'Shin Pads',
    }),
  ];

  it('disables update_cart when it mounts, like WooCommerce’s cart.js', () => {
    render(<CartForm lines={two} />);
    expect(updateCart()).toBeDisabled();
    expect(updateCart()).toHaveAttribute('aria-disabled', 'true');
  });

  it.each([
    ['the + button', () => userEvent.click(plus())],
    ['the − button', () => userEvent.click(minus())],
    ['typing', () => userEvent.type(field(), '5')],
    // jsdom does not step number inputs on ArrowUp: what the browser's own stepping fires.
    ['the browser’s own stepping', async () => fireEvent.change(field(), { target: { value: '3' } })],
    ['another line', () => userEvent.click(plus('Shin Pads'))],
  ])('%s enables it', async (_how, change) => {
    render(<CartForm lines={two} />);
    await change();
    expect(updateCart()).toBeEnabled();
    expect(updateCart()).not.toHaveAttribute('aria-disabled');
  });

  it('a press that changes nothing (− at the floor) does not', async () => {
    render(<CartForm lines={[line({ value: 0 })]} />);
    await userEvent.click(minus());
    expect(updateCart()).toBeDisabled();
  });

  it('typing a coupon code does not', async () => {
    render(<CartForm lines={two} />);
    await userEvent.type(screen.getByLabelText('Coupon:'), 'SAVE10');
    expect(updateCart()).toBeDisabled();
  });

  it('posts the quantities under their names with update_cart', async () => {
    const onSubmit = vi.fn();
    render(<CartForm lines={two} onSubmit={onSubmit} />);
    await userEvent.click(plus());
    await userEvent.click(updateCart());
    const data = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(data.get(`cart[${KEY}][qty]`)).toBe('3');
    expect(data.get('cart[aaaa][qty]')).toBe('1');
    expect(data.get('update_cart')).toBe('Update cart');
  });

  it('Enter in a quantity updates the cart once something changed (not Apply coupon)', async () => {
    const onSubmit = vi.fn();
    render(<CartForm lines={two} onSubmit={onSubmit} />);
    await userEvent.type(field(), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(field());
    await userEvent.type(field(), '4{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const data = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(data.get('update_cart')).toBe('Update cart');
    expect(data.get('apply_coupon')).toBeNull();
    expect(data.get(`cart[${KEY}][qty]`)).toBe('4');
  });

  it('a line mounted after a change leaves the button enabled', async () => {
    const { rerender } = render(<CartForm lines={[line()]} />);
    await userEvent.click(plus());
    rerender(<CartForm lines={two} />);
    expect(updateCart()).toBeEnabled();
  });

  it('gives the server’s enabled button back when the last stepper unmounts', () => {
    const { rerender } = render(<CartForm lines={two} />);
    rerender(<CartForm lines={[two[0]!]} />);
    expect(updateCart()).toBeDisabled();
    rerender(<CartForm lines={[]} />);
    expect(updateCart()).toBeEnabled();
  });

  it('survives StrictMode’s double effects', () => {
    render(
      <StrictMode>
        <CartForm lines={two} />
      </StrictMode>,
    );
    expect(updateCart()).toBeDisabled();
    fireEvent.change(field(), { target: { value: '7' } });
    expect(updateCart()).toBeEnabled();
  });
});

describe('the cart form posts once (issue #11)', () => {
  const two = [
    line(),
    line({
      name: 'cart[aaaa][qty]',
      id: 'quantity_aaaa',
      value: 1,
      label: 'Shin Pads quantity',
      productName: 'Shin Pads',
    }),
  ];
  /** What the browser posted: submissions no listener prevented, with the button that sent them. */
  let posted: FormData[] = [];
  const record = (event: Event) => {
    if (!event.defaultPrevented)
      posted.push(new FormData(event.target as HTMLFormElement, (event as SubmitEvent).submitter));
    event.preventDefault(); // jsdom does not load the answer
  };
  /** The cart form posting natively; the recorder comes after the islands' listeners, as the post does. */
  function renderPosting(lines = two) {
    const result = render(<CartForm lines={lines} native />);
    window.addEventListener('submit', record);
    return result;
  }
  const cartForm = () => document.querySelector<HTMLFormElement>('form.woocommerce-cart-form')!;
  const shownAgain = () =>
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
  beforeEach(() => {
    posted = [];
  });
  afterEach(() => window.removeEventListener('submit', record));

  it('a double click on Update cart posts once; the form shows it is busy', async () => {
    renderPosting();
    await userEvent.click(plus());
    await userEvent.dblClick(updateCart());
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get('update_cart')).toBe('Update cart');
    expect(cartForm()).toHaveAttribute('aria-busy', 'true');
    expect(cartForm()).toHaveClass('processing');
    expect(updateCart()).toHaveFocus();
  });

  it('Enter twice in a quantity posts once', async () => {
    renderPosting();
    await userEvent.clear(field());
    await userEvent.type(field(), '4{Enter}{Enter}');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get(`cart[${KEY}][qty]`)).toBe('4');
  });

  it('while the answer loads, Apply coupon, Enter and requestSubmit() send nothing more', async () => {
    renderPosting();
    await userEvent.click(plus());
    await userEvent.click(updateCart());
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    await userEvent.type(field(), '{Enter}');
    act(() => cartForm().requestSubmit());
    expect(posted).toHaveLength(1);
  });

  it('failed (back from the error page): one more post, exactly 2, with the quantities as changed', async () => {
    renderPosting();
    await userEvent.click(plus());
    await userEvent.dblClick(updateCart());
    shownAgain();
    expect(cartForm()).not.toHaveAttribute('aria-busy');
    expect(cartForm()).not.toHaveClass('processing');
    expect(field()).toHaveValue(3);
    await userEvent.dblClick(updateCart());
    expect(posted).toHaveLength(2);
    expect(posted[1]!.get(`cart[${KEY}][qty]`)).toBe('3');
  });

  it('the page load stopped (Escape, the Stop button): one more post, exactly 2', async () => {
    const navigation = new EventTarget();
    (window as Window & { navigation?: EventTarget }).navigation = navigation;
    try {
      renderPosting();
      await userEvent.click(plus());
      await userEvent.dblClick(updateCart());
      act(() => {
        navigation.dispatchEvent(new Event('navigateerror'));
      });
      await userEvent.dblClick(updateCart());
      expect(posted).toHaveLength(2);
    } finally {
      delete (window as Window & { navigation?: EventTarget }).navigation;
    }
  });

  it('held by the form, not by one line: a line unmounted while the answer loads changes nothing', async () => {
    const { rerender } = renderPosting();
    await userEvent.click(plus());
    await userEvent.click(updateCart());
    rerender(<CartForm lines={[two[1]!]} native />);
    await userEvent.click(updateCart());
    expect(posted).toHaveLength(1);
    expect(cartForm()).toHaveAttribute('aria-busy', 'true');
  });

  it('no stepper left: the form is the server’s again (not held, not busy)', async () => {
    const { rerender } = renderPosting();
    await userEvent.click(plus());
    await userEvent.click(updateCart());
    rerender(<CartForm lines={[]} native />);
    expect(cartForm()).not.toHaveAttribute('aria-busy');
    expect(cartForm()).not.toHaveClass('processing');
    await userEvent.click(updateCart());
    expect(posted).toHaveLength(2);
  });
});
