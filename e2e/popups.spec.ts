/**
 * Popups (storefront.md §3 "Popup settings", §4 "Popups", §9 "Popup focus delay 250 ms") on the
 * demo's popup pages (demo/chrome/popups.ts): a journey per trigger, the keyboard path, axe on an
 * open popup, 320 px, what the browser remembers (times per session, do not show again), and the
 * dialog's code fetched only when a popup shows. Time is the page's fake clock where a test waits
 * for seconds (`page.clock`): nothing sleeps.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, island, nextFrames, tabTo, test, type ConsoleErrors } from './fixtures';

const STORAGE_KEY = 'shop-islands-popups';

const popupDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const anyDialog = (page: Page) => page.locator('.shop-popup-host [role="dialog"]');
const closeButton = (page: Page, name: string) =>
  popupDialog(page, name).getByRole('button', { name: 'Close' });

/**
 * The page's clock, fake and stopped: timers fire only when a test moves it on (`runFor`), however
 * long the page takes to load.
 */
async function stopClock(page: Page, consoleErrors: ConsoleErrors): Promise<void> {
  // Moving the fake clock on by seconds also runs out the cart fragments' 5000 ms time-out while
  // their (real) request is on its way: not what these tests are about.
  consoleErrors.allow(/cart fragments could not be refreshed/);
  await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T10:00:01Z'));
}

/**
 * Waits for the popups engine to be running (with a stopped clock, the runtime's `load` strategy
 * needs its task to run: one millisecond).
 */
async function engineRunning(page: Page, clockStopped: boolean): Promise<void> {
  if (clockStopped) await page.clock.runFor(1);
  await expect(island(page, 'popups')).toHaveAttribute('data-island-state', 'mounted');
}

/** Opens `path` and waits for the popups engine to be running. */
async function open(page: Page, path: string, clockStopped = false): Promise<void> {
  await page.goto(path);
  await engineRunning(page, clockStopped);
}

/** Every request for a lazy chunk of the popups: the dialog's (PopupDialog.tsx) by default. */
function chunkRequests(page: Page, chunk = 'PopupDialog'): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new RegExp(`/assets/${chunk}-[\\w-]+\\.js`).test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** What the engine stored for popup `id` (null before anything was). */
const stored = (page: Page, id: number) =>
  page.evaluate(
    ([key, popup]) => {
      const memory = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        popups: Record<string, { shown: number[]; never: boolean }>;
      } | null;
      return memory?.popups[popup] ?? null;
    },
    [STORAGE_KEY, String(id)] as const,
  );

/** Scrolls the window to `fraction` of its scrollable height, then lets two frames pass. */
async function scrollToFraction(page: Page, fraction: number): Promise<void> {
  await page.evaluate((f) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.round(scrollable * f));
  }, fraction);
  await nextFrames(page);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('.shop-popup-host')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('popups', () => {
  test('page load: shows after 2 s, its code fetched only then; once per session', async ({
    page,
    consoleErrors,
  }) => {
    const chunks = chunkRequests(page);
    // Its devices condition is one of the rules fetched when a trigger fires (widgets/popups/rules.ts).
    const rules = chunkRequests(page, 'rules');
    await stopClock(page, consoleErrors);
    await open(page, '/popups/page-load/', true);
    await page.clock.runFor(1900);
    await expect(anyDialog(page)).toHaveCount(0);
    expect(chunks, 'the dialog code waits for a popup to show').toEqual([]);
    expect(rules, 'the lazy rules wait for a trigger to fire').toEqual([]);

    await page.clock.runFor(100);
    const dialog = popupDialog(page, 'Join our newsletter');
    await expect(dialog).toBeVisible();
    expect(chunks).toHaveLength(1);
    expect(rules).toHaveLength(1);
    // The content is the popup's template: a form that posts as the server made it.
    await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).toBeVisible();
    await page.clock.runFor(250); // the focus moves in (until then the dialog takes no input)
    await expect(dialog.getByRole('button', { name: 'Sign up' })).toBeVisible();
    // close_button_delay 0: the close button is there at once.
    await expect(closeButton(page, 'Join our newsletter')).toHaveCSS('opacity', '1');
    expect((await stored(page, 11))?.shown).toHaveLength(1);

    await closeButton(page, 'Join our newsletter').click();
    await expect(anyDialog(page)).toHaveCount(0);

    // times: 1 per session: the same session does not see it again.
    await page.reload();
    await engineRunning(page, true);
    await page.clock.runFor(5000);
    await expect(anyDialog(page)).toHaveCount(0);
    expect((await stored(page, 11))?.shown).toHaveLength(1);
  });

  test('scrolling: shows past 40 % down; closed with "do not show again", it stays away after a reload', async ({
    page,
  }) => {
    await open(page, '/popups/scrolling/');
    await scrollToFraction(page, 0.25);
    await expect(anyDialog(page)).toHaveCount(0);
    await scrollToFraction(page, 0.5);
    const dialog = popupDialog(page, 'Free shipping on boots');
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(anyDialog(page)).toHaveCount(0);
    expect((await stored(page, 12))?.never).toBe(true);

    await page.reload();
    await expect(island(page, 'popups')).toHaveAttribute('data-island-state', 'mounted');
    await scrollToFraction(page, 0.1);
    await scrollToFraction(page, 0.9);
    await nextFrames(page, 3);
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('scrolling to an element: shows when #reviews-teaser comes into view; the backdrop does not close it', async ({
    page,
  }) => {
    await open(page, '/popups/scrolling-to/');
    await expect(anyDialog(page)).toHaveCount(0);
    await page.locator('#reviews-teaser').scrollIntoViewIfNeeded();
    const dialog = popupDialog(page, 'Loved by young players');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog).toBeVisible();
    await closeButton(page, 'Loved by young players').click();
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('click: shows at the third click anywhere and closes by itself after 10 s', async ({
    page,
    consoleErrors,
  }) => {
    await stopClock(page, consoleErrors);
    await open(page, '/popups/click/', true);
    const text = page.locator('.popup-demo-trigger');
    await text.click();
    await text.click();
    await page.clock.runFor(500);
    await expect(anyDialog(page)).toHaveCount(0);
    await text.click();
    const dialog = popupDialog(page, 'Need help choosing a size?');
    await expect(dialog).toBeVisible();
    await page.clock.runFor(9000);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(1000);
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('inactivity: shows after 5 s without input; Escape and backdrop prevented, the close button reachable by keyboard', async ({
    page,
    consoleErrors,
  }) => {
    await stopClock(page, consoleErrors);
    await open(page, '/popups/inactivity/', true);
    await page.clock.runFor(3000);
    await page.mouse.move(200, 300); // activity: the 5 s start again
    await page.clock.runFor(3000);
    await expect(anyDialog(page)).toHaveCount(0);
    await page.clock.runFor(2100);
    const dialog = popupDialog(page, 'Still looking?');
    await expect(dialog).toBeVisible();
    await page.clock.runFor(250);
    await expect(dialog).toBeFocused();

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // Not shown yet (close_button_delay 3 s)…
    const close = closeButton(page, 'Still looking?');
    await expect(close).toHaveCSS('opacity', '0');
    // …but Tab reaches it and it shows while focused: nobody is shut in.
    await tabTo(page, close, 5);
    await expect(close).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('inactivity: the close button shows after 3 s', async ({ page, consoleErrors }) => {
    await stopClock(page, consoleErrors);
    await open(page, '/popups/inactivity/', true);
    await page.clock.runFor(5100);
    const close = closeButton(page, 'Still looking?');
    await expect(close).toHaveCSS('opacity', '0');
    await page.clock.runFor(3000);
    await expect(close).toHaveCSS('opacity', '1');
    await close.click();
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('exit intent: the pointer leaving through the top shows it', async ({ page }) => {
    await open(page, '/popups/exit-intent/');
    await page.mouse.move(600, 400);
    await page.mouse.move(600, 200);
    await expect(anyDialog(page)).toHaveCount(0);
    await page.mouse.move(600, -10, { steps: 4 });
    const dialog = popupDialog(page, 'Before you go');
    await expect(dialog).toBeVisible();
    // prevent_close_on_esc_key: Escape does nothing; the backdrop closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(anyDialog(page)).toHaveCount(0);
  });

  test('exit intent on a touch screen: a fast flick back up shows it @mobile', async ({ page, hasTouch }) => {
    test.skip(!hasTouch, 'touch screens only (the mobile project)');
    await open(page, '/popups/exit-intent/');
    await page.evaluate(() => window.scrollTo(0, 1400));
    await nextFrames(page, 3);
    // A slow drag upward is reading, not leaving.
    await page.evaluate(async () => {
      for (let i = 0; i < 6; i += 1) {
        window.scrollBy(0, -20);
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    });
    await nextFrames(page, 3);
    await expect(anyDialog(page)).toHaveCount(0);
    // A flick: 400 px up within a few frames.
    await page.evaluate(async () => {
      for (let i = 0; i < 4; i += 1) {
        window.scrollBy(0, -100);
        await new Promise(requestAnimationFrame);
      }
    });
    await expect(popupDialog(page, 'Before you go')).toBeVisible();
  });

  test('ad blocker: shows 1 s after load when the bait is hidden', async ({ page }) => {
    // What a blocker's cosmetic filter does: hide the usual advert class names.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '.adsbox, .ad-banner { display: none !important; }';
        document.head.append(style);
      });
    });
    await open(page, '/popups/adblock/');
    await expect(popupDialog(page, 'Using an ad blocker?')).toBeVisible();
    await expect(page.locator('.adsbox')).toHaveCount(0);
  });

  test('ad blocker: nothing shows without one', async ({ page, consoleErrors }) => {
    const chunks = chunkRequests(page);
    await stopClock(page, consoleErrors);
    await open(page, '/popups/adblock/', true);
    await page.clock.runFor(1200); // the delay, and the frame after it
    // The bait was checked and removed; no popup, no dialog code.
    await expect(page.locator('.adsbox')).toHaveCount(0);
    await expect(anyDialog(page)).toHaveCount(0);
    expect(chunks).toEqual([]);
  });

  test('open on click, by keyboard: focus moves in after 250 ms, Tab stays inside, Escape closes and the focus returns', async ({
    page,
    consoleErrors,
  }) => {
    await stopClock(page, consoleErrors);
    await open(page, '/popups/', true);
    const link = page.getByRole('link', { name: 'Boot size tips' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = popupDialog(page, 'Boot size tips');
    await expect(dialog).toBeVisible();
    // A same-page link: the popup opened instead of the jump.
    expect(new URL(page.url()).hash).toBe('');
    await expect(link).toBeFocused();
    await page.clock.runFor(250);
    await expect(dialog).toBeFocused();

    await page.clock.resume(); // axe waits with timers
    await expectNoAxeViolations(page);

    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(anyDialog(page)).toHaveCount(0);
    await expect(link).toBeFocused();

    // It opens again at every click (not a timing trigger).
    await link.click();
    await expect(dialog).toBeVisible();
  });

  test('320 px: the popup fits the screen and its content scrolls inside', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 320, height: 280 });
    await stopClock(page, consoleErrors);
    await open(page, '/popups/page-load/', true);
    await page.clock.runFor(2000);
    const dialog = popupDialog(page, 'Join our newsletter');
    await expect(dialog).toBeVisible();
    await page.clock.runFor(250);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(280);
    const scrolls = await dialog.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    await dialog.getByRole('button', { name: 'Sign up' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Sign up' })).toBeInViewport();
    await expect(closeButton(page, 'Join our newsletter')).toBeVisible();
  });
});
