/**
 * The cart page's shipping calculator (checkout.md §2 "Cart page", §3, §4) on the demo store:
 * opened, filled in and sent with the keyboard alone, the totals then showing the chosen country's
 * shipping and WooCommerce's notice; one post per submit however it is sent; WooCommerce's error
 * and a failed post; and the same form without JavaScript, posted natively.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { addToCart, deferred, expect, gotoMounted, tabTo, test } from './fixtures';

const toggle = (page: Page) => page.getByRole('button', { name: /^(Calculate shipping|Change address)$/ });
const country = (page: Page) => page.getByRole('combobox', { name: /^Country \/ region/ });
const state = (page: Page) => page.getByRole('combobox', { name: /^State/ });
const update = (page: Page) => page.getByRole('button', { name: 'Update', exact: true });
const totals = (page: Page) => page.locator('div.cart_totals');
const shippingCost = (page: Page) => totals(page).locator('.woocommerce-shipping-methods');
const orderTotal = (page: Page) => totals(page).locator('tr.order-total');
const notices = (page: Page) => page.locator('.woocommerce-notices-wrapper').first();

/** The calculator's posts to the cart page (the page's own loads are GETs). */
function countPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/cart/') posts.push(request);
  });
  return posts;
}

async function openCart(page: Page) {
  // Pro Match Football (€49.99): Ireland's flat rate (€5) until the cart reaches €50.
  await addToCart(page, 13);
  await gotoMounted(page, '/cart/');
  await expect(shippingCost(page)).toHaveText(/Flat rate: €5\.00/);
  await expect(orderTotal(page)).toContainText('€54.99');
}

test.describe('the shipping calculator', () => {
  test('keyboard only: open, a country, a state, a postcode, Enter → the country’s shipping and the notice', async ({
    page,
  }) => {
    const posts = countPosts(page);
    await openCart(page);
    await tabTo(page, toggle(page));
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(country(page)).toBeVisible();
    await expect(country(page)).toHaveValue('Ireland');

    // The country picker: type to filter, Enter chooses the first match.
    await page.keyboard.press('Tab');
    await expect(country(page)).toBeFocused();
    await page.keyboard.type('united states');
    await expect(page.getByRole('option', { name: 'United States (US)', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(country(page)).toHaveValue('United States (US)');
    // The US rules on the calculator's rows: a state list, the ZIP Code label.
    await expect(state(page)).toHaveAttribute('placeholder', 'Select an option…');
    await expect(page.getByRole('textbox', { name: /^ZIP Code/ })).toBeVisible();

    // The rows in the rules' order (the checkout's): town, state, postcode.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /^Town \/ City/ })).toBeFocused();
    await page.keyboard.type('Beverly Hills');
    await page.keyboard.press('Tab');
    await expect(state(page)).toBeFocused();
    await page.keyboard.type('calif');
    await page.keyboard.press('Enter');
    await expect(state(page)).toHaveValue('California');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /^ZIP Code/ })).toBeFocused();
    await page.keyboard.type('90210');

    const axe = await new AxeBuilder({ page })
      .include('div.cart_totals')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(notices(page)).toContainText('Shipping costs updated.');
    await expect(shippingCost(page)).toHaveText(/Flat rate: €15\.00/);
    await expect(orderTotal(page)).toContainText('€64.99');
    await expect(totals(page).locator('.woocommerce-shipping-destination')).toContainText(
      'Shipping to Beverly Hills, CA 90210, United States (US).',
    );
    // The page did not reload: the calculator closed, the focus on its toggle, one post sent.
    await expect(toggle(page)).toHaveAccessibleName('Change address');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page)).toBeFocused();
    expect(posts).toHaveLength(1);
    const body = new URLSearchParams(posts[0]!.postData() ?? '');
    expect(body.get('calc_shipping')).toBe('x');
    expect(body.get('calc_shipping_country')).toBe('US');
    expect(body.get('calc_shipping_state')).toBe('CA');

    // Opened again, it shows the address the store now has.
    await toggle(page).click();
    await expect(country(page)).toHaveValue('United States (US)');
    await expect(state(page)).toHaveValue('California');
    await expect(page.getByRole('textbox', { name: /^ZIP Code/ })).toHaveValue('90210');
  });

  test('one post per submit: a double click, Enter and a script’s submits while it waits', async ({
    page,
  }) => {
    const posts = countPosts(page);
    const held = deferred();
    await page.route('**/cart/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held.promise;
      return route.continue();
    });
    await openCart(page);
    await toggle(page).click();
    await update(page).dblclick();
    await page.keyboard.press('Enter');
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('form.woocommerce-shipping-calculator');
      form?.requestSubmit();
      form?.requestSubmit();
    });
    // Blocked meanwhile: WooCommerce's white overlay, aria-busy.
    await expect(totals(page)).toHaveAttribute('aria-busy', 'true');
    await expect(totals(page)).toHaveClass(/shop-islands-blocked/);
    expect(
      await totals(page).evaluate((el) => {
        const overlay = getComputedStyle(el, '::after');
        return { background: overlay.backgroundColor, position: overlay.position };
      }),
    ).toEqual({ background: 'rgba(255, 255, 255, 0.6)', position: 'absolute' });
    held.release();
    await expect(notices(page)).toContainText('Shipping costs updated.');
    await expect(totals(page)).not.toHaveAttribute('aria-busy');
    expect(posts).toHaveLength(1);
  });

  test('WooCommerce refuses the postcode: its notice, the calculator open with what was typed', async ({
    page,
  }) => {
    await openCart(page);
    await toggle(page).click();
    await country(page).click();
    await country(page).fill('france');
    await page.getByRole('option', { name: 'France', exact: true }).click();
    // France: no state field; its postcode row before the city.
    await expect(page.getByRole('combobox', { name: /^(State|County)/ })).toHaveCount(0);
    await page.getByRole('textbox', { name: /^Postcode/ }).fill('ABC');
    await update(page).click();
    await expect(notices(page)).toContainText('Please enter a valid postcode / ZIP.');
    await expect(country(page)).toHaveValue('France');
    await expect(page.getByRole('textbox', { name: /^Postcode/ })).toHaveValue('ABC');
    await expect(update(page)).toBeFocused();
    await expect(orderTotal(page)).toContainText('€54.99');
  });

  test('a failed post (HTTP 500): an error in the calculator, nothing replaced, nothing lost', async ({
    page,
    consoleErrors,
  }) => {
    // The browser logs the failed load itself.
    consoleErrors.allow(/status of 500/);
    await page.route('**/cart/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })
        : route.continue(),
    );
    await openCart(page);
    await toggle(page).click();
    await country(page).click();
    await country(page).fill('germany');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
    await page.getByRole('textbox', { name: /^Postcode/ }).fill('10115');
    await update(page).click();
    await expect(totals(page).getByRole('alert')).toHaveText(
      'Shipping costs could not be updated. Please try again.',
    );
    await expect(country(page)).toHaveValue('Germany');
    await expect(page.getByRole('textbox', { name: /^Postcode/ })).toHaveValue('10115');
    await expect(orderTotal(page)).toContainText('€54.99');
    await expect(totals(page)).not.toHaveAttribute('aria-busy');
  });
});

test('the cart page with the calculator: CLS 0 while the island mounts', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as Window & { __shifts?: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shifts?.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openCart(page);
  await expect(page.locator('[data-island="shipping-calculator"]')).toHaveAttribute(
    'data-island-state',
    'mounted',
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(await page.evaluate(() => (window as Window & { __shifts?: number[] }).__shifts)).toEqual([]);
});

test.describe('the shipping calculator without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is shown open and posts natively: the page comes back with the country’s shipping and the notice', async ({
    page,
  }) => {
    await addToCart(page, 13);
    await page.goto('/cart/');
    await expect(orderTotal(page)).toContainText('€54.99');
    // WooCommerce's markup (a select, display:none) shown by the island's stylesheet without scripts.
    const select = page.getByRole('combobox', { name: /^Country \/ region/ });
    await expect(select).toBeVisible();
    await select.selectOption('US');
    await page.getByRole('textbox', { name: /^Postcode/ }).fill('90210');
    const loaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await update(page).click();
    await loaded;
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/cart/');
    await expect(notices(page)).toContainText('Shipping costs updated.');
    await expect(shippingCost(page)).toHaveText(/Flat rate: €15\.00/);
    await expect(orderTotal(page)).toContainText('€64.99');
    // The page printed the calculator for the new address: a US state list.
    await expect(page.locator('select#calc_shipping_country')).toHaveValue('US');
    await expect(page.locator('select#calc_shipping_state option[value="CA"]')).toHaveCount(1);
  });
});
