/**
 * `npx tsx e2e/realstore/weight.ts [--runs N]` (run by scripts/realstore.sh after the journeys): the
 * JavaScript weight of the listing, product and cart pages of each real store with the plugin
 * active and deactivated, on the same store, printed as a table. Leaves the plugin active.
 *
 * A page's weight: every script response (gzip level 9 per file, what a compressing server sends)
 * from a fresh browser context, once the page loaded, the network was quiet, the page was scrolled
 * to the bottom and every island there was final (islands that mount when seen load their code
 * then). Median over the runs. Off-site scripts (js.stripe.com) cannot load offline: not counted.
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { productId, readIds, storeChore, STORES, type Store } from './stores';

interface WeighedPage {
  name: string;
  path: string;
  /** Product put in the cart first. */
  withCart?: string;
}

const PAGES: readonly WeighedPage[] = [
  { name: 'listing', path: '/shop/' },
  { name: 'simple product', path: '/product/pro-match-football/' },
  { name: 'variable product', path: '/product/junior-football-boots/' },
  { name: 'cart (1 item)', path: '/cart/', withCart: 'Pro Match Football' },
];

interface Weight {
  gzip: number;
  files: number;
}

async function quiet(page: Page, pending: Set<unknown>, ms = 500, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= ms) return;
    await page.waitForTimeout(50);
  }
}

async function weigh(browser: Browser, store: Store, target: WeighedPage): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: store.url });
  try {
    if (target.withCart) {
      const id = productId(readIds(store), target.withCart);
      await context.request.get(`/?add-to-cart=${id}`);
    }
    const page = await context.newPage();
    const pending = new Set<unknown>();
    const sizes: Promise<number>[] = [];
    page.on('request', (r) => pending.add(r));
    page.on('requestfailed', (r) => pending.delete(r));
    page.on('requestfinished', (r) => {
      pending.delete(r);
      if (r.resourceType() !== 'script' || !r.url().startsWith(store.url)) return;
      sizes.push(
        r
          .response()
          .then((response) => response?.body())
          .then((body) => (body && body.byteLength > 0 ? gzipSync(body, { level: 9 }).byteLength : 0))
          .catch(() => 0),
      );
    });
    await page.goto(target.path, { waitUntil: 'load' });
    await quiet(page, pending);
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const open = await page.$$eval(
        '[data-island]',
        (els) =>
          els.filter((el) => !['mounted', 'failed'].includes(el.getAttribute('data-island-state') ?? ''))
            .length,
      );
      if (open === 0 || Date.now() > deadline) break;
      await page.evaluate(() =>
        document.querySelectorAll('[data-island]:not([data-island-state="mounted"])').forEach((el) => {
          el.scrollIntoView({ block: 'center' });
        }),
      );
      await page.waitForTimeout(250);
    }
    await quiet(page, pending);
    const all = await Promise.all(sizes);
    return { gzip: all.reduce((n, s) => n + s, 0), files: all.length };
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function weighAll(browser: Browser, store: Store, runs: number): Promise<Map<string, Weight>> {
  const out = new Map<string, Weight>();
  for (const target of PAGES) {
    const measured: Weight[] = [];
    for (let i = 0; i < runs; i += 1) measured.push(await weigh(browser, store, target));
    out.set(target.name, {
      gzip: median(measured.map((m) => m.gzip)),
      files: median(measured.map((m) => m.files)),
    });
  }
  return out;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Math.max(1, Number(values.runs) || 1);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
  const rows: string[][] = [];
  try {
    for (const store of STORES) {
      process.stderr.write(`weight: ${store.project} with the plugin active\n`);
      storeChore(store, 'activate');
      const active = await weighAll(browser, store, runs);
      process.stderr.write(`weight: ${store.project} with the plugin deactivated\n`);
      storeChore(store, 'deactivate');
      let inactive: Map<string, Weight>;
      try {
        inactive = await weighAll(browser, store, runs);
      } finally {
        storeChore(store, 'activate');
      }
      storeChore(store, 'reset');
      for (const target of PAGES) {
        const on = active.get(target.name)!;
        const off = inactive.get(target.name)!;
        const diff = on.gzip - off.gzip;
        rows.push([
          store.project,
          target.name,
          `${kb(off.gzip)} (${off.files})`,
          `${kb(on.gzip)} (${on.files})`,
          `${diff >= 0 ? '+' : ''}${kb(diff)}`,
          `${off.gzip > 0 ? ((diff / off.gzip) * 100).toFixed(0) : '–'} %`,
        ]);
      }
    }
  } finally {
    await browser.close();
  }
  const head = ['store', 'page', 'without plugin KB (files)', 'with plugin KB (files)', 'difference KB', '%'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\nJS weight, gzip level 9 per file, median of ${runs} run(s); files in brackets`);
  console.log(line(head));
  console.log(
    `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
