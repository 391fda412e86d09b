/**
 * The product page's extras (storefront.md §2.5, §3, §4, §7): the sale badge's percent for the chosen
 * variation (and its silent failure), the sticky add-to-cart bar (shown past the summary, adding to
 * the cart, leading to the variations form), the size guide by keyboard, the product-view analytics
 * event and its dataLayer push; axe with the bar shown; no layout shift; the mobile journey.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoMounted, tabTo, test, waitForIslands } from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const BALL = '/product/pro-match-football/';
const AJAX = '**/wp-admin/admin-ajax.php*';

const badge = (page: Page) => page.locator('[data-island="sale-badge"] .onsale');
const bar = (page: Page) => page.locator('section.storefront-sticky-add-to-cart');
const size = (page: Page) => page.getByRole('combobox', { name: 'Size' });
const colour = (page: Page) => page.getByRole('combobox', { name: 'Colour' });

/**
 * Scrolls the summary (Storefront's `trigger_class`) out of view above, as a shopper reading on: as
 * far as needed, or to the end of the page.
 */
async function scrollPastSummary(page: Page) {
  await page.evaluate(() => {
    const summary = document.querySelector('.entry-summary')!;
    window.scrollTo(0, window.scrollY + summary.getBoundingClientRect().bottom + 40);
  });
  expect(
    await page.evaluate(() => document.querySelector('.entry-summary')!.getBoundingClientRect().bottom),
    'the page is long enough to scroll the summary out of view',
  ).toBeLessThan(0);
}

/**
 * The product page with its reviews tab open (`#tab-reviews`): a shopper reading the reviews scrolls
 * the summary out of view. (The demo's pages end with their tabs; the recorded store's simple product,
 * step 01, also has related products below them.) Islands mounted, scrolled back to the top.
 */
async function openAtTop(page: Page, path: string) {
  await page.goto(`${path}#tab-reviews`);
  await waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar(page)).toBeHidden();
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('sale badge', () => {
  test('UK 2 / Blue (29.99 of 39.99) shows "-25%"; a full-price variation hides it; Clear brings "Sale!" back', async ({
    page,
  }) => {
    const request = page.waitForRequest(
      (r) =>
        r.url().includes('admin-ajax.php') &&
        new URLSearchParams(r.postData() ?? '').get('action') === 'shoptimizer_get_sale_prices',
    );
    await gotoMounted(page, BOOTS);
    expect(Object.fromEntries(new URLSearchParams((await request).postData() ?? ''))).toEqual({
      action: 'shoptimizer_get_sale_prices',
      product_id: '18',
    });
    await expect(badge(page)).toHaveText('Sale!');
    await size(page).selectOption({ label: 'UK 2' });
    await colour(page).selectOption('Blue');
    await expect(badge(page)).toHaveText('-25%');
    await expect(badge(page)).toBeVisible();

    await colour(page).selectOption('Black');
    await expect(badge(page)).toBeHidden();

    await page
      .getByRole('button', { name: 'Clear options' })
      .or(page.getByRole('link', { name: 'Clear options' }))
      .click();
    await expect(badge(page)).toHaveText('Sale!');
    await expect(badge(page)).toBeVisible();
  });

  test('sale prices failing (500): no badge change and no error shown to the shopper', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/sale-badge: the sale percents could not be loaded/);
    consoleErrors.allow(/status of 500/);
    await page.route(AJAX, (route, request) =>
      new URLSearchParams(request.postData() ?? '').get('action') === 'shoptimizer_get_sale_prices'
        ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' })
        : route.fallback(),
    );
    await gotoMounted(page, BOOTS);
    await expect.poll(() => consoleErrors.fromIslands().some((t) => t.includes('sale-badge'))).toBe(true);
    await size(page).selectOption({ label: 'UK 2' });
    await colour(page).selectOption('Blue');
    await expect(page.locator('.single_variation')).toContainText('29.99');
    await expect(badge(page)).toHaveText('Sale!');
    await expect(badge(page)).toBeVisible();
    await colour(page).selectOption('Black');
    await expect(badge(page)).toHaveText('Sale!');
    await expect(badge(page)).toBeVisible();
    await expect(page.getByText(/sale|percent/i).filter({ hasText: /could not|error|failed/i })).toHaveCount(
      0,
    );
  });
});

test.describe('sticky add-to-cart bar', () => {
  test('simple product: appears past the summary; its Add to cart adds and opens the drawer', async ({
    page,
  }) => {
    await openAtTop(page, BALL);
    await expect(bar(page)).toBeHidden();
    await expect(bar(page)).toHaveAttribute('aria-hidden', 'true');
    await scrollPastSummary(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).not.toHaveAttribute('aria-hidden');
    await expect(bar(page)).toContainText("You're viewing: Pro Match Football");
    // At the top on wide screens, as Storefront, once it has slid in.
    await expect.poll(async () => (await bar(page).boundingBox())?.y).toBe(0);

    const add = page.waitForRequest((r) => r.url().includes('wc-ajax=add_to_cart'));
    await bar(page).getByRole('link', { name: 'Add to cart' }).click();
    expect(Object.fromEntries(new URLSearchParams((await add).postData() ?? ''))).toEqual({
      product_id: '13',
      quantity: '1',
    });
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('Pro Match Football');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar(page)).toBeHidden();
  });

  test('variable product: Select options scrolls to the variations form and focuses its first select', async ({
    page,
  }) => {
    await openAtTop(page, BOOTS);
    await scrollPastSummary(page);
    const select = bar(page).getByRole('link', { name: 'Select options' });
    await expect(select).toBeVisible();
    await select.click();
    await expect(size(page)).toBeFocused();
    await expect(size(page)).toBeInViewport();
    await expect(bar(page)).toBeHidden(); // the summary is back in view
  });

  test('axe is clean with the bar shown', async ({ page }) => {
    await openAtTop(page, BALL);
    await scrollPastSummary(page);
    await expect(bar(page)).toBeVisible();
    await page.waitForTimeout(250); // the 200 ms slide has ended
    await expectNoViolations(page);
  });

  test('CLS stays 0: islands mounting, the bar sliding in and out', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as Window & { __shifts?: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) =>
              s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of [BOOTS, BALL]) {
      // Loaded without a hash (the `#tab-reviews` deep link scrolls while the page loads, which is
      // not what this measures); the shopper then opens the reviews and reads on.
      await gotoMounted(page, path);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('tab', { name: /^Reviews/ }).click();
      await page.waitForTimeout(600); // past the input's 500 ms grace: later shifts count
      await scrollPastSummary(page);
      await expect(bar(page)).toBeVisible();
      await page.waitForTimeout(250);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar(page)).toBeHidden();
      const shifts = await page.evaluate(
        () => (window as Window & { __shifts?: { value: number; sources: string[] }[] }).__shifts ?? [],
      );
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        `${path}: ${JSON.stringify(shifts)}`,
      ).toBe(0);
    }
  });
});

test.describe('size guide', () => {
  test('by keyboard: Tab to it, Enter opens the table in a dialog, Escape closes, focus comes back', async ({
    page,
  }) => {
    await openAtTop(page, BOOTS);
    const button = page.getByRole('button', { name: 'Size guide' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Size guide' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('table', { name: /Junior Football Boots/ })).toBeVisible();
    await expect(dialog.getByRole('rowheader', { name: 'UK 2' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close size guide' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close size guide' })).toBeFocused();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore); // the page does not scroll beneath
    await expectNoViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('without JavaScript: the link shows the in-page size table', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(BOOTS);
    const section = page.locator('#size-guide');
    await expect(section).toBeHidden();
    await page.getByRole('link', { name: 'Size guide' }).click();
    await expect(section).toBeVisible();
    await expect(section.getByRole('table', { name: /Junior Football Boots/ })).toBeVisible();
    await context.close();
  });
});

test.describe('product-view analytics event', () => {
  test('dispatched once on document and pushed to the page’s dataLayer', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as Window & { dataLayer?: unknown[]; __views?: unknown[] };
      w.dataLayer = [];
      w.__views = [];
      document.addEventListener('shop-islands:product-view', (event) =>
        w.__views!.push((event as CustomEvent).detail),
      );
    });
    await gotoMounted(page, BOOTS);
    const expected = {
      store_currency: 'EUR',
      is_guest: true,
      product_id: 18,
      name: 'Junior Football Boots',
      category: 'Junior Boots',
      type: 'variable',
    };
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __views?: unknown[] }).__views))
      .toEqual([expect.objectContaining(expected)]);
    const dataLayer = await page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer);
    expect(dataLayer).toEqual([
      expect.objectContaining({ event: 'shop-islands:product-view', ...expected, price: expect.any(Number) }),
    ]);
  });

  test('no dataLayer on the page: none is created, the DOM event still fires', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as Window & { __views?: unknown[] };
      w.__views = [];
      document.addEventListener('shop-islands:product-view', (event) =>
        w.__views!.push((event as CustomEvent).detail),
      );
    });
    await gotoMounted(page, BALL);
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __views?: unknown[] }).__views?.length))
      .toBe(1);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });
});

test('@mobile journey: the bottom bar above the store notice adds to the cart; badge and size guide on the boots', async ({
  page,
}) => {
  await openAtTop(page, BALL);
  await expect(bar(page)).toBeHidden();
  await scrollPastSummary(page);
  await expect(bar(page)).toBeVisible();
  await page.waitForTimeout(250); // the 200 ms slide has ended
  const viewport = page.viewportSize()!;
  const barBox = (await bar(page).boundingBox())!;
  const notice = page.locator('.woocommerce-store-notice');
  if (viewport.width < 768) {
    // A bottom bar, sitting on the store notice, never over it.
    if (await notice.isVisible()) {
      const noticeBox = (await notice.boundingBox())!;
      expect(Math.abs(barBox.y + barBox.height - noticeBox.y)).toBeLessThanOrEqual(1);
    } else {
      expect(Math.round(barBox.y + barBox.height)).toBe(viewport.height);
    }
    // The page has room for it: the end of the page scrolls clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBox = (await page.locator('.site-info').boundingBox())!;
    expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(barBox.y + 1);
  } else {
    expect(barBox.y).toBe(0);
  }
  await bar(page).getByRole('link', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer).toContainText('Pro Match Football');
  await page.keyboard.press('Escape');

  await openAtTop(page, BOOTS);
  await size(page).selectOption({ label: 'UK 2' });
  await colour(page).selectOption('Blue');
  await expect(badge(page)).toHaveText('-25%');
  await page.getByRole('button', { name: 'Size guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Size guide' })).toBeVisible();
  await page.getByRole('button', { name: 'Close size guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Size guide' })).toBeHidden();
});
