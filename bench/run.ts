/**
 * `npm run bench` (= `npm run build && tsx bench/run.ts [--runs N] [--pages /,/cart/] [--sizes-only]`)
 *
 * What it measures:
 * 1. Chunk sizes — every dist/assets/*.js and *.css, labelled from dist/.vite/manifest.json ("loader",
 *    "island: <name>", shared chunks by file name without hash: "react", "zod", "wp"…): raw bytes (already
 *    minified), gzip (zlib level 9) and brotli (quality 11). The loader is marked OK/OVER against its
 *    2 KB gzip budget (2,048 bytes, budget.json). Informational only: the test suite enforces budgets.
 * 2. Pages — each page of the demo store (started in-process from demo/server.ts, serving the built dist/)
 *    in headless Debian Chromium with the CPU throttled 4× through the DevTools protocol, N runs (default
 *    5), each in a fresh browser context with the HTTP cache disabled. Per run:
 *    - JS bytes (.js response bodies as transferred) requested up to `load` + 500 ms of network quiet
 *      ("before"), and in total once every island is mounted ("mounted") — to get there the bench scrolls
 *      to the bottom (visible islands) and focuses the first focusable element of every
 *      [data-island][data-hydrate="interaction"] container, then waits for every island to be final;
 *    - total blocking time: Σ(duration − 50 ms) of 'longtask' entries (PerformanceObserver installed by
 *      an init script before navigation) from navigation start until all islands mounted;
 *    - "settled": the last mount before the bench interacted; "all mounted": the last mount overall (ms
 *      since navigation start). Mounted = `data-island-state="mounted"` or a `shop-islands:mounted` event;
 *      done = every [data-island] is "mounted" or "failed".
 *    The table shows the median and min–max per page.
 *    On the checkout, one address fill counts its `update_order_review` requests (bench/checkout.ts).
 * 3. Discovery (bench/discovery.ts): the search, filter and finder islands’ own weight beside the
 *    competitors’ figures, the search requests a 10-character query sends and the paint latency.
 * 4. Site chrome (bench/chrome.ts): the tracker, popups, menus and the other chrome islands’ own weight,
 *    and all the JavaScript of a page whose only island is the tracker, beside issue 16's competitors.
 * 5. Variation filtering — option lists + match per change of a select at 30 / 1,000 / 10,000 variations,
 *    the index against the straightforward scan, PASS/FAIL against issue 5's goal (bench/variations.ts).
 *    Pure computation in this process: runs with --sizes-only too.
 * The build is read from dist/, or from $SHOP_ISLANDS_DIST (relative to the repository) when set.
 * Output: fixed-width tables on stdout; the same data as JSON in bench/results/bench-<ISO time>.json and
 * bench/results/latest.json. When a previous latest.json exists, Δ columns compare with it.
 * Exit code: 1 only when the bench itself fails (no build, no Chromium, a crash), never for a budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEFAULT_PAGE_OPTIONS, DEMO_PAGES, measurePageRun, pageSection, type PageResult } from './pages';
import { readPreviousReport, sectionToTable, writeReport, type BenchReport, type Section } from './report';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/chromium';
import { measureRequests, requestsSection } from './requests';
import { checkoutSection, measureReviewRequests } from './checkout';
import { loaderSection, measureLoaderScaling } from './loader';
import { chunkSection, measureChunks } from './sizes';
import { measurePaymentWeight, paymentSection } from './payments';
import {
  discoveryWeightSection,
  measureDiscoveryWeight,
  measureTyping,
  TYPING_TARGETS,
  typingSection,
} from './discovery';
import { chromeWeightSection, measureChromeWeight } from './chrome';
import { readCompetitors } from './competitor';
import { weightSection } from './weight';
import { measureVariationBench, variationSection } from './variations';
import { formatTable } from './table';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(ROOT, process.env.SHOP_ISLANDS_DIST || 'dist');
const RESULTS = join(ROOT, 'bench', 'results');

const USAGE = `usage: tsx bench/run.ts [--runs N] [--pages /,/cart/] [--sizes-only]
  --runs N        page runs per page, median reported (default 5)
  --pages LIST    comma-separated page paths (default: all of DEMO_PAGES in bench/pages.ts)
  --sizes-only    measure chunk sizes and variation filtering only (no browser)`;

interface CliOptions {
  runs: number;
  pages: string[];
  sizesOnly: boolean;
}

function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      pages: { type: 'string' },
      'sizes-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got "${values.runs}"`);
  const pages = values.pages
    ? values.pages
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [...DEMO_PAGES];
  return { runs, pages, sizesOnly: values['sizes-only'] };
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function printSection(section: Section, previous: BenchReport | null, id: string): void {
  const table = sectionToTable(section, previous?.sections[id]);
  console.log(`\n${formatTable(table.columns, table.rows, { title: section.title, notes: table.notes })}`);
}

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function measurePages(cli: CliOptions): Promise<{
  section: Section;
  weight: Section;
  requests: Section;
  checkout: Section | null;
  typing: Section;
  chromiumVersion: string;
}> {
  const options = DEFAULT_PAGE_OPTIONS;
  // Imported here, not at the top, so `--sizes-only` works without (or with a broken) demo store.
  const { startDemoServer } = await import('../demo/server');
  const server = await startDemoServer({ port: 0, quiet: true, distDir: DIST });
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const results: PageResult[] = cli.pages.map((path) => ({ path, runs: [] }));
      // Runs are interleaved (page 1..n, then again) so a slow moment of the machine hits all pages alike.
      for (let run = 1; run <= cli.runs; run += 1) {
        for (const result of results) {
          log(`run ${run}/${cli.runs} ${result.path}`);
          result.runs.push(await measurePageRun(browser, new URL(result.path, server.url).href, options));
        }
      }
      const requests = [];
      for (const path of cli.pages) {
        log(`requests ${path}`);
        requests.push(await measureRequests(browser, new URL(path, server.url).href));
      }
      let checkout: Section | null = null;
      if (cli.pages.includes('/checkout/')) {
        log('checkout: update_order_review requests for one address fill');
        checkout = checkoutSection(await measureReviewRequests(browser, server.url));
      }
      const typed = [];
      for (const target of TYPING_TARGETS) {
        for (const delay of [60, 160]) {
          log(`typing a 10-character query into the ${target.name} at ${delay} ms a key`);
          typed.push({ name: target.name, ...(await measureTyping(browser, server.url, target, delay)) });
        }
      }
      return {
        checkout,
        typing: typingSection(typed),
        section: pageSection(results, options, cli.runs),
        weight: weightSection(results, readCompetitors(join(ROOT, 'bench', 'competitor.json'))),
        requests: requestsSection(requests),
        chromiumVersion: browser.version(),
      };
    } finally {
      await browser.close().catch((error: unknown) => log(`closing Chromium failed: ${String(error)}`));
    }
  } finally {
    // close() may return void or a promise, depending on the demo server.
    await Promise.resolve()
      .then(() => server.close())
      .catch((error: unknown) => log(`closing the demo server failed: ${String(error)}`));
  }
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  if (!cli.sizesOnly && !existsSync(CHROMIUM)) {
    console.error("bench: Debian's chromium is missing: apt-get install -y chromium");
    process.exit(1);
  }
  const previous = readPreviousReport(join(RESULTS, 'latest.json'));
  const report: BenchReport = {
    schema: 1,
    createdAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: git(['status', '--porcelain']) !== '',
      chromium: null,
      cpuThrottle: DEFAULT_PAGE_OPTIONS.cpuThrottle,
      runs: cli.sizesOnly ? 0 : cli.runs,
    },
    sections: {},
  };
  if (previous) console.log(`Δ columns compare with bench/results/latest.json of ${previous.createdAt}`);

  const chunks = chunkSection(measureChunks(DIST));
  report.sections.chunks = chunks;
  printSection(chunks, previous, 'chunks');

  const payments = paymentSection(measurePaymentWeight(DIST));
  report.sections.payments = payments;
  printSection(payments, previous, 'payments');

  const discovery = discoveryWeightSection(measureDiscoveryWeight(DIST));
  report.sections.discovery = discovery;
  printSection(discovery, previous, 'discovery');

  const chrome = chromeWeightSection(measureChromeWeight(DIST));
  report.sections.chrome = chrome;
  printSection(chrome, previous, 'chrome');

  log('the loader with 60 synthetic widgets (a second build)');
  const loader = loaderSection(measureLoaderScaling(DIST, ROOT));
  report.sections.loader = loader;
  printSection(loader, previous, 'loader');

  log('variation filtering at 30 / 1,000 / 10,000 variations');
  const variations = variationSection(measureVariationBench());
  report.sections.variations = variations;
  printSection(variations, previous, 'variations');

  if (!cli.sizesOnly) {
    const { section, weight, requests, checkout, typing, chromiumVersion } = await measurePages(cli);
    report.sections.pages = section;
    report.sections.typing = typing;
    report.sections.weight = weight;
    report.sections.requests = requests;
    report.environment.chromium = chromiumVersion;
    printSection(section, previous, 'pages');
    printSection(weight, previous, 'weight');
    printSection(requests, previous, 'requests');
    printSection(typing, previous, 'typing');
    if (checkout) {
      report.sections.checkout = checkout;
      printSection(checkout, previous, 'checkout');
    }
  }

  const path = writeReport(RESULTS, report);
  console.log(
    `\nJSON: ${relative(process.cwd(), path)} (and ${relative(process.cwd(), join(RESULTS, 'latest.json'))})`,
  );
}

main().then(
  // Exit explicitly: a keep-alive socket left by the demo server must not keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
