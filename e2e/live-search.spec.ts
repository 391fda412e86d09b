/**
 * CommerceKit's basic live search in the header of every demo page (storefront.md §2.4, §4 "Search
 * popup", §5 "Search", §7, §8, §9; issue #15): its JavaScript is fetched on the field's first focus
 * and never before, the keys typed meanwhile are kept and searched; "find a product by search with
 * the keyboard only" (ArrowDown + Enter opens a product), the 'view all' link and Enter open the
 * results page; a short query is not submitted; a failed or malformed answer hides the popup; axe
 * over each state; 320 px; the mount does not move the form; and the form works without JavaScript.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, island, nextFrames, tabTo, test, visit, waitForIslands } from './fixtures';

const SEARCH = /[?&]action=commercekit_ajax_search(?:&|$)/;
const HINT = 'Please enter at least 3 characters.';

const liveSearch = (page: Page) => island(page, 'live-search');
const field = (page: Page) => liveSearch(page).getByRole('combobox', { name: 'Search for:' });
const fallbackField = (page: Page) => liveSearch(page).getByRole('searchbox', { name: 'Search for:' });
const options = (page: Page) => liveSearch(page).getByRole('option');

/** The search requests the page sends, and every script it fetches, in order. */
function watchRequests(page: Page) {
  const searches: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    const url = request.url();
    if (SEARCH.test(url)) searches.push(new URL(url).searchParams.get('query') ?? '');
    if (request.resourceType() === 'script') scripts.push(url);
  });
  return { searches, scripts };
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-island="live-search"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The boxes of the form, the field and the button (to compare before and after the mount). */
const boxes = (page: Page) =>
  liveSearch(page).evaluate((container) =>
    ['form', 'input[name="s"]', 'button[type="submit"]'].map((selector) => {
      const box = container.querySelector(selector)!.getBoundingClientRect();
      // In the document's coordinates: the page may have scrolled meanwhile.
      const [x, y] = [box.x + scrollX, box.y + scrollY];
      return [selector, Math.round(x), Math.round(y), Math.round(box.width), Math.round(box.height)];
    }),
  );

test.describe('find a product by search', () => {
  test('no search JavaScript before the first focus; the keys typed while it loads are kept and searched', async ({
    page,
  }) => {
    const seen = watchRequests(page);
    await visit(page, '/');
    await waitForIslands(page);
    const chunk = await liveSearch(page).getAttribute('data-island-src');
    expect(chunk).toMatch(/\/live-search-[\w-]+\.js$/);
    const chunkUrl = new URL(chunk!, page.url()).href;
    await page.waitForTimeout(300);
    expect(seen.scripts, 'the live search chunk is not fetched before the focus').not.toContain(chunkUrl);
    expect(seen.scripts.filter((url) => /\/(?:live-search|useCombobox)-/.test(url))).toEqual([]);
    const before = await boxes(page);

    // Focus and type at once, quickly: the island loads meanwhile.
    await fallbackField(page).focus();
    await page.keyboard.type('trail', { delay: 20 });
    await expect(liveSearch(page)).toHaveAttribute('data-island-state', 'mounted');
    expect(seen.scripts).toContain(chunkUrl);
    await expect(field(page)).toHaveValue('trail');
    await expect(field(page)).toBeFocused();
    await expect(options(page)).toHaveCount(3);
    expect(seen.searches.length, 'search requests for one typed query').toBeLessThanOrEqual(2);
    expect(seen.searches.at(-1)).toBe('trail');
    // The form did not move when the island replaced it.
    expect(await boxes(page)).toEqual(before);
  });

  test('with the keyboard only: Tab to the header search, type, ArrowDown + Enter opens the product', async ({
    page,
  }) => {
    const seen = watchRequests(page);
    await visit(page, '/');
    await waitForIslands(page);
    // The field itself, before and after the mount its first focus starts.
    await tabTo(page, liveSearch(page).locator('input[name="s"]'));
    await page.keyboard.type('trail');
    await expect(options(page)).toHaveCount(3);
    await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(options(page).first()).toContainText('Apex Glide Trail Shoes');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(field(page)).toHaveAttribute(
      'aria-activedescendant',
      'woocommerce-product-search-field-0-option-0',
    );
    await expect(options(page).first()).toHaveAttribute('id', 'woocommerce-product-search-field-0-option-0');
    await expectNoViolations(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/product/apex-glide-trail-shoes/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apex Glide Trail Shoes');
    expect(seen.searches).toEqual(['trail']);
  });

  test('a suggestion clicked opens its product', async ({ page }) => {
    await visit(page, '/');
    await fallbackField(page).click();
    await page.keyboard.type('sweatband');
    await options(page).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/product/sweatband/');
  });

  test("'view all' opens the search results, products only", async ({ page }) => {
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('trail');
    const viewAll = liveSearch(page).getByRole('link', { name: /^View all results \(\d+\)$/ });
    await expect(viewAll).toBeVisible();
    await viewAll.click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('s') === 'trail' && url.searchParams.get('post_type') === 'product',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results: \u201ctrail\u201d');
    // The results page prints the search in the field (get_search_query()).
    await expect(fallbackField(page).or(field(page))).toHaveValue('trail');
  });

  test('Enter with no suggestion chosen submits the search, spaces collapsed; below 3 characters it is blocked with a hint', async ({
    page,
  }) => {
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('tr');
    await expect(liveSearch(page)).toHaveAttribute('data-island-state', 'mounted');
    await page.keyboard.press('Enter');
    await expect(liveSearch(page).getByText(HINT)).toBeVisible();
    await expect(field(page)).toHaveAccessibleDescription(HINT);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expectNoViolations(page);

    await page.keyboard.type('ail   shoes');
    await expect(liveSearch(page).getByText(HINT)).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('s') === 'trail shoes' && url.searchParams.get('post_type') === 'product',
    );
  });

  test('no results: the no-results text, no view-all link; Escape and a click outside close the popup', async ({
    page,
  }) => {
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('zzzz');
    await expect(liveSearch(page).getByText('No results', { exact: true })).toBeVisible();
    await expect(liveSearch(page).getByRole('link')).toHaveCount(0);
    await expectNoViolations(page);
    await page.keyboard.press('Escape');
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('z');
    await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
    await page
      .locator('main, #content, body')
      .first()
      .click({ position: { x: 5, y: 400 } });
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('faults', () => {
  test('a failed search hides the popup and says nothing', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 500/);
    await page.route(SEARCH, (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Error</h1>' }),
    );
    await visit(page, '/');
    await fallbackField(page).focus();
    const answered = page.waitForResponse(SEARCH);
    await page.keyboard.type('trail');
    await answered;
    await nextFrames(page);
    await expect(liveSearch(page).locator('form')).not.toHaveAttribute('aria-busy');
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(liveSearch(page).getByRole('listbox')).toHaveCount(0);
    expect(consoleErrors.fromIslands()).toEqual([]);
  });

  test('a malformed answer hides the popup and is logged once', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/^\[shop-islands\] live search: /);
    await page.route(SEARCH, (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"suggestions":[{"data":"<a' }),
    );
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('trail');
    await expect.poll(() => consoleErrors.fromIslands().length).toBe(1);
    const answered = page.waitForResponse(SEARCH);
    await page.keyboard.type(' s');
    await answered;
    await nextFrames(page);
    await expect(liveSearch(page).locator('form')).not.toHaveAttribute('aria-busy');
    expect(consoleErrors.fromIslands()).toHaveLength(1);
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('hostile suggestion HTML runs nothing', async ({ page, consoleErrors }) => {
    // The broken image does load (and fail): its onerror is gone.
    consoleErrors.allow(/status of 404/);
    await page.route(SEARCH, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          suggestions: [
            { data: '<a href="javascript:window.hacked=1"><img src="x" onerror="window.hacked=2">Evil</a>' },
            {
              data: '<a href="/product/sweatband/"><b onmouseover="window.hacked=3">Sweatband</b></a><script>window.hacked=4</script>',
            },
          ],
          view_all_link: '<a href="javascript:window.hacked=5">View all</a>',
        }),
      }),
    );
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('evil');
    await expect(options(page)).toHaveCount(2);
    await options(page).nth(1).hover();
    await nextFrames(page);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await expect(options(page).first()).toHaveAttribute('aria-disabled', 'true');
    await expect(liveSearch(page).getByRole('link')).toHaveCount(0);
    // The pointer made the second one active; ArrowUp skips the first (it cannot be chosen) to the
    // field, ArrowDown comes back to it.
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(field(page)).not.toHaveAttribute('aria-activedescendant');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/product/sweatband/');
  });
});

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the popup fits the screen and its suggestions can be chosen', async ({ page }) => {
    await visit(page, '/');
    await fallbackField(page).focus();
    await page.keyboard.type('keeper');
    await expect(options(page)).toHaveCount(3);
    const popup = liveSearch(page).locator('.commercekit-ajs-results');
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(box.height).toBeLessThanOrEqual(600);
    await expectNoViolations(page);
    await options(page).nth(1).click();
    await expect(page).toHaveURL(/\/product\/[\w-]+\/\?cgkit_search_word=keeper$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("WooCommerce's form searches products", async ({ page }) => {
    await visit(page, '/');
    await fallbackField(page).fill('trail');
    await fallbackField(page).press('Enter');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('s') === 'trail' && url.searchParams.get('post_type') === 'product',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results: \u201ctrail\u201d');
  });
});
