import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for the widgets (ARCHITECTURE.md §2 `stories/`). The builder reads the root
 * vite.config.ts for its plugins (React) but drops its `build` block (the library build).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y'],
  // mockServiceWorker.js (`npx msw init .storybook/public --save=false`), served next to iframe.html.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  // react-docgen, not react-docgen-typescript: it does not load TypeScript as a library.
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
