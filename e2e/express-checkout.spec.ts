/**
 * Express checkout in the demo store (issue #14; checkout.md §7 "Express checkout", "Store API"):
 * the `express-checkout` island's Stripe Express Checkout Element on the product page, the cart and
 * the checkout, with the Stripe.js test double as `window.Stripe` (its 'Pay with test wallet'
 * button and a 'Test wallet' sheet stand in for Google Pay). The demo answers the gateway's shop
 * endpoints and WooCommerce's Store API as they answer.
 */
import type { Page } from '@playwright/test';
import { PAY_FOR_ORDER_ID, PAY_FOR_ORDER_PATH } from '../demo/checkout/orders';
import { counter } from './checkout-kit';
import { addToCart, expect, island, test } from './fixtures';

const STORE_CHECKOUT = /\/wc\/store\/v1\/checkout(?:\?|$)/;
const SHIPPING = /[?&]wc-ajax=wc_stripe_get_shipping_options(?:&|$)/;

const wallet = (page: Page) => page.getByRole('button', { name: 'Pay with test wallet' });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Test wallet' });

async function openProduct(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const buttons = island(page, 'express-checkout');
  await buttons.scrollIntoViewIfNeeded();
  await expect(buttons).toHaveAttribute('data-island-state', 'mounted');
  await expect(wallet(page)).toBeVisible();
}

/** The cart page's lines (product names). */
async function cartNames(page: Page): Promise<string[]> {
  await page.goto('/cart/');
  return page.locator('.woocommerce-cart-form .product-name a').allTextContents();
}

test.describe('express checkout', () => {
  test('from a product page: the sheet, an address, Pay: one order of that product, paid', async ({
    page,
  }) => {
    await openProduct(page, '/product/pro-match-football/');
    const orders = counter(page, STORE_CHECKOUT);
    const shipping = counter(page, SHIPPING);
    await wallet(page).click();
    await expect(sheet(page)).toBeVisible();
    await expect.poll(() => shipping.count).toBe(1);
    await sheet(page).getByRole('button', { name: 'Pay' }).dblclick();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.locator('.woocommerce-table--order-details')).toContainText('Pro Match Football');
    expect(orders.count).toBe(1);
    const posted = JSON.parse(orders.bodies[0] ?? '{}') as Record<string, unknown>;
    expect(posted.payment_method).toBe('stripe');
    expect(JSON.stringify(posted.payment_data)).toMatch(/pm_double_wallet_\d+/);
    expect(posted.billing_address).toMatchObject({
      first_name: 'Aoife',
      last_name: 'Murphy',
      email: 'aoife@example.ie',
    });
  });

  test('cancelled on a product page: the cart is as it was before the press', async ({ page }) => {
    await addToCart(page);
    const before = await cartNames(page);
    expect(before.length).toBeGreaterThan(0);
    await openProduct(page, '/product/pro-match-football/');
    await wallet(page).click();
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet(page)).toBeHidden();
    // The put-back is asynchronous: the cart page shows it once done.
    await expect.poll(() => cartNames(page)).toEqual(before);
  });

  test('from the cart: the whole cart is the order', async ({ page }) => {
    await addToCart(page);
    await page.goto('/cart/');
    const buttons = island(page, 'express-checkout');
    await buttons.scrollIntoViewIfNeeded();
    await expect(wallet(page)).toBeVisible();
    const orders = counter(page, STORE_CHECKOUT);
    await wallet(page).click();
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    expect(orders.count).toBe(1);
  });

  test('the buttons take the place reserved for them: no layout shift', async ({ page }) => {
    await page.goto('/product/pro-match-football/');
    const buttons = island(page, 'express-checkout');
    const reserved = await buttons.boundingBox();
    await buttons.scrollIntoViewIfNeeded();
    await expect(wallet(page)).toBeVisible();
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shifts).toBe(0);
    const after = await buttons.boundingBox();
    expect(after?.height).toBe(reserved?.height);
  });
});

test('on the order-pay page: the order paid through the Store API (checkout/{order}), its own address, no cart touched', async ({
  page,
}) => {
  const pays = counter(page, new RegExp(`/wc/store/v1/checkout/${PAY_FOR_ORDER_ID}\\?`));
  const cartCalls = counter(
    page,
    /\/wc\/store\/v1\/cart|wc_stripe_(clear_cart|add_to_cart|get_shipping_options)/,
  );
  await page.goto(PAY_FOR_ORDER_PATH);
  const buttons = island(page, 'express-checkout');
  await buttons.scrollIntoViewIfNeeded();
  await expect(wallet(page)).toBeVisible();
  await wallet(page).click();
  // No address to ask: the order has its own.
  await sheet(page).getByRole('button', { name: 'Pay' }).dblclick();
  await page.waitForURL(new RegExp(`/checkout/order-received/${PAY_FOR_ORDER_ID}/`));
  expect(pays.count).toBe(1);
  expect(new URL(page.url()).searchParams.get('key')).toBeTruthy();
  expect(cartCalls.count).toBe(0);
});
