/**
 * Where the keyboard focus goes after a removal from the cart (issue #11): to the next item of the
 * cart (the one before when the last was removed), or to the empty-cart text once the cart is empty;
 * never to the drawer's close button, never lost to <body>.
 */
import type { Locator, Page } from '@playwright/test';
import { addToCart, expect, gotoMounted, tabTo, test } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');
const removeLink = (scope: Locator, name: string) =>
  scope.getByRole('link', { name: `Remove ${name} from cart`, exact: true });
/** The cart line (`li.mini_cart_item`) of product `name`. */
const item = (scope: Locator, name: string) =>
  scope
    .locator('li.mini_cart_item')
    .filter({ has: scope.page().getByRole('link', { name: `Remove ${name} from cart`, exact: true }) });
const emptyText = (scope: Locator) => scope.getByText('No products in the cart.', { exact: true });

test.describe('focus after a removal', () => {
  test('in the drawer: Enter on a remove link moves the focus to the next item, then to the empty-cart text', async ({
    page,
  }) => {
    await gotoMounted(page, '/shop/');
    // Two adds from the listing, by keyboard; each opens the drawer, Escape closes it.
    for (const name of ['Pro Match Football', 'Training Ball']) {
      await page.getByRole('link', { name: `Add to cart: “${name}”`, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(drawer(page)).toBeVisible();
      await expect(removeLink(drawer(page), name)).toBeVisible();
      if (name === 'Pro Match Football') await page.keyboard.press('Escape');
    }
    await expect(headerCount(page)).toHaveText('2 items');

    const dialog = drawer(page);
    await tabTo(page, removeLink(dialog, 'Pro Match Football'), 20);
    await page.keyboard.press('Enter');
    await expect(removeLink(dialog, 'Pro Match Football')).toHaveCount(0);
    // The next item has the focus (not the close button), and says what it is.
    await expect(item(dialog, 'Training Ball')).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Close cart' })).not.toBeFocused();

    // Tab goes on from there, to that item's remove link; Enter removes the last item.
    await page.keyboard.press('Tab');
    await expect(removeLink(dialog, 'Training Ball')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emptyText(dialog)).toBeVisible();
    await expect(emptyText(dialog)).toBeFocused();
    await expect(emptyText(dialog)).toHaveAttribute('tabindex', '-1');
    await expect(headerCount(page)).toHaveText('0 items');
    // The drawer is still open and keeps the focus in.
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test('in the header mini-cart: the focus moves to the next item (the one before after the last), then to the empty-cart text', async ({
    page,
  }) => {
    await addToCart(page, 13);
    await addToCart(page, 14);
    await addToCart(page, 16);
    await gotoMounted(page, '/shop/');
    await page.evaluate(() => window.scrollTo(0, 0));
    const header = page.locator('#site-header-cart .widget_shopping_cart');
    // The dropdown shows on hover, and while the focus is inside.
    await page.locator('#site-header-cart').hover();
    await expect(header).toBeVisible();

    // The last line first: the focus goes to the one before it.
    await removeLink(header, 'Training Ball').focus();
    await page.keyboard.press('Enter');
    await expect(removeLink(header, 'Training Ball')).toHaveCount(0);
    await expect(item(header, 'Shin Pads')).toBeFocused();

    await removeLink(header, 'Pro Match Football').focus();
    await page.keyboard.press('Enter');
    await expect(removeLink(header, 'Pro Match Football')).toHaveCount(0);
    await expect(item(header, 'Shin Pads')).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(removeLink(header, 'Shin Pads')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emptyText(header)).toBeFocused();
    await expect(header).toBeVisible();
  });
});
