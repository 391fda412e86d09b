/**
 * Changing a subscription's payment method in the demo store (checkout.md §2 "Account pages", §4
 * "Intent flows", §7 `confirm_change_payment`): WooCommerce Subscriptions' change page
 * (`form#order_review` on the order-pay endpoint with `change_payment_method`), run by the checkout
 * island with the Stripe.js test double; the demo's gateway answers by the test card's last 4
 * digits (4444 and the saved 4242 are kept at once, 3220 asks for 3-D Secure, 0002 is declined).
 * Every browser context is a new session: the demo customer's subscription starts paid by the saved
 * Visa 4242.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { DEMO_LOGIN } from '../demo/fixtures';
import { counter } from './checkout-kit';
import { expect, test, waitForIslands } from './fixtures';

const CONFIRM = /[?&]wc-ajax=wc_stripe_confirm_change_payment(?:&|$)/;
const FAILED = /[?&]wc-ajax=wc_stripe_update_failed_order(?:&|$)/;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEW = /\/my-account\/view-subscription\/(\d+)\/$/;
const CHANGE =
  /\/checkout\/order-pay\/(\d+)\/\?pay_for_order=true&key=wc_order_[A-Za-z0-9]+&change_payment_method=\1&_wpnonce=[0-9a-f]+$/;

async function logIn(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await page.getByLabel(/Username or email address/).fill(DEMO_LOGIN.username);
  await page.getByLabel(/^Password/).fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Hello/)).toBeVisible();
}

const paidBy = (page: Page) => page.locator('table.subscription_details .subscription-payment-method');
const changeButton = (page: Page) => page.getByRole('button', { name: 'Change payment method' });
const updated = (page: Page) => page.getByRole('alert').filter({ hasText: 'Payment method updated.' });

/** From the subscription's page to its change page, the island mounted. */
async function toChangePage(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Change payment', exact: true }).click();
  await expect(page).toHaveURL(CHANGE);
  await expect(page.getByRole('heading', { name: 'Change payment method' })).toBeVisible();
  await expect(page.locator('[data-island="checkout"][data-island-state="mounted"]')).toHaveCount(1);
  await waitForIslands(page);
}

/** Logged in, on the subscription's page (paid by the Visa), then its change page. */
async function openChangePage(page: Page): Promise<void> {
  await logIn(page);
  await page.getByRole('link', { name: 'My Subscription' }).click();
  await expect(page).toHaveURL(VIEW);
  await expect(paidBy(page)).toHaveText('Via Visa card ending in 4242');
  await toChangePage(page);
}

async function typeNewCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: 'Use a new payment method' }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** Every POST the page sends to the change page. */
function countPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      /^\/checkout\/order-pay\/\d+\/$/.test(new URL(request.url()).pathname)
    ) {
      seen.push(request);
    }
  });
  return seen;
}

test.describe('changing a subscription’s payment method', () => {
  test('to a new card (Mastercard 4444): one POST, then the subscription’s page says so and shows the card', async ({
    page,
  }) => {
    await openChangePage(page);
    // One gateway: its radio is not shown, its box is open with the saved Visa chosen.
    await expect(page.getByRole('radio', { name: 'Visa ending in 4242 (expires 12/34)' })).toBeChecked();
    const posts = countPosts(page);
    const confirms = counter(page, CONFIRM);
    await typeNewCard(page, '5555 5555 5555 4444');
    await changeButton(page).dblclick();
    await page.waitForURL(VIEW);
    await expect(updated(page)).toBeVisible();
    await expect(paidBy(page)).toHaveText('Via Mastercard card ending in 4444');
    expect(posts).toHaveLength(1);
    const posted = new URLSearchParams(posts[0]!.postData() ?? '');
    expect(posted.get('payment_method')).toBe('stripe');
    expect(posted.get('wc-stripe-payment-token')).toBe('new');
    expect(posted.get('wc-stripe-payment-method')).toMatch(/^pm_double_4444_\d+$/);
    expect(posted.get('woocommerce_change_payment')).toBe(new URL(page.url()).pathname.match(VIEW)![1]);
    expect(posted.get('_wcsnonce')).toMatch(/^[0-9a-f]{10}$/);
    // The card's number never travels with the form; no 3-D Secure, no confirmation call.
    expect(posts[0]!.postData()).not.toContain('5555');
    expect(confirms.count).toBe(0);
    // The notice is shown once.
    await page.reload();
    await expect(updated(page)).toHaveCount(0);
    await expect(paidBy(page)).toHaveText('Via Mastercard card ending in 4444');
  });

  test('with 3-D Secure (3220) completed: confirm_change_payment once, then the new card on the subscription', async ({
    page,
  }) => {
    await openChangePage(page);
    const confirms = counter(page, CONFIRM);
    await typeNewCard(page, '4000 0000 0000 3220');
    await changeButton(page).click();
    // The POST came back to this page with the confirmation route; the subscription is unchanged.
    const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await expect(challenge).toBeVisible();
    await expect(page).toHaveURL(CHANGE);
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(VIEW);
    await expect(updated(page)).toBeVisible();
    await expect(paidBy(page)).toHaveText('Via Visa card ending in 3220');
    expect(confirms.count).toBe(1);
    const sent = new URLSearchParams(confirms.bodies[0]);
    expect(sent.get('order_id')).toBe(new URL(page.url()).pathname.match(VIEW)![1]);
    expect(sent.get('intent_id')).toMatch(/^seti_[A-Za-z0-9]+$/);
    expect(sent.get('_ajax_nonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  test('with 3-D Secure (3220) failed: the page says so and the subscription keeps its card', async ({
    page,
  }) => {
    await openChangePage(page);
    const confirms = counter(page, CONFIRM);
    const failed = counter(page, FAILED);
    await typeNewCard(page, '4000 0000 0000 3220');
    await changeButton(page).click();
    await page
      .getByRole('dialog', { name: '3D Secure 2 Test Page' })
      .getByRole('button', { name: 'Fail' })
      .click();
    // The gateway prints no error messages of its own on this page: Stripe's message is shown.
    await expect(
      page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(CHANGE);
    await expect(page.locator('form#order_review')).not.toHaveClass(/processing/);
    expect(confirms.count).toBe(0);
    await expect.poll(() => failed.count).toBe(1);
    await page.getByRole('link', { name: 'My account', exact: true }).click();
    await page.getByRole('link', { name: 'My Subscription' }).click();
    await expect(paidBy(page)).toHaveText('Via Visa card ending in 4242');
  });

  test('to a saved card: switched at once (back to the Visa after the Mastercard)', async ({ page }) => {
    await openChangePage(page);
    await typeNewCard(page, '5555 5555 5555 4444');
    await changeButton(page).click();
    await page.waitForURL(VIEW);
    await expect(paidBy(page)).toHaveText('Via Mastercard card ending in 4444');

    await toChangePage(page);
    const posts = countPosts(page);
    await page.getByRole('radio', { name: 'Visa ending in 4242 (expires 12/34)' }).check();
    // A saved card chosen: the element's fields are not shown.
    await expect(page.getByLabel('Card number')).toBeHidden();
    await changeButton(page).click();
    await page.waitForURL(VIEW, { timeout: 10_000 });
    await expect(updated(page)).toBeVisible();
    await expect(paidBy(page)).toHaveText('Via Visa card ending in 4242');
    expect(posts).toHaveLength(1);
    const posted = new URLSearchParams(posts[0]!.postData() ?? '');
    expect(posted.get('wc-stripe-payment-token')).toBe('1');
    expect(posted.get('wc-stripe-payment-method')).toBeNull();
  });

  test('a declined card (0002): the gateway’s notice on the change page, nothing changed', async ({
    page,
  }) => {
    await openChangePage(page);
    await typeNewCard(page, '4000 0000 0000 0002');
    await changeButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(CHANGE);
    await expect(changeButton(page)).toBeEnabled();
    await page.getByRole('link', { name: 'My account', exact: true }).click();
    await page.getByRole('link', { name: 'My Subscription' }).click();
    await expect(paidBy(page)).toHaveText('Via Visa card ending in 4242');
  });

  test('the subscription’s page and its change page (with a new card’s element shown): no axe violation', async ({
    page,
  }) => {
    await openChangePage(page);
    await page.getByRole('radio', { name: 'Use a new payment method' }).check();
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(VIEW);
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });
});
