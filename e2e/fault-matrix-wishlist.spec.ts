/**
 * The fault matrix (e2e/fault-kit.ts), CommerceKit's wishlist (storefront.md §4 "Wishlist item",
 * "Wishlist add-to-cart", §7 "Waitlist and wishlist", §8): add on a product page, remove and add to
 * cart on the wishlist page. A failed call leaves the item (or the list) as it was and usable, says
 * so in the page's popup, and the same click works once the server is back. The popup shows a
 * message for 2000 ms: the page's clock is paused while it is checked.
 */
import type { Page } from '@playwright/test';
import {
  HOSTILE_HTML,
  HOSTILE_LINKS,
  PWN,
  WIDGET_TIMEOUT,
  adminAjax,
  changeJson,
  MATRIX_TEST_TIMEOUT,
  matrixTests,
  type Endpoint,
  wcAjax,
  withHostileHtml,
  withHostileLinks,
} from './fault-kit';
import { expect, gotoMounted, scrollToCenter, test } from './fixtures';

const PADS = '/product/shin-pads/';

const popup = (page: Page) => page.locator('#commercekit-wishlist-popup');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const addToWishlist = (page: Page) => button(page, 'Add to wishlist');
const removeBall = (page: Page) => button(page, 'Remove “Pro Match Football” from wishlist');
const ballToCart = (page: Page) => button(page, 'Add to cart: “Pro Match Football”');
const items = (page: Page) => page.locator('#commercekit-wishlist-shortcode li');
const itemNames = (page: Page) => page.locator('#commercekit-wishlist-shortcode li h2');
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');

/** CommerceKit's answer to a wishlist call. */
interface WishlistAnswer {
  status: number | string;
  message: string;
  html?: string;
}

const ENDPOINTS: Endpoint[] = [
  {
    title: 'admin-ajax commercekit_save_wishlist (Shin Pads product page, Add to wishlist)',
    transport: 'admin-ajax',
    matches: adminAjax('commercekit_save_wishlist'),
    timeout: WIDGET_TIMEOUT,
    holdClock: true,
    open: (page) => gotoMounted(page, PADS),
    act: async (page) => {
      await scrollToCenter(addToWishlist(page));
      await addToWishlist(page).click();
    },
    failure: {
      title: 'the item is unchanged and usable, the popup says so',
      check: async ({ page }) => {
        await expect(popup(page)).toHaveText('Sorry, your wishlist could not be updated. Please try again.');
        await expect(addToWishlist(page)).toBeVisible();
        await expect(page.locator('.commercekit-wishlist.full')).not.toHaveClass(/processing/);
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await addToWishlist(page).click();
      await expect(button(page, 'Remove from wishlist')).toBeVisible();
    },
    cases: [
      {
        title: 'hostile strings in the answer’s html and message: the item and popup update, nothing runs',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          html: withHostileHtml(answer.html ?? ''),
          message: answer.message + HOSTILE_HTML,
        })),
        check: async ({ page }) => {
          await expect(button(page, 'Remove from wishlist')).toBeVisible();
          await expect(popup(page)).toContainText('“Shin Pads” has been added to your wishlist.');
        },
      },
      {
        title: 'hostile URLs in the answer’s html and message: the item updates, no link can run script',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          // Its "View wishlist" link points at `javascript:`, and more hostile links follow.
          html: withHostileLinks(answer.html ?? '').replace('href="/wishlist/"', `href="javascript:${PWN}"`),
          message: `${answer.message} ${HOSTILE_LINKS}`,
        })),
        check: async ({ page }) => {
          await expect(button(page, 'Remove from wishlist')).toBeVisible();
          await expect(popup(page)).toContainText('“Shin Pads” has been added to your wishlist.');
        },
      },
    ],
  },
  {
    title: 'admin-ajax commercekit_remove_wishlist (the wishlist page, Remove)',
    transport: 'admin-ajax',
    matches: adminAjax('commercekit_remove_wishlist'),
    timeout: WIDGET_TIMEOUT,
    holdClock: true,
    open: (page) => gotoMounted(page, '/wishlist/'),
    act: async (page) => {
      await scrollToCenter(removeBall(page));
      await removeBall(page).click();
    },
    failure: {
      title: 'the list is unchanged and usable, the popup says so',
      check: async ({ page }) => {
        await expect(popup(page)).toHaveText(
          'Sorry, the product could not be removed from your wishlist. Please try again.',
        );
        await expect(itemNames(page)).toHaveText(['Junior Football Boots', 'Pro Match Football']);
        await expect(items(page).filter({ has: page.locator('.processing') })).toHaveCount(0);
        await expect(page.locator('#commercekit-wishlist-shortcode .processing')).toHaveCount(0);
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await removeBall(page).click();
      await expect(itemNames(page)).toHaveText(['Junior Football Boots']);
    },
    cases: [
      {
        title: 'hostile strings in the returned list and message: the list updates, nothing runs',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          html: withHostileHtml(answer.html ?? ''),
          message: answer.message + HOSTILE_HTML,
        })),
        check: async ({ page }) => {
          await expect(itemNames(page)).toHaveText(['Junior Football Boots']);
          await expect(popup(page)).toContainText(
            '“Pro Match Football” has been removed from your wishlist.',
          );
        },
      },
      {
        title: 'hostile URLs in the returned list and message: the list updates, no link can run script',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          html: withHostileLinks(answer.html ?? ''),
          message: `${answer.message} ${HOSTILE_LINKS}`,
        })),
        check: async ({ page }) => {
          await expect(itemNames(page)).toHaveText(['Junior Football Boots']);
        },
      },
    ],
  },
  {
    title: 'admin-ajax commercekit_wishlist_addtocart (the wishlist page, Add to cart)',
    transport: 'admin-ajax',
    matches: adminAjax('commercekit_wishlist_addtocart'),
    timeout: WIDGET_TIMEOUT,
    holdClock: true,
    open: async (page) => {
      // The page load's own refresh (no fragments stored yet) is over before the shopper acts.
      const loaded = page.waitForResponse((response) =>
        wcAjax('get_refreshed_fragments')(response.request()),
      );
      await gotoMounted(page, '/wishlist/');
      await loaded;
    },
    act: async (page) => {
      await scrollToCenter(ballToCart(page));
      await ballToCart(page).click();
    },
    failure: {
      title: 'the button is usable again, the popup says so, and the cart is refreshed from the server',
      check: async (run) => {
        const { page } = run;
        await expect(popup(page)).toHaveText(
          'Sorry, the product could not be added to your cart. Please try again.',
        );
        await expect(ballToCart(page)).toBeEnabled();
        // The server may have added it anyway: the page asks for the truth, once.
        await expect.poll(() => run.since(wcAjax('get_refreshed_fragments')).length).toBe(1);
        await expect(headerCount(page)).toHaveText('0 items');
      },
    },
    recover: async ({ page, heal }) => {
      await heal();
      await ballToCart(page).click();
      await expect(popup(page)).toHaveText('“Pro Match Football” has been added to your cart.');
      await expect(headerCount(page)).toHaveText('1 item');
    },
    cases: [
      {
        title: 'hostile strings in the message: the popup shows it, nothing runs',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          message: answer.message + HOSTILE_HTML,
        })),
        check: async ({ page }) => {
          await expect(popup(page)).toContainText('“Pro Match Football” has been added to your cart.');
          await expect(headerCount(page)).toHaveText('1 item');
        },
      },
      {
        title: 'hostile URLs in the message: the popup shows it, no link can run script',
        answer: changeJson<WishlistAnswer>((answer) => ({
          ...answer,
          message: `${answer.message} ${HOSTILE_LINKS}`,
        })),
        check: async ({ page }) => {
          await expect(popup(page)).toContainText('“Pro Match Football” has been added to your cart.');
          await expect(headerCount(page)).toHaveText('1 item');
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
