/**
 * Reviews on the demo store's variable product (storefront.md §2.5 "Reviews", §4 "Rating control",
 * §5 "Reviews", §8): a review by keyboard with a star rating, posted as WordPress's comment form
 * posts and shown awaiting approval; the required-rating alert; threaded replies and cancel reply;
 * Ctrl+Enter; the no-JS reply link; wp-comments-post.php's errors.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, island, nextFrames, scrollIslandIntoView, scrollToCenter, test } from './fixtures';

const BOOTS = '/product/junior-football-boots/';
const REQUIRED = 'Please select a rating';

const form = (page: Page) => page.locator('#commentform');
const star = (page: Page, n: number) => page.getByRole('radio', { name: `${n} of 5 stars` });
const text = (page: Page) => form(page).getByRole('textbox', { name: 'Your review *' });

/** Opens a product page and waits for the tabs, accordion and review form islands (only these). */
async function gotoProduct(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // They mount when seen (below the fold); the review form only once its tab is open.
  for (const name of ['product-tabs', 'product-accordion', 'product-reviews']) {
    const shown = island(page, name).locator(':scope > :not(script)').first();
    if (name === 'product-reviews' && !(await shown.isVisible())) continue;
    await scrollIslandIntoView(page, name);
    await expect(island(page, name)).toHaveAttribute('data-island-state', 'mounted', { timeout: 10_000 });
  }
  await nextFrames(page);
}

async function openReviews(page: Page) {
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await scrollToCenter(form(page));
  await expect(island(page, 'product-reviews')).toHaveAttribute('data-island-state', 'mounted');
  await nextFrames(page);
}

async function fillGuest(page: Page, review: string) {
  await text(page).fill(review);
  await form(page).getByRole('textbox', { name: 'Name *' }).fill('Aisling');
  await form(page).getByRole('textbox', { name: 'Email *' }).fill('aisling@example.com');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test(
  'a review by keyboard: stars, text, Ctrl+Enter; shown awaiting approval',
  { tag: '@mobile' },
  async ({ page }) => {
    await gotoProduct(page, `${BOOTS}#tab-reviews`);
    await scrollToCenter(form(page));
    await expect(page.getByRole('radiogroup', { name: 'Your rating *' })).toBeVisible();
    for (const n of [1, 2, 3, 4, 5]) await expect(star(page, n)).toHaveAttribute('aria-checked', 'false');

    await star(page, 1).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(star(page, 4)).toBeFocused();
    await expect(star(page, 4)).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('#rating')).toHaveValue('4');
    await page.keyboard.press('Tab');
    await expect(text(page)).toBeFocused();
    await page.keyboard.type('Great boots, my daughter wears them every weekend.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Aisling');
    await page.keyboard.press('Tab');
    await page.keyboard.type('aisling@example.com');
    await expectNoViolations(page);

    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/wp-comments-post.php') && r.method() === 'POST',
    );
    await page.keyboard.press('Control+Enter');
    const body = new URLSearchParams((await posted).postData() ?? '');
    expect(Object.fromEntries(body)).toMatchObject({
      rating: '4',
      comment: 'Great boots, my daughter wears them every weekend.',
      author: 'Aisling',
      email: 'aisling@example.com',
      submit: 'Submit',
      comment_post_ID: '18',
      comment_parent: '0',
    });
    await page.waitForURL(
      /\/product\/junior-football-boots\/\?unapproved=\d+&moderation-hash=[0-9a-f]+#comment-\d+$/,
    );
    const id = new URL(page.url()).hash.slice(1);
    const review = page.locator(`#${id}`);
    // The reviews panel shows at once; the tab list (above it, mounted when seen) says so too.
    await expect(page.locator('#tab-reviews')).toBeVisible();
    await scrollIslandIntoView(page, 'product-tabs');
    await expect(page.getByRole('tab', { name: /^Reviews/ })).toHaveAttribute('aria-selected', 'true');
    await expect(review).toContainText('Your review is awaiting approval');
    await expect(review).toContainText('Great boots, my daughter wears them every weekend.');
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  },
);

test('no rating: blocked with the inline alert, the stars get the focus', async ({ page }) => {
  await gotoProduct(page, BOOTS);
  await openReviews(page);
  await fillGuest(page, 'Forgot the stars.');
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/wp-comments-post.php')) posts += 1;
  });
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(REQUIRED);
  await expect(star(page, 1)).toBeFocused();
  await expect(page.getByRole('radiogroup', { name: 'Your rating *' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(posts).toBe(0);
  await expectNoViolations(page);
  // Ctrl+Enter runs the same check.
  await text(page).focus();
  await page.keyboard.press('Control+Enter');
  await expect(star(page, 1)).toBeFocused();
  expect(posts).toBe(0);
  // Choosing a rating clears the alert.
  await star(page, 5).click();
  await expect(form(page).getByRole('alert')).toHaveCount(0);
});

test('reply and cancel reply: the form moves below the review and back', async ({ page }) => {
  await gotoProduct(page, BOOTS);
  await openReviews(page);
  const reply = page.getByRole('link', { name: 'Reply to Conor' });
  await scrollToCenter(reply);
  await reply.click();
  await expect(page.locator('#li-comment-10 #respond')).toBeVisible();
  await expect(page.locator('#comment_parent')).toHaveValue('10');
  await expect(page.getByRole('heading', { name: /Reply to Conor/ })).toBeVisible();
  await expect(text(page)).toBeFocused();
  const cancel = page.getByRole('link', { name: 'Cancel reply' });
  await expect(cancel).toBeVisible();
  await expectNoViolations(page);
  expect(new URL(page.url()).search).toBe('');

  await cancel.click();
  await expect(page.locator('#review_form #respond')).toBeVisible();
  await expect(page.locator('#comment_parent')).toHaveValue('0');
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Add a review' })).toBeVisible();
  await expect(reply).toBeFocused();
});

test('a reply is posted under its review', async ({ page }) => {
  await gotoProduct(page, BOOTS);
  await openReviews(page);
  await page.getByRole('link', { name: 'Reply to Grace' }).click();
  await star(page, 5).click();
  await fillGuest(page, 'Agreed, the sizes are spot on.');
  await form(page)
    .getByRole('checkbox', { name: /Save my name/ })
    .check();
  await form(page).getByRole('button', { name: 'Submit' }).click();
  // With cookie consent WordPress finds the comment again through its cookies: no query arguments.
  await page.waitForURL(/\/product\/junior-football-boots\/#comment-\d+$/);
  const id = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`#li-comment-11 > ul.children #${id}`)).toContainText(
    'Agreed, the sizes are spot on.',
  );
  // The comment cookies fill the form in next time.
  await expect(form(page).getByRole('textbox', { name: 'Name *' })).toHaveValue('Aisling');
});

test('the shop manager’s threaded reply is listed under the review', async ({ page }) => {
  await gotoProduct(page, `${BOOTS}#comment-13`);
  const reply = page.locator('#li-comment-12 > ul.children > #li-comment-13');
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Demo Shop Manager');
  await expect(reply.locator('ul.children #comment-14')).toContainText('swapped them');
});

test('a reply link followed before (or without) the island: ?replytocom=', async ({ page }) => {
  await gotoProduct(page, `${BOOTS}?replytocom=11#respond`);
  await expect(page.locator('#comment_parent')).toHaveValue('11');
  await expect(page.getByRole('heading', { name: /Leave a Reply to Grace/ })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel reply' }).click();
  await expect(page.locator('#comment_parent')).toHaveValue('0');
  expect(new URL(page.url()).searchParams.has('replytocom')).toBe(false);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts with the rating select; every panel shows', async ({ page }) => {
    await page.goto(BOOTS);
    await expect(page.locator('#tab-description')).toBeVisible();
    await expect(page.locator('#tab-additional_information')).toBeVisible();
    await expect(page.locator('#tab-reviews')).toBeVisible();
    await page.locator('#rating').selectOption('3');
    await fillGuest(page, 'Works without scripts too.');
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/#comment-\d+$/);
    const id = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`#${id}`)).toContainText('Your review is awaiting approval');
  });
});

test.describe('wp-comments-post.php', () => {
  test('errors are WordPress’s wp_die pages', async ({ request }) => {
    const post = (form: Record<string, string>) =>
      request.post('/wp-comments-post.php', { form, maxRedirects: 0 });
    const missing = await post({ comment_post_ID: '18', comment: 'Hi', rating: '5' });
    expect(missing.status()).toBe(200);
    expect(await missing.text()).toContain('<strong>Error:</strong> Please fill the required fields.');
    expect(await missing.text()).toContain('<title>Comment Submission Failure</title>');

    const noRating = await post({
      comment_post_ID: '18',
      comment: 'Hi',
      author: 'A',
      email: 'a@example.com',
      rating: '',
    });
    expect(noRating.status()).toBe(500);
    expect(await noRating.text()).toContain('Please rate the product.');

    const ok = await post({
      comment_post_ID: '18',
      comment: 'Hi there',
      author: 'A',
      email: 'a@example.com',
      rating: '5',
    });
    expect(ok.status()).toBe(302);
    expect(ok.headers().location).toMatch(
      /^\/product\/junior-football-boots\/\?unapproved=\d+&moderation-hash=\w+#comment-\d+$/,
    );
    const again = await post({
      comment_post_ID: '18',
      comment: 'Hi there',
      author: 'A',
      email: 'a@example.com',
      rating: '5',
    });
    expect(again.status()).toBe(409);

    const get = await request.get('/wp-comments-post.php', { maxRedirects: 0 });
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe('POST');
  });
});
