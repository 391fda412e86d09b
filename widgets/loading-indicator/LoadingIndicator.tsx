import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as z from 'zod/mini';
import { activity } from '../../src/transport/activity';
import type { LoadingIndicatorPropsSchema } from './schema';
import { useJQueryAjaxActivity } from './useJQueryAjaxActivity';

type Props = z.output<typeof LoadingIndicatorPropsSchema>;

/**
 * The global loading indicator (storefront.md §2.10): a thin bar at the top of the viewport while
 * any background request is in flight, ours or jQuery's. It is fixed-position, so it never moves
 * the page, and waits `delay` ms so that quick requests do not flash it.
 */
export function LoadingIndicator({ label, delay }: Props) {
  const busy = useSyncExternalStore(
    activity.subscribe,
    () => activity.getSnapshot() > 0,
    () => false,
  );
  const [waited, setWaited] = useState(false);
  const shown = busy && waited;
  useJQueryAjaxActivity();

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setWaited(true), delay);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [busy, delay]);

  return (
    <div className="shop-islands-loading" data-active={shown || undefined}>
      {shown && <div className="shop-islands-loading__bar" role="progressbar" aria-label={label} />}
    </div>
  );
}
