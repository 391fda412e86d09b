import type { IslandMeta } from '../../src/islands/types';

/** Registration, bundled into the loader: keep it free of imports that pull code. */
const meta: IslandMeta = {
  name: 'wishlist-button',
  // One per product on listings: each loads when the shopper reaches for it (the click is replayed).
  hydrate: 'interaction',
  load: () => import('./island'),
};
export default meta;
