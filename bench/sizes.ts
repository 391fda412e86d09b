/**
 * Chunk sizes: every `dist/assets/*.js` and `*.css`, labelled from Vite's manifest, with raw (already
 * minified), gzip (zlib level 9) and brotli (quality 11) byte counts, and the loader against its budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LOADER_SRC, readManifest, sizeOf, type Manifest } from '../scripts/sizes';
import type { Section, SectionRow } from './report';

/** ARCHITECTURE.md §3: the loader stays under 2 KB gzip; the number lives in budget.json. */
export const LOADER_GZIP_BUDGET = (JSON.parse(readFileSync('budget.json', 'utf8')) as { loader: number })
  .loader;

export type ChunkKind = 'js' | 'css';

export interface ChunkSize {
  /** Stable label: "loader", "island: <name>", or the file name without its hash ("react"). */
  label: string;
  /** Path under dist/, e.g. "assets/react-Bx1c9aQe.js". */
  file: string;
  kind: ChunkKind;
  raw: number;
  gzip: number;
  brotli: number;
}

const ISLAND_SRC = /^widgets\/([^/]+)\/island\.[jt]sx?$/;

/** "react-Bx1c9aQe.js" -> "react"; "password-toggle-AbC1-2x_.css" -> "password-toggle". */
export function stripHash(fileName: string): string {
  const match = /^(.+)-[\w-]{8}\.(?:js|css)$/.exec(fileName);
  if (match) return match[1]!;
  return fileName.replace(/\.(?:js|css)$/, '');
}

/**
 * Maps each file (as the manifest writes it, "assets/…") to its label. A stylesheet that one chunk
 * imports (`css`) or references (`assets`, e.g. `?url` imports) is named after that chunk:
 * "island: <name> (css)"; any other stylesheet by its file name: "<name> (css)".
 */
export function labelChunks(manifest: Manifest): Map<string, string> {
  const labels = new Map<string, string>();
  const cssOwners = new Map<string, Set<string>>();
  const cssFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.file.endsWith('.css')) {
      cssFiles.add(chunk.file);
      continue;
    }
    const island = ISLAND_SRC.exec(key);
    let label: string;
    if (key === LOADER_SRC) label = 'loader';
    else if (island) label = `island: ${island[1]}`;
    else if (chunk.isEntry || chunk.isDynamicEntry) label = `entry: ${key}`;
    else label = stripHash(basename(chunk.file));
    if (!labels.has(chunk.file)) labels.set(chunk.file, label);
    for (const css of [...(chunk.css ?? []), ...(chunk.assets ?? [])].filter((f) => f.endsWith('.css'))) {
      cssFiles.add(css);
      cssOwners.set(css, (cssOwners.get(css) ?? new Set()).add(label));
    }
  }
  for (const css of cssFiles) {
    const owners = [...(cssOwners.get(css) ?? [])];
    labels.set(css, `${owners.length === 1 ? owners[0] : stripHash(basename(css))} (css)`);
  }
  return labels;
}

const GROUP_ORDER = (label: string, kind: ChunkKind): number => {
  const base = kind === 'css' ? 10 : 0;
  if (label.startsWith('loader')) return base;
  if (label.startsWith('island: ')) return base + 1;
  return base + 2;
};

/** Loader first, then islands, then shared chunks; stylesheets after scripts; alphabetical within. */
export function sortChunks<T extends { label: string; kind: ChunkKind }>(chunks: readonly T[]): T[] {
  return [...chunks].sort(
    (a, b) => GROUP_ORDER(a.label, a.kind) - GROUP_ORDER(b.label, b.kind) || a.label.localeCompare(b.label),
  );
}

/** Reads the manifest and measures every .js and .css file in dist/assets. Throws if there is no build. */
export function measureChunks(distDir: string): ChunkSize[] {
  const labels = labelChunks(readManifest(distDir));

  const assetsDir = join(distDir, 'assets');
  const files = existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => /\.(?:js|css)$/.test(f)) : [];
  const seen = new Map<string, number>();
  const chunks = files.map((name): ChunkSize => {
    const file = `assets/${name}`;
    const kind: ChunkKind = name.endsWith('.css') ? 'css' : 'js';
    let label = labels.get(file) ?? `${stripHash(name)}${kind === 'css' ? ' (css)' : ''}`;
    // Two chunks can share a name ("index-…"): keep the keys unique for the delta.
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    if (count > 1) label = `${label} #${count}`;
    return { label, file, kind, ...sizeOf(file, distDir) };
  });
  return sortChunks(chunks);
}

export function loaderStatus(gzip: number): 'OK' | 'OVER' {
  return gzip <= LOADER_GZIP_BUDGET ? 'OK' : 'OVER';
}

const bytes = (value: number) => ({ unit: 'bytes' as const, value });

export function chunkSection(chunks: readonly ChunkSize[]): Section {
  const rows: SectionRow[] = chunks.map((chunk) => ({
    key: chunk.label,
    info: {
      file: chunk.file.replace(/^assets\//, ''),
      budget:
        chunk.label === 'loader'
          ? `${loaderStatus(chunk.gzip)} (≤ ${LOADER_GZIP_BUDGET.toLocaleString('en-US')})`
          : '',
    },
    metrics: { raw: bytes(chunk.raw), gzip: bytes(chunk.gzip), brotli: bytes(chunk.brotli) },
  }));
  for (const kind of ['js', 'css'] as const) {
    const ofKind = chunks.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    const sum = (pick: (c: ChunkSize) => number) => ofKind.reduce((total, c) => total + pick(c), 0);
    rows.push({
      key: `total ${kind}`,
      info: { file: `${ofKind.length} file${ofKind.length === 1 ? '' : 's'}`, budget: '' },
      metrics: {
        raw: bytes(sum((c) => c.raw)),
        gzip: bytes(sum((c) => c.gzip)),
        brotli: bytes(sum((c) => c.brotli)),
      },
    });
  }
  if (!chunks.some((c) => c.label === 'loader')) {
    rows.unshift({ key: 'loader', info: { file: '(not in manifest)', budget: 'MISSING' }, metrics: {} });
  }
  return {
    title: 'Chunk sizes (dist/assets, bytes)',
    columns: [
      { kind: 'key', header: 'chunk' },
      { kind: 'info', field: 'file', header: 'file' },
      { kind: 'metric', metric: 'raw', header: 'raw B', format: 'int' },
      { kind: 'metric', metric: 'gzip', header: 'gzip B', format: 'int', delta: true },
      { kind: 'metric', metric: 'brotli', header: 'brotli B', format: 'int' },
      { kind: 'info', field: 'budget', header: 'loader budget (gzip)' },
    ],
    rows,
    notes: [
      'raw = minified file as built; gzip = zlib level 9; brotli = quality 11. Totals add each file compressed alone.',
    ],
  };
}
