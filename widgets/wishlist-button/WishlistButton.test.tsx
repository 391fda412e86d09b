import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { wishlistControlHtml } from '../../demo/wishlist';
import { resetPopup } from '../../src/ui/popup';
import { gate } from '../../src/test/gate';
import { withTestServer } from '../../src/test/server';
import { WISHLIST_POPUP_MS } from './model';
import { WishlistButtonPropsSchema, type WishlistButtonProps } from './schema';
import { WishlistButton } from './WishlistButton';

const server = setupServer();
const AJAX = '*/wp-admin/admin-ajax.php';
const SHIN_PADS = findProduct(14)!;
const NONCE = 'abcdef0123';
const ADDED = '&ldquo;Shin Pads&rdquo; has been added to your wishlist.';
const FAILED = 'Sorry, your wishlist could not be updated. Please try again.';

const markup = (inWishlist: boolean, type: 'page' | 'list' = 'page') =>
  wishlistControlHtml(SHIN_PADS, { inWishlist, type, nonce: NONCE });
const props = (overrides: Partial<WishlistButtonProps> = {}) =>
  WishlistButtonPropsSchema.parse({ productId: 14, html: markup(false), ...overrides });

/** What admin-ajax received. */
let posted: URLSearchParams[] = [];
const ajax = (answer: (fields: URLSearchParams) => Response | Promise<Response>) =>
  http.post(AJAX, async ({ request }) => {
    const fields = new URLSearchParams(await request.text());
    posted.push(fields);
    return answer(fields);
  });
const saved = (html = markup(true)) => ajax(() => HttpResponse.json({ status: 1, html, message: ADDED }));

const item = (container: HTMLElement) => container.querySelector('.commercekit-wishlist')!;
const popup = () => screen.getByRole('status');

withTestServer(server);
beforeEach(() => {
  posted = [];
});
afterEach(() => {
  resetPopup();
  vi.useRealTimers();
});

describe('WishlistButton', () => {
  it('shows the server’s control, and an empty status popup ready for messages', () => {
    const { container } = render(<WishlistButton {...props()} />);
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    expect(item(container)).toHaveClass('commercekit-wishlist', 'full');
    expect(item(container)).toHaveAttribute('data-product-id', '14');
    expect(popup()).toBeEmptyDOMElement();
  });

  it('adds: POSTs product_id and type, is processing meanwhile, then shows the returned html and the message', async () => {
    const answer = gate();
    server.use(
      ajax(async () => {
        await answer.passed;
        return HttpResponse.json({ status: 1, html: markup(true), message: ADDED });
      }),
    );
    const { container } = render(<WishlistButton {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(item(container)).toHaveClass('processing');
    expect(item(container)).toHaveAttribute('aria-busy', 'true');
    answer.open();

    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(screen.getByRole('link', { name: 'View wishlist' })).toHaveAttribute('href', '/wishlist/');
    expect(item(container)).not.toHaveClass('processing');
    expect(item(container)).toHaveAttribute('aria-busy', 'false');
    expect(popup()).toHaveTextContent('“Shin Pads” has been added to your wishlist.');
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({
      action: 'commercekit_save_wishlist',
      product_id: '14',
      type: 'page',
    });
  });

  it('removes with commercekit_remove_wishlist, and a listing item sends type=list', async () => {
    server.use(
      ajax((fields) =>
        HttpResponse.json({
          status: 1,
          html: markup(false, 'list'),
          message: `removed ${fields.get('type')}`,
        }),
      ),
    );
    render(<WishlistButton {...props({ html: markup(true, 'list'), variant: 'mini', type: 'list' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove “Shin Pads” from wishlist' }));
    await screen.findByRole('button', { name: 'Add “Shin Pads” to wishlist' });
    expect(posted[0]?.get('action')).toBe('commercekit_remove_wishlist');
    expect(posted[0]?.get('type')).toBe('list');
    expect(popup()).toHaveTextContent('removed list');
  });

  it('ignores repeat clicks while the request runs', async () => {
    const answer = gate();
    server.use(
      ajax(async () => {
        await answer.passed;
        return HttpResponse.json({ status: 1, html: markup(true), message: ADDED });
      }),
    );
    render(<WishlistButton {...props()} />);
    const button = screen.getByRole('button', { name: 'Add to wishlist' });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.dblClick(button);
    answer.open();
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(posted).toHaveLength(1);
  });

  it('two clicks in one task (the interaction strategy replays clicks made while it loaded) save once', async () => {
    const answer = gate();
    server.use(
      ajax(async () => {
        await answer.passed;
        return HttpResponse.json({ status: 1, html: markup(true), message: ADDED });
      }),
    );
    render(<WishlistButton {...props()} />);
    const button = screen.getByRole('button', { name: 'Add to wishlist' });
    act(() => {
      button.click();
      button.click();
    });
    answer.open();
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(posted).toHaveLength(1);
  });

  it('shows the message for 2000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(saved());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<WishlistButton {...props()} />);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(popup()).toHaveTextContent('has been added to your wishlist'));
    act(() => vi.advanceTimersByTime(WISHLIST_POPUP_MS - 100));
    expect(popup()).toHaveTextContent('has been added to your wishlist');
    act(() => vi.advanceTimersByTime(200));
    expect(popup()).toBeEmptyDOMElement();
  });

  it('status ≠ 1: the item is unchanged, the message is still shown', async () => {
    server.use(
      ajax(() => HttpResponse.json({ status: 0, html: '', message: 'Cannot add this item to the wishlist' })),
    );
    const { container } = render(<WishlistButton {...props()} />);
    const before = item(container).innerHTML;
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(popup()).toHaveTextContent('Cannot add this item to the wishlist'));
    // The popup is the page's, shown before the island's own render: wait for that one.
    await waitFor(() => expect(item(container)).not.toHaveClass('processing'));
    expect(item(container).innerHTML).toBe(before);
  });

  it('a "success" without html keeps the item (the shopper keeps a control)', async () => {
    server.use(ajax(() => HttpResponse.json({ status: 1, html: '', message: 'Added' })));
    render(<WishlistButton {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(popup()).toHaveTextContent('Added'));
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
  });

  it.each([
    ['a server error (500)', () => new HttpResponse('<h1>Error</h1>', { status: 500 })],
    [
      'a malformed answer',
      () => new HttpResponse('{"status":1,', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['admin-ajax’s "0"', () => new HttpResponse('0', { status: 400 })],
    ['an answer without message', () => HttpResponse.json({ status: 1, html: markup(true) })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s: the item stays usable, the popup says so, and a retry works', async (_case, fail) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ajax(() =>
        // The first request fails, the retry succeeds.
        posted.length === 1 ? fail() : HttpResponse.json({ status: 1, html: markup(true), message: ADDED }),
      ),
    );
    const { container } = render(<WishlistButton {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(popup()).toHaveTextContent(FAILED));
    await waitFor(() => expect(item(container)).not.toHaveClass('processing'));
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('wishlist-button: the wishlist was not updated'),
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(posted).toHaveLength(2);
  });

  it('a timeout: the item stays usable and the popup says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ajax(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { container } = render(<WishlistButton {...props({ timeout: 50 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(popup()).toHaveTextContent(FAILED));
    await waitFor(() => expect(item(container)).not.toHaveClass('processing'));
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
  });

  it('works from the keyboard, and the focus moves to the control that replaced the pressed one', async () => {
    server.use(saved());
    render(<WishlistButton {...props()} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const remove = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(remove).toHaveFocus();
    expect(posted).toHaveLength(1);
  });

  it('takes over CommerceKit’s own links too (a click, or Space on role=button)', async () => {
    server.use(saved());
    const html =
      '<a href="#" role="button" class="commercekit-save-wishlist" data-product-id="14" data-type="list" aria-label="Wishlist"><em class="cg-wishlist"></em><span></span></a>';
    render(<WishlistButton {...props({ html, variant: 'mini', type: 'page' })} />);
    screen.getByRole('button', { name: 'Wishlist' }).focus();
    await userEvent.keyboard(' ');
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(Object.fromEntries(posted[0]!)).toMatchObject({ product_id: '14', type: 'list' });
    expect(window.location.hash).toBe('');
  });

  it('leaves plain links alone', async () => {
    render(<WishlistButton {...props({ html: markup(true) })} />);
    const link = screen.getByRole('link', { name: 'View wishlist' });
    // Seen after React's listener (on the root): was the link's default action kept?
    const prevented: boolean[] = [];
    const onClick = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // jsdom cannot navigate
    };
    document.addEventListener('click', onClick);
    await userEvent.click(link);
    document.removeEventListener('click', onClick);
    expect(prevented).toEqual([false]);
    expect(posted).toHaveLength(0);
  });
});
