import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findProduct, type Product } from '../../demo/fixtures';
import { createHandlers } from '../../demo/handlers';
import { resetStore } from '../../demo/store';
import { wishlistListHtml } from '../../demo/wishlist';
import { resetPopup } from '../../src/ui/popup';
import { gate, type Gate } from '../../src/test/gate';
import { withTestServer } from '../../src/test/server';
import { WishlistListPropsSchema } from './schema';
import { WishlistList } from './WishlistList';

const server = setupServer();
const AJAX = '*/wp-admin/admin-ajax.php';
const NONCE = 'abcdef0123';
const BALL = findProduct(13)!;
const TRAINING = findProduct(16)!;
const BOOTS = findProduct(18)!;
const GLOVES = findProduct(15)!;

const list = (products: Product[], wpage = 1) => wishlistListHtml(products, { nonce: NONCE, wpage });
const props = (html = list([BALL, TRAINING, BOOTS, GLOVES])) => WishlistListPropsSchema.parse({ html });

let posted: URLSearchParams[] = [];
const ajax = (answer: (fields: URLSearchParams) => Response | Promise<Response>) =>
  http.post(AJAX, async ({ request }) => {
    const fields = new URLSearchParams(await request.text());
    posted.push(fields);
    return answer(fields);
  });
/** The demo store's answer to a removal: the list without the product; held until `until` opens. */
const removed = (left: Product[], until?: Gate) =>
  ajax(async (fields) => {
    await until?.passed;
    return HttpResponse.json({ status: 1, html: list(left), message: `Removed ${fields.get('product_id')}` });
  });

const removeButton = (product: Product) =>
  screen.getByRole('button', { name: `Remove “${product.name}” from wishlist` });
const cartButton = (product: Product) =>
  screen.getByRole('button', { name: `Add to cart: “${product.name}”` });
const itemOf = (product: Product) => removeButton(product).closest('li')!;
const popup = () => screen.getByRole('status');
const names = () =>
  screen.queryAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent ?? '');

withTestServer(server);
beforeEach(() => {
  posted = [];
});
afterEach(() => {
  resetPopup();
});

describe('WishlistList', () => {
  it('shows the server’s list: each item with remove and add to cart (or a link to the product)', () => {
    render(<WishlistList {...props()} />);
    expect(names()).toEqual([
      'Pro Match Football',
      'Training Ball',
      'Junior Football Boots',
      'Goalkeeper Gloves',
    ]);
    expect(cartButton(BALL)).toBeEnabled();
    expect(
      screen.getByRole('link', { name: 'Select options for “Junior Football Boots”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read more about “Goalkeeper Gloves”' })).toBeInTheDocument();
    expect(removeButton(GLOVES)).toBeInTheDocument();
    expect(popup()).toBeEmptyDOMElement();
  });

  describe('remove', () => {
    it('POSTs product_id, wpage, type=list, reload=1; the item is processing; the whole list is replaced', async () => {
      const answer = gate();
      server.use(removed([BALL, BOOTS, GLOVES], answer));
      render(<WishlistList {...props()} />);
      await userEvent.click(removeButton(TRAINING));
      expect(itemOf(TRAINING)).toHaveClass('processing');
      expect(itemOf(TRAINING)).toHaveAttribute('aria-busy', 'true');
      expect(itemOf(BALL)).not.toHaveClass('processing');
      answer.open();

      await waitFor(() =>
        expect(names()).toEqual(['Pro Match Football', 'Junior Football Boots', 'Goalkeeper Gloves']),
      );
      expect(screen.getByText('3 items')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').some((li) => li.classList.contains('processing'))).toBe(false);
      expect(popup()).toHaveTextContent('Removed 16');
      expect(Object.fromEntries(posted[0]!)).toEqual({
        action: 'commercekit_remove_wishlist',
        product_id: '16',
        wpage: '1',
        type: 'list',
        reload: '1',
      });
    });

    it('sends the wpage the control carries', async () => {
      server.use(removed([BALL]));
      render(<WishlistList {...props(list([BALL, TRAINING], 3))} />);
      await userEvent.click(removeButton(TRAINING));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]?.get('wpage')).toBe('3');
    });

    it('ignores repeat clicks on the processing item', async () => {
      const answer = gate();
      server.use(removed([BALL, BOOTS, GLOVES], answer));
      render(<WishlistList {...props()} />);
      const button = removeButton(TRAINING);
      await userEvent.click(button);
      await userEvent.click(button);
      await userEvent.dblClick(button);
      answer.open();
      await waitFor(() => expect(names()).not.toContain('Training Ball'));
      expect(posted).toHaveLength(1);
    });

    it('two clicks in one task (a replayed double click) remove once', async () => {
      const answer = gate();
      server.use(removed([BALL, BOOTS, GLOVES], answer));
      render(<WishlistList {...props()} />);
      const button = removeButton(TRAINING);
      act(() => {
        button.click();
        button.click();
      });
      answer.open();
      await waitFor(() => expect(names()).not.toContain('Training Ball'));
      expect(posted).toHaveLength(1);
    });

    it('by keyboard: the focus moves to the remove button now in the removed item’s place', async () => {
      server.use(removed([BALL, BOOTS, GLOVES]));
      render(<WishlistList {...props()} />);
      removeButton(TRAINING).focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(removeButton(BOOTS)).toHaveFocus());
    });

    it('removing the last item shows the empty list and focuses its link', async () => {
      server.use(removed([]));
      render(<WishlistList {...props(list([BALL]))} />);
      removeButton(BALL).focus();
      await userEvent.keyboard(' ');
      expect(await screen.findByRole('heading', { name: 'This wishlist is empty' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to Shop' })).toHaveFocus();
    });

    it('status ≠ 1: the list is unchanged, the message still shows', async () => {
      server.use(
        ajax(() =>
          HttpResponse.json({ status: 0, html: '', message: 'Cannot remove this item from the wishlist' }),
        ),
      );
      render(<WishlistList {...props()} />);
      await userEvent.click(removeButton(BALL));
      await waitFor(() => expect(popup()).toHaveTextContent('Cannot remove this item from the wishlist'));
      expect(names()).toHaveLength(4);
      // The popup is the page's, shown before the island's own render: wait for that one.
      await waitFor(() => expect(itemOf(BALL)).not.toHaveClass('processing'));
      expect(itemOf(BALL)).not.toHaveAttribute('aria-busy');
    });
  });

  describe('add to cart', () => {
    it('POSTs product_id with the button disabled, then shows the message and refreshes the fragments', async () => {
      const refreshed = vi.fn();
      document.body.addEventListener('wc_fragment_refresh', refreshed);
      const answer = gate();
      server.use(
        ajax(async () => {
          await answer.passed;
          return HttpResponse.json({
            status: 1,
            message: '&ldquo;Pro Match Football&rdquo; has been added to your cart.',
          });
        }),
      );
      render(<WishlistList {...props()} />);
      await userEvent.click(cartButton(BALL));
      expect(cartButton(BALL)).toBeDisabled();
      expect(cartButton(TRAINING)).toBeEnabled();
      expect(refreshed).not.toHaveBeenCalled();
      answer.open();

      await waitFor(() =>
        expect(popup()).toHaveTextContent('“Pro Match Football” has been added to your cart.'),
      );
      await waitFor(() => expect(cartButton(BALL)).toBeEnabled());
      expect(refreshed).toHaveBeenCalledTimes(1);
      expect(Object.fromEntries(posted[0]!)).toEqual({
        action: 'commercekit_wishlist_addtocart',
        product_id: '13',
      });
      // Adding to the cart keeps the item in the wishlist.
      expect(names()).toHaveLength(4);
      document.body.removeEventListener('wc_fragment_refresh', refreshed);
    });

    it('ignores repeat clicks, and gives the keyboard focus back to the button', async () => {
      const answer = gate();
      server.use(
        ajax(async () => {
          await answer.passed;
          return HttpResponse.json({ status: 1, message: 'Added' });
        }),
      );
      render(<WishlistList {...props()} />);
      cartButton(BALL).focus();
      await userEvent.keyboard('{Enter}');
      await userEvent.click(cartButton(BALL));
      answer.open();
      await waitFor(() => expect(cartButton(BALL)).toBeEnabled());
      expect(posted).toHaveLength(1);
      expect(cartButton(BALL)).toHaveFocus();
    });

    it('two clicks in one task (a replayed double click) add once', async () => {
      const answer = gate();
      server.use(
        ajax(async () => {
          await answer.passed;
          return HttpResponse.json({ status: 1, message: 'Added' });
        }),
      );
      render(<WishlistList {...props()} />);
      const button = cartButton(BALL);
      act(() => {
        button.click();
        button.click();
      });
      answer.open();
      await waitFor(() => expect(popup()).toHaveTextContent('Added'));
      expect(posted).toHaveLength(1);
    });

    it('a refusal (status 0) shows the server’s message', async () => {
      server.use(ajax(() => HttpResponse.json({ status: 0, message: 'Error on adding to cart.' })));
      render(<WishlistList {...props()} />);
      await userEvent.click(cartButton(TRAINING));
      await waitFor(() => expect(popup()).toHaveTextContent('Error on adding to cart.'));
      expect(cartButton(TRAINING)).toBeEnabled();
    });
  });

  describe.each([
    ['a server error (500)', () => new HttpResponse('Internal Server Error', { status: 500 })],
    ['a malformed answer', () => new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s', (_case, fail) => {
    it('remove: the list stays as it was and usable, the popup says so', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        ajax(() =>
          posted.length === 1
            ? fail()
            : HttpResponse.json({ status: 1, html: list([TRAINING]), message: 'Removed' }),
        ),
      );
      render(<WishlistList {...props(list([BALL, TRAINING]))} />);
      await userEvent.click(removeButton(BALL));
      await waitFor(() =>
        expect(popup()).toHaveTextContent(
          'Sorry, the product could not be removed from your wishlist. Please try again.',
        ),
      );
      expect(names()).toEqual(['Pro Match Football', 'Training Ball']);
      await waitFor(() => expect(itemOf(BALL)).not.toHaveClass('processing'));
      await userEvent.click(removeButton(BALL));
      await waitFor(() => expect(names()).toEqual(['Training Ball']));
    });

    it('add to cart: the button is usable again, the popup says so', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(ajax(fail));
      render(<WishlistList {...props()} />);
      await userEvent.click(cartButton(BALL));
      await waitFor(() =>
        expect(popup()).toHaveTextContent(
          'Sorry, the product could not be added to your cart. Please try again.',
        ),
      );
      expect(cartButton(BALL)).toBeEnabled();
      expect(console.error).toHaveBeenCalledWith(
        expect.stringContaining('wishlist-list: add-to-cart failed'),
        expect.anything(),
      );
    });
  });

  it('a timeout: the list stays, the popup says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      ajax(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    render(<WishlistList {...WishlistListPropsSchema.parse({ html: list([BALL]), timeout: 50 })} />);
    await userEvent.click(removeButton(BALL));
    await waitFor(() => expect(popup()).toHaveTextContent('could not be removed from your wishlist'));
    expect(names()).toEqual(['Pro Match Football']);
    await waitFor(() => expect(itemOf(BALL)).not.toHaveClass('processing'));
  });

  it('leaves links that are not its controls alone', async () => {
    render(<WishlistList {...props()} />);
    const prevented: boolean[] = [];
    const onClick = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    await userEvent.click(screen.getByRole('link', { name: 'Select options for “Junior Football Boots”' }));
    document.removeEventListener('click', onClick);
    expect(prevented).toEqual([false]);
    expect(posted).toHaveLength(0);
  });

  it('against the demo store: remove, then add to cart', async () => {
    resetStore();
    server.use(...createHandlers({ singleSession: true }));
    // The demo session starts with products 13 and 18 (newest first).
    render(<WishlistList {...props(list([BOOTS, BALL]))} />);
    await userEvent.click(cartButton(BALL));
    await waitFor(() =>
      expect(popup()).toHaveTextContent('“Pro Match Football” has been added to your cart.'),
    );
    await userEvent.click(removeButton(BOOTS));
    await waitFor(() => expect(names()).toEqual(['Pro Match Football']));
    expect(popup()).toHaveTextContent('“Junior Football Boots” has been removed from your wishlist.');
  });
});
