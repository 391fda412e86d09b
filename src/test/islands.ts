/**
 * The island runtime in tests and stories: chunks served by name from a stand-in asset folder, and
 * containers carrying `data-island-src` as the server prints them.
 */
import type { Importer, IslandModule, RuntimeOptions } from '../islands/types';

export type ChunkLoader = () => Promise<{ default: IslandModule }>;

/** The stand-in of the plugin's asset folder, on the document's origin. */
export const assetBase = (): string =>
  new URL('/wp-content/plugins/shop-islands/dist/assets/', document.baseURI).href;

/** The chunk URL the server would print for island `name`. */
export const islandSrc = (name: string): string => `${assetBase()}${name}.js`;

/**
 * Runtime options importing `chunks[name]` for `<asset folder>/<name>.js` (cache-busting query
 * ignored); any other URL fails as a missing file does. Every URL asked for is in `requested`.
 */
export function testRuntime(
  chunks: Record<string, ChunkLoader>,
  retryDelay = 0,
): RuntimeOptions & { requested: string[] } {
  const base = assetBase();
  const requested: string[] = [];
  const importer: Importer = (url) => {
    requested.push(url);
    const name = url.startsWith(base) ? url.slice(base.length).replace(/\.js(\?.*)?$/, '') : '';
    const load = Object.hasOwn(chunks, name) ? chunks[name] : undefined;
    return load
      ? load()
      : Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
  };
  return { base, importer, retryDelay, requested };
}

/** Adds `data-island-src` after each `data-island="NAME"` that has none, as the server prints it. */
export const withChunkUrls = (html: string): string =>
  html.replace(/data-island="([^"]*)"(?![^>]*data-island-src)/g, (found, name: string) => {
    return `${found} data-island-src="${islandSrc(name)}"`;
  });
