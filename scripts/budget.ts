/**
 * The bundle-size budget (ARCHITECTURE.md §7): fails `npm test` when the loader, an island chunk or
 * an island with everything it imports grows past budget.json. Prints every chunk it checked.
 */
import { readFileSync } from 'node:fs';
import { closure, islandName, LOADER_SRC, readManifest, sizeOf } from './sizes';

interface Budget {
  loader: number;
  island: number;
  islandWithSharedChunks: number;
  islands: Record<string, { island?: number; islandWithSharedChunks?: number }>;
}

const budget = JSON.parse(readFileSync('budget.json', 'utf8')) as Budget;
const manifest = readManifest();
const rows: [string, number, number][] = [];

const loader = manifest[LOADER_SRC];
if (!loader) throw new Error(`The manifest has no ${LOADER_SRC} entry.`);
rows.push([`loader (${loader.file})`, sizeOf(loader.file).gzip, budget.loader]);
// Anything the loader imports statically is fetched before any island can start: a waterfall on the
// critical path (React, zod and api-fetch must only ever come with the island chunks).
if (loader.imports?.length) {
  console.error(
    `The loader imports ${loader.imports.join(', ')} statically: it must import only islands, lazily.`,
  );
  process.exit(1);
}

for (const [key, chunk] of Object.entries(manifest)) {
  const name = islandName(key);
  if (!name) continue;
  const own = budget.islands[name] ?? {};
  rows.push([`island ${name} (${chunk.file})`, sizeOf(chunk.file).gzip, own.island ?? budget.island]);
  const total = [...closure(manifest, key)].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  rows.push([
    `  ${name} + shared chunks`,
    total,
    own.islandWithSharedChunks ?? budget.islandWithSharedChunks,
  ]);
}

let over = 0;
console.log('Bundle-size budget (gzip bytes)');
for (const [label, size, limit] of rows) {
  const ok = size <= limit;
  if (!ok) over += 1;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(58)} ${String(size).padStart(7)} / ${limit}`);
}
if (over) {
  console.error(`${over} chunk(s) over budget (budget.json).`);
  process.exit(1);
}
console.log(`${rows.length} budgets checked, all within.`);
