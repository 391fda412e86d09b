/**
 * What a page needs from Vite's build manifest (`dist/.vite/manifest.json`) and the build's
 * `dist/islands.json` (each widget's default strategy): the loader's URL and, per island, its
 * chunk URL (printed on its container: the loader has no list of widgets), its strategy, the stylesheets of its module (and of the chunks it imports), so they are in <head>
 * before the island mounts. Stylesheets are `css` entries (CSS imported as a module) and `.css` files
 * in `assets` (CSS imported with `?url`, as the widgets do). Pure: server.ts reads the file; the PHP plugin does the same in PHP.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  /** Files the chunk references as URLs (`import href from './x.css?url'` lands here, not in `css`). */
  assets?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/** `dist/islands.json`: `{ "<widget>": { "hydrate": "idle" } }`, from `widgets/<name>/island.json`. */
export type IslandDefaults = Record<string, { hydrate?: string }>;

export type Strategy = 'load' | 'idle' | 'visible' | 'interaction';
const STRATEGIES: readonly string[] = ['load', 'idle', 'visible', 'interaction'];

export interface PageAssets {
  /** URL of the loader module, or null when there is no build (pages still work without it). */
  loaderSrc: string | null;
  /** Stylesheet URLs needed by an island before it mounts (with the loader's own CSS, if any). */
  cssFor(island: string): string[];
  /** Module URLs an island needs before it runs (its chunk and static imports): `modulepreload`. */
  jsFor(island: string): string[];
  /** The island's chunk URL (`data-island-src`), or null when the build has no such island. */
  srcFor(island: string): string | null;
  /** The widget's default strategy (`idle` when the build does not say). */
  hydrateFor(island: string): Strategy;
  /**
   * URL of the order attribution tracker's standalone entry (`widgets/order-attribution/standalone.ts`),
   * printed instead of the loader on a page whose only island is the tracker; null (or absent)
   * when the build has none: the loader then.
   */
  standaloneTrackerSrc?: string | null;
}

/** Where the demo serves `dist/`: a realistic plugin path, so chunk URLs must be relative. */
export const DIST_BASE_URL = '/wp-content/plugins/shop-islands/dist/';
export const LOADER_SOURCE = 'src/islands/loader.ts';
export const STANDALONE_TRACKER_SOURCE = 'widgets/order-attribution/standalone.ts';

export const NO_ASSETS: PageAssets = {
  loaderSrc: null,
  cssFor: () => [],
  jsFor: () => [],
  srcFor: () => null,
  hydrateFor: () => 'idle',
};

export function islandSource(island: string): string {
  return `widgets/${island}/island.tsx`;
}

export function assetsFromManifest(
  manifest: ViteManifest,
  baseUrl: string = DIST_BASE_URL,
  defaults: IslandDefaults = {},
): PageAssets {
  const entry =
    manifest[LOADER_SOURCE] ?? Object.values(manifest).find((chunk) => chunk.isEntry === true) ?? undefined;
  if (!entry) return NO_ASSETS;

  /** CSS of a chunk and of everything it imports statically (what Vite preloads with it). */
  const cssOf = (key: string, seen: Set<string>): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return [];
    const own = [...(chunk.css ?? []), ...(chunk.assets ?? []).filter((file) => file.endsWith('.css'))];
    return [...own, ...(chunk.imports ?? []).flatMap((imported) => cssOf(imported, seen))];
  };
  /** A chunk's file and those of its static imports, transitively. */
  const jsOf = (key: string, seen: Set<string>): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => jsOf(imported, seen))];
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry) ?? LOADER_SOURCE;
  const entryCss = cssOf(entryKey, new Set());

  const standalone = Object.hasOwn(manifest, STANDALONE_TRACKER_SOURCE)
    ? manifest[STANDALONE_TRACKER_SOURCE]
    : undefined;

  return {
    loaderSrc: baseUrl + entry.file,
    standaloneTrackerSrc: standalone ? baseUrl + standalone.file : null,
    cssFor(island) {
      const files = [...entryCss, ...cssOf(islandSource(island), new Set())];
      return [...new Set(files)].map((file) => baseUrl + file);
    },
    jsFor(island) {
      return jsOf(islandSource(island), new Set()).map((file) => baseUrl + file);
    },
    srcFor(island) {
      const chunk = Object.hasOwn(manifest, islandSource(island))
        ? manifest[islandSource(island)]
        : undefined;
      return chunk ? baseUrl + chunk.file : null;
    },
    hydrateFor(island) {
      const hydrate = Object.hasOwn(defaults, island) ? defaults[island]?.hydrate : undefined;
      return hydrate && STRATEGIES.includes(hydrate) ? (hydrate as Strategy) : 'idle';
    },
  };
}
