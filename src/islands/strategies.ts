import type { Strategy } from './types';

/** How long `idle` waits at most before mounting anyway (ms). */
const IDLE_TIMEOUT = 2000;

/**
 * Calls `go` once when `strategy` says the island should mount (all but `interaction`, which needs
 * the event replay of `interaction.ts`). Returns a cancel function.
 */
export function waitFor(strategy: Exclude<Strategy, 'interaction'>, el: HTMLElement, go: () => void) {
  if (strategy === 'idle' && 'requestIdleCallback' in window) {
    const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT });
    return () => cancelIdleCallback(id);
  }
  if (strategy === 'visible' && 'IntersectionObserver' in window) {
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
  // `load`, and the fallbacks where the browser lacks the API: a task from now.
  const id = setTimeout(go, strategy === 'idle' ? 200 : 0);
  return () => clearTimeout(id);
}
