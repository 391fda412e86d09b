/**
 * The demo checkout's steps shared by the checkout specs: a cart item and the page with its island
 * mounted, a counter of the requests a pattern matches, and a whole Irish billing address.
 */
import type { Page, Request } from '@playwright/test';
import { addToCart, expect, island, waitForIslands } from './fixtures';

export async function openCheckout(page: Page): Promise<void> {
  await addToCart(page);
  await page.goto('/checkout/');
  await expect(island(page, 'checkout')).toHaveAttribute('data-island-state', 'mounted');
  await waitForIslands(page);
}

/** Counts the requests matching `pattern` from now on (their bodies kept). */
export function counter(page: Page, pattern: RegExp): { readonly count: number; readonly bodies: string[] } {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (pattern.test(request.url())) bodies.push(request.postData() ?? '');
  });
  return {
    get count() {
      return bodies.length;
    },
    bodies,
  };
}

export const picker = (page: Page, name: RegExp) => page.getByRole('combobox', { name });

/** Chooses `text` in a searchable picker by typing it. */
export async function choose(page: Page, name: RegExp, text: string): Promise<void> {
  const box = picker(page, name);
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

/** A complete Irish billing address, typed. */
export async function fillIreland(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^Email address/ }).fill('aoife@example.ie');
  await page.getByRole('textbox', { name: /^First name/ }).fill('Aoife');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Byrne');
  await page.getByRole('textbox', { name: /^Street address/ }).fill('12 Main Street');
  await page.getByRole('textbox', { name: /^Town \/ City/ }).fill('Dublin');
  await choose(page, /^County/, 'Dublin');
  await page.getByRole('textbox', { name: /^Eircode/ }).fill('D02 X285');
}
