import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { findProduct, type Product } from '../demo/fixtures';
import { wishlistControlHtml } from '../demo/wishlist';
import { resetPopup } from '../src/ui/popup';
import { WishlistButton } from '../widgets/wishlist-button/WishlistButton';
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

const SHIN_PADS = findProduct(14)!;
/** In the demo session's wishlist from the start (products 13 and 18). */
const BALL = findProduct(13)!;
const NONCE = '0123456789';
const FAILED = 'Sorry, your wishlist could not be updated. Please try again.';
/** How long the slow server takes (ms). */
const SLOW_MS = 1200;

const html = (product: Product, inWishlist: boolean, type: 'page' | 'list' = 'page') =>
  wishlistControlHtml(product, { inWishlist, type, nonce: NONCE });

const item = (canvasElement: HTMLElement) => canvasElement.querySelector('.commercekit-wishlist')!;

/** A product summary around the control, as on the demo's product page. */
function ProductSummary(props: Parameters<typeof WishlistButton>[0]) {
  return (
    <div className="summary entry-summary">
      <p className="price">€12.50</p>
      <WishlistButton {...props} />
    </div>
  );
}

const meta = {
  title: 'Widgets/Wishlist button',
  component: WishlistButton,
  render: (args) => <ProductSummary {...args} />,
  args: { productId: 14, html: html(SHIN_PADS, false), variant: 'full', type: 'page', timeout: 20_000 },
  beforeEach: () => {
    resetPosted();
    // Failures are logged; the failure stories assert it.
    const error = spyOn(console, 'error');
    return () => {
      error.mockRestore();
      resetPopup();
    };
  },
} satisfies Meta<typeof WishlistButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotInWishlist: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
    expect(item(canvasElement)).toHaveClass('commercekit-wishlist', 'full');
    expect(item(canvasElement)).toHaveAttribute('aria-busy', 'false');
    expect(popup(canvasElement)).toBeEmptyDOMElement();
  },
};

export const InWishlist: Story = {
  args: { productId: 13, html: html(BALL, true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    expect(canvas.getByRole('link', { name: 'View wishlist' })).toHaveAttribute('href', '/wishlist/');
  },
};

export const ListingHeart: Story = {
  name: 'Listing item (mini)',
  args: { html: html(SHIN_PADS, false, 'list'), variant: 'mini', type: 'list' },
  render: (args) => (
    <ul className="products columns-3">
      <li className="product">
        <h2 className="woocommerce-loop-product__title">{SHIN_PADS.name}</h2>
        <WishlistButton {...args} />
      </li>
    </ul>
  ),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('button', { name: 'Add “Shin Pads” to wishlist' })).toBeVisible();
    expect(item(canvasElement)).toHaveClass('mini');
  },
};

export const AddAgainstDemoStore: Story = {
  name: 'Add (demo store)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to wishlist' }));
    const remove = await canvas.findByRole('button', { name: 'Remove from wishlist' });
    // The pressed control was replaced: the focus is on its successor.
    expect(remove).toHaveFocus();
    expect(canvas.getByRole('link', { name: 'View wishlist' })).toBeVisible();
    await expectPopup(canvasElement, '“Shin Pads” has been added to your wishlist.');
  },
};

export const RemoveByKeyboard: Story = {
  name: 'Remove by keyboard (demo store)',
  args: { productId: 13, html: html(BALL, true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    expect(canvas.getByRole('button', { name: 'Remove from wishlist' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await canvas.findByRole('button', { name: 'Add to wishlist' })).toHaveFocus();
    await expectPopup(canvasElement, '“Pro Match Football” has been removed from your wishlist.');
  },
};

export const Processing: Story = {
  name: 'Processing (slow server)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_wishlist', async () => {
          await delay(SLOW_MS);
          return HttpResponse.json({
            status: 1,
            html: html(SHIN_PADS, true),
            message: '&ldquo;Shin Pads&rdquo; has been added to your wishlist.',
          });
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Add to wishlist' });
    await userEvent.click(button);
    expect(item(canvasElement)).toHaveClass('processing');
    expect(item(canvasElement)).toHaveAttribute('aria-busy', 'true');
    // Repeat clicks while it runs are ignored.
    await userEvent.click(button);
    await userEvent.click(button);
    await canvas.findByRole('button', { name: 'Remove from wishlist' }, { timeout: SLOW_MS + 2000 });
    expect(item(canvasElement)).not.toHaveClass('processing');
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({
      action: 'commercekit_save_wishlist',
      product_id: '14',
      type: 'page',
    });
  },
};

export const Refused: Story = {
  name: 'Refused (status 0)',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_wishlist', () =>
          HttpResponse.json({ status: 0, html: '', message: 'Cannot add this item to the wishlist' }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const before = item(canvasElement).innerHTML;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to wishlist' }));
    await expectPopup(canvasElement, 'Cannot add this item to the wishlist');
    expect(item(canvasElement).innerHTML).toBe(before);
  },
};

/** A failed request: the item is as it was, usable, and the popup says so. */
async function expectFailed(canvasElement: HTMLElement, before: string) {
  await expectPopup(canvasElement, FAILED);
  expect(item(canvasElement).innerHTML).toBe(before);
  expect(item(canvasElement)).not.toHaveClass('processing');
  expect(console.error).toHaveBeenCalledWith(
    expect.stringContaining('wishlist-button: the wishlist was not updated'),
    expect.anything(),
  );
}

export const ServerError: Story = {
  name: 'Server error (500), then a retry',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction('commercekit_save_wishlist', () =>
          posted.length === 1
            ? serverError()
            : HttpResponse.json({ status: 1, html: html(SHIN_PADS, true), message: 'Added' }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = item(canvasElement).innerHTML;
    await userEvent.click(canvas.getByRole('button', { name: 'Add to wishlist' }));
    await expectFailed(canvasElement, before);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to wishlist' }));
    await canvas.findByRole('button', { name: 'Remove from wishlist' });
  },
};

export const MalformedResponse: Story = {
  parameters: {
    msw: { handlers: [adminAjaxAction('commercekit_save_wishlist', malformed), ...demoHandlers] },
  },
  play: async ({ canvasElement }) => {
    const before = item(canvasElement).innerHTML;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to wishlist' }));
    await expectFailed(canvasElement, before);
  },
};

export const Timeout: Story = {
  args: { timeout: 300 },
  parameters: { msw: { handlers: [adminAjaxAction('commercekit_save_wishlist', never), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    const before = item(canvasElement).innerHTML;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to wishlist' }));
    await expectFailed(canvasElement, before);
  },
};

const LONG = {
  ...SHIN_PADS,
  name: 'Professional Lightweight Carbon-Fibre Shin Pads with Removable Ankle Guards and Compression Sleeves (Junior, Large)',
};

export const LongName: Story = {
  name: 'Long product name',
  args: { html: html(LONG, false, 'list'), variant: 'mini', type: 'list' },
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <WishlistButton {...args} />
      <WishlistButton {...args} productId={14} html={html(LONG, true)} variant="full" type="page" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('button', { name: `Add “${LONG.name}” to wishlist` })).toBeVisible();
    expect(canvas.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  },
};

export const ManyOnAListing: Story = {
  name: 'Many on a listing',
  render: () => (
    <ul
      className="products columns-3"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '1rem' }}
    >
      {[13, 14, 15, 16, 17, 18].map((id) => {
        const product = findProduct(id)!;
        return (
          <li className="product" key={id}>
            <h2 className="woocommerce-loop-product__title">{product.name}</h2>
            <WishlistButton
              productId={id}
              html={html(product, id === 13 || id === 18, 'list')}
              variant="mini"
              type="list"
              timeout={20_000}
            />
          </li>
        );
      })}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getAllByRole('button', { name: /to wishlist$/ })).toHaveLength(4);
    expect(canvas.getAllByRole('button', { name: /from wishlist$/ })).toHaveLength(2);
    // Two islands, one popup: the page has a single message region.
    await userEvent.click(canvas.getByRole('button', { name: 'Add “Training Ball” to wishlist' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Remove “Training Ball” from wishlist' })).toBeVisible(),
    );
    expect(
      canvasElement.ownerDocument.querySelectorAll('[role="status"]#commercekit-wishlist-popup'),
    ).toHaveLength(1);
  },
};
