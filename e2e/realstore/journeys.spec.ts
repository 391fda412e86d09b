/**
 * The shopper journeys of issue #12 on a real WooCommerce store with the plugin as a store owner
 * installs it (zip, activate, no theme change): listing add, simple and variable product pages,
 * mini-cart and cart drawer, cart page, reviews, and the classic checkout (issue #13). Each action sends exactly one request to the real
 * endpoint and the store agrees (Store API cart, the page after a reload); on each page the islands
 * are mounted and no script an island replaces is loaded (soft checks: the journey goes on, the test
 * still fails); no console error (fixtures).
 */
import type { Locator, Page } from '@playwright/test';
import {
  brief,
  cartItems,
  expect,
  expectIslandsMounted,
  expectNoReplacedScripts,
  logInAsCustomer,
  putInCart,
  scriptsOf,
  settle,
  test,
  type RequestLog,
  type SentRequest,
} from './fixtures';
import { CART, CHECKOUT, LISTING, SIMPLE_PRODUCT, VARIABLE_PRODUCT } from './pages';
import { stripeDoubleScript } from '../../demo/server';
import { gatewayChore, storeChore, withoutStripe, withStripeSetting } from './stores';

/** Storefront's header cart count ("1 item"), a WooCommerce fragment. */
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** The fields a request posted (urlencoded or multipart/form-data). */
function fieldsOf(sent: SentRequest): Record<string, string> {
  const body = sent.body;
  const multipart = [...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)];
  if (multipart.length > 0) return Object.fromEntries(multipart.map(([, k = '', v = '']) => [k, v]));
  return Object.fromEntries(new URLSearchParams(body));
}

/** Closes the cart drawer if an add opened it (it would cover the next button). */
async function closeDrawerIfOpen(page: Page) {
  if (await drawer(page).isVisible()) {
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
  }
}

/** Scrolls `target` to the middle of the viewport (Storefront's fixed footer bar covers the bottom). */
const scrollToCenter = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center' }));

/**
 * Opens the header's mini-cart dropdown (shown on hover), removes `name`'s line, and checks the count
 * drops to `left` items with exactly one `remove_from_cart` request sent so far.
 */
async function removeFromHeaderCart(page: Page, requests: RequestLog, name: string, left: number) {
  await page.locator('#site-header-cart').hover();
  const header = page.locator('#site-header-cart .widget_shopping_cart');
  await expect(header).toBeVisible();
  await header.locator('li', { hasText: name }).locator('a.remove').click();
  await expect(headerCount(page)).toHaveText(items(left));
  await expect(header.locator('li', { hasText: name })).toHaveCount(0);
  await settle(page);
  expect(brief(requests.calls('remove_from_cart')), 'remove_from_cart requests').toHaveLength(1);
}

test('listing: one add_to_cart per click, View cart once, the mini-cart count follows', async ({
  page,
  shop,
  requests,
}) => {
  await page.goto(LISTING.path);
  await expectIslandsMounted(page, LISTING.islands);
  await expect(headerCount(page)).toHaveText(items(0));

  const clicks = ['Pro Match Football', 'Training Ball', 'Pro Match Football'];
  for (const [index, name] of clicks.entries()) {
    const id = shop.product(name);
    const item = page.locator(`li.product.post-${id}`);
    const button = item.locator('a.add_to_cart_button');
    await scrollToCenter(button);
    await button.click();
    await expect(headerCount(page)).toHaveText(items(index + 1));
    await expect(item.locator('a.added_to_cart')).toHaveText('View cart');
    await settle(page);
    // Exactly one request per click, for this product; one View cart link after its button.
    const adds = requests.calls('add_to_cart');
    expect(brief(adds), `add_to_cart requests after ${index + 1} click(s)`).toHaveLength(index + 1);
    expect(fieldsOf(adds[index]!).product_id).toBe(String(id));
    await expect(item.locator('a.added_to_cart')).toHaveCount(1);
    await closeDrawerIfOpen(page);
  }
  expect(new URL(page.url()).pathname, 'no page load').toBe(LISTING.path);
  expect(brief(requests.all.filter((r) => r.navigation)), 'page loads').toHaveLength(1);
  expect(
    (await cartItems(page)).map(({ id, quantity }) => ({ id, quantity })).sort((a, b) => a.id - b.id),
  ).toEqual(
    [
      { id: shop.product('Pro Match Football'), quantity: 2 },
      { id: shop.product('Training Ball'), quantity: 1 },
    ].sort((a, b) => a.id - b.id),
  );
  await expectNoReplacedScripts(page, requests, LISTING.replaced);
});

test('listing: the ordering island sorts the real shop by price with one page load, the other query arguments kept, and the count is said again', async ({
  page,
  requests,
}) => {
  await page.goto(`${LISTING.path}?utm_source=test`);
  await expectIslandsMounted(page, ['catalog-ordering', 'result-count']);
  const order = page.getByRole('combobox', { name: 'Shop order' }).first();
  // Arrow keys only browse (WooCommerce's own select would reload on the first one).
  await order.focus();
  await page.keyboard.press('ArrowDown');
  await settle(page);
  expect(brief(requests.all.filter((r) => r.navigation)), 'page loads while browsing').toHaveLength(1);
  await Promise.all([page.waitForURL(/orderby=price(&|$)/), order.selectOption('price')]);
  const url = new URL(page.url());
  expect(url.searchParams.get('orderby')).toBe('price');
  expect(url.searchParams.get('utm_source'), 'other arguments kept').toBe('test');
  expect(brief(requests.all.filter((r) => r.navigation)), 'page loads').toHaveLength(2);
  await expectIslandsMounted(page, ['catalog-ordering', 'result-count']);
  const prices = await page.locator('ul.products li.product .price').evaluateAll((els) =>
    els.map((el) => {
      const amounts = [...el.querySelectorAll('bdi')].map((b) =>
        Number((b.textContent ?? '').replace(/[^\d.]/g, '')),
      );
      // A sale shows the old price struck through first: the price paid is the last.
      return amounts[amounts.length - 1] ?? 0;
    }),
  );
  expect(prices.length).toBeGreaterThan(1);
  expect(prices[0]!).toBeLessThanOrEqual(prices[prices.length - 1]!);
  // The result count said again about 2 s after the island mounts (the polite live region).
  await page.waitForFunction(
    () => /result/.test(document.getElementById('shop-islands-live')?.textContent ?? ''),
    undefined,
    { timeout: 6000, polling: 50 },
  );
});

test('simple product page: the quantity and Add to cart add in the page, with one request', async ({
  page,
  shop,
  requests,
}) => {
  await page.goto(SIMPLE_PRODUCT.path);
  await expectIslandsMounted(page, SIMPLE_PRODUCT.islands);
  const form = page.locator('form.cart').first();
  // The page's own button is an island (the related products' buttons are others).
  expect
    .soft(await form.locator('[data-island="add-to-cart"]').count(), 'add-to-cart island in form.cart')
    .toBe(1);
  // WooCommerce's field: labelled "Pro Match Football quantity", named "Product quantity" (aria-label).
  await form.locator('input[name="quantity"]').fill('2');
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(headerCount(page)).toHaveText(items(2));
  await settle(page);

  expect(brief(requests.posts(SIMPLE_PRODUCT.path)), 'no add by a page load (form post)').toHaveLength(0);
  const adds = requests.calls('add_to_cart');
  expect(brief(adds), 'add_to_cart requests').toHaveLength(1);
  expect(fieldsOf(adds[0]!)).toMatchObject({
    product_id: String(shop.product('Pro Match Football')),
    quantity: '2',
  });
  expect(new URL(page.url()).pathname).toBe(SIMPLE_PRODUCT.path);
  expect(await cartItems(page)).toMatchObject([{ id: shop.product('Pro Match Football'), quantity: 2 }]);
  await expectNoReplacedScripts(page, requests, SIMPLE_PRODUCT.replaced);
});

test('variable product: options chosen, price and availability shown, the out-of-stock one disabled, the right variation added with one request', async ({
  page,
  shop,
  requests,
}) => {
  await page.goto(VARIABLE_PRODUCT.path);
  await expectIslandsMounted(page, VARIABLE_PRODUCT.islands);
  const form = page.locator('form.variations_form');
  const size = form.getByRole('combobox', { name: 'Size' });
  const colour = form.getByRole('combobox', { name: 'Colour' });
  const add = form.getByRole('button', { name: 'Add to cart' });
  const panel = form.locator('.single_variation');
  await scrollToCenter(size);

  // UK 3 in blue is out of stock: said, and the button is disabled.
  await size.selectOption('uk-3');
  await colour.selectOption('Blue');
  await expect(panel).toContainText('Out of stock');
  await expect(add).toHaveClass(/\bdisabled\b/);
  await expect(add).toHaveClass(/\bwc-variation-is-unavailable\b/);
  await expect(page.locator('.product_meta .sku')).toHaveText('BOOT-JR-3-BLU');

  // UK 2 in blue: on sale, 29.99 instead of 39.99.
  await size.selectOption('uk-2');
  await expect(panel.locator('.woocommerce-variation-price')).toContainText('29.99');
  await expect(panel.locator('.woocommerce-variation-price del')).toContainText('39.99');
  await expect(panel).not.toContainText('Out of stock');
  await expect(add).not.toHaveClass(/\bdisabled\b/);
  await expect(form.locator('input[name="variation_id"]')).toHaveValue(
    String(shop.variation('BOOT-JR-2-BLU')),
  );

  await add.click();
  await expect(headerCount(page)).toHaveText(items(1));
  await settle(page);
  expect(brief(requests.posts(VARIABLE_PRODUCT.path)), 'no add by a page load (form post)').toHaveLength(0);
  const adds = requests.calls('add_to_cart');
  expect(brief(adds), 'add_to_cart requests').toHaveLength(1);
  expect(fieldsOf(adds[0]!)).toMatchObject({
    variation_id: String(shop.variation('BOOT-JR-2-BLU')),
    attribute_pa_size: 'uk-2',
    attribute_colour: 'Blue',
    quantity: '1',
  });
  expect(new URL(page.url()).pathname).toBe(VARIABLE_PRODUCT.path);
  expect(await cartItems(page)).toMatchObject([{ id: shop.variation('BOOT-JR-2-BLU'), quantity: 1 }]);
  await expectNoReplacedScripts(page, requests, VARIABLE_PRODUCT.replaced);
});

test('mini-cart and cart drawer: the drawer opens from the header cart; each remove sends one request', async ({
  page,
  shop,
  requests,
}) => {
  await putInCart(page, shop.product('Pro Match Football'));
  await putInCart(page, shop.product('Training Ball'));
  await page.goto(LISTING.path);
  await expectIslandsMounted(page, LISTING.islands);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(headerCount(page)).toHaveText(items(2));

  // The header's dropdown, shown on hover.
  await removeFromHeaderCart(page, requests, 'Pro Match Football', 1);

  // The drawer, opened from the header cart link.
  await page.locator('#site-header-cart a.cart-contents').click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page)).toContainText('Training Ball');
  await drawer(page).locator('li', { hasText: 'Training Ball' }).locator('a.remove').click();
  await expect(drawer(page)).toContainText('No products in the cart.');
  await expect(headerCount(page)).toHaveText(items(0));
  await settle(page);
  expect(brief(requests.calls('remove_from_cart')), 'remove_from_cart requests').toHaveLength(2);

  expect(new URL(page.url()).pathname, 'no page load').toBe(LISTING.path);
  expect(brief(requests.all.filter((r) => r.navigation)), 'page loads').toHaveLength(1);
  expect(await cartItems(page)).toEqual([]);
  await expectNoReplacedScripts(page, requests, LISTING.replaced);
});

test('header mini-cart on a product page without listing buttons: one remove_from_cart per removal', async ({
  page,
  shop,
  requests,
}) => {
  await putInCart(page, shop.product('Pro Match Football'));
  await putInCart(page, shop.product('Training Ball'));
  await page.goto(VARIABLE_PRODUCT.path);
  await expectIslandsMounted(page, VARIABLE_PRODUCT.islands);
  // No listing button here: add-to-cart.js, which also runs these remove links, must not be loaded.
  await expect(page.locator('[data-island="add-to-cart"], a.ajax_add_to_cart')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(headerCount(page)).toHaveText(items(2));

  await removeFromHeaderCart(page, requests, 'Pro Match Football', 1);
  expect(new URL(page.url()).pathname, 'no page load').toBe(VARIABLE_PRODUCT.path);
  expect(brief(requests.all.filter((r) => r.navigation)), 'page loads').toHaveLength(1);
  expect(await cartItems(page)).toMatchObject([{ id: shop.product('Training Ball'), quantity: 1 }]);
  await expectNoReplacedScripts(page, requests, VARIABLE_PRODUCT.replaced);
});

test('cart page: + then Update cart sends one update request, and the totals change', async ({
  page,
  shop,
  requests,
}) => {
  await putInCart(page, shop.product('Pro Match Football'));
  await page.goto(CART.path);
  await expectIslandsMounted(page, CART.islands);
  const line = page.locator('tr.cart_item', { hasText: 'Pro Match Football' });
  const field = line.locator('input.qty');
  const subtotal = line.locator('.product-subtotal');
  const total = page.locator('.cart_totals .order-total');
  await expect(field).toHaveValue('1');
  await expect(subtotal).toContainText('49.99');
  const totalBefore = await total.textContent();

  const plus = page.getByRole('button', { name: 'Increase quantity of Pro Match Football', exact: true });
  await scrollToCenter(plus);
  await plus.click();
  await expect(field).toHaveValue('2');
  const update = page.getByRole('button', { name: 'Update cart', exact: true });
  await expect(update).toBeEnabled();
  await scrollToCenter(update);
  await update.click();

  await expect(page.getByText('Cart updated.')).toBeVisible();
  await expect(subtotal).toContainText('99.98');
  await expect(total).not.toHaveText(totalBefore ?? '');
  await expect(field).toHaveValue('2');
  await settle(page);
  const updates = requests.posts(CART.path).filter((r) => 'update_cart' in fieldsOf(r));
  expect(brief(updates), 'update requests (the cart form posted)').toHaveLength(1);
  expect(await cartItems(page)).toMatchObject([{ id: shop.product('Pro Match Football'), quantity: 2 }]);
  await expectNoReplacedScripts(page, requests, CART.replaced);
});

test('cart page: the shipping calculator island beside cart.js: an address picked, one POST per Update, before and after Update cart', async ({
  page,
  shop,
  requests,
}) => {
  await putInCart(page, shop.product('Pro Match Football'));
  await page.goto(CART.path);
  await expectIslandsMounted(page, CART.islands);
  const calculator = page.locator('form.woocommerce-shipping-calculator');
  const toggle = calculator.getByRole('button', { name: /Calculate shipping|Change address/ });
  const total = page.locator('.cart_totals .order-total');
  const calculations = () => requests.posts(CART.path).filter((r) => 'calc_shipping' in fieldsOf(r));

  // The island's pickers in place of WooCommerce's selects; the toggle opens it once (cart.js's own
  // handler, which would toggle it back, does not see the click).
  await scrollToCenter(toggle);
  await toggle.click();
  await expect(calculator.locator('section.shipping-calculator-form')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const country = calculator.getByRole('combobox', { name: /^Country \/ region/i });
  await expect(country).toBeVisible();
  await expect(calculator.locator('select#calc_shipping_country')).toHaveCount(0);
  await country.fill('United States');
  await page.getByRole('option', { name: 'United States (US)', exact: true }).click();
  const state = calculator.getByRole('combobox', { name: /^State/ });
  await state.fill('Califor');
  await page.getByRole('option', { name: 'California', exact: true }).click();
  await calculator.getByRole('textbox', { name: /^City|^Town/ }).fill('Beverly Hills');
  await calculator.getByRole('textbox', { name: /^ZIP/ }).fill('90210');
  requests.clear();
  await calculator.getByRole('button', { name: 'Update' }).dblclick();
  // Shipping outside Ireland is 15.00: 49.99 + 15.00.
  await expect(total).toContainText('64.99');
  await settle(page);
  expect(brief(calculations()), 'calculator POSTs').toHaveLength(1);
  expect(fieldsOf(calculations()[0]!)).toMatchObject({
    calc_shipping_country: 'US',
    calc_shipping_state: 'CA',
    calc_shipping_postcode: '90210',
  });

  // cart.js's Update cart puts the server's new totals in place: the island adopts them.
  const plus = page.getByRole('button', { name: 'Increase quantity of Pro Match Football', exact: true });
  await scrollToCenter(plus);
  await plus.click();
  await page.getByRole('button', { name: 'Update cart', exact: true }).click();
  await expect(page.getByText('Cart updated.')).toBeVisible();
  await expect(total).toContainText('114.98'); // 2 × 49.99 + 15.00
  requests.clear();
  const again = page.locator('form.woocommerce-shipping-calculator');
  const toggleAgain = again.getByRole('button', { name: /Calculate shipping|Change address/ });
  await scrollToCenter(toggleAgain);
  await toggleAgain.click();
  const countryAgain = again.getByRole('combobox', { name: /^Country \/ region/i });
  await expect(countryAgain).toHaveValue('United States (US)');
  await countryAgain.fill('Ireland');
  await page.getByRole('option', { name: 'Ireland', exact: true }).click();
  await again.getByRole('textbox', { name: /^Eircode|^Postcode/ }).fill('D02 X285');
  await again.getByRole('button', { name: 'Update' }).click();
  await expect(total).not.toContainText('114.98');
  await settle(page);
  expect(brief(calculations()), 'calculator POSTs after Update cart').toHaveLength(1);
  expect(fieldsOf(calculations()[0]!)).toMatchObject({ calc_shipping_country: 'IE' });
  await expectIslandsMounted(page, CART.islands);
});

test('reviews: customer1 posts a review with a rating, in one POST', async ({ page, shop, requests }) => {
  await logInAsCustomer(page, SIMPLE_PRODUCT.path);
  await expectIslandsMounted(page, SIMPLE_PRODUCT.islands);
  requests.clear();

  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const form = page.locator('#commentform');
  await scrollToCenter(form);
  await form.getByRole('radio', { name: '4 of 5 stars' }).click();
  await expect(page.locator('#rating')).toHaveValue('4');
  // Marked for scripts/realstore.php's reset, unique so WordPress never sees a duplicate.
  const text = `[realstore suite] Holds its shape in the rain (${shop.store.project}, ${Date.now()}).`;
  await form.getByRole('textbox', { name: /Your review/ }).fill(text);
  await Promise.all([
    page.waitForURL((url) => url.pathname === SIMPLE_PRODUCT.path && url.hash.startsWith('#comment-')),
    form.getByRole('button', { name: 'Submit' }).click(),
  ]);

  const posts = requests.posts('/wp-comments-post.php');
  expect(brief(posts), 'review POSTs').toHaveLength(1);
  expect(fieldsOf(posts[0]!)).toMatchObject({
    rating: '4',
    comment: text,
    comment_post_ID: String(shop.product('Pro Match Football')),
  });
  const id = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`#${id}`)).toContainText(text);
  await expect(page.locator(`#${id}`)).toContainText(/Rated 4 out of 5|awaiting approval/);
  await expectIslandsMounted(page, SIMPLE_PRODUCT.islands);
  await expectNoReplacedScripts(page, requests, SIMPLE_PRODUCT.replaced);
});

/** The checkout island's props as the plugin prints them (widgets/checkout/schema.ts). */
interface CheckoutProps {
  nonces: Record<string, string>;
  isCheckout: boolean;
  ordersUrl: string;
  address: { i18n: unknown; countrySelect: unknown };
  debug: boolean;
}

const ORDER_RECEIVED = /\/checkout\/order-received\/\d+\/\?key=wc_order_/;

test('checkout: the island runs WooCommerce’s checkout; the billing address typed, Cash on delivery, one checkout request to the order-received page', async ({
  page,
  shop,
  requests,
}) => {
  // The 9.9.5 store's Stripe gateway has a script that needs checkout.js, so WooCommerce's checkout
  // stays there (next test): it is off for this one, and put back after.
  await withoutStripe(shop.store, async () => {
    await putInCart(page, shop.product('Pro Match Football'));
    // WooCommerce's own address params: the cart page prints them (its shipping calculator).
    await page.goto(CART.path);
    const localised = await page.evaluate(() => {
      const params = window as unknown as Record<string, unknown>;
      return { i18n: params.wc_address_i18n_params, countrySelect: params.wc_country_select_params };
    });
    expect(localised.i18n, 'wc_address_i18n_params on the cart page').toBeTruthy();
    expect(localised.countrySelect, 'wc_country_select_params on the cart page').toBeTruthy();
    requests.clear();

    await page.goto(CHECKOUT.path);
    const island = page.locator('[data-island="checkout"]');
    await expect(island).toHaveAttribute('data-island-state', 'mounted');
    await expect(island).toHaveAttribute('data-hydrate', 'load');
    await expectIslandsMounted(page, CHECKOUT.islands);
    // Around the content of the shortcode's div.woocommerce: WooCommerce's forms, kept.
    await expect(page.locator('div.woocommerce > [data-island="checkout"]')).toHaveCount(1);
    for (const form of ['form.woocommerce-form-login', 'form.checkout_coupon', 'form.checkout']) {
      await expect(island.locator(form), form).toHaveCount(1);
    }
    const props = JSON.parse(
      (await island.locator(':scope > script[data-island-props]').textContent()) ?? '',
    ) as CheckoutProps;
    expect(Object.keys(props)).toEqual(['nonces', 'isCheckout', 'ordersUrl', 'address', 'debug']);
    expect(Object.keys(props.nonces)).toEqual(['updateOrderReview', 'applyCoupon', 'removeCoupon']);
    for (const nonce of Object.values(props.nonces)) expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(props.isCheckout).toBe(true);
    expect(props.ordersUrl).toBe(`${shop.store.url}/my-account/orders/`);
    expect(props.address, 'the address rules as WooCommerce localises them').toEqual(localised);
    await expectNoReplacedScripts(page, requests, CHECKOUT.replaced);

    // The billing address, with the keyboard.
    const form = page.locator('form.checkout');
    const type = async (name: RegExp, text: string) => {
      await form.getByRole('textbox', { name }).focus();
      await page.keyboard.type(text);
    };
    await type(/^First name/, 'Aoife');
    await type(/^Last name/, 'Byrne');
    // The country: the island's combobox in place of WooCommerce's select (and selectWoo).
    const country = form.getByRole('combobox', { name: /^Country \/ Region/ });
    await country.focus();
    await page.keyboard.press('ControlOrMeta+A'); // the store's country (Ireland), replaced by what is typed
    await page.keyboard.type('United King');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('United Kingdom (UK)');
    await type(/^Street address/, '10 Downing Street');
    await type(/^Town \/ City/, 'London');
    await type(/^Postcode/, 'SW1A 2AA');
    await type(/^Email address/, 'aoife@example.com');
    // The review follows the country: shipping outside Ireland is 15.00 (49.99 + 15.00).
    await expect(form.locator('.woocommerce-checkout-review-order-table .order-total')).toContainText(
      '64.99',
    );
    const cod = form.getByRole('radio', { name: /Cash on delivery/ });
    await expect(cod).toBeChecked();
    await settle(page);
    expect(
      requests.calls('update_order_review').filter((r) => r.method !== 'POST'),
      'update_order_review requests are POSTs',
    ).toEqual([]);

    await form.getByRole('button', { name: 'Place order' }).focus();
    await Promise.all([page.waitForURL(ORDER_RECEIVED), page.keyboard.press('Enter')]);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(
      page.locator('[data-island="checkout"]'),
      'no checkout island on the order-received page',
    ).toHaveCount(0);
    await settle(page);
    const orders = requests.calls('checkout');
    expect(brief(orders), '?wc-ajax=checkout requests').toHaveLength(1);
    expect(orders[0]!.method).toBe('POST');
    expect(fieldsOf(orders[0]!)).toMatchObject({
      billing_first_name: 'Aoife',
      billing_last_name: 'Byrne',
      billing_country: 'GB',
      billing_address_1: '10 Downing Street',
      billing_city: 'London',
      billing_postcode: 'SW1A 2AA',
      billing_email: 'aoife@example.com',
      payment_method: 'cod',
    });
    expect(brief(requests.posts(CHECKOUT.path)), 'no native post of the form').toHaveLength(0);
    expect(await cartItems(page)).toEqual([]);
  });
});

test('order-pay: the island runs form-pay.php’s form; Cash on delivery, a double click on Pay for order posts once, to the order-received page', async ({
  page,
  shop,
  requests,
}) => {
  // As on the checkout: the Stripe gateway's script needs checkout.js, which would keep WooCommerce's.
  await withoutStripe(shop.store, async () => {
    await logInAsCustomer(page, '/my-account/');
    // A pending order of customer1, as a store manager makes one to send its payment link.
    const payUrl = new URL(storeChore(shop.store, 'pay-order', 'customer1'));
    expect(payUrl.pathname).toMatch(/^\/checkout\/order-pay\/\d+\/$/);
    requests.clear();
    await page.goto(payUrl.pathname + payUrl.search);

    const island = page.locator('[data-island="checkout"]');
    await expect(island).toHaveAttribute('data-island-state', 'mounted');
    await expectIslandsMounted(page, CHECKOUT.islands);
    await expect(island.locator('form#order_review')).toHaveCount(1);
    const props = JSON.parse(
      (await island.locator(':scope > script[data-island-props]').textContent()) ?? '',
    ) as { isCheckout: boolean };
    expect(props.isCheckout, 'the island in its order-pay mode').toBe(false);
    await expectNoReplacedScripts(page, requests, CHECKOUT.replaced);
    expect(requests.calls('update_order_review'), 'no review on the pay page').toEqual([]);

    const form = page.locator('form#order_review');
    await form.getByRole('radio', { name: /Cash on delivery/ }).check();
    await expect(form.getByRole('button', { name: 'Pay for order' })).toBeVisible();
    requests.clear();
    await Promise.all([
      page.waitForURL(ORDER_RECEIVED),
      form.getByRole('button', { name: 'Pay for order' }).dblclick(),
    ]);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await settle(page);
    const posts = requests.posts(payUrl.pathname);
    expect(brief(posts), 'POSTs of the pay form').toHaveLength(1);
    expect(posts[0]!.body).toContain('payment_method=cod');
  });
});

test('checkout with the Stripe gateway: the island draws its card box (Stripe.js a test double); the real gateway answers the card, one checkout request, nothing lost', async ({
  page,
  shop,
  requests,
}) => {
  test.skip(gatewayChore(shop.store, 'stripe') !== 'yes', 'no Stripe gateway on this store');
  // js.stripe.com cannot be reached here: the test double answers for it (the island's loadStripe()
  // asks js.stripe.com for Stripe.js, as in production).
  const double = await stripeDoubleScript();
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: double }),
  );
  await putInCart(page, shop.product('Pro Match Football'));
  await page.goto(CHECKOUT.path);
  await expectIslandsMounted(page, ['checkout']);
  // The gateway's classic script (which needs checkout.js) is the island's now: neither is loaded.
  await expect(page.locator('#wc-stripe-upe-classic-js')).toHaveCount(0);
  const scripts = await scriptsOf(page, requests);
  expect(
    scripts.some((path) => /upe_classic\.js$/.test(path)),
    'upe_classic.js',
  ).toBe(false);
  expect(
    scripts.some((path) => /\/frontend\/checkout(\.min)?\.js$/.test(path)),
    'checkout.js',
  ).toBe(false);
  const form = page.locator('form.checkout');
  await form.getByRole('textbox', { name: /^Email address/ }).fill('ciara@example.ie');
  await form.getByRole('textbox', { name: /^First name/ }).fill('Ciara');
  await form.getByRole('textbox', { name: /^Last name/ }).fill('Walsh');
  await form.getByRole('textbox', { name: /^Street address/ }).fill('1 Quay Street');
  await form.getByRole('textbox', { name: /^Town \/ City/ }).fill('Galway');
  const county = form.getByRole('combobox', { name: /^County/ });
  await county.click();
  await county.fill('Galway');
  await page.getByRole('option', { name: 'Galway', exact: true }).click();
  await form.getByRole('textbox', { name: /^Eircode/ }).fill('H91 X2Y3');
  // Storefront draws the radios over their labels: the label is what a shopper clicks.
  await form.locator('label[for="payment_method_stripe"]').click();
  await expect(form.getByRole('radio', { name: /Credit \/ Debit Card/ })).toBeChecked();
  // The Payment Element, in the gateway's own box.
  const number = form
    .locator('.payment_box.payment_method_stripe .wc-stripe-upe-element')
    .getByLabel('Card number');
  await number.fill('4242 4242 4242 4242');
  await form.getByLabel('Expiration date').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  await settle(page);
  requests.clear();
  await form.getByRole('button', { name: 'Place order' }).dblclick();
  // The real gateway takes the payment method and, with Stripe's API out of reach here, refuses:
  // its message at the top, the form as it was.
  await expect(form.locator('.woocommerce-NoticeGroup-checkout [role="alert"]')).toBeVisible({
    timeout: 30_000,
  });
  await expect(form).not.toHaveClass(/processing/);
  await settle(page);
  expect(brief(requests.calls('checkout')), '?wc-ajax=checkout requests').toHaveLength(1);
  expect(fieldsOf(requests.calls('checkout')[0]!)).toMatchObject({
    payment_method: 'stripe',
    'wc-stripe-payment-method': 'pm_double_4242_1',
    wc_stripe_selected_upe_payment_type: 'card',
    'wc-stripe-is-deferred-intent': '1',
  });
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expect(form.getByRole('textbox', { name: /^Street address/ })).toHaveValue('1 Quay Street');
});

test('My Account, add a payment method with the Stripe gateway: the island in the real form, the element drawn, one setup-intent call (the gateway’s own endpoint), its answer shown, nothing lost', async ({
  page,
  shop,
  requests,
  consoleErrors,
}) => {
  test.skip(gatewayChore(shop.store, 'stripe') !== 'yes', 'no Stripe gateway on this store');
  const double = await stripeDoubleScript();
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: double }),
  );
  // The store lets customers add cards (the gateway's "Saved cards" option, off on the rig).
  await withStripeSetting(shop.store, 'saved_cards', async () => {
    await logInAsCustomer(page, '/my-account/');
    await page.goto('/my-account/add-payment-method/');
    await expectIslandsMounted(page, ['add-payment-method']);
    // The gateway's classic script and WooCommerce's add-payment-method.js are the island's here.
    const scripts = await scriptsOf(page, requests);
    expect(
      scripts.some((path) => /upe_classic\.js$/.test(path)),
      'upe_classic.js',
    ).toBe(false);
    expect(
      scripts.some((path) => /add-payment-method(\.min)?\.js$/.test(path)),
      'add-payment-method.js',
    ).toBe(false);
    const form = page.locator('form#add_payment_method');
    const number = form
      .locator('.payment_box.payment_method_stripe .wc-stripe-upe-element')
      .getByLabel('Card number');
    await expect(number).toBeVisible();
    await number.fill('4242 4242 4242 4242');
    await form.getByLabel('Expiration date').fill('12 / 34');
    await form.getByLabel('Security code').fill('123');
    await settle(page);
    requests.clear();
    await form.getByRole('button', { name: 'Add payment method' }).dblclick();
    // Stripe's API is out of reach: the gateway refuses; its message at the top of the form.
    await expect(form.locator('.woocommerce-NoticeGroup [role="alert"]')).toBeVisible({ timeout: 30_000 });
    await expect(form).not.toHaveClass(/processing/);
    await settle(page);
    // 9.4.1 answers on its shop endpoint only: admin-ajax said "0", the same call went there, once.
    const calls = requests.calls('wc_stripe_create_and_confirm_setup_intent');
    const admin = calls.filter((c) => c.url.pathname.endsWith('/wp-admin/admin-ajax.php'));
    const shop9 = calls.filter((c) => c.url.searchParams.get('wc-ajax') !== null);
    expect(brief(admin), 'admin-ajax setup-intent calls').toHaveLength(1);
    expect(brief(shop9), 'wc-ajax setup-intent calls').toHaveLength(1);
    expect(fieldsOf(shop9[0]!)).toMatchObject({
      'wc-stripe-payment-method': 'pm_double_4242_1',
      'wc-stripe-payment-type': 'card',
    });
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/my-account\/add-payment-method\/$/);
  });
  // 9.4.1 has the setup-intent call on its shop endpoint only: admin-ajax answers "0" with HTTP 400,
  // which the browser logs (the island then asks the shop endpoint). Expected here, nothing else.
  const noHandler = /status of 400 .*\/wp-admin\/admin-ajax\.php/;
  for (let n = consoleErrors.length - 1; n >= 0; n--)
    if (noHandler.test(consoleErrors[n]!)) consoleErrors.splice(n, 1);
});

test('express checkout with the Stripe gateway (its Express Checkout option on): the island in place of the gateway’s buttons on a product page; a press makes the cart that product (the real Store API), an address asks the real gateway for rates, Pay sends one real Store API checkout, whose refusal is shown', async ({
  page,
  shop,
  requests,
  consoleErrors,
}) => {
  test.skip(gatewayChore(shop.store, 'stripe') !== 'yes', 'no Stripe gateway on this store');
  const double = await stripeDoubleScript();
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: double }),
  );
  await withStripeSetting(shop.store, 'express_checkout', async () => {
    await page.goto(SIMPLE_PRODUCT.path);
    await expectIslandsMounted(page, ['express-checkout']);
    const scripts = await scriptsOf(page, requests);
    expect(
      scripts.some((path) => /express_checkout\.js$/.test(path)),
      'express_checkout.js',
    ).toBe(false);
    const wallet = page.getByRole('button', { name: 'Pay with test wallet' });
    await expect(wallet).toBeVisible();
    requests.clear();
    await wallet.click();
    const sheet = page.getByRole('dialog', { name: 'Test wallet' });
    await expect(sheet).toBeVisible();
    // The real gateway's rates for the wallet's (Dublin) address.
    await expect(sheet.getByRole('radiogroup', { name: 'Shipping' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => requests.calls('wc_stripe_get_shipping_options').length).toBe(1);
    await sheet.getByRole('button', { name: 'Pay' }).dblclick();
    // Stripe's API is out of reach: the real gateway refuses the payment; its words above the buttons.
    await expect(page.locator('[data-island="express-checkout"] [role="alert"]')).toBeVisible({
      timeout: 30_000,
    });
    const checkouts = requests.all.filter(
      (r) => /\/wc\/store\/v1\/checkout/.test(r.url.href) && r.method === 'POST',
    );
    expect(checkouts, 'Store API checkouts').toHaveLength(1);
    expect(checkouts[0]!.request.headers()['x-wcstripe-express-checkout']).toBe('true');
    // The cart is that product now, as the gateway makes it.
    const items = await cartItems(page);
    expect(items.map((i) => i.name)).toEqual(['Pro Match Football']);

    // The cart (the gateway's locations on this store: product and cart): the buttons after the totals,
    // beside the shipping calculator's island, which keeps its totals.
    await page.goto(CART.path);
    await expectIslandsMounted(page, ['shipping-calculator', 'express-checkout']);
    await expect(page.locator('.cart_totals [data-island="express-checkout"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay with test wallet' })).toBeVisible();
  });
  // The refusal is the Store API's HTTP 400, which the browser logs: expected here, nothing else.
  const refused = /status of 400 .*\/wc\/store\/v1\/checkout/;
  for (let i = consoleErrors.length - 1; i >= 0; i--)
    if (refused.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
});

// -- Site chrome (issue #16) ---------------------------------------------------------------------

/** WooCommerce's order attribution tracker and the library it runs on, and Storefront's navigation.js. */
const CHROME_SCRIPTS = {
  'order-attribution.js': /\/plugins\/woocommerce\/assets\/js\/frontend\/order-attribution(\.min)?\.js$/,
  'sourcebuster.js': /\/plugins\/woocommerce\/assets\/js\/sourcebuster\/sourcebuster(\.min)?\.js$/,
  'navigation.js (Storefront)': /\/themes\/storefront\/assets\/js\/navigation(\.min)?\.js$/,
} as const;

/** Which of `names` the page loaded or printed so far. */
async function chromeScriptsLoaded(
  page: Page,
  requests: RequestLog,
  names: readonly (keyof typeof CHROME_SCRIPTS)[],
): Promise<string[]> {
  const scripts = await scriptsOf(page, requests);
  return names.flatMap((name) =>
    scripts.filter((path) => CHROME_SCRIPTS[name].test(path)).map((path) => `${name}: ${path}`),
  );
}

test.describe('site chrome (issue #16): order attribution and the Storefront menu', () => {
  test('order attribution: a campaign visit to the shop fills the checkout’s wc_order_attribution_* inputs, without WooCommerce’s tracker', async ({
    page,
    shop,
    requests,
  }) => {
    await page.goto(`${LISTING.path}?utm_source=news&utm_medium=email&utm_campaign=spring`);
    const island = page.locator('[data-island="order-attribution"]');
    if (shop.store.site === 'wp') {
      // WooCommerce 7.8.2 has no order attribution (it came in 8.5): nothing to replace, no island.
      await expect(island).toHaveCount(0);
      await expect(page.locator('wc-order-attribution-inputs')).toHaveCount(0);
      return;
    }
    await expect(island).toHaveCount(1);
    await expect(island).toHaveAttribute('data-island-state', 'mounted');

    await putInCart(page, shop.product('Pro Match Football'));
    await page.goto(CHECKOUT.path);
    await expect(page.locator('[data-island="order-attribution"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    );
    // WooCommerce's element, in the checkout form, holding the inputs its server reads from $_POST.
    const form = page.locator('form.checkout');
    // (The Stripe gateway's express checkout prints an element of its own, with an id: not this one.)
    await expect(form.locator('wc-order-attribution-inputs:not([id])')).toHaveCount(1);
    await expect(form.locator('wc-order-attribution-inputs:not([id]) input[type="hidden"]')).toHaveCount(16);
    await expect(form.locator('input[name^="wc_order_attribution_"]')).toHaveCount(16);
    const field = (name: string) => form.locator(`input[name="wc_order_attribution_${name}"]`);
    await expect(field('source_type')).toHaveValue('utm');
    await expect(field('utm_source')).toHaveValue('news');
    await expect(field('utm_medium')).toHaveValue('email');
    await expect(field('utm_campaign')).toHaveValue('spring');
    await expect(field('session_pages')).not.toHaveValue('');
    await expect(field('user_agent')).not.toHaveValue('');
    expect(
      await chromeScriptsLoaded(page, requests, ['order-attribution.js', 'sourcebuster.js']),
      'WooCommerce’s tracker is not loaded on the shop or the checkout',
    ).toEqual([]);
  });

  test('Storefront menu at 390 px: the Menu toggle opens the handheld menu and Escape closes it, without navigation.js', async ({
    page,
    requests,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(CART.path);
    const island = page.locator('[data-island="site-menu"]');
    await expect(island).toHaveAttribute('data-island-state', 'mounted');
    // The container holds Storefront's whole navigation.
    const nav = island.locator(':scope > nav#site-navigation.main-navigation');
    await expect(nav).toHaveCount(1);
    const toggle = nav.locator('button.menu-toggle');
    await expect(nav.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    const handheld = nav.locator('.handheld-navigation');
    const height = () => handheld.evaluate((el) => el.getBoundingClientRect().height);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await height(), 'the handheld menu is closed').toBe(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(height, { message: 'the handheld menu is open' }).toBeGreaterThan(0);
    await expect(handheld.getByRole('link', { name: 'Checkout' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(height, { message: 'Escape closed it' }).toBe(0);
    expect(await chromeScriptsLoaded(page, requests, ['navigation.js (Storefront)'])).toEqual([]);
  });
});
