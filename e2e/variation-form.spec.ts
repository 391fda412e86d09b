/**
 * The variation form on the demo store's variable products (storefront.md §2.5, §4 "Variation
 * selection", §5, §7 "Variations", §8): Junior Football Boots (7 embedded variations) chosen by
 * keyboard, its unavailable combination, add to cart into the drawer, reset; Training Jersey (31
 * variations, above WooCommerce's threshold of 30) through get_variation, its no-match combination
 * and get_variation's faults injected with `page.route`; axe after interacting; CLS 0 when the
 * island mounts; a phone journey.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Route } from '@playwright/test';
import { expect, gotoMounted, isFocused, rewriteProps, tabTo, test, visit, waitForIslands } from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const JERSEY = '/product/training-jersey/';

const TEXT = {
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
  selectionNeeded: 'Please select some product options before adding this product to your cart.',
  reset:
    'Your selection has been reset. Please select some product options before adding this product to your cart.',
  fault: 'Sorry, the options could not be checked. Please try again.',
};
const FETCH_FAILED = /^\[shop-islands\] variation-form: the variation could not be fetched/;
const FAILED_RESOURCE = /^Failed to load resource/;

const form = (page: Page) => page.locator('form.variations_form');
const size = (page: Page) => page.getByRole('combobox', { name: 'Size' });
const colour = (page: Page) => page.getByRole('combobox', { name: 'Colour' });
const sleeve = (page: Page) => page.getByRole('combobox', { name: 'Sleeve length' });
const addButton = (page: Page) => form(page).getByRole('button', { name: 'Add to cart' });
const panel = (page: Page) => form(page).locator('.single_variation');

/**
 * Waits until `locator` stops moving (the variation panel slides open in 200 ms, moving the button
 * below it): a forced click (no actionability checks: the button is aria-disabled) lands where the
 * button was when the click was computed.
 */
async function settled(page: Page, locator: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const before = await locator.boundingBox();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const after = await locator.boundingBox();
      return before !== null && after !== null && before.y === after.y && before.x === after.x;
    })
    .toBe(true);
}
const sku = (page: Page) => page.locator('.product_meta .sku');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const isGetVariation = (url: URL) => url.searchParams.get('wc-ajax') === 'get_variation';
const isJerseyPage = (url: URL) => url.pathname === JERSEY && !url.searchParams.has('wc-ajax');

/** axe-core: no WCAG 2.1 A/AA violation on the page as it is now. */
async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The island has run its first check (100 ms after mount): add-to-cart waits for a selection. */
async function ready(page: Page, path: string) {
  await gotoMounted(page, path);
  await expect(addButton(page)).toHaveClass(/wc-variation-selection-needed/);
}

/** Presses Shift+Tab until `target` has the focus. */
async function shiftTabTo(page: Page, target: Locator, max = 20) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Shift+Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Shift+Tab did not reach ${target.toString()}`);
}

/** Chooses `label` in a focused select with the arrow keys, as a keyboard-only shopper does. */
async function arrowTo(page: Page, label: string) {
  const select = page.locator(':focus');
  for (let i = 0; i < 12; i += 1) {
    const chosen = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.selectedOptions[0]?.textContent ?? '';
    });
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`"${label}" not reached with ArrowDown`);
}

test.describe('Junior Football Boots (embedded variations)', () => {
  test('by keyboard: size and colour chosen, price, SKU and panel change; unavailable; reset', async ({
    page,
  }) => {
    await ready(page, BOOTS);
    await expect(sku(page)).toHaveText('BOOT-JR');

    await tabTo(page, size(page));
    await arrowTo(page, 'UK 2');
    await page.keyboard.press('Tab');
    await expect(colour(page)).toBeFocused();
    await arrowTo(page, 'Blue');

    await expect(sku(page)).toHaveText('BOOT-JR-2-BLU');
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).locator('.woocommerce-variation-price')).toContainText('€29.99');
    await expect(page.locator('input.variation_id')).toHaveValue('22');
    await expect(addButton(page)).not.toHaveClass(/disabled/);
    await expect(size(page).locator('xpath=ancestor::tr')).toHaveClass(/is-selected/);

    // UK 3 in blue is out of stock: unavailable, and Enter on the button says so.
    await size(page).focus();
    await arrowTo(page, 'UK 3');
    await expect(sku(page)).toHaveText('BOOT-JR-3-BLU');
    await expect(panel(page)).toContainText('Out of stock');
    await expect(addButton(page)).toHaveClass(/disabled wc-variation-is-unavailable/);
    await tabTo(page, addButton(page));
    await page.keyboard.press('Enter');
    await expect(form(page).getByRole('alert').filter({ hasText: TEXT.unavailable })).toBeVisible();
    await expect(page).toHaveURL(BOOTS);

    // Reset with the keyboard: Shift+Tab back to 'Clear', Enter.
    const clear = page.getByRole('button', { name: 'Clear options' });
    await shiftTabTo(page, clear);
    await page.keyboard.press('Enter');
    await expect(size(page)).toHaveValue('');
    await expect(colour(page)).toHaveValue('');
    await expect(size(page)).toBeFocused();
    await expect(sku(page)).toHaveText('BOOT-JR');
    await expect(page.locator('#shop-islands-live')).toHaveText(TEXT.reset);
    await expect(clear).toBeHidden();
    await expect(form(page).locator('tr.is-selected')).toHaveCount(0);
  });

  test('an incomplete selection: the button says what is missing', async ({ page }) => {
    await ready(page, BOOTS);
    await size(page).selectOption('uk-1');
    // Disabled in look and for assistive technology (aria-disabled), yet clickable, to say why.
    await addButton(page).click({ force: true });
    await expect(form(page).getByRole('alert').filter({ hasText: TEXT.selectionNeeded })).toBeVisible();
    await expect(page).toHaveURL(BOOTS);
  });

  test('values of inactive variations are listed but disabled; incompatible ones are left out', async ({
    page,
  }) => {
    await ready(page, BOOTS);
    await expect(size(page).locator('option[value="uk-4"]')).toBeDisabled();
    await colour(page).selectOption('Blue');
    await expect(size(page).locator('option')).toHaveText(['Choose an option', 'UK 1', 'UK 2', 'UK 3']);
  });

  test('add to cart: the variation is added in the page and the drawer opens with it', async ({ page }) => {
    await ready(page, BOOTS);
    await size(page).selectOption('uk-2');
    await colour(page).selectOption('Blue');
    await page.getByRole('spinbutton', { name: 'Junior Football Boots quantity' }).fill('2');
    const added = page.waitForRequest((r) => new URL(r.url()).searchParams.get('wc-ajax') === 'add_to_cart');
    await addButton(page).click();
    const body = new URLSearchParams((await added).postData() ?? '');
    expect(Object.fromEntries(body)).toEqual({
      product_id: '22',
      variation_id: '22',
      quantity: '2',
      attribute_pa_size: 'uk-2',
      attribute_colour: 'Blue',
    });
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page)).toContainText('Junior Football Boots - UK 2, Blue');
    await expect(addButton(page)).toHaveClass(/added/);
    await expect(page).toHaveURL(BOOTS);
  });

  test('axe finds no violation after interacting (panel open, alert shown)', async ({ page }) => {
    await ready(page, BOOTS);
    await size(page).selectOption('uk-3');
    await colour(page).selectOption('Blue');
    await expect(panel(page)).toContainText('Out of stock');
    await settled(page, addButton(page));
    await addButton(page).click({ force: true });
    await expect(form(page).getByRole('alert').filter({ hasText: TEXT.unavailable })).toBeVisible();
    await expectAxeClean(page);
  });

  test('a phone journey: choose, add, see the drawer', { tag: '@mobile' }, async ({ page }) => {
    await ready(page, BOOTS);
    await size(page).selectOption('uk-1');
    await colour(page).selectOption('Black');
    await expect(sku(page)).toHaveText('BOOT-JR-1-BLK');
    await expect(panel(page)).toContainText('€39.99');
    await addButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page)).toContainText('Junior Football Boots - UK 1, Black');
  });
});

test.describe('Training Jersey (variations from get_variation)', () => {
  test('each complete selection is asked from the server; no match shows the notice', async ({ page }) => {
    await ready(page, JERSEY);
    await expect(form(page)).toHaveAttribute('data-product_variations', 'false');
    await size(page).selectOption('m');
    await colour(page).selectOption('Red');
    const asked = page.waitForRequest((r) => isGetVariation(new URL(r.url())));
    await sleeve(page).selectOption('Short sleeve');
    const body = Object.fromEntries(new URLSearchParams((await asked).postData() ?? ''));
    expect(body).toEqual({
      attribute_pa_size: 'm',
      attribute_colour: 'Red',
      'attribute_sleeve-length': 'Short sleeve',
      product_id: '40',
    });
    await expect(sku(page)).toHaveText('JERSEY-M-RED-S');
    await expect(panel(page)).toContainText('€28.00');

    // Goalkeeper green comes with long sleeves only.
    await colour(page).selectOption('Green');
    const notice = form(page).locator('.wc-no-matching-variations');
    await expect(notice).toHaveText(TEXT.noMatch);
    await expect(sku(page)).toHaveText('JERSEY');
    await expectAxeClean(page);
    await expect(addButton(page)).toHaveClass(/wc-variation-selection-needed/);
    await sleeve(page).selectOption('Long sleeve');
    await expect(notice).toHaveCount(0);
    await expect(sku(page)).toHaveText('JERSEY-ANY-GRE-L');
  });

  test('the form is blocked while the server answers', async ({ page }) => {
    await ready(page, JERSEY);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isGetVariation, async (route) => {
      await held;
      await route.continue();
    });
    await size(page).selectOption('l');
    await colour(page).selectOption('Navy');
    await sleeve(page).selectOption('Short sleeve');
    await expect(form(page)).toHaveAttribute('aria-busy', 'true');
    await expect(form(page).locator('.blockOverlay')).toBeVisible();
    release();
    await expect(form(page)).not.toHaveAttribute('aria-busy');
    await expect(sku(page)).toHaveText('JERSEY-L-NAV-S');
    // Navy L short sleeve is on sale.
    await expect(panel(page)).toContainText('€21.00');
  });

  const faults: [string, (route: Route) => Promise<void>][] = [
    ['HTTP 500', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })],
    [
      'malformed JSON',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"variation_id":' }),
    ],
  ];
  for (const [name, fault] of faults) {
    test(`get_variation fails (${name}): a message, and Try again recovers`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(FETCH_FAILED);
      consoleErrors.allow(FAILED_RESOURCE);
      await ready(page, JERSEY);
      await page.route(isGetVariation, fault);
      await size(page).selectOption('m');
      await colour(page).selectOption('Red');
      await sleeve(page).selectOption('Short sleeve');
      await expect(form(page).getByRole('alert').filter({ hasText: TEXT.fault })).toBeVisible();
      await expect(size(page)).toHaveValue('m');

      // Try again once the server is back.
      await page.unroute(isGetVariation);
      await form(page).getByRole('button', { name: 'Try again' }).click();
      await expect(sku(page)).toHaveText('JERSEY-M-RED-S');
    });
  }

  test('get_variation times out: add to cart checks again, never posting without a variation_id', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FETCH_FAILED);
    // A short timeout in the props, and a server that never answers.
    await page.route(isJerseyPage, async (route) => {
      const response = await route.fetch();
      const html = rewriteProps(await response.text(), 'variation-form', (props) =>
        JSON.stringify({ ...props, timeout: 1000 }),
      );
      await route.fulfill({ response, body: html });
    });
    await page.route(isGetVariation, () => new Promise<void>(() => undefined));
    await visit(page, JERSEY);
    await waitForIslands(page);
    await expect(addButton(page)).toHaveClass(/wc-variation-selection-needed/);
    await size(page).selectOption('s');
    await colour(page).selectOption('Navy');
    await sleeve(page).selectOption('Long sleeve');
    await expect(form(page).getByRole('alert').filter({ hasText: TEXT.fault })).toBeVisible();
    await expect(addButton(page)).not.toHaveClass(/disabled/);
    // WooCommerce refuses the form without its variation_id: the click asks get_variation again.
    await page.unroute(isJerseyPage);
    await page.unroute(isGetVariation);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === JERSEY) posts.push(r.url());
    });
    await addButton(page).click();
    await expect(sku(page)).toHaveText('JERSEY-S-NAV-L');
    await expect(page.locator('input.variation_id')).not.toHaveValue(/^0?$/);
    expect(posts).toEqual([]);
  });
});

for (const path of [BOOTS, JERSEY]) {
  test(`${path}: CLS is 0 when the variation form mounts`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as Window & { __vfShifts?: number[] }).__vfShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visit(page, path);
    await waitForIslands(page);
    await expect(addButton(page)).toHaveClass(/wc-variation-selection-needed/);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const shifts = await page.evaluate(() => (window as Window & { __vfShifts?: number[] }).__vfShifts ?? []);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
}
