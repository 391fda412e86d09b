/**
 * Sizes of the built chunks, from Vite's manifest: used by the budget check (scripts/budget.ts)
 * and the benchmark (bench/). Sizes are gzip level 9 and brotli quality 11 of the minified files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ViteManifest as Manifest } from '../demo/manifest';

export type { ManifestChunk, ViteManifest as Manifest } from '../demo/manifest';

export const LOADER_SRC = 'src/islands/loader.ts';

export function readManifest(dist = 'dist'): Manifest {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`No ${dist}/.vite/manifest.json: run \`npm run build\` first.`);
  }
}

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizeOf(file: string, dist = 'dist'): Size {
  const bytes = readFileSync(join(dist, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Widget name of an island module key (`widgets/<name>/island.tsx`), or null. */
export const islandName = (key: string): string | null =>
  /^widgets\/([^/]+)\/island\.tsx$/.exec(key)?.[1] ?? null;

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}
