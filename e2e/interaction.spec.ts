/**
 * The `interaction` hydration strategy (ARCHITECTURE.md §3) on /checkout/'s account password (in
 * the box "Create an account?" opens): no code is fetched until the shopper reaches the field, and
 * nothing the shopper types while the island loads is lost.
 */
import {
  TEXT,
  expect,
  expectReachable,
  scrollToCenter,
  tabTo,
  test,
  visit,
  waitForIslands,
} from './fixtures';
import type { Page } from '@playwright/test';

const CHUNK = /password-toggle-.*\.js/;
const password = (page: Page) => page.getByLabel(/^Create account password/);
/**
 * The account password's island (the checkout's login form, hidden until opened, has a password
 * toggle of its own, earlier in the page, which mounts when it is seen).
 */
const accountIsland = (page: Page) => page.locator('[data-island="password-toggle"]:has(#account_password)');

/**
 * Ticks "Create an account?" as a shopper would: the box with the account password opens
 * (checkout.md §4). Ticking it is not an interaction with the password's island.
 */
async function openAccountBox(page: Page) {
  await page.getByLabel('Create an account?').check();
  await expect(password(page)).toBeVisible();
}

/** Records the requests for the password-toggle chunk from now on. */
function trackChunk(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (CHUNK.test(request.url())) requested.push(request.url());
  });
  return requested;
}

/** Slows the chunk down so that typing is still going on when it arrives. */
async function slowChunk(page: Page, ms: number) {
  await page.route(CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('before any interaction the island stays pending and its code is not fetched', async ({ page }) => {
  const requested = trackChunk(page);
  await visit(page, '/checkout/');
  // Every other island mounts: the loader has done all it would do without the shopper.
  await waitForIslands(page);
  await openAccountBox(page);
  await expect(accountIsland(page)).toHaveAttribute('data-hydrate', 'interaction');

  // Scrolling to the field and hovering it are not interactions.
  await scrollToCenter(password(page));
  const box = await password(page).boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.waitForTimeout(2500); // longer than the idle strategy's 2000 ms cap

  expect(await accountIsland(page).getAttribute('data-island-state')).toBe('pending');
  expect(requested).toEqual([]);
  // The server's field works meanwhile, and there is no toggle yet.
  await expect(password(page)).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: TEXT.showPassword, exact: true })).toHaveCount(0);
});

test('focusing the fallback field and typing quickly: it mounts and keeps every character and the focus', async ({
  page,
}) => {
  const requested = trackChunk(page);
  await slowChunk(page, 300);
  await visit(page, '/checkout/');
  await waitForIslands(page);
  await openAccountBox(page);
  const typed = 'quick-brown-fox-42';

  await password(page).focus();
  await page.keyboard.type(typed, { delay: 30 });

  await expect(accountIsland(page)).toHaveAttribute('data-island-state', 'mounted');
  expect(requested.length).toBeGreaterThan(0);
  await expect(password(page)).toHaveValue(typed);
  await expect(password(page)).toBeFocused();

  // Typing goes on in the mounted field, at the caret, as if nothing happened.
  await page.keyboard.type('!');
  await expect(password(page)).toHaveValue(`${typed}!`);

  // And it is the island's field: the toggle is there and works.
  const show = page.getByRole('button', { name: TEXT.showPassword, exact: true });
  await expectReachable(show);
  await show.click();
  await expect(password(page)).toHaveAttribute('type', 'text');
  await expect(password(page)).toHaveValue(`${typed}!`);
});

test(
  'clicking (or tapping) into the fallback field and typing at once: nothing lost',
  {
    tag: '@mobile',
  },
  async ({ page, isMobile }) => {
    await slowChunk(page, 300);
    await visit(page, '/checkout/');
    await waitForIslands(page);
    await openAccountBox(page);
    await openAccountBox(page);
    const typed = 'Secr3t pass';

    await expectReachable(password(page));
    await (isMobile ? password(page).tap() : password(page).click());
    await page.keyboard.type(typed);

    await expect(accountIsland(page)).toHaveAttribute('data-island-state', 'mounted');
    await expect(password(page)).toHaveValue(typed);
    await expect(password(page)).toBeFocused();
  },
);

test('keyboard only: Tab into the field, type while it mounts, then Tab to the toggle', async ({ page }) => {
  await slowChunk(page, 200);
  await visit(page, '/checkout/');
  await waitForIslands(page);
  await openAccountBox(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const typed = 'tabbed-in';

  await tabTo(page, password(page));
  await page.keyboard.type(typed, { delay: 20 });

  await expect(accountIsland(page)).toHaveAttribute('data-island-state', 'mounted');
  await expect(password(page)).toHaveValue(typed);
  await expect(password(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: TEXT.showPassword, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password(page)).toHaveAttribute('type', 'text');
  await expect(password(page)).toHaveValue(typed);
});
