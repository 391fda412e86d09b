/**
 * The islands as a shopper meets them (storefront.md §2.10, §4, §7): every page mounts its islands
 * cleanly; the store notice, the coming-soon banner, the password toggle and the loading indicator
 * work with the mouse, the keyboard and touch.
 */
import { STORE_NOTICE_MESSAGE } from '../demo/fixtures';
import {
  BANNER_BODY,
  BANNER_REST,
  PAGES,
  TEXT,
  deferred,
  expect,
  gotoMounted,
  island,
  islandStates,
  noticeId,
  tabTo,
  test,
  visit,
  waitForIslands,
} from './fixtures';
import type { Locator, Page } from '@playwright/test';

const bannerText = (page: Page) => page.getByText(/This store is in “Coming soon” mode/);
const noticeText = (page: Page) => page.getByText(STORE_NOTICE_MESSAGE);
const noticeDismiss = (page: Page) => page.getByRole('button', { name: TEXT.noticeDismiss, exact: true });
const bannerDismiss = (page: Page) => page.getByRole('button', { name: TEXT.bannerDismiss, exact: true });

/** A tap on touch devices, a click elsewhere. */
const press = (target: Locator, isMobile: boolean) => (isMobile ? target.tap() : target.click());

async function noticeCookie(page: Page, id: string) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === `store_notice${id}`);
}

test.describe('every page', () => {
  for (const path of PAGES) {
    test(
      `${path}: every island mounts, with no console error and no page error`,
      { tag: '@mobile' },
      async ({ page }) => {
        await visit(page, path);
        await waitForIslands(page, { interact: true });
        const islands = await islandStates(page);
        expect(islands.length, 'the page has islands').toBeGreaterThan(0);
        if (path === '/landing/') {
          // The campaign landing page (demo/chrome/attribution.ts): the tracker is its only island.
          expect(islands.map((i) => i.name)).toEqual(['order-attribution']);
          return;
        }
        // The global elements are on every page (storefront.md §2.10).
        expect(islands.map((i) => i.name)).toEqual(
          expect.arrayContaining(['store-notice', 'coming-soon-banner', 'loading-indicator']),
        );
        await expect(noticeText(page)).toBeVisible();
        await expect(bannerText(page)).toBeVisible();
        // The console-error fixture checks the console and uncaught errors when the test ends.
      },
    );
  }
});

test.describe('store notice', () => {
  test(
    'dismissed with the mouse (or a tap): hidden, remembered in a cookie, gone after reload',
    {
      tag: '@mobile',
    },
    async ({ page, isMobile }) => {
      await gotoMounted(page, '/');
      const id = await noticeId(page);
      await expect(noticeText(page)).toBeVisible();

      await press(noticeDismiss(page), isMobile);

      await expect(noticeText(page)).toBeHidden();
      await expect(noticeDismiss(page)).toHaveCount(0);
      expect(await noticeCookie(page, id)).toMatchObject({ value: 'hidden', path: '/' });
      // The page did not navigate (the no-JS link is the fallback only).
      expect(new URL(page.url()).search).toBe('');

      await page.reload();
      await waitForIslands(page);
      await expect(noticeText(page)).toHaveCount(0);
      await expect(page.locator('[data-island="store-notice"], .woocommerce-store-notice')).toHaveCount(0);
    },
  );

  test('dismissed from the keyboard: Tab to the link, Enter', async ({ page }) => {
    await gotoMounted(page, '/');
    const id = await noticeId(page);
    await page.evaluate(() => window.scrollTo(0, 0));

    await tabTo(page, noticeDismiss(page));
    await expect(noticeDismiss(page)).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(noticeText(page)).toBeHidden();
    expect(await noticeCookie(page, id)).toMatchObject({ value: 'hidden', path: '/' });
    expect(new URL(page.url()).search).toBe('');
  });

  test('dismissed from the keyboard with Space, like a button, without scrolling the page', async ({
    page,
  }) => {
    await gotoMounted(page, '/');
    const id = await noticeId(page);
    await noticeDismiss(page).focus();
    const scrollBefore = await page.evaluate(() => window.scrollY);

    await page.keyboard.press(' ');

    await expect(noticeText(page)).toBeHidden();
    expect(await noticeCookie(page, id)).toMatchObject({ value: 'hidden', path: '/' });
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });
});

test.describe('coming-soon banner', () => {
  test(
    'dismissing saves it with the nonce and JSON body, hides the banner, and the server remembers',
    {
      tag: '@mobile',
    },
    async ({ page, isMobile }) => {
      await gotoMounted(page, '/');
      const settings = JSON.parse((await page.locator('#shop-islands-settings').textContent()) ?? '{}') as {
        rest_nonce?: string;
      };
      await expect(bannerText(page)).toBeVisible();

      const saved = page.waitForRequest((r) => BANNER_REST.test(r.url()) && r.method() === 'POST');
      await press(bannerDismiss(page), isMobile);
      const request = await saved;

      const headers = await request.allHeaders();
      expect(headers['x-wp-nonce'], 'X-WP-Nonce').toMatch(/^[0-9a-f]{10}$/);
      expect(headers['x-wp-nonce']).toBe(settings.rest_nonce);
      expect(headers['content-type']).toContain('application/json');
      expect(request.postDataJSON()).toEqual(BANNER_BODY);
      expect((await request.response())?.status()).toBe(200);

      await expect(bannerText(page)).toBeHidden();
      await expect(bannerDismiss(page)).toHaveCount(0);

      await page.reload();
      await waitForIslands(page);
      await expect(bannerText(page)).toHaveCount(0);
      await expect(page.locator('[data-island="coming-soon-banner"]')).toHaveCount(0);
    },
  );

  test('dismissed from the keyboard: Tab to the button, Enter', async ({ page }) => {
    await gotoMounted(page, '/');
    await page.evaluate(() => window.scrollTo(0, 0));
    const saved = page.waitForResponse((r) => BANNER_REST.test(r.url()) && r.request().method() === 'POST');

    await tabTo(page, bannerDismiss(page));
    await page.keyboard.press('Enter');

    expect((await saved).status()).toBe(200);
    await expect(bannerText(page)).toBeHidden();
  });
});

test.describe('password toggle on /my-account/', () => {
  const password = (page: Page) => page.getByLabel(/^Password/);
  const secret = 'correct horse 42';

  test(
    'Show password shows what was typed; Hide password hides it again',
    { tag: '@mobile' },
    async ({ page, isMobile }) => {
      await gotoMounted(page, '/my-account/');
      await expect(password(page)).toHaveAttribute('type', 'password');
      await password(page).fill(secret);

      await press(page.getByRole('button', { name: TEXT.showPassword, exact: true }), isMobile);

      await expect(password(page)).toHaveAttribute('type', 'text');
      await expect(password(page)).toHaveValue(secret);
      const hide = page.getByRole('button', { name: TEXT.hidePassword, exact: true });
      await expect(hide).toBeVisible();
      await expect(page.getByRole('button', { name: TEXT.showPassword, exact: true })).toHaveCount(0);

      await press(hide, isMobile);
      await expect(password(page)).toHaveAttribute('type', 'password');
      await expect(password(page)).toHaveValue(secret);
      await expect(page.getByRole('button', { name: TEXT.showPassword, exact: true })).toBeVisible();
    },
  );

  test('keyboard only: Tab to the field, type, Tab to the toggle, Enter and Space', async ({ page }) => {
    await gotoMounted(page, '/my-account/');
    await page.evaluate(() => window.scrollTo(0, 0));

    await tabTo(page, password(page));
    await page.keyboard.type(secret);
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: TEXT.showPassword, exact: true });
    await expect(show).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(password(page)).toHaveAttribute('type', 'text');
    await expect(password(page)).toHaveValue(secret);
    const hide = page.getByRole('button', { name: TEXT.hidePassword, exact: true });
    await expect(hide).toBeFocused();

    await page.keyboard.press(' ');
    await expect(password(page)).toHaveAttribute('type', 'password');
    await expect(show).toBeFocused();
    await expect(password(page)).toHaveValue(secret);
  });
});

test.describe('loading indicator', () => {
  const progress = (page: Page) => page.getByRole('progressbar', { name: TEXT.loading });

  test('shown while a slow request is in flight, gone when it completes', async ({ page }) => {
    await gotoMounted(page, '/');
    await expect(island(page, 'loading-indicator')).toHaveAttribute('data-island-state', 'mounted');
    await expect(progress(page)).toHaveCount(0);

    const held = deferred();
    await page.route(BANNER_REST, async (route) => {
      await held.promise;
      await route.continue();
    });
    await bannerDismiss(page).click();

    await expect(progress(page)).toBeVisible();
    // Still in flight: the banner stays until the dismissal is saved.
    await expect(bannerText(page)).toBeVisible();

    held.release();
    await expect(progress(page)).toHaveCount(0);
    await expect(bannerText(page)).toBeHidden();
  });

  test('a quick request does not flash it', async ({ page }) => {
    await gotoMounted(page, '/');
    await page.evaluate(() => {
      const seen = { progressbar: false };
      (window as Window & { __seen?: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.progressbar = true;
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    const saved = page.waitForResponse((r) => BANNER_REST.test(r.url()));
    await bannerDismiss(page).click();
    await saved;
    await expect(bannerText(page)).toBeHidden();
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as Window & { __seen?: { progressbar: boolean } }).__seen),
    ).toEqual({
      progressbar: false,
    });
  });
});
