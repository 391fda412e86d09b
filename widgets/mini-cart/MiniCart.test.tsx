import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { miniCartHtml as demoMiniCartHtml } from '../../demo/fragments';
import { announce } from '../../src/a11y/announce';
import { cart } from '../../src/cart';
import { COOKIES_BLOCKED_MESSAGE, setCookiesBlockedForTesting } from '../../src/cart/cookies-blocked';
import { setSettings } from '../../src/contract/read-settings';
import { emit, on } from '../../src/events/bus';
import { locatorOf, resolve } from '../../src/islands/locate';
import { navigation } from '../../src/navigation';
import {
  CART_TEST_SETTINGS,
  mountedIslandContainer,
  serverAdd,
  setCartCookie,
  withCartTestServer,
} from '../../src/test/cart';
import island from './island';
import { MiniCart } from './MiniCart';
import { MiniCartPropsSchema, type MiniCartProps } from './schema';

vi.mock('../../src/a11y/announce', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/a11y/announce')>();
  return { ...original, announce: vi.fn(original.announce) };
});

const server = withCartTestServer();
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

/** The empty mini-cart as the server prints it (sample 06). */
const EMPTY = demoMiniCartHtml(null);

const isCall = (request: Request, name: string) => new URL(request.url).searchParams.get('wc-ajax') === name;

/** Holds the answers to `name` until released. */
function hold(name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('*', async ({ request }) => {
      if (isCall(request, name)) await released;
      return undefined;
    }),
  );
  cleanups.push(release);
  return release;
}

function renderMiniCart(props: MiniCartProps = { serverHtml: EMPTY }) {
  const view = render(<MiniCart {...MiniCartPropsSchema.parse(props)} />, {
    container: mountedIslandContainer('mini-cart'),
  });
  const widget = view.container.querySelector<HTMLElement>('.widget_shopping_cart')!;
  return { ...view, widget };
}

const removeLink = (name: string) => screen.getByRole('link', { name: `Remove ${name} from cart` });

describe('MiniCart', () => {
  it("shows the server's mini-cart until the store has the fragment, then the store's", async () => {
    await serverAdd(13, 2);
    const release = hold('get_refreshed_fragments');
    const { widget } = renderMiniCart();
    expect(widget).toHaveClass('widget', 'woocommerce', 'widget_shopping_cart');
    expect(widget.querySelector('.widget_shopping_cart_content')).toHaveTextContent(
      'No products in the cart.',
    );

    release();
    await waitFor(() => expect(removeLink('Pro Match Football')).toBeInTheDocument());
    expect(widget).toHaveTextContent(/2 × €49\.99/);
    expect(widget).toHaveTextContent(/Subtotal: €99\.98/);
  });

  it('is dimmed (opacity 0.6) and busy while the cart updates', async () => {
    const release = hold('get_refreshed_fragments');
    const { widget } = renderMiniCart();
    await waitFor(() => expect(widget).toHaveStyle({ opacity: '0.6' }));
    expect(widget).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(widget).not.toHaveAttribute('aria-busy'));
    expect(widget.style.opacity).toBe('');
  });

  describe('remove links', () => {
    it('remove the line in the page, announce it and keep the focus in the mini-cart', async () => {
      await serverAdd(13);
      await serverAdd(16);
      const removed: unknown[][] = [];
      cleanups.push(on('removed_from_cart', (...args) => removed.push(args)));
      const keys: string[] = [];
      server.events.on('request:start', async ({ request }) => {
        if (isCall(request, 'remove_from_cart')) keys.push(await request.clone().text());
      });
      const assign = vi.spyOn(navigation, 'assign');
      const { widget } = renderMiniCart();
      const link = await waitFor(() => removeLink('Pro Match Football'));
      const key = link.getAttribute('data-cart_item_key');

      await userEvent.click(link);

      await waitFor(() =>
        expect(screen.queryByRole('link', { name: /Remove Pro Match Football/ })).toBeNull(),
      );
      expect(keys).toEqual([`cart_item_key=${key}`]);
      expect(widget).toHaveTextContent('Training Ball');
      expect(removed).toHaveLength(1);
      expect(announce).toHaveBeenCalledWith('“Pro Match Football” has been removed from your cart', {
        delay: 1000,
      });
      // The removed link had the focus: it moves to the next line (its li, focusable from script).
      await waitFor(() => expect(removeLink('Training Ball').closest('li')).toHaveFocus());
      expect(removeLink('Training Ball').closest('li')).toHaveAttribute('tabindex', '-1');
      expect(assign).not.toHaveBeenCalled();

      // Tab goes on to that line's remove link; Enter removes it: the focus goes to the empty-cart text.
      await userEvent.tab();
      expect(removeLink('Training Ball')).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByText('No products in the cart.')).toHaveFocus());
      expect(screen.getByText('No products in the cart.')).toHaveAttribute('tabindex', '-1');
    });

    it('after removing the last line, the focus goes to the line before it', async () => {
      await serverAdd(13);
      await serverAdd(14);
      await serverAdd(16);
      renderMiniCart();
      const link = await waitFor(() => removeLink('Training Ball'));
      link.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(removeLink('Shin Pads').closest('li')).toHaveFocus());
      expect(screen.queryByRole('link', { name: /Remove Training Ball/ })).toBeNull();
    });

    it('a removal whose line comes back in an unrelated refresh first: the focus goes back to its link, then on', async () => {
      await serverAdd(13);
      await serverAdd(16);
      const release = hold('remove_from_cart');
      renderMiniCart();
      const link = await waitFor(() => removeLink('Pro Match Football'));
      link.focus();
      await userEvent.keyboard('{Enter}');
      // Another script asks for fresh fragments while the removal is held: the same lines, in
      // markup that differs (a plugin's note; comments would be sanitised away), so the list is re-rendered.
      server.use(
        http.post('*', ({ request }) => {
          if (!isCall(request, 'get_refreshed_fragments')) return undefined;
          const { fragments, hash } = cart.getSnapshot();
          const content = fragments['div.widget_shopping_cart_content'] ?? '';
          return HttpResponse.json({
            fragments: {
              ...fragments,
              'div.widget_shopping_cart_content': `${content}<span hidden>refreshed</span>`,
            },
            cart_hash: hash,
          });
        }),
      );
      act(() => emit('wc_fragment_refresh', []));
      await waitFor(() => expect(removeLink('Pro Match Football')).not.toBe(link));
      await waitFor(() => expect(removeLink('Pro Match Football')).toHaveFocus());
      release();
      await waitFor(() => expect(removeLink('Training Ball').closest('li')).toHaveFocus());
    });

    it('send one request for a double click', async () => {
      await serverAdd(13);
      let calls = 0;
      server.events.on('request:start', ({ request }) => {
        if (isCall(request, 'remove_from_cart')) calls += 1;
      });
      const { widget } = renderMiniCart();
      const link = await waitFor(() => removeLink('Pro Match Football'));
      await userEvent.dblClick(link);
      await waitFor(() => expect(widget).toHaveTextContent('No products in the cart.'));
      expect(calls).toBe(1);
    });

    it.each([
      ['fails (HTTP 500)', () => new HttpResponse('', { status: 500 })],
      ['fails (network)', () => HttpResponse.error()],
      ['answers without fragments (sample 35)', () => HttpResponse.json({ success: false })],
    ])('%s: the browser follows the link', async (_case, answer) => {
      await serverAdd(13);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      renderMiniCart();
      const link = await waitFor(() => removeLink('Pro Match Football'));
      server.use(
        http.post('*', ({ request }) => (isCall(request, 'remove_from_cart') ? answer() : undefined)),
      );

      await userEvent.click(link);

      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(assign.mock.calls[0]?.[0]).toMatch(
        new RegExp(
          `^http://localhost:3000/cart/\\?remove_item=${link.getAttribute('data-cart_item_key')}&_wpnonce=`,
        ),
      );
    });

    it('other links are followed as they are', async () => {
      await serverAdd(13);
      const followed: string[] = [];
      const listener = (event: MouseEvent) => {
        if (!event.defaultPrevented) followed.push((event.target as Element).closest('a')?.textContent ?? '');
        event.preventDefault();
      };
      document.addEventListener('click', listener);
      cleanups.push(() => document.removeEventListener('click', listener));
      renderMiniCart();
      await waitFor(() => removeLink('Pro Match Football'));
      await userEvent.click(screen.getByRole('link', { name: 'Checkout' }));
      expect(followed).toEqual(['Checkout']);
    });
  });

  describe('when the site hides it while the cart is empty', () => {
    beforeEach(() => setSettings({ ...CART_TEST_SETTINGS, hide_mini_cart_if_empty: true }));

    it('is hidden while the cart is empty, and shown as soon as an add starts', async () => {
      const { widget } = renderMiniCart();
      expect(widget).toHaveStyle({ display: 'none' });
      act(() => emit('adding_to_cart', [null, { product_id: '13' }]));
      expect(widget).not.toHaveStyle({ display: 'none' });
      // Emptied by a removal: hidden again.
      act(() => emit('removed_from_cart', [{}, '', null]));
      expect(widget).toHaveStyle({ display: 'none' });
    });

    it('is shown when woocommerce_items_in_cart says the cart has items', async () => {
      setCartCookie('woocommerce_items_in_cart', '1');
      await serverAdd(13);
      const { widget } = renderMiniCart();
      await waitFor(() => expect(removeLink('Pro Match Football')).toBeInTheDocument());
      expect(widget).not.toHaveStyle({ display: 'none' });
    });
  });

  describe('when the browser refuses cookies', () => {
    afterEach(() => setCookiesBlockedForTesting(null));

    it('says that the cart cannot be kept, above the lines; remove links still work', async () => {
      setCookiesBlockedForTesting(true);
      await serverAdd(13);
      await serverAdd(16);
      const { widget } = renderMiniCart();
      const link = await waitFor(() => removeLink('Pro Match Football'));
      const notice = within(widget).getByText(COOKIES_BLOCKED_MESSAGE);
      expect(notice).toHaveClass('woocommerce-error');
      expect(widget.firstElementChild).toBe(notice);
      expect(widget.querySelector('.widget_shopping_cart_content')).toContainElement(link);
      // Not announced: the header's mini-cart is there on every page; the islands that add or open do it.
      expect(announce).not.toHaveBeenCalledWith(COOKIES_BLOCKED_MESSAGE, expect.anything());

      link.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(removeLink('Training Ball').closest('li')).toHaveFocus());
      expect(within(widget).getByText(COOKIES_BLOCKED_MESSAGE)).toBeInTheDocument();
    });

    it("with cookies kept, the markup is the server's as it is", async () => {
      setCookiesBlockedForTesting(false);
      const { widget } = renderMiniCart();
      expect(widget.firstElementChild).toHaveClass('widget_shopping_cart_content');
      expect(within(widget).queryByText(COOKIES_BLOCKED_MESSAGE)).toBeNull();
    });
  });

  it.each([{}, { serverHtml: null }, { serverHtml: false }, { serverHtml: [] }])(
    'the island shows the mini-cart of its fallback markup, not a copy in the props (%j)',
    async (props) => {
      hold('get_refreshed_fragments');
      const container = document.createElement('div');
      container.innerHTML =
        '<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content">' +
        '<p class="woocommerce-mini-cart__empty-message">From the server</p></div></div>';
      document.body.append(container);
      const result = await act(() =>
        island.mount(container, props, { name: 'mini-cart', locate: { locatorOf, resolve } }),
      );
      expect(result.ok).toBe(true);
      expect(within(container).getByText('From the server')).toBeInTheDocument();
      expect(container.querySelectorAll('.widget_shopping_cart')).toHaveLength(1);
      if (result.ok) act(() => result.unmount());
    },
  );
});
