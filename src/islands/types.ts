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

/** What `widgets/<name>/index.ts` exports as default: tiny, bundled into the loader. */
export interface IslandMeta {
  name: string;
  /** Strategy used when the container has no (valid) `data-hydrate`. */
  hydrate: Strategy;
  load: () => Promise<{ default: IslandModule }>;
}
