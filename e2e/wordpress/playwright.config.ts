import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

/**
 * The plugin on a real WordPress: run inside `bash scripts/wordpress.sh run -- …`, which starts
 * WordPress (MariaDB + `php -S` on 127.0.0.1) with the plugin installed from its zip and sets WP_URL.
 */
const WP_URL = process.env.WP_URL;
if (!WP_URL)
  throw new Error('WP_URL is not set: run through scripts/wordpress.sh (see scripts/test-wordpress.sh).');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/wordpress',
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: WP_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
