/**
 * The island loader: the only script on the critical path (budget 2 KB gzip, whatever the number of
 * widgets: it holds no list of them).
 *
 * It finds `[data-island]` containers, waits for each one's hydration strategy, imports the chunk
 * the server named in `data-island-src` (only from the plugin's own asset folder: this file's own),
 * and mounts it over the server's fallback markup. Anything that fails before the mount leaves the
 * fallback in place, working, and logs one `console.error` naming the island and the problem.
 *
 * It must not import React, zod or api-fetch: they come with the island chunks.
 */
import { startIslands } from './runtime';

// The folder this file was loaded from: the plugin's asset folder (CDN or not).
const start = () => startIslands({ base: import.meta.url.replace(/[^/]*$/, '') });

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
