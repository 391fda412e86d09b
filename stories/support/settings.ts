import { demoSettings } from '../../demo/settings';
import type { SettingsInput } from '../../src/contract/settings';

/**
 * The `wp_rest` nonce the stories' settings carry. The demo store's own nonces are random per
 * session, so stories that assert the X-WP-Nonce header answer the REST route with their own
 * handler, which accepts exactly this value (and the demo-store story fetches a real one).
 */
export const REST_NONCE = '5f3a9c1e2b';

/** The settings block a demo page prints (demo/settings.ts), with a fixed nonce. */
export const STOREFRONT_SETTINGS = demoSettings({ restNonce: REST_NONCE });

/** A story's settings: the storefront's, overridden by `parameters.settings` and `loaded.settings`. */
export function storySettings(...overrides: unknown[]): SettingsInput {
  const merged: SettingsInput = { ...STOREFRONT_SETTINGS };
  for (const override of overrides) {
    if (override && typeof override === 'object') Object.assign(merged, override);
  }
  return merged;
}
