/**
 * Portable stories (stories.test.tsx): the project's annotations as Storybook applies them in the
 * browser, except msw-storybook-addon's loader, which needs a service worker. In Node the test
 * installs each story's `parameters.msw` handlers on msw/node itself.
 */
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import preview from '../.storybook/preview';

export const projectAnnotations = setProjectAnnotations([
  a11yAddonAnnotations,
  { ...preview, loaders: [] },
  {
    parameters: {
      a11y: {
        // jsdom has no layout and loads no stylesheet: axe cannot measure contrast there (it only
        // reports "incomplete" and logs jsdom's not-implemented warnings). Storybook in the browser
        // and the Playwright axe checks do measure it.
        config: { rules: [{ id: 'color-contrast', enabled: false }] },
      },
    },
  },
]);
