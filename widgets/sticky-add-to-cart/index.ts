import type { IslandMeta } from '../../src/islands/types';

/** Registration, bundled into the loader: keep it free of imports that pull code. */
const meta: IslandMeta = {
  name: 'sticky-add-to-cart',
  hydrate: 'idle',
  load: () => import('./island'),
};
export default meta;
