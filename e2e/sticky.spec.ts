/**
 * The sticky jump bar of /lookbook/ (storefront.md §2.10 "Sticky elements", §9 "Sticky re-check
 * debounce 300 ms", "sticky-scroll offset 80 px"): it keeps its place in the flow until the page
 * scrolls past it, then stays at the top of the viewport, marked stuck; an anchor link followed from
 * it leaves the section's heading clear of it; on a phone it scrolls with the page.
 */
import type { Page } from '@playwright/test';
import { expect, gotoMounted, island, test } from './fixtures';

const PATH = '/lookbook/';
const bar = (page: Page) => page.locator('nav.lookbook-jumpbar');
/** The page at the top, the sticky island mounted (gotoMounted scrolls to mount the visible islands). */
async function open(page: Page) {
  await gotoMounted(page, PATH);
  await expect(island(page, 'sticky')).toHaveAttribute('data-island-state', 'mounted');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}
const top = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));

test('the jump bar sticks at the top once scrolled past, and anchors land below it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page);
  const start = await top(page, 'nav.lookbook-jumpbar');
  expect(start).toBeGreaterThan(200);
  await expect(bar(page)).not.toHaveClass(/is-stuck/);

  await page.mouse.wheel(0, start + 600);
  await expect.poll(() => top(page, 'nav.lookbook-jumpbar')).toBe(0);
  await expect(bar(page)).toHaveClass(/is-stuck/);

  // From the stuck bar to a section: its heading 80 px below the top, not under the bar.
  await bar(page).getByRole('link', { name: 'Tennis' }).click();
  await expect.poll(() => top(page, '#tennis')).toBe(80);
  const barBottom = await bar(page).evaluate((el) => el.getBoundingClientRect().bottom);
  expect(barBottom).toBeLessThanOrEqual(80);
  await expect(page.locator('#tennis')).toBeFocused();

  // Back to the top: in its place again, no longer stuck.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar(page)).not.toHaveClass(/is-stuck/);
  expect(await top(page, 'nav.lookbook-jumpbar')).toBe(start);
});

test('on a phone the bar scrolls with the page (it is set for desktop and tablet) @mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  const start = await top(page, 'nav.lookbook-jumpbar');
  await page.mouse.wheel(0, start + 600);
  // It moved up with the page, past the top: not held there.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(start);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(await top(page, 'nav.lookbook-jumpbar')).toBe(start - scrolled);
  await expect(bar(page)).not.toHaveClass(/is-stuck/);
});

test('after a resize to a phone width the bar lets go (re-checked 300 ms after the resize)', async ({
  page,
}) => {
  await open(page);
  await expect(bar(page)).toHaveCSS('position', 'sticky');
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(bar(page)).not.toHaveCSS('position', 'sticky');
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(bar(page)).toHaveCSS('position', 'sticky');
});
