import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The root vite.config.ts does not include bench/ in its unit tests (yet): run these with
// `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/**/*.test.ts'],
    environment: 'node',
  },
});
