/**
 * The callback-request modal on the demo's contact page (demo/chrome/contact.ts): opened by the
 * trigger with a pointer or the keyboard, closed by its button, a click outside or Escape with the
 * focus back on the trigger; the server's form inside, what was typed kept; one request per
 * submission; the server's refusal and a failed request leave the fields as they were. Without
 * JavaScript, the form posts itself and the page comes back with the message.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request, Route } from '@playwright/test';
import { deferred, expect, gotoMounted, test } from './fixtures';

const CONTACT = '/contact/';
const AJAX = /\/wp-admin\/admin-ajax\.php$/;

const trigger = (page: Page) => page.locator('a.callback-trigger');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Request a callback' });
const field = (page: Page, label: string) => dialog(page).getByLabel(label);
const sendButton = (page: Page) => dialog(page).getByRole('button', { name: 'Send request' });

/** The callback requests the page sends (POSTs to admin-ajax.php with the form's action). */
function countRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      AJAX.test(request.url()) &&
      request.postData()?.includes('callback_request')
    ) {
      sent.push(request);
    }
  });
  return sent;
}

async function open(page: Page) {
  await trigger(page).click();
  await expect(dialog(page)).toBeVisible();
}

async function fill(page: Page, { name = 'Ada Lovelace', phone = '020 7946 0000' } = {}) {
  await field(page, 'Your name *').fill(name);
  await field(page, 'Phone number *').fill(phone);
  await field(page, 'Preferred time').selectOption('morning');
  await field(page, 'I agree to be called about my request.').check();
}

test.describe('callback-request modal', () => {
  test('with a pointer: the trigger opens it, the close button and a click outside close it, focus back', async ({
    page,
  }) => {
    await gotoMounted(page, CONTACT);
    // Before the first interaction the island waits; its first click is not lost.
    await expect(page.locator('[data-island="callback-modal"]')).toHaveAttribute(
      'data-island-state',
      'pending',
    );
    await open(page);
    await expect(page.getByRole('button', { name: 'Request a callback' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
    // The server's own form, moved in: one form on the page.
    await expect(page.locator('form.callback-request__form')).toHaveCount(1);
    await expect(dialog(page).locator('form.callback-request__form')).toHaveCount(1);
    expect(new URL(page.url()).hash).toBe('');
    await dialog(page).getByRole('button', { name: 'Close callback request' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    await expect(page.locator('#callback-request')).toBeHidden();

    await open(page);
    // A click outside the panel, on the backdrop.
    await page.mouse.click(5, 5);
    await expect(dialog(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });

  test('by keyboard: Enter and Space open it, Escape closes it, focus back on the trigger', async ({
    page,
  }) => {
    await gotoMounted(page, CONTACT);
    await trigger(page).focus();
    await expect(page.locator('[data-island="callback-modal"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    );
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Close callback request' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog(page)).toBeVisible();
    // The focus stays in the dialog.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('what was typed is kept when it closes and opens again', async ({ page }) => {
    await gotoMounted(page, CONTACT);
    await open(page);
    await fill(page);
    await page.keyboard.press('Escape');
    await open(page);
    await expect(field(page, 'Your name *')).toHaveValue('Ada Lovelace');
    await expect(field(page, 'Phone number *')).toHaveValue('020 7946 0000');
    await expect(field(page, 'Preferred time')).toHaveValue('morning');
    await expect(field(page, 'I agree to be called about my request.')).toBeChecked();
  });

  test('submitted: exactly one request whatever the clicks and Enter, then the success message', async ({
    page,
  }) => {
    const sent = countRequests(page);
    // The answer is held until the repeated clicks and Enter have been made.
    const hold = deferred();
    await page.route(AJAX, async (route: Route) => {
      if (route.request().postData()?.includes('callback_request')) await hold.promise;
      await route.continue();
    });
    await gotoMounted(page, CONTACT);
    await open(page);
    await fill(page);
    await sendButton(page).dblclick();
    await field(page, 'Phone number *').press('Enter');
    // The button says it is disabled (aria-disabled) while the request is on its way; a shopper can
    // still click it (Playwright would wait for it to be enabled).
    await sendButton(page).click({ force: true });
    await expect(dialog(page).getByText('Sending your request…')).toBeVisible();
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');
    hold.release();
    const message = dialog(page).getByText('Thanks, Ada Lovelace. We will call you back.');
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
    await expect(page.locator('#shop-islands-live')).toHaveText(
      'Thanks, Ada Lovelace. We will call you back.',
    );
    expect(sent).toHaveLength(1);
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    expect(sent).toHaveLength(1);
  });

  test('refused by the server: its message beside the form, the fields untouched', async ({ page }) => {
    await gotoMounted(page, CONTACT);
    await open(page);
    await fill(page, { name: '' });
    await sendButton(page).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Please enter your name and phone number.');
    await expect(field(page, 'Phone number *')).toHaveValue('020 7946 0000');
    await expect(field(page, 'I agree to be called about my request.')).toBeChecked();
    // Corrected and sent again.
    await field(page, 'Your name *').fill('Ada');
    await sendButton(page).click();
    await expect(dialog(page).getByText('Thanks, Ada. We will call you back.')).toBeVisible();
  });

  test('a server error (500): a clear error, nothing typed lost, and the shopper can send again', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500/);
    const sent = countRequests(page);
    await page.route(AJAX, (route) =>
      route.request().postData()?.includes('callback_request')
        ? route.fulfill({ status: 500, contentType: 'text/html', body: 'Error' })
        : route.continue(),
    );
    await gotoMounted(page, CONTACT);
    await open(page);
    await fill(page);
    await sendButton(page).click();
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'Your request could not be sent. Please try again.',
    );
    await expect(field(page, 'Your name *')).toHaveValue('Ada Lovelace');
    await expect(field(page, 'Phone number *')).toHaveValue('020 7946 0000');
    await page.unroute(AJAX);
    await sendButton(page).click();
    await expect(dialog(page).getByText('Thanks, Ada Lovelace. We will call you back.')).toBeVisible();
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    expect(sent).toHaveLength(2);
  });

  test('no accessibility violations with the dialog open, and with an error shown', async ({ page }) => {
    await gotoMounted(page, CONTACT);
    await open(page);
    const check = async () => {
      const results = await new AxeBuilder({ page })
        .include('.callback-modal-host')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    };
    await check();
    await fill(page, { phone: '' });
    await sendButton(page).click();
    await expect(dialog(page).getByRole('alert')).toBeVisible();
    await check();
  });

  test('at 320 px: the dialog fits the screen, nothing scrolls sideways @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await gotoMounted(page, CONTACT);
    await open(page);
    const box = await dialog(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const phone = await field(page, 'Phone number *').boundingBox();
    expect(phone!.x + phone!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await fill(page);
    await sendButton(page).click();
    await expect(dialog(page).getByText('Thanks, Ada Lovelace. We will call you back.')).toBeVisible();
  });
});

test.describe('callback-request form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the link jumps to the form, which posts itself; the page comes back with the message', async ({
    page,
  }) => {
    await page.goto(CONTACT);
    await page.getByRole('link', { name: 'Request a callback' }).click();
    expect(new URL(page.url()).hash).toBe('#callback-request');
    const form = page.locator('#callback-request form');
    await form.getByLabel('Your name *').fill('Ada');
    await form.getByLabel('Phone number *').fill('020 7946 0000');
    await form.getByLabel('I agree to be called about my request.').check();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL((url) => url.pathname === CONTACT);
    await expect(page.locator('.woocommerce-message')).toHaveText('Thanks, Ada. We will call you back.');
  });
});
