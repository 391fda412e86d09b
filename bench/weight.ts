/**
 * JavaScript weight per page beside WooCommerce's own (issue 10 §3): our "before interaction" and "all
 * mounted" gzip bytes from the page runs, WooCommerce classic's from bench/competitor.json (measured
 * with the same code on the real stores, bench/competitor.ts), and the goals.
 */
import type { CompetitorFile } from './competitor';
import type { PageResult } from './pages';
import type { Section, SectionRow } from './report';
import { summarize } from './stats';

const KB = 1024;

/** Issue 10's goals in KB gzip: before any interaction, and once every island is mounted. */
export const WEIGHT_GOALS: Record<string, { before?: number; mounted: number; kind: string }> = {
  '/product/junior-football-boots/': { before: 75, mounted: 80, kind: 'variable product' },
  '/product/pro-match-football/': { before: 75, mounted: 80, kind: 'product' },
  '/shop/': { mounted: 75, kind: 'listing' },
  '/': { mounted: 75, kind: 'home' },
  '/cart/': { mounted: 75, kind: 'cart' },
  // Issue 13: WooCommerce classic's own checkout scripts weigh 75.2 KB with jQuery and selectWoo.
  '/checkout/': { mounted: 75, kind: 'checkout' },
};

const bytes = (value: number | null) => ({ unit: 'bytes' as const, value });

export function weightSection(results: readonly PageResult[], competitors: CompetitorFile): Section {
  const stores = Object.entries(competitors);
  const rows: SectionRow[] = results.map(({ path, runs }) => {
    const before = summarize(runs.map((r) => r.jsBeforeGzipBytes)).value;
    const mounted = summarize(runs.map((r) => r.jsAllGzipBytes)).value;
    const goal = WEIGHT_GOALS[path];
    const checks: string[] = [];
    if (goal?.before !== undefined && before !== null) {
      checks.push(`before ≤ ${goal.before}: ${before <= goal.before * KB ? 'PASS' : 'FAIL'}`);
    }
    if (goal && mounted !== null) {
      checks.push(`mounted ≤ ${goal.mounted}: ${mounted <= goal.mounted * KB ? 'PASS' : 'FAIL'}`);
    }
    const metrics: SectionRow['metrics'] = { before: bytes(before), mounted: bytes(mounted) };
    for (const [key, store] of stores) {
      const page = store.pages[path];
      metrics[key] = bytes(page && 'jsAllGzip' in page ? page.jsAllGzip : null);
    }
    return { key: path, info: { goal: checks.join(', ') || '–' }, metrics };
  });
  return {
    title: 'JavaScript per page against WooCommerce classic (gzip KB)',
    columns: [
      { kind: 'key', header: 'page' },
      { kind: 'metric', metric: 'before', header: 'ours before', format: 'kb', delta: true },
      { kind: 'metric', metric: 'mounted', header: 'ours mounted', format: 'kb', delta: true },
      ...stores.map(([key]) => ({
        kind: 'metric' as const,
        metric: key,
        header: key === 'wc782' ? 'WC 7.8.2' : key === 'wc995' ? 'WC 9.9.5' : key,
        format: 'kb' as const,
      })),
      { kind: 'info', field: 'goal', header: 'goal (issues 10, 13)' },
    ],
    rows,
    notes: [
      'ours = the demo store (median of the page runs above); WC = the same page of a real WooCommerce store with',
      'Storefront, measured by the same code (bench/competitor.ts, figures in bench/competitor.json), every script',
      'the page loads (WordPress core and WooCommerce; no island, so "before" = "mounted" there).',
      ...stores.map(
        ([key, s]) => `${key}: ${s.label}, ${s.url}, ${s.measuredAt.slice(0, 10)}, median of ${s.runs}.`,
      ),
      "– = the real store has no such page (the wishlist is CommerceKit's) or sends it elsewhere (checkout, empty cart).",
      '/checkout/: WooCommerce classic loads 75.2 KB there (jQuery, selectWoo, checkout.js; issue 13), before any',
      'payment provider script; ours is every island mounted, no provider script either.',
    ],
  };
}
