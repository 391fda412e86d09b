/**
 * Each page of the journeys as a shopper opens it, on the real store: the islands the automatic
 * integration places are there and mounted, no WooCommerce / Storefront script that an island
 * replaces is loaded, no request is sent twice while the page loads, and no console error.
 */
import { expect, expectIslandsMounted, expectNoReplacedScripts, putInCart, settle, test } from './fixtures';
import { STORE_PAGES, SIMPLE_PRODUCT, VARIABLE_PRODUCT } from './pages';

for (const storePage of STORE_PAGES) {
  test(`${storePage.name} (${storePage.path}): islands mounted, no replaced script, nothing sent twice`, async ({
    page,
    shop,
    requests,
  }) => {
    if (storePage.withCart) await putInCart(page, shop.product(storePage.withCart));
    await page.goto(storePage.path);
    expect(new URL(page.url()).pathname).toBe(storePage.path);
    await expectIslandsMounted(page, storePage.islands);
    await settle(page);
    await expectNoReplacedScripts(page, requests, storePage.replaced);

    const calls = requests.all.filter((r) => r.endpoint !== null).map((r) => r.endpoint ?? '');
    const twice = [...new Set(calls.filter((name, i) => calls.indexOf(name) !== i))];
    expect(twice, 'endpoints called more than once while the page loaded').toEqual([]);
  });
}

/**
 * Wishlist and waitlist are CommerceKit's features: its endpoints (`commercekit_*` on admin-ajax)
 * do not exist on these stores, so their journeys cannot run here (README, "The real-store suite").
 * What can be checked: without CommerceKit the plugin places none of their islands, and none of
 * their requests is sent.
 */
test('without CommerceKit no wishlist or waitlist island is placed, and nothing asks CommerceKit', async ({
  page,
  requests,
}) => {
  for (const path of [SIMPLE_PRODUCT.path, VARIABLE_PRODUCT.path, '/shop/']) {
    await page.goto(path);
    await settle(page, 500);
    await expect(
      page.locator(
        '[data-island="wishlist-button"], [data-island="wishlist-list"], [data-island="waitlist-form"]',
      ),
    ).toHaveCount(0);
  }
  expect(requests.all.filter((r) => r.endpoint?.startsWith('commercekit_')).map((r) => r.endpoint)).toEqual(
    [],
  );
});
