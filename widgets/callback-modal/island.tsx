import { defineIsland } from '../../src/islands/define';
import type { IslandModule } from '../../src/islands/types';
import stylesheet from './callback-modal.css?url';
import { CallbackModal } from './CallbackModal';
import { findParts } from './model';
import { CallbackModalPropsSchema } from './schema';

const react = defineIsland(CallbackModalPropsSchema, CallbackModal, { stylesheet, adopt: true });

/**
 * The callback modal adopts the server's markup: without the trigger link and the form's section
 * there is nothing to adopt, and the island is not mounted (the page stays as the server made it).
 */
const island: IslandModule = {
  mount(container, rawProps, context) {
    if (!findParts(container)) {
      return {
        ok: false,
        field: '(markup)',
        problem: 'expected an a.callback-trigger and a .callback-request section with a form',
      };
    }
    return react.mount(container, rawProps, context);
  },
};

export default island;
