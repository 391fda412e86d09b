/**
 * Props that cannot work are rejected (issue #11): an island whose props could add nothing is not
 * mounted; the server's own markup stays, working, and the console names the island and the field.
 */
import type { Page, Route } from '@playwright/test';
import { expect, islandStates, rewriteProps, test } from './fixtures';

const NOT_MOUNTED = /^\[shop-islands\] island "add-to-cart" was not mounted: invalid props: "href"/;

/** Serves /shop/ with the first add-to-cart island's props rewritten by `mutate`. */
async function rewriteFirstButton(page: Page, mutate: (props: Record<string, unknown>) => string) {
  await page.route(
    (url) => url.pathname === '/shop/' && url.search === '',
    async (route: Route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: rewriteProps(await response.text(), 'add-to-cart', mutate) });
    },
  );
}

/** Every island's state once none is still waiting or loading (`visible` ones left out). */
async function settledStates(page: Page) {
  const unsettled = async () =>
    (await islandStates(page)).filter(
      (i) =>
        i.hydrate !== 'visible' &&
        i.hydrate !== 'interaction' &&
        i.state !== 'mounted' &&
        i.state !== 'failed',
    ).length;
  await expect.poll(unsettled).toBe(0);
  return islandStates(page);
}

test('an add-to-cart island without a link keeps its fallback, which still adds; one error names "href"', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(NOT_MOUNTED);
  // The server forgot the link: a button that could neither add without JavaScript nor fall back.
  await rewriteFirstButton(page, (props) => JSON.stringify({ ...props, href: undefined }));
  await page.goto('/shop/');

  const states = await settledStates(page);
  const failed = states.filter((i) => i.state === 'failed');
  expect(failed.map((i) => i.name)).toEqual(['add-to-cart']);
  expect(states.filter((i) => i.name === 'add-to-cart' && i.state === 'mounted').length).toBeGreaterThan(0);
  await expect.poll(() => consoleErrors.fromIslands()).toEqual([expect.stringMatching(NOT_MOUNTED)]);

  // The server's button is there as it printed it, and does what it does without JavaScript.
  const container = page.locator('[data-island="add-to-cart"][data-island-state="failed"]');
  await expect(container.locator('script[data-island-props]')).toHaveCount(1);
  const fallback = container.locator('a.add_to_cart_button');
  await expect(fallback).toHaveAttribute('href', /^\?add-to-cart=\d+$/);
  await fallback.click();
  await expect(page.locator('#site-header-cart a.cart-contents .count')).toHaveText('1 item');
});
