/**
 * axe-core on every page once its islands have mounted (ARCHITECTURE.md §7): no WCAG 2.0/2.1 A or
 * AA violation, on the desktop and on a phone (@mobile). Also the states the islands add later:
 * the shown password and the banner's error alert.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { BANNER_REST, PAGES, TEXT, expect, gotoMounted, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable block per violation: rule, impact, help, and each node's selector and summary. */
function describe(violations: Results['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations, `axe found violations:\n\n${describe(results.violations)}\n`).toEqual([]);
}

for (const path of PAGES) {
  test(
    `${path} has no WCAG 2.1 A/AA violations once its islands mounted`,
    { tag: '@mobile' },
    async ({ page }) => {
      await gotoMounted(page, path, { interact: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoViolations(page);
    },
  );
}

test(
  'the shown password and its Hide password toggle have no violations',
  { tag: '@mobile' },
  async ({ page }) => {
    await gotoMounted(page, '/my-account/');
    await page.getByLabel(/^Password/).fill('secret');
    await page.getByRole('button', { name: TEXT.showPassword, exact: true }).click();
    await expect(page.getByRole('button', { name: TEXT.hidePassword, exact: true })).toBeVisible();
    await expectNoViolations(page);
  },
);

test("the banner's error alert has no violations", { tag: '@mobile' }, async ({ page, consoleErrors }) => {
  consoleErrors.allow(/^Failed to load resource/);
  consoleErrors.allow(/^\[shop-islands\] coming-soon-banner: the dismissal was not saved/);
  await gotoMounted(page, '/');
  await page.route(BANNER_REST, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: TEXT.bannerDismiss, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(TEXT.bannerError);
  await expectNoViolations(page);
});
