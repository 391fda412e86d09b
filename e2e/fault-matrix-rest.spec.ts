/**
 * The fault matrix (e2e/fault-kit.ts), WordPress's REST API: the coming-soon banner's dismissal
 * (storefront.md §4 "Coming-soon banner", §6 X-WP-Nonce, §7 "Notices and banners"). A failed call
 * leaves the banner and says so; the same click works once the server is back. The answer is not
 * read (§7), so a 200 whose body is not JSON dismisses it. An expired nonce is renewed and the call
 * sent again, once; a nonce that cannot be renewed is a failure, not a loop.
 */
import type { Page } from '@playwright/test';
import {
  CLIENT_TIMEOUT,
  HOSTILE_HTML,
  adminAjax,
  MATRIX_TEST_TIMEOUT,
  matrixTests,
  type Endpoint,
  type Outcome,
  type Run,
} from './fault-kit';
import { BANNER_REST, TEXT, expect, gotoMounted, scrollToCenter, test } from './fixtures';

const bannerText = (page: Page) => page.getByText(/This store is in “Coming soon” mode/);
const dismiss = (page: Page) => page.getByRole('button', { name: TEXT.bannerDismiss, exact: true });
const restNonce = adminAjax('rest-nonce');

/** The banner hides, with no error; with `saved`, it stays dismissed on the next page. */
async function dismissed({ page }: Run, { saved }: { saved: boolean }) {
  await expect(bannerText(page)).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: TEXT.bannerError })).toHaveCount(0);
  if (!saved) return;
  await page.reload();
  await expect(bannerText(page)).toHaveCount(0);
}

/** The answer is not read (storefront.md §7): a 200 counts, whatever its body. */
const notRead: Outcome = {
  title: 'the answer is not read (storefront.md §7): the banner hides',
  check: (run) => dismissed(run, { saved: false }),
};

const ENDPOINTS: Endpoint[] = [
  {
    title: 'REST POST wp/v2/users/1 (the coming-soon banner’s Dismiss)',
    transport: 'rest',
    matches: (request) => BANNER_REST.test(request.url()) && request.method() === 'POST',
    timeout: CLIENT_TIMEOUT,
    open: (page) => gotoMounted(page, '/'),
    act: async (page) => {
      await scrollToCenter(dismiss(page));
      await dismiss(page).click();
    },
    failure: {
      title: 'the banner stays and says so (the spec’s alert); it can be dismissed again',
      check: async ({ page }) => {
        await expect(page.getByRole('alert')).toHaveText(TEXT.bannerError);
        await expect(bannerText(page)).toBeVisible();
        await expect(dismiss(page)).toBeEnabled();
        await expect(page.getByRole('progressbar', { name: TEXT.loading })).toHaveCount(0);
      },
    },
    recover: async (run) => {
      await run.heal();
      await dismiss(run.page).click();
      await dismissed(run, { saved: true });
    },
    outcomes: {
      'malformed JSON': notRead,
      'HTML instead of JSON': notRead,
      'expired nonce': {
        title: 'a fresh nonce is fetched and the call sent again, once: the banner is dismissed for good',
        calls: 2,
        check: async (run) => {
          await dismissed(run, { saved: true });
          expect(run.since(restNonce)).toHaveLength(1);
        },
      },
    },
    cases: [
      {
        title: 'expired nonce that cannot be renewed (rest-nonce answers -1): the alert, no loop',
        setup: (page) =>
          page.route(
            (url) => url.pathname.endsWith('/wp-admin/admin-ajax.php'),
            (route, request) =>
              restNonce(request)
                ? route.fulfill({ status: 403, contentType: 'text/html; charset=UTF-8', body: '-1' })
                : route.fallback(),
          ),
        answer: (route) =>
          route.fulfill({
            status: 403,
            contentType: 'application/json; charset=UTF-8',
            body: JSON.stringify({
              code: 'rest_cookie_invalid_nonce',
              message: 'Cookie check failed',
              data: { status: 403 },
            }),
          }),
        check: async (run) => {
          await expect(run.page.getByRole('alert')).toHaveText(TEXT.bannerError);
          await expect(bannerText(run.page)).toBeVisible();
          expect(run.since(restNonce)).toHaveLength(1);
        },
      },
      {
        title: 'hostile strings in the answer: not read, the banner hides, nothing runs',
        answer: (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/html; charset=UTF-8',
            body: `<p>${HOSTILE_HTML}</p>`,
          }),
        check: (run) => dismissed(run, { saved: false }),
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
