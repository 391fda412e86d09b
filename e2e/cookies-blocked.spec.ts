/**
 * A browser that refuses cookies (issue #11): WooCommerce cannot keep its cart from one page to the
 * next. The shopper is told so where they look after an add, in the drawer and the header
 * mini-cart, instead of meeting a silently empty cart on the next page.
 */
import { request, type Page } from '@playwright/test';
import { COOKIES_BLOCKED_MESSAGE } from '../src/cart/cookies-blocked';
import { expect, test, waitForIslands } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');

/**
 * Blocks cookies as a browser set to refuse them for the site does: `navigator.cookieEnabled` is
 * false, `document.cookie` keeps nothing, and no Set-Cookie of the server reaches the browser.
 */
async function blockCookies(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'cookieEnabled', { configurable: true, get: () => false });
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get: () => '',
      set: () => undefined,
    });
  });
  // The server's answers are fetched outside the browser, each by a request context of its own
  // (which keeps no cookies for the next), and handed over without their Set-Cookie lines.
  await page.route('**/*', async (route) => {
    if (['script', 'stylesheet', 'image', 'font'].includes(route.request().resourceType())) {
      return route.continue();
    }
    const outside = await request.newContext();
    try {
      const response = await outside.fetch(route.request(), { maxRedirects: 0 });
      const headers = Object.fromEntries(
        response
          .headersArray()
          .flatMap(({ name, value }) => (/^set-cookie$/i.test(name) ? [] : [[name, value]])),
      );
      await route.fulfill({ status: response.status(), headers, body: await response.body() });
    } finally {
      await outside.dispose();
    }
  });
}

test('cookies blocked: after an add on /shop/ the drawer says the cart cannot be kept; the next page too', async ({
  page,
}) => {
  await blockCookies(page);
  await page.goto('/shop/');
  await waitForIslands(page);

  await page.getByRole('link', { name: 'Add to cart: “Pro Match Football”', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
  // The add went through (its answer lists the line), and the shopper is told it will not last.
  await expect(drawer(page).getByRole('link', { name: 'Remove Pro Match Football from cart' })).toBeVisible();
  await expect(drawer(page).getByText(COOKIES_BLOCKED_MESSAGE, { exact: true })).toBeVisible();
  // Screen readers hear it once.
  await expect(page.locator('#shop-islands-live-assertive')).toHaveText(COOKIES_BLOCKED_MESSAGE);
  expect(await page.context().cookies()).toEqual([]);

  // The next page has a new, empty cart, as WooCommerce gives a browser without cookies; the header
  // mini-cart says why.
  await page.keyboard.press('Escape');
  await page.reload();
  await waitForIslands(page);
  await expect(headerCount(page)).toHaveText('0 items');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('#site-header-cart').hover();
  const miniCart = page.locator('#site-header-cart .widget_shopping_cart');
  await expect(miniCart.getByText(COOKIES_BLOCKED_MESSAGE, { exact: true })).toBeVisible();
  await expect(miniCart.getByText('No products in the cart.')).toBeVisible();
});

test('cookies allowed: no such notice after an add', async ({ page }) => {
  await page.goto('/shop/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Add to cart: “Pro Match Football”', exact: true }).click();
  await expect(drawer(page).getByRole('link', { name: 'Remove Pro Match Football from cart' })).toBeVisible();
  await expect(page.getByText(COOKIES_BLOCKED_MESSAGE)).toHaveCount(0);
});
