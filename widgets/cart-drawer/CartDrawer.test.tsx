import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announce, LIVE_REGION_IDS } from '../../src/a11y/announce';
import { addToCart } from '../../src/cart';
import { COOKIES_BLOCKED_MESSAGE, setCookiesBlockedForTesting } from '../../src/cart/cookies-blocked';
import { setSettings } from '../../src/contract/read-settings';
import {
  CART_TEST_SETTINGS,
  mountedIslandContainer,
  serverAdd,
  withCartTestServer,
} from '../../src/test/cart';
import { REMOVED_ANNOUNCE_DELAY } from '../../src/ui/MiniCartContent';
import { CartDrawer } from './CartDrawer';
import { CartDrawerPropsSchema, type CartDrawerProps } from './schema';
import { preloadModalDialog } from '../../src/ui/LazyModalDialog';

vi.mock('../../src/a11y/announce', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/a11y/announce')>();
  return { ...original, announce: vi.fn(original.announce) };
});

const server = withCartTestServer();
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

/**
 * The page around the drawer: the theme's header cart link (server markup, outside any island:
 * the cart store replaces it with the `a.cart-contents` fragment) and a button to open from.
 */
function renderPage(props: CartDrawerProps = { checkoutUrl: '/checkout/' }) {
  document.body.insertAdjacentHTML(
    'afterbegin',
    '<ul id="site-header-cart"><li><a class="cart-contents" href="/cart/" title="View your shopping cart">' +
      '<span class="count">0 items</span></a></li></ul><button type="button" id="opener">Add something</button>',
  );
  return render(<CartDrawer {...CartDrawerPropsSchema.parse(props)} />, {
    container: mountedIslandContainer('cart-drawer'),
  });
}

/**
 * {@link renderPage}, then waits for the cart store's first refresh (a new page has no stored
 * fragments): it replaces the header cart link, which a click in flight would otherwise miss.
 */
async function renderSettled(props?: CartDrawerProps) {
  const view = renderPage(props);
  await waitFor(() => expect(headerCart()).toHaveTextContent('€'));
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Cart' });
const queryDialog = () => screen.queryByRole('dialog');
const headerCart = () => document.querySelector<HTMLAnchorElement>('a.cart-contents')!;
const opener = () => document.getElementById('opener')!;

/** Clicks nobody prevented: the browser would have followed the link. */
function followedClicks(): string[] {
  const followed: string[] = [];
  const listener = (event: MouseEvent) => {
    if (!event.defaultPrevented)
      followed.push((event.target as Element).closest('a')?.getAttribute('href') ?? '');
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  cleanups.push(() => document.removeEventListener('click', listener));
  return followed;
}

/** An add to cart from `opener` (what an add-to-cart button does), which fires added_to_cart. */
async function addFromOpener(productId = 13) {
  opener().focus();
  const outcome = await act(() => addToCart({ product_id: String(productId), quantity: '1' }, opener()));
  expect(outcome.kind).toBe('added');
}

// The dialog's code is fetched when it first opens (src/ui/LazyModalDialog, tested there): here it
// is already in, so each test sees the dialog as soon as it opens.
beforeAll(() => preloadModalDialog());

describe('CartDrawer', () => {
  it('renders nothing until it opens', async () => {
    const { container } = await renderSettled();
    expect(container).toBeEmptyDOMElement();
    expect(queryDialog()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('opens after an add to cart: a modal dialog named Cart, focus inside, the cart with View cart and Checkout', async () => {
    await renderSettled();
    await addFromOpener();

    await waitFor(() => expect(dialog()).toBeInTheDocument());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();
    expect(
      within(dialog()).getByRole('link', { name: 'Remove Pro Match Football from cart' }),
    ).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(within(dialog()).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout/');
    // The store updated the header cart (server markup outside the island) meanwhile.
    expect(headerCart()).toHaveTextContent('1 item');
  });

  it('Escape closes it and the focus returns to the opener', async () => {
    await renderSettled();
    await addFromOpener();
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
    expect(queryDialog()).toBeNull();
    expect(opener()).toHaveFocus();
  });

  it('the close button and a click outside close it', async () => {
    await renderSettled();
    await addFromOpener();
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Close cart' }));
    expect(queryDialog()).toBeNull();
    expect(opener()).toHaveFocus();

    await addFromOpener(16);
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    await userEvent.click(document.querySelector('.shop-islands-cart-drawer__backdrop')!);
    expect(queryDialog()).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside while open', async () => {
    await renderSettled();
    await addFromOpener();
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab({ shift: i % 3 === 0 });
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("does not open after an add in the page builder's editor; the header cart still opens it", async () => {
    setSettings({ ...CART_TEST_SETTINGS, is_editor: true });
    await renderSettled();
    await addFromOpener();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryDialog()).toBeNull();

    await userEvent.click(headerCart());
    expect(dialog()).toBeInTheDocument();
  });

  it('a click on the header cart opens it instead of going to the cart page', async () => {
    await renderSettled();
    const followed = followedClicks(); // after the drawer's own listener
    await userEvent.click(headerCart().querySelector('.count')!);
    expect(dialog()).toBeInTheDocument();
    expect(followed).toEqual([]);
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(headerCart()).toHaveFocus();
  });

  it('a click on the header cart with a modifier key is left to the browser (new tab)', async () => {
    await renderSettled();
    const followed = followedClicks();
    const user = userEvent.setup();
    await user.keyboard('{Meta>}');
    await user.click(headerCart());
    await user.keyboard('{/Meta}');
    expect(queryDialog()).toBeNull();
    expect(followed).toEqual(['/cart/']);
  });

  it("also opens from the header cart link that replaced the server's (a fragment refresh)", async () => {
    await serverAdd(13);
    renderPage();
    const original = headerCart();
    await waitFor(() => expect(headerCart()).not.toBe(original));
    await userEvent.click(headerCart());
    expect(dialog()).toBeInTheDocument();
  });

  it("locks the page's scroll while open", async () => {
    document.documentElement.style.overflow = 'auto';
    await renderSettled();
    await userEvent.click(headerCart());
    expect(document.documentElement.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('auto');
    document.documentElement.style.overflow = '';
  });

  it('unmounted while open: the page scrolls again; the header cart and an add no longer open it', async () => {
    document.documentElement.style.overflow = 'auto';
    const view = await renderSettled();
    await userEvent.click(headerCart());
    expect(dialog()).toBeInTheDocument();
    view.unmount();
    expect(queryDialog()).toBeNull();
    expect(document.documentElement.style.overflow).toBe('auto');
    const followed = followedClicks();
    await userEvent.click(headerCart());
    expect(followed).toEqual(['/cart/']);
    document.documentElement.style.overflow = '';
  });

  it('with an empty cart: the empty message, View cart, and no Checkout link', async () => {
    await renderSettled();
    await userEvent.click(headerCart());
    await waitFor(() => expect(within(dialog()).getByText('No products in the cart.')).toBeInTheDocument());
    expect(within(dialog()).getByRole('link', { name: 'View cart' })).toBeInTheDocument();
    expect(within(dialog()).queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  it("shows the page's mini-cart until the store has the fragment", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    cleanups.push(release);
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') === 'get_refreshed_fragments') await released;
        return undefined;
      }),
    );
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div class="widget_shopping_cart_content"><p>The page’s own mini-cart</p></div>',
    );
    renderPage(); // the refresh is held: nothing replaces the header cart link
    await userEvent.click(headerCart());
    expect(within(dialog()).getByText('The page’s own mini-cart')).toBeInTheDocument();
  });

  it('removes in the page from the drawer, keeping the focus inside', async () => {
    await serverAdd(13);
    await serverAdd(16);
    await renderSettled();
    await userEvent.click(headerCart());
    const link = await waitFor(() =>
      within(dialog()).getByRole('link', { name: 'Remove Pro Match Football from cart' }),
    );
    await userEvent.click(link);
    await waitFor(() =>
      expect(within(dialog()).queryByRole('link', { name: /Remove Pro Match Football/ })).toBeNull(),
    );
    await waitFor(() => expect(dialog()).toContainElement(document.activeElement as HTMLElement));
    expect(headerCart()).toHaveTextContent('1 item');
  });

  it('after a removal by keyboard the focus goes to the next item, then to the empty-cart text; never to Close cart', async () => {
    await serverAdd(13);
    await serverAdd(16);
    await renderSettled();
    await userEvent.click(headerCart());
    const link = await waitFor(() =>
      within(dialog()).getByRole('link', { name: 'Remove Pro Match Football from cart' }),
    );
    link.focus();
    await userEvent.keyboard('{Enter}');
    const next = () => within(dialog()).getByRole('link', { name: 'Remove Training Ball from cart' });
    await waitFor(() => expect(next().closest('li')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close cart' })).not.toHaveFocus();

    await userEvent.tab();
    expect(next()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const empty = await waitFor(() => within(dialog()).getByText('No products in the cart.'));
    await waitFor(() => expect(empty).toHaveFocus());
    expect(empty).toHaveAttribute('tabindex', '-1');
    // Tab from there stays in the drawer.
    await userEvent.tab();
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it('unmounted right after a removal: its message is not announced afterwards', async () => {
    await serverAdd(13);
    await serverAdd(16);
    const view = await renderSettled();
    await userEvent.click(headerCart());
    const link = await waitFor(() =>
      within(dialog()).getByRole('link', { name: 'Remove Pro Match Football from cart' }),
    );
    await userEvent.click(link);
    await waitFor(() => expect(headerCart()).toHaveTextContent('1 item'));
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, REMOVED_ANNOUNCE_DELAY + 200));
    expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '').toBe('');
  });

  describe('when the browser refuses cookies', () => {
    afterEach(() => setCookiesBlockedForTesting(null));
    const assertive = () => document.getElementById(LIVE_REGION_IDS.assertive);
    /** The announcements that the cart cannot be kept, so far. */
    const cookieAnnouncements = () =>
      vi.mocked(announce).mock.calls.filter(([message]) => message === COOKIES_BLOCKED_MESSAGE);

    it('says, above the lines, that the cart cannot be kept; screen readers are told once per page', async () => {
      setCookiesBlockedForTesting(true);
      const before = cookieAnnouncements().length;
      await renderSettled();
      await addFromOpener();
      await waitFor(() => expect(dialog()).toBeInTheDocument());
      const notice = within(dialog()).getByText(COOKIES_BLOCKED_MESSAGE);
      expect(notice).toBeVisible();
      expect(notice).toHaveClass('woocommerce-error');
      // Above the cart's lines, which are still there: the add itself worked.
      const line = within(dialog()).getByRole('link', { name: 'Remove Pro Match Football from cart' });
      expect(notice.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await waitFor(() => expect(assertive()).toHaveTextContent(COOKIES_BLOCKED_MESSAGE));
      expect(cookieAnnouncements()).toHaveLength(before + 1);

      // Closed and opened again: shown again, not announced again.
      await userEvent.keyboard('{Escape}');
      await userEvent.click(headerCart());
      expect(within(dialog()).getByText(COOKIES_BLOCKED_MESSAGE)).toBeVisible();
      expect(cookieAnnouncements()).toHaveLength(before + 1);
    });

    it('with cookies kept, no such notice', async () => {
      setCookiesBlockedForTesting(false);
      await renderSettled();
      await addFromOpener();
      await waitFor(() => expect(dialog()).toBeInTheDocument());
      expect(within(dialog()).queryByText(COOKIES_BLOCKED_MESSAGE)).toBeNull();
    });
  });

  it('takes its title from the props', async () => {
    await renderSettled({ checkoutUrl: '/kasse/', title: 'Warenkorb' });
    await userEvent.click(headerCart());
    expect(screen.getByRole('dialog', { name: 'Warenkorb' })).toBeInTheDocument();
  });
});
