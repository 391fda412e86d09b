/**
 * Share buttons on the demo's contact page (demo/chrome/contact.ts): a network's link opens its
 * share page in a popup window (with the page's URL encoded in it) and the page stays; email keeps
 * its mailto: link; print prints; where the browser has the Web Share API a Share button opens it.
 * The networks' sites are answered locally (no network in the tests).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, gotoMounted, nextFrames, test } from './fixtures';

const CONTACT = '/contact/';
const shareList = (page: Page) => page.locator('[data-island="share-buttons"] ul.share-buttons');

/** The networks' share pages, answered by the test. */
const answerNetworks = (context: BrowserContext) =>
  context.route(/^https:\/\/(www\.facebook\.com|x\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>Share</title><p>Shared</p>' }),
  );

test.describe('share buttons', () => {
  test('Facebook opens its sharer in a popup with the page’s URL; the page stays', async ({
    page,
    context,
  }) => {
    await answerNetworks(context);
    await gotoMounted(page, CONTACT);
    const pageUrl = new URL(CONTACT, page.url()).href;
    const facebook = shareList(page).getByRole('link', { name: /^Share on Facebook/ });
    await expect(facebook).toHaveAccessibleName('Share on Facebook (opens in a new window)');
    const [popup] = await Promise.all([context.waitForEvent('page'), facebook.click()]);
    await popup.waitForLoadState();
    const shared = new URL(popup.url());
    expect(shared.origin + shared.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(shared.searchParams.get('u')).toBe(pageUrl);
    expect(popup.url()).toContain(`u=${encodeURIComponent(pageUrl)}`);
    // noopener: the network's page has no handle on the shop's.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(pageUrl);
    await popup.close();
  });

  test('X opens its tweet intent with the URL and the title', async ({ page, context }) => {
    await answerNetworks(context);
    await gotoMounted(page, CONTACT);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      shareList(page)
        .getByRole('link', { name: /^Share on X/ })
        .click(),
    ]);
    await popup.waitForLoadState();
    const shared = new URL(popup.url());
    expect(shared.origin + shared.pathname).toBe('https://x.com/intent/tweet');
    expect(shared.searchParams.get('url')).toBe(new URL(CONTACT, page.url()).href);
    expect(shared.searchParams.get('text')).toBe('Contact us – Shop Islands Demo');
    await popup.close();
  });

  test('email is a mailto: link with the title and the URL', async ({ page }) => {
    await gotoMounted(page, CONTACT);
    const email = shareList(page).getByRole('link', { name: 'Share by email' });
    const href = (await email.getAttribute('href'))!;
    expect(href.startsWith('mailto:?')).toBe(true);
    const query = new URLSearchParams(href.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('Contact us – Shop Islands Demo');
    expect(query.get('body')).toBe(new URL(CONTACT, page.url()).href);
  });

  test('print prints the page', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as Window & { printed?: number };
      w.printed = 0;
      window.print = () => {
        w.printed = (w.printed ?? 0) + 1;
      };
    });
    await gotoMounted(page, CONTACT);
    await shareList(page).getByRole('button', { name: 'Print this page' }).click();
    expect(await page.evaluate(() => (window as Window & { printed?: number }).printed)).toBe(1);
  });

  test('no Share button without the Web Share API; with it, the share sheet gets the title and URL', async ({
    page,
  }) => {
    await gotoMounted(page, CONTACT);
    await expect(shareList(page).getByRole('button', { name: 'Share', exact: true })).toHaveCount(
      (await page.evaluate(() => typeof navigator.share === 'function')) ? 1 : 0,
    );
    await page.addInitScript(() => {
      const w = window as Window & { shared?: unknown[] };
      w.shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          w.shared!.push(data);
          return Promise.reject(new DOMException('Share canceled', 'AbortError'));
        },
      });
    });
    await gotoMounted(page, CONTACT);
    await shareList(page).getByRole('button', { name: 'Share', exact: true }).click();
    expect(await page.evaluate(() => (window as Window & { shared?: unknown[] }).shared)).toEqual([
      { title: 'Contact us – Shop Islands Demo', url: new URL(CONTACT, page.url()).href },
    ]);
  });

  test('a Ctrl-click is the browser’s: no popup is opened by the island', async ({ page }) => {
    await gotoMounted(page, CONTACT);
    await page.evaluate(() => {
      const w = window as Window & { opened?: number };
      w.opened = 0;
      window.open = () => {
        w.opened = (w.opened ?? 0) + 1;
        return null;
      };
      // The browser's own new-tab action is not what is tested: stop it.
      document.addEventListener('click', (event) => event.preventDefault());
    });
    await shareList(page)
      .getByRole('link', { name: /^Share on Facebook/ })
      .click({ modifiers: ['Control'] });
    expect(await page.evaluate(() => (window as Window & { opened?: number }).opened)).toBe(0);
  });

  test('no accessibility violations; at 320 px every control fits @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await gotoMounted(page, CONTACT);
    const results = await new AxeBuilder({ page })
      .include('[data-island="share-buttons"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    for (const control of await shareList(page).locator('a, button').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  for (const width of [1280, 320]) {
    test(`mounting moves nothing on the page (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        const w = window as Window & { shifted?: number };
        w.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) w.shifted = (w.shifted ?? 0) + entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await gotoMounted(page, CONTACT);
      await shareList(page).scrollIntoViewIfNeeded();
      await nextFrames(page);
      await expect(shareList(page).getByRole('button', { name: 'Print this page' })).toBeVisible();
      expect(await page.evaluate(() => (window as Window & { shifted?: number }).shifted)).toBe(0);
    });
  }
});
