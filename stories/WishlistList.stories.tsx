import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { findProduct, PRODUCTS, type Product } from '../demo/fixtures';
import { wishlistListHtml } from '../demo/wishlist';
import { resetPopup } from '../src/ui/popup';
import { WishlistList } from '../widgets/wishlist-list/WishlistList';
import {
  adminAjaxAction,
  expectPopup,
  malformed,
  never,
  popup,
  posted,
  resetPosted,
  serverError,
} from './support/commercekit';
import { demoHandlers } from './support/msw';

const BALL = findProduct(13)!;
const GLOVES = findProduct(15)!;
const TRAINING = findProduct(16)!;
const BOOTS = findProduct(18)!;
const NONCE = '0123456789';
const SLOW_MS = 1200;

const list = (products: Product[]) => wishlistListHtml(products, { nonce: NONCE });
/** The demo session's wishlist when a story starts: products 13 and 18, newest first. */
const DEMO_LIST = list([BOOTS, BALL]);

const names = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('listitem')
    .map((li) => within(li).getByRole('heading').textContent);
const removeButton = (canvasElement: HTMLElement, product: Product) =>
  within(canvasElement).getByRole('button', { name: `Remove “${product.name}” from wishlist` });
const cartButton = (canvasElement: HTMLElement, product: Product) =>
  within(canvasElement).getByRole('button', { name: `Add to cart: “${product.name}”` });

/** The wishlist page around the list. */
function WishlistPage(props: Parameters<typeof WishlistList>[0]) {
  return (
    <>
      <h1 className="entry-title">Wishlist</h1>
      <WishlistList {...props} />
    </>
  );
}

const meta = {
  title: 'Widgets/Wishlist list',
  component: WishlistList,
  render: (args) => <WishlistPage {...args} />,
  args: { html: DEMO_LIST, wpage: 1, timeout: 20_000 },
  beforeEach: () => {
    resetPosted();
    const error = spyOn(console, 'error');
    return () => {
      error.mockRestore();
      resetPopup();
    };
  },
} satisfies Meta<typeof WishlistList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoItems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(names(canvasElement)).toEqual(['Junior Football Boots', 'Pro Match Football']);
    expect(cartButton(canvasElement, BALL)).toBeEnabled();
    expect(canvas.getByRole('link', { name: 'Select options for “Junior Football Boots”' })).toBeVisible();
    expect(canvas.getByText('2 items')).toBeVisible();
    expect(popup(canvasElement)).toBeEmptyDOMElement();
  },
};

export const Empty: Story = {
  args: { html: list([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('heading', { name: 'This wishlist is empty' })).toBeVisible();
    expect(canvas.getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '/shop/');
  },
};

/** Every product of the catalogue, and more of them under longer names. */
const MANY = [
  ...PRODUCTS,
  ...PRODUCTS.map((p, i) => ({ ...p, id: 1000 + i, name: `${p.name} (Limited Edition ${2020 + i})` })),
];

export const ManyItems: Story = {
  args: { html: list(MANY) },
  play: async ({ canvasElement }) => {
    expect(names(canvasElement)).toHaveLength(MANY.length);
    expect(within(canvasElement).getByText(`${MANY.length} items`)).toBeVisible();
  },
};

const LONG = {
  ...TRAINING,
  name: 'Official Size 5 Thermo-Bonded Training Ball with Reinforced Butyl Bladder for Artificial and Natural Grass Pitches',
};

export const LongNames: Story = {
  args: { html: list([LONG, BOOTS]) },
  play: async ({ canvasElement }) => {
    expect(cartButton(canvasElement, LONG)).toBeVisible();
    expect(removeButton(canvasElement, LONG)).toBeVisible();
  },
};

export const RemoveAgainstDemoStore: Story = {
  name: 'Remove (demo store)',
  play: async ({ canvasElement }) => {
    await userEvent.click(removeButton(canvasElement, BOOTS));
    await waitFor(() => expect(names(canvasElement)).toEqual(['Pro Match Football']));
    await expectPopup(canvasElement, '“Junior Football Boots” has been removed from your wishlist.');
    // The focus went to the remove button now in the removed item's place.
    expect(removeButton(canvasElement, BALL)).toHaveFocus();
  },
};

export const RemoveLastByKeyboard: Story = {
  name: 'Remove the last item by keyboard (demo store)',
  play: async ({ canvasElement }) => {
    removeButton(canvasElement, BOOTS).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(names(canvasElement)).toEqual(['Pro Match Football']));
    await userEvent.keyboard(' ');
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'This wishlist is empty' })).toBeVisible();
    expect(canvas.getByRole('link', { name: 'Return to Shop' })).toHaveFocus();
  },
};

export const AddToCartAgainstDemoStore: Story = {
  name: 'Add to cart (demo store)',
  play: async ({ canvasElement }) => {
    let refreshes = 0;
    const count = () => {
      refreshes += 1;
    };
    document.body.addEventListener('wc_fragment_refresh', count);
    try {
      await userEvent.click(cartButton(canvasElement, BALL));
      await expectPopup(canvasElement, '“Pro Match Football” has been added to your cart.');
      await waitFor(() => expect(refreshes).toBe(1));
      expect(cartButton(canvasElement, BALL)).toBeEnabled();
      // The item stays in the wishlist.
      expect(names(canvasElement)).toHaveLength(2);
    } finally {
      document.body.removeEventListener('wc_fragment_refresh', count);
    }
  },
};

export const Processing: Story = {
  name: 'Processing (slow server)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_remove_wishlist', async () => {
          await delay(SLOW_MS);
          return HttpResponse.json({ status: 1, html: list([BALL]), message: 'Removed' });
        }),
        adminAjaxAction('commercekit_wishlist_addtocart', async () => {
          await delay(SLOW_MS);
          return HttpResponse.json({ status: 1, message: 'Added to cart' });
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(cartButton(canvasElement, BALL));
    expect(cartButton(canvasElement, BALL)).toBeDisabled();
    const remove = removeButton(canvasElement, BOOTS);
    await userEvent.click(remove);
    const item = remove.closest('li')!;
    expect(item).toHaveClass('processing');
    expect(item).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(remove);
    await waitFor(() => expect(names(canvasElement)).toEqual(['Pro Match Football']), {
      timeout: SLOW_MS + 2000,
    });
    await waitFor(() => expect(cartButton(canvasElement, BALL)).toBeEnabled());
    expect(posted.map((p) => p.get('action'))).toEqual([
      'commercekit_wishlist_addtocart',
      'commercekit_remove_wishlist',
    ]);
    expect(Object.fromEntries(posted[1]!)).toEqual({
      action: 'commercekit_remove_wishlist',
      product_id: '18',
      wpage: '1',
      type: 'list',
      reload: '1',
    });
  },
};

export const RemoveRefused: Story = {
  name: 'Remove refused (status 0)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_remove_wishlist', () =>
          HttpResponse.json({ status: 0, html: '', message: 'Cannot remove this item from the wishlist' }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(removeButton(canvasElement, BALL));
    await expectPopup(canvasElement, 'Cannot remove this item from the wishlist');
    expect(names(canvasElement)).toEqual(['Junior Football Boots', 'Pro Match Football']);
  },
};

export const AddToCartRefused: Story = {
  name: 'Add to cart refused (out of stock)',
  args: { html: list([GLOVES, BALL]) },
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_wishlist_addtocart', () =>
          HttpResponse.json({
            status: 0,
            message:
              'You cannot add &quot;Pro Match Football&quot; to the cart because the product is out of stock.',
          }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(cartButton(canvasElement, BALL));
    await expectPopup(canvasElement, /because the product is out of stock/);
    expect(cartButton(canvasElement, BALL)).toBeEnabled();
  },
};

const REMOVE_FAILED = 'Sorry, the product could not be removed from your wishlist. Please try again.';
const CART_FAILED = 'Sorry, the product could not be added to your cart. Please try again.';

export const ServerError: Story = {
  name: 'Server error (500)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_remove_wishlist', serverError),
        adminAjaxAction('commercekit_wishlist_addtocart', serverError),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(removeButton(canvasElement, BALL));
    await expectPopup(canvasElement, REMOVE_FAILED);
    expect(names(canvasElement)).toEqual(['Junior Football Boots', 'Pro Match Football']);
    expect(removeButton(canvasElement, BALL).closest('li')).not.toHaveClass('processing');
    await userEvent.click(cartButton(canvasElement, BALL));
    await expectPopup(canvasElement, CART_FAILED);
    expect(cartButton(canvasElement, BALL)).toBeEnabled();
    expect(console.error).toHaveBeenCalledTimes(2);
  },
};

export const MalformedResponse: Story = {
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_remove_wishlist', malformed),
        adminAjaxAction('commercekit_wishlist_addtocart', malformed),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(cartButton(canvasElement, BALL));
    await expectPopup(canvasElement, CART_FAILED);
    await userEvent.click(removeButton(canvasElement, BOOTS));
    await expectPopup(canvasElement, REMOVE_FAILED);
    expect(names(canvasElement)).toHaveLength(2);
  },
};

export const Timeout: Story = {
  args: { timeout: 300 },
  parameters: { msw: { handlers: [adminAjaxAction('commercekit_remove_wishlist', never), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(removeButton(canvasElement, BALL));
    await expectPopup(canvasElement, REMOVE_FAILED);
    expect(names(canvasElement)).toHaveLength(2);
    // The popup is shown from the failed call; the row's busy state ends with React's next commit,
    // which a loaded machine may run a moment later.
    await waitFor(() =>
      expect(removeButton(canvasElement, BALL).closest('li')).not.toHaveClass('processing'),
    );
  },
};
