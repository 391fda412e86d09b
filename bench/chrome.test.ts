import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromeWeightSection, measureChromeWeight } from './chrome';

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A build with the runtime's shared chunks, a React island and the tracker. */
function fakeBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'chrome-bench-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'assets/loader.js': 'l'.repeat(3000),
    'assets/react.js': 'r'.repeat(5000),
    'assets/add-to-cart.js': 'a'.repeat(100),
    'assets/order-attribution.js': 'export const x = "tracker";',
    'assets/order-attribution-standalone.js': 's'.repeat(200),
    'assets/attribution-source.js': 'export const detect = "source detection";',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const manifest = {
    'src/islands/loader.ts': { file: 'assets/loader.js', isEntry: true },
    _react: { file: 'assets/react.js' },
    'widgets/add-to-cart/island.tsx': { file: 'assets/add-to-cart.js', imports: ['_react'] },
    'widgets/order-attribution/island.ts': {
      file: 'assets/order-attribution.js',
      dynamicImports: ['widgets/order-attribution/attribution-source.ts'],
    },
    'widgets/order-attribution/attribution-source.ts': {
      file: 'assets/attribution-source.js',
      isDynamicEntry: true,
    },
    'widgets/order-attribution/standalone.ts': {
      file: 'assets/order-attribution-standalone.js',
      dynamicImports: ['widgets/order-attribution/island.ts'],
    },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('measureChromeWeight', () => {
  it('counts the tracker alone, with its source detection, and the tracker-only page with its standalone entry (no loader); unbuilt islands are null', () => {
    const weights = measureChromeWeight(fakeBuild());
    const byKey = Object.fromEntries(weights.map((w) => [w.key, w]));
    expect(byKey['order attribution']?.files).toEqual(['assets/order-attribution.js']);
    const first = byKey['order attribution, first visit (with source detection)'];
    expect(first?.files).toEqual(['assets/order-attribution.js', 'assets/attribution-source.js']);
    expect(first!.goal).toBe(0);
    expect(first!.gzip).toBeGreaterThan(byKey['order attribution']!.gzip!);
    const page = byKey['page whose only island is the tracker (standalone entry + tracker, all JS)'];
    expect(page?.files.sort()).toEqual([
      'assets/attribution-source.js',
      'assets/order-attribution-standalone.js',
      'assets/order-attribution.js',
    ]);
    expect(page!.gzip).toBeGreaterThan(first!.gzip!);
    expect(byKey['popups engine (before a popup shows)']?.gzip).toBeNull();
  });
});

describe('chromeWeightSection', () => {
  it('says PASS or FAIL against each goal and lists the competitors', () => {
    const section = chromeWeightSection([
      { key: 'order attribution', gzip: 900, goal: 1536, files: ['a.js'] },
      { key: 'menus', gzip: 4000, goal: 3072, files: ['m.js'] },
      { key: 'slider', gzip: null, goal: 0, files: [] },
    ]);
    expect(section.rows.map((r) => r.info?.goal)).toEqual(['≤ 1536 PASS', '≤ 3072 FAIL', '–', '–', '–']);
    expect(section.rows.map((r) => r.key)).toContain("WooCommerce's order attribution");
  });
});
