/**
 * The wishlist as a shopper uses it (storefront.md §2.5, §2.9, §4 "Wishlist item", "Wishlist
 * add-to-cart", §7, §8): add on a product page, find it on /wishlist/, add it to the cart from there,
 * remove it; with the mouse, the keyboard, a listing's heart, and without JavaScript. Faults
 * (500, malformed JSON, a dead connection) leave everything usable and say so; axe stays clean.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import {
  deferred,
  expect,
  gotoMounted,
  island,
  scrollToCenter,
  tabTo,
  test,
  waitForIslands,
} from './fixtures';

const AJAX = '**/wp-admin/admin-ajax.php*';
const POPUP_MS = 2000;
const FAILED = 'Sorry, your wishlist could not be updated. Please try again.';
const NOT_UPDATED = /^\[shop-islands\] wishlist-button: the wishlist was not updated/;
const FAILED_RESOURCE = /^Failed to load resource/;

const popup = (page: Page) => page.locator('#commercekit-wishlist-popup');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const wishlistItems = (page: Page) => page.locator('#commercekit-wishlist-shortcode li');
const itemNames = (page: Page) => page.locator('#commercekit-wishlist-shortcode li h2');

/** Waits for the admin-ajax POST of `action` and returns its form fields. */
async function posted(
  page: Page,
  action: string,
  run: () => Promise<unknown>,
): Promise<Record<string, string>> {
  const request = page.waitForRequest(
    (r) =>
      r.url().includes('admin-ajax.php') && new URLSearchParams(r.postData() ?? '').get('action') === action,
  );
  await run();
  return Object.fromEntries(new URLSearchParams((await request).postData() ?? ''));
}

/** Answers admin-ajax `action` with `fulfill`; every other action goes to the demo store. */
async function failAction(page: Page, action: string, fulfill: (route: Route) => Promise<void>) {
  await page.route(AJAX, async (route) => {
    if (new URLSearchParams(route.request().postData() ?? '').get('action') !== action)
      return route.fallback();
    return fulfill(route);
  });
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('wishlist round trip', () => {
  test('add on a product page, see it on /wishlist/, add it to the cart from there, remove it', async ({
    page,
  }) => {
    await gotoMounted(page, '/product/shin-pads/');
    const add = button(page, 'Add to wishlist');
    await scrollToCenter(add);

    const fields = await posted(page, 'commercekit_save_wishlist', () => add.click());
    expect(fields).toEqual({ action: 'commercekit_save_wishlist', product_id: '14', type: 'page' });
    await expect(button(page, 'Remove from wishlist')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View wishlist' })).toBeVisible();
    await expect(popup(page)).toHaveText('“Shin Pads” has been added to your wishlist.');
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toHaveRole('status');
    // No page load happened: still on the product page.
    expect(new URL(page.url()).pathname).toBe('/product/shin-pads/');
    // Shown for 2000 ms, then gone.
    await expect(popup(page)).toBeHidden({ timeout: POPUP_MS + 1000 });

    await page.getByRole('link', { name: 'View wishlist' }).click();
    await waitForIslands(page);
    await expect(itemNames(page)).toHaveText(['Shin Pads', 'Junior Football Boots', 'Pro Match Football']);

    const refreshed = page.waitForRequest((r) => r.url().includes('wc-ajax=get_refreshed_fragments'));
    const cart = button(page, 'Add to cart: “Shin Pads”');
    await scrollToCenter(cart);
    const cartFields = await posted(page, 'commercekit_wishlist_addtocart', () => cart.click());
    expect(cartFields).toEqual({ action: 'commercekit_wishlist_addtocart', product_id: '14' });
    await expect(popup(page)).toHaveText('“Shin Pads” has been added to your cart.');
    await refreshed;
    await expect(page.locator('a.cart-contents .count')).toHaveText('1 item');
    await expect(cart).toBeEnabled();

    const remove = button(page, 'Remove “Shin Pads” from wishlist');
    const removeFields = await posted(page, 'commercekit_remove_wishlist', () => remove.click());
    expect(removeFields).toEqual({
      action: 'commercekit_remove_wishlist',
      product_id: '14',
      wpage: '1',
      type: 'list',
      reload: '1',
    });
    await expect(itemNames(page)).toHaveText(['Junior Football Boots', 'Pro Match Football']);
    await expect(popup(page)).toHaveText('“Shin Pads” has been removed from your wishlist.');

    // The server agrees, and the cart kept the product.
    await page.reload();
    await expect(itemNames(page)).toHaveText(['Junior Football Boots', 'Pro Match Football']);
    await page.goto('/cart/');
    await expect(page.getByRole('link', { name: 'Shin Pads', exact: true })).toBeVisible();
  });

  test('keyboard only: the same journey, the focus following each replaced control', async ({ page }) => {
    await gotoMounted(page, '/product/training-ball/');
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabTo(page, button(page, 'Add to wishlist'));
    await page.keyboard.press('Enter');
    await expect(button(page, 'Remove from wishlist')).toBeFocused();
    await expect(popup(page)).toHaveText('“Training Ball” has been added to your wishlist.');

    // To the wishlist: the "View wishlist" link is the next stop.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'View wishlist' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wishlist/');
    await waitForIslands(page);

    await tabTo(page, button(page, 'Add to cart: “Training Ball”'));
    await page.keyboard.press(' ');
    await expect(popup(page)).toHaveText('“Training Ball” has been added to your cart.');
    await expect(button(page, 'Add to cart: “Training Ball”')).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(button(page, 'Remove “Training Ball” from wishlist')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(itemNames(page)).toHaveText(['Junior Football Boots', 'Pro Match Football']);
    // The focus moved to the remove button now in the removed item's place.
    await expect(button(page, 'Remove “Junior Football Boots” from wishlist')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(itemNames(page)).toHaveText(['Pro Match Football']);
    await expect(button(page, 'Remove “Pro Match Football” from wishlist')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'This wishlist is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Shop' })).toBeFocused();
  });

  test('a listing’s heart: the first click loads the island and is not lost', async ({ page }) => {
    await gotoMounted(page, '/shop/');
    const heart = button(page, 'Add “Training Ball” to wishlist');
    await scrollToCenter(heart);
    const fields = await posted(page, 'commercekit_save_wishlist', () => heart.click());
    expect(fields).toMatchObject({ product_id: '16', type: 'list' });
    // The popup first: it goes after 2000 ms, and a busy machine can take that long to see the button.
    await expect(popup(page)).toHaveText('“Training Ball” has been added to your wishlist.');
    await expect(button(page, 'Remove “Training Ball” from wishlist')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/shop/');
    await page.goto('/wishlist/');
    await expect(itemNames(page).first()).toHaveText('Training Ball');
  });

  test('a listing’s heart held down while its island loads: the click made on letting go counts', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    const heart = button(page, 'Add “Training Ball” to wishlist');
    await scrollToCenter(heart);
    const src = await heart.evaluate(
      (el) => el.closest('[data-island]')?.getAttribute('data-island-src') ?? '',
    );
    const box = await heart.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    // A shopper's press lasts longer than the island takes to load: its code is in (imported and run,
    // as the loader imported it) before the button is let go.
    await page.mouse.down();
    await page.evaluate((url) => import(new URL(url, document.baseURI).href).then(() => undefined), src);
    const fields = await posted(page, 'commercekit_save_wishlist', () => page.mouse.up());
    expect(fields).toMatchObject({ product_id: '16', type: 'list' });
    // The popup first: it goes after 2000 ms, and a busy machine can take that long to see the button.
    await expect(popup(page)).toHaveText('“Training Ball” has been added to your wishlist.');
    await expect(button(page, 'Remove “Training Ball” from wishlist')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/shop/');
  });

  test('a listing’s heart by keyboard: Enter before the island loaded still counts', async ({ page }) => {
    await gotoMounted(page, '/shop/');
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabTo(page, button(page, 'Add “Shin Pads” to wishlist'));
    await page.keyboard.press('Enter');
    await expect(button(page, 'Remove “Shin Pads” from wishlist')).toBeFocused();
    await expect(popup(page)).toHaveText('“Shin Pads” has been added to your wishlist.');
    expect(new URL(page.url()).pathname).toBe('/shop/');
  });

  test('while a request runs the item is processing and repeat clicks are ignored', async ({ page }) => {
    let calls = 0;
    // The answer is held until the repeat clicks are made: a fixed delay let a busy machine answer
    // before them, and the "Add" button was gone when they came.
    const held = deferred();
    await page.route(AJAX, async (route) => {
      if (new URLSearchParams(route.request().postData() ?? '').get('action') !== 'commercekit_save_wishlist')
        return route.fallback();
      calls += 1;
      await held.promise;
      return route.fallback();
    });
    await gotoMounted(page, '/product/shin-pads/');
    const add = button(page, 'Add to wishlist');
    await scrollToCenter(add);
    await add.click();
    const item = page.locator('.commercekit-wishlist.full');
    await expect(item).toHaveClass(/processing/);
    await expect(item).toHaveAttribute('aria-busy', 'true');
    await add.click();
    await add.click();
    held.release();
    await expect(button(page, 'Remove from wishlist')).toBeVisible();
    await expect(item).not.toHaveClass(/processing/);
    expect(calls).toBe(1);
  });
});

test.describe('faults: the item stays usable and the popup says what happened', () => {
  const cases: [string, (route: Route) => Promise<void>][] = [
    ['HTTP 500', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })],
    [
      'malformed JSON',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":1,"html":' }),
    ],
    ['a timed-out connection', (route) => route.abort('timedout')],
  ];
  for (const [name, fulfill] of cases) {
    test(`${name} on a product page`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(FAILED_RESOURCE);
      consoleErrors.allow(NOT_UPDATED);
      await failAction(page, 'commercekit_save_wishlist', fulfill);
      await gotoMounted(page, '/product/shin-pads/');
      const add = button(page, 'Add to wishlist');
      await scrollToCenter(add);
      await add.click();
      await expect(popup(page)).toHaveText(FAILED);
      await expect(add).toBeVisible();
      await expect(page.locator('.commercekit-wishlist.full')).not.toHaveClass(/processing/);
      // The server comes back: the same click works.
      await page.unroute(AJAX);
      await add.click();
      await expect(button(page, 'Remove from wishlist')).toBeVisible();
    });
  }

  test('a refusal (status 0): the item is unchanged, the server’s message shows', async ({ page }) => {
    await failAction(page, 'commercekit_remove_wishlist', (route) =>
      route.fulfill({ json: { status: 0, html: '', message: 'Cannot remove this item from the wishlist' } }),
    );
    await gotoMounted(page, '/wishlist/');
    await button(page, 'Remove “Pro Match Football” from wishlist').click();
    await expect(popup(page)).toHaveText('Cannot remove this item from the wishlist');
    await expect(wishlistItems(page)).toHaveCount(2);
  });

  test('the wishlist page: a 500 on add to cart and on remove', async ({ page, consoleErrors }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    consoleErrors.allow(/^\[shop-islands\] wishlist-list: (add-to-cart|remove) failed/);
    await failAction(page, 'commercekit_wishlist_addtocart', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await gotoMounted(page, '/wishlist/');
    const cart = button(page, 'Add to cart: “Pro Match Football”');
    await cart.click();
    await expect(popup(page)).toHaveText(
      'Sorry, the product could not be added to your cart. Please try again.',
    );
    await expect(cart).toBeEnabled();

    await page.unroute(AJAX);
    await failAction(page, 'commercekit_remove_wishlist', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: 'not json' }),
    );
    await button(page, 'Remove “Pro Match Football” from wishlist').click();
    await expect(popup(page)).toHaveText(
      'Sorry, the product could not be removed from your wishlist. Please try again.',
    );
    await expect(wishlistItems(page)).toHaveCount(2);
    await expect(wishlistItems(page).filter({ has: page.locator('.processing') })).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add on a product page, add to cart and remove on /wishlist/: each a form post', async ({ page }) => {
    await page.goto('/product/shin-pads/');
    await button(page, 'Add to wishlist').click();
    await page.waitForURL('**/wishlist/');
    await expect(page.getByRole('alert')).toContainText('“Shin Pads” has been added to your wishlist.');
    await expect(itemNames(page)).toHaveText(['Shin Pads', 'Junior Football Boots', 'Pro Match Football']);

    await button(page, 'Add to cart: “Shin Pads”').click();
    await expect(page.getByRole('alert')).toContainText('“Shin Pads” has been added to your cart.');

    await button(page, 'Remove “Shin Pads” from wishlist').click();
    await page.waitForURL('**/wishlist/');
    await expect(itemNames(page)).toHaveText(['Junior Football Boots', 'Pro Match Football']);
    await page.goto('/cart/');
    await expect(page.getByRole('link', { name: 'Shin Pads', exact: true })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test(
    'a product page with the message shown, and the wishlist page after a removal',
    { tag: '@mobile' },
    async ({ page }) => {
      await gotoMounted(page, '/product/shin-pads/');
      await scrollToCenter(button(page, 'Add to wishlist'));
      await button(page, 'Add to wishlist').click();
      await expect(popup(page)).toBeVisible();
      await expectNoViolations(page);

      await gotoMounted(page, '/wishlist/');
      await button(page, 'Remove “Pro Match Football” from wishlist').click();
      await expect(popup(page)).toBeVisible();
      await expect(itemNames(page)).toHaveText(['Shin Pads', 'Junior Football Boots']);
      await expectNoViolations(page);
    },
  );

  test('a listing with its hearts mounted', async ({ page }) => {
    await gotoMounted(page, '/shop/', { interact: true });
    await expect(island(page, 'wishlist-button')).toHaveAttribute('data-island-state', 'mounted');
    await expectNoViolations(page);
  });
});
