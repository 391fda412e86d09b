/**
 * The site-wide lightbox (storefront.md §2.6): image links and marked elements open it with their
 * slideshow, title and description; `#elementor-action:action=lightbox&settings=…` links open
 * their image; bad settings do nothing but log one error. The viewer's counter, fullscreen, zoom,
 * share and close, focus returned, axe clean.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, island, nextFrames, test, type ConsoleErrors } from './fixtures';

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });

async function gotoHome(page: Page, consoleErrors: ConsoleErrors, hash = '') {
  await page.goto(`/${hash}`);
  await expect(island(page, 'lightbox')).toHaveAttribute('data-island-state', 'mounted');
  await nextFrames(page);
}

test('an image link opens the lightbox with its slideshow, title and description', async ({
  page,
  consoleErrors,
}) => {
  await gotoHome(page, consoleErrors);
  const link = page.getByRole('link', { name: 'A pair of Junior Football Boots' });
  await link.click();
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).locator('.pswp__counter')).toHaveText('1 / 2');
  await expect(viewer(page).locator('.pswp__caption-title')).toHaveText('Junior boots');
  await expect(viewer(page).locator('.pswp__caption-description')).toHaveText(
    'Firm-ground boots in junior sizes.',
  );
  for (const name of ['Share', 'Close (Esc)']) {
    await expect(viewer(page).getByRole('button', { name })).toBeVisible();
  }
  // PhotoSwipe shows its zoom button only for an image larger than the screen.
  await expect(viewer(page).getByRole('button', { name: 'Zoom in/out', includeHidden: true })).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(viewer(page).locator('.pswp__counter')).toHaveText('2 / 2');
  await expect(viewer(page).locator('.pswp__caption-title')).toHaveText('Match ball');
  // The site-wide lightbox writes no hash.
  expect(new URL(page.url()).hash).toBe('');
  const axe = await new AxeBuilder({ page })
    .include('.pswp')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  await expect(link).toBeFocused();
});

test('an #elementor-action lightbox link opens its image', async ({ page, consoleErrors }) => {
  await gotoHome(page, consoleErrors);
  await page.getByRole('link', { name: 'See the shin pads up close' }).click();
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).locator('.pswp__caption-title')).toHaveText('Shin pads');
  await expect(viewer(page).locator('.pswp__caption-description')).toHaveText(
    'Light shin pads with ankle guards.',
  );
  await expect(viewer(page).locator('img.pswp__img:not(.pswp__img--placeholder)')).toHaveAttribute(
    'src',
    /\/demo-assets\/img\/shin-pads\.svg$/,
  );
  expect(new URL(page.url()).hash).toBe('');
});

test('an #elementor-action link with bad settings does nothing but log one error', async ({
  page,
  consoleErrors,
}) => {
  await gotoHome(page, consoleErrors);
  consoleErrors.allow(/^\[shop-islands\] lightbox: ignored an #elementor-action link/);
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '#elementor-action:action=lightbox&settings=not*base64';
    link.textContent = 'Broken lightbox link';
    document.querySelector('main')!.append(link);
  });
  await page.getByRole('link', { name: 'Broken lightbox link' }).click();
  await page.waitForTimeout(300);
  await expect(viewer(page)).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
  expect(consoleErrors.fromIslands().filter((t) => t.includes('#elementor-action'))).toHaveLength(1);
});

test('links opted out, downloads and other links are left alone', async ({ page, consoleErrors }) => {
  await gotoHome(page, consoleErrors);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'beforeend',
      '<a href="/demo-assets/img/kit-bag.svg" data-elementor-open-lightbox="no">Opted out</a> ' +
        '<a href="/demo-assets/img/kit-bag.svg?v=2#top">With a query and a fragment</a>',
    );
  });
  await page.getByRole('link', { name: 'With a query and a fragment' }).click();
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).locator('.pswp__counter')).toHaveText('1 / 1');
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  // Showing the image itself, the browser asks for /favicon.ico, which the demo store does not have.
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 404/);
  await page.getByRole('link', { name: 'Opted out' }).click();
  await expect(page).toHaveURL(/\/demo-assets\/img\/kit-bag\.svg$/);
});

test('a page opened with an #elementor-action hash opens its image', async ({ page, consoleErrors }) => {
  const settings = Buffer.from(
    JSON.stringify({ url: '/demo-assets/img/kit-bag.svg', title: 'Kit bag' }),
  ).toString('base64');
  await gotoHome(page, consoleErrors, `#elementor-action:action=lightbox&settings=${settings}`);
  await expect(viewer(page).locator('.pswp__caption-title')).toHaveText('Kit bag');
});
