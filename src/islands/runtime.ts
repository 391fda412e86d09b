/**
 * The island runtime: discovery, strategies, mounting and unmounting of `[data-island]` containers.
 * `loader.ts` starts it with the plugin's asset folder; tests start it with their own importer.
 *
 * Each container names its chunk (`data-island-src`, printed by the server from Vite's manifest) and
 * its strategy (`data-hydrate`). Only chunks under the asset folder are imported.
 */
import { onInteraction, type HeldInteraction } from './interaction';
import { locatorOf, resolve } from './locate';
import { readProps } from './props';
import { waitFor } from './strategies';
import type { Importer, RuntimeOptions } from './types';

/** `data-island-state: pending → loading → mounted | failed. */
type State = 'pending' | 'loading' | 'mounted' | 'failed';

const locate = { locatorOf, resolve };
const nativeImport: Importer = (url) => import(/* @vite-ignore */ url);
let base = '';
let importer = nativeImport;
let retryDelay = 1000;

interface Tracked {
  cancel: () => void;
  unmount?: () => void;
}
const tracked = new Map<HTMLElement, Tracked>();

const setState = (el: HTMLElement, state: State): void => el.setAttribute('data-island-state', state);

/** A final state, announced with `shop-islands:mounted` / `shop-islands:failed`. */
const settle = (el: HTMLElement, state: 'mounted' | 'failed'): void => {
  setState(el, state);
  el.dispatchEvent(new CustomEvent(`shop-islands:${state}`, { bubbles: true }));
};

const fail = (el: HTMLElement, name: string, problem: string): void => {
  console.error(`[shop-islands] island "${name}" was not mounted: ${problem}. Its fallback stays.`);
  settle(el, 'failed');
};

/**
 * The chunk URL of a container, or why it is refused: only JavaScript files under the asset folder
 * (markup from page builders and user content must not choose what code runs).
 */
function chunkOf(el: HTMLElement): { url: string } | { problem: string } {
  const src = el.getAttribute('data-island-src');
  if (!src) return { problem: 'it has no chunk URL (data-island-src)' };
  let url: URL | null = null;
  try {
    url = new URL(src, document.baseURI);
  } catch {
    // Not a URL at all: refused below.
  }
  if (!url?.href.startsWith(base) || !url.pathname.endsWith('.js')) {
    return { problem: `its chunk URL "${src}" is refused: not a script under ${base}` };
  }
  return { url: url.href };
}

/**
 * Imports a chunk; if that fails, once more after `retryDelay` with a cache-busting query (stale
 * HTML after a deploy, a flaky network). The wait ends with the container (`entry.cancel`).
 */
const importChunk = (url: string, entry: Tracked) =>
  importer(url).catch(() =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, retryDelay);
      entry.cancel = () => clearTimeout(timer);
    }).then(() => importer(`${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`)),
  );

async function hydrate(el: HTMLElement, name: string, url: string, props: unknown, held?: HeldInteraction) {
  const entry = tracked.get(el)!;
  setState(el, 'loading');
  let problem = 'its code could not be loaded';
  try {
    const mod = (await importChunk(url, entry)).default;
    // Not in the middle of a press on the fallback: the browser would drop its click (interaction.ts).
    await held?.pressed;
    if (!el.isConnected || !tracked.has(el)) return; // removed while loading
    problem = 'it threw while mounting';
    const result = await mod.mount(el, props, { name, locate });
    if (result.ok) {
      entry.unmount = result.unmount;
      settle(el, 'mounted');
      held?.release(el);
      return;
    }
    problem = `invalid props: "${result.field}" ${result.problem}`;
  } catch (error) {
    problem += ` (${String(error)})`;
  }
  fail(el, name, problem);
  held?.release(null);
}

function discover(el: HTMLElement): void {
  if (tracked.has(el) || el.hasAttribute('data-island-state')) return;
  const name = el.getAttribute('data-island') ?? '';
  const chunk = chunkOf(el);
  const props = readProps(el);
  if ('problem' in chunk || !props.ok) {
    fail(el, name, 'problem' in chunk ? chunk.problem : (props as { problem: string }).problem);
    return;
  }
  // The server prints the widget's default; a missing or unknown value mounts when idle.
  const strategy = el.getAttribute('data-hydrate');
  setState(el, 'pending');
  const entry: Tracked = { cancel: () => undefined };
  tracked.set(el, entry);
  const go = (held?: HeldInteraction) => void hydrate(el, name, chunk.url, props.value, held);
  // (`go()` with no argument: an idle callback would pass its deadline.)
  entry.cancel = strategy === 'interaction' ? onInteraction(el, go) : waitFor(strategy, el, () => go());
}

function scan(root: ParentNode): void {
  if (root instanceof HTMLElement && root.matches('[data-island]')) discover(root);
  root.querySelectorAll<HTMLElement>('[data-island]').forEach(discover);
}

/** Stops waiting for, or unmounts, the island of `el`. */
function drop(el: HTMLElement, entry: Tracked): void {
  tracked.delete(el);
  entry.cancel();
  entry.unmount?.();
}

/**
 * Mounts every island under `document` now and later. Returns a function that stops watching and
 * unmounts everything (used by tests).
 */
export function startIslands(options: RuntimeOptions): () => void {
  ({ base, importer = nativeImport, retryDelay = 1000 } = options);
  scan(document);
  // Islands added later (fragment refreshes, popups, filtered grids) mount; removed ones unmount.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        // Nodes React adds inside a mounted island are its own; islands do not nest.
        if (node instanceof HTMLElement && !node.parentElement?.closest('[data-island-state]')) scan(node);
      });
    }
    tracked.forEach((entry, el) => el.isConnected || drop(el, entry));
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    tracked.forEach((entry, el) => {
      drop(el, entry);
      el.removeAttribute('data-island-state');
    });
  };
}
