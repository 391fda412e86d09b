/**
 * Faults injected with `page.route` (ARCHITECTURE.md §3, §7): a widget chunk that does not load,
 * props the server got wrong, the banner's REST call failing in every way, and no JavaScript at
 * all. In each case the shopper keeps a working page and is told what happened; nothing is lost.
 */
import type { Page, Route } from '@playwright/test';
import { STORE_NOTICE_MESSAGE } from '../demo/fixtures';
import {
  BANNER_BODY,
  BANNER_REST,
  TEXT,
  expect,
  gotoMounted,
  island,
  noticeId,
  rewriteProps,
  test,
  waitForIslands,
} from './fixtures';

const bannerText = (page: Page) => page.getByText(/This store is in “Coming soon” mode/);
const noticeText = (page: Page) => page.getByText(STORE_NOTICE_MESSAGE);
const noticeDismiss = (page: Page) => page.getByRole('button', { name: TEXT.noticeDismiss, exact: true });
const bannerDismiss = (page: Page) => page.getByRole('button', { name: TEXT.bannerDismiss, exact: true });
const progress = (page: Page) => page.getByRole('progressbar', { name: TEXT.loading });

const chunk = (name: string) => new RegExp(`/assets/${name}-[^/]*\\.js(?:\\?|$)`);
const notMounted = (name: string) => new RegExp(`^\\[shop-islands\\] island "${name}" was not mounted`);
const FAILED_RESOURCE = /^Failed to load resource/;
const DISMISSAL_NOT_SAVED = /^\[shop-islands\] coming-soon-banner: the dismissal was not saved/;

test.describe('a widget chunk that does not load (404)', () => {
  test('a chunk that fails once (a network blip) mounts on the retry', async ({ page, consoleErrors }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    let first = true;
    await page.route(chunk('store-notice'), (route) => {
      if (!first) return route.continue();
      first = false;
      return route.abort('connectionreset');
    });
    await page.goto('/');
    await waitForIslands(page);
    expect(consoleErrors.fromIslands()).toEqual([]);
  });

  test('a container naming a script from elsewhere is refused: nothing fetched, fallback kept', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(notMounted('store-notice'));
    const foreign: string[] = [];
    await page.route('**/evil.js', (route) => {
      foreign.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__pwned = true;' });
    });
    // As page-builder or user content could print it: a container with its own chunk URL.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(data-island="store-notice" data-island-src=")[^"]*"/,
        '$1/wp-content/plugins/shop-islands/dist/assets/../../../../uploads/evil.js"',
      );
      return route.fulfill({ response, body: html });
    });
    await page.goto('/');
    await waitForIslands(page, { failed: ['store-notice'] });
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);
    expect(consoleErrors.fromIslands()).toEqual([
      expect.stringMatching(/island "store-notice" was not mounted: its chunk URL .* is refused/),
    ]);
    await expect(noticeText(page)).toBeVisible();
  });

  test('store notice: the island fails, the fallback stays and its no-JS link dismisses the notice', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    consoleErrors.allow(notMounted('store-notice'));
    const asked: string[] = [];
    await page.route(chunk('store-notice'), (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 404, body: 'Not Found' });
    });
    await page.goto('/');

    await waitForIslands(page, { failed: ['store-notice'] });
    // Tried once more after a short wait, past any cache (a stale page after a deploy); the
    // first answer may have been the <link rel=modulepreload>'s.
    expect(asked.filter((url) => /\?retry=\d+$/.test(url))).toHaveLength(1);
    expect(asked.at(-1)).toMatch(/store-notice-[^/?]*\.js\?retry=\d+$/);
    await expect
      .poll(() => consoleErrors.fromIslands())
      .toEqual([
        expect.stringMatching(/island "store-notice" was not mounted: its code could not be loaded/),
      ]);

    // The server's notice is still there, untouched, and works without our code.
    const id = await noticeId(page);
    await expect(noticeText(page)).toBeVisible();
    await expect(noticeDismiss(page)).toHaveAttribute('href', `?shop-islands-dismiss-notice=${id}`);
    await noticeDismiss(page).click();
    await page.waitForLoadState('load');

    await expect(noticeText(page)).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === `store_notice${id}`);
    expect(cookie).toMatchObject({ value: 'hidden', path: '/' });
    await page.reload();
    await expect(noticeText(page)).toHaveCount(0);
    // One message for the one failure: the later pages had no notice to fail on.
    expect(consoleErrors.fromIslands()).toHaveLength(1);
  });

  test('coming-soon banner: the island fails, the fallback form dismisses the banner for good', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    consoleErrors.allow(notMounted('coming-soon-banner'));
    await page.route(chunk('coming-soon-banner'), (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    await page.goto('/');
    await waitForIslands(page, { failed: ['coming-soon-banner'] });
    await expect
      .poll(() => consoleErrors.fromIslands())
      .toEqual([
        expect.stringMatching(/island "coming-soon-banner" was not mounted: its code could not be loaded/),
      ]);
    await expect(bannerText(page)).toBeVisible();

    const posted = page.waitForRequest((r) => r.url().includes('admin-post.php') && r.method() === 'POST');
    await bannerDismiss(page).click();
    expect(new URL((await posted).url()).searchParams.get('action')).toBe('shop_islands_dismiss_coming_soon');
    await page.waitForLoadState('load');

    await expect(bannerText(page)).toHaveCount(0);
    await page.reload();
    await expect(bannerText(page)).toHaveCount(0);
    expect(consoleErrors.fromIslands()).toHaveLength(1);
  });
});

test.describe('props the server got wrong', () => {
  /** Serves `/` with the store notice's props rewritten by `mutate`. */
  async function corruptNotice(page: Page, mutate: (props: Record<string, unknown>) => string) {
    await page.route(
      (url) => url.pathname === '/' && url.search === '',
      async (route: Route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const body = rewriteProps(await response.text(), 'store-notice', mutate);
        await route.fulfill({ response, body });
      },
    );
  }

  test('a wrong type (noticeId: 42): no mount, the fallback stays, one error naming the island and field', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(notMounted('store-notice'));
    await corruptNotice(page, (props) => JSON.stringify({ ...props, noticeId: 42 }));
    await page.goto('/');

    await waitForIslands(page, { failed: ['store-notice'] });
    await expect
      .poll(() => consoleErrors.fromIslands())
      .toEqual([expect.stringMatching(/island "store-notice" was not mounted: invalid props: "noticeId"/)]);

    // The fallback is the server's, untouched: its no-JS link is still there.
    const id = await noticeId(page);
    await expect(noticeText(page)).toBeVisible();
    await expect(noticeDismiss(page)).toHaveAttribute('href', `?shop-islands-dismiss-notice=${id}`);
    await expect(island(page, 'store-notice').locator('script[data-island-props]')).toHaveCount(1);
  });

  test('invalid JSON: no mount, the fallback stays, one error naming the island', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(notMounted('store-notice'));
    await corruptNotice(page, (props) => JSON.stringify(props).slice(0, -1));
    await page.goto('/');

    await waitForIslands(page, { failed: ['store-notice'] });
    await expect
      .poll(() => consoleErrors.fromIslands())
      .toEqual([expect.stringMatching(/island "store-notice" was not mounted: its props are invalid JSON/)]);
    await expect(noticeText(page)).toBeVisible();
    await expect(noticeDismiss(page)).toHaveAttribute('href', /\?shop-islands-dismiss-notice=/);
  });
});

test.describe('the banner dismissal fails', () => {
  const failures = [
    {
      status: 500,
      body: {
        code: 'internal_server_error',
        message: 'There has been a critical error.',
        data: { status: 500 },
      },
    },
    {
      status: 403,
      body: {
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 403 },
      },
    },
  ];

  for (const failure of failures) {
    test(`HTTP ${failure.status}: the alert shows, the banner stays, a retry works once the server answers`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(FAILED_RESOURCE);
      consoleErrors.allow(DISMISSAL_NOT_SAVED);
      await gotoMounted(page, '/');
      await page.route(BANNER_REST, (route) =>
        route.fulfill({
          status: failure.status,
          contentType: 'application/json',
          body: JSON.stringify(failure.body),
        }),
      );

      await bannerDismiss(page).click();

      await expect(page.getByRole('alert')).toHaveText(TEXT.bannerError);
      await expect(bannerText(page)).toBeVisible();
      await expect(bannerDismiss(page)).toBeEnabled();
      await expect(progress(page)).toHaveCount(0);

      await page.unroute(BANNER_REST);
      const saved = page.waitForResponse((r) => BANNER_REST.test(r.url()) && r.request().method() === 'POST');
      await bannerDismiss(page).click();
      expect((await saved).status()).toBe(200);
      await expect(bannerText(page)).toBeHidden();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.reload();
      await expect(bannerText(page)).toHaveCount(0);
    });
  }

  for (const reason of ['timedout', 'failed', 'connectionreset'] as const) {
    test(`network ${reason} (route.abort): the same alert, and a retry works`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(FAILED_RESOURCE);
      consoleErrors.allow(DISMISSAL_NOT_SAVED);
      await gotoMounted(page, '/');
      await page.route(BANNER_REST, (route) => route.abort(reason));

      await bannerDismiss(page).click();

      await expect(page.getByRole('alert')).toHaveText(TEXT.bannerError);
      await expect(bannerText(page)).toBeVisible();
      await expect(progress(page)).toHaveCount(0);

      await page.unroute(BANNER_REST);
      await bannerDismiss(page).click();
      await expect(bannerText(page)).toBeHidden();
      await page.reload();
      await expect(bannerText(page)).toHaveCount(0);
    });
  }

  test('an expired nonce (403 rest_cookie_invalid_nonce): a fresh nonce is fetched and the call retried', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(FAILED_RESOURCE);
    await gotoMounted(page, '/');
    let expired = true;
    await page.route(BANNER_REST, async (route) => {
      if (!expired) return route.fallback();
      expired = false;
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'rest_cookie_invalid_nonce',
          message: 'Cookie check failed',
          data: { status: 403 },
        }),
      });
    });
    const posts: { nonce: string | undefined; body: unknown }[] = [];
    page.on('request', (r) => {
      if (BANNER_REST.test(r.url()) && r.method() === 'POST') {
        posts.push({ nonce: r.headers()['x-wp-nonce'], body: r.postDataJSON() });
      }
    });
    const refreshed = page.waitForResponse((r) => /admin-ajax\.php\?.*action=rest-nonce/.test(r.url()));

    await bannerDismiss(page).click();

    expect((await refreshed).status()).toBe(200);
    await expect(bannerText(page)).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.body)).toEqual([BANNER_BODY, BANNER_BODY]);
    expect(posts[1]?.nonce).toMatch(/^[0-9a-f]{10}$/);
    await page.reload();
    await expect(bannerText(page)).toHaveCount(0);
  });

  test('a 200 whose body is not JSON still counts: the response is not read', async ({ page }) => {
    await gotoMounted(page, '/');
    await page.route(BANNER_REST, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>cached page</html>' }),
    );
    await bannerDismiss(page).click();
    await expect(bannerText(page)).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the store notice link dismisses it, remembered by a cookie', async ({ page }) => {
    await page.goto('/');
    const id = await noticeId(page);
    await expect(island(page, 'store-notice')).not.toHaveAttribute('data-island-state');
    await expect(noticeText(page)).toBeVisible();

    await noticeDismiss(page).click();
    await page.waitForLoadState('load');

    await expect(noticeText(page)).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === `store_notice${id}`);
    expect(cookie).toMatchObject({ value: 'hidden', path: '/' });
    await page.goto('/shop/');
    await expect(noticeText(page)).toHaveCount(0);
  });

  test('the coming-soon banner form dismisses it for good', async ({ page }) => {
    await page.goto('/shop/');
    await expect(bannerText(page)).toBeVisible();

    await bannerDismiss(page).click();
    await page.waitForLoadState('load');

    await expect(page).toHaveURL(/\/shop\/$/);
    await expect(bannerText(page)).toHaveCount(0);
    await page.goto('/');
    await expect(bannerText(page)).toHaveCount(0);
  });

  test('?add-to-cart=ID on /shop/ adds the product: the header cart count changes', async ({ page }) => {
    await page.goto('/shop/');
    const headerCart = page.getByRole('banner').getByRole('link', { name: /\d+ items?/ });
    await expect(headerCart).toContainText('0 items');

    await page.goto('/shop/?add-to-cart=13');

    await expect(headerCart).toContainText('1 item');
    await expect(page.getByRole('alert').filter({ hasText: 'Pro Match Football' })).toBeVisible();
  });
});
