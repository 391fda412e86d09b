/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const STRATEGIES = ['load', 'idle', 'visible', 'interaction'];

/**
 * The widgets: every `widgets/<name>/` with an `island.tsx` (with or without React), and its default mount strategy from
 * `widgets/<name>/island.json` (`{ "hydrate": "idle" }`). The loader holds no list of them: each is
 * an entry of its own, and the server prints its chunk URL on the container (ARCHITECTURE.md §3).
 */
function widgets(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync('widgets').sort()) {
    if (!/^[a-z0-9-]+$/.test(name)) continue;
    const files = readdirSync(`widgets/${name}`);
    // The manifest key `widgets/<name>/island.tsx` is what the demo and the plugin look up, islands
    // without React included (a .tsx file with no JSX imports no React).
    if (files.includes('island.ts') && !files.includes('island.tsx')) {
      // A warning, not an error: the test runner loads this file too, and one widget's name must not
      // stop every other widget's tests.
      console.warn(
        `widgets/${name}/island.ts is not built: name the island module island.tsx (the manifest key).`,
      );
    }
    if (!files.includes('island.tsx')) continue;
    const { hydrate } = JSON.parse(readFileSync(`widgets/${name}/island.json`, 'utf8')) as {
      hydrate?: string;
    };
    if (!hydrate || !STRATEGIES.includes(hydrate)) {
      throw new Error(`widgets/${name}/island.json: "hydrate" must be one of ${STRATEGIES.join(', ')}.`);
    }
    found[name] = hydrate;
  }
  return found;
}

/**
 * `SHOP_ISLANDS_SYNTHETIC_WIDGETS=N` adds N generated widgets to the build (the bench measures the
 * loader with 60 of them: it must not grow with the number of widgets).
 */
const SYNTHETIC = Number(process.env.SHOP_ISLANDS_SYNTHETIC_WIDGETS ?? 0);
const SYNTHETIC_PREFIX = '\0synthetic-island:';

function syntheticWidgets(): Plugin {
  return {
    name: 'shop-islands-synthetic-widgets',
    // Vite hands lib entries over as paths: match the id's end.
    resolveId: (id) => {
      const n = /synthetic-island:(\d+)$/.exec(id)?.[1];
      return n ? `${SYNTHETIC_PREFIX}${n}` : null;
    },
    load(id) {
      if (!id.startsWith(SYNTHETIC_PREFIX)) return null;
      const n = id.slice(SYNTHETIC_PREFIX.length);
      return (
        `import { defineIsland } from '/src/islands/define';\n` +
        `const Synthetic = (props) => props.text + ' ${n}';\n` +
        `export default defineIsland({ safeParse: (v) => ({ success: true, data: v }) }, Synthetic);\n`
      );
    },
  };
}

/** `dist/islands.json`: each widget's default strategy, for the servers that print containers. */
function islandsJson(defaults: Record<string, string>): Plugin {
  return {
    name: 'shop-islands-defaults',
    apply: 'build',
    generateBundle() {
      const hydrate = Object.fromEntries(
        Object.entries(defaults).map(([name, value]) => [name, { hydrate: value }]),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'islands.json',
        source: `${JSON.stringify(hydrate, null, 2)}\n`,
      });
    },
  };
}

// One build serves every page: the loader is one entry, each widget's island module is another, and
// what they share (React with react-dom and scheduler, zod, the runtime) becomes shared chunks.
// `base: './'` makes every chunk URL relative to the file importing it, so the plugin works from any
// install path or CDN.
export default defineConfig(({ command }) => {
  const isBuild = command === 'build' && !process.env.VITEST;
  const defaults = widgets();
  const entries: Record<string, string> = { loader: 'src/islands/loader.ts' };
  for (const name of Object.keys(defaults)) entries[name] = `widgets/${name}/island.tsx`;
  // The order attribution tracker without the loader, for pages whose only island it is (its
  // manifest key: `widgets/order-attribution/standalone.ts`; it imports the island's own chunk).
  if (defaults['order-attribution']) {
    entries['order-attribution-standalone'] = 'widgets/order-attribution/standalone.ts';
  }
  for (let n = 1; n <= SYNTHETIC; n += 1) {
    entries[`synthetic-${n}`] = `synthetic-island:${n}`;
    defaults[`synthetic-${n}`] = 'idle';
  }
  return {
    base: './',
    plugins: [react(), syntheticWidgets(), islandsJson(defaults)],
    // Build only: a NODE_ENV define that leaked into Vitest would load React's production build
    // and break `act` (see TOOLCHAIN.md).
    define: isBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      // SHOP_ISLANDS_DIST builds elsewhere (parallel work on one checkout); the demo server reads it too.
      outDir: process.env.SHOP_ISLANDS_DIST || 'dist',
      emptyOutDir: true,
      manifest: true,
      // Library mode: Vite adds no preload helper to the loader (we measured +1.2 KB gzip).
      lib: { entry: entries, formats: ['es'] },
      assetsInlineLimit: 0,
      cssCodeSplit: true,
      target: 'es2022',
      sourcemap: false,
      // The modulepreload polyfill would add bytes to the loader for browsers we do not target.
      modulePreload: false,
      rolldownOptions: {
        output: {
          minify: true,
          // An island's module is named after its widget folder: `assets/store-notice-HASH.js`.
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
              { name: 'wp', test: /node_modules[\\/]@wordpress[\\/]/, priority: 10 },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: [
        'src/**/*.test.{ts,tsx}',
        'widgets/**/*.test.{ts,tsx}',
        'demo/**/*.test.ts',
        'dev/**/*.test.ts',
        'stories/**/*.test.{ts,tsx}',
        'scripts/**/*.test.ts',
        'bench/**/*.test.ts',
      ],
      restoreMocks: true,
      testTimeout: 15000,
    },
  };
});
