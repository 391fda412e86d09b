/**
 * The fault matrix (e2e/fault-kit.ts), WooCommerce's cart endpoints (storefront.md §4 "Add-to-cart
 * button", "Page fragments", §7 "Cart", §8): add_to_cart from a listing button and from the
 * variation form, remove_from_cart from the drawer, get_refreshed_fragments on a page load with an
 * empty sessionStorage. A failed call takes WooCommerce's no-JS path (the link followed, the form
 * posted) or keeps the server's markup; a `product_url` that is not this store's is not followed.
 */
import type { Locator, Page } from '@playwright/test';
import {
  CLIENT_TIMEOUT,
  FRAGMENTS_TIMEOUT,
  HOSTILE_URLS,
  changeFragments,
  expectNavigation,
  MATRIX_TEST_TIMEOUT,
  matrixTests,
  type Endpoint,
  wcAjax,
  withHostileHtml,
  withHostileLinks,
  type Case,
  type Run,
} from './fault-kit';
import { addToCart, expect, gotoMounted, scrollToCenter, test } from './fixtures';

const BALL = { id: 13, name: 'Pro Match Football', path: '/product/pro-match-football/' };
const BOOTS = '/product/junior-football-boots/';
/** What a refused navigation tells the shopper (src/security/url's REFUSED_NAVIGATION_MESSAGE). */
const REFUSED = 'This link leads away from the store, so it was not followed.';

const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const notice = (page: Page) => page.locator('.woocommerce-message');
const listingButton = (page: Page) =>
  page.getByRole('link', { name: `Add to cart: “${BALL.name}”`, exact: true });
const variationForm = (page: Page) => page.locator('form.variations_form');
const variationButton = (page: Page) => variationForm(page).getByRole('button', { name: 'Add to cart' });

/** Nothing lost: the button's own link (`?add-to-cart=13`) added the product with a page load. */
async function linkFollowed(run: Run) {
  const { page } = run;
  await expectNavigation(
    run,
    'the button’s link ?add-to-cart=13 is followed',
    (url) => url.searchParams.get('add-to-cart') === String(BALL.id),
  );
  await page.waitForURL(/\/shop\/$/);
  await expect(notice(page)).toContainText(`“${BALL.name}” has been added to your cart.`);
  await expect(headerCount(page)).toHaveText('1 item');
}

/** Nothing lost: the variation form was posted as without JavaScript, and WooCommerce added it. */
async function formPosted(run: Run) {
  await expectNavigation(
    run,
    'the variation form is posted to the product page',
    (url, method) => method === 'POST' && url.pathname === BOOTS,
  );
  await expect(notice(run.page)).toContainText('has been added to your cart');
  await expect(headerCount(run.page)).toHaveText('1 item');
}

/**
 * WooCommerce refused the add and named a product page that is not this store's (or not http(s)):
 * it is not followed, and the shopper is told so next to the button (issue #11: "refused with a clear
 * message and logged"); the button is usable again.
 */
function refusedUrl(url: string, button: (page: Page) => Locator): Case {
  return {
    title: `hostile URL: an add refused with product_url ${JSON.stringify(url)} is not followed; the shopper is told`,
    answer: (route) => route.fulfill({ json: { error: true, product_url: url } }),
    check: async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
      await expect(button(page)).not.toHaveAttribute('aria-busy');
    },
  };
}

/** The add went through with the hostile fragments: drawer open, header count up. */
async function addedInPage({ page }: Run) {
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page)).toContainText(BALL.name);
  await expect(headerCount(page)).toHaveText('1 item');
}

const ENDPOINTS: Endpoint[] = [
  {
    title: 'wc-ajax add_to_cart (a listing’s button on /shop/)',
    transport: 'wc-ajax',
    matches: wcAjax('add_to_cart'),
    timeout: CLIENT_TIMEOUT,
    open: (page) => gotoMounted(page, '/shop/'),
    act: async (page) => {
      await scrollToCenter(listingButton(page));
      await listingButton(page).click();
    },
    failure: { title: 'the button’s link adds the product with a page load', check: linkFollowed },
    cases: [
      {
        title: 'hostile strings in the fragments: added in the page, nothing runs',
        answer: changeFragments(withHostileHtml),
        check: addedInPage,
      },
      {
        title: 'hostile URLs in the fragments’ links: added in the page, no link can run script',
        answer: changeFragments(withHostileLinks),
        check: addedInPage,
      },
      ...HOSTILE_URLS.map((url) => refusedUrl(url, listingButton)),
    ],
  },
  {
    title: 'wc-ajax add_to_cart (the variation form, Junior Football Boots UK 2 / Blue)',
    transport: 'wc-ajax',
    matches: wcAjax('add_to_cart'),
    timeout: CLIENT_TIMEOUT,
    open: async (page) => {
      await gotoMounted(page, BOOTS);
      await expect(variationButton(page)).toHaveClass(/wc-variation-selection-needed/);
    },
    act: async (page) => {
      await page.getByRole('combobox', { name: 'Size' }).selectOption('uk-2');
      await page.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');
      await expect(page.locator('.product_meta .sku')).toHaveText('BOOT-JR-2-BLU');
      await scrollToCenter(variationButton(page));
      await variationButton(page).click();
    },
    failure: { title: 'the form is posted and WooCommerce adds the variation', check: formPosted },
    cases: HOSTILE_URLS.map((url) => refusedUrl(url, variationButton)),
  },
  {
    title: 'wc-ajax remove_from_cart (a remove link in the cart drawer)',
    transport: 'wc-ajax',
    matches: wcAjax('remove_from_cart'),
    timeout: CLIENT_TIMEOUT,
    before: async (page) => {
      await addToCart(page, BALL.id);
      await addToCart(page, 16);
    },
    open: async (page) => {
      await gotoMounted(page, '/shop/');
      await expect(headerCount(page)).toHaveText('2 items');
    },
    act: async (page) => {
      await page.locator('#site-header-cart a.cart-contents').click();
      await drawer(page)
        .getByRole('link', { name: `Remove ${BALL.name} from cart` })
        .click();
    },
    failure: {
      title: 'the remove link is followed (storefront.md §8) and the line is removed',
      check: async (run) => {
        await expectNavigation(run, 'the remove link is followed', (url) =>
          url.searchParams.has('remove_item'),
        );
        await run.page.waitForURL(/\/cart\/$/);
        await expect(notice(run.page)).toContainText(`“${BALL.name}” removed.`);
        await expect(run.page.locator('tr.cart_item')).toHaveCount(1);
      },
    },
    cases: [
      {
        title: 'hostile strings in the fragments: removed in the page, nothing runs',
        answer: changeFragments(withHostileHtml),
        check: removedInPage,
      },
      {
        title: 'hostile URLs in the fragments’ links: removed in the page, no link can run script',
        answer: changeFragments(withHostileLinks),
        check: removedInPage,
      },
    ],
  },
  {
    title: 'wc-ajax get_refreshed_fragments (a page load with an empty sessionStorage)',
    transport: 'wc-ajax',
    matches: wcAjax('get_refreshed_fragments'),
    timeout: FRAGMENTS_TIMEOUT,
    before: async (page) => {
      await addToCart(page, 14);
      await page.addInitScript(() => {
        const counted = window as Window & { __fragmentsErrors?: number };
        counted.__fragmentsErrors = 0;
        document.addEventListener('wc_fragments_ajax_error', () => {
          counted.__fragmentsErrors = (counted.__fragmentsErrors ?? 0) + 1;
        });
      });
    },
    open: (page) => gotoMounted(page, '/shop/'),
    failure: {
      title: 'the server’s cart stays as printed and wc_fragments_ajax_error is raised (storefront.md §8)',
      check: async ({ page }) => {
        await expect
          .poll(() =>
            page.evaluate(() => (window as Window & { __fragmentsErrors?: number }).__fragmentsErrors),
          )
          .toBe(1);
        await expect(headerCount(page)).toHaveText('1 item');
        // In the header's mini-cart (a dropdown shown on hover).
        await expect(
          page.locator(
            '#site-header-cart a.remove_from_cart_button[aria-label="Remove Shin Pads from cart"]',
          ),
        ).toHaveCount(1);
        // Not left dimmed or busy.
        await expect(page.locator('#site-header-cart a.cart-contents')).not.toHaveAttribute(
          'aria-busy',
          'true',
        );
        await expect(page.locator('#site-header-cart [aria-busy="true"]')).toHaveCount(0);
      },
    },
    cases: [
      {
        title: 'hostile strings in the fragments: applied, nothing runs',
        answer: changeFragments(withHostileHtml),
        check: refreshedWithShinPads,
      },
      {
        title: 'hostile URLs in the fragments’ links: applied, no link can run script',
        answer: changeFragments(withHostileLinks),
        check: refreshedWithShinPads,
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

async function removedInPage({ page }: Run) {
  await expect(headerCount(page)).toHaveText('1 item');
  await expect(drawer(page).getByRole('link', { name: `Remove ${BALL.name} from cart` })).toHaveCount(0);
  await expect(drawer(page)).toContainText('Training Ball');
  expect(new URL(page.url()).pathname).toBe('/shop/');
}

async function refreshedWithShinPads({ page }: Run) {
  await expect(headerCount(page)).toHaveText('1 item');
  await expect(page.locator('#site-header-cart')).toContainText('Shin Pads');
}
