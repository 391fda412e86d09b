/**
 * Smart Search for WooCommerce's widget on the demo page `/smart-search/` (storefront.md §2.4, §4
 * "Search popup", "Full-screen search", "Recent searches", §5, §7, §8, §9; issue #15): its
 * JavaScript is fetched on the field's first focus and never before, the keys typed meanwhile are
 * kept and searched, the mount does not move the form; "find a product by search with the keyboard
 * only"; a submission goes to `/?s=…&search_id=…[&post_type=product]`; the full-screen overlay opens
 * and closes with the focus returned, and shows the recent searches after a search; axe over each
 * state; 320 px with the mobile toggle; a stale nonce is retried, a malformed answer hides the
 * popup; and the form works without JavaScript.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, island, tabTo, test, waitForIslands } from './fixtures';

const SEARCH = /\/wp-json\/ysm\/v1\/search\?/;

const smartSearch = (page: Page) => island(page, 'smart-search');
const field = (page: Page) => smartSearch(page).getByRole('combobox', { name: 'Search for:' });
const fallbackField = (page: Page) => smartSearch(page).getByRole('searchbox', { name: 'Search for:' });
const options = (page: Page) => smartSearch(page).getByRole('option');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const overlayField = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search for:' });

/** Opens a page of the demo store (with its query: `visit` compares the path alone). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  expect(new URL(page.url()).pathname + new URL(page.url()).search, `${path} is not redirected`).toBe(path);
}

/** The search requests the page sends (their query and nonce), and every script it fetches. */
function watchRequests(page: Page) {
  const searches: { query: string; nonce: string | null }[] = [];
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    const url = request.url();
    if (SEARCH.test(url)) {
      searches.push({
        query: new URL(url).searchParams.get('query') ?? '',
        nonce: request.headers()['x-wp-nonce'] ?? null,
      });
    }
    if (request.resourceType() === 'script') scripts.push(url);
  });
  return { searches, scripts };
}

async function expectNoViolations(page: Page, include = '[data-island="smart-search"]') {
  const results = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The boxes of the form, the field and the button (to compare before and after the mount). */
const boxes = (page: Page) =>
  smartSearch(page).evaluate((container) =>
    ['form', 'input[name="s"]', 'button[type="submit"]'].map((selector) => {
      const box = container.querySelector(selector)!.getBoundingClientRect();
      const [x, y] = [box.x + scrollX, box.y + scrollY];
      return [selector, Math.round(x), Math.round(y), Math.round(box.width), Math.round(box.height)];
    }),
  );

test.describe('smart search', () => {
  test('no search JavaScript before the first focus; "boo" typed at once is kept and searched; no shift', async ({
    page,
  }) => {
    const seen = watchRequests(page);
    await visit(page, '/smart-search/');
    await waitForIslands(page);
    const chunk = await smartSearch(page).getAttribute('data-island-src');
    expect(chunk).toMatch(/\/smart-search-[\w-]+\.js$/);
    const chunkUrl = new URL(chunk!, page.url()).href;
    await page.waitForTimeout(300);
    expect(seen.scripts, 'the smart search chunk is not fetched before the focus').not.toContain(chunkUrl);
    const before = await boxes(page);

    await fallbackField(page).focus();
    await page.keyboard.type('boo', { delay: 15 });
    await expect(smartSearch(page)).toHaveAttribute('data-island-state', 'mounted');
    expect(seen.scripts).toContain(chunkUrl);
    await expect(field(page)).toHaveValue('boo');
    await expect(field(page)).toBeFocused();
    await expect(options(page)).toHaveCount(10);
    expect(seen.searches.length, 'search requests for one typed query').toBeLessThanOrEqual(2);
    expect(seen.searches.at(-1)?.query).toBe('boo');
    // The overlay's code is not fetched for a popup-only widget.
    expect(seen.scripts.filter((url) => /\/(?:Overlay|FullScreenExtras)-/.test(url))).toEqual([]);
    expect(await boxes(page)).toEqual(before);
  });

  test('find a product by search with the keyboard only: Tab, type, ArrowDown, Enter', async ({ page }) => {
    const seen = watchRequests(page);
    await visit(page, '/smart-search/');
    await waitForIslands(page);
    await tabTo(page, smartSearch(page).locator('input[name="s"]'));
    await page.keyboard.type('trail');
    await expect(options(page)).toHaveCount(10);
    await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(options(page).first()).toContainText('Apex Glide Trail Shoes');
    await expect(smartSearch(page).getByRole('link', { name: 'View all' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(field(page)).toHaveAttribute('aria-activedescendant', 'smart-search-1-option-0');
    await expectNoViolations(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/product/apex-glide-trail-shoes/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apex Glide Trail Shoes');
    expect(seen.searches.map((s) => s.query)).toEqual(['trail']);
  });

  test('submitting goes to /?s=…&search_id=…&post_type=product (product layout); too short is refused', async ({
    page,
  }) => {
    await visit(page, '/smart-search/?layout=product');
    await fallbackField(page).focus();
    await page.keyboard.type('tr');
    await page.keyboard.press('Enter');
    await expect(smartSearch(page).getByRole('alert')).toHaveText('Please enter at least 3 characters.');
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe('/smart-search/');
    await expectNoViolations(page);
    await page.keyboard.type('ail   shoes');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.search === '?s=trail+shoes&search_id=1&post_type=product',
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText('trail shoes');
  });

  test('the default layout submits /?s=…&search_id=… and the view-all link opens the product results', async ({
    page,
  }) => {
    await visit(page, '/smart-search/');
    await fallbackField(page).focus();
    await page.keyboard.type('keeper');
    await expect(options(page)).toHaveCount(10);
    const viewAll = smartSearch(page).getByRole('link', { name: 'View all' });
    await expect(viewAll).toHaveAttribute('href', /\/\?s=keeper&search_id=1&post_type=product$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?s=keeper&search_id=1');
  });

  test('no results: the configured text, the count announced; no popup without a text', async ({ page }) => {
    await visit(page, '/smart-search/?noresults=1');
    await fallbackField(page).focus();
    await page.keyboard.type('zzzz');
    await expect(smartSearch(page).getByText('No products match your search.')).toBeVisible();
    await expect(page.locator('#shop-islands-live')).toHaveText('No results');
    await expectNoViolations(page);
    await visit(page, '/smart-search/');
    await fallbackField(page).focus();
    await page.keyboard.type('zzzz');
    await expect(page.locator('#shop-islands-live')).toHaveText('No results');
    await expect(smartSearch(page).locator('.smart-search-popup')).toBeHidden();
  });

  test('three columns on a wide popup, each at least 200 px; add-to-cart links beside the suggestions', async ({
    page,
  }) => {
    await visit(page, '/smart-search/?columns=3');
    await fallbackField(page).focus();
    await page.keyboard.type('boots');
    await expect(options(page)).toHaveCount(10);
    const lefts = await options(page).evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().x)),
    );
    const widths = await options(page).evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().width),
    );
    expect(new Set(lefts).size).toBe(3);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(200);
    const cart = smartSearch(page)
      .getByRole('link', { name: /^Add to cart: “.+”$/ })
      .first();
    await expect(cart).toBeVisible();
    await expect(cart).toHaveAttribute('href', /\/\?add-to-cart=\d+$/);
    await expectNoViolations(page);
  });

  test('§8: an error answer with a fresh nonce: the search is sent again with it, once, and shown', async ({
    page,
    consoleErrors,
  }) => {
    // The browser's own line for the failed request; the island logs nothing.
    consoleErrors.allow(/^Failed to load resource: the server responded with a status of 403/);
    const seen = watchRequests(page);
    await page.route(SEARCH, async (route) => {
      const nonce = route.request().headers()['x-wp-nonce'];
      if (nonce === 'ffffffffff') {
        // The fresh nonce is ours, not the demo's: the server answers the retry as a guest.
        const headers = { ...route.request().headers() };
        delete headers['x-wp-nonce'];
        return route.continue({ headers });
      }
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        headers: { 'X-WP-Nonce': 'ffffffffff' },
        body: JSON.stringify({
          code: 'rest_cookie_invalid_nonce',
          message: 'Cookie check failed',
          data: { status: 403 },
        }),
      });
    });
    await visit(page, '/smart-search/');
    const pageNonce = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('shop-islands-settings')!.textContent!) as { rest_nonce: string })
          .rest_nonce,
    );
    await fallbackField(page).focus();
    await page.keyboard.type('trail');
    await expect(options(page)).toHaveCount(10);
    expect(seen.searches).toEqual([
      { query: 'trail', nonce: pageNonce },
      { query: 'trail', nonce: 'ffffffffff' },
    ]);
  });

  test('§8: an error answer without a nonce: the stored nonce is cleared and the search sent again', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/^Failed to load resource: the server responded with a status of 500/);
    const seen = watchRequests(page);
    await page.route(SEARCH, (route) =>
      route.request().headers()['x-wp-nonce']
        ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })
        : route.continue(),
    );
    await visit(page, '/smart-search/');
    await fallbackField(page).focus();
    await page.keyboard.type('trail');
    await expect(options(page)).toHaveCount(10);
    expect(seen.searches.map((s) => s.nonce === null)).toEqual([false, true]);
    // Later searches go without it.
    await page.keyboard.type(' shoes');
    await expect.poll(() => seen.searches.map((s) => s.nonce === null)).toEqual([false, true, true]);
    await expect(options(page)).toHaveCount(10);
  });

  test('a malformed answer hides the popup and is logged once', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/smart-search: the search answer is malformed/);
    await page.route(SEARCH, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"suggestions":[{"data":"<a' }),
    );
    await visit(page, '/smart-search/');
    await fallbackField(page).focus();
    await page.keyboard.type('trail');
    await expect.poll(() => consoleErrors.fromIslands().length).toBe(1);
    await page.keyboard.type(' shoes');
    await page.waitForTimeout(400);
    expect(consoleErrors.fromIslands()).toHaveLength(1);
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(smartSearch(page).locator('.smart-search-popup')).toBeHidden();
  });

  test('the full-screen overlay opens on focus, searches, closes with Escape and the Close button, focus back', async ({
    page,
  }) => {
    await visit(page, '/smart-search/?fullscreen=enable');
    await waitForIslands(page);
    await fallbackField(page).focus();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
    await expect(overlayField(page)).toBeFocused();
    await expect(dialog(page)).toHaveAttribute('data-state', 'animated');
    await expect(dialog(page).getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(dialog(page).getByRole('heading', { name: 'Featured products' })).toBeVisible();
    await expectNoViolations(page, 'body');

    await page.keyboard.type('boo');
    await expect(dialog(page).getByRole('option')).toHaveCount(10);
    await expect(dialog(page).getByRole('heading', { name: 'Popular searches' })).toBeVisible();
    await expectNoViolations(page, 'body');
    // Tab stays in the dialog.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await overlayField(page).focus();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(field(page)).toBeFocused();
    // Cleared 500 ms after closing (§9).
    await expect(field(page)).toHaveValue('');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(field(page)).toBeFocused();
  });

  test('recent searches are shown in the overlay after a search, and can be searched again', async ({
    page,
  }) => {
    await visit(page, '/smart-search/?fullscreen=enable');
    await fallbackField(page).focus();
    await expect(overlayField(page)).toBeFocused();
    await expect(dialog(page).getByRole('heading', { name: 'Recent searches' })).toHaveCount(0);
    await page.keyboard.type('trail');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.search === '?s=trail&search_id=1');
    await visit(page, '/smart-search/?fullscreen=enable');
    await fallbackField(page).focus();
    await expect(dialog(page).getByRole('heading', { name: 'Recent searches' })).toBeVisible();
    await expectNoViolations(page, 'body');
    await dialog(page).getByRole('button', { name: 'trail', exact: true }).click();
    await expect(overlayField(page)).toHaveValue('trail');
    await expect(dialog(page).getByRole('option')).toHaveCount(10);
  });

  test('at 320 px: the Search toggle shows the form; suggestions fit the screen @mobile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await visit(page, '/smart-search/');
    await waitForIslands(page);
    await expect(smartSearch(page).locator('form')).toBeHidden();
    const toggle = smartSearch(page).getByRole('link', { name: 'Search' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(smartSearch(page).getByRole('button', { name: 'Search', expanded: true })).toBeVisible();
    await expect(field(page)).toBeFocused();
    await page.keyboard.type('trail');
    await expect(options(page)).toHaveCount(10);
    const popup = await smartSearch(page).locator('.smart-search-popup').boundingBox();
    expect(popup!.x).toBeGreaterThanOrEqual(0);
    expect(popup!.x + popup!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoViolations(page);
  });

  test('at 320 px in mobile_only mode the toggle opens the overlay @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await visit(page, '/smart-search/?fullscreen=mobile_only');
    await waitForIslands(page);
    await smartSearch(page).getByRole('link', { name: 'Search' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(overlayField(page)).toBeFocused();
    await page.keyboard.type('boo');
    await expect(dialog(page).getByRole('option')).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoViolations(page, 'body');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(smartSearch(page).getByRole('button', { name: 'Search', expanded: false })).toBeFocused();
  });

  test('without JavaScript the form submits to the results page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/smart-search/?layout=product');
    const search = page
      .locator('[data-island="smart-search"]')
      .getByRole('searchbox', { name: 'Search for:' });
    await search.fill('trail');
    await search.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.search === '?s=trail&search_id=1&post_type=product',
    );
    await context.close();
  });
});
