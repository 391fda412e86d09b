import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORE_NOTICE_MESSAGE } from '../demo/fixtures';
import { readCookie, writeCookie } from '../src/cookies';
import { StoreNotice } from '../widgets/store-notice/StoreNotice';

/** WooCommerce's `data-notice-id`: md5 of the notice text (any `[\w-]+` passes the schema). */
const NOTICE_ID = '3c6e0b8a9c';
/** The cookie WooCommerce's store notice script sets on dismissal (storefront.md §4). */
const COOKIE = `store_notice${NOTICE_ID}`;

const notice = (canvasElement: HTMLElement) =>
  within(canvasElement).queryByRole('complementary', { name: 'Store notice' });

/** The notice is gone, and the cookie remembers it for the next page. */
async function expectDismissed(canvasElement: HTMLElement) {
  await waitFor(() => expect(notice(canvasElement)).not.toBeInTheDocument());
  expect(readCookie(COOKIE)).toBe('hidden');
  expect(document.cookie).toContain(`${COOKIE}=hidden`);
}

const meta = {
  title: 'Widgets/Store notice',
  component: StoreNotice,
  parameters: { layout: 'fullscreen' },
  args: { noticeId: NOTICE_ID, message: STORE_NOTICE_MESSAGE, dismissLabel: 'Dismiss' },
  // Each story starts with the notice not dismissed, and leaves no cookie behind.
  beforeEach: () => {
    writeCookie(COOKIE, '', { maxAge: 0 });
    return () => writeCookie(COOKIE, '', { maxAge: 0 });
  },
} satisfies Meta<typeof StoreNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('complementary', { name: 'Store notice' });
    expect(region).toHaveTextContent(STORE_NOTICE_MESSAGE);
    expect(region).toHaveClass('woocommerce-store-notice', 'demo_store');
    expect(region).toHaveAttribute('data-notice-id', NOTICE_ID);
    const dismiss = within(region).getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveAttribute('href', '#');
    expect(readCookie(COOKIE)).toBeNull();
  },
};

export const LongMessageWithLink: Story = {
  args: {
    message:
      'Our warehouse is closed from 23 December to 2 January: orders placed in that time ship on ' +
      '3 January, and delivery estimates at checkout already include the break. Gift cards are sent ' +
      'by e-mail at once. See our <a href="/delivery-and-returns/">delivery and returns terms</a> ' +
      'for the carriers, the cut-off times per country and how to return a gift after the holidays.',
    dismissLabel: 'Dismiss notice',
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('complementary', { name: 'Store notice' });
    const link = within(region).getByRole('link', { name: 'delivery and returns terms' });
    expect(link).toHaveAttribute('href', '/delivery-and-returns/');
    expect(region).toHaveTextContent(/warehouse is closed .* after the holidays\./);
    // The server's HTML is rendered as HTML, not as escaped text.
    expect(region).not.toHaveTextContent('<a href=');
    expect(within(region).getByRole('button', { name: 'Dismiss notice' })).toBeVisible();
  },
};

export const AlreadyDismissed: Story = {
  // A previous page set the cookie: the island renders nothing (WooCommerce's script hides it).
  beforeEach: () => {
    writeCookie(COOKIE, 'hidden');
  },
  play: async ({ canvasElement }) => {
    expect(readCookie(COOKIE)).toBe('hidden');
    expect(notice(canvasElement)).not.toBeInTheDocument();
    expect(canvasElement.querySelector('.woocommerce-store-notice')).toBeNull();
    expect(within(canvasElement).queryByRole('button')).not.toBeInTheDocument();
  },
};

export const DismissByClick: Story = {
  play: async ({ canvasElement }) => {
    const hash = location.hash;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expectDismissed(canvasElement);
    // `href="#"` is not followed: the page does not jump to the top.
    expect(location.hash).toBe(hash);
  },
};

export const DismissByEnter: Story = {
  name: 'Dismiss by keyboard (Enter)',
  play: async ({ canvasElement }) => {
    const dismiss = within(canvasElement).getByRole('button', { name: 'Dismiss' });
    // The only focusable element of the notice (the message has no link here).
    await userEvent.tab();
    expect(dismiss).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectDismissed(canvasElement);
  },
};

export const DismissBySpace: Story = {
  name: 'Dismiss by keyboard (Space)',
  play: async ({ canvasElement }) => {
    const dismiss = within(canvasElement).getByRole('button', { name: 'Dismiss' });
    await userEvent.tab();
    expect(dismiss).toHaveFocus();
    // role=button: Space activates it as it would a <button> (a plain link ignores Space).
    await userEvent.keyboard(' ');
    await expectDismissed(canvasElement);
  },
};
