/**
 * The cart as a shopper meets it in the demo store (storefront.md §2.8, §4 "Add-to-cart button",
 * "Mini-cart visibility", "Cart drawer", §7 "Cart", §8): adding from listings and product pages by
 * mouse and keyboard, the drawer, the mini-cart's remove links, faults injected with `page.route`
 * (the browser then takes WooCommerce's no-JS path and nothing is lost), 30 rapid clicks, two tabs,
 * back/forward, axe with the drawer open, and the no-JS pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request, Route } from '@playwright/test';
import { addToCart, expect, gotoMounted, scrollToCenter, tabTo, test, waitForIslands } from './fixtures';

const PRODUCTS = {
  ball: { id: 13, name: 'Pro Match Football' },
  pads: { id: 14, name: 'Shin Pads' },
  training: { id: 16, name: 'Training Ball' },
  bag: { id: 17, name: 'Kit Bag (one per order)' },
} as const;
type ProductKey = keyof typeof PRODUCTS;

const FAILED_RESOURCE = /^Failed to load resource/;
const ADD_FAILED = /^\[shop-islands\] add-to-cart: the product could not be added in the page/;
const REMOVE_FAILED = /^\[shop-islands\] mini-cart: the item could not be removed in the page/;
const REFRESH_FAILED = /^\[shop-islands\] cart fragments could not be refreshed/;

/** The wc-ajax endpoint a request calls (`/?wc-ajax=add_to_cart&_locale=user`). */
const endpoint = (url: string | URL): string | null => new URL(url).searchParams.get('wc-ajax');
const isCall = (name: string) => (url: URL) => endpoint(url) === name;

const addButton = (page: Page, key: ProductKey) =>
  page.getByRole('link', { name: `Add to cart: “${PRODUCTS[key].name}”`, exact: true });
const listItem = (page: Page, key: ProductKey) => page.locator(`li.product.post-${PRODUCTS[key].id}`);
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');
const successMessage = (key: ProductKey) => `“${PRODUCTS[key].name}” has been added to your cart`;
const liveRegion = (page: Page) => page.locator('#shop-islands-live');

const containsFocus = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement));

/** The drawer is open, labelled, modal, with the focus inside. */
async function expectDrawerOpen(page: Page) {
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page)).toHaveAttribute('aria-modal', 'true');
  await expect.poll(() => containsFocus(drawer(page))).toBe(true);
}

/** Closes the drawer with Escape; the focus goes back to `opener`. */
async function closeWithEscape(page: Page, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** Every wc-ajax call of the page, with when it started and finished (in the browser's order). */
function recordCalls(page: Page) {
  const log: { name: string | null; event: 'start' | 'end'; request: Request }[] = [];
  page.on('request', (request) => {
    if (endpoint(request.url())) log.push({ name: endpoint(request.url()), event: 'start', request });
  });
  const end = (request: Request) => {
    if (endpoint(request.url())) log.push({ name: endpoint(request.url()), event: 'end', request });
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return log;
}

test.describe('adding from a listing', () => {
  test('three products by mouse: each add opens the drawer with the focus inside, Escape closes it and returns the focus; one View cart link per button', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    await expect(headerCount(page)).toHaveText('0 items');

    const keys: ProductKey[] = ['ball', 'pads', 'training'];
    for (const [index, key] of keys.entries()) {
      const button = addButton(page, key);
      const added = page.waitForResponse((r) => endpoint(r.url()) === 'add_to_cart');
      await button.click();
      expect((await added).status()).toBe(200);

      await expectDrawerOpen(page);
      await expect(drawer(page).getByRole('link', { name: new RegExp(PRODUCTS[key].name) })).toHaveCount(2);
      await expect(headerCount(page)).toHaveText(`${index + 1} item${index ? 's' : ''}`);
      await expect(button).toHaveClass(/\badded\b/);
      await expect(button).not.toHaveClass(/\bloading\b/);
      await expect(listItem(page, key).locator('a.added_to_cart.wc-forward')).toHaveText('View cart');
      await expect(listItem(page, key).getByRole('link', { name: 'View cart' })).toHaveAttribute(
        'href',
        '/cart/',
      );
      // The success message reaches screen readers (1 s after the add).
      await expect(liveRegion(page)).toHaveText(successMessage(key));

      await closeWithEscape(page, button);
    }

    // A second add of the same product: still one 'View cart' link after its button.
    await addButton(page, 'ball').click();
    await expectDrawerOpen(page);
    await expect(headerCount(page)).toHaveText('4 items');
    await closeWithEscape(page, addButton(page, 'ball'));
    await expect(listItem(page, 'ball').locator('a.added_to_cart')).toHaveCount(1);

    // The drawer lists the three lines; the cart page agrees.
    await page.goto('/cart/');
    await expect(page.locator('tr.cart_item')).toHaveCount(3);
  });

  test('three products by keyboard: Tab to each button, Enter; the drawer opens with the focus inside and keeps it; Escape closes it and returns the focus', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    await page.evaluate(() => window.scrollTo(0, 0));

    const keys: ProductKey[] = ['ball', 'pads', 'training'];
    for (const [index, key] of keys.entries()) {
      const button = addButton(page, key);
      // From wherever the focus is (the previous button), Tab onwards to this one.
      await tabTo(page, button);
      await page.keyboard.press('Enter');

      await expectDrawerOpen(page);
      await expect(headerCount(page)).toHaveText(`${index + 1} item${index ? 's' : ''}`);
      // Tab and Shift+Tab stay inside the drawer.
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
        expect(await containsFocus(drawer(page))).toBe(true);
      }
      await closeWithEscape(page, button);
      await expect(listItem(page, key).getByRole('link', { name: 'View cart' })).toBeVisible();
    }

    // Again, closed with the drawer's close button from the keyboard.
    const button = addButton(page, 'training');
    await page.keyboard.press('Enter');
    await expectDrawerOpen(page);
    await expect(page.getByRole('button', { name: 'Close cart' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(headerCount(page)).toHaveText('4 items');
  });

  test('on a category page too, and WooCommerce refusing an add (sold individually) sends the browser to the product page', async ({
    page,
  }) => {
    await gotoMounted(page, '/product-category/football/accessories/');
    await addButton(page, 'bag').click();
    await expectDrawerOpen(page);
    await closeWithEscape(page, addButton(page, 'bag'));

    // A second Kit Bag: `{"error":true,"product_url":…}` (samples 09-11).
    await addButton(page, 'bag').click();
    await page.waitForURL('**/product/kit-bag/');
    await expect(page.locator('.woocommerce-error')).toContainText('You cannot add another');
    await expect(headerCount(page)).toHaveText('1 item');
  });

  test('30 rapid clicks on one button: 30 adds, one at a time, in order; exactly 30 in the cart', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    const calls = recordCalls(page);
    const button = addButton(page, 'ball');

    // Thirty clicks in one task: all are made before the first answer arrives. The button's
    // states are recorded as they happen (the local server may answer all 30 within moments).
    await button.evaluate((el: HTMLElement) => {
      const states: string[] = [];
      (window as Window & { buttonStates?: string[] }).buttonStates = states;
      new MutationObserver(() => states.push(`${el.className} busy=${el.getAttribute('aria-busy')}`)).observe(
        el,
        { attributes: true, attributeFilter: ['class', 'aria-busy'] },
      );
      for (let i = 0; i < 30; i += 1) el.click();
    });

    await expect(headerCount(page)).toHaveText('30 items', { timeout: 20_000 });
    await expect(button).toHaveClass(/\badded\b/, { timeout: 10_000 });
    await expect(button).not.toHaveAttribute('aria-busy');
    const states = await page.evaluate(() => (window as Window & { buttonStates?: string[] }).buttonStates);
    // 'loading' and busy from the clicks until the last add, then 'added': never 'added' in between.
    expect(states?.[0]).toMatch(/\bloading\b.* busy=true$/);
    expect(states?.at(-1)).toMatch(/\badded\b.* busy=null$/);
    expect(states?.filter((state) => /\badded\b/.test(state))).toHaveLength(1);
    const adds = calls.filter((c) => c.name === 'add_to_cart');
    expect(adds).toHaveLength(60);
    // Never two in flight: each starts after the previous one ended.
    expect(adds.map((c) => c.event)).toEqual(Array.from({ length: 60 }, (_, i) => (i % 2 ? 'end' : 'start')));
    for (const call of adds.filter((c) => c.event === 'start')) {
      expect(new URLSearchParams(call.request.postData() ?? '').get('product_id')).toBe('13');
    }
    await expect(listItem(page, 'ball').locator('a.added_to_cart')).toHaveCount(1);
    await expectDrawerOpen(page);

    await page.goto('/cart/');
    await expect(page.getByRole('spinbutton', { name: 'Pro Match Football quantity' })).toHaveValue('30');
  });
});

test.describe('adding on a simple product page', () => {
  test("the form's quantity is added in the page; the drawer opens and the View cart link follows the button", async ({
    page,
  }) => {
    await gotoMounted(page, '/product/training-ball/');
    const calls = recordCalls(page);
    await page.getByRole('spinbutton', { name: 'Training Ball quantity' }).fill('3');
    const button = page.getByRole('button', { name: 'Add to cart' });
    await button.click();

    await expectDrawerOpen(page);
    await expect(headerCount(page)).toHaveText('3 items');
    const add = calls.find((c) => c.name === 'add_to_cart' && c.event === 'start');
    expect(Object.fromEntries(new URLSearchParams(add?.request.postData() ?? ''))).toEqual({
      product_id: '16',
      product_sku: 'BALL-002',
      quantity: '3',
    });
    await closeWithEscape(page, button);
    await expect(page.locator('form.cart a.added_to_cart')).toHaveText('View cart');
    await expect(page).toHaveURL(/\/product\/training-ball\/$/);
  });

  test('a quantity over the stock is stopped by the form itself: no request is sent', async ({ page }) => {
    await gotoMounted(page, '/product/shin-pads/');
    const calls = recordCalls(page);
    await page.getByRole('spinbutton', { name: 'Shin Pads quantity' }).fill('9');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForTimeout(300);
    expect(calls.filter((c) => c.name === 'add_to_cart')).toHaveLength(0);
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/product\/shin-pads\/$/);
  });
});

test.describe('the header cart and the drawer', () => {
  test('a click on the header cart opens the drawer with View cart and Checkout links; outside click and the close button close it', async ({
    page,
  }) => {
    await addToCart(page, PRODUCTS.ball.id);
    await gotoMounted(page, '/');
    const cart = page.locator('#site-header-cart a.cart-contents');

    await cart.click();
    await expectDrawerOpen(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer(page).getByRole('link', { name: 'View cart', exact: true })).toHaveAttribute(
      'href',
      '/cart/',
    );
    await expect(drawer(page).getByRole('link', { name: 'Checkout', exact: true })).toHaveAttribute(
      'href',
      '/checkout/',
    );
    await expect(drawer(page).getByText('Pro Match Football')).toBeVisible();

    // Outside the panel.
    await page.mouse.click(20, 400);
    await expect(drawer(page)).toHaveCount(0);

    await cart.click();
    await expectDrawerOpen(page);
    await page.getByRole('button', { name: 'Close cart' }).click();
    await expect(drawer(page)).toHaveCount(0);

    // Its Checkout link goes to the checkout.
    await cart.click();
    await drawer(page).getByRole('link', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
  });

  test('opening it moves nothing on the page and stops the page from scrolling', async ({ page }) => {
    await gotoMounted(page, '/shop/');
    await page.evaluate(() => window.scrollTo(0, 0));
    const main = page.locator('#main');
    const before = await main.boundingBox();
    await page.locator('#site-header-cart a.cart-contents').click();
    await expectDrawerOpen(page);
    expect(await main.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('on a phone it takes the full width', { tag: '@mobile' }, async ({ page, isMobile }) => {
    await addToCart(page, PRODUCTS.training.id);
    await gotoMounted(page, '/shop/');
    const cart = page.locator('#site-header-cart a.cart-contents');
    if (isMobile) await cart.tap();
    else await cart.click();
    await expectDrawerOpen(page);
    const panel = await drawer(page).boundingBox();
    const viewport = page.viewportSize()!;
    // To the pixel: the box can be a fraction off while the drawer's slide-in transform settles.
    if (isMobile) {
      expect(panel?.width).toBeCloseTo(viewport.width, 0);
    } else {
      expect(panel?.width).toBeLessThan(viewport.width / 2);
    }
    expect(panel?.height).toBeCloseTo(viewport.height, 0);
  });
});

test.describe('the mini-cart', () => {
  test('remove links in the header mini-cart and in the drawer remove in the page', async ({ page }) => {
    await addToCart(page, PRODUCTS.ball.id);
    await addToCart(page, PRODUCTS.training.id);
    await gotoMounted(page, '/shop/');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(headerCount(page)).toHaveText('2 items');

    // The header's dropdown (shown on hover).
    await page.locator('#site-header-cart').hover();
    const header = page.locator('#site-header-cart .widget_shopping_cart');
    await expect(header).toBeVisible();
    await header.getByRole('link', { name: 'Remove Pro Match Football from cart' }).click();
    await expect(headerCount(page)).toHaveText('1 item');
    await expect(header.getByRole('link', { name: 'Remove Pro Match Football from cart' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/shop\/$/);
    await expect(liveRegion(page)).toHaveText('“Pro Match Football” has been removed from your cart');

    // In the drawer.
    await page.locator('#site-header-cart a.cart-contents').click();
    await expectDrawerOpen(page);
    await drawer(page).getByRole('link', { name: 'Remove Training Ball from cart' }).click();
    await expect(drawer(page).getByText('No products in the cart.')).toBeVisible();
    await expect(headerCount(page)).toHaveText('0 items');
    // The focus stays in the drawer.
    expect(await containsFocus(drawer(page))).toBe(true);
    await expect(drawer(page).getByRole('link', { name: 'Checkout', exact: true })).toHaveCount(0);
  });
});

test.describe('faults: the browser takes the no-JS path and nothing is lost', () => {
  const addFaults: [string, (route: Route) => Promise<void>][] = [
    ['HTTP 500', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })],
    ['a timeout', (route) => route.abort('timedout')],
    [
      'malformed JSON',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"fragments":{' }),
    ],
    [
      'HTML instead of JSON',
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=UTF-8',
          body: '<!DOCTYPE html><html><body><p>Maintenance</p></body></html>',
        }),
    ],
  ];

  for (const [fault, answer] of addFaults) {
    test(`add_to_cart answers with ${fault}: the button's link adds the product with a page load`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(FAILED_RESOURCE);
      consoleErrors.allow(ADD_FAILED);
      await gotoMounted(page, '/shop/');
      await page.route(isCall('add_to_cart'), answer);
      const pageLoadAdd = page.waitForRequest(
        (r) => r.isNavigationRequest() && /[?&]add-to-cart=13\b/.test(r.url()),
      );

      await addButton(page, 'ball').click();

      await pageLoadAdd;
      await page.waitForURL(/\/shop\/$/);
      await expect(page.locator('.woocommerce-message')).toContainText(
        '“Pro Match Football” has been added to your cart.',
      );
      await expect(headerCount(page)).toHaveText('1 item');
      await waitForIslands(page);
    });
  }

  test('remove_from_cart fails (HTTP 500), or answers without fragments: the remove link is followed', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    consoleErrors.allow(REMOVE_FAILED);
    await addToCart(page, PRODUCTS.ball.id);
    await addToCart(page, PRODUCTS.training.id);
    await gotoMounted(page, '/shop/');
    const removeCall = isCall('remove_from_cart');
    await page.route(removeCall, (route) => route.fulfill({ status: 500, body: '' }));
    await page.locator('#site-header-cart a.cart-contents').click();
    await drawer(page).getByRole('link', { name: 'Remove Pro Match Football from cart' }).click();

    await page.waitForURL(/\/cart\/$/);
    await expect(page.locator('.woocommerce-message')).toContainText('“Pro Match Football” removed.');
    await expect(page.locator('tr.cart_item')).toHaveCount(1);

    // `{"success":false}` (sample 35): no fragments, so the link is followed too.
    await page.unroute(removeCall);
    await page.route(removeCall, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.goto('/shop/');
    await waitForIslands(page);
    await page.locator('#site-header-cart a.cart-contents').click();
    await drawer(page).getByRole('link', { name: 'Remove Training Ball from cart' }).click();
    await page.waitForURL(/\/cart\/$/);
    await expect(page.locator('.cart-empty')).toHaveText('Your cart is currently empty.');
  });

  test('the fragments refresh fails: the page keeps the server’s cart, and adding and removing still work', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    consoleErrors.allow(REFRESH_FAILED);
    await addToCart(page, PRODUCTS.pads.id);
    await page.route(isCall('get_refreshed_fragments'), (route) => route.fulfill({ status: 500, body: '' }));
    const refresh = page.waitForResponse((r) => endpoint(r.url()) === 'get_refreshed_fragments');
    await gotoMounted(page, '/shop/');
    expect((await refresh).status()).toBe(500);
    await expect
      .poll(() => consoleErrors.fromIslands())
      .toContainEqual(expect.stringMatching(REFRESH_FAILED));

    // The server's mini-cart and header cart are still there.
    await expect(headerCount(page)).toHaveText('1 item');
    await page.locator('#site-header-cart').hover();
    await expect(
      page.locator('#site-header-cart').getByRole('link', { name: 'Remove Shin Pads from cart' }),
    ).toBeVisible();

    await addButton(page, 'training').click();
    await expectDrawerOpen(page);
    await expect(headerCount(page)).toHaveText('2 items');
    await drawer(page).getByRole('link', { name: 'Remove Shin Pads from cart' }).click();
    await expect(headerCount(page)).toHaveText('1 item');
    await expect(drawer(page).getByRole('link', { name: 'Remove Shin Pads from cart' })).toHaveCount(0);
    expect(consoleErrors.pageErrors).toEqual([]);
  });
});

test.describe('the cart across pages', () => {
  test('two tabs: an add in one updates the header cart of the other', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await gotoMounted(first, '/shop/');
    await gotoMounted(second, '/product/pro-match-football/');
    await expect(headerCount(second)).toHaveText('0 items');

    const refreshed = second.waitForResponse((r) => endpoint(r.url()) === 'get_refreshed_fragments');
    await addButton(first, 'training').click();
    await expectDrawerOpen(first);

    await refreshed;
    await expect(headerCount(second)).toHaveText('1 item');
    await second.locator('#site-header-cart').hover();
    await expect(
      second.locator('#site-header-cart').getByRole('link', { name: 'Remove Training Ball from cart' }),
    ).toBeVisible();
  });

  test('back and forward: the restored page shows the cart as it is now', async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (event) => {
        (window as Window & { restoredFromCache?: boolean }).restoredFromCache = event.persisted;
      });
    });
    await gotoMounted(page, '/shop/');
    await addButton(page, 'ball').click();
    await expectDrawerOpen(page);
    await expect(headerCount(page)).toHaveText('1 item');

    await page.goto('/product/training-ball/');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectDrawerOpen(page);
    await expect(headerCount(page)).toHaveText('2 items');

    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (endpoint(r.url()) === 'get_refreshed_fragments') refreshes.push(r.url());
    });
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/$/);
    await expect(headerCount(page)).toHaveText('2 items');
    const restored = await page.evaluate(
      () => (window as Window & { restoredFromCache?: boolean }).restoredFromCache,
    );
    // A page restored from the back/forward cache asks the server for the cart again.
    if (restored) expect(refreshes.length).toBeGreaterThan(0);

    await page.goForward();
    await expect(page).toHaveURL(/\/product\/training-ball\/$/);
    await expect(headerCount(page)).toHaveText('2 items');
  });

  test('a restore from the back/forward cache (pageshow persisted) refreshes the fragments', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    // Another tab's page-load add: the cookie changes, this page does not know yet.
    await addToCart(page, PRODUCTS.ball.id);
    await expect(headerCount(page)).toHaveText('0 items');
    const refreshed = page.waitForResponse((r) => endpoint(r.url()) === 'get_refreshed_fragments');
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await refreshed;
    await expect(headerCount(page)).toHaveText('1 item');
  });
});

test.describe('accessibility', () => {
  test('axe: no WCAG 2.1 A/AA violation with the drawer open', { tag: '@mobile' }, async ({ page }) => {
    await addToCart(page, PRODUCTS.ball.id);
    await addToCart(page, PRODUCTS.pads.id);
    await gotoMounted(page, '/shop/');
    await scrollToCenter(addButton(page, 'training'));
    await addButton(page, 'training').click();
    await expectDrawerOpen(page);
    await expect(listItem(page, 'training').getByRole('link', { name: 'View cart' })).toHaveCount(1);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the listing button adds with a page load, and the header cart goes to the cart page', async ({
    page,
  }) => {
    await page.goto('/shop/');
    await addButton(page, 'ball').click();
    await page.waitForURL(/\/shop\/$/);
    await expect(page.locator('.woocommerce-message')).toContainText(
      '“Pro Match Football” has been added to your cart.',
    );
    await expect(headerCount(page)).toHaveText('1 item');

    await page.goto('/product/training-ball/');
    await page.getByRole('spinbutton', { name: 'Training Ball quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('.woocommerce-message')).toContainText('have been added to your cart');
    await expect(headerCount(page)).toHaveText('3 items');

    await page.locator('#site-header-cart a.cart-contents').click();
    await expect(page).toHaveURL(/\/cart\/$/);
    await expect(page.locator('tr.cart_item')).toHaveCount(2);
  });
});
