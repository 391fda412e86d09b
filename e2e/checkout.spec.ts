/**
 * The classic checkout in the demo store (issue #13; checkout.md §2, §4, §5, §7, §8): the island over
 * WooCommerce's markup, from a cart item to the order-received page, by mouse and by keyboard; one
 * checkout POST per intent; the server's messages; coupons; faults with nothing typed lost.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { choose, counter, fillIreland, openCheckout, picker } from './checkout-kit';
import { addToCart, deferred, expect, island, tabTo, test, waitForIslands } from './fixtures';

const CHECKOUT = /[?&]wc-ajax=checkout(?:&|$)/;
const REVIEW = /[?&]wc-ajax=update_order_review(?:&|$)/;
const GENERIC =
  'There was an error processing your order. Please check for any charges in your payment method and review your order history before placing the order again.';

const terms = (page: Page) => page.getByRole('checkbox', { name: /terms and conditions/ });
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

test.describe('checkout', () => {
  test('a shopper fills the form, places the order once and lands on the order-received page', async ({
    page,
  }) => {
    await openCheckout(page);
    const reviews = counter(page, REVIEW);
    const orders = counter(page, CHECKOUT);
    await fillIreland(page);
    await expect.poll(() => reviews.count).toBe(1);
    await terms(page).check();
    await placeOrder(page).dblclick();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(orders.count).toBe(1);
    const posted = new URLSearchParams(orders.bodies[0]);
    expect(posted.get('billing_country')).toBe('IE');
    expect(posted.get('billing_state')).toBe('D');
    expect(posted.get('payment_method')).toBe('cod');
  });

  test('keyboard only: from the first field to the order-received page', async ({ page }) => {
    await openCheckout(page);
    const orders = counter(page, CHECKOUT);
    await page.getByRole('textbox', { name: /^Email address/ }).focus();
    await page.keyboard.type('kb@example.ie');
    for (const text of ['Kim', 'Brady']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    // Company (optional), then the country picker: keep Ireland.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(picker(page, /^Country \/ Region/)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Quay Street');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Galway');
    await page.keyboard.press('Tab');
    await expect(picker(page, /^County/)).toBeFocused();
    await page.keyboard.type('Galw');
    await page.keyboard.press('Enter');
    await expect(picker(page, /^County/)).toHaveValue('Galway');
    await page.keyboard.press('Tab');
    await page.keyboard.type('H91 X2Y3');
    await terms(page).focus();
    await page.keyboard.press('Space');
    await expect(terms(page)).toBeChecked();
    await placeOrder(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-received\//);
    expect(orders.count).toBe(1);
  });

  test('keyboard only, from the cart: Proceed to checkout, every field, the terms, Place order', async ({
    page,
  }) => {
    await addToCart(page);
    await page.goto('/cart/');
    await waitForIslands(page);
    const orders = counter(page, CHECKOUT);
    await tabTo(page, page.getByRole('link', { name: 'Proceed to checkout' }));
    await Promise.all([page.waitForURL(/\/checkout\/$/), page.keyboard.press('Enter')]);
    await expect(island(page, 'checkout')).toHaveAttribute('data-island-state', 'mounted');
    await waitForIslands(page);
    const fill = async (name: RegExp, text: string) => {
      await tabTo(page, page.getByRole('textbox', { name }));
      await page.keyboard.type(text);
    };
    await fill(/^First name/, 'Kim');
    await fill(/^Last name/, 'Brady');
    await fill(/^Street address/, '1 Quay Street');
    await fill(/^Town \/ City/, 'Galway');
    await tabTo(page, picker(page, /^County/));
    await page.keyboard.type('Galw');
    await page.keyboard.press('Enter');
    await expect(picker(page, /^County/)).toHaveValue('Galway');
    await fill(/^Eircode/, 'H91 X2Y3');
    await fill(/^Email address/, 'kb@example.ie');
    await tabTo(page, terms(page));
    await page.keyboard.press('Space');
    await expect(terms(page)).toBeChecked();
    await tabTo(page, placeOrder(page));
    await Promise.all([page.waitForURL(/\/checkout\/order-received\//), page.keyboard.press('Enter')]);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(orders.count).toBe(1);
  });

  test('a slow server: clicks and Enter while the order is on its way send nothing more', async ({
    page,
  }) => {
    await openCheckout(page);
    await fillIreland(page);
    await terms(page).check();
    const held = deferred();
    let posts = 0;
    await page.route(CHECKOUT, async (route) => {
      posts += 1;
      await held.promise;
      await route.fallback();
    });
    await placeOrder(page).click();
    const form = page.locator('form.checkout');
    await expect(form).toHaveClass(/processing/);
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await placeOrder(page).click({ force: true });
    await page.getByRole('textbox', { name: /^First name/ }).press('Enter');
    held.release();
    await page.waitForURL(/\/checkout\/order-received\//);
    expect(posts).toBe(1);
  });

  test('missing fields: the server’s messages at the top link to their fields, which show them', async ({
    page,
  }) => {
    await openCheckout(page);
    await terms(page).check();
    await placeOrder(page).click();
    const group = page.locator('.woocommerce-NoticeGroup-checkout');
    const link = group.getByRole('link', { name: /Billing First name.* is a required field\./ });
    await expect(link).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(group.locator('.woocommerce-error')).toBeFocused();
    await link.click();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toBeFocused();
    // Typing clears the field's error.
    await page.keyboard.type('A');
    await expect(page.getByRole('textbox', { name: /^First name/ })).not.toHaveAttribute('aria-invalid');
  });

  test('the country decides the state field and the labels (§4)', async ({ page }) => {
    await openCheckout(page);
    await choose(page, /^Country \/ Region/, 'United States (US)');
    await expect(picker(page, /^State/)).toHaveAttribute('placeholder', 'Select an option…');
    await expect(page.getByRole('textbox', { name: /^ZIP Code/ })).toBeVisible();
    await choose(page, /^Country \/ Region/, 'France');
    await expect(page.locator('#billing_state_field')).toBeHidden();
    await choose(page, /^Country \/ Region/, 'United Kingdom (UK)');
    await expect(page.locator('#billing_state')).toHaveAttribute('type', 'text');
  });

  test('coupons: applied, refused under the input, removed; the review follows', async ({ page }) => {
    await openCheckout(page);
    await page.getByRole('button', { name: 'Click here to enter your code' }).click();
    const code = page.getByRole('textbox', { name: 'Coupon:' });
    await expect(code).toBeFocused();
    await code.fill('nosuchcode');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(page.locator('#coupon-error-notice')).toHaveText('Coupon "nosuchcode" does not exist!');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await code.fill('save10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(page.getByText('Coupon code applied successfully.')).toBeVisible();
    await expect(page.locator('form.checkout_coupon')).toBeHidden();
    await expect(page.locator('.cart-discount')).toContainText('Coupon: save10');
    await page.getByRole('button', { name: 'Remove save10 coupon' }).click();
    await expect(page.getByText('Coupon has been removed.')).toBeVisible();
    await expect(page.locator('.cart-discount')).toHaveCount(0);
  });

  for (const fault of ['500', 'abort', 'html'] as const) {
    test(`place order answered by ${fault}: the §8 error, one POST, nothing typed lost`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/Failed to load resource|net::ERR_FAILED/);
      await openCheckout(page);
      await fillIreland(page);
      await terms(page).check();
      let posts = 0;
      await page.route(CHECKOUT, async (route) => {
        posts += 1;
        if (fault === 'abort') return route.abort('failed');
        if (fault === '500') return route.fulfill({ status: 500, body: '<h1>Critical error</h1>' });
        return route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<html><body>Log in</body></html>',
        });
      });
      await placeOrder(page).click();
      const alert = page.locator('.woocommerce-NoticeGroup-checkout .woocommerce-error');
      await expect(alert).toHaveText(GENERIC);
      await expect(alert.getByRole('link', { name: 'order history' })).toHaveAttribute(
        'href',
        /\/my-account\/orders\/$/,
      );
      expect(posts).toBe(1);
      await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Aoife');
      await expect(picker(page, /^County/)).toHaveValue('Dublin');
      await expect(terms(page)).toBeChecked();
      await expect(page.locator('form.checkout')).not.toHaveClass(/processing/);
    });
  }

  test('an expired nonce on place order: WooCommerce’s message, the review recalculated, one POST', async ({
    page,
  }) => {
    await openCheckout(page);
    await fillIreland(page);
    await terms(page).check();
    const reviews = counter(page, REVIEW);
    let posts = 0;
    // Sample 53: WooCommerce's answer to a stale `woocommerce-process-checkout-nonce`.
    await page.route(CHECKOUT, async (route) => {
      posts += 1;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          result: 'failure',
          messages:
            '\r\n<ul class="woocommerce-error" role="alert">\r\n\t\t\t<li>\r\n\t\t\tWe were unable to process your order, please try again.\t\t</li>\r\n\t</ul>\r\n',
          refresh: true,
          reload: false,
        }),
      });
    });
    await placeOrder(page).click();
    await expect(page.locator('.woocommerce-NoticeGroup-checkout')).toContainText(
      'We were unable to process your order, please try again.',
    );
    await expect.poll(() => reviews.count).toBe(1); // `refresh`: the review asked again
    expect(posts).toBe(1);
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Aoife');
  });

  test('a review answered 403 (expired page) or 500: the shopper is told, nothing typed is lost', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    await openCheckout(page);
    let status = 500;
    await page.route(REVIEW, (route) =>
      status === 0
        ? route.fallback()
        : route.fulfill({ status, body: status === 403 ? '-1' : '<h1>Error</h1>' }),
    );
    await fillIreland(page);
    const alert = page.locator('.woocommerce-NoticeGroup-checkout [role="alert"]');
    await expect(alert).toContainText('The order totals could not be updated.');
    status = 0;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator('.order-total')).toBeVisible();
    status = 403;
    await page.getByRole('textbox', { name: /^Eircode/ }).fill('D02 X286');
    await expect(alert).toContainText(
      'This page has expired. Reload it to continue: what you entered is kept.',
    );
    await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Eircode/ })).toHaveValue('D02 X286');
  });

  test('an answer with something printed around its JSON is recovered (§7)', async ({ page }) => {
    await openCheckout(page);
    await fillIreland(page);
    await terms(page).check();
    await page.route(CHECKOUT, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({ response, body: `<b>Notice</b>: something printed${body}\n` });
    });
    await placeOrder(page).click();
    await page.waitForURL(/\/checkout\/order-received\//);
  });

  test('what was typed survives a reload', async ({ page }) => {
    await openCheckout(page);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Róisín');
    await choose(page, /^Country \/ Region/, 'Germany');
    await page.reload();
    await expect(island(page, 'checkout')).toHaveAttribute('data-island-state', 'mounted');
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Róisín');
    await expect(picker(page, /^Country \/ Region/)).toHaveValue('Germany');
  });

  test('login and coupon forms open by their links; create account shows its password', async ({ page }) => {
    await openCheckout(page);
    const showLogin = page.getByRole('button', { name: 'Click here to login' });
    await expect(showLogin).toHaveAttribute('aria-expanded', 'false');
    await showLogin.click();
    await expect(showLogin).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('form.woocommerce-form-login')).toBeVisible();
    const create = page.getByRole('checkbox', { name: 'Create an account?' });
    await expect(page.locator('div.create-account')).toBeHidden();
    await create.check();
    await expect(page.locator('div.create-account')).toBeVisible();
  });

  test('Tab into the account password (its island mounts on that focus): no error until the shopper leaves it', async ({
    page,
  }) => {
    await openCheckout(page);
    const create = page.getByRole('checkbox', { name: 'Create an account?' });
    await create.check();
    const password = page.getByLabel(/^Create account password/);
    await expect(password).toBeVisible();
    await create.focus();
    await page.keyboard.press('Tab');
    // The password-toggle island replaced the field the focus reached: not the shopper leaving it.
    await expect(page.locator('[data-island="password-toggle"]').filter({ has: password })).toHaveAttribute(
      'data-island-state',
      'mounted',
    );
    await expect(password).toBeFocused();
    const row = page.locator('#account_password_field');
    await expect(row).not.toHaveClass(/woocommerce-invalid/);
    await expect(row.locator('.checkout-inline-error-message')).toHaveCount(0);
    // Left empty, it is checked as every required field.
    await page.keyboard.press('Shift+Tab');
    await expect(row).toHaveClass(/woocommerce-invalid/);
    await expect(row.locator('.checkout-inline-error-message')).toHaveText(
      'Create account password is a required field.',
    );
  });

  test('no axe violations, with errors shown too', async ({ page }) => {
    await openCheckout(page);
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
    await placeOrder(page).click();
    await expect(page.locator('.woocommerce-NoticeGroup-checkout .woocommerce-error')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  });

  test('works at 320 px wide: nothing wider than the screen @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openCheckout(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await choose(page, /^Country \/ Region/, 'United States (US)');
    await expect(picker(page, /^State/)).toBeVisible();
  });
});
