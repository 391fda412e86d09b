/**
 * Per-page hydration cost in headless Chromium with the CPU throttled (4× by default).
 * See run.ts for what is measured; this module does one page run at a time and aggregates runs.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from '@playwright/test';
import { DEMO_PAGES as ALL_PAGES } from '../demo/settings';
import { isFocusResult, isProbeSnapshot, PROBE_SCRIPT, type ProbeSnapshot } from './probe';
import type { Metric, Section, SectionRow } from './report';
import { summarize, totalBlockingTime } from './stats';

/** The demo store's pages (demo/settings.ts), measured in this order; `--pages` picks others. */
export const DEMO_PAGES: readonly string[] = ALL_PAGES;

/**
 * Pages that need something in the cart: WooCommerce (and the demo) send an empty cart's checkout
 * to the cart page. The product is added by a plain `?add-to-cart=` request before the measured load.
 */
const NEEDS_CART = new Set(['/checkout/']);
const CART_PRODUCT_ID = 13;

export interface PageBenchOptions {
  /** CPU slowdown factor for Emulation.setCPUThrottlingRate. */
  cpuThrottle: number;
  /** Quiet network period that counts as "idle" (ms). */
  networkIdleMs: number;
  /** Budget for each wait (load, network idle, all islands mounted), in ms. */
  timeoutMs: number;
}

export const DEFAULT_PAGE_OPTIONS: PageBenchOptions = {
  cpuThrottle: 4,
  networkIdleMs: 500,
  timeoutMs: 30_000,
};

export interface ScriptLoad {
  path: string;
  status: number;
  /** Response body bytes as transferred: Content-Encoding and chunked framing included. */
  encoded: number;
  /** Response body bytes after decoding: the file as built. */
  decoded: number;
  /** The decoded body gzipped at level 9 (what a compressing server would send). */
  gzip: number;
  /** Requested before the bench started scrolling/focusing ("before") or after ("interaction"). */
  phase: Phase;
}

export type Phase = 'before' | 'interaction';

export interface PageRun {
  islands: number;
  mounted: number;
  failed: number;
  pending: string[];
  strategies: Record<string, number>;
  /**
   * JS body bytes (decoded) requested before any interaction, and in total once all islands mounted;
   * the same gzipped (level 9, per file) and as transferred.
   */
  jsBeforeBytes: number;
  jsAllBytes: number;
  jsBeforeGzipBytes: number;
  jsAllGzipBytes: number;
  jsBeforeTransferBytes: number;
  jsAllTransferBytes: number;
  /** Sum over long tasks of (duration − 50) from navigation start until all islands were final. */
  tbtMs: number;
  longTasks: number;
  /** When the bench started scrolling/focusing (ms since navigation start). */
  interactionStartMs: number;
  /** Last island mount before any interaction: what the page reaches on its own. Null if none mounted. */
  settledMs: number | null;
  /** Last island mount once all islands are final. Null if some never got there, or the page has none. */
  allMountedMs: number | null;
  /** Interaction islands without a focusable element (poked with a synthetic focusin). */
  syntheticFocus: string[];
  scripts: ScriptLoad[];
  /** Page errors, console errors and failed requests. */
  errors: string[];
}

/** Counts requests in flight and collects .js responses with their sizes. */
class NetworkTracker {
  phase: Phase = 'before';
  private inflight = new Set<Request>();
  private lastChange = Date.now();
  private readonly phases = new Map<Request, Phase>();
  private readonly loads: Promise<ScriptLoad | null>[] = [];

  constructor(
    page: Page,
    private readonly errors: string[],
  ) {
    page.on('request', (request) => {
      this.inflight.add(request);
      this.lastChange = Date.now();
      this.phases.set(request, this.phase);
    });
    page.on('requestfinished', (request) => {
      this.settle(request);
      if (isJsUrl(request.url())) this.loads.push(this.measure(request));
    });
    page.on('requestfailed', (request) => {
      this.settle(request);
      this.errors.push(
        `request failed: ${pathOf(request.url())} (${request.failure()?.errorText ?? 'unknown'})`,
      );
    });
  }

  private settle(request: Request): void {
    this.inflight.delete(request);
    this.lastChange = Date.now();
  }

  private async measure(request: Request): Promise<ScriptLoad | null> {
    try {
      const response = await request.response();
      const sizes = await request.sizes();
      let body: Buffer = Buffer.alloc(0);
      try {
        if (response) body = await response.body();
      } catch {
        // Redirects have no body.
      }
      const status = response?.status() ?? 0;
      if (status >= 400) this.errors.push(`HTTP ${status}: ${pathOf(request.url())}`);
      return {
        path: pathOf(request.url()),
        status,
        encoded: sizes.responseBodySize,
        decoded: body.byteLength,
        gzip: body.byteLength > 0 ? gzipSync(body, { level: 9 }).byteLength : 0,
        phase: this.phases.get(request) ?? 'before',
      };
    } catch (error) {
      this.errors.push(`could not size ${pathOf(request.url())}: ${messageOf(error)}`);
      return null;
    }
  }

  /** Resolves true once nothing was in flight for `quietMs`, false if `timeoutMs` passed first. */
  async waitForIdle(quietMs: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inflight.size === 0 && Date.now() - this.lastChange >= quietMs) return true;
      await sleep(25);
    }
    return false;
  }

  async scripts(): Promise<ScriptLoad[]> {
    const loads = await Promise.all(this.loads);
    return loads.filter((load): load is ScriptLoad => load !== null && load.status < 400);
  }
}

/**
 * The demo's Stripe.js test double (demo/checkout/stripe.ts) stands where js.stripe.com's Stripe.js
 * would load: the payment goals are "before Stripe.js itself" (issue #14), so it is not counted.
 */
const STRIPE_JS_STAND_IN = '/demo-assets/stripe-double.js';

function isJsUrl(url: string): boolean {
  try {
    const { pathname } = new URL(url);
    return pathname.endsWith('.js') && pathname !== STRIPE_JS_STAND_IN;
  } catch {
    return false;
  }
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function snapshot(page: Page): Promise<ProbeSnapshot> {
  const value: unknown = await page.evaluate('window.__shopIslandsBench.snapshot()');
  if (!isProbeSnapshot(value))
    throw new Error('the bench probe did not answer (was the init script blocked?)');
  return value;
}

/** Waits until every island is mounted or failed; false when `timeoutMs` passed first. */
async function waitForAllFinal(page: Page, timeoutMs: number): Promise<boolean> {
  try {
    await page.waitForFunction('window.__shopIslandsBench.allFinal()', undefined, {
      timeout: Math.max(1, timeoutMs),
      polling: 50,
    });
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return false;
    throw error;
  }
}

/** One measured page load in a fresh browser context (empty cache, cookies and storage). */
export async function measurePageRun(
  browser: Browser,
  url: string,
  options: PageBenchOptions,
): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (NEEDS_CART.has(new URL(url).pathname)) {
      // The context's request API shares its cookie jar, so the page load below has the cart.
      await context.request.get(new URL(`/?add-to-cart=${CART_PRODUCT_ID}`, url).href);
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${messageOf(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text().split('\n')[0]}`);
    });
    await page.addInitScript({ content: PROBE_SCRIPT });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });

    const network = new NetworkTracker(page, errors);
    await page.goto(url, { waitUntil: 'load', timeout: options.timeoutMs });
    if (!(await network.waitForIdle(options.networkIdleMs, options.timeoutMs))) {
      errors.push(`network not idle ${options.timeoutMs} ms after load`);
    }

    // Everything requested from here on was caused by the bench's scrolling and focusing.
    network.phase = 'interaction';
    const interactionStartMs = (await snapshot(page)).now;
    const deadline = Date.now() + options.timeoutMs;
    const syntheticFocus = new Set<string>();
    let allFinal = false;
    // Repeat while time is left: islands can appear after others mount (fragments, popups).
    while (!allFinal && Date.now() < deadline) {
      await page.evaluate('window.__shopIslandsBench.revealHiddenIslands()');
      await page.evaluate('window.__shopIslandsBench.scrollToBottom()');
      const focus: unknown = await page.evaluate('window.__shopIslandsBench.focusInteractionIslands()');
      if (isFocusResult(focus)) for (const name of focus.synthetic) syntheticFocus.add(name);
      allFinal = await waitForAllFinal(page, Math.min(5_000, deadline - Date.now()));
    }
    const state = await snapshot(page);
    if (!allFinal) errors.push(`not mounted after ${options.timeoutMs} ms: ${state.pending.join(', ')}`);
    if (!(await network.waitForIdle(options.networkIdleMs, options.timeoutMs))) {
      errors.push(`network not idle ${options.timeoutMs} ms after mounting`);
    }
    const scripts = await network.scripts();

    const lastFinal = state.finalTimes.length > 0 ? Math.max(...state.finalTimes) : null;
    const beforeInteraction = state.finalTimes.filter((t) => t <= interactionStartMs);
    const allMountedMs = allFinal && state.islands > 0 ? lastFinal : null;
    const sum = (list: ScriptLoad[], pick: (s: ScriptLoad) => number) =>
      list.reduce((n, s) => n + pick(s), 0);
    const before = scripts.filter((s) => s.phase === 'before');
    return {
      islands: state.islands,
      mounted: state.mounted,
      failed: state.failed,
      pending: state.pending,
      strategies: state.strategies,
      jsBeforeBytes: sum(before, (s) => s.decoded),
      jsAllBytes: sum(scripts, (s) => s.decoded),
      jsBeforeGzipBytes: sum(before, (s) => s.gzip),
      jsAllGzipBytes: sum(scripts, (s) => s.gzip),
      jsBeforeTransferBytes: sum(before, (s) => s.encoded),
      jsAllTransferBytes: sum(scripts, (s) => s.encoded),
      // Without islands the window ends where the page settled on its own; if some never mounted, now.
      tbtMs: totalBlockingTime(
        state.longTasks,
        allMountedMs ?? (state.islands === 0 ? interactionStartMs : state.now),
      ),
      longTasks: state.longTasks.length,
      interactionStartMs,
      settledMs: beforeInteraction.length > 0 ? Math.max(...beforeInteraction) : null,
      allMountedMs,
      syntheticFocus: [...syntheticFocus],
      scripts,
      errors,
    };
  } finally {
    await context.close();
  }
}

export interface PageResult {
  path: string;
  runs: PageRun[];
}

/** Every per-page number kept in the JSON: name, unit, and how to read it from a run. */
const PAGE_METRICS: readonly [string, Metric['unit'], (run: PageRun) => number | null][] = [
  ['jsBefore', 'bytes', (r) => r.jsBeforeBytes],
  ['jsBeforeGzip', 'bytes', (r) => r.jsBeforeGzipBytes],
  ['jsAll', 'bytes', (r) => r.jsAllBytes],
  ['jsAllGzip', 'bytes', (r) => r.jsAllGzipBytes],
  ['jsBeforeTransfer', 'bytes', (r) => r.jsBeforeTransferBytes],
  ['jsAllTransfer', 'bytes', (r) => r.jsAllTransferBytes],
  ['tbt', 'ms', (r) => r.tbtMs],
  ['settled', 'ms', (r) => r.settledMs],
  ['allMounted', 'ms', (r) => r.allMountedMs],
  ['interactionStart', 'ms', (r) => r.interactionStartMs],
  ['longTasks', 'count', (r) => r.longTasks],
];

function metric(unit: Metric['unit'], values: (number | null)[]): Metric {
  return { unit, ...summarize(values) };
}

function islandsCell(runs: readonly PageRun[]): string {
  const last = runs.at(-1);
  if (!last) return '–';
  const failed = Math.max(...runs.map((r) => r.failed));
  const pending = Math.max(...runs.map((r) => r.pending.length));
  const parts = [String(last.islands)];
  if (failed > 0) parts.push(`${failed} failed`);
  if (pending > 0) parts.push(`${pending} pending`);
  return parts.join(', ');
}

export function pageSection(
  results: readonly PageResult[],
  options: PageBenchOptions,
  runs: number,
): Section {
  const problems: string[] = [];
  const rows: SectionRow[] = results.map(({ path, runs: pageRuns }) => {
    const errors = [...new Set(pageRuns.flatMap((r) => r.errors))];
    const syntheticFocus = [...new Set(pageRuns.flatMap((r) => r.syntheticFocus))];
    for (const error of errors.slice(0, 5)) problems.push(`! ${path}: ${error}`);
    if (errors.length > 5) problems.push(`! ${path}: … ${errors.length - 5} more (see the JSON)`);
    if (syntheticFocus.length > 0) {
      problems.push(`! ${path}: no focusable element in ${syntheticFocus.join(', ')} (sent focusin)`);
    }
    const first = pageRuns[0];
    return {
      key: path,
      info: { islands: islandsCell(pageRuns) },
      metrics: Object.fromEntries(
        PAGE_METRICS.map(([name, unit, pick]) => [name, metric(unit, pageRuns.map(pick))]),
      ),
      details: {
        strategies: first?.strategies ?? {},
        scripts: first?.scripts ?? [],
        syntheticFocus,
        errors,
      },
    };
  });

  const notes = [
    `Median of ${runs} run${runs === 1 ? '' : 's'} (min–max in brackets), CPU ${options.cpuThrottle}× slower, fresh context per run.`,
    'JS = decoded bytes of the .js responses (the minified files, as in the raw column above); gz = the same files',
    'gzipped at level 9 one by one. Bytes as transferred by the demo server are in the JSON (jsBeforeTransfer…).',
    '"before" = requested up to load + network idle; "mounted" = all, once every island is mounted (after',
    'opening what hides an island (a tab, the account box), scrolling to the bottom and focusing each',
    'interaction island). TBT = Σ(long task − 50 ms) from navigation',
    'until all mounted. "settled" = last mount without interaction; "all mounted" = last mount, which includes',
    `the bench's own ${options.networkIdleMs} ms idle wait and scrolling when visible/interaction islands exist.`,
  ];
  notes.push(...problems);

  return {
    title: `Pages (headless Chromium, CPU ${options.cpuThrottle}× throttled, median of ${runs})`,
    columns: [
      { kind: 'key', header: 'page' },
      { kind: 'info', field: 'islands', header: 'islands' },
      { kind: 'metric', metric: 'jsBefore', header: 'JS before KB', format: 'kb', range: true },
      { kind: 'metric', metric: 'jsBeforeGzip', header: 'before gz KB', format: 'kb', range: true },
      { kind: 'metric', metric: 'jsAll', header: 'JS mounted KB', format: 'kb', range: true },
      {
        kind: 'metric',
        metric: 'jsAllGzip',
        header: 'mounted gz KB',
        format: 'kb',
        range: true,
        delta: true,
      },
      { kind: 'metric', metric: 'tbt', header: 'TBT ms', format: 'ms', range: true, delta: true },
      { kind: 'metric', metric: 'settled', header: 'settled ms', format: 'ms', range: true },
      {
        kind: 'metric',
        metric: 'allMounted',
        header: 'all mounted ms',
        format: 'ms',
        range: true,
        delta: true,
      },
    ],
    rows,
    notes,
  };
}
