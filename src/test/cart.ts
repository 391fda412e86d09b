/**
 * Component tests of the cart widgets: a fresh "page" for the cart store before each test (no
 * stored fragments, no cart cookies, the store forgotten) with the demo store's settings.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createHandlers } from '../../demo/handlers';
import { resetStore } from '../../demo/store';
import { cart, resetCartForTesting } from '../cart';
import { setSettings } from '../contract/read-settings';
import type { SettingsInput } from '../contract/settings';

/** What a demo page prints (demo/settings.ts), in short. */
export const CART_TEST_SETTINGS: SettingsInput = {
  ajax_url: '/wp-admin/admin-ajax.php',
  wc_ajax_url: '/?wc-ajax=%%endpoint%%',
  rest_url: '/wp-json/',
  cart_url: '/cart/',
  is_cart: '',
  cart_redirect_after_add: 'no',
  i18n: { view_cart: 'View cart' },
};

export const CART_COOKIES = ['woocommerce_items_in_cart', 'woocommerce_cart_hash'] as const;

/** Sets (or, with null, deletes) a cart cookie, as the server's Set-Cookie would. */
export function setCartCookie(name: (typeof CART_COOKIES)[number], value: string | null): void {
  document.cookie =
    value === null ? `${name}=; path=/; max-age=0` : `${name}=${encodeURIComponent(value)}; path=/`;
}

export function resetCartPage(settings: Partial<SettingsInput> = {}): void {
  resetCartForTesting();
  sessionStorage.clear();
  localStorage.clear();
  for (const name of CART_COOKIES) setCartCookie(name, null);
  setSettings({ ...CART_TEST_SETTINGS, ...settings });
}

/** The demo store's wc-ajax endpoint, called as a page would (jsdom's origin). */
export const wcAjaxUrl = (endpoint: string): string =>
  new URL(`/?wc-ajax=${endpoint}`, window.location.href).href;

/** Adds to the demo store's cart directly (as another tab or a page-load add would). */
export async function serverAdd(productId: number, quantity = 1): Promise<void> {
  const response = await fetch(wcAjaxUrl('add_to_cart'), {
    method: 'POST',
    body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
  });
  if (!response.ok) throw new Error(`add_to_cart ${productId}: HTTP ${response.status}`);
}

/**
 * A container marked as a mounted island, to render a cart widget into: the cart store replaces
 * fragment regions of the server's markup, but leaves those inside mounted islands to the island.
 */
export function mountedIslandContainer(name = 'test'): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('data-island', name);
  container.setAttribute('data-island-state', 'mounted');
  document.body.append(container);
  return container;
}

/**
 * Waits until no cart request is in flight. `resetCartForTesting()` does not cancel requests: one
 * that a test left running would otherwise answer during the next test and store its fragments.
 */
export async function settleCart(timeout = 3000): Promise<void> {
  const until = Date.now() + timeout;
  while (cart.getSnapshot().updating && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * For a cart widget's test file: the demo store's handlers on msw/node (one session, unhandled
 * requests are errors), a fresh store and cart page before each test, and after each test the cart
 * store settled, the handlers and their listeners reset and the settings forgotten. Hooks the file
 * registers afterwards run before these after each test (Vitest runs after-hooks in reverse).
 */
export function withCartTestServer(): SetupServer {
  const server = setupServer(...createHandlers({ singleSession: true }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetStore();
    resetCartPage();
  });
  afterEach(async () => {
    await settleCart();
    server.events.removeAllListeners();
    server.resetHandlers();
    setSettings(null);
  });
  return server;
}
