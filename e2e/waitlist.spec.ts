/**
 * The back-in-stock waitlist (storefront.md §2.5, §4 "Waitlist form", §5 "Waitlist", §7, §8) on the
 * out-of-stock Goalkeeper Gloves and the out-of-stock variation of the Junior Football Boots: with
 * the mouse, the keyboard and without JavaScript; the server's refusal and failures; axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoMounted, scrollToCenter, tabTo, test } from './fixtures';

const GLOVES = '/product/goalkeeper-gloves/';
const BOOTS = '/product/junior-football-boots/';
const AJAX = '**/wp-admin/admin-ajax.php*';
const SUCCESS = 'You have been added to the waiting list for this product!';
const EMAIL_ERROR = 'Please enter a valid email address.';
const CONSENT_ERROR = 'Please give your consent to be contacted.';

const form = (page: Page) => page.locator('.commercekit-waitlist').first();
const email = (page: Page) => form(page).getByRole('textbox', { name: 'Email address' });
const consent = (page: Page) =>
  form(page).getByRole('checkbox', { name: 'I consent to being contacted by the store owner' });
const join = (page: Page) => form(page).getByRole('button', { name: 'Join waiting list' });

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Routes the waitlist's admin-ajax call to `fulfill`. */
async function answerWaitlist(page: Page, fulfill: Parameters<Page['route']>[1]) {
  await page.route(AJAX, async (route, request) => {
    if (new URLSearchParams(request.postData() ?? '').get('action') !== 'commercekit_save_waitlist')
      return route.fallback();
    return fulfill(route, request);
  });
}

test.describe('waitlist sign-up', () => {
  test(
    'Goalkeeper Gloves: validated while typing, sent, replaced by the server’s message',
    { tag: '@mobile' },
    async ({ page }) => {
      await gotoMounted(page, GLOVES);
      await scrollToCenter(form(page));
      await expect(join(page)).toBeDisabled();

      await email(page).pressSequentially('shopper@example');
      await expect(email(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(form(page).getByText(EMAIL_ERROR)).toBeVisible();
      await expect(form(page).getByText(CONSENT_ERROR)).toBeVisible();
      await expect(join(page)).toBeDisabled();

      await email(page).pressSequentially('.com');
      await expect(email(page)).not.toHaveAttribute('aria-invalid');
      await expect(form(page).getByText(EMAIL_ERROR)).toHaveCount(0);
      await consent(page).check();
      await expect(form(page).getByText(CONSENT_ERROR)).toHaveCount(0);
      await expect(join(page)).toBeEnabled();

      const request = page.waitForRequest((r) => r.url().includes('admin-ajax.php') && r.method() === 'POST');
      await join(page).click();
      expect(Object.fromEntries(new URLSearchParams((await request).postData() ?? ''))).toEqual({
        action: 'commercekit_save_waitlist',
        product_id: '15',
        email: 'shopper@example.com',
      });
      const message = form(page).getByRole('status');
      await expect(message).toHaveText(SUCCESS);
      await expect(message).toBeFocused();
      await expect(email(page)).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(GLOVES);
    },
  );

  test('keyboard only: Tab to the field, type, Space on the consent, Enter on the button', async ({
    page,
  }) => {
    await gotoMounted(page, GLOVES);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabTo(page, email(page));
    await page.keyboard.type('keeper@example.ie');
    await page.keyboard.press('Tab');
    await expect(consent(page)).toBeFocused();
    await page.keyboard.press(' ');
    await page.keyboard.press('Tab');
    await expect(join(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form(page).getByRole('status')).toHaveText(SUCCESS);
    await expect(form(page).getByRole('status')).toBeFocused();
  });

  test('the out-of-stock variation (Junior Football Boots, UK 3 / Blue) signs up with its own id', async ({
    page,
  }) => {
    await gotoMounted(page, BOOTS);
    await expect(
      page.getByText('UK 3, Blue is out of stock. Notify me when it is back in stock.'),
    ).toBeVisible();
    await scrollToCenter(form(page));
    await email(page).fill('parent@example.com');
    await consent(page).check();
    const request = page.waitForRequest((r) => r.url().includes('admin-ajax.php') && r.method() === 'POST');
    await join(page).click();
    expect(new URLSearchParams((await request).postData() ?? '').get('product_id')).toBe('24');
    await expect(form(page).getByRole('status')).toHaveText(SUCCESS);
  });

  test('a refusal (status 0): the server’s message replaces the form as an error (role=alert)', async ({
    page,
  }) => {
    await answerWaitlist(page, (route) =>
      route.fulfill({ json: { status: 0, message: 'Error on submitting for waiting list.' } }),
    );
    await gotoMounted(page, GLOVES);
    await email(page).fill('shopper@example.com');
    await consent(page).check();
    await join(page).click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toHaveText('Error on submitting for waiting list.');
    await expect(alert).toHaveClass(/error/);
    await expect(email(page)).toHaveCount(0);
  });

  for (const [name, fail] of [
    ['HTTP 500', { status: 500, contentType: 'text/html', body: '<h1>Error</h1>' }],
    ['malformed JSON', { status: 200, contentType: 'application/json', body: '{"status":' }],
  ] as const) {
    test(`${name}: the form stays as filled in, says so, and sends again`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/^Failed to load resource/);
      consoleErrors.allow(/^\[shop-islands\] waitlist-form: the sign-up was not sent/);
      await answerWaitlist(page, (route) => route.fulfill(fail));
      await gotoMounted(page, GLOVES);
      await email(page).fill('shopper@example.com');
      await consent(page).check();
      await join(page).click();
      await expect(form(page).getByRole('alert')).toHaveText(
        'Sorry, your request could not be sent. Please try again.',
      );
      await expect(email(page)).toHaveValue('shopper@example.com');
      await expect(consent(page)).toBeChecked();
      await expect(join(page)).toBeEnabled();
      await expectNoViolations(page);

      await page.unroute(AJAX);
      await join(page).click();
      await expect(form(page).getByRole('status')).toHaveText(SUCCESS);
    });
  }

  test('a dead connection: the same', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/^Failed to load resource/);
    consoleErrors.allow(/^\[shop-islands\] waitlist-form: the sign-up was not sent/);
    await answerWaitlist(page, (route) => route.abort('timedout'));
    await gotoMounted(page, GLOVES);
    await email(page).fill('shopper@example.com');
    await consent(page).check();
    await join(page).click();
    await expect(form(page).getByRole('alert')).toHaveText(
      'Sorry, your request could not be sent. Please try again.',
    );
    await expect(join(page)).toBeEnabled();
  });

  test('the button is disabled while the request runs, and one request is sent', async ({ page }) => {
    let calls = 0;
    await answerWaitlist(page, async (route) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    await gotoMounted(page, GLOVES);
    await email(page).fill('shopper@example.com');
    await consent(page).check();
    await join(page).click();
    await expect(join(page)).toBeDisabled();
    await email(page).press('Enter');
    await expect(form(page).getByRole('status')).toHaveText(SUCCESS);
    expect(calls).toBe(1);
  });
});

test.describe('accessibility', () => {
  test(
    'the marked-invalid form and the success message have no violations',
    { tag: '@mobile' },
    async ({ page }) => {
      await gotoMounted(page, GLOVES);
      await email(page).fill('not-an-address');
      await consent(page).check();
      await consent(page).uncheck();
      await expect(form(page).getByText(CONSENT_ERROR)).toBeVisible();
      await expectNoViolations(page);
      await email(page).fill('shopper@example.com');
      await consent(page).check();
      await join(page).click();
      await expect(form(page).getByRole('status')).toBeVisible();
      await expectNoViolations(page);
    },
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the fallback form posts to the product page, which says so', async ({ page }) => {
    await page.goto(GLOVES);
    await email(page).fill('shopper@example.com');
    await consent(page).check();
    await join(page).click();
    await page.waitForURL(`**${GLOVES}`);
    await expect(page.getByRole('alert')).toContainText(SUCCESS);
  });

  test('the browser asks for what is missing before posting', async ({ page }) => {
    await page.goto(GLOVES);
    await email(page).fill('shopper@example.com');
    await join(page).click();
    expect(await consent(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
