/**
 * The islands' server markup works on its own (issue #12, part 3), as it must on a real WooCommerce
 * store: with JavaScript off in the browser, the shopper adds a simple product, adds a variation
 * (the variation form's fallback posts a `variation_id`: WooCommerce refuses the attributes alone),
 * changes the cart's quantities, removes from the mini-cart and posts a review; the gallery, which
 * WooCommerce prints with an inline `opacity: 0`, is visible without JavaScript and before its island
 * mounts; and once mounted, the islands' touch targets are 44 px at least.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const BALL = '/product/pro-match-football/';

const message = (page: Page) => page.locator('.woocommerce-message');
const error = (page: Page) => page.locator('.woocommerce-error');
const miniCart = (page: Page) => page.locator('.widget_shopping_cart_content').first();

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the gallery is visible though WooCommerce prints it with opacity 0', async ({ page }) => {
    await page.goto(BOOTS);
    const gallery = page.locator('.woocommerce-product-gallery');
    await expect(gallery).toHaveAttribute('style', /opacity: 0/);
    await expect(gallery).toHaveCSS('opacity', '1');
    await expect(gallery.locator('img.wp-post-image')).toBeVisible();
  });

  test('a variation is added with the picker: it posts the variation_id', async ({ page }) => {
    await page.goto(`${BOOTS}?attribute_pa_size=uk-1`);
    const form = page.locator('form.variations_form');
    await expect(form.locator('table.variations')).toBeHidden();
    const picker = form.getByLabel('Size, Colour');
    await expect(picker).toBeVisible();
    await expect(picker.locator('option[disabled]')).toHaveText(['UK 3, Blue – Out of stock']);
    await picker.selectOption({ label: 'UK 2, Blue – €29.99' });
    await form.getByLabel('Junior Football Boots quantity').fill('2');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === BOOTS);
    await form.getByRole('button', { name: 'Add to cart' }).click();
    const fields = new URLSearchParams(
      [...((await posted).postData() ?? '').matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    expect(Object.fromEntries(fields)).toEqual({
      variation_id: '22',
      quantity: '2',
      'add-to-cart': '18',
      product_id: '18',
    });
    await expect(error(page)).toHaveCount(0);
    await expect(message(page)).toContainText('2 × “Junior Football Boots” have been added to your cart.');
    await expect(miniCart(page)).toContainText('Junior Football Boots - UK 2, Blue');
  });

  test('a simple product is added with its form', async ({ page }) => {
    await page.goto(BALL);
    await page.locator('form.cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect(message(page)).toContainText('“Pro Match Football” has been added to your cart.');
  });

  test('the cart page updates quantities, the mini-cart removes', async ({ page }) => {
    await page.goto(`/?add-to-cart=13`);
    await page.goto('/cart/');
    const quantity = page.locator('form.woocommerce-cart-form input.qty').first();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Update cart' }).click();
    await expect(message(page)).toContainText('Cart updated.');
    await expect(page.locator('form.woocommerce-cart-form input.qty').first()).toHaveValue('3');

    await page.goto('/shop/');
    const remove = miniCart(page).locator('a.remove').first();
    await page.goto((await remove.getAttribute('href')) ?? '');
    await expect(message(page)).toContainText('“Pro Match Football” removed.');
    await expect(page.locator('form.woocommerce-cart-form')).toHaveCount(0);
  });

  test('a review is posted with the comment form', async ({ page }) => {
    await page.goto(`${BALL}#reviews`);
    const form = page.locator('#commentform');
    await form.locator('select#rating').selectOption('4');
    await form.locator('textarea#comment').fill('Holds its shape after a season. Posted without JavaScript.');
    if (await form.locator('input#author').isVisible()) {
      await form.locator('input#author').fill('Alex');
      await form.locator('input#email').fill('alex@example.com');
    }
    await form.locator('[type="submit"]').click();
    await expect(page.locator('body')).toContainText('Posted without JavaScript');
  });
});

test('the variation form that failed to mount shows the picker, and it adds', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/variation-form/);
  consoleErrors.allow(/Failed to load resource/);
  await page.route(/\/assets\/variation-form-[^/]*\.js/, (route) => route.abort());
  await page.goto(BOOTS);
  await waitForIslands(page, { failed: ['variation-form'] });
  const form = page.locator('form.variations_form');
  await expect(form.locator('table.variations')).toBeHidden();
  await form.getByLabel('Size, Colour').selectOption({ label: 'UK 1, Black – €39.99' });
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(message(page)).toContainText('“Junior Football Boots” has been added to your cart.');
});

test('the gallery is visible before its island mounts', async ({ page }) => {
  // The island's chunk never arrives: what shows is the server's markup, with the island's CSS.
  await page.route(/product-gallery[^/]*\.js/, () => new Promise<void>(() => undefined));
  await page.goto(BOOTS);
  const gallery = page.locator('[data-island="product-gallery"] .woocommerce-product-gallery');
  await expect(gallery).toHaveAttribute('style', /opacity: 0/);
  await expect(gallery).toHaveCSS('opacity', '1');
});

/** Every element of `selector` at least 44 × 44 px. */
async function expectTouchTargets(page: Page, selector: string, count?: number): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { what: el.outerHTML.slice(0, 80), width: Math.round(r.width), height: Math.round(r.height) };
      }),
  );
  if (count !== undefined) expect(boxes, selector).toHaveLength(count);
  else expect(boxes.length, selector).toBeGreaterThan(0);
  for (const box of boxes) {
    expect.soft(box.width, `${box.what} width`).toBeGreaterThanOrEqual(44);
    expect.soft(box.height, `${box.what} height`).toBeGreaterThanOrEqual(44);
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`touch targets are 44 px at least (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/?add-to-cart=13`);
    await page.goto(BOOTS);
    await page.locator('[data-island="product-gallery"]').scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await expectTouchTargets(page, '.si-gallery__thumbs button', 4);
    await expectTouchTargets(page, '.woocommerce-product-gallery__trigger', 1);
    await expectTouchTargets(page, 'form.variations_form table.variations select', 2);
    await expectTouchTargets(page, 'form.variations_form .shop-islands-vf__qty-button', 2);
    await expectTouchTargets(page, 'form.variations_form .single_add_to_cart_button', 1);

    await page.goto('/cart/');
    await waitForIslands(page);
    await expectTouchTargets(page, 'form.woocommerce-cart-form .shop-islands-qty__button');
  });
}
