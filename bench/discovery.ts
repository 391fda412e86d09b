/**
 * Issue #15's goals for discovery, measured:
 * - weight (gzip, own code beyond what every island page loads: React, zod, the runtime): the smart
 *   search island (its first chunk, fetched on the first focus) and with its full-screen panel (a
 *   lazy chunk fetched when the overlay opens), the basic live search, the loop filter with its grid —
 *   beside the competitors' figures recorded in the issue (they cannot be measured here: CI has none
 *   of their sources);
 * - requests: a 10-character query typed into each search at two speeds (a fast typist, 60 ms a
 *   key, and an average one, 160 ms a key), counting the search requests sent (goal ≤ 2);
 * - paint latency: from the fresh answer's arrival (its response end) to the first suggestion in the
 *   DOM, and for a cached query from the input event to the suggestions (goal ≤ 50 ms).
 */
import type { Browser, Page } from '@playwright/test';
import { closure, readManifest, sizeOf } from '../scripts/sizes';
import type { Section } from './report';

const BASE_ENTRY = 'widgets/add-to-cart/island.tsx';

interface Feature {
  key: string;
  entries: string[];
  /** Lazy chunks counted too (the overlay's panel). */
  lazy?: string[];
  goal: number;
}

export const DISCOVERY_FEATURES: Feature[] = [
  { key: 'smart search (first focus)', entries: ['widgets/smart-search/island.tsx'], goal: 6 * 1024 },
  {
    key: 'smart search + full-screen overlay',
    entries: ['widgets/smart-search/island.tsx'],
    lazy: [
      'widgets/smart-search/Overlay.tsx',
      'widgets/smart-search/extras/FullScreenExtras.tsx',
      'src/search/recent-searches.ts',
    ],
    goal: 6 * 1024,
  },
  { key: 'live search', entries: ['widgets/live-search/island.tsx'], goal: 3 * 1024 },
  {
    key: 'loop filter + grid',
    entries: ['widgets/loop-filter/island.tsx', 'widgets/loop-grid/island.tsx'],
    goal: 6 * 1024,
  },
  {
    key: 'loop filter + grid, with refresh and drawer code',
    entries: ['widgets/loop-filter/island.tsx', 'widgets/loop-grid/island.tsx'],
    lazy: ['widgets/loop-grid/answer.ts', 'widgets/loop-filter/Drawer.tsx'],
    goal: 6 * 1024,
  },
  { key: 'category finder', entries: ['widgets/category-finder/island.tsx'], goal: 0 },
  {
    key: 'listing ordering + result count',
    entries: ['widgets/catalog-ordering/island.tsx', 'widgets/result-count/island.tsx'],
    goal: 0,
  },
];

/** Issue #15's figures for the competitors (gzip bytes; "+ jQuery" and bases noted). */
export const DISCOVERY_COMPETITORS: { key: string; gzip: number; what: string }[] = [
  { key: 'Smart Search for WooCommerce', gzip: Math.round(15.4 * 1024), what: 'plus jQuery (issue 15)' },
  { key: 'FiboSearch', gzip: 18 * 1024, what: 'plus jQuery (issue 15)' },
  { key: 'Shopify Dawn predictive search', gzip: Math.round(2.5 * 1024), what: 'issue 15' },
  {
    key: 'Elementor Pro loop filter',
    gzip: Math.round(16.2 * 1024),
    what: 'plus its ≈ 35 KB base (issue 15)',
  },
  { key: 'WooCommerce product filters block', gzip: Math.round(31.8 * 1024), what: 'issue 15' },
];

export interface FeatureWeight {
  key: string;
  gzip: number | null;
  goal: number;
  files: string[];
}

export function measureDiscoveryWeight(dist: string): FeatureWeight[] {
  const manifest = readManifest(dist);
  const base = manifest[BASE_ENTRY] ? closure(manifest, BASE_ENTRY) : new Set<string>();
  return DISCOVERY_FEATURES.map((feature) => {
    if (feature.entries.some((entry) => !manifest[entry]))
      return { key: feature.key, gzip: null, goal: feature.goal, files: [] };
    const files = new Set<string>();
    for (const entry of feature.entries) for (const file of closure(manifest, entry)) files.add(file);
    for (const entry of feature.lazy ?? []) for (const file of closure(manifest, entry)) files.add(file);
    const own = [...files].filter((file) => !base.has(file));
    return {
      key: feature.key,
      gzip: own.reduce((sum, file) => sum + sizeOf(file, dist).gzip, 0),
      goal: feature.goal,
      files: own,
    };
  });
}

export interface TypingResult {
  page: string;
  delayMs: number;
  requests: number;
  /** Fresh answer's response end → first suggestion in the DOM (ms), or null when none painted. */
  freshPaint: number | null;
  /** Cached query: input event → suggestions in the DOM (ms). */
  cachedPaint: number | null;
}

const SEARCH_REQUEST = /ysm\/v1\/search|action=commercekit_ajax_search/;

/** Records, in the page, when options appear in a listbox and when search answers end. */
const PROBE = `(() => {
  const w = window;
  w.__paints = [];
  // Every change of the suggestions (a new answer may have as many as the one before).
  new MutationObserver((records) => {
    const touches = (r) => {
      const target = r.target instanceof Element ? r.target : r.target.parentElement;
      if (target && target.closest('[role="listbox"]')) return true;
      return [...r.addedNodes].some(
        (node) => node instanceof Element && (node.matches('[role="listbox"], [role="option"]') || node.querySelector('[role="option"]')),
      );
    };
    if (!records.some(touches)) return;
    const n = document.querySelectorAll('[role="listbox"] [role="option"]').length;
    w.__paints.push({ t: performance.now(), n });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  w.__inputs = [];
  document.addEventListener('input', () => w.__inputs.push(performance.now()), true);
})()`;

async function typeQuery(page: Page, selector: string, query: string, delayMs: number) {
  const input = page.locator(selector).first();
  await input.click();
  // Wait for the island (fetched on this first focus) to mount before typing: the keys typed while
  // it loads are kept too, but the request count is about the island's own behaviour.
  await page.waitForFunction(
    (sel) =>
      document.querySelector(sel)?.closest('[data-island]')?.getAttribute('data-island-state') === 'mounted',
    selector,
    { timeout: 30_000 },
  );
  await input.pressSequentially(query, { delay: delayMs });
}

export async function measureTyping(
  browser: Browser,
  origin: string,
  target: { page: string; selector: string },
  delayMs: number,
  query = 'trail shoe',
): Promise<TypingResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (SEARCH_REQUEST.test(request.url())) requests.push(request.url());
    });
    await page.addInitScript(PROBE);
    await page.goto(new URL(target.page, origin).href, { waitUntil: 'load' });
    await typeQuery(page, target.selector, query, delayMs);
    await page.waitForTimeout(1500);
    const fresh = await page.evaluate(() => {
      const w = window as unknown as { __paints: { t: number; n: number }[] };
      const entries = performance
        .getEntriesByType('resource')
        .filter((e) => /ysm\/v1\/search|commercekit_ajax_search/.test(e.name)) as PerformanceResourceTiming[];
      const last = entries[entries.length - 1];
      if (!last) return null;
      const paint = w.__paints.find((p) => p.t >= last.responseEnd && p.n > 0);
      return paint ? paint.t - last.responseEnd : null;
    });
    // The cached query: empty the box, then put the same query back in one input event.
    const input = page.locator(target.selector).first();
    await input.fill('');
    await page.waitForTimeout(300);
    const before = requests.length;
    await input.fill(query);
    await page.waitForTimeout(800);
    const cached = await page.evaluate(() => {
      const w = window as unknown as { __paints: { t: number; n: number }[]; __inputs: number[] };
      const at = w.__inputs[w.__inputs.length - 1] ?? 0;
      const paint = w.__paints.find((p) => p.t >= at && p.n > 0);
      return paint ? paint.t - at : null;
    });
    const cachedSent = requests.length - before;
    return {
      page: target.page,
      delayMs,
      requests: before,
      freshPaint: fresh,
      cachedPaint: cachedSent === 0 ? cached : null,
    };
  } finally {
    await context.close();
  }
}

export const TYPING_TARGETS = [
  {
    page: '/smart-search/',
    selector: '[data-island="smart-search"] input[type="search"]',
    name: 'smart search',
  },
  { page: '/', selector: '[data-island="live-search"] input[type="search"]', name: 'live search' },
];

/**
 * A table of features' own weight (gzip bytes) with PASS/FAIL against each goal, then the
 * competitors' recorded figures (issue 15's discovery, issue 16's site chrome).
 */
export function featureWeightSection(
  title: string,
  weights: { key: string; gzip: number | null; goal: number; files: string[] }[],
  competitors: { key: string; gzip: number; what: string }[],
  notes: string[],
): Section {
  const row = (key: string, gzip: number | null, what: string, goal: string) => ({
    key,
    info: { what, goal },
    metrics: { gzip: { unit: 'bytes' as const, value: gzip } },
  });
  return {
    title,
    columns: [
      { kind: 'key', header: 'scripts' },
      { kind: 'metric', metric: 'gzip', header: 'gzip B', format: 'int', delta: true },
      { kind: 'info', field: 'goal', header: 'goal' },
      { kind: 'info', field: 'what', header: 'what' },
    ],
    rows: [
      ...weights.map((w) =>
        row(
          `Shop Islands ${w.key}`,
          w.gzip,
          w.gzip === null ? 'not built' : w.files.join(', '),
          w.goal ? `≤ ${w.goal} ${w.gzip !== null && w.gzip <= w.goal ? 'PASS' : 'FAIL'}` : '–',
        ),
      ),
      ...competitors.map((c) => row(c.key, c.gzip, c.what, '–')),
    ],
    notes,
  };
}

export function discoveryWeightSection(weights: FeatureWeight[]): Section {
  return featureWeightSection(
    'Discovery: own code (gzip bytes beyond React, zod and the runtime) beside the competitors (issue 15)',
    weights,
    DISCOVERY_COMPETITORS,
    ['Competitors: the figures recorded in issue 15 (their sources are not on this machine).'],
  );
}

export function typingSection(results: (TypingResult & { name: string })[]): Section {
  return {
    title: 'Search: requests for a 10-character query ("trail shoe"), and paint latency (issue 15)',
    columns: [
      { kind: 'key', header: 'search, key delay' },
      { kind: 'metric', metric: 'requests', header: 'requests', format: 'int', delta: true },
      { kind: 'metric', metric: 'fresh', header: 'fresh paint ms', format: 'ms', delta: true },
      { kind: 'metric', metric: 'cached', header: 'cached paint ms', format: 'ms', delta: true },
      { kind: 'info', field: 'goal', header: 'goal' },
    ],
    rows: results.map((r) => ({
      key: `${r.name}, ${r.delayMs} ms/key`,
      info: {
        goal: `requests ≤ 2 ${r.requests <= 2 ? 'PASS' : 'FAIL'}; cached ≤ 50 ms ${
          r.cachedPaint !== null && r.cachedPaint <= 50 ? 'PASS' : 'FAIL'
        }`,
      },
      metrics: {
        requests: { unit: 'count' as const, value: r.requests },
        fresh: { unit: 'ms' as const, value: r.freshPaint },
        cached: { unit: 'ms' as const, value: r.cachedPaint },
      },
    })),
    notes: [
      'fresh: the last search answer’s responseEnd to the first option in a listbox (one frame ≈ 16.7 ms);',
      'cached: the input event that puts the same query back to its options (no request sent).',
    ],
  };
}
