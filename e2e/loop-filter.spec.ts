/**
 * Elementor Pro's loop filters over the loop grid of the demo's `/gear/` page (storefront.md §2.3,
 * §2.10, §3 "Loop filter", §5, §7, §9; issue #15): "find a product by filters then page 2 then
 * back" (the grid refreshed in place through `refresh-loop`, the filters and the page in the URL,
 * Back and Forward showing each grid again), an add to cart from a refreshed grid, the mobile
 * filter drawer, a failing refresh that keeps the grid, `theme_template_id`, the page without
 * JavaScript, and axe over each state.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, scrollToCenter, test, waitForIslands } from './fixtures';

const GRID = '5e3c2a1';
const REFRESH = /\/wp-json\/elementor-pro\/v1\/refresh-loop(?:[?#]|$)/;
const ALERT = 'The products could not be updated. Please try again.';

const bar = (page: Page, name: string) => page.getByRole('search', { name });
const term = (page: Page, filter: string, name: RegExp) => bar(page, filter).getByRole('button', { name });
const grid = (page: Page) => page.locator(`.elementor-element-${GRID} > .elementor-widget-container`);
const resultCount = (page: Page) => grid(page).locator('.woocommerce-result-count');
const search = (page: Page) => new URL(page.url()).search;
const filterArg = (page: Page, taxonomy: string) =>
  new URL(page.url()).searchParams.get(`e-filter-${GRID}-${taxonomy}`);

/** The refresh-loop requests the page sends: their URL and JSON body. */
function watchRefreshes(page: Page) {
  const sent: { url: URL; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (REFRESH.test(request.url())) sent.push({ url: new URL(request.url()), body: request.postDataJSON() });
  });
  return sent;
}

async function expectNoViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Follows the grid's link to page `n`, scrolled to the middle first (the store notice is fixed at the bottom). */
async function goToPage(page: Page, n: number) {
  const link = grid(page).getByRole('link', { name: new RegExp(`^Page ?${n}$`) });
  await scrollToCenter(link);
  await link.click();
}

async function openGear(page: Page, query = '') {
  await page.goto(`/gear/${query}`);
  await waitForIslands(page);
}

test.describe('find products by filters', () => {
  test('by filters then page 2 then back', async ({ page }) => {
    const sent = watchRefreshes(page);
    await openGear(page);
    await expect(term(page, 'Category', /^All$/)).toHaveAttribute('aria-pressed', 'true');
    const everything = await resultCount(page).textContent();
    expect(everything).toMatch(/^Showing 1–12 of \d+ results$/);
    await expectNoViolations(page);

    // A category…
    await term(page, 'Category', /^Football \(/).click();
    await expect(page).toHaveURL(new RegExp(`[?&]e-filter-${GRID}-product_cat=football(?:&|$)`));
    await expect(resultCount(page)).not.toHaveText(everything!);
    await expect(term(page, 'Category', /^Football \(/)).toHaveAttribute('aria-pressed', 'true');
    await expect(term(page, 'Category', /^All$/)).toHaveAttribute('aria-pressed', 'false');
    const football = await resultCount(page).textContent();

    // …and a tag: Football boots in junior sizes, over two pages.
    await term(page, 'Tag', /^Junior \(/).click();
    await expect.poll(() => filterArg(page, 'product_tag')).toBe('junior');
    expect(filterArg(page, 'product_cat')).toBe('football');
    await expect(resultCount(page)).toHaveText(/^Showing 1–12 of 16 results$/);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({
      post_id: 4242,
      widget_filters: {
        taxonomy: {
          product_cat: { terms: ['football'], logicalJoin: 'OR' },
          product_tag: { terms: ['junior'], logicalJoin: 'AND' },
        },
      },
      widget_id: GRID,
      pagination_base_url: new URL('/gear/', page.url()).href,
    });
    // The grid's own add-to-cart buttons came with it, and work (below).
    await expect(grid(page).locator('[data-island="add-to-cart"]').first()).toHaveAttribute(
      'data-island-state',
      'mounted',
    );
    await expectNoViolations(page);

    // Page 2, with the same filters.
    await goToPage(page, 2);
    await expect(resultCount(page)).toHaveText('Showing 13–16 of 16 results');
    await expect(page).toHaveURL(new RegExp(`[?&]e-page-${GRID}=2(?:&|$)`));
    expect(filterArg(page, 'product_cat')).toBe('football');
    expect(filterArg(page, 'product_tag')).toBe('junior');
    expect(sent).toHaveLength(3);
    expect(sent[2]!.url.searchParams.get(`e-page-${GRID}`)).toBe('2');
    expect(sent[2]!.body.widget_filters).toEqual(sent[1]!.body.widget_filters);
    // The link that had the focus is gone: the grid has it.
    await expect(grid(page)).toBeFocused();

    // Back: page 1, still filtered (from the answers the grid keeps: no request).
    await page.goBack();
    await expect(resultCount(page)).toHaveText('Showing 1–12 of 16 results');
    expect(search(page)).not.toContain(`e-page-${GRID}`);
    await expect(term(page, 'Tag', /^Junior \(/)).toHaveAttribute('aria-pressed', 'true');
    // Back: the category alone.
    await page.goBack();
    await expect(resultCount(page)).toHaveText(football!);
    await expect(term(page, 'Tag', /^Junior \(/)).toHaveAttribute('aria-pressed', 'false');
    await expect(term(page, 'Tag', /^All$/)).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toHaveLength(3);
    // Back: the page as it was loaded, unfiltered (asked for again).
    await page.goBack();
    await expect(resultCount(page)).toHaveText(everything!);
    await expect(term(page, 'Category', /^All$/)).toHaveAttribute('aria-pressed', 'true');
    expect(new URL(page.url()).pathname).toBe('/gear/');
    expect(search(page)).toBe('');
    expect(sent).toHaveLength(4);
    expect(sent[3]!.body.widget_filters).toEqual({});
    // Forward again: the category.
    await page.goForward();
    await expect(resultCount(page)).toHaveText(football!);
    await expect(term(page, 'Category', /^Football \(/)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a reload keeps the filters and the page: the server prints that grid', async ({ page }) => {
    await openGear(page);
    await term(page, 'Category', /^Football \(/).click();
    await term(page, 'Tag', /^Junior \(/).click();
    await expect(resultCount(page)).toHaveText(/of 16 results$/);
    await goToPage(page, 2);
    await expect(resultCount(page)).toHaveText('Showing 13–16 of 16 results');
    const sent = watchRefreshes(page);
    await page.reload();
    await waitForIslands(page);
    await expect(resultCount(page)).toHaveText('Showing 13–16 of 16 results');
    await expect(term(page, 'Category', /^Football \(/)).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toHaveLength(0);
  });

  test('add to cart from a refreshed grid works at once, in the page', async ({ page }) => {
    await openGear(page);
    await term(page, 'Category', /^Balls \(/).click();
    await expect(page).toHaveURL(/product_cat=balls/);
    const item = grid(page).locator('li.product.instock.product-type-simple').first();
    const add = item.getByRole('link', { name: /^Add to cart:/ });
    await expect(item.locator('[data-island="add-to-cart"]')).toHaveAttribute('data-island-state', 'mounted');
    const added = page.waitForResponse((r) => new URL(r.url()).searchParams.get('wc-ajax') === 'add_to_cart');
    await add.click();
    expect((await added).status()).toBe(200);
    await expect(add).toHaveClass(/\badded\b/);
    await expect(item.getByRole('link', { name: 'View cart' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/gear/');
  });

  test('one request per intent: a second choice while the first loads aborts it; one history entry', async ({
    page,
  }) => {
    await openGear(page);
    const held: (() => void)[] = [];
    await page.route(REFRESH, async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => undefined);
    });
    const sent = watchRefreshes(page);
    await term(page, 'Category', /^Football \(/).click();
    await expect(grid(page)).toHaveAttribute('aria-busy', 'true');
    await term(page, 'Category', /^Tennis \(/).click();
    await expect.poll(() => sent.length).toBe(2);
    held.forEach((release) => release());
    await page.unroute(REFRESH);
    await expect(grid(page)).not.toHaveAttribute('aria-busy');
    expect(filterArg(page, 'product_cat')).toBe('football~tennis');
    await expect(term(page, 'Category', /^Football \(/)).toHaveAttribute('aria-pressed', 'true');
    // The first choice never showed: Back leads to the page as loaded.
    await page.goBack();
    await expect(term(page, 'Category', /^All$/)).toHaveAttribute('aria-pressed', 'true');
    expect(search(page)).toBe('');
  });
});

test.describe('a failing refresh', () => {
  test('a 500 keeps the grid and says so; Try again refreshes it', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 500/);
    consoleErrors.allow(/^\[shop-islands\] loop-grid: the grid 5e3c2a1 could not be refreshed/);
    await openGear(page);
    const before = await grid(page).innerHTML();
    await page.route(REFRESH, (route) => route.fulfill({ status: 500, body: '<h1>Error</h1>' }), {
      times: 1,
    });
    await term(page, 'Category', /^Tennis \(/).click();
    await expect(page.getByRole('alert')).toHaveText(ALERT);
    expect(await grid(page).innerHTML()).toBe(before);
    await expect(grid(page)).not.toHaveAttribute('aria-busy');
    // The choice is kept.
    expect(filterArg(page, 'product_cat')).toBe('tennis');
    await expect(term(page, 'Category', /^Tennis \(/)).toHaveAttribute('aria-pressed', 'true');
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(grid(page).locator('li.product').first()).toHaveClass(
      /product_cat-(tennis|rackets|junior-rackets|tennis-balls)/,
    );
  });

  test('malformed JSON, then a timeout-like abort, keep the grid too', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/^\[shop-islands\] loop-grid: the grid 5e3c2a1 could not be refreshed/);
    consoleErrors.allow(/Failed to load resource/);
    await openGear(page);
    const before = await resultCount(page).textContent();
    await page.route(REFRESH, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data": "<div' }),
    );
    await term(page, 'Tag', /^Waterproof \(/).click();
    await expect(page.getByRole('alert')).toHaveText(ALERT);
    await expect(resultCount(page)).toHaveText(before!);
    await page.unroute(REFRESH);
    await page.route(REFRESH, (route) => route.abort('timedout'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveText(ALERT);
    await expect(resultCount(page)).toHaveText(before!);
  });
});

test.describe('the mobile filter drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("below 768 px the filters sit in a drawer: 'Filters' opens it, a choice refreshes the grid, Escape closes it and the focus returns", async ({
    page,
  }) => {
    await openGear(page, `?e-filter-${GRID}-product_tag=junior`);
    // In the page, only the button.
    await expect(bar(page, 'Category')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('search')).toHaveCount(2);
    await expectNoViolations(page);
    await dialog
      .getByRole('search', { name: 'Category' })
      .getByRole('button', { name: /^Tennis \(/ })
      .click();
    await expect.poll(() => filterArg(page, 'product_cat')).toBe('tennis');
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeAttached();
    await expect(resultCount(page)).toHaveText(/^Showing (all )?\d/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeFocused();
    // Show results closes it too.
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Show results' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('works at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openGear(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('on load', () => {
  test('theme_template_id scrolls to that template', async ({ page }) => {
    await page.goto('/gear/?theme_template_id=4300');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the islands mount without moving anything', async ({ page }) => {
    await page.goto('/gear/');
    const boxes = () =>
      page.evaluate(() =>
        [
          '.e-loop-filter[data-id="c47f9e2"] .e-filter-item[data-filter="tennis"]',
          '.e-loop-filter[data-id="7d1b0f3"]',
          '.elementor-element-5e3c2a1 li.product',
        ]
          .map((selector) => document.querySelector(selector)!.getBoundingClientRect())
          .map((r) => [
            Math.round(r.x),
            Math.round(r.y + scrollY),
            Math.round(r.width),
            Math.round(r.height),
          ]),
      );
    const before = await boxes();
    await waitForIslands(page);
    expect(await boxes()).toEqual(before);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters are links and the pagination plain links: the server prints each grid', async ({
    page,
  }) => {
    await page.goto('/gear/');
    await page.getByRole('link', { name: /^Football \(/ }).click();
    await expect(page).toHaveURL(new RegExp(`product_cat=football`));
    await page.getByRole('link', { name: /^Junior \(/ }).click();
    await expect(resultCount(page)).toHaveText('Showing 1–12 of 16 results');
    await goToPage(page, 2);
    await expect(resultCount(page)).toHaveText('Showing 13–16 of 16 results');
    expect(filterArg(page, 'product_cat')).toBe('football');
    expect(filterArg(page, 'product_tag')).toBe('junior');
    // The 'Filters' button is for when scripts run.
    await expect(page.locator('.e-filter-toggle')).toBeHidden();
    await page.getByRole('link', { name: /^All$/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/gear/\\?e-filter-${GRID}-product_tag=junior$`));
  });
});
