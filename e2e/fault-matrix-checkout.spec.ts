/**
 * The fault matrix (e2e/fault-kit.ts), the checkout island's calls (checkout.md §4 "Checkout form",
 * "Place-order result", "Order review recalculation", "Coupon", §7 "Checkout and order review", §8
 * "Checkout"), on the demo store's /checkout/ with a product in the cart: the review recalculation
 * once the address is complete, the coupon form, a coupon's Remove link in the review, and Place
 * order. Whatever fails, nothing the shopper typed is lost (the billing fields, the county picker,
 * the terms box, the coupon code) and the one action sent one request: a checkout POST is never
 * sent again by itself (the order may exist), and the §8 generic error says so, linking to the
 * order history. A place-order answer whose redirect leads off the store is not followed; server
 * HTML (review fragments, coupon notices, failure messages) is shown sanitised.
 */
import type { Page, Route } from '@playwright/test';
import {
  CLIENT_TIMEOUT,
  HOSTILE_HTML,
  HOSTILE_LINKS,
  HOSTILE_URLS,
  changeFragments,
  changeJson,
  expectNavigation,
  MATRIX_TEST_TIMEOUT,
  matrixTests,
  type Case,
  type Endpoint,
  type Run,
  wcAjax,
  withHostileHtml,
  withHostileLinks,
} from './fault-kit';
import { addToCart, expect, gotoMounted, scrollToCenter, test, waitForIslands } from './fixtures';

/** The place-order call's own timeout (PLACE_ORDER_TIMEOUT_MS, widgets/checkout/Checkout.tsx: a payment can be slow). */
const PLACE_ORDER_TIMEOUT = 120_000;

/** §8, word for word: a place-order failure with no messages, or a network error. */
const GENERIC =
  'There was an error processing your order. Please check for any charges in your payment method and review your order history before placing the order again.';
/** What a refused navigation tells the shopper (src/security/url's REFUSED_NAVIGATION_MESSAGE). */
const REFUSED = 'This link leads away from the store, so it was not followed.';
/** The island's own lines (widgets/checkout/CheckoutNotices.tsx): WooCommerce says nothing on these faults. */
const REVIEW_FAILED = 'The order totals could not be updated.';
const PAGE_EXPIRED = 'This page has expired. Reload it to continue: what you entered is kept.';
const COUPON_FAILED = 'The coupon could not be applied. Please try again.';
/** WooCommerce's notices (samples 43, 49). */
const COUPON_APPLIED = 'Coupon code applied successfully.';
const COUPON_REMOVED = 'Coupon has been removed.';
const COUPON = 'save10';

/** What the shopper typed (a complete Irish billing address, as e2e/checkout.spec.ts's fillIreland). */
const TYPED = {
  email: 'aoife@example.ie',
  firstName: 'Aoife',
  lastName: 'Byrne',
  street: '12 Main Street',
  town: 'Dublin',
  county: 'Dublin',
  eircode: 'D02 X285',
} as const;

const textbox = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const picker = (page: Page, name: RegExp) => page.getByRole('combobox', { name });
const checkoutForm = (page: Page) => page.locator('form.checkout');
const terms = (page: Page) => page.getByRole('checkbox', { name: /terms and conditions/ });
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });
/** The notice group at the top of the checkout form (§8). */
const noticeGroup = (page: Page) => page.locator('.woocommerce-NoticeGroup-checkout');
/** WooCommerce's notices wrapper above the login and coupon forms: where the coupon endpoints' notices go. */
const noticesAbove = (page: Page) =>
  page.locator('[data-island="checkout"] .woocommerce-notices-wrapper').first();
const showCoupon = (page: Page) => page.getByRole('button', { name: 'Click here to enter your code' });
const couponForm = (page: Page) => page.locator('form.checkout_coupon');
const couponCode = (page: Page) => page.getByRole('textbox', { name: 'Coupon:' });
const applyCoupon = (page: Page) => page.getByRole('button', { name: 'Apply coupon' });
const discount = (page: Page) => page.locator('.woocommerce-checkout-review-order-table .cart-discount');
const removeCoupon = (page: Page) => page.getByRole('button', { name: `Remove ${COUPON} coupon` });
const reviewTable = (page: Page) => page.locator('.woocommerce-checkout-review-order-table');

async function choose(page: Page, name: RegExp, text: string): Promise<void> {
  const box = picker(page, name);
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

/** Everything but the Eircode: the address is not complete yet, so no recalculation is sent (§4). */
async function fillAllButEircode(page: Page): Promise<void> {
  await textbox(page, /^Email address/).fill(TYPED.email);
  await textbox(page, /^First name/).fill(TYPED.firstName);
  await textbox(page, /^Last name/).fill(TYPED.lastName);
  await textbox(page, /^Street address/).fill(TYPED.street);
  await textbox(page, /^Town \/ City/).fill(TYPED.town);
  await choose(page, /^County/, TYPED.county);
}

/** The Eircode completes the address: one recalculation, 1000 ms after the last key (§4). */
const fillEircode = (page: Page) => textbox(page, /^Eircode/).fill(TYPED.eircode);

/** Runs `action`, which sends one review, and waits until its answer is in the page. */
async function reviewAnswered(page: Page, action: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((response) => wcAjax('update_order_review')(response.request()));
  await action();
  await answered;
  await expect(checkoutForm(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

/** /checkout/ with the address complete (its review answered by the store) and the terms ticked. */
async function openFilled(page: Page): Promise<void> {
  await gotoMounted(page, '/checkout/');
  await reviewAnswered(page, async () => {
    await fillAllButEircode(page);
    await fillEircode(page);
  });
  await terms(page).check();
}

/** Nothing typed is lost: every field keeps its value, the terms stay ticked. */
async function expectNothingLost(page: Page, { termsTicked = true } = {}): Promise<void> {
  await expect(textbox(page, /^Email address/)).toHaveValue(TYPED.email);
  await expect(textbox(page, /^First name/)).toHaveValue(TYPED.firstName);
  await expect(textbox(page, /^Last name/)).toHaveValue(TYPED.lastName);
  await expect(textbox(page, /^Street address/)).toHaveValue(TYPED.street);
  await expect(textbox(page, /^Town \/ City/)).toHaveValue(TYPED.town);
  await expect(picker(page, /^County/)).toHaveValue(TYPED.county);
  await expect(textbox(page, /^Eircode/)).toHaveValue(TYPED.eircode);
  if (termsTicked) await expect(terms(page)).toBeChecked();
}

/** The form is usable again: not processing, not busy, the review regions not blocked. */
async function expectIdle(page: Page): Promise<void> {
  await expect(checkoutForm(page)).not.toHaveClass(/processing/);
  await expect(checkoutForm(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(checkoutForm(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(placeOrder(page)).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe('/checkout/');
}

/** The §8 generic error at the top of the form, 'order history' linking to the account's orders. */
async function expectGenericError(page: Page): Promise<void> {
  const error = noticeGroup(page).getByRole('alert').locator('.woocommerce-error');
  await expect(error).toContainText(GENERIC);
  await expect(error.getByRole('link', { name: 'order history' })).toHaveAttribute(
    'href',
    /^http:\/\/[^/]+\/my-account\/orders\/$/,
  );
}

/** Answers with the demo store's real answer, its text body changed by `change` (the coupon endpoints answer HTML). */
function changeText(change: (body: string) => string) {
  return async (route: Route): Promise<void> => {
    const response = await route.fetch();
    await route.fulfill({ response, body: change(await response.text()) });
  };
}

/** WooCommerce's error notice list (samples 44, 52, 53), around `items`. */
const errorList = (items: string) => `\r\n<ul class="woocommerce-error" role="alert">\r\n${items}\t</ul>\r\n`;

/** `update_order_review`'s answer (the fields changed here). */
interface ReviewAnswer {
  result: string;
  messages: string;
  fragments: Record<string, string>;
}

/** The review's answer was applied (its regions replaced) and the form is as the shopper left it. */
async function reviewApplied(page: Page, hostileText: string): Promise<void> {
  // The hostile markup's link text, kept as text: the regions are the answer's.
  await expect(page.locator('#order_review')).toContainText(hostileText);
  await expect(reviewTable(page).locator('.order-total')).toContainText('€');
  await expect(page.locator('#shipping_method')).toBeVisible();
  await expectIdle(page);
  await expectNothingLost(page);
}

/** What the shopper sees after a failed review: the totals may be stale, and a way to ask again. */
async function reviewFailed({ page }: Run): Promise<void> {
  const alert = noticeGroup(page).getByRole('alert');
  await expect(alert).toContainText(REVIEW_FAILED);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(reviewTable(page).locator('.order-total')).toBeVisible();
  await expectIdle(page);
  await expectNothingLost(page);
}

/** Expired once, for this page: the first call is refused as WooCommerce does (403 `-1`), the next ones go through. */
function expiredOnce(): Case['answer'] {
  const refused = new WeakSet<Page>();
  return (route, request) => {
    const page = request.frame().page();
    if (refused.has(page)) return route.fallback();
    refused.add(page);
    return route.fulfill({ status: 403, contentType: 'text/html; charset=UTF-8', body: '-1' });
  };
}

/** The coupon form is as the shopper left it: open, the code kept, the coupon not applied. */
async function couponKept(page: Page): Promise<void> {
  await expect(couponForm(page)).toBeVisible();
  await expect(couponForm(page)).not.toHaveClass(/processing/);
  await expect(couponForm(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(couponCode(page)).toHaveValue(COUPON);
  await expect(discount(page)).toHaveCount(0);
  // Nothing claims the coupon went through (no stray answer shown above the forms).
  await expect(noticesAbove(page)).toHaveText('');
}

async function couponApplied(page: Page): Promise<void> {
  await expect(noticesAbove(page)).toContainText(COUPON_APPLIED);
  await expect(couponForm(page)).toBeHidden();
  await expect(discount(page)).toContainText(`Coupon: ${COUPON}`);
  await expectIdle(page);
  await expectNothingLost(page);
}

async function couponRemoved(page: Page): Promise<void> {
  await expect(noticesAbove(page)).toContainText(COUPON_REMOVED);
  await expect(discount(page)).toHaveCount(0);
  await expectIdle(page);
  await expectNothingLost(page);
}

/** A place-order answer the island must not follow: it says so, with the §8 error (the order may exist). */
function refusedRedirect(url: string): Case {
  return {
    title: `hostile URL: a place-order success redirecting to ${JSON.stringify(url)} is not followed; the shopper is told`,
    answer: (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ result: 'success', redirect: url }),
      }),
    check: async ({ page }) => {
      await expect(noticeGroup(page).getByRole('alert')).toContainText(REFUSED);
      await expectGenericError(page);
      await expectIdle(page);
      await expectNothingLost(page);
    },
  };
}

const ENDPOINTS: Endpoint[] = [
  {
    title: 'wc-ajax update_order_review (the address completed: the Eircode typed)',
    transport: 'wc-ajax',
    matches: wcAjax('update_order_review'),
    timeout: CLIENT_TIMEOUT,
    open: async (page) => {
      await gotoMounted(page, '/checkout/');
      await fillAllButEircode(page);
      await terms(page).check();
    },
    act: fillEircode,
    failure: {
      title:
        'the totals stay, the notice group says they could not be updated (Try again), nothing typed is lost',
      check: reviewFailed,
    },
    outcomes: {
      'expired nonce': {
        title: 'the notice group says the page has expired (Reload), nothing typed is lost',
        check: async ({ page }) => {
          const alert = noticeGroup(page).getByRole('alert');
          await expect(alert).toContainText(PAGE_EXPIRED);
          await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await reviewAnswered(page, () => noticeGroup(page).getByRole('button', { name: 'Try again' }).click());
      await expect(noticeGroup(page).getByRole('alert')).toHaveCount(0);
      await expect(reviewTable(page).locator('.order-total')).toContainText('€');
      await expectNothingLost(page);
    },
    cases: [
      {
        title: 'expired nonce, then Reload: the page comes back with what was typed, and its review answers',
        answer: expiredOnce(),
        // The refused one, and the one the reloaded page sends for its complete address (§4).
        calls: 2,
        check: async ({ page }) => {
          const reload = noticeGroup(page).getByRole('button', { name: 'Reload' });
          await expect(noticeGroup(page).getByRole('alert')).toContainText(PAGE_EXPIRED);
          const answered = page.waitForResponse((response) =>
            wcAjax('update_order_review')(response.request()),
          );
          await Promise.all([page.waitForEvent('load'), reload.click()]);
          await waitForIslands(page);
          await answered;
          // The terms box is never kept across a page load (widgets/checkout/draft.ts).
          await expectNothingLost(page, { termsTicked: false });
          await expect(noticeGroup(page).getByRole('alert')).toHaveCount(0);
          await expect(reviewTable(page).locator('.order-total')).toContainText('€');
        },
      },
      {
        title: 'hostile strings in the fragments: the review is applied sanitised, nothing runs',
        answer: changeFragments(withHostileHtml),
        check: ({ page }) => reviewApplied(page, 'Hostile link'),
      },
      {
        title: 'hostile URLs in the fragments’ links: the review is applied, no link can run script',
        answer: changeFragments(withHostileLinks),
        check: ({ page }) => reviewApplied(page, 'Hostile data link'),
      },
      {
        title: 'hostile strings in a failure’s messages: shown in the notice group, sanitised, nothing runs',
        answer: changeJson<ReviewAnswer>((answer) => ({
          ...answer,
          result: 'failure',
          messages: errorList(
            `\t\t\t<li>\r\n\t\t\tSorry, this address cannot be delivered to.${HOSTILE_HTML}\t\t</li>\r\n`,
          ),
        })),
        check: async ({ page }) => {
          await expect(noticeGroup(page).getByRole('alert')).toContainText(
            'Sorry, this address cannot be delivered to.',
          );
          await expect(reviewTable(page).locator('.order-total')).toContainText('€');
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
    ],
  },
  {
    title: 'wc-ajax apply_coupon (the coupon form opened by its link, save10 applied)',
    transport: 'wc-ajax',
    matches: wcAjax('apply_coupon'),
    timeout: CLIENT_TIMEOUT,
    open: openFilled,
    act: async (page) => {
      await showCoupon(page).click();
      await couponCode(page).fill(COUPON);
      await applyCoupon(page).click();
    },
    failure: {
      title: 'the notice group says the coupon could not be applied; the form stays open with the code',
      check: async ({ page }) => {
        await expect(noticeGroup(page).getByRole('alert')).toHaveText(COUPON_FAILED);
        await couponKept(page);
        await expectIdle(page);
        await expectNothingLost(page);
      },
    },
    outcomes: {
      // WooCommerce refuses every later call with the same nonce (check_ajax_referer: 403 `-1`):
      // "Please try again" cannot work, the page must be reloaded, as the review says (§8's
      // expired page).
      'expired nonce': {
        title: 'the shopper is told the page has expired (Reload), not to try again; the code is kept',
        check: async ({ page }) => {
          const alert = noticeGroup(page).getByRole('alert');
          await expect(alert).toContainText('This page has expired.');
          await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
          await couponKept(page);
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await reviewAnswered(page, () => applyCoupon(page).click());
      await couponApplied(page);
      // The failure is not left standing beside the success.
      await expect(noticeGroup(page).getByRole('alert')).toHaveCount(0);
    },
    cases: [
      {
        title: 'hostile strings in the success notice: applied, the notice shown sanitised, nothing runs',
        answer: changeText(withHostileHtml),
        check: ({ page }) => couponApplied(page),
      },
      {
        title: 'hostile URLs in the success notice: applied, no link can run script',
        answer: changeText(withHostileLinks),
        check: ({ page }) => couponApplied(page),
      },
      {
        title: 'hostile strings in a refusal: its text under the input as an alert (§8), nothing runs',
        answer: (route) =>
          route.fulfill({
            contentType: 'text/html; charset=UTF-8',
            body: errorList(
              `\t\t\t<li>\r\n\t\t\tCoupon &quot;${COUPON}&quot; does not exist!${HOSTILE_HTML}${HOSTILE_LINKS}\t\t</li>\r\n`,
            ),
          }),
        check: async ({ page }) => {
          const note = page.locator('#coupon-error-notice');
          await expect(note).toHaveAttribute('role', 'alert');
          await expect(note).toContainText(`Coupon "${COUPON}" does not exist!`);
          await expect(couponCode(page)).toHaveAttribute('aria-invalid', 'true');
          await expect(couponCode(page)).toHaveValue(COUPON);
          await expect(discount(page)).toHaveCount(0);
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
    ],
  },
  {
    title: 'wc-ajax remove_coupon (save10 applied; its Remove link in the review)',
    transport: 'wc-ajax',
    matches: wcAjax('remove_coupon'),
    timeout: CLIENT_TIMEOUT,
    before: async (page) => {
      await addToCart(page);
      // The coupon form posted without JavaScript (WooCommerce's update_cart_action()).
      const response = await page
        .context()
        .request.post('/checkout/', { form: { coupon_code: COUPON, apply_coupon: 'Apply coupon' } });
      expect(response.ok(), `${COUPON} applied`).toBe(true);
    },
    open: async (page) => {
      await openFilled(page);
      await expect(discount(page)).toContainText(`Coupon: ${COUPON}`);
    },
    act: async (page) => {
      await scrollToCenter(removeCoupon(page));
      await removeCoupon(page).click();
    },
    failure: {
      title:
        'the coupon stays applied and its Remove link usable again (§8: a failed removal is only logged)',
      check: async ({ page }) => {
        // The call is over: the link is no longer marked busy.
        await expect(removeCoupon(page)).not.toHaveAttribute('aria-disabled');
        await expect(removeCoupon(page)).toBeVisible();
        await expect(discount(page)).toContainText(`Coupon: ${COUPON}`);
        // Nothing claims the coupon was removed (no stray answer shown above the forms).
        await expect(noticesAbove(page)).toHaveText('');
        await expectIdle(page);
        await expectNothingLost(page);
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await reviewAnswered(page, () => removeCoupon(page).click());
      await couponRemoved(page);
    },
    cases: [
      {
        title: 'hostile strings in the notice: removed, the notice shown sanitised, nothing runs',
        answer: changeText(withHostileHtml),
        check: ({ page }) => couponRemoved(page),
      },
      {
        title: 'hostile URLs in the notice: removed, no link can run script',
        answer: changeText(withHostileLinks),
        check: ({ page }) => couponRemoved(page),
      },
    ],
  },
  {
    title: 'wc-ajax checkout (Place order, the form filled and the terms ticked)',
    transport: 'wc-ajax',
    matches: wcAjax('checkout'),
    timeout: PLACE_ORDER_TIMEOUT,
    open: openFilled,
    act: async (page) => {
      await scrollToCenter(placeOrder(page));
      await placeOrder(page).click();
    },
    failure: {
      title: 'the §8 generic error linking to the order history; the form usable, nothing typed lost',
      check: async ({ page }) => {
        await expectGenericError(page);
        await expectIdle(page);
        await expectNothingLost(page);
      },
    },
    // The shopper places the order again, knowingly: it goes through.
    recover: async (run) => {
      await run.heal();
      await scrollToCenter(placeOrder(run.page));
      await placeOrder(run.page).click();
      await expectNavigation(run, 'the order-received page', (url) =>
        /^\/checkout\/order-received\/\d+\/$/.test(url.pathname),
      );
      await run.page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
      await expect(run.page.getByText('Thank you. Your order has been received.')).toBeVisible();
    },
    cases: [
      ...HOSTILE_URLS.map(refusedRedirect),
      {
        title: 'hostile strings in a failure’s messages: shown in the notice group, sanitised, nothing runs',
        answer: (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              result: 'failure',
              messages: errorList(
                `\t\t\t<li>\r\n\t\t\tWe were unable to process your order, please try again.${HOSTILE_HTML}\t\t</li>\r\n`,
              ),
              refresh: false,
              reload: false,
            }),
          }),
        check: async ({ page }) => {
          await expect(noticeGroup(page).getByRole('alert')).toContainText(
            'We were unable to process your order, please try again.',
          );
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
      {
        title: 'hostile URLs in a field’s failure message: shown, the field marked, no link can run script',
        answer: (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              result: 'failure',
              messages: errorList(
                `\t\t\t<li data-id="billing_email">\r\n\t\t\t<strong>Billing Email address</strong> is not a valid email address.${HOSTILE_LINKS}\t\t</li>\r\n`,
              ),
              refresh: false,
              reload: false,
            }),
          }),
        check: async ({ page }) => {
          await expect(noticeGroup(page).getByRole('alert')).toContainText(
            'Billing Email address is not a valid email address.',
          );
          await expect(textbox(page, /^Email address/)).toHaveAttribute('aria-invalid', 'true');
          await expectIdle(page);
          await expectNothingLost(page);
        },
      },
    ],
  },
];

for (const endpoint of ENDPOINTS) {
  test.describe(endpoint.title, () => {
    test.describe.configure({ timeout: MATRIX_TEST_TIMEOUT });
    for (const { title, body } of matrixTests(endpoint)) test(title, body);
  });
}
