/**
 * Issue #11: no add the shopper clicked is lost, none is made twice, and no answer sends the
 * browser off the store. In the demo store, with `page.route` slowing or breaking the answers:
 * - five quick adds then a link: the link waits for the queue, five items in the cart;
 * - five quick adds then the tab closed: the adds still waiting go with `keepalive`, five items;
 * - an add the server made but whose answer is broken: learned from the fragments, no second add;
 * - the add and the fragments both unreachable: the shopper is told, nothing is sent again;
 * - an answer naming a `javascript:`, `data:` or off-site page: not followed, the shopper is told.
 */
import type { Page, Route } from '@playwright/test';
import { expect, gotoMounted, test } from './fixtures';

const ADD_TO_CART = (url: URL) => url.searchParams.get('wc-ajax') === 'add_to_cart';
const ANY_WC_AJAX = (url: URL) => url.searchParams.has('wc-ajax');
const BALL = 'Add to cart: “Pro Match Football”';
const REFUSED = 'This link leads away from the store, so it was not followed.';
const UNCONFIRMED =
  'The store could not be reached, so this product may not have been added. Please check your cart before adding it again.';

const addButton = (page: Page) => page.getByRole('link', { name: BALL, exact: true });
const headerCount = (page: Page) => page.locator('#site-header-cart a.cart-contents .count');

/** A promise the test resolves when it says so. */
function hold() {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

/** The cart's item count as the server has it (the session cookie is the page's). */
async function itemsInCart(page: Page): Promise<number> {
  const response = await page
    .context()
    .request.post('/?wc-ajax=get_refreshed_fragments', { form: { time: 1 } });
  const { fragments } = (await response.json()) as { fragments: Record<string, string> };
  const count = /<span class="count">(\d+) items?<\/span>/.exec(fragments['a.cart-contents'] ?? '');
  return Number(count?.[1] ?? NaN);
}

test('five quick adds, then View cart in the drawer: the link waits for the adds; five in the cart', async ({
  page,
}) => {
  await gotoMounted(page, '/shop/');
  // The first add's answer waits until all five clicks are made; the second's until the link is clicked.
  const held = [hold(), hold()];
  let adds = 0;
  await page.route(ADD_TO_CART, async (route) => {
    const gate = held[adds];
    adds += 1;
    await gate?.passed;
    await route.continue();
  });
  for (let i = 0; i < 5; i += 1) await addButton(page).click({ noWaitAfter: true });
  held[0]!.open();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await drawer.getByRole('link', { name: 'View cart' }).click({ noWaitAfter: true });
  // Four adds are still to go: the link waits.
  await expect.poll(() => adds).toBe(2);
  expect(page.url()).toMatch(/\/shop\/$/);
  held[1]!.open();

  await page.waitForURL(/\/cart\/$/);
  expect(await itemsInCart(page)).toBe(5);
});

test('five quick adds, then the tab is closed: the adds still waiting are sent with keepalive; five in the cart', async ({
  page,
  context,
}) => {
  await gotoMounted(page, '/shop/');
  // A slow server: the first add is carried out at once, its answer is held (in the demo server,
  // demo/slow-answers.ts) until the tab has closed. Four adds are still waiting their turn when it
  // closes, and no answer opens the drawer over the button meanwhile.
  const slow = context.request;
  expect((await slow.post('/__slow__/hold?endpoint=add_to_cart')).status()).toBe(204);
  for (let i = 0; i < 5; i += 1) await addButton(page).click({ noWaitAfter: true });
  await expect.poll(() => itemsInCart(page)).toBe(1);
  await page.close({ runBeforeUnload: true });
  await slow.post('/__slow__/release');

  const next = await context.newPage();
  await next.goto('/cart/');
  await expect.poll(() => itemsInCart(next), { timeout: 10_000 }).toBe(5);
});

const brokenAnswers: [string, (route: Route) => Promise<void>][] = [
  ['HTTP 500', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' })],
  [
    'malformed JSON',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"frag' }),
  ],
  [
    'HTML instead of JSON',
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><p>Maintenance</p>' }),
  ],
];

for (const [fault, answer] of brokenAnswers) {
  test(`the server adds, but answers with ${fault}: learned from the fragments; one in the cart, no second add`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/^\[shop-islands\] the add-to-cart answer was not readable, but the cart changed/);
    consoleErrors.allow(/^Failed to load resource/);
    await gotoMounted(page, '/shop/');
    await page.route(ADD_TO_CART, async (route) => {
      await route.fetch(); // WooCommerce adds it…
      await answer(route); // …and the answer breaks on the way.
    });
    const pageLoadAdds: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && /[?&]add-to-cart=/.test(request.url()))
        pageLoadAdds.push(request.url());
    });

    await addButton(page).click();

    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await expect(headerCount(page)).toHaveText('1 item');
    expect(page.url()).toMatch(/\/shop\/$/);
    expect(pageLoadAdds).toEqual([]);
    expect(await itemsInCart(page)).toBe(1);
  });
}

test('neither the add nor the fragments answer: the shopper is told to check the cart; nothing sent again', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/^\[shop-islands\] (no answer to an add|cart fragments could not be refreshed)/);
  consoleErrors.allow(/^Failed to load resource/);
  await gotoMounted(page, '/shop/');
  const adds: string[] = [];
  await page.route(ANY_WC_AJAX, (route) => {
    if (ADD_TO_CART(new URL(route.request().url()))) adds.push(route.request().url());
    return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
  });

  await addButton(page).click();

  await expect(page.getByRole('alert').filter({ hasText: UNCONFIRMED })).toBeVisible();
  await expect(addButton(page)).not.toHaveAttribute('aria-busy');
  expect(page.url()).toMatch(/\/shop\/$/);
  expect(adds).toHaveLength(1);
});

for (const url of [
  'javascript:window.__pwned=1',
  'data:text/html,<script>opener.__pwned=1</script>',
  'https://evil.example/product/ball/',
]) {
  test(`an add refused with product_url ${url.slice(0, 24)}…: not followed, the shopper is told, logged`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/^\[shop-islands\] the add-to-cart answer named /);
    const offSite: string[] = [];
    await page.route('https://evil.example/**', (route) => {
      offSite.push(route.request().url());
      return route.abort();
    });
    await gotoMounted(page, '/shop/');
    await page.route(ADD_TO_CART, (route) => route.fulfill({ json: { error: true, product_url: url } }));

    await addButton(page).click();

    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    expect(page.url()).toMatch(/\/shop\/$/);
    expect(offSite).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(consoleErrors.fromIslands()).toEqual([
      expect.stringContaining('[shop-islands] the add-to-cart answer named'),
    ]);
  });
}
