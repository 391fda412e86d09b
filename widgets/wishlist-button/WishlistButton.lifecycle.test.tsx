import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { wishlistControlHtml } from '../../demo/wishlist';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { WishlistButtonPropsSchema } from './schema';
import { WishlistButton } from './WishlistButton';

const server = setupServer();
withTestServer(server);
const AJAX = '*/wp-admin/admin-ajax.php';
const html = (inWishlist: boolean) =>
  wishlistControlHtml(findProduct(14)!, { inWishlist, type: 'page', nonce: 'abcdef0123' });
const props = WishlistButtonPropsSchema.parse({ productId: 14, html: html(false) });
const popup = () => screen.getByRole('status');

describe('WishlistButton lifecycle', () => {
  it('aborts the request still running when it unmounts: no message, nothing left', async () => {
    const held = heldOpen('post', AJAX);
    server.use(held.handler);
    const watch = watchLifecycle(server);
    const { unmount } = render(<WishlistButton {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await expect.poll(held.seen).toBe(1);

    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    expect(popup()).toBeEmptyDOMElement();
    expect(watch.requests).toHaveLength(1);
  });

  it('takes its message with it: the popup empties and its timer stops', async () => {
    server.use(
      http.post(AJAX, () =>
        HttpResponse.json({ status: 1, html: html(true), message: 'Added to your wishlist' }),
      ),
    );
    const watch = watchLifecycle(server);
    const { unmount } = render(<WishlistButton {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to your wishlist');

    unmount();
    watch.unmounted();
    expect(popup()).toBeEmptyDOMElement();
    expect(await watch.leftovers()).toEqual([]);
  });
});
