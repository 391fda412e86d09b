/**
 * The shop's ordering form and result count (storefront.md §2.3, §9 "Timings"): the catalog-ordering
 * island sends the form when the shopper picks an ordering (with the mouse at once; with the keyboard
 * on Enter, arrows only browse), one navigation per choice; without JavaScript the Sort button
 * sorts; the result-count island re-announces the count 2 s after it mounts. Only the listing's
 * islands are awaited: other islands on /shop/ are not this spec's.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PRICE_LOW_TO_HIGH = 'Sort by price: low to high';

const ordering = (page: Page) => page.getByRole('combobox', { name: 'Shop order' });

/** Opens /shop/ (or `path`) and waits for the listing's two islands to mount. */
async function openListing(page: Page, path = '/shop/') {
  await page.goto(path);
  for (const name of ['catalog-ordering', 'result-count']) {
    await expect(page.locator(`[data-island="${name}"]`)).toHaveAttribute('data-island-state', 'mounted', {
      timeout: 10_000,
    });
  }
}

/** Counts the main frame's document requests from now on (each one is a navigation). */
function countNavigations(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/** Each listed product's lowest current price (a range's first amount; a sale's price, not the old one). */
const prices = (page: Page) =>
  page.$$eval('ul.products > li.product .price', (nodes) =>
    nodes.map((price) => {
      const amounts = [...price.querySelectorAll('.amount')]
        .filter((amount) => !amount.closest('del'))
        .map((amount) => Number((amount.textContent ?? '').replace(/[^\d.]/g, '')));
      return Math.min(...amounts);
    }),
  );

async function expectSortedByPrice(page: Page) {
  const listed = await prices(page);
  expect(listed.length).toBeGreaterThan(1);
  expect(listed[0]!).toBeLessThanOrEqual(listed.at(-1)!);
  expect(listed).toEqual([...listed].sort((a, b) => a - b));
}

test('a pick with the mouse reloads the page sorted, once', async ({ page }) => {
  await openListing(page);
  const navigations = countNavigations(page);
  // A pick in the select's list: Playwright selects as a mouse pick does (input, change; no key).
  await ordering(page).selectOption({ label: PRICE_LOW_TO_HIGH });
  await page.waitForURL(/[?&]orderby=price(&|$)/);
  await expect(ordering(page)).toHaveValue('price');
  await expectSortedByPrice(page);
  await page.waitForTimeout(300);
  expect(navigations).toHaveLength(1);
  const url = new URL(navigations[0]!);
  expect(url.pathname).toBe('/shop/');
  expect([...url.searchParams]).toEqual([
    ['orderby', 'price'],
    ['paged', '1'],
  ]);
});

test('keyboard: ArrowDown twice browses, Enter sends: exactly one navigation', async ({ page }) => {
  await openListing(page);
  const navigations = countNavigations(page);
  await ordering(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(ordering(page)).toHaveValue('rating');
  await page.waitForTimeout(300);
  expect(navigations, 'arrows only browse').toEqual([]);
  await page.keyboard.press('Enter');
  await page.waitForURL(/[?&]orderby=rating(&|$)/);
  await expect(ordering(page)).toHaveValue('rating');
  await page.waitForTimeout(300);
  expect(navigations).toHaveLength(1);
});

test('WooCommerce’s change handler on the island’s form (its ready handler ran late): still one navigation', async ({
  page,
}) => {
  await openListing(page);
  // woocommerce.js: $( '.woocommerce-ordering' ).on( 'change', 'select.orderby', () => form.trigger( 'submit' ) ),
  // which calls the form's native submit().
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form.woocommerce-ordering')!;
    form.addEventListener('change', (event) => {
      if ((event.target as Element).matches('select.orderby')) form.submit();
    });
  });
  const navigations = countNavigations(page);
  await ordering(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  expect(navigations, 'arrows only browse').toEqual([]);
  await page.keyboard.press('Enter');
  await page.waitForURL(/[?&]orderby=popularity(&|$)/);
  await page.waitForTimeout(300);
  expect(navigations).toHaveLength(1);
});

test('keyboard: browsing then Tab sends once, with the other query arguments', async ({ page }) => {
  await openListing(page, '/shop/?min_price=1');
  const navigations = countNavigations(page);
  await ordering(page).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(ordering(page)).toHaveValue('price');
  await page.keyboard.press('Tab');
  await page.waitForURL(/[?&]orderby=price(&|$)/);
  await page.waitForTimeout(300);
  expect(navigations).toHaveLength(1);
  expect([...new URL(navigations[0]!).searchParams]).toEqual([
    ['orderby', 'price'],
    ['paged', '1'],
    ['min_price', '1'],
  ]);
  await expectSortedByPrice(page);
});

test('the islands mount over the server’s markup in the same boxes; the Sort button takes no room', async ({
  page,
}) => {
  // The listing's chunks wait until the server's markup is measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(catalog-ordering|result-count)-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const boxes = () =>
    page.$$eval(
      '.storefront-sorting, form.woocommerce-ordering, form.woocommerce-ordering > *, p.woocommerce-result-count, ul.products',
      (elements) => {
        // From the listing's own corner: an island above it (not this spec's) may move it all.
        const origin = elements[0]!.getBoundingClientRect();
        return (
          elements
            // Hidden inputs; the fallback's <noscript> button and the island's hidden one take no room.
            .filter((el) => !(el instanceof HTMLInputElement && el.type === 'hidden'))
            .filter((el) => !el.matches('noscript, .shop-islands-ordering-submit'))
            .map((el) => {
              const r = el.getBoundingClientRect();
              return `${el.tagName.toLowerCase()}.${el.className}: ${r.x - origin.x},${r.y - origin.y} ${r.width}x${r.height}`;
            })
        );
      },
    );
  await page.goto('/shop/');
  await expect(page.locator('[data-island="catalog-ordering"]')).not.toHaveAttribute(
    'data-island-state',
    'mounted',
  );
  const before = await boxes();
  release();
  await openListing(page);
  expect(await boxes()).toEqual(before);
  // The island's Sort button is there for assistive technology and the keyboard, hidden until focused.
  const sort = page.getByRole('button', { name: 'Sort', exact: true });
  await expect(sort).toHaveCount(1);
  expect((await sort.boundingBox())!.width).toBeLessThanOrEqual(1);
});

test('Tab from the select without a change: the Sort button shows while focused, over the page', async ({
  page,
}) => {
  await openListing(page);
  const listed = await page.locator('ul.products').boundingBox();
  await ordering(page).focus();
  await page.keyboard.press('Tab');
  const sort = page.getByRole('button', { name: 'Sort', exact: true });
  await expect(sort).toBeFocused();
  const shown = (await sort.boundingBox())!;
  expect(shown.width).toBeGreaterThan(20);
  expect(shown.height).toBeGreaterThan(20);
  await expect(sort).toBeInViewport({ ratio: 1 });
  expect(await page.locator('ul.products').boundingBox()).toEqual(listed);
  await page.keyboard.press('Tab');
  expect((await sort.boundingBox())!.width).toBeLessThanOrEqual(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Sort button sorts (the select alone does nothing)', async ({ page }) => {
    await page.goto('/shop/');
    const navigations = countNavigations(page);
    await ordering(page).selectOption({ label: PRICE_LOW_TO_HIGH });
    await page.waitForTimeout(300);
    expect(navigations).toEqual([]);
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.waitForURL(/[?&]orderby=price(&|$)/);
    expect(new URL(page.url()).searchParams.get('paged')).toBe('1');
    await expect(ordering(page)).toHaveValue('price');
    await expect(page.locator('p.woocommerce-result-count')).toHaveText(/^Showing all \d+ results$/);
    await expectSortedByPrice(page);
  });
});

test('the result count is announced in the live region 2 s after the island mounts', async ({ page }) => {
  // Recorded in the page from its start: when the island mounted, when the region said the count.
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { __resultCount: Record<string, number> }).__resultCount = times;
    new MutationObserver(() => {
      const island = document.querySelector('[data-island="result-count"]');
      if (!times.mounted && island?.getAttribute('data-island-state') === 'mounted')
        times.mounted = performance.now();
      const region = document.getElementById('shop-islands-live');
      if (!times.announced && /^Showing all \d+ results$/.test(region?.textContent ?? ''))
        times.announced = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await openListing(page);
  const count = (await page.locator('p.woocommerce-result-count').textContent()) ?? '';
  expect(count).toMatch(/^Showing all \d+ results$/);
  const region = page.locator('#shop-islands-live');
  await expect(region).toHaveText(count, { timeout: 5000 });
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveAttribute('role', 'status');
  const times = await page.evaluate(
    () => (window as unknown as { __resultCount: Record<string, number> }).__resultCount,
  );
  expect(times.announced! - times.mounted!).toBeGreaterThanOrEqual(1950);
  expect(times.announced! - times.mounted!).toBeLessThan(3500);
  // The paragraph itself is no live region (its insertion by the mount is not read out).
  await expect(page.locator('p.woocommerce-result-count')).not.toHaveAttribute('role', /.*/);
});

test('the ordering form and the result count have no WCAG 2.1 A/AA violations', async ({ page }) => {
  await openListing(page, '/shop/?orderby=price&min_price=1');
  await expect(page.locator('#shop-islands-live')).toHaveText(/^Showing all \d+ results$/, { timeout: 5000 });
  const results = await new AxeBuilder({ page })
    .include('.storefront-sorting')
    .include('#shop-islands-live')
    .withTags(TAGS)
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  // At 320 px too.
  await page.setViewportSize({ width: 320, height: 720 });
  const narrow = await new AxeBuilder({ page }).include('.storefront-sorting').withTags(TAGS).analyze();
  expect(narrow.violations.map((v) => v.id)).toEqual([]);
  const sorting = await page.locator('.storefront-sorting').boundingBox();
  for (const part of ['form.woocommerce-ordering', 'p.woocommerce-result-count']) {
    const box = await page.locator(part).boundingBox();
    expect(box!.x + box!.width, part).toBeLessThanOrEqual(sorting!.x + sorting!.width + 0.5);
  }
  // The Sort button, shown while focused, fits too.
  await ordering(page).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sort', exact: true })).toBeInViewport({ ratio: 1 });
  expect(
    (await new AxeBuilder({ page }).include('.storefront-sorting').withTags(TAGS).analyze()).violations.map(
      (v) => v.id,
    ),
  ).toEqual([]);
});
