import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mountedIslandContainer } from '../../src/test/cart';

afterEach(() => {
  vi.doUnmock('../../src/ui/ModalDialog');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/**
 * The drawer's dialog code is fetched when it first opens (src/ui/LazyModalDialog). When it cannot
 * be (offline, a deploy removed it), the header cart's click goes where its link goes: the cart page.
 */
it('a header cart click whose dialog cannot load goes to the cart page, as without JavaScript', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.resetModules();
  vi.doMock('../../src/ui/ModalDialog', () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  // This test's own copies of the modules the drawer uses (the mocked dialog among them).
  const { CartDrawer } = await import('./CartDrawer');
  const { CartDrawerPropsSchema } = await import('./schema');
  const { setSettings } = await import('../../src/contract/read-settings');
  const { navigation } = await import('../../src/navigation');
  const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
  setSettings({
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    cart_url: 'http://localhost:3000/cart/',
    i18n: { view_cart: 'View cart' },
  });
  document.body.insertAdjacentHTML(
    'afterbegin',
    '<ul id="site-header-cart"><li><a class="cart-contents" href="/cart/">0 items</a></li></ul>',
  );
  render(<CartDrawer {...CartDrawerPropsSchema.parse({ checkoutUrl: '/checkout/' })} />, {
    container: mountedIslandContainer('cart-drawer'),
  });
  await userEvent.click(document.querySelector('a.cart-contents')!);
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/cart/'));
  expect(assign).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
});
