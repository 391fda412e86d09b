import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { wishlistListHtml } from '../../demo/wishlist';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { WishlistListPropsSchema } from './schema';
import { WishlistList } from './WishlistList';

const server = setupServer();
withTestServer(server);
const AJAX = '*/wp-admin/admin-ajax.php';
const BALL = findProduct(13)!;
const TRAINING = findProduct(16)!;
const props = WishlistListPropsSchema.parse({
  html: wishlistListHtml([BALL, TRAINING], { nonce: 'abcdef0123' }),
});
const popup = () => screen.getByRole('status');

const refreshed = vi.fn();
beforeEach(() => document.body.addEventListener('wc_fragment_refresh', refreshed));
afterEach(() => {
  document.body.removeEventListener('wc_fragment_refresh', refreshed);
  refreshed.mockReset();
});

describe('WishlistList lifecycle', () => {
  it('aborts a removal and an add to cart still running when it unmounts: no message, no refresh', async () => {
    const held = heldOpen('post', AJAX);
    server.use(held.handler);
    const watch = watchLifecycle(server);
    const { unmount } = render(<WishlistList {...props} />);
    await userEvent.click(screen.getByRole('button', { name: `Remove “${BALL.name}” from wishlist` }));
    await userEvent.click(screen.getByRole('button', { name: `Add to cart: “${TRAINING.name}”` }));
    await expect.poll(held.seen).toBe(2);

    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    expect(popup()).toBeEmptyDOMElement();
    // An aborted add to cart changed nothing the page must refresh for.
    expect(refreshed).not.toHaveBeenCalled();
  });

  it('takes its message with it: the popup empties and its timer stops', async () => {
    server.use(
      http.post(AJAX, () =>
        HttpResponse.json({
          status: 1,
          html: wishlistListHtml([TRAINING], { nonce: 'abcdef0123' }),
          message: 'Removed',
        }),
      ),
    );
    const watch = watchLifecycle(server);
    const { unmount } = render(<WishlistList {...props} />);
    await userEvent.click(screen.getByRole('button', { name: `Remove “${BALL.name}” from wishlist` }));
    await waitFor(() => expect(popup()).toHaveTextContent('Removed'));

    unmount();
    watch.unmounted();
    expect(popup()).toBeEmptyDOMElement();
    expect(await watch.leftovers()).toEqual([]);
  });
});
