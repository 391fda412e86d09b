/**
 * Order attribution (issue #16; storefront.md §3 "Order attribution", §4, §7 "Checkout hand-off"):
 * the tracker on every page fills the classic checkout's `wc_order_attribution_*` inputs from where
 * the shopper came (a campaign link, a search engine, typed in), and the order is posted with them.
 * The campaign landing page loads no React: the tracker's standalone entry and the tracker only
 * (with its source detection, a lazy chunk that internal page views do without).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { counter, fillIreland } from './checkout-kit';
import { addToCart, expect, island, test, waitForIslands } from './fixtures';

const CAMPAIGN = '/landing/?utm_source=news&utm_medium=email&utm_campaign=spring';
const CHECKOUT = /[?&]wc-ajax=checkout(?:&|$)/;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The tracker of the page has run. */
const tracked = (page: Page) =>
  expect(island(page, 'order-attribution')).toHaveAttribute('data-island-state', 'mounted');

/** Opens `path` and waits for its islands, the (hidden) tracker included. */
async function open(page: Page, path: string, referer?: string) {
  await page.goto(path, referer ? { referer } : undefined);
  await waitForIslands(page);
  await tracked(page);
}

/** The file names of the scripts the page has loaded (from the network or a cache). */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
      .filter((file) => file.endsWith('.js')),
  );

/** The tracker's source detection: a lazy chunk (widgets/order-attribution/attribution-source.ts). */
const SOURCE_DETECTION = /^attribution-source-[\w-]+\.js$/;

/** The checkout's attribution inputs, field → value. */
const attribution = (page: Page) =>
  page.$$eval('form.checkout input[name^="wc_order_attribution_"]', (inputs) =>
    Object.fromEntries(
      (inputs as HTMLInputElement[]).map((i) => [i.name.replace('wc_order_attribution_', ''), i.value]),
    ),
  );

async function openCheckout(page: Page) {
  await open(page, '/checkout/');
  await expect(island(page, 'checkout')).toHaveAttribute('data-island-state', 'mounted');
}

test.describe('order attribution', () => {
  test('a campaign link, the shop, a product, the checkout: the order carries the campaign', async ({
    page,
  }) => {
    await open(page, CAMPAIGN);
    await page.getByRole('link', { name: 'Shop the boots' }).click();
    await page.waitForURL('**/shop/');
    await waitForIslands(page);
    await tracked(page);
    const added = page.waitForResponse((r) => new URL(r.url()).searchParams.get('wc-ajax') === 'add_to_cart');
    await page
      .getByRole('link', { name: /^Add to cart: “/ })
      .first()
      .click();
    expect((await added).status()).toBe(200);
    await openCheckout(page);

    const values = await attribution(page);
    expect(values).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_content: '(none)',
      referrer: '(none)',
      session_pages: '3',
      session_count: '1',
      user_agent: await page.evaluate(() => navigator.userAgent),
    });
    expect(values.session_entry).toMatch(
      /\/landing\/\?utm_source=news&utm_medium=email&utm_campaign=spring$/,
    );
    expect(values.session_start_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // The sourcebuster cookies, readable by WooCommerce's own script.
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]));
    expect(decodeURIComponent(cookies.sbjs_current!.value)).toMatch(
      /^typ=utm\|\|\|src=news\|\|\|mdm=email\|\|\|cmp=spring/,
    );
    expect(cookies.sbjs_current!.path).toBe('/');
    expect(cookies.sbjs_current!.sameSite).toBe('Lax');
    // WooCommerce's 0.00001 months: kept until the browser closes; the session for 30 minutes.
    expect(cookies.sbjs_current!.expires).toBe(-1);
    expect(cookies.sbjs_session!.expires - Date.now() / 1000).toBeGreaterThan(29 * 60);

    // The order is posted with them (the demo does not keep them: the request says what was sent).
    const orders = counter(page, CHECKOUT);
    await fillIreland(page);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    expect(orders.count).toBe(1);
    const posted = new URLSearchParams(orders.bodies[0]);
    expect(posted.get('wc_order_attribution_source_type')).toBe('utm');
    expect(posted.get('wc_order_attribution_utm_source')).toBe('news');
    expect(posted.get('wc_order_attribution_utm_medium')).toBe('email');
    expect(posted.get('wc_order_attribution_utm_campaign')).toBe('spring');
    expect(posted.get('wc_order_attribution_session_count')).toBe('1');
  });

  test('from a search engine: organic', async ({ page }) => {
    await open(page, '/landing/', 'https://www.google.com/');
    await addToCart(page);
    await openCheckout(page);
    expect(await attribution(page)).toMatchObject({
      source_type: 'organic',
      utm_source: 'google',
      utm_medium: 'organic',
      referrer: 'https://www.google.com/',
      session_pages: '2',
      session_count: '1',
    });
  });

  test('typed in: (direct) / (none)', async ({ page }) => {
    await addToCart(page);
    await openCheckout(page);
    expect(await attribution(page)).toMatchObject({
      source_type: 'typein',
      utm_source: '(direct)',
      utm_medium: '(none)',
      utm_campaign: '(none)',
      referrer: '(none)',
      session_pages: '1',
      session_count: '1',
    });
  });

  test('the landing page loads the tracker’s standalone entry and chunk only: no loader, no React', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await open(page, CAMPAIGN);
    const chunks = [...new Set(scripts)].map((path) => path.split('/').pop()!);
    expect(chunks.some((file) => /^order-attribution-standalone-/.test(file))).toBe(true);
    expect(chunks.some((file) => /^order-attribution-(?!standalone-)/.test(file))).toBe(true);
    // A campaign link names a source: the source detection is loaded too.
    expect(chunks.some((file) => SOURCE_DETECTION.test(file))).toBe(true);
    expect(
      chunks.filter((file) => !/^order-attribution-[\w-]+\.js$/.test(file) && !SOURCE_DETECTION.test(file)),
    ).toEqual([]);
    // The standalone entry mounted the tracker, as the loader would have.
    await expect(page.locator('[data-island="order-attribution"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    );
    // The one island of the page.
    expect(
      await page
        .locator('[data-island]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-island'))),
    ).toEqual(['order-attribution']);
  });

  test('the source detection loads where a source may be named (a campaign link), not on the internal pages after it', async ({
    page,
  }) => {
    await open(page, CAMPAIGN);
    expect((await loadedScripts(page)).filter((file) => SOURCE_DETECTION.test(file))).toHaveLength(1);
    await page.getByRole('link', { name: 'Shop the boots' }).click();
    await page.waitForURL('**/shop/');
    await waitForIslands(page);
    await tracked(page);
    const scripts = await loadedScripts(page);
    expect(scripts.some((file) => /^order-attribution-(?!standalone-)/.test(file))).toBe(true);
    expect(scripts.filter((file) => SOURCE_DETECTION.test(file))).toEqual([]);
    // The campaign is kept all the same.
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(decodeURIComponent(cookies.sbjs_current!)).toMatch(/^typ=utm\|\|\|src=news\|\|\|mdm=email/);
    expect(decodeURIComponent(cookies.sbjs_session!)).toMatch(/^pgs=2\|\|\|/);
  });

  test('the landing page at 320 px: readable, nothing overflows, no WCAG A/AA violations @mobile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await open(page, CAMPAIGN);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop the boots' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
