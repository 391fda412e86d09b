/**
 * The island runtime: discovery, strategies, mounting and unmounting of `[data-island]` containers.
 * `loader.ts` starts it with the registry of every widget; tests start it with their own.
 */
import { onInteraction, type HeldInteraction } from './interaction';
import { locatorOf, resolve } from './locate';
import { readProps } from './props';
import { waitFor } from './strategies';
import { STRATEGIES, type IslandMeta, type Strategy } from './types';

/** `data-island-state: pending → loading → mounted | failed. */
type State = 'pending' | 'loading' | 'mounted' | 'failed';

const registry = new Map<string, IslandMeta>();
const locate = { locatorOf, resolve };

interface Tracked {
  cancel: () => void;
  unmount?: () => void;
}
const tracked = new Map<HTMLElement, Tracked>();

const setState = (el: HTMLElement, state: State): void => {
  el.setAttribute('data-island-state', state);
  if (state === 'mounted' || state === 'failed') {
    el.dispatchEvent(new CustomEvent(`shop-islands:${state}`, { bubbles: true }));
  }
};

const fail = (el: HTMLElement, name: string, problem: string): void => {
  console.error(`[shop-islands] island "${name}" was not mounted: ${problem}. Its fallback markup stays.`);
  setState(el, 'failed');
};

/** Imports a chunk, retrying once (a transient network error should not cost the shopper the island). */
const importOnce = (meta: IslandMeta) => meta.load().catch(() => meta.load());

async function hydrate(el: HTMLElement, meta: IslandMeta, props: unknown, held?: HeldInteraction) {
  setState(el, 'loading');
  let mod;
  try {
    mod = (await importOnce(meta)).default;
  } catch (error) {
    fail(el, meta.name, `its code could not be loaded (${String(error)})`);
    held?.release(null);
    return;
  }
  if (!el.isConnected || !tracked.has(el)) return; // removed while loading
  let result;
  try {
    result = await mod.mount(el, props, { name: meta.name, locate });
  } catch (error) {
    fail(el, meta.name, `it threw while mounting (${String(error)})`);
    held?.release(null);
    return;
  }
  if (!result.ok) {
    fail(el, meta.name, `invalid props: "${result.field}" ${result.problem}`);
    held?.release(null);
    return;
  }
  tracked.get(el)!.unmount = result.unmount;
  setState(el, 'mounted');
  held?.release(el);
}

function discover(el: HTMLElement): void {
  if (tracked.has(el) || el.hasAttribute('data-island-state')) return;
  const name = el.getAttribute('data-island') ?? '';
  const meta = registry.get(name);
  if (!meta) {
    fail(el, name, 'no widget of that name is registered');
    return;
  }
  const props = readProps(el);
  if (!props.ok) {
    fail(el, name, props.problem);
    return;
  }
  const asked = el.getAttribute('data-hydrate') as Strategy | null;
  const strategy = asked && STRATEGIES.includes(asked) ? asked : meta.hydrate;
  setState(el, 'pending');
  const entry: Tracked = { cancel: () => undefined };
  tracked.set(el, entry);
  if (strategy === 'interaction') {
    entry.cancel = onInteraction(el, (held) => void hydrate(el, meta, props.value, held));
  } else {
    entry.cancel = waitFor(strategy, el, () => void hydrate(el, meta, props.value));
  }
}

function scan(root: ParentNode): void {
  if (root instanceof HTMLElement && root.matches('[data-island]')) discover(root);
  root.querySelectorAll<HTMLElement>('[data-island]').forEach(discover);
}

function forget(): void {
  for (const [el, entry] of tracked) {
    if (el.isConnected) continue;
    tracked.delete(el);
    entry.cancel();
    entry.unmount?.();
  }
}

/**
 * Mounts every island under `document` now and later. Returns a function that stops watching and
 * unmounts everything (used by tests).
 */
export function startIslands(islands: Iterable<IslandMeta>): () => void {
  registry.clear();
  for (const meta of islands) registry.set(meta.name, meta);
  scan(document);
  // Islands added later (fragment refreshes, popups, filtered grids) mount; removed ones unmount.
  const observer = new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      removed ||= record.removedNodes.length > 0;
      record.addedNodes.forEach((node) => {
        // Nodes React adds inside a mounted island are its own; islands do not nest.
        if (node instanceof HTMLElement && !node.parentElement?.closest('[data-island-state]')) scan(node);
      });
    }
    if (removed) forget();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    for (const [el, entry] of tracked) {
      entry.cancel();
      entry.unmount?.();
      el.removeAttribute('data-island-state');
    }
    tracked.clear();
  };
}
