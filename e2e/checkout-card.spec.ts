/**
 * Paying by card in the demo store (issue #14; checkout.md §4 "Intent flows", §5 "Payment", §8):
 * the checkout island's Payment Element, with the Stripe.js test double the demo prints as
 * `window.Stripe` (Stripe's servers cannot be reached here). The demo's gateway answers as the
 * Stripe gateway does, by the test card's last 4 digits: 4242 pays, 3220 asks for 3-D Secure,
 * 0002 is declined.
 */
import type { Page } from '@playwright/test';
import { counter, fillIreland, openCheckout } from './checkout-kit';
import { expect, test } from './fixtures';

const CHECKOUT = /[?&]wc-ajax=checkout(?:&|$)/;
const STATUS = /[?&]wc-ajax=wc_stripe_update_order_status(?:&|$)/;
const FAILED = /[?&]wc-ajax=wc_stripe_update_failed_order(?:&|$)/;
const REVIEW = /[?&]wc-ajax=update_order_review(?:&|$)/;

/** The address, and the terms accepted. */
async function readyToPay(page: Page): Promise<void> {
  await fillIreland(page);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/** Chooses the card and types one into the element. */
async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });
/** Payment Element mounts on this page so far (the double counts them). */
const mounts = (page: Page) =>
  page.evaluate(() => {
    const stripe = (window as unknown as { Stripe?: { made?: { log: { mounts: number } }[] } }).Stripe;
    return (stripe?.made ?? []).reduce((sum, s) => sum + s.log.mounts, 0);
  });

test.describe('paying by card', () => {
  test('a card that pays: one payment method, one checkout POST, the order received', async ({ page }) => {
    await openCheckout(page);
    const orders = counter(page, CHECKOUT);
    await readyToPay(page);
    await typeCard(page, '4242 4242 4242 4242');
    await placeOrder(page).dblclick();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.locator('.woocommerce-order-overview__payment-method')).toContainText(
      'Credit / Debit Card',
    );
    expect(orders.count).toBe(1);
    const posted = new URLSearchParams(orders.bodies[0]);
    expect(posted.get('payment_method')).toBe('stripe');
    expect(posted.get('wc-stripe-payment-method')).toMatch(/^pm_double_4242_1$/);
    // The card's number never travels with the form.
    expect(orders.bodies[0]).not.toContain('4242+4242');
  });

  test('what was typed in the element survives the review’s recalculations', async ({ page }) => {
    await openCheckout(page);
    const reviews = counter(page, REVIEW);
    await typeCard(page, '4242 4242 4242 4242');
    await readyToPay(page);
    await expect.poll(() => reviews.count).toBeGreaterThanOrEqual(1);
    await page.getByRole('textbox', { name: /^Eircode/ }).fill('D02 X286');
    await expect.poll(() => reviews.count).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.woocommerce-checkout-payment[aria-busy]')).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(await mounts(page)).toBe(1);
  });

  test('3-D Secure: the challenge, then the order; one checkout POST, one status update', async ({
    page,
  }) => {
    await openCheckout(page);
    const orders = counter(page, CHECKOUT);
    const status = counter(page, STATUS);
    await readyToPay(page);
    await typeCard(page, '4000 0000 0000 3220');
    await placeOrder(page).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await expect(challenge).toBeVisible();
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    expect(orders.count).toBe(1);
    expect(status.count).toBe(1);
  });

  test('3-D Secure failed: said so, reported; the next try pays the same order, never a second one', async ({
    page,
  }) => {
    await openCheckout(page);
    const failed = counter(page, FAILED);
    await readyToPay(page);
    await typeCard(page, '4000 0000 0000 3220');
    await placeOrder(page).click();
    await page
      .getByRole('dialog', { name: '3D Secure 2 Test Page' })
      .getByRole('button', { name: 'Fail' })
      .click();
    await expect(
      page.getByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      ),
    ).toBeVisible();
    await expect.poll(() => failed.count).toBe(1);
    // The order the confirmation was for (update_failed_order names it).
    const pending = new URLSearchParams(failed.bodies[0]).get('order_id');
    expect(pending).toMatch(/^\d+$/);
    // The card is still there; another one pays the same order.
    await typeCard(page, '4242 4242 4242 4242');
    await placeOrder(page).click();
    await page.waitForURL(new RegExp(`/checkout/order-received/${pending}/`));
  });

  test('a declined card: the gateway’s message, the card kept, nothing lost', async ({ page }) => {
    await openCheckout(page);
    await readyToPay(page);
    await typeCard(page, '4000 0000 0000 0002');
    await placeOrder(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card was declined.' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByRole('textbox', { name: /^Street address/ })).toHaveValue('12 Main Street');
    await expect(page.locator('form.checkout')).not.toHaveClass(/processing/);
  });

  test('an incomplete card stops before the POST, with the provider code’s message', async ({ page }) => {
    await openCheckout(page);
    const orders = counter(page, CHECKOUT);
    await readyToPay(page);
    await typeCard(page, '4242 4242');
    await placeOrder(page).click();
    await expect(page.getByText('The card number is incomplete.').first()).toBeVisible();
    expect(orders.count).toBe(0);
  });
});

test.describe('paying by BLIK (a store that offers it beside the card)', () => {
  /** The checkout of a store with BLIK enabled (the demo offers it to a session opened with ?upe=blik). */
  async function openBlikCheckout(page: Page): Promise<void> {
    await openCheckout(page);
    await page.goto('/checkout/?upe=blik');
    await expect(page.locator('[data-island="checkout"]')).toHaveAttribute('data-island-state', 'mounted');
  }
  async function chooseBlik(page: Page) {
    await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
    await page.getByRole('radio', { name: 'BLIK' }).check();
    return page.getByLabel(/BLIK Code/);
  }

  test('a wrong code is refused before anything is sent; the right one pays after approval in the banking app', async ({
    page,
  }) => {
    await openBlikCheckout(page);
    const orders = counter(page, CHECKOUT);
    const status = counter(page, STATUS);
    await readyToPay(page);
    const code = await chooseBlik(page);
    await code.fill('1234');
    await placeOrder(page).click();
    await expect(page.getByText('BLIK Code is invalid').first()).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(orders.count).toBe(0);

    await code.fill('777123');
    await placeOrder(page).dblclick();
    // The double's stand-in for the banking app's approval.
    const approval = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await approval.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await expect(page.locator('.woocommerce-order-overview__payment-method')).toContainText('BLIK');
    expect(orders.count).toBe(1);
    expect(status.count).toBe(1);
    const posted = new URLSearchParams(orders.bodies[0]);
    expect(posted.get('wc-stripe-payment-method')).toMatch(/^pm_double_blik_\d+$/);
    expect(posted.get('wc_stripe_selected_upe_payment_type')).toBe('blik');
    // The code never travels with the form.
    expect(orders.bodies[0]).not.toContain('777123');
  });

  test('refused in the banking app: the message, and the order can be paid by card right after', async ({
    page,
  }) => {
    await openBlikCheckout(page);
    const orders = counter(page, CHECKOUT);
    const failed = counter(page, FAILED);
    await readyToPay(page);
    const code = await chooseBlik(page);
    await code.fill('000000');
    await placeOrder(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /unable to authenticate your payment method/ }),
    ).toBeVisible();
    await expect.poll(() => failed.count).toBe(1);
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    await typeCard(page, '4242 4242 4242 4242');
    await placeOrder(page).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    expect(orders.count).toBe(2);
  });
});

test('the element’s look: read from the page and kept by the gateway on the first checkout, printed with its settings from then on', async ({
  page,
}) => {
  const saves = counter(page, /[?&]wc-ajax=wc_stripe_save_appearance(?:&|$)/);
  await openCheckout(page);
  await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect.poll(() => saves.count).toBe(1);
  const sent = JSON.parse(new URLSearchParams(saves.bodies[0]).get('appearance') ?? '{}') as {
    variables?: Record<string, string>;
  };
  expect(sent.variables?.fontFamily).toBeTruthy();
  await page.reload();
  await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // The settings now carry it: nothing more is sent (the call would have gone out with the element).
  expect(saves.count).toBe(1);
});
