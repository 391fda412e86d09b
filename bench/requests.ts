/**
 * Server requests per page view (issue: "requests per page view with a known cart, goal 0"): the
 * calls to WooCommerce's endpoints (wc-ajax, admin-ajax, wp-json) a page makes by itself, without
 * the shopper doing anything. Measured twice in one browser context holding a cart with an item:
 * the first view (nothing stored yet: the cart store must ask once) and a second view (the cart
 * is known from sessionStorage and the cookie: no request is expected).
 */
import type { Browser, Page } from '@playwright/test';
import type { Section, SectionRow } from './report';

const API = /[?&]wc-ajax=|\/wp-admin\/admin-ajax\.php|\/wp-json\//;
const CART_PRODUCT_ID = 13;

async function view(page: Page, url: string, timeoutMs: number): Promise<string[]> {
  const seen: string[] = [];
  const listener = (request: { url(): string }) => {
    if (API.test(request.url())) seen.push(new URL(request.url()).search || new URL(request.url()).pathname);
  };
  page.on('request', listener);
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  // Islands that mount by themselves (not `visible` or `interaction`, which wait for the shopper).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-island]')].every(
        (el) =>
          ['mounted', 'failed'].includes(el.getAttribute('data-island-state') ?? '') ||
          ['visible', 'interaction'].includes(el.getAttribute('data-hydrate') ?? ''),
      ),
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  // Idle islands and the cart store may still be starting: wait for the network to settle.
  await page.waitForLoadState('networkidle', { timeout: timeoutMs });
  page.off('request', listener);
  return seen;
}

export interface RequestCounts {
  path: string;
  first: string[];
  known: string[];
}

export async function measureRequests(
  browser: Browser,
  url: string,
  timeoutMs = 30_000,
): Promise<RequestCounts> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.request.get(new URL(`/?add-to-cart=${CART_PRODUCT_ID}`, url).href);
    const page = await context.newPage();
    const first = await view(page, url, timeoutMs);
    const known = await view(page, url, timeoutMs);
    return { path: new URL(url).pathname, first, known };
  } finally {
    await context.close();
  }
}

export function requestsSection(results: readonly RequestCounts[]): Section {
  const rows: SectionRow[] = results.map((result) => ({
    key: result.path,
    info: { known: result.known.join(' ') || '—' },
    metrics: {
      first: { unit: 'count', value: result.first.length },
      known: { unit: 'count', value: result.known.length },
    },
  }));
  return {
    title: 'Server requests per page view (cart with one item)',
    columns: [
      { kind: 'key', header: 'page' },
      { kind: 'metric', metric: 'first', header: 'first view', format: 'int' },
      { kind: 'metric', metric: 'known', header: 'known cart', format: 'int', delta: true },
      { kind: 'info', field: 'known', header: 'requests with a known cart' },
    ],
    rows,
    notes: [
      'Calls to wc-ajax, admin-ajax and wp-json made by the page itself. "first view": nothing stored in the',
      'browser yet; "known cart": the same page again, fragments and hash stored. Goal: 0 with a known cart.',
    ],
  };
}
