/**
 * A block theme (issue #12, item 1): on WooCommerce 9.9.5 with Twenty Twenty-Five active, the
 * automatic integration stays off, so the plugin places no island and prints none of its scripts,
 * and WooCommerce's own blocks keep working: an add from the shop page is one request and lands in
 * the cart, with no console error. The store is switched back to Storefront after each test.
 *
 * Only the `wc99` project runs it (e2e/realstore/playwright.config.ts: `@block-theme`): the 7.8.2
 * store runs Debian's WordPress 6.1, which ships no block theme.
 */
import { cartItems, expect, settle, test } from './fixtures';
import { storeChore } from './stores';

const BLOCK_THEME = 'twentytwentyfive';

/** A request that adds to the cart, through the Store API (blocks) or wc-ajax (classic scripts). */
const ADDS = /\/wc\/store\/v1\/(cart\/add-item|cart\/items|batch)\b|[?&]wc-ajax=add_to_cart\b/;

test.describe('@block-theme', () => {
  test.beforeEach(({ shop }) => {
    const before = storeChore(shop.store, 'theme', BLOCK_THEME);
    expect(before, 'the suite runs on Storefront').toBe('storefront');
  });
  test.afterEach(({ shop }) => {
    storeChore(shop.store, 'theme', 'storefront');
  });

  test('Twenty Twenty-Five: no island and no script of the plugin; the blocks add to cart with one request', async ({
    page,
    requests,
    consoleErrors,
  }) => {
    for (const path of ['/shop/', '/product/pro-match-football/', '/cart/']) {
      await page.goto(path);
      await settle(page, 500);
      await expect(page.locator('[data-island]'), `island containers on ${path}`).toHaveCount(0);
      await expect(page.locator('#shop-islands-settings'), `settings block on ${path}`).toHaveCount(0);
    }
    const ours = requests.all.filter((r) => r.url.pathname.includes('/plugins/shop-islands/'));
    expect(
      ours.map((r) => r.url.pathname),
      'nothing of the plugin is loaded',
    ).toEqual([]);

    await page.goto('/shop/');
    requests.clear();
    const add = page.getByRole('button', { name: /^Add to cart: .Kit Bag/ });
    await add.click();
    await expect.poll(async () => (await cartItems(page)).length).toBe(1);
    await settle(page);
    const adds = requests.all.filter((r) => r.method === 'POST' && ADDS.test(r.url.pathname + r.url.search));
    expect(
      adds.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`),
      'one add request for one click',
    ).toHaveLength(1);
    expect(await cartItems(page)).toEqual([expect.objectContaining({ quantity: 1 })]);

    // After the add, WooCommerce's mini-cart block loads more code that reaches for js.stripe.com
    // (offline here) and a promise is rejected with the script's error Event. It happens the same
    // with the plugin deactivated: WooCommerce's and the Stripe gateway's, not ours.
    const offline = consoleErrors.indexOf('page error: : Event');
    if (offline >= 0) consoleErrors.splice(offline, 1);
  });
});
