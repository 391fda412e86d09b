/**
 * The order attribution tracker without the island loader (issue #16: "a page whose only island is
 * the attribution tracker loads ≤ 3 KB of JavaScript in total"). The server prints this entry
 * (`widgets/order-attribution/standalone.ts` in Vite's manifest) instead of the loader on a page
 * whose only island is the tracker; it imports the island's own module (the same chunk the loader
 * would import: one copy of the code; a dynamic import, so that the build keeps that chunk whole
 * rather than splitting the code shared by two entries into a third file; the server preloads it)
 * and mounts it as the runtime does (src/islands/runtime.ts):
 * props from the container's `<script data-island-props>` or `data-props`, when the browser is
 * idle, `data-island-state` loading → mounted | failed with `shop-islands:mounted` /
 * `shop-islands:failed`. A container is claimed (`data-island-state`) at once, so a loader that runs
 * later (another island added to the page) skips it.
 *
 * It reads the props itself rather than importing src/islands/props.ts: a module shared with the
 * loader would become a chunk of its own that the loader has to fetch first.
 */
const NAME = 'order-attribution';

/** What the runtime's `fail` logs: the island's fallback (here: nothing) stays. */
const settle = (el: HTMLElement, state: 'mounted' | 'failed', problem?: string) => {
  if (problem)
    console.error(`[shop-islands] island "${NAME}" was not mounted: ${problem}. Its fallback stays.`);
  el.setAttribute('data-island-state', state);
  el.dispatchEvent(new CustomEvent(`shop-islands:${state}`, { bubbles: true }));
};

async function mount(el: HTMLElement) {
  let problem = 'its code could not be loaded';
  try {
    const script = el.querySelector(':scope>script[data-island-props]');
    const source = script ? script.textContent : el.getAttribute('data-props');
    let props: unknown;
    try {
      props = source?.trim() ? JSON.parse(source) : {};
    } catch (error) {
      settle(el, 'failed', `its props are invalid JSON (${(error as Error).message})`);
      return;
    }
    // The tracker uses neither the name nor the locator (the loader's, handed to islands that
    // replay interactions): none is imported here.
    const island = (await import('./island')).default;
    problem = 'it threw while mounting';
    const result = await island.mount(el, props, {
      name: NAME,
      locate: { locatorOf: () => null, resolve: () => null },
    });
    if (result.ok) return settle(el, 'mounted');
    problem = `invalid props: "${result.field}" ${result.problem}`;
  } catch (error) {
    problem += ` (${String(error)})`;
  }
  settle(el, 'failed', problem);
}

for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${NAME}"]:not([data-island-state])`)) {
  el.setAttribute('data-island-state', 'loading');
  // The tracker's strategy (`idle`): when the browser is idle, within 2 s; a task from now where
  // there are no idle callbacks (Safari).
  const go = () => void mount(el);
  if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 200);
}
