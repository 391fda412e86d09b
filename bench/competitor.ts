/**
 * `npx tsx bench/competitor.ts <store URL> <label> [--runs N]`: the same page measurement as the bench
 * (bench/pages.ts: JS requested before any interaction and in total after scrolling, gzip level 9 per
 * file, CPU 4× slower, TBT) on a real WooCommerce store, for the pages the demo store has. The figures
 * go into bench/competitor.json under `label`, and `npm run bench` prints them beside ours.
 *
 * Not run by `npm run bench` or CI: the real stores (../shared/realstore, WooCommerce 7.8.2 and 9.9.5
 * with Storefront) need sources CI cannot get. Re-run it when the pages or the reference stores change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { DEFAULT_PAGE_OPTIONS, DEMO_PAGES, measurePageRun, type PageRun } from './pages';
import { summarize } from './stats';

export const COMPETITOR_FILE = 'bench/competitor.json';

export interface CompetitorPage {
  /** Medians over the runs, bytes (gzip level 9 per file) and ms. */
  jsBeforeGzip: number;
  jsAllGzip: number;
  tbtMs: number;
  /** The scripts of the first run: path and gzip bytes. */
  scripts: { path: string; gzip: number }[];
}

export interface CompetitorStore {
  label: string;
  url: string;
  measuredAt: string;
  runs: number;
  pages: Record<string, CompetitorPage | { missing: string }>;
}

export type CompetitorFile = Record<string, CompetitorStore>;

export function readCompetitors(file: string = COMPETITOR_FILE): CompetitorFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CompetitorFile;
  } catch {
    return {};
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, key: { type: 'string' } },
  });
  const [base, label] = positionals;
  if (!base || !label)
    throw new Error('usage: tsx bench/competitor.ts <store URL> <label> [--runs N] [--key K]');
  const runs = Number(values.runs);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const pages: CompetitorStore['pages'] = {};
  try {
    for (const path of DEMO_PAGES) {
      const url = new URL(path, base).href;
      const status = (await fetch(url, { redirect: 'manual' })).status;
      if (status !== 200) {
        pages[path] = { missing: `HTTP ${status}` };
        continue;
      }
      const measured: PageRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        process.stderr.write(`competitor: ${label} ${path} run ${run + 1}/${runs}\n`);
        measured.push(await measurePageRun(browser, url, DEFAULT_PAGE_OPTIONS));
      }
      const median = (pick: (r: PageRun) => number) => summarize(measured.map(pick)).value ?? 0;
      pages[path] = {
        jsBeforeGzip: median((r) => r.jsBeforeGzipBytes),
        jsAllGzip: median((r) => r.jsAllGzipBytes),
        tbtMs: median((r) => r.tbtMs),
        scripts: (measured[0]?.scripts ?? []).map((s) => ({ path: s.path, gzip: s.gzip })),
      };
    }
  } finally {
    await browser.close();
  }
  const all = readCompetitors();
  all[values.key ?? label] = { label, url: base, measuredAt: new Date().toISOString(), runs, pages };
  writeFileSync(COMPETITOR_FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`wrote ${COMPETITOR_FILE} (${label})`);
}

if (process.argv[1]?.endsWith('competitor.ts')) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
