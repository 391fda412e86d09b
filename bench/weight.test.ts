import { describe, expect, it } from 'vitest';
import type { CompetitorFile } from './competitor';
import type { PageResult, PageRun } from './pages';
import { weightSection } from './weight';

const run = (before: number, mounted: number): PageRun =>
  ({ jsBeforeGzipBytes: before, jsAllGzipBytes: mounted }) as PageRun;

const COMPETITORS: CompetitorFile = {
  wc782: {
    label: 'WooCommerce 7.8.2',
    url: 'http://127.0.0.1:8088/',
    measuredAt: '2026-11-25T06:00:00Z',
    runs: 3,
    pages: {
      '/product/junior-football-boots/': { jsBeforeGzip: 87_806, jsAllGzip: 87_806, tbtMs: 99, scripts: [] },
      '/wishlist/': { missing: 'HTTP 404' },
    },
  },
};

describe('weightSection', () => {
  it("puts ours beside WooCommerce's figure, with the issue's goals", () => {
    const results: PageResult[] = [
      {
        path: '/product/junior-football-boots/',
        runs: [run(70 * 1024, 79 * 1024), run(76 * 1024, 81 * 1024)],
      },
      { path: '/wishlist/', runs: [run(90_000, 90_000)] },
    ];
    const section = weightSection(results, COMPETITORS);
    const [product, wishlist] = section.rows;
    expect(product?.metrics.before?.value).toBe(73 * 1024);
    expect(product?.metrics.mounted?.value).toBe(80 * 1024);
    expect(product?.metrics.wc782?.value).toBe(87_806);
    expect(product?.info?.goal).toBe('before ≤ 75: PASS, mounted ≤ 80: PASS');
    expect(wishlist?.metrics.wc782?.value).toBeNull();
    expect(wishlist?.info?.goal).toBe('–');
    expect(section.columns.map((c) => c.header)).toContain('WC 7.8.2');
  });

  it('fails a page over its goal', () => {
    const section = weightSection([{ path: '/cart/', runs: [run(99_000, 100_000)] }], {});
    expect(section.rows[0]?.info?.goal).toBe('mounted ≤ 75: FAIL');
  });
});
