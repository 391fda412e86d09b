/**
 * The order-pay page in the demo store (issue #13 item 2; checkout.md §2 "Order-pay page" and
 * "Order-received page"): the `checkout` island over WooCommerce's `form#order_review` for the
 * demo's pending order (demo/checkout/orders.ts; every browser context is a new session with its
 * own copy of it). The island arranges the payment methods; the form posts itself once: the answer
 * to the first POST is held (page.route) while the shopper presses again, and the presses meanwhile
 * are sent as the browser's own input (DevTools protocol), which does not wait for the page load.
 * Then the order-received page, with a payment provider's `utm_nooverride=1` too; axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { PAY_FOR_ORDER_ID, PAY_FOR_ORDER_KEY, PAY_FOR_ORDER_PATH } from '../demo/checkout/orders';
import { deferred, expect, scrollToCenter, tabTo, test, waitForIslands } from './fixtures';

const ORDER_PAY = `/checkout/order-pay/${PAY_FOR_ORDER_ID}/`;
const RECEIVED = `/checkout/order-received/${PAY_FOR_ORDER_ID}/?key=${PAY_FOR_ORDER_KEY}`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function openOrderPay(page: Page): Promise<void> {
  await page.goto(PAY_FOR_ORDER_PATH);
  await expect(page.locator('[data-island="checkout"][data-island-state="mounted"]')).toHaveCount(1);
  await waitForIslands(page);
}

const form = (page: Page) => page.locator('form#order_review');
const payButton = (page: Page) => form(page).getByRole('button', { name: 'Pay for order' });
const terms = (page: Page) => form(page).getByRole('checkbox', { name: /terms and conditions/ });
const method = (page: Page, name: string) => form(page).getByRole('radio', { name });
const box = (page: Page, id: string) => form(page).locator(`.payment_box.payment_method_${id}`);

/** Every POST the page sends to the order-pay page. */
function countPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === ORDER_PAY) seen.push(request);
  });
  return seen;
}

/** Holds the answer to the first POST to the order-pay page until `release()`. */
async function holdFirstPost(page: Page) {
  const held = deferred();
  let first = true;
  await page.route(`**${ORDER_PAY}*`, async (route, request) => {
    if (request.method() !== 'POST' || !first) return route.fallback();
    first = false;
    await held.promise;
    await route.fallback().catch(() => undefined);
  });
  return held;
}

/** Mouse clicks and Enter as the browser's own input, which does not wait for a pending page load. */
async function rawInput(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
  return {
    async click({ x, y }: { x: number; y: number }, clickCount = 1) {
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount });
    },
    async enter() {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...enter });
      await cdp.send('Input.dispatchKeyEvent', { type: 'char', text: '\r' });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
    },
    /** One more input round trip: the page has handled whatever was sent before it. */
    async settle() {
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 1, y: 1 });
    },
  };
}

/** The middle of `target`, scrolled into view (read before the page load starts). */
async function middleOf(target: Locator): Promise<{ x: number; y: number }> {
  await scrollToCenter(target);
  const rect = await target.boundingBox();
  expect(rect, `${target.toString()} is on the page`).not.toBeNull();
  return { x: rect!.x + rect!.width / 2, y: rect!.y + rect!.height / 2 };
}

/** Lets the held answer come: the order-received page of the order, after one POST. */
async function expectPaidOnce(page: Page, held: { release(): void }, seen: Request[], via: string) {
  held.release();
  await page.waitForURL((url) => url.pathname + url.search === RECEIVED);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  await expect(page.locator('.woocommerce-order-overview__order')).toHaveText(
    new RegExp(`Order number:\\s*${PAY_FOR_ORDER_ID}`),
  );
  await expect(page.locator('.woocommerce-order-overview__payment-method')).toContainText(via);
  await expect(page.locator('.woocommerce-order-details')).toContainText('Training Ball');
  expect(seen).toHaveLength(1);
  return new URLSearchParams(seen[0]!.postData() ?? '');
}

test.describe('order-pay', () => {
  test('the island arranges the methods; a double click on Pay for order sends one POST and lands on the order', async ({
    page,
  }) => {
    await openOrderPay(page);
    await expect(method(page, 'Cash on delivery')).toBeChecked();
    await expect(box(page, 'cod')).toBeVisible();
    await expect(box(page, 'cheque')).toBeHidden();

    // A gateway with a button text of its own (as a payment plugin prints it): the button reads it.
    await method(page, 'Direct bank transfer').evaluate((radio) =>
      radio.setAttribute('data-order_button_text', 'Pay by bank transfer'),
    );
    await method(page, 'Direct bank transfer').check();
    await expect(form(page).locator('#place_order')).toHaveText('Pay by bank transfer');
    await expect(box(page, 'bacs')).toBeVisible();

    // Check payments has none: its box opens, the others close, the button is "Pay for order" again.
    await method(page, 'Check payments').check();
    await expect(box(page, 'cheque')).toBeVisible();
    await expect(box(page, 'cheque')).toContainText('Please send a check');
    await expect(box(page, 'cod')).toBeHidden();
    await expect(box(page, 'bacs')).toBeHidden();
    await expect(payButton(page)).toHaveText('Pay for order');

    await terms(page).check();
    const seen = countPosts(page);
    const held = await holdFirstPost(page);
    const input = await rawInput(page);
    const button = await middleOf(payButton(page));
    await input.click(button, 1);
    await expect.poll(() => seen.length).toBe(1);
    await input.click(button, 2);
    await input.settle();
    const posted = await expectPaidOnce(page, held, seen, 'Check payments');
    expect(posted.get('payment_method')).toBe('cheque');
    expect(posted.get('woocommerce_pay')).toBe('1');
    expect(posted.get('terms')).toBe('on');
    expect(posted.get('woocommerce-pay-nonce')).toMatch(/^[0-9a-f]{10}$/);
  });

  test('keyboard only: a method chosen with the arrows, the terms with Space, Enter twice: one POST', async ({
    page,
  }) => {
    await openOrderPay(page);
    await page.locator('body').focus();
    await tabTo(page, method(page, 'Cash on delivery'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(method(page, 'Check payments')).toBeChecked();
    await expect(method(page, 'Check payments')).toBeFocused();
    await expect(box(page, 'cheque')).toBeVisible();
    await expect(box(page, 'cod')).toBeHidden();
    await tabTo(page, terms(page), 10);
    await page.keyboard.press('Space');
    await expect(terms(page)).toBeChecked();
    await tabTo(page, payButton(page), 10);

    const seen = countPosts(page);
    const held = await holdFirstPost(page);
    const input = await rawInput(page);
    await input.enter();
    await expect.poll(() => seen.length).toBe(1);
    await input.enter();
    await input.settle();
    const posted = await expectPaidOnce(page, held, seen, 'Check payments');
    expect(posted.get('payment_method')).toBe('cheque');
  });

  test('the order-received page takes utm_nooverride=1; the paid order cannot be paid again', async ({
    page,
  }) => {
    await openOrderPay(page);
    await terms(page).check();
    await payButton(page).click();
    await page.waitForURL((url) => url.pathname + url.search === RECEIVED);

    await page.goto(`${RECEIVED}&utm_nooverride=1`);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.locator('.woocommerce-order-overview__order')).toContainText(String(PAY_FOR_ORDER_ID));
    await expect(page.locator('.woocommerce-order-overview__total')).toContainText('€34.98');
    await expect(page.locator('.woocommerce-order-overview__payment-method')).toContainText(
      'Cash on delivery',
    );
    await expect(page.locator('.woocommerce-order-details tbody')).toContainText('Training Ball');

    // Back on the payment page: WooCommerce's refusal, no form.
    await page.goto(PAY_FOR_ORDER_PATH);
    await expect(page.locator('.woocommerce-error')).toHaveText(
      'This order’s status is “Processing”—it cannot be paid for. Please contact us if you need assistance.',
    );
    await expect(form(page)).toHaveCount(0);
  });

  test('without the terms ticked the server says so and the form is there again, island mounted', async ({
    page,
  }) => {
    await openOrderPay(page);
    const seen = countPosts(page);
    await payButton(page).click();
    await page.waitForLoadState();
    await expect(page.locator('.woocommerce-error')).toHaveText(
      'Please read and accept the terms and conditions to proceed with your order.',
    );
    expect(new URL(page.url()).pathname).toBe(ORDER_PAY);
    await expect(page.locator('[data-island="checkout"][data-island-state="mounted"]')).toHaveCount(1);
    expect(seen).toHaveLength(1);
    // The new page lets the next payment go.
    await terms(page).check();
    await payButton(page).click();
    await page.waitForURL((url) => url.pathname + url.search === RECEIVED);
  });

  test('no axe violations once the island is mounted @mobile', async ({ page }) => {
    await openOrderPay(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });

  test('with the server’s error shown, no axe violation', async ({ page }) => {
    await openOrderPay(page);
    await payButton(page).click();
    await expect(page.locator('.woocommerce-error')).toBeVisible();
    await waitForIslands(page);
    // WooCommerce's `ul.woocommerce-error[role=alert]`: the island moves the role around the list.
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(violations).toEqual([]);
  });
});
