import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { RIG_DIR, STORES } from './stores';

/**
 * The real-store suite (`npm run test:realstore`, scripts/realstore.sh): shopper journeys in Debian's
 * Chromium against two real WooCommerce stores with the packaged plugin installed and active, one
 * project per store. Not part of `npm test`: the stores are built from source snapshots CI cannot get.
 *
 * One worker: both stores share one MariaDB, and every test starts by emptying its store's carts.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/realstore',
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // php -S with 4 workers per store on a shared machine: a WooCommerce page takes 0.3-3 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  metadata: { rigDir: RIG_DIR },
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // The stores are offline (Google Fonts, js.stripe.com): names other than 127.0.0.1 fail at once.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
  projects: STORES.map((store) => ({
    name: store.project,
    use: { baseURL: store.url },
    // WordPress 6.1 (the 7.8.2 store) ships no block theme: block-theme.spec.ts is 9.9.5's only.
    grepInvert: store.site === 'wp' ? /@block-theme/ : undefined,
    metadata: { site: store.site, label: store.label },
  })),
});
