/**
 * The cart page's quantity steppers (storefront.md §2.7, §5 "Quantity steppers"): − and + on each
 * line, the form's Update cart button disabled until a quantity changes (WooCommerce's cart.js),
 * then posted as WooCommerce's form; with the mouse, the keyboard and without JavaScript; CLS 0
 * while the steppers mount; axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addToCart, expect, gotoMounted, scrollToCenter, tabTo, test, waitForIslands } from './fixtures';

const field = (page: Page, product: string) => page.getByRole('spinbutton', { name: `${product} quantity` });
const minus = (page: Page, product: string) =>
  page.getByRole('button', { name: `Reduce quantity of ${product}`, exact: true });
const plus = (page: Page, product: string) =>
  page.getByRole('button', { name: `Increase quantity of ${product}`, exact: true });
const updateCart = (page: Page) => page.getByRole('button', { name: 'Update cart', exact: true });
const subtotal = (page: Page, product: string) =>
  page
    .locator('tr.cart_item', { has: page.getByRole('link', { name: product, exact: true }) })
    .locator('.product-subtotal');

/** Runs `submit` (a click or a key press that posts the cart form) and waits for the new page. */
async function submitted(page: Page, submit: () => Promise<void>) {
  const loaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await submit();
  await loaded;
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/cart/');
}

async function openCart(page: Page) {
  await addToCart(page, 13);
  await addToCart(page, 14);
  await gotoMounted(page, '/cart/');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('cart page quantities', () => {
  test(
    '+ changes the quantity and enables Update cart, which posts the form',
    { tag: '@mobile' },
    async ({ page }) => {
      await openCart(page);
      await expect(field(page, 'Pro Match Football')).toHaveValue('1');
      // Disabled like WooCommerce's cart.js does, until something changes.
      await expect(updateCart(page)).toBeDisabled();
      await scrollToCenter(plus(page, 'Pro Match Football'));
      await plus(page, 'Pro Match Football').click();
      await plus(page, 'Pro Match Football').click();
      await expect(field(page, 'Pro Match Football')).toHaveValue('3');
      await expect(updateCart(page)).toBeEnabled();

      const posted = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/cart/',
      );
      await scrollToCenter(updateCart(page));
      await submitted(page, () => updateCart(page).click());
      const fields = new URLSearchParams((await posted).postData() ?? '');
      expect(fields.get('update_cart')).toBe('Update cart');
      expect([...fields.keys()].filter((k) => /^cart\[[0-9a-f]{32}\]\[qty\]$/.test(k))).toHaveLength(2);
      await waitForIslands(page);
      await expect(page.getByRole('alert')).toContainText('Cart updated.');
      await expect(field(page, 'Pro Match Football')).toHaveValue('3');
      await expect(subtotal(page, 'Pro Match Football')).toHaveText('€149.97');
      await expect(updateCart(page)).toBeDisabled();
    },
  );

  test('keyboard only: Tab to −/+, Enter and Space; Tab to Update cart, Enter', async ({ page }) => {
    await openCart(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabTo(page, plus(page, 'Shin Pads'));
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    await expect(field(page, 'Shin Pads')).toHaveValue('3');
    await expect(plus(page, 'Shin Pads')).toBeFocused();
    await tabTo(page, updateCart(page));
    await submitted(page, () => page.keyboard.press('Enter'));
    await waitForIslands(page);
    await expect(field(page, 'Shin Pads')).toHaveValue('3');
    await expect(subtotal(page, 'Shin Pads')).toHaveText('€37.50');
  });

  test('Enter in a quantity field updates the cart', async ({ page }) => {
    await openCart(page);
    await field(page, 'Pro Match Football').fill('2');
    await expect(updateCart(page)).toBeEnabled();
    await submitted(page, () => field(page, 'Pro Match Football').press('Enter'));
    await expect(page.getByRole('alert')).toContainText('Cart updated.');
    await expect(field(page, 'Pro Match Football')).toHaveValue('2');
  });

  test('+ caps at the stock (Shin Pads: 3), − floors at 0, and 0 removes the line', async ({ page }) => {
    await openCart(page);
    await plus(page, 'Shin Pads').click();
    await plus(page, 'Shin Pads').click();
    await expect(field(page, 'Shin Pads')).toHaveValue('3');
    await expect(plus(page, 'Shin Pads')).toHaveAttribute('aria-disabled', 'true');
    // Pressed anyway (it keeps the focus, so the keyboard can press it): nothing changes.
    await plus(page, 'Shin Pads').press('Enter');
    await expect(field(page, 'Shin Pads')).toHaveValue('3');
    for (let i = 0; i < 3; i += 1) await minus(page, 'Shin Pads').click();
    await expect(field(page, 'Shin Pads')).toHaveValue('0');
    await expect(minus(page, 'Shin Pads')).toHaveAttribute('aria-disabled', 'true');
    await expect(minus(page, 'Shin Pads')).toBeFocused();
    await minus(page, 'Shin Pads').press(' ');
    await expect(field(page, 'Shin Pads')).toHaveValue('0');
    await submitted(page, () => updateCart(page).click());
    await waitForIslands(page);
    await expect(page.getByRole('link', { name: 'Shin Pads', exact: true })).toHaveCount(0);
    await expect(field(page, 'Pro Match Football')).toHaveValue('1');
  });

  test('the quantity typed before the steppers mounted is kept, and counts as a change', async ({ page }) => {
    await addToCart(page, 13);
    // Hold the widget's code back so the shopper types into the plain fallback first.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/cart-quantity-[^/]*\.js/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/cart/');
    await field(page, 'Pro Match Football').fill('4');
    release();
    await waitForIslands(page);
    await expect(minus(page, 'Pro Match Football')).toBeVisible();
    await expect(field(page, 'Pro Match Football')).toHaveValue('4');
    await expect(updateCart(page)).toBeEnabled();
  });

  test('mounting the steppers shifts nothing (CLS 0)', async ({ page }) => {
    await addToCart(page, 13);
    await addToCart(page, 14);
    await page.addInitScript(() => {
      (window as Window & { __cls?: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) (window as Window & { __cls?: number }).__cls! += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await gotoMounted(page, '/cart/');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await page.evaluate(() => (window as Window & { __cls?: number }).__cls)).toBe(0);
  });

  test('axe: no WCAG 2.1 A/AA violation on a cart with steppers', { tag: '@mobile' }, async ({ page }) => {
    await openCart(page);
    await plus(page, 'Pro Match Football').click();
    await expectNoViolations(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain number input and an enabled Update cart do the job', async ({ page }) => {
    await addToCart(page, 13);
    await page.goto('/cart/');
    await expect(minus(page, 'Pro Match Football')).toHaveCount(0);
    await expect(updateCart(page)).toBeEnabled();
    await field(page, 'Pro Match Football').fill('5');
    await submitted(page, () => updateCart(page).click());
    await expect(page.getByRole('alert')).toContainText('Cart updated.');
    await expect(field(page, 'Pro Match Football')).toHaveValue('5');
  });
});
