import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setSettings } from '../contract/read-settings';
import type { SettingsInput } from '../contract/settings';

/** The settings block of a WooCommerce page, as the tests' islands read it. */
export const TEST_SETTINGS = {
  ajax_url: '/wp-admin/admin-ajax.php',
  wc_ajax_url: '/?wc-ajax=%%endpoint%%',
  rest_url: '/wp-json/',
  cart_url: '/cart/',
} satisfies SettingsInput;

/**
 * For a test file: runs `server` (msw/node, unhandled requests are errors), gives each test these
 * settings, and resets the handlers and the settings after each test.
 */
export function withTestServer(server: SetupServer, settings: SettingsInput = TEST_SETTINGS): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => setSettings(settings));
  afterEach(() => {
    server.resetHandlers();
    setSettings(null);
  });
}
