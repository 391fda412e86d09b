/**
 * One POST per shopper intent (issue #11), in the browser: a review double-clicked, sent with
 * Ctrl+Enter twice, or pressed again every way while its answer is slow; the waitlist sign-up
 * pressed twice, and sent again after a failure; the cart page's 'Update cart' pressed twice. The
 * server's first answer is held (page.route) while the shopper presses again, and every POST the
 * page sends is counted (`page.on('request')`, which sees a request before any route holds it).
 *
 * While a form's page load is held, Playwright's own actions and `evaluate` wait for it to finish,
 * so the presses that must happen meanwhile are sent as trusted input straight through the
 * DevTools protocol ({@link rawInput}); nothing on the page is read until the answer has come.
 */
import type { Locator, Page, Request } from '@playwright/test';
import {
  addToCart,
  deferred,
  expect,
  gotoMounted,
  island,
  nextFrames,
  scrollIslandIntoView,
  scrollToCenter,
  test,
} from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const GLOVES = '/product/goalkeeper-gloves/';

/** Every POST the page sends to `path` (e.g. '/wp-comments-post.php'), and for which `action`. */
function countPosts(page: Page, path: string, action?: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== path) return;
    if (action && new URLSearchParams(request.postData() ?? '').get('action') !== action) return;
    seen.push(request);
  });
  return seen;
}

/**
 * Holds the answer to the first POST matching `url` (and `action`) until `release()`; the others
 * go through at once. `fulfil` answers the first instead of the server, once released.
 */
async function holdFirstPost(
  page: Page,
  url: string,
  { action, fulfil }: { action?: string; fulfil?: { status: number; body: string } } = {},
) {
  const held = deferred();
  let first = true;
  await page.route(url, async (route, request) => {
    const isIt =
      request.method() === 'POST' &&
      (!action || new URLSearchParams(request.postData() ?? '').get('action') === action);
    if (!isIt || !first) return route.fallback();
    first = false;
    await held.promise;
    // A page load the shopper cancelled (or a closed page) has no one left to answer.
    if (fulfil) await route.fulfill({ ...fulfil, contentType: 'text/html' }).catch(() => undefined);
    else await route.fallback().catch(() => undefined);
  });
  return held;
}

interface Box {
  x: number;
  y: number;
}

/** The middle of `target`, scrolled into view (read before the page load starts). */
async function middleOf(target: Locator): Promise<Box> {
  await scrollToCenter(target);
  const box = await target.boundingBox();
  expect(box, `${target.toString()} is on the page`).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

const CONTROL = 2;
const META = 4;

/** Mouse clicks and keys as the browser's own input, which does not wait for a pending page load. */
async function rawInput(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
  return {
    async click({ x, y }: Box, clickCount = 1) {
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount });
    },
    /** Enter, with Ctrl (`CONTROL`) or Cmd (`META`) held, or alone (it types a return then). */
    async enter(modifiers = 0) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers, ...enter });
      if (!modifiers) await cdp.send('Input.dispatchKeyEvent', { type: 'char', text: '\r' });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...enter });
    },
    /** One more input round trip: the page has handled whatever was sent before it. */
    async settle() {
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 1, y: 1 });
    },
  };
}

test.describe('a review is posted once', () => {
  const form = (page: Page) => page.locator('#commentform');
  const submit = (page: Page) => form(page).getByRole('button', { name: 'Submit' });
  const reviewField = (page: Page) => form(page).getByRole('textbox', { name: 'Your review *' });

  /** The boots' review form, mounted, with 4 stars and `text` from a guest. */
  async function writeReview(page: Page, text: string) {
    await page.goto(`${BOOTS}#tab-reviews`);
    await scrollIslandIntoView(page, 'product-reviews');
    await expect(island(page, 'product-reviews')).toHaveAttribute('data-island-state', 'mounted', {
      timeout: 10_000,
    });
    await nextFrames(page);
    await page.getByRole('radio', { name: '4 of 5 stars' }).click();
    await reviewField(page).fill(text);
    await form(page).getByRole('textbox', { name: 'Name *' }).fill('Aisling');
    await form(page).getByRole('textbox', { name: 'Email *' }).fill('aisling@example.com');
  }

  /** Lets the held answer come, and checks it is the review's page with it once (no 'Duplicate comment'). */
  async function expectPostedOnce(page: Page, held: { release(): void }, seen: Request[], text: string) {
    held.release();
    await page.waitForURL(
      /\/product\/junior-football-boots\/\?unapproved=\d+&moderation-hash=[0-9a-f]+#comment-\d+$/,
    );
    await expect(page.locator('.commentlist').getByText(text)).toHaveCount(1);
    expect(seen).toHaveLength(1);
    expect(new URLSearchParams(seen[0]!.postData() ?? '').get('comment')).toBe(text);
  }

  test('double-clicked while the answer is on its way', async ({ page }) => {
    const text = 'Double-clicked: great grip on wet grass.';
    await writeReview(page, text);
    const seen = countPosts(page, '/wp-comments-post.php');
    const held = await holdFirstPost(page, '**/wp-comments-post.php');
    const input = await rawInput(page);
    const button = await middleOf(submit(page));
    await input.click(button, 1);
    await expect.poll(() => seen.length).toBe(1);
    await input.click(button, 2);
    await input.settle();
    await expectPostedOnce(page, held, seen, text);
  });

  test('Ctrl+Enter twice', async ({ page }) => {
    const text = 'Ctrl+Enter twice: comfortable from the first match.';
    await writeReview(page, text);
    await reviewField(page).focus();
    const seen = countPosts(page, '/wp-comments-post.php');
    const held = await holdFirstPost(page, '**/wp-comments-post.php');
    const input = await rawInput(page);
    await input.enter(CONTROL);
    await expect.poll(() => seen.length).toBe(1);
    await input.enter(CONTROL);
    await input.settle();
    await expectPostedOnce(page, held, seen, text);
  });

  test('a slow server: a click, Enter, Ctrl+Enter and Cmd+Enter meanwhile send nothing more', async ({
    page,
  }) => {
    const text = 'Slow server: the studs held up all season.';
    await writeReview(page, text);
    const seen = countPosts(page, '/wp-comments-post.php');
    const held = await holdFirstPost(page, '**/wp-comments-post.php');
    const input = await rawInput(page);
    const button = await middleOf(submit(page));
    // Read where the button is now: scrolling to it again would move the review field.
    const textarea = await reviewField(page).boundingBox();
    expect(textarea, 'the review field is on the screen too').not.toBeNull();
    await input.click(button);
    await expect.poll(() => seen.length).toBe(1);
    // The button kept the focus (aria-disabled, not disabled): Enter presses it again.
    await input.enter();
    await input.click({ x: textarea!.x + 10, y: textarea!.y + 10 });
    await input.enter(CONTROL);
    await input.enter(META);
    await input.click(button);
    await input.settle();
    await expectPostedOnce(page, held, seen, text);
  });
});

test.describe('a waitlist sign-up is sent once', () => {
  const ACTION = 'commercekit_save_waitlist';
  const SUCCESS = 'You have been added to the waiting list for this product!';
  const waitlist = (page: Page) => page.locator('.commercekit-waitlist').first();
  const email = (page: Page) => waitlist(page).getByRole('textbox', { name: 'Email address' });
  const join = (page: Page) => waitlist(page).getByRole('button', { name: 'Join waiting list' });

  async function fillIn(page: Page) {
    await gotoMounted(page, GLOVES);
    await scrollToCenter(waitlist(page));
    await email(page).fill('shopper@example.com');
    await waitlist(page)
      .getByRole('checkbox', { name: 'I consent to being contacted by the store owner' })
      .check();
  }

  test('double-clicked, then Enter, while the answer is held', async ({ page }) => {
    await fillIn(page);
    const seen = countPosts(page, '/wp-admin/admin-ajax.php', ACTION);
    const held = await holdFirstPost(page, '**/wp-admin/admin-ajax.php*', { action: ACTION });
    await join(page).dblclick();
    await expect.poll(() => seen.length).toBe(1);
    // Busy, and still the keyboard's: disabled to assistive technologies (aria-disabled).
    await expect(waitlist(page).locator('form')).toHaveAttribute('aria-busy', 'true');
    await expect(join(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(join(page)).toBeFocused();
    await join(page).press('Enter');
    await email(page).press('Enter');
    held.release();
    await expect(waitlist(page).getByRole('status')).toHaveText(SUCCESS);
    expect(seen).toHaveLength(1);
  });

  test('failed, then sent again with a double click: exactly 2 requests, nothing retyped', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/^\[shop-islands\] waitlist-form: the sign-up was not sent/);
    consoleErrors.allow(/^Failed to load resource: the server responded with a status of 500/);
    await fillIn(page);
    const seen = countPosts(page, '/wp-admin/admin-ajax.php', ACTION);
    const held = await holdFirstPost(page, '**/wp-admin/admin-ajax.php*', {
      action: ACTION,
      fulfil: { status: 500, body: '<h1>Internal Server Error</h1>' },
    });
    await join(page).dblclick();
    await expect.poll(() => seen.length).toBe(1);
    held.release();
    await expect(waitlist(page).getByRole('alert')).toHaveText(
      'Sorry, your request could not be sent. Please try again.',
    );
    await expect(email(page)).toHaveValue('shopper@example.com');
    await join(page).dblclick();
    await expect(waitlist(page).getByRole('status')).toHaveText(SUCCESS);
    expect(seen).toHaveLength(2);
  });
});

test.describe('the cart form is posted once', () => {
  const quantity = (page: Page) => page.getByRole('spinbutton', { name: 'Pro Match Football quantity' });
  const plus = (page: Page) =>
    page.getByRole('button', { name: 'Increase quantity of Pro Match Football', exact: true });
  const updateCart = (page: Page) => page.getByRole('button', { name: 'Update cart', exact: true });

  test('Enter twice in a quantity, then a click on Update cart, while the answer is held', async ({
    page,
  }) => {
    await addToCart(page, 13);
    await addToCart(page, 14);
    await gotoMounted(page, '/cart/');
    await scrollToCenter(plus(page));
    await plus(page).click();
    await expect(quantity(page)).toHaveValue('2');
    const button = await middleOf(updateCart(page));
    await quantity(page).focus();
    const seen = countPosts(page, '/cart/');
    const held = await holdFirstPost(page, '**/cart/');
    const input = await rawInput(page);
    await input.enter();
    await expect.poll(() => seen.length).toBe(1);
    await input.enter();
    await input.click(button, 1);
    await input.click(button, 2);
    await input.settle();
    const loaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    held.release();
    await loaded;
    // WooCommerce says so once per update.
    await expect(page.getByRole('alert').filter({ hasText: 'Cart updated.' })).toHaveCount(1);
    await expect(quantity(page)).toHaveValue('2');
    expect(seen).toHaveLength(1);
    expect(new URLSearchParams(seen[0]!.postData() ?? '').get('update_cart')).toBe('Update cart');
  });
});
