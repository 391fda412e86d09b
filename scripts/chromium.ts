/**
 * Debian's Chromium, as Playwright launches it for the e2e tests and the benchmark: browsers cannot
 * be downloaded here, and without these flags Chromium tries to reach Google's services at start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
