/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One build serves every page: the loader is the only entry; each widget's island module and
// React (with react-dom and scheduler) become lazily imported chunks. `base: './'` makes every
// chunk URL relative to the loader's own URL, so the plugin works from any install path or CDN.
export default defineConfig(({ command }) => {
  const isBuild = command === 'build' && !process.env.VITEST;
  return {
    base: './',
    plugins: [react()],
    // Build only: a NODE_ENV define that leaked into Vitest would load React's production build
    // and break `act` (see TOOLCHAIN.md).
    define: isBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      // SHOP_ISLANDS_DIST builds elsewhere (parallel work on one checkout); the demo server reads it too.
      outDir: process.env.SHOP_ISLANDS_DIST || 'dist',
      emptyOutDir: true,
      manifest: true,
      // Library mode: Vite adds no preload helper to the loader (we measured +1.2 KB gzip).
      lib: { entry: { loader: 'src/islands/loader.ts' }, formats: ['es'] },
      assetsInlineLimit: 0,
      cssCodeSplit: true,
      target: 'es2022',
      sourcemap: false,
      // The modulepreload polyfill would add bytes to the loader for browsers we do not target.
      modulePreload: false,
      rolldownOptions: {
        output: {
          minify: true,
          entryFileNames: 'assets/[name]-[hash].js',
          // A widget's island module is named after its widget folder: `assets/store-notice-HASH.js`.
          chunkFileNames: (chunk) => {
            const widget = /widgets[\\/]([^\\/]+)[\\/]island\.tsx$/.exec(chunk.facadeModuleId ?? '');
            return `assets/${widget ? widget[1] : '[name]'}-[hash].js`;
          },
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
        'stories/**/*.test.{ts,tsx}',
        'scripts/**/*.test.ts',
        'bench/**/*.test.ts',
      ],
      restoreMocks: true,
      testTimeout: 15000,
    },
  };
});
