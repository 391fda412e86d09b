/**
 * `npm run dev -- --store URL`: a real WooCommerce store (with the Shop Islands plugin active) through
 * a local proxy on 127.0.0.1, its islands taken from the local build, which `vite build --watch`
 * keeps current: edit a widget, wait for "built", reload the page.
 *
 *   npm run dev -- --store https://shop.example [--port 8090] [--dist dist-dev] [--no-build]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkStore, startDevProxy } from './proxy';
import { parseStoreUrl } from './rewrite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const USAGE = `Usage: npm run dev -- --store URL [--port N] [--dist DIR] [--no-build]

  --store URL   the WooCommerce store to forward to (http or https), with the Shop Islands plugin active
  --port N      the local port (default 8090); the proxy listens on 127.0.0.1 only
  --dist DIR    where the local build is written and read (default dist-dev)
  --no-build    do not run \`vite build --watch\`: serve what DIR already holds`;

export interface DevOptions {
  store: URL;
  port: number;
  distDir: string;
  build: boolean;
}

/** The command line checked: the options, or a message to print before exiting (help is not an error). */
export function parseDevArgs(args: readonly string[]): DevOptions | { message: string; error: boolean } {
  let values: { store?: string; port?: string; dist?: string; 'no-build'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        store: { type: 'string' },
        port: { type: 'string' },
        dist: { type: 'string' },
        'no-build': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { message: `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, error: true };
  }
  if (values.help) return { message: USAGE, error: false };
  const store = parseStoreUrl(values.store);
  if (typeof store === 'string') return { message: `${store}\n\n${USAGE}`, error: true };
  const port = values.port === undefined ? 8090 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { message: `--port "${values.port}" is not a port number (0-65535).\n\n${USAGE}`, error: true };
  return {
    store,
    port,
    distDir: path.resolve(ROOT, values.dist ?? 'dist-dev'),
    build: !values['no-build'],
  };
}

function manifestTime(distDir: string): number {
  try {
    return statSync(path.join(distDir, '.vite', 'manifest.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/** `vite build --watch` into distDir; resolves once the first build is written. */
function watchBuild(distDir: string): { child: ChildProcess; firstBuild: Promise<void> } {
  // `vite/bin/vite.js` is not among the package's exports: found from its package.json.
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const before = manifestTime(distDir);
  const child = spawn(process.execPath, [viteBin, 'build', '--watch'], {
    cwd: ROOT,
    env: { ...process.env, SHOP_ISLANDS_DIST: distDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Vite lists every file of every build: only the outcome lines are shown.
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (/built in|error|build started/i.test(line)) console.log(`vite: ${line.trim()}`);
    }
  });
  const firstBuild = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (manifestTime(distDir) > before) {
        clearInterval(timer);
        resolve();
      }
    }, 250);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`vite build --watch stopped (exit code ${code}).`));
    });
  });
  return { child, firstBuild };
}

async function main(): Promise<void> {
  const options = parseDevArgs(process.argv.slice(2));
  if ('message' in options) {
    (options.error ? console.error : console.log)(options.message);
    process.exit(options.error ? 2 : 0);
  }
  let child: ChildProcess | null = null;
  if (options.build) {
    console.log(`Building the islands into ${path.relative(ROOT, options.distDir)}/ (vite build --watch)…`);
    const watch = watchBuild(options.distDir);
    child = watch.child;
    await watch.firstBuild;
  } else if (!manifestTime(options.distDir)) {
    console.error(
      `--no-build: ${options.distDir} holds no build (.vite/manifest.json). Run without --no-build.`,
    );
    process.exit(2);
  }
  const proxy = await startDevProxy({ store: options.store, distDir: options.distDir, port: options.port });
  console.log(
    `Shop Islands dev: ${options.store.origin} through ${proxy.url}, islands from ${options.distDir}`,
  );
  console.log(`Open ${new URL(options.store.pathname + options.store.search, proxy.url).href}`);
  const check = await checkStore(proxy.url, options.store);
  (check.ok ? console.log : console.warn)(`Shop Islands dev: ${check.message}`);
  if (child) console.log('Edit a widget, wait for "vite: built in …", reload the page.');

  // One line per rebuild, once the manifest has stayed the same for a second (a build writes it more than once).
  let announced = manifestTime(options.distDir);
  let seen = announced;
  let stableSince = Date.now();
  const rebuilt = setInterval(() => {
    const now = manifestTime(options.distDir);
    if (now !== seen) {
      seen = now;
      stableSince = Date.now();
    } else if (now !== announced && now !== 0 && Date.now() - stableSince >= 1000) {
      announced = now;
      console.log('Shop Islands dev: the local build changed: reload the page.');
    }
  }, 250);

  const stop = () => {
    clearInterval(rebuilt);
    child?.kill('SIGTERM');
    proxy.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child?.once('exit', (code) => {
    console.error(`Shop Islands dev: vite build --watch stopped (exit code ${code}).`);
    stop();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`Shop Islands dev: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
