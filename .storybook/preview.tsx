import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { resetStore } from '../demo/store';
import { setSettings } from '../src/contract/read-settings';
import { demoHandlers } from '../stories/support/msw';
import { storySettings } from '../stories/support/settings';
import './storefront.css';

// Every widget's stylesheet, as the plugin links them in <head> wherever the island is printed.
import.meta.glob('../widgets/*/*.css', { eager: true });

/**
 * msw-storybook-addon 3's CSF3 loader takes the worker's setup; this one is 2.x's
 * `initialize({ onUnhandledRequest: 'bypass' })`: Storybook's own requests go through untouched.
 * The worker script is served from `staticDirs` next to iframe.html (relative, for subfolder hosting).
 */
async function startWorker() {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: './mockServiceWorker.js' },
  });
  return worker;
}

/**
 * Every island reads the page's settings block; stories use the demo store's settings, overridden by
 * `parameters.settings` (static) and `loaded.settings` (from a story's loader, e.g. a fresh nonce).
 */
const withStorefront: Decorator = (Story, { parameters, loaded }) => {
  setSettings(storySettings(parameters.settings, loaded.settings));
  return (
    <div className="storefront">
      <Story />
    </div>
  );
};

const preview: Preview = {
  // In Node (portable stories) there is no service worker: stories/setup-portable.ts drops this
  // loader and stories.test.tsx applies each story's `parameters.msw` to msw/node itself.
  loaders: [mswLoader(startWorker)],
  decorators: [withStorefront],
  // One fresh demo store per story: no cart, session or dismissal leaks from the previous one.
  beforeEach: () => {
    resetStore();
  },
  parameters: {
    msw: { handlers: demoHandlers },
    // Violations fail the story (the a11y panel, the test widget, stories.test.tsx).
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
