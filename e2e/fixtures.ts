import { DEMO_PAGES } from '../demo/settings';
/**
 * Shared helpers of the e2e specs: the `test` to import (it fails a test on any console error or
 * uncaught page error it did not expect), and small helpers around the island runtime's
 * `data-island-state` (ARCHITECTURE.md §3).
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/** Every page of the demo store. */
export const PAGES = DEMO_PAGES;

/** The spec's strings, word for word. */
export const TEXT = {
  bannerError: 'The banner could not be dismissed. Please try again.',
  bannerDismiss: 'Dismiss coming soon banner',
  noticeDismiss: 'Dismiss',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  loading: 'Loading',
} as const;

/** The banner's REST call: `/wp-json/wp/v2/users/1` (api-fetch appends `?_locale=user`). */
export const BANNER_REST = /\/wp-json\/wp\/v2\/users\/1(?:[?#]|$)/;

/** What the coming-soon banner sends (storefront.md §7 "Notices and banners"). */
export const BANNER_BODY = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };

export interface IslandInfo {
  name: string;
  state: string | null;
  hydrate: string | null;
}

export interface ConsoleEntry {
  text: string;
  url: string;
}

export interface ConsoleErrors {
  /** Every console message of type 'error' so far (console.error, failed resource loads…). */
  readonly errors: ConsoleEntry[];
  /** Uncaught exceptions and unhandled rejections of the page so far. */
  readonly pageErrors: Error[];
  /** Console errors matching `pattern` are expected in this test: they do not fail it. */
  allow(pattern: RegExp): void;
  /** The console errors our runtime and widgets logged (`[shop-islands] …`). */
  fromIslands(): string[];
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: ConsoleEntry[] = [];
      const pageErrors: Error[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        errors.push({ text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => pageErrors.push(error));
      await use({
        errors,
        pageErrors,
        allow: (pattern) => allowed.push(pattern),
        fromIslands: () => errors.map((e) => e.text).filter((text) => text.startsWith('[shop-islands]')),
      });
      // A test that already failed keeps its own message; these would only add noise.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const unexpected = errors
        .filter((e) => !allowed.some((pattern) => pattern.test(e.text)))
        .map((e) => `${e.text}${e.url ? `  (at ${e.url})` : ''}`);
      expect(unexpected, 'no unexpected console errors').toEqual([]);
      expect(
        pageErrors.map((e) => `${e.name}: ${e.message}`),
        'no uncaught page errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/** The first container of island `name`. */
export const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`).first();

/**
 * Scrolls the first container of island `name` to the middle of the viewport, as a shopper scrolling
 * to it would (islands that mount when seen then mount). Its first element is found and scrolled to
 * in one step in the page: an island mounting meanwhile swaps its fallback for its own markup, and
 * an element located first would be gone before it was scrolled to.
 */
export const scrollIslandIntoView = (page: Page, name: string): Promise<void> =>
  island(page, name).evaluate((container) => {
    const first = [...container.children].find((child) => child.tagName !== 'SCRIPT');
    (first ?? container).scrollIntoView({ block: 'center' });
  });

/** `data-island-state` of the first container of island `name` (null before the loader saw it). */
export const islandState = (page: Page, name: string): Promise<string | null> =>
  island(page, name).getAttribute('data-island-state');

/** Every island container on the page, in document order. */
export const islandStates = (page: Page): Promise<IslandInfo[]> =>
  page.$$eval('[data-island]', (els) =>
    els.map((el) => ({
      name: el.getAttribute('data-island') ?? '',
      state: el.getAttribute('data-island-state'),
      hydrate: el.getAttribute('data-hydrate'),
    })),
  );

/** Waits for `frames` animation frames: what was rendered is painted and observed. */
export const nextFrames = (page: Page, frames = 2): Promise<void> =>
  page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );

export interface WaitOptions {
  /**
   * Also mount `data-hydrate="interaction"` islands by focusing their first field (default false:
   * those wait for the shopper and are left out).
   */
  interact?: boolean;
  /** Islands expected to end `failed` instead (fault-injection tests). */
  failed?: string[];
  timeout?: number;
}

/**
 * Waits until every island on the page has mounted and asserts it: islands that wait to be
 * `visible` are scrolled to (left out while inside something hidden, such as a closed tab),
 * `interaction` ones are left out unless `interact` (and while hidden). Fails at once,
 * naming the island, when one ends `failed` (unless listed in `failed`). Then waits two animation
 * frames.
 */
export async function waitForIslands(
  page: Page,
  { interact = false, failed = [], timeout = 10_000 }: WaitOptions = {},
): Promise<void> {
  if (interact) {
    await page.evaluate(() => {
      document
        .querySelectorAll<HTMLElement>(
          '[data-island][data-hydrate="interaction"]:not([data-island-state="mounted"])',
        )
        .forEach((el) =>
          // The first one a shopper can reach: a control hidden at this width (the smart search's
          // mobile toggle on a desktop) cannot take the focus.
          Array.from(el.querySelectorAll<HTMLElement>('input,select,textarea,button,a[href],[tabindex]'))
            .find((control) => control.getClientRects().length > 0)
            ?.focus(),
        );
    });
  }
  const deadline = Date.now() + timeout;
  let islands: IslandInfo[] = [];
  for (;;) {
    islands = await page.evaluate((includeInteraction) => {
      const out: { name: string; state: string | null; hydrate: string | null }[] = [];
      document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
        const hydrate = el.getAttribute('data-hydrate');
        if (hydrate === 'interaction' && !includeInteraction) return;
        const state = el.getAttribute('data-island-state');
        if (state === 'pending') {
          const shown = Array.from(el.children).find((child) => child.getClientRects().length > 0);
          // One in a closed tab or section cannot be seen (nor reached, for an `interaction` one,
          // such as the checkout's account password before "Create an account?"), so it waits, as
          // it should: left out.
          if (!shown && el.getClientRects().length === 0) return;
          // `visible` islands (below the fold) mount when seen: show them, as a shopper would.
          if (hydrate !== 'interaction') (shown ?? el).scrollIntoView({ block: 'center' });
        }
        out.push({ name: el.getAttribute('data-island') ?? '', state, hydrate });
      });
      return out;
    }, interact);
    const settled = islands.every((i) => i.state === 'mounted' || i.state === 'failed');
    if (settled || Date.now() > deadline) break;
    await page.waitForTimeout(50);
  }
  expect(
    islands.map((i) => `${i.name}: ${i.state}`),
    'every island is mounted',
  ).toEqual(islands.map((i) => `${i.name}: ${failed.includes(i.name) ? 'failed' : 'mounted'}`));
  await nextFrames(page);
}

/** Puts a product in the cart (a `?add-to-cart=ID` link, as a shopper without JavaScript would). */
export async function addToCart(page: Page, productId = 13): Promise<void> {
  const response = await page.context().request.get(`/?add-to-cart=${productId}`);
  expect(response.ok(), `?add-to-cart=${productId}`).toBe(true);
}

/**
 * Opens one of {@link PAGES} as a shopper reaches it: /checkout/ with something in the cart (with
 * an empty cart WooCommerce sends the shopper to /cart/).
 */
export async function visit(page: Page, path: string): Promise<void> {
  if (path === '/checkout/') await addToCart(page);
  await page.goto(path);
  const reached = new URL(page.url());
  // A page with a query (the search results) keeps it too.
  expect(reached.pathname + (path.includes('?') ? reached.search : ''), `${path} is not redirected`).toBe(
    path,
  );
}

/** {@link visit} then {@link waitForIslands}. */
export async function gotoMounted(page: Page, path: string, options?: WaitOptions): Promise<void> {
  await visit(page, path);
  await waitForIslands(page, options);
}

/**
 * Rewrites the JSON props of island `name` in a page's HTML: `mutate` gets the parsed props and
 * returns the new props text (any string: invalid JSON included). Throws if the island is absent.
 */
export function rewriteProps(html: string, name: string, mutate: (props: Record<string, unknown>) => string) {
  const container = new RegExp(
    `(<[a-z]+[^>]*\\bdata-island="${name}"[^>]*>\\s*<script[^>]*data-island-props[^>]*>)([\\s\\S]*?)(</script>)`,
  );
  const match = container.exec(html);
  if (!match) throw new Error(`island "${name}" not found in the page's HTML`);
  const [whole, open = '', json = '', close = ''] = match;
  const props = JSON.parse(json) as Record<string, unknown>;
  const rewritten = `${open}${mutate(props)}${close}`;
  return html.replace(whole, () => rewritten);
}

/** The store notice's id, read from the page (`data-notice-id`). */
export async function noticeId(page: Page): Promise<string> {
  const id = await page.locator('[data-notice-id]').first().getAttribute('data-notice-id');
  expect(id, 'the store notice carries data-notice-id').toBeTruthy();
  return id!;
}

/**
 * Presses Tab (from wherever the focus is) until `target` has the focus, as a keyboard-only
 * shopper would; fails if it is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const path: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
    path.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return '(none)';
        const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        return `${el.tagName.toLowerCase()} "${label}"`;
      }),
    );
  }
  throw new Error(
    `Tab did not reach ${target.toString()} within ${max} presses; the focus went: ${path.join(' → ')}`,
  );
}

/**
 * Whether `target` has the focus. An `interaction` island mounts because the focus reached it, and
 * swaps its fallback for the same control, focused, in between the locator finding the element and
 * the check running: a detached element means the locator is asked again (it finds the new one).
 */
export async function isFocused(target: Locator): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const state = await target
      .evaluate((el) => (!el.isConnected ? 'stale' : el === document.activeElement ? 'yes' : 'no'))
      .catch(() => 'no');
    if (state !== 'stale') return state === 'yes';
  }
  return false;
}

/** A promise and the function that settles it: lets a test hold a routed request, then release it. */
export function deferred(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/**
 * Scrolls `target` to the middle of the viewport, as a shopper would before using it: Storefront's
 * store notice is fixed at the bottom and covers what Playwright's own "into view" leaves there.
 */
export const scrollToCenter = (target: Locator): Promise<void> =>
  target.evaluate((el) => el.scrollIntoView({ block: 'center' }));

/**
 * Asserts that a shopper can point at `target`: once scrolled as far as the page allows, its centre
 * is not covered by another element (a fixed notice, an overflowing footer…). Names the cover.
 */
export async function expectReachable(target: Locator): Promise<void> {
  await scrollToCenter(target);
  const cover = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (!hit || el === hit || el.contains(hit)) return null;
    const describe = (node: Element) =>
      `<${node.tagName.toLowerCase()}${node.id ? ` id="${node.id}"` : ''}${node.className ? ` class="${String(node.className)}"` : ''}>`;
    const island = hit.closest('[data-island]')?.getAttribute('data-island');
    return `${describe(hit)}${island ? ` (island ${island})` : ''} at ${Math.round(box.x + box.width / 2)},${Math.round(box.y + box.height / 2)}`;
  });
  expect(cover, `${target.toString()} is covered by another element`).toBeNull();
}
