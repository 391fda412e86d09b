/**
 * The product gallery on the demo store's product pages (storefront.md §2.5 "Image gallery", §2.6,
 * §8, §9): slides by keyboard, thumbnail and swipe, zoom only when the large image is wider than the
 * gallery, the full-screen viewer (counter, caption, share, close) with its `#&gid=1&pid=N` hash,
 * a broken image, axe and no layout shift.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, island, nextFrames, test } from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const PADS = '/product/shin-pads/';
const TRIGGER = 'View full-screen image gallery';

const gallery = (page: Page) => island(page, 'product-gallery');
const thumb = (page: Page, n: number) =>
  gallery(page).getByRole('button', { name: new RegExp(`^Image ${n} / 4\\b`) });
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Junior Football Boots images' });
const counter = (page: Page) => viewer(page).locator('.pswp__counter');
const caption = (page: Page) => viewer(page).locator('.pswp__caption');
/** The slide shown: the only one not hidden from assistive technology. */
const currentSlide = (page: Page) =>
  gallery(page).locator('.woocommerce-product-gallery__image:not([aria-hidden="true"])');

/**
 * Opens a product page and waits for the gallery and the site-wide lightbox to mount (the page's
 * other islands are other specs' business).
 */
async function gotoMounted(page: Page, path: string) {
  await page.goto(path);
  await expect(gallery(page)).toHaveAttribute('data-island-state', 'mounted');
  await expect(island(page, 'lightbox')).toHaveAttribute('data-island-state', 'mounted');
  await nextFrames(page);
}

async function expectCurrent(page: Page, n: number) {
  await expect(thumb(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(currentSlide(page)).toHaveAttribute('aria-label', `${n} / 4`);
}

test('the gallery slides by thumbnail and by keyboard, without looping', async ({ page }) => {
  await gotoMounted(page, BOOTS);
  await expect(gallery(page).getByRole('region', { name: 'Junior Football Boots images' })).toBeVisible();
  await thumb(page, 3).click();
  await expectCurrent(page, 3);
  await expect(currentSlide(page).getByRole('img')).toHaveAttribute('alt', 'Junior Football Boots sole');

  await thumb(page, 1).focus();
  await page.keyboard.press('ArrowRight');
  await expectCurrent(page, 2);
  await expect(thumb(page, 2)).toBeFocused();
  await page.keyboard.press('End');
  await expectCurrent(page, 4);
  await page.keyboard.press('ArrowRight'); // no looping
  await expectCurrent(page, 4);
  await page.keyboard.press('Home');
  await expectCurrent(page, 1);
  await page.keyboard.press('ArrowLeft');
  await expectCurrent(page, 1);
});

test('zoom on hover only when the large image is wider than the gallery', async ({ page }) => {
  await gotoMounted(page, BOOTS);
  const slide = currentSlide(page);
  const width = await slide.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThan(1200);
  await slide.hover({ position: { x: 10, y: 10 } });
  const zoom = gallery(page).locator('.zoomImg');
  await expect(zoom).toBeVisible();
  await expect(zoom).toHaveAttribute('width', '1200');
  await page.mouse.move(0, 0);
  await expect(zoom).toHaveCount(0);

  // Shin pads: one image, 400 px large, narrower than the gallery: no slider, no zoom.
  await gotoMounted(page, PADS);
  expect(await currentSlide(page).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(400);
  await expect(gallery(page).locator('.flex-control-thumbs')).toHaveCount(0);
  await expect(gallery(page).getByRole('region')).toHaveCount(0);
  await currentSlide(page).hover();
  await page.waitForTimeout(100);
  await expect(gallery(page).locator('.zoomImg')).toHaveCount(0);
});

test('the full-screen button opens the viewer at the current image; close returns the focus', async ({
  page,
}) => {
  await gotoMounted(page, BOOTS);
  const trigger = gallery(page).getByRole('button', { name: TRIGGER });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(viewer(page)).toBeVisible();
  await expect(counter(page)).toHaveText('1 / 4');
  await expect(caption(page)).toHaveText('Junior Football Boots'); // no caption: the title
  expect(new URL(page.url()).hash).toBe('#&gid=1&pid=1');

  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 / 4');
  await expect(caption(page)).toHaveText('Synthetic upper with a padded collar.');
  expect(new URL(page.url()).hash).toBe('#&gid=1&pid=2');
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toHaveText('Moulded studs'); // no caption: the title

  for (const name of ['Close (Esc)', 'Zoom in/out', 'Share', 'Previous (arrow left)', 'Next (arrow right)']) {
    await expect(viewer(page).getByRole('button', { name })).toBeVisible();
  }
  await viewer(page).getByRole('button', { name: 'Share' }).click();
  const share = viewer(page).locator('.pswp__share-modal');
  await expect(share.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=.*gid%3D1%26pid%3D3$/,
  );
  await expect(share.getByRole('link', { name: 'Tweet' })).toHaveAttribute(
    'href',
    /^https:\/\/twitter\.com\/intent\/tweet\?/,
  );
  await expect(share.getByRole('link', { name: 'Pin it' })).toHaveAttribute(
    'href',
    /pinterest\.com\/pin\/create/,
  );
  await expect(share.getByRole('link', { name: 'Download image' })).toHaveAttribute('download', '');
  await page.keyboard.press('Escape'); // the share menu first
  await expect(share).toBeHidden();
  await expect(viewer(page)).toBeVisible();

  // Focus stays in the viewer.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await viewer(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
  // The gallery is back at the image last viewed.
  await expectCurrent(page, 3);
});

test('a link with #&gid=1&pid=2 opens image 2 when the page loads', async ({ page }) => {
  await gotoMounted(page, `${BOOTS}#&gid=1&pid=2`);
  await expect(viewer(page)).toBeVisible();
  await expect(counter(page)).toHaveText('2 / 4');
  await expect(caption(page)).toHaveText('Synthetic upper with a padded collar.');
  await viewer(page).getByRole('button', { name: 'Close (Esc)' }).click();
  await expect(viewer(page)).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
  await expectCurrent(page, 2);
});

test('the viewer hides its controls when idle, and shows them on activity', async ({ page }) => {
  await page.clock.install();
  await gotoMounted(page, BOOTS);
  await gallery(page).getByRole('button', { name: TRIGGER }).click();
  await expect(viewer(page)).toBeVisible();
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.mouse.move(300, 300);
  await page.clock.runFor(3900);
  await expect(viewer(page)).not.toHaveClass(/pswp--idle/);
  await page.clock.runFor(200);
  await expect(viewer(page)).toHaveClass(/pswp--idle/);
  await page.mouse.move(320, 300);
  await expect(viewer(page)).not.toHaveClass(/pswp--idle/);
  // The pointer leaves the window: 1000 ms.
  await page.evaluate(() =>
    document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })),
  );
  await page.clock.runFor(1100);
  await expect(viewer(page)).toHaveClass(/pswp--idle/);
});

test('an image that fails to load says so, with a link to the image', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource.*404/);
  await page.route('**/demo-assets/img/junior-football-boots-side.svg', (route) =>
    route.fulfill({ status: 404, body: 'Not Found' }),
  );
  await gotoMounted(page, BOOTS);
  await thumb(page, 2).click();
  const slide = currentSlide(page);
  await expect(slide.getByText('The image could not be loaded.')).toBeVisible();
  await expect(slide.getByRole('link', { name: 'The image' })).toHaveAttribute(
    'href',
    '/demo-assets/img/junior-football-boots-side.svg',
  );
  // The viewer says the same.
  await gallery(page).getByRole('button', { name: TRIGGER }).click();
  await expect(viewer(page).getByText('The image could not be loaded.')).toBeVisible();
});

test('the variation image shows in the first slide; reset restores it', async ({ page }) => {
  await gotoMounted(page, BOOTS);
  await thumb(page, 3).click();
  await page.evaluate(() => {
    const form = document.querySelector('form.variations_form') ?? document.body;
    form.dispatchEvent(
      new CustomEvent('found_variation', {
        bubbles: true,
        detail: [
          {
            variation_id: 20,
            image_id: 103,
            image: {
              src: '/demo-assets/img/junior-football-boots-blue.svg',
              full_src: '/demo-assets/img/junior-football-boots-blue.svg',
              full_src_w: 1200,
              full_src_h: 1200,
              gallery_thumbnail_src: '/demo-assets/img/junior-football-boots-blue.svg',
              alt: 'Junior Football Boots in blue',
              title: 'Junior Football Boots in blue',
              caption: '',
            },
          },
        ],
      }),
    );
  });
  await expectCurrent(page, 1);
  await expect(currentSlide(page).getByRole('img')).toHaveAttribute('alt', 'Junior Football Boots in blue');
  await page.evaluate(() =>
    document.body.dispatchEvent(new CustomEvent('reset_image', { bubbles: true, detail: [] })),
  );
  await expect(currentSlide(page).getByRole('img')).toHaveAttribute('alt', 'Junior Football Boots');
});

test('no axe violations with the gallery and with the viewer open', async ({ page }) => {
  await gotoMounted(page, BOOTS);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const gallerySelector = '[data-island="product-gallery"]';
  expect(
    (await new AxeBuilder({ page }).include(gallerySelector).withTags(tags).analyze()).violations,
  ).toEqual([]);
  await gallery(page).getByRole('button', { name: TRIGGER }).click();
  await expect(counter(page)).toHaveText('1 / 4');
  expect((await new AxeBuilder({ page }).include('.pswp').withTags(tags).analyze()).violations).toEqual([]);
});

test('CLS is 0 while the gallery mounts', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as Window & { __shifts?: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shifts! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoMounted(page, BOOTS);
  await expect(gallery(page)).toHaveAttribute('data-island-state', 'mounted');
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as Window & { __shifts?: number }).__shifts)).toBe(0);
});

// A touch screen on the desktop project too (the mobile project is a phone).
test.describe('touch', () => {
  test.use({ hasTouch: true });

  test('@mobile taps open the viewer at the tapped thumbnail; swipes slide the gallery', async ({ page }) => {
    await gotoMounted(page, BOOTS);
    await thumb(page, 3).tap();
    await expectCurrent(page, 3);
    await gallery(page).getByRole('button', { name: TRIGGER }).tap();
    await expect(counter(page)).toHaveText('3 / 4');
    await viewer(page).getByRole('button', { name: 'Close (Esc)' }).tap();
    await expect(viewer(page)).toHaveCount(0);

    // Swipes (raw touch events: Playwright has no swipe).
    const box = (await gallery(page).locator('.si-gallery__viewport').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      const at = (f: number) => [{ x: box.x + box.width * f, y }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
      for (let step = 1; step <= 6; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: at(from + ((to - from) * step) / 6),
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(0.8, 0.2); // to the left: the next image
    await expectCurrent(page, 4);
    await swipe(0.8, 0.2); // no looping
    await expectCurrent(page, 4);
    await swipe(0.2, 0.8); // to the right: the previous one
    await expectCurrent(page, 3);
  });
});
