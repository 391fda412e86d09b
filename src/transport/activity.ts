/**
 * How many background requests are in flight, page-wide: the global loading indicator
 * (storefront.md §2.10) reads it with useSyncExternalStore. Every transport call counts itself;
 * other code (jQuery's ajax, say) can count itself through `track()`.
 */
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

export const activity = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): number => inFlight,
  /** Marks one request as started; the returned function (idempotent) marks it finished. */
  track(): () => void {
    inFlight += 1;
    notify();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      notify();
    };
  },
};
