/**
 * The island loader: the only script on the critical path (budget 2.5 KB gzip).
 *
 * It finds `[data-island]` containers, waits for each one's hydration strategy, imports the
 * widget's island module (React and zod come with the first one) and mounts it over the server's
 * fallback markup. Anything that fails before the mount leaves the fallback in place, working, and
 * logs one `console.error` naming the island and the problem.
 *
 * It must not import React, zod or api-fetch: only the tiny registrations in `widgets/*\/index.ts`.
 */
import { startIslands } from './runtime';
import type { IslandMeta } from './types';

const islands = Object.values(
  import.meta.glob<IslandMeta>('../../widgets/*/index.ts', { eager: true, import: 'default' }),
);

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => startIslands(islands), { once: true });
} else {
  startIslands(islands);
}
