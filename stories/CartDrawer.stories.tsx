import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { cart } from '../src/cart';
import { COOKIES_BLOCKED_MESSAGE } from '../src/cart/cookies-blocked';
import { navigation } from '../src/navigation';
import { AddToCart } from '../widgets/add-to-cart/AddToCart';
import { AddToCartPropsSchema } from '../widgets/add-to-cart/schema';
import { CartDrawer } from '../widgets/cart-drawer/CartDrawer';
import { CartDrawerPropsSchema } from '../widgets/cart-drawer/schema';
import {
  answering,
  cookiesBlockedStory,
  fillDemoCart,
  fragmentsFor,
  freshCart,
  HeaderCart,
  LONG_NAMES,
  MountedIsland,
  type StoryLine,
} from './support/cart';

/**
 * A page with the theme's header cart link, one listing button and the drawer, each island
 * separately mounted as on a real page (widgets never import each other; a page brings them together).
 */
function Page({ checkoutUrl }: { checkoutUrl: string }) {
  return (
    <>
      <HeaderCart />
      <main>
        <h1 style={{ fontSize: '1.25rem' }}>Balls</h1>
        <MountedIsland name="add-to-cart">
          <AddToCart
            {...AddToCartPropsSchema.parse({
              href: '?add-to-cart=16',
              ariaLabel: 'Add to cart: “Training Ball”',
              rel: 'nofollow',
              data: {
                quantity: 1,
                product_id: 16,
                product_sku: 'BALL-002',
                success_message: '“Training Ball” has been added to your cart',
              },
            })}
          />
        </MountedIsland>
      </main>
      <MountedIsland name="cart-drawer">
        <CartDrawer {...CartDrawerPropsSchema.parse({ checkoutUrl })} />
      </MountedIsland>
    </>
  );
}

const drawer = (canvasElement: HTMLElement) => within(canvasElement).queryByRole('dialog', { name: 'Cart' });
const headerCart = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLAnchorElement>('a.cart-contents')!;
const addButton = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('link', { name: 'Add to cart: “Training Ball”' });

/**
 * Waits for the cart store's first refresh (a new page has no stored fragments): it replaces the
 * header cart link, which would otherwise change under the story's clicks.
 */
const settled = () =>
  waitFor(() => {
    expect(cart.getSnapshot().fragments['a.cart-contents']).toBeDefined();
    expect(cart.getSnapshot().updating).toBe(false);
  });

async function openFromHeader(canvasElement: HTMLElement) {
  await settled();
  await userEvent.click(headerCart(canvasElement));
  await waitFor(() => expect(drawer(canvasElement)).toBeInTheDocument());
  return drawer(canvasElement)!;
}

const MANY: StoryLine[] = Array.from({ length: 15 }, (_, i) => ({
  name: `Match shirt, number ${i + 1}`,
  quantity: 1,
  price: 24.5,
}));

const meta = {
  title: 'Widgets/Cart drawer',
  component: Page,
  parameters: { layout: 'fullscreen' },
  args: { checkoutUrl: '/checkout/' },
  beforeEach: freshCart,
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await settled();
    expect(drawer(canvasElement)).toBeNull();
    expect(canvasElement.querySelector('[data-island="cart-drawer"]')).toBeEmptyDOMElement();
  },
};

export const OpenAfterAdd: Story = {
  name: 'Open after an add to cart',
  play: async ({ canvasElement }) => {
    await settled();
    const button = addButton(canvasElement);
    await userEvent.click(button);
    await waitFor(() => expect(drawer(canvasElement)).toBeInTheDocument());
    const dialog = drawer(canvasElement)!;
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close cart' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Remove Training Ball from cart' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(within(dialog).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout/');
    expect(headerCart(canvasElement)).toHaveTextContent('1 item');
  },
};

export const EscapeReturnsFocus: Story = {
  name: 'Escape closes it, focus back on the button',
  play: async ({ canvasElement }) => {
    await settled();
    const button = addButton(canvasElement);
    await userEvent.click(button);
    await waitFor(() => expect(drawer(canvasElement)).toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
    expect(drawer(canvasElement)).toBeNull();
    expect(button).toHaveFocus();
  },
};

export const OpenFromHeaderCart: Story = {
  name: 'Open from the header cart',
  beforeEach: () => fillDemoCart([[13, 1]]),
  play: async ({ canvasElement }) => {
    const dialog = await openFromHeader(canvasElement);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'Remove Pro Match Football from cart' })).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close cart' }));
    expect(drawer(canvasElement)).toBeNull();
    expect(headerCart(canvasElement)).toHaveFocus();
  },
};

export const CloseByOutsideClick: Story = {
  name: 'Closed by a click outside',
  play: async ({ canvasElement }) => {
    await openFromHeader(canvasElement);
    await userEvent.click(document.querySelector<HTMLElement>('.shop-islands-cart-drawer__backdrop')!);
    expect(drawer(canvasElement)).toBeNull();
  },
};

export const EmptyCart: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFromHeader(canvasElement);
    expect(within(dialog).getByText('No products in the cart.')).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: 'Checkout' })).toBeNull();
  },
};

export const RemoveByKeyboard: Story = {
  name: 'Remove by keyboard: the focus goes to the next item, then to the empty-cart text',
  beforeEach: () =>
    fillDemoCart([
      [13, 1],
      [16, 1],
    ]),
  play: async ({ canvasElement }) => {
    const dialog = await openFromHeader(canvasElement);
    const first = await within(dialog).findByRole('link', { name: 'Remove Pro Match Football from cart' });
    first.focus();
    await userEvent.keyboard('{Enter}');
    const next = () => within(dialog).getByRole('link', { name: 'Remove Training Ball from cart' });
    await waitFor(() => expect(next().closest('li')).toHaveFocus());
    await userEvent.tab();
    expect(next()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByText('No products in the cart.')).toHaveFocus());
  },
};

export const CookiesBlocked: Story = {
  name: 'Cookies blocked: the cart cannot be kept',
  beforeEach: cookiesBlockedStory,
  play: async ({ canvasElement }) => {
    await settled();
    await userEvent.click(addButton(canvasElement));
    await waitFor(() => expect(drawer(canvasElement)).toBeInTheDocument());
    const dialog = drawer(canvasElement)!;
    expect(within(dialog).getByText(COOKIES_BLOCKED_MESSAGE)).toBeVisible();
    // The add went through: the line is listed under the notice.
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'Remove Training Ball from cart' })).toBeVisible(),
    );
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live-assertive')).toHaveTextContent(
        COOKIES_BLOCKED_MESSAGE,
      ),
    );
  },
};

export const ManyItems: Story = {
  parameters: { msw: { handlers: fragmentsFor(MANY) } },
  play: async ({ canvasElement }) => {
    const dialog = await openFromHeader(canvasElement);
    await waitFor(() => expect(dialog.querySelectorAll('li.mini_cart_item')).toHaveLength(15));
    // One 'View cart' and one 'Checkout': the drawer's own, the fragment's are hidden.
    expect(within(dialog).getAllByRole('link', { name: 'View cart' })).toHaveLength(1);
    expect(within(dialog).getAllByRole('link', { name: 'Checkout' })).toHaveLength(1);
  },
};

export const LongNames: Story = {
  parameters: {
    msw: { handlers: fragmentsFor(LONG_NAMES.map((name) => ({ name, quantity: 2, price: 59.95 }))) },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openFromHeader(canvasElement);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: `Remove ${LONG_NAMES[0]} from cart` })).toBeVisible(),
    );
  },
};

export const EditorMode: Story = {
  name: "In the page builder's editor: not opened by an add",
  parameters: { settings: { is_editor: true } },
  play: async ({ canvasElement }) => {
    await settled();
    const button = addButton(canvasElement);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('added'));
    expect(drawer(canvasElement)).toBeNull();
    // The header cart still opens it.
    await userEvent.click(headerCart(canvasElement));
    await waitFor(() => expect(drawer(canvasElement)).toBeInTheDocument());
  },
};

export const AddFails: Story = {
  name: 'The add fails (HTTP 500): no drawer, the link is followed',
  parameters: {
    msw: { handlers: answering('add_to_cart', () => new HttpResponse('<h1>Error</h1>', { status: 500 })) },
  },
  beforeEach: () => {
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const error = spyOn(console, 'error').mockImplementation(() => undefined);
    return () => {
      assign.mockRestore();
      error.mockRestore();
    };
  },
  play: async ({ canvasElement }) => {
    await settled();
    await userEvent.click(addButton(canvasElement));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalled());
    expect(drawer(canvasElement)).toBeNull();
  },
};
