/**
 * The loader does not grow with the catalogue of widgets (issue 10 §1): the same build again with 60
 * synthetic widgets added (`SHOP_ISLANDS_SYNTHETIC_WIDGETS=60`, see vite.config.ts), and the loader
 * measured in both. Goal: ≤ 2.0 KB gzip (2,048 B, budget.json), the same for both.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOADER_SRC, readManifest, sizeOf } from '../scripts/sizes';
import type { Section } from './report';

export const SYNTHETIC_WIDGETS = 60;
const GOAL = (JSON.parse(readFileSync('budget.json', 'utf8')) as { loader: number }).loader;

export interface LoaderScaling {
  widgets: number;
  gzip: number;
  syntheticWidgets: number;
  syntheticGzip: number;
}

function loaderGzip(dist: string): { widgets: number; gzip: number } {
  const manifest = readManifest(dist);
  const loader = manifest[LOADER_SRC];
  if (!loader) throw new Error(`${dist}: the manifest has no ${LOADER_SRC}`);
  const widgets = Object.keys(JSON.parse(readFileSync(join(dist, 'islands.json'), 'utf8')) as object).length;
  return { widgets, gzip: sizeOf(loader.file, dist).gzip };
}

/** Measures `dist` as built, then builds again with the synthetic widgets into a temporary folder. */
export function measureLoaderScaling(dist: string, root: string): LoaderScaling {
  const today = loaderGzip(dist);
  const scratch = mkdtempSync(join(tmpdir(), 'shop-islands-synthetic-'));
  try {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        SHOP_ISLANDS_DIST: scratch,
        SHOP_ISLANDS_SYNTHETIC_WIDGETS: String(SYNTHETIC_WIDGETS),
      },
    });
    const synthetic = loaderGzip(scratch);
    return { ...today, syntheticWidgets: synthetic.widgets, syntheticGzip: synthetic.gzip };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function loaderSection(result: LoaderScaling): Section {
  const status = (gzip: number) => (gzip <= GOAL ? 'PASS' : 'FAIL');
  const row = (key: string, widgets: number, gzip: number) => ({
    key,
    info: { widgets: String(widgets), goal: `${status(gzip)} (≤ ${GOAL.toLocaleString('en-US')})` },
    metrics: { gzip: { unit: 'bytes' as const, value: gzip } },
  });
  return {
    title: 'Loader (gzip bytes): no list of widgets inside',
    columns: [
      { kind: 'key', header: 'build' },
      { kind: 'info', field: 'widgets', header: 'widgets', align: 'right' },
      { kind: 'metric', metric: 'gzip', header: 'loader gzip B', format: 'int', delta: true },
      { kind: 'info', field: 'goal', header: 'goal' },
    ],
    rows: [
      row("today's widgets", result.widgets, result.gzip),
      row(`+ ${SYNTHETIC_WIDGETS} synthetic widgets`, result.syntheticWidgets, result.syntheticGzip),
    ],
    notes: [
      `The second build adds ${SYNTHETIC_WIDGETS} generated island entries (vite.config.ts, SHOP_ISLANDS_SYNTHETIC_WIDGETS).`,
      `Goal (issue 10): ≤ ${GOAL.toLocaleString('en-US')} B gzip and the same size for both: ${
        result.gzip === result.syntheticGzip ? 'same' : `differs by ${result.syntheticGzip - result.gzip} B`
      }.`,
    ],
  };
}
