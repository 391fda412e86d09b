/**
 * Types shared by the loader (no React, no zod) and the island modules (React + zod).
 * The loader only ever sees these shapes; everything heavy stays behind `load()`.
 */

export const STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** What a widget's island module (`widgets/<name>/island.tsx`) exports as default. */
export interface IslandModule {
  /**
   * Validates `rawProps` and mounts over `container`. Returns a handle to unmount, or a
   * validation failure: then nothing was touched and the fallback stays.
   */
  mount(container: HTMLElement, rawProps: unknown, context: MountContext): MountResult | Promise<MountResult>;
}

export type MountResult = { ok: true; unmount: () => void } | { ok: false; field: string; problem: string };

export interface MountContext {
  /** The island's name (for messages). */
  name: string;
  /**
   * The loader's element locator (`locate.ts`), handed over rather than imported so that the
   * loader and the island chunks share no module: a shared one would be a separate chunk the
   * loader has to fetch before anything mounts.
   */
  locate: {
    locatorOf: typeof import('./locate').locatorOf;
    resolve: typeof import('./locate').resolve;
  };
}

/** How the runtime imports a chunk: `import(url)` in the browser; tests hand in their own. */
export type Importer = (url: string) => Promise<{ default: IslandModule }>;

export interface RuntimeOptions {
  /**
   * The plugin's asset folder (absolute URL ending in `/`): the only place chunks are imported from.
   * Markup can come from page builders and user content, so a container naming any other URL is
   * refused.
   */
  base: string;
  importer?: Importer;
  /** Milliseconds before the one retry of a chunk that failed to load (default 1000). */
  retryDelay?: number;
}
