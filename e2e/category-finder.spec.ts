/**
 * The category finder on /shop/ (storefront.md §2.2, §4 "Category finder"): the shopper's journey
 * "find a product by category finder" with a pointer, with the keyboard only (browsing the options
 * with the arrow keys never leaves the page: WCAG 3.2.2), and without JavaScript (the fallback's
 * GET form, `/?product_cat=slug`, which WordPress redirects to the category page); axe over each
 * state; the layout at 320 px; and no layout shift when the island mounts over its fallback.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoMounted, island, tabTo, test, waitForIslands } from './fixtures';

const SHOP = '/shop/';
const TRAIL = '/product-category/running/running-shoes/trail-shoes/';
const CHOOSE = 'Please choose a category.';

const finder = (page: Page) => island(page, 'category-finder');
const first = (page: Page) => finder(page).getByRole('combobox', { name: 'Category', exact: true });
const sub = (page: Page, parent: string) =>
  finder(page).getByRole('combobox', { name: `Subcategory of ${parent}`, exact: true });
const go = (page: Page) => finder(page).getByRole('button', { name: 'Go', exact: true });
const optionTexts = (select: ReturnType<typeof first>) =>
  select.locator('option').evaluateAll((options) => options.map((o) => o.textContent));

/** The category page the shopper lands on. */
async function expectTrailShoesPage(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === TRAIL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trail Shoes');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-island="category-finder"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('find a product by category finder', () => {
  test('with a pointer: Running › Running Shoes › Trail Shoes lands on the category page', async ({
    page,
  }) => {
    await gotoMounted(page, SHOP);
    await expect(finder(page)).toHaveAttribute('data-island-state', 'mounted');
    await expect(finder(page).getByRole('combobox')).toHaveCount(1);
    expect(await optionTexts(first(page))).toEqual(['Select a category', 'Football', 'Running', 'Tennis']);

    await first(page).selectOption({ label: 'Running' });
    await expect(sub(page, 'Running')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === SHOP);
    await sub(page, 'Running').selectOption({ label: 'Running Shoes' });
    // Sorted ignoring case: the lower-case 'road shoes' first.
    await expect(sub(page, 'Running Shoes')).toBeVisible();
    expect(await optionTexts(sub(page, 'Running Shoes'))).toEqual([
      'Select a category',
      'road shoes',
      'Trail Shoes',
    ]);
    // A change removes the dropdowns after it; choosing again brings them back.
    await first(page).selectOption({ label: 'Tennis' });
    await expect(finder(page).getByRole('combobox')).toHaveCount(2);
    await first(page).selectOption({ label: 'Running' });
    await sub(page, 'Running').selectOption({ label: 'Running Shoes' });

    await sub(page, 'Running Shoes').selectOption({ label: 'Trail Shoes' });
    await expectTrailShoesPage(page);
  });

  test('Go opens the deepest chosen category; with nothing chosen it says so', async ({ page }) => {
    await gotoMounted(page, SHOP);
    await go(page).click();
    await expect(finder(page).getByText(CHOOSE)).toBeVisible();
    await expect(first(page)).toHaveAccessibleDescription(CHOOSE);
    await expect(first(page)).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === SHOP);

    await first(page).selectOption({ label: 'Running' });
    await expect(finder(page).getByText(CHOOSE)).toHaveCount(0);
    await sub(page, 'Running').selectOption({ label: 'Running Shoes' });
    await go(page).click();
    await expect(page).toHaveURL((url) => url.pathname === '/product-category/running/running-shoes/');
  });

  test('with the keyboard only: the arrow keys browse (passing leaves), Enter goes', async ({ page }) => {
    await gotoMounted(page, SHOP);
    await tabTo(page, first(page));
    // Football, then Running: each arrow changes the value (Chrome fires change), the dropdowns follow.
    await page.keyboard.press('ArrowDown');
    await expect(sub(page, 'Football')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(sub(page, 'Running')).toBeVisible();
    await expect(first(page)).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(sub(page, 'Running')).toBeFocused();
    // Apparel is a leaf: passing over it with the arrow keys does not leave the page.
    await page.keyboard.press('ArrowDown');
    await expect(sub(page, 'Running')).toHaveValue('34');
    await page.keyboard.press('ArrowDown');
    await expect(sub(page, 'Running Shoes')).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(sub(page, 'Running Shoes')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(sub(page, 'Running Shoes')).toHaveValue('32');
    // Give a navigation that should not happen the time to start.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL((url) => url.pathname === SHOP);

    await page.keyboard.press('Enter');
    await expectTrailShoesPage(page);
  });

  test('with the keyboard only: Tab to Go, Enter', async ({ page }) => {
    await gotoMounted(page, SHOP);
    await tabTo(page, first(page));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await expect(sub(page, 'Running Shoes')).toHaveValue('32');
    await page.keyboard.press('Tab');
    await expect(go(page)).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === SHOP);
    await page.keyboard.press('Enter');
    await expectTrailShoesPage(page);
  });

  test('has no axe violations in any state', { tag: '@mobile' }, async ({ page }) => {
    await gotoMounted(page, SHOP);
    await expectNoViolations(page);
    await first(page).selectOption({ label: 'Running' });
    await sub(page, 'Running').selectOption({ label: 'Running Shoes' });
    await expect(sub(page, 'Running Shoes')).toBeVisible();
    await expectNoViolations(page);
    await first(page).selectOption({ label: 'Select a category' });
    await go(page).click();
    await expect(first(page)).toHaveAccessibleDescription(CHOOSE);
    await expectNoViolations(page);
  });
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the dropdowns stack full width, the targets are 44 px, nothing overflows', async ({ page }) => {
    await gotoMounted(page, SHOP);
    await first(page).selectOption({ label: 'Running' });
    await sub(page, 'Running').selectOption({ label: 'Running Shoes' });
    await expect(finder(page).getByRole('combobox')).toHaveCount(3);
    const form = (await finder(page).locator('form').boundingBox())!;
    const boxes = await finder(page)
      .locator('select, button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const [select1, select2, select3, button] = boxes;
    for (const select of [select1!, select2!, select3!]) {
      expect(Math.round(select.x)).toBe(Math.round(form.x));
      expect(Math.round(select.width)).toBe(Math.round(form.width));
      expect(select.height).toBeGreaterThanOrEqual(44);
    }
    expect(select2!.y).toBeGreaterThan(select1!.y);
    expect(select3!.y).toBeGreaterThan(select2!.y);
    expect(button!.y).toBeGreaterThan(select3!.y);
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(button!.width).toBeGreaterThanOrEqual(44);
    // Nothing of the finder reaches past the screen's edge (other parts of the page are not its to check).
    const rightmost = await finder(page).evaluate((box) =>
      Math.max(...[box, ...box.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
    );
    expect(rightmost).toBeLessThanOrEqual(320);

    await sub(page, 'Running Shoes').selectOption({ label: 'Trail Shoes' });
    await expectTrailShoesPage(page);
  });
});

test.describe('no layout shift', () => {
  for (const width of [1280, 320]) {
    test(`the island has the fallback's box before any choice (${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const measure = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({
          baseURL,
          javaScriptEnabled,
          viewport: { width, height: 800 },
        });
        const page = await context.newPage();
        await page.goto(SHOP);
        if (javaScriptEnabled) {
          await waitForIslands(page);
          await expect(finder(page)).toHaveAttribute('data-island-state', 'mounted');
        }
        const box = (await finder(page).boundingBox())!;
        await context.close();
        return { x: box.x, width: box.width, height: box.height };
      };
      const fallback = await measure(false);
      const mounted = await measure(true);
      expect(mounted).toEqual(fallback);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Needs the demo's `/?product_cat=slug` redirect (demo/site.ts, helper F).
  test('the Go form reaches the category page', async ({ page }) => {
    await page.goto(SHOP);
    const select = page.getByRole('combobox', { name: 'Category', exact: true });
    await expect(select).toHaveAttribute('name', 'product_cat');
    await select.selectOption('trail-shoes');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expectTrailShoesPage(page);
  });
});
