import { useCallback, useEffect, useRef } from 'react';
import { announce, isPendingAnnouncement, type AnnounceOptions } from './announce';

/**
 * `announce()` bound to a component's lifetime: what it scheduled and has not said yet is cancelled
 * when the component unmounts (an island removed from the page announces nothing afterwards, and
 * no timer outlives it), and a call made after the unmount (the answer to a request it started)
 * says nothing. The returned function is stable.
 */
export function useAnnounce(): (message: string, options?: AnnounceOptions) => void {
  const cancels = useRef(new Set<() => void>());
  /** Set by the unmount (cleared again by StrictMode's re-mount): calls before the effects ran count. */
  const gone = useRef(false);
  useEffect(() => {
    const mine = cancels.current;
    gone.current = false;
    return () => {
      gone.current = true;
      mine.forEach((cancel) => cancel());
      mine.clear();
    };
  }, []);
  return useCallback((message: string, options?: AnnounceOptions) => {
    if (gone.current) return;
    const mine = cancels.current;
    // Forget the ones already said, so a long-lived island keeps no list.
    mine.forEach((cancel) => isPendingAnnouncement(cancel) || mine.delete(cancel));
    mine.add(announce(message, options));
  }, []);
}
