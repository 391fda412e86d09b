/**
 * The lookbook (issue #16, storefront.md §9 "Sliders and carousels", §5 "Anchors"): the hero slider
 * (Previous / Next / Pause / Play, autoplay every 7000 ms), the products carousel (3 / 2 / 1 per view
 * by width, one at a time, swipes), the one-slide carousel (does not start), the anchor links (80 px
 * offset, focus moved; an invalid id left to the browser); axe, CLS 0 and 320 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, gotoMounted, island, tabTo, test, visit, waitForIslands } from './fixtures';

const PATH = '/lookbook/';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const slider = (page: Page) => page.getByRole('region', { name: 'Lookbook highlights' });
const products = (page: Page) => page.getByRole('region', { name: 'Featured products' });
const slidesOf = (region: Locator) => region.locator(':scope > ul.slides > li');
/** Indexes of the slides in reach (not inert). */
const reachable = (region: Locator) =>
  slidesOf(region).evaluateAll((items) => items.flatMap((li, i) => (li.hasAttribute('inert') ? [] : [i])));
const liveRegion = (page: Page) => page.locator('#shop-islands-live');

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The slide shown by the slider: its caption link is visible, the others' are not. */
async function expectShownSlide(page: Page, link: string) {
  await expect(slider(page).getByRole('link', { name: link, exact: true })).toBeVisible();
  await expect(slider(page).getByRole('link')).toHaveCount(1);
}

test.describe('slider', () => {
  test('Previous / Next with the pointer and the keyboard; the position is announced', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoMounted(page, PATH);
    const region = slider(page);
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expectShownSlide(page, 'Shop running');
    // Reduced motion: it does not start by itself; 'Play' is offered.
    await expect(region.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    await region.getByRole('button', { name: 'Next', exact: true }).click();
    await expectShownSlide(page, 'Shop tennis');
    await expect(liveRegion(page)).toHaveText('Slide 2 of 5');
    await region.getByRole('button', { name: 'Previous', exact: true }).click();
    await region.getByRole('button', { name: 'Previous', exact: true }).click();
    await expectShownSlide(page, 'Shop goalkeeping');
    await expect(liveRegion(page)).toHaveText('Slide 5 of 5');

    // Keyboard: the controls come first, in this order, then the shown slide's link.
    await page.locator('body').focus();
    await tabTo(page, region.getByRole('button', { name: 'Play', exact: true }));
    await page.keyboard.press('Tab');
    await expect(region.getByRole('button', { name: 'Previous', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(region.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectShownSlide(page, 'Shop running');
    await page.keyboard.press('Space');
    await expectShownSlide(page, 'Shop tennis');
    await page.keyboard.press('Tab');
    // The hidden slides' links are out of the Tab order.
    await expect(region.getByRole('link', { name: 'Shop tennis' })).toBeFocused();
  });

  test('autoplay moves on every 7000 ms; Pause stops it, Play starts it again', async ({ page }) => {
    await page.clock.install();
    await gotoMounted(page, PATH);
    await page.mouse.move(0, 0);
    const now = await page.evaluate(() => Date.now());
    // Time stops (a little ahead: the page keeps running until the call lands).
    await page.clock.pauseAt(now + 1000);
    await expectShownSlide(page, 'Shop running');
    await page.clock.runFor(7000);
    await expectShownSlide(page, 'Shop tennis');
    await page.clock.runFor(7000);
    await expectShownSlide(page, 'Shop football');
    // Moving by itself announces nothing.
    await expect(liveRegion(page)).toHaveCount(0);

    const pause = slider(page).getByRole('button', { name: 'Pause', exact: true });
    await pause.click();
    const play = slider(page).getByRole('button', { name: 'Play', exact: true });
    await expect(play).toBeVisible();
    await page.clock.runFor(30_000);
    await expectShownSlide(page, 'Shop football');

    await play.click();
    await expect(slider(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await page.clock.runFor(7000);
    await expectShownSlide(page, 'Shop running kit');
  });

  test('autoplay waits while the pointer is over the slides', async ({ page }) => {
    await page.clock.install();
    await gotoMounted(page, PATH);
    const now = await page.evaluate(() => Date.now());
    // Time stops (a little ahead: the page keeps running until the call lands).
    await page.clock.pauseAt(now + 1000);
    await slider(page).getByText('Road to trail').hover();
    await page.clock.runFor(20_000);
    await expectShownSlide(page, 'Shop running');
    await page.mouse.move(0, 0);
    await page.clock.runFor(7000);
    await expectShownSlide(page, 'Shop tennis');
  });
});

test.describe('carousel', () => {
  for (const [width, perView] of [
    [1280, 3],
    [900, 2],
    [390, 1],
  ] as const) {
    test(`${width} px wide: ${perView} in view, Next / Previous one at a time`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoMounted(page, PATH);
      const region = products(page);
      await region.scrollIntoViewIfNeeded();
      const cards = slidesOf(region);
      const inView = Array.from({ length: perView }, (_, i) => i);
      await expect.poll(() => reachable(region)).toEqual(inView);
      for (const i of inView) await expect(cards.nth(i)).toBeInViewport({ ratio: 0.95 });
      // (A sub-pixel sliver of the next one may touch the edge.)
      await expect(cards.nth(perView)).not.toBeInViewport({ ratio: 0.01 });

      const previous = region.getByRole('button', { name: 'Previous', exact: true });
      const next = region.getByRole('button', { name: 'Next', exact: true });
      await expect(previous).toBeDisabled();
      await next.click();
      await expect.poll(() => reachable(region)).toEqual(inView.map((i) => i + 1));
      await expect(cards.nth(perView)).toBeInViewport({ ratio: 0.95 });
      await expect(cards.nth(0)).not.toBeInViewport({ ratio: 0.01 });
      await previous.click();
      await expect.poll(() => reachable(region)).toEqual(inView);

      // To the end: Next is disabled there.
      for (let i = 0; i < 8 - perView; i += 1) await next.click();
      await expect(next).toBeDisabled();
      await expect(cards.nth(7)).toBeInViewport({ ratio: 0.95 });
      await expect.poll(() => reachable(region)).toEqual(inView.map((i) => i + 8 - perView));
    });
  }

  test('the Tab order reaches only the products in view', async ({ page }) => {
    await gotoMounted(page, PATH);
    const region = products(page);
    await tabTo(page, region.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // The second product's link (the first is out of view, inert).
    await expect(slidesOf(region).nth(1).getByRole('link')).toBeFocused();
  });

  test('a swipe moves it on a phone @mobile', async ({ page }, testInfo) => {
    test.skip(!testInfo.project.use.hasTouch, 'touch only');
    await gotoMounted(page, PATH);
    const region = products(page);
    await region.scrollIntoViewIfNeeded();
    const box = (await region.locator(':scope > ul.slides').boundingBox())!;
    const y = box.y + box.height / 3;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 5; step += 1) {
        const x = fromX + ((toX - fromX) * step) / 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await expect.poll(() => reachable(region)).toEqual([0]);
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect.poll(() => reachable(region)).toEqual([1]);
    await expect(slidesOf(region).nth(1)).toBeInViewport({ ratio: 0.95 });
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect.poll(() => reachable(region)).toEqual([0]);
  });

  test('a carousel of one slide does not start: the list stays, without buttons', async ({ page }) => {
    await gotoMounted(page, PATH);
    const gifts = island(page, 'carousel').nth(0);
    expect(gifts).toBeTruthy();
    const container = page.locator('[data-island="carousel"]').nth(1);
    await expect(container).toHaveAttribute('data-island-state', 'mounted');
    await expect(container.getByRole('button')).toHaveCount(0);
    await expect(container).not.toHaveAttribute('role', 'region');
    await expect(container.locator('li')).toHaveCount(1);
    await expect(container.locator('li')).not.toHaveAttribute('inert');
    await expect(container.getByRole('link', { name: 'Browse the shop' })).toBeVisible();
  });
});

test.describe('anchor links', () => {
  const top = (page: Page, id: string) =>
    page.evaluate(
      (target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top) || 0,
      id,
    );

  test('a valid anchor scrolls smoothly to 80 px below the top and moves the focus', async ({ page }) => {
    await gotoMounted(page, PATH);
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Tennis' })
      .click();
    await expect.poll(() => top(page, 'tennis')).toBe(80);
    await expect(page.locator('#tennis')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('#tennis');
    // Back to the contents (a valid anchor too), then the browser's Back returns the hash.
    await page.getByRole('link', { name: 'Back to the contents' }).nth(1).click();
    await expect.poll(() => top(page, 'contents')).toBe(80);
    await expect(page.locator('#contents')).toBeFocused();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('#tennis');
  });

  test('with reduced motion it jumps at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoMounted(page, PATH);
    await page.locator('#contents').getByRole('link', { name: 'Football', exact: true }).click();
    expect(await top(page, 'football')).toBe(80);
    await expect(page.locator('#football')).toBeFocused();
  });

  test('an invalid id (#1-top) is left to the browser', async ({ page }) => {
    await gotoMounted(page, PATH);
    await expect(island(page, 'anchor-scroll')).toHaveAttribute('data-island-state', 'mounted');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const link = page.getByRole('link', { name: 'Top of the page' });
    await link.click();
    // The browser's own jump: the target at the very top (no 80 px offset), no tabindex added.
    await expect.poll(() => top(page, '1-top')).toBe(0);
    await expect(page.locator('[id="1-top"]')).not.toHaveAttribute('tabindex');
    expect(new URL(page.url()).hash).toBe('#1-top');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the lists scroll sideways, one slide / 3 products per view, every link there', async ({ page }) => {
    await visit(page, PATH);
    const measure = (name: string, index = 0) =>
      page
        .locator(`[data-island="${name}"]`)
        .nth(index)
        .locator(':scope > ul.slides')
        .evaluate((list) => ({
          scrolls: list.scrollWidth > list.clientWidth,
          width: list.clientWidth,
          slides: Array.from(list.children).map((li) => li.getBoundingClientRect().width),
          links: list.querySelectorAll('a[href]').length,
        }));
    const slides = await measure('slider');
    expect(slides.scrolls).toBe(true);
    expect(slides.slides).toHaveLength(5);
    for (const width of slides.slides) expect(width).toBeCloseTo(slides.width, 0);
    expect(slides.links).toBe(5);
    const products = await measure('carousel');
    expect(products.scrolls).toBe(true);
    for (const width of products.slides) expect(width).toBeCloseTo(products.width / 3, 0);
    expect(products.links).toBe(8);
    // A link of a slide out of view is reached with Tab, and scrolled into view.
    const last = page.getByRole('link', { name: 'Shop goalkeeping' });
    await tabTo(page, last);
    await expect(last).toBeInViewport();
  });
});

test('no WCAG 2.1 A/AA violations, before and after moving @mobile', async ({ page }) => {
  await gotoMounted(page, PATH);
  await expectNoViolations(page);
  await slider(page).getByRole('button', { name: 'Next', exact: true }).click();
  await products(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expectNoViolations(page);
});

test('320 px: nothing overflows, every control can be pointed at and works', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await gotoMounted(page, PATH);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const region of [slider(page), products(page)]) {
    for (const name of ['Previous', 'Next']) {
      const control = region.getByRole('button', { name, exact: true });
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  }
  await products(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => reachable(products(page))).toEqual([1]);
  await expect(slider(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expectNoViolations(page);
});

/** Records every layout shift not caused by input (as e2e/cls.spec.ts does). */
function observeLayoutShifts() {
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null }[];
  }
  const shifts: { value: number; nodes: string[] }[] = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        nodes: (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

for (const width of [1280, 390]) {
  test(`${width} px: CLS is 0 while the page loads and the islands mount`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(observeLayoutShifts);
    await visit(page, PATH);
    await waitForIslands(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts,
    );
    expect(
      shifts.reduce((sum, s) => sum + s.value, 0),
      JSON.stringify(shifts, null, 2),
    ).toBe(0);
  });
}
