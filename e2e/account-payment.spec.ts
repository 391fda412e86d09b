/**
 * Adding a card in My Account in the demo store (issue #14; checkout.md §2 "Account pages", §4 "Setup
 * intent created and confirmed", §7 "Admin endpoint", §8): the `add-payment-method` island over
 * WooCommerce's form, with the Stripe.js test double the demo prints as `window.Stripe`. The demo's
 * gateway answers by the test card's last 4 digits: 4242 is kept, 3220 asks for 3-D Secure, 0002 is
 * declined. The new card is then offered at checkout.
 */
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../demo/fixtures';
import { counter } from './checkout-kit';
import { expect, test } from './fixtures';

const SETUP = /\/wp-admin\/admin-ajax\.php$/;

async function logIn(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await page.getByLabel(/Username or email address/).fill(DEMO_LOGIN.username);
  await page.getByLabel(/^Password/).fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Hello/)).toBeVisible();
}

async function openAddPaymentMethod(page: Page): Promise<void> {
  await logIn(page);
  await page.getByRole('link', { name: 'Payment methods' }).click();
  await page.getByRole('link', { name: 'Add payment method' }).click();
  await expect(page).toHaveURL(/\/my-account\/add-payment-method\/$/);
}

async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}
const add = (page: Page) => page.getByRole('button', { name: 'Add payment method' });

test.describe('adding a card in My Account', () => {
  test('a card is kept: one setup intent, one POST, back on the payment methods with the card listed, then offered at checkout', async ({
    page,
  }) => {
    await openAddPaymentMethod(page);
    const setups = counter(page, SETUP);
    // A Mastercard test card (the customer's saved card is the Visa 4242).
    await typeCard(page, '5555 5555 5555 4444');
    await add(page).dblclick();
    await page.waitForURL(/\/my-account\/payment-methods\/$/);
    await expect(page.getByText('Payment method successfully added.')).toBeVisible();
    expect(setups.count).toBe(1);
    expect(new URLSearchParams(setups.bodies[0]).get('action')).toBe(
      'wc_stripe_create_and_confirm_setup_intent',
    );
    const rows = page.locator('table.woocommerce-MyAccount-paymentMethods tbody tr');
    await expect(rows).toHaveCount(2);
    // The notice is shown once.
    await page.reload();
    await expect(page.getByText('Payment method successfully added.')).toHaveCount(0);

    // At checkout, the new card is one of the saved ones.
    await page.goto('/?add-to-cart=13');
    await page.goto('/checkout/');
    await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
    await expect(page.locator('input[name="wc-stripe-payment-token"]:not([value="new"])')).toHaveCount(2);
  });

  test('3-D Secure: the test dialog, then the card is kept', async ({ page }) => {
    await openAddPaymentMethod(page);
    await typeCard(page, '4000 0000 0000 3220');
    await add(page).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/my-account\/payment-methods\/$/);
    await expect(page.getByText('Payment method successfully added.')).toBeVisible();
  });

  test('declined: the message at the top of the form, the card kept, the form usable again', async ({
    page,
  }) => {
    await openAddPaymentMethod(page);
    const setups = counter(page, SETUP);
    await typeCard(page, '4000 0000 0000 0002');
    await add(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card was declined.' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page).toHaveURL(/\/my-account\/add-payment-method\/$/);
    // Another card: a second intent, a second request.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await add(page).click();
    await page.waitForURL(/\/my-account\/payment-methods\/$/);
    expect(setups.count).toBe(2);
  });

  test('Stripe.js could not load: the box says so and nothing is sent', async ({ page, consoleErrors }) => {
    // Stripe's own script (js.stripe.com) cannot be reached: that is the case shown.
    consoleErrors.allow(/^Failed to load resource/);
    await logIn(page);
    await page.goto('/my-account/add-payment-method/?stripe=fail-load');
    const setups = counter(page, SETUP);
    await expect(
      page.getByText(
        'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
      ),
    ).toBeVisible();
    await add(page).click();
    await expect(page.getByText(/Invalid or missing payment details\./)).toBeVisible();
    expect(setups.count).toBe(0);
  });
});
