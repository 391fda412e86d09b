/**
 * The product tabs and the product details accordion (storefront.md §2.5 "Tabs", "Details and
 * options", §4 "Accordion and tabs", §9) on the demo store's variable product: the opening rules
 * for deep links, the keyboard (arrows mirrored right-to-left, Home/End), the review link, the
 * accordion one section at a time, axe, no layout shift on mount, and a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  island,
  nextFrames,
  scrollIslandIntoView,
  scrollToCenter,
  test,
  waitForIslands,
} from './fixtures';

const BOOTS = '/product/junior-football-boots/';

const tablist = (page: Page) => page.getByRole('tablist');
const tab = (page: Page, name: RegExp | string) => tablist(page).getByRole('tab', { name });
const DESCRIPTION = 'Description';
const ADDITIONAL = 'Additional information';
const REVIEWS = /^Reviews \(\d+\)$/;

/**
 * Opens a product page and waits for this spec's islands (tabs, accordion, review form) to mount.
 * Only these: the spec does not depend on the page's other islands.
 */
async function gotoProduct(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // They mount when they near the viewport (below the fold): brought there as a shopper scrolls.
  // The review form waits in its panel until the reviews tab is open.
  for (const name of ['product-tabs', 'product-accordion']) await seen(page, name);
  await nextFrames(page);
}

/** Scrolls island `name` into view if it is not (it mounts when seen), and waits for it to mount. */
async function seen(page: Page, name: string): Promise<void> {
  await scrollIslandIntoView(page, name);
  await expect(island(page, name)).toHaveAttribute('data-island-state', 'mounted', { timeout: 10_000 });
}

async function expectOpen(page: Page, name: RegExp | string, panelId: string) {
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
  await expect(page.locator(`#${panelId}`)).toBeVisible();
  await expect(page.locator('.wc-tabs-wrapper > .wc-tab:visible')).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('product tabs', () => {
  test('the description opens first; the tabs are WAI-ARIA tabs over the server’s panels', async ({
    page,
  }) => {
    await gotoProduct(page, BOOTS);
    await expectOpen(page, DESCRIPTION, 'tab-description');
    await expect(tablist(page).getByRole('tab')).toHaveText([DESCRIPTION, ADDITIONAL, REVIEWS]);
    await expect(tab(page, DESCRIPTION)).toHaveAttribute('aria-controls', 'tab-description');
    await expect(tab(page, DESCRIPTION)).toHaveAttribute('tabindex', '0');
    await expect(tab(page, ADDITIONAL)).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('tabpanel', { name: DESCRIPTION })).toBeVisible();

    await tab(page, ADDITIONAL).click();
    await expectOpen(page, ADDITIONAL, 'tab-additional_information');
    // A tab opens in place: no jump, no hash.
    expect(new URL(page.url()).hash).toBe('');
    // The server's cells are still there for the variation form to write into.
    await expect(
      page.locator(
        '.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value',
      ),
    ).toBeVisible();
  });

  const deepLinks: [string, RegExp | string, string][] = [
    [`${BOOTS}#tab-reviews`, REVIEWS, 'tab-reviews'],
    [`${BOOTS}#reviews`, REVIEWS, 'tab-reviews'],
    [`${BOOTS}#comment-11`, REVIEWS, 'tab-reviews'],
    [`${BOOTS}?cpage=2`, REVIEWS, 'tab-reviews'],
    [`${BOOTS}comment-page-2/`, REVIEWS, 'tab-reviews'],
    [`${BOOTS}#tab-additional_information`, ADDITIONAL, 'tab-additional_information'],
    [`${BOOTS}#main`, DESCRIPTION, 'tab-description'],
  ];
  for (const [url, name, panel] of deepLinks) {
    test(`deep link ${url.replace(BOOTS, '…/')} opens ${String(name)}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      // The server's choice shows before the island mounts (no shift); it mounts once seen.
      await expect(page.locator(`#${panel}`)).toBeVisible();
      await seen(page, 'product-tabs');
      await expectOpen(page, name, panel);
    });
  }

  test('a hash change follows the opening rules', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    await page.evaluate(() => {
      window.location.hash = '#tab-additional_information';
    });
    await expectOpen(page, ADDITIONAL, 'tab-additional_information');
    await page.evaluate(() => {
      window.location.hash = '#comment-12';
    });
    await expectOpen(page, REVIEWS, 'tab-reviews');
    await page.evaluate(() => {
      window.location.hash = '#main';
    });
    await expectOpen(page, REVIEWS, 'tab-reviews');
  });

  test('arrows, Home and End move between the tabs and open them', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    await tab(page, DESCRIPTION).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, ADDITIONAL)).toBeFocused();
    await expectOpen(page, ADDITIONAL, 'tab-additional_information');
    await page.keyboard.press('End');
    await expect(tab(page, REVIEWS)).toBeFocused();
    await expectOpen(page, REVIEWS, 'tab-reviews');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, DESCRIPTION)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, REVIEWS)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(page, DESCRIPTION)).toBeFocused();
    await expectOpen(page, DESCRIPTION, 'tab-description');
    // Tab leaves the tab list for the open panel (roving tabindex).
    await page.keyboard.press('Tab');
    await expect(page.locator('#tab-description')).toBeFocused();
  });

  test('right to left: the arrows are mirrored', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    await page.evaluate(() => document.querySelector('.woocommerce-tabs')?.setAttribute('dir', 'rtl'));
    await tab(page, DESCRIPTION).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, ADDITIONAL)).toBeFocused();
    await expectOpen(page, ADDITIONAL, 'tab-additional_information');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, DESCRIPTION)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, REVIEWS)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(page, DESCRIPTION)).toBeFocused();
  });

  test('the review link in the summary opens the reviews and scrolls to them', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('a.woocommerce-review-link').click();
    await expectOpen(page, REVIEWS, 'tab-reviews');
    await expect(page.locator('#reviews')).toBeInViewport();
    expect(new URL(page.url()).hash).toBe('#reviews');
  });

  test('axe: no violations with each tab open', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    for (const name of [DESCRIPTION, ADDITIONAL, REVIEWS]) {
      await tab(page, name).click();
      await expectNoViolations(page);
    }
  });
});

test.describe('product details accordion', () => {
  const trigger = (page: Page, name: string) => page.getByRole('button', { name });

  test('one section open at a time, by mouse and keyboard', async ({ page }) => {
    await gotoProduct(page, BOOTS);
    const delivery = trigger(page, 'Delivery & returns');
    const size = trigger(page, 'Size & fit');
    await scrollToCenter(delivery);
    await expect(delivery).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Delivery & returns' })).toBeHidden();

    await delivery.click();
    await expect(delivery).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Delivery & returns' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Delivery & returns' })).toContainText('Free delivery');

    await size.click();
    await expect(size).toHaveAttribute('aria-expanded', 'true');
    await expect(delivery).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Delivery & returns' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Size & fit' })).toContainText('UK 1, UK 2, UK 3');

    await size.focus();
    await page.keyboard.press('ArrowDown');
    await expect(trigger(page, 'Care')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger(page, 'Care')).toHaveAttribute('aria-expanded', 'true');
    await expect(size).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(' ');
    await expect(trigger(page, 'Care')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Care' })).toBeHidden();
    await expectNoViolations(page);
  });

  test('reduced motion: sections open and close at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoProduct(page, BOOTS);
    await trigger(page, 'Care').click();
    await expect(page.getByRole('region', { name: 'Care' })).toBeVisible();
    const animations = await page.evaluate(() => document.getAnimations().length);
    expect(animations).toBe(0);
  });
});

test('a phone: tabs, review link, accordion', { tag: '@mobile' }, async ({ page }) => {
  await gotoProduct(page, BOOTS);
  await page.locator('a.woocommerce-review-link').click();
  await expectOpen(page, REVIEWS, 'tab-reviews');
  await scrollToCenter(tab(page, ADDITIONAL));
  await tab(page, ADDITIONAL).click();
  await expectOpen(page, ADDITIONAL, 'tab-additional_information');
  const care = page.getByRole('button', { name: 'Care' });
  await scrollToCenter(care);
  await care.click();
  await expect(page.getByRole('region', { name: 'Care' })).toBeVisible();
  await expectNoViolations(page);
});

interface Shift {
  value: number;
  sources: string[];
}

/** Runs in the page before its scripts: records every layout shift not caused by input. */
function observeLayoutShifts() {
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  const describeNode = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node ? node.nodeName : '(removed node)';
    const island = node.closest('[data-island]')?.getAttribute('data-island');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${Array.from(node.classList).join('.')}${island ? ` (in ${island})` : ''}`;
  };
  // x,y width×height, in CSS pixels.
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (s) => `${describeNode(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
          ),
        });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

test.describe('no layout shift when the product page islands mount (deep links included)', () => {
  for (const path of ['', '#tab-reviews', '#comment-11', '?cpage=2', '#tab-additional_information']) {
    test(`CLS 0: ${BOOTS}${path}`, { tag: '@mobile' }, async ({ page }) => {
      await page.addInitScript(observeLayoutShifts);
      // The whole page mounts (every island of the product page); e2e/cls.spec.ts covers the URLs
      // without a hash the same way.
      await gotoProduct(page, `${BOOTS}${path}`);
      await waitForIslands(page);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      const all = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      // The whole load counts, deep links included: the theme's inline script gives product-tabs.css
      // the hash before the first paint, so the linked panel is the one shown from the start.
      const shifts = all;
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        shifts.map((s) => `${s.value.toFixed(5)} ${s.sources.join(', ')}`).join('\n'),
      ).toBe(0);
    });
  }
});
