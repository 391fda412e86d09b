/**
 * `npm run package`: writes shop-islands.zip, an installable WordPress plugin: the plugin's files
 * (php-shim/, without its tests) and the built dist/, under one `shop-islands/` folder. Nothing else.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync, type Zippable } from 'fflate';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'shop-islands.zip');
/** php-shim entries that are for developing the plugin, not for running it. */
const EXCLUDED = new Set(['tests', 'dist', 'README.md']);

function add(files: Zippable, dir: string, into: string, skip: (name: string) => boolean = () => false) {
  for (const name of readdirSync(dir)) {
    if (skip(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) add(files, path, `${into}/${name}`);
    else files[`${into}/${name}`] = readFileSync(path);
  }
}

const files: Zippable = {};
add(files, join(ROOT, 'php-shim'), 'shop-islands', (name) => EXCLUDED.has(name));
try {
  statSync(join(ROOT, 'dist', '.vite', 'manifest.json'));
} catch {
  console.error('package: no dist/.vite/manifest.json: run `npm run build` first.');
  process.exit(1);
}
add(files, join(ROOT, 'dist'), 'shop-islands/dist');
writeFileSync(OUT, zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }));
console.log(
  `${relative(process.cwd(), OUT)}: ${Object.keys(files).length} files, ${statSync(OUT).size} bytes`,
);
