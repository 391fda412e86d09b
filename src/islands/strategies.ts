/** How long `idle` waits at most before mounting anyway (ms). */
const IDLE_TIMEOUT = 2000;

/**
 * Calls `go` once when `strategy` (a container's `data-hydrate`) says the island should mount: `load`
 * at once, `visible` when it nears the viewport, and `idle`, or any value that is not a strategy,
 * when the browser is idle (`interaction` needs the event replay of `interaction.ts`). Returns a
 * cancel function.
 */
export function waitFor(strategy: string | null, el: HTMLElement, go: () => void) {
  if (strategy === 'visible') {
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          io.disconnect();
          go();
        }
      },
      { rootMargin: '200px' },
    );
    // A container is often `display: contents` or empty-sized: watch what it shows.
    const targets = el.children.length ? Array.from(el.children) : [el];
    targets.forEach((target) => io.observe(target));
    return () => io.disconnect();
  }
  if (strategy !== 'load' && 'requestIdleCallback' in window) {
    const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT });
    return () => cancelIdleCallback(id);
  }
  // `load`, and `idle` where the browser has no idle callbacks (Safari): a task from now.
  const id = setTimeout(go, strategy === 'load' ? 0 : 200);
  return () => clearTimeout(id);
}
