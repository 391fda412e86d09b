import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { miniCartHtml as demoMiniCartHtml } from '../demo/fragments';
import { cart } from '../src/cart';
import { COOKIES_BLOCKED_MESSAGE } from '../src/cart/cookies-blocked';
import { emit } from '../src/events/bus';
import { navigation } from '../src/navigation';
import { MiniCart } from '../widgets/mini-cart/MiniCart';
import { MiniCartPropsSchema } from '../widgets/mini-cart/schema';
import {
  answering,
  cookiesBlockedStory,
  fillDemoCart,
  fragmentsFor,
  freshCart,
  LONG_NAMES,
  miniCartFragment,
  MountedIsland,
  type StoryLine,
} from './support/cart';

/** The empty mini-cart as the server prints it (sample 06). */
const EMPTY = demoMiniCartHtml(null);

function HeaderMiniCart({ serverHtml }: { serverHtml: string }) {
  return (
    <div style={{ maxWidth: '22rem' }}>
      <MountedIsland name="mini-cart">
        <MiniCart {...MiniCartPropsSchema.parse({ serverHtml })} />
      </MountedIsland>
    </div>
  );
}

const widget = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.widget_shopping_cart')!;
const removeLink = async (canvasElement: HTMLElement, name: string) =>
  (await within(canvasElement).findByRole('link', { name: `Remove ${name} from cart` })) as HTMLAnchorElement;

const MANY: StoryLine[] = Array.from({ length: 12 }, (_, i) => ({
  name: `Training cone set ${i + 1}`,
  quantity: (i % 3) + 1,
  price: 4.99 + i,
}));

const meta = {
  title: 'Widgets/Mini-cart',
  component: HeaderMiniCart,
  args: { serverHtml: EMPTY },
  beforeEach: () => {
    const cleanup = freshCart();
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const error = spyOn(console, 'error');
    return async () => {
      assign.mockRestore();
      error.mockRestore();
      await cleanup();
    };
  },
} satisfies Meta<typeof HeaderMiniCart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmptyCart: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(widget(canvasElement)).not.toHaveAttribute('aria-busy'));
    expect(within(canvasElement).getByText('No products in the cart.')).toBeVisible();
  },
};

export const WithItems: Story = {
  beforeEach: () =>
    fillDemoCart([
      [13, 2],
      [16, 1],
    ]),
  play: async ({ canvasElement }) => {
    await removeLink(canvasElement, 'Pro Match Football');
    expect(widget(canvasElement)).toHaveTextContent(/2 × €49\.99/);
    expect(widget(canvasElement)).toHaveTextContent(/Subtotal: €114\.97/);
    expect(within(canvasElement).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/checkout/',
    );
  },
};

export const CookiesBlocked: Story = {
  name: 'Cookies blocked: the cart cannot be kept',
  beforeEach: cookiesBlockedStory,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(widget(canvasElement)).not.toHaveAttribute('aria-busy'));
    expect(within(canvasElement).getByText(COOKIES_BLOCKED_MESSAGE)).toBeVisible();
    expect(within(canvasElement).getByText('No products in the cart.')).toBeVisible();
  },
};

export const ManyItems: Story = {
  parameters: { msw: { handlers: fragmentsFor(MANY) } },
  play: async ({ canvasElement }) => {
    await removeLink(canvasElement, 'Training cone set 12');
    expect(canvasElement.querySelectorAll('li.mini_cart_item')).toHaveLength(12);
  },
};

export const LongNames: Story = {
  parameters: {
    msw: { handlers: fragmentsFor(LONG_NAMES.map((name, i) => ({ name, quantity: i + 1, price: 29.99 }))) },
  },
  play: async ({ canvasElement }) => {
    await removeLink(canvasElement, LONG_NAMES[0]!);
    expect(canvasElement.querySelectorAll('li.mini_cart_item')).toHaveLength(3);
  },
};

export const Updating: Story = {
  name: 'Updating (dimmed)',
  parameters: {
    msw: {
      handlers: answering('get_refreshed_fragments', async () => {
        await delay(1500);
        return undefined;
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('aria-busy', 'true'));
    expect(widget(canvasElement).style.opacity).toBe('0.6');
    await waitFor(() => expect(widget(canvasElement)).not.toHaveAttribute('aria-busy'), { timeout: 4000 });
    expect(widget(canvasElement).style.opacity).toBe('');
  },
};

export const HiddenWhileEmpty: Story = {
  name: 'Hidden while empty (hide_mini_cart_if_empty), shown when an add starts',
  parameters: { settings: { hide_mini_cart_if_empty: true } },
  play: async ({ canvasElement }) => {
    // The island listens from its first effects on (the store's first refresh is one of them).
    await waitFor(() =>
      expect(cart.getSnapshot().fragments['div.widget_shopping_cart_content']).toBeDefined(),
    );
    expect(widget(canvasElement)).not.toBeVisible();
    emit('adding_to_cart', [null, { product_id: '13', quantity: '1' }]);
    await waitFor(() => expect(widget(canvasElement)).toBeVisible());
  },
};

export const RemoveItem: Story = {
  beforeEach: () =>
    fillDemoCart([
      [13, 1],
      [16, 1],
    ]),
  play: async ({ canvasElement }) => {
    await userEvent.click(await removeLink(canvasElement, 'Pro Match Football'));
    await waitFor(() =>
      expect(within(canvasElement).queryByRole('link', { name: /Remove Pro Match Football/ })).toBeNull(),
    );
    expect(widget(canvasElement)).toHaveTextContent('Training Ball');
    expect(navigation.assign).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(document.getElementById('shop-islands-live')).toHaveTextContent(
          '“Pro Match Football” has been removed from your cart',
        ),
      { timeout: 3000 },
    );
  },
};

export const RemoveFailsFollowsLink: Story = {
  name: 'Remove fails: follows the link',
  beforeEach: () => fillDemoCart([[13, 1]]),
  parameters: {
    msw: { handlers: answering('remove_from_cart', () => new HttpResponse('', { status: 500 })) },
  },
  play: async ({ canvasElement }) => {
    const link = await removeLink(canvasElement, 'Pro Match Football');
    await userEvent.click(link);
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(link.href));
    expect(link.href).toMatch(/\/cart\/\?remove_item=[0-9a-f]{32}&_wpnonce=/);
  },
};

export const ServerMarkupUntilRefreshed: Story = {
  name: "The server's markup until the store has the fragment",
  args: { serverHtml: miniCartFragment([{ name: 'From the server', quantity: 1, price: 9.99 }]) },
  parameters: {
    msw: {
      handlers: answering('get_refreshed_fragments', async () => {
        await delay(800);
        return undefined;
      }),
    },
  },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('From the server')).toBeVisible();
    await waitFor(() => expect(within(canvasElement).getByText('No products in the cart.')).toBeVisible(), {
      timeout: 3000,
    });
  },
};

export const RefreshFails: Story = {
  name: "Refresh fails: the server's markup stays and nothing breaks",
  args: { serverHtml: miniCartFragment([{ name: 'From the server', quantity: 1, price: 9.99 }]) },
  parameters: {
    msw: {
      handlers: answering(
        'get_refreshed_fragments',
        () => new HttpResponse('<html>Internal Server Error</html>', { status: 500 }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(cart.getSnapshot().failed).toBe(true));
    await waitFor(() => expect(widget(canvasElement)).not.toHaveAttribute('aria-busy'));
    expect(widget(canvasElement).style.opacity).toBe('');
    expect(within(canvasElement).getByText('From the server')).toBeVisible();
    expect(
      within(canvasElement).getByRole('link', { name: 'Remove From the server from cart' }),
    ).toBeVisible();
  },
};
