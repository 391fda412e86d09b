import { useEffect } from 'react';
import { activity } from '../../src/transport/activity';

interface JQueryLike {
  (target: Document): {
    on(events: string, handler: (event: unknown, xhr: object) => void): unknown;
    off(events: string, handler: (event: unknown, xhr: object) => void): unknown;
  };
}

/** Counts the page's jQuery requests (WooCommerce's own scripts, other plugins) as activity too. */
export function useJQueryAjaxActivity(): void {
  useEffect(() => {
    const jQuery = (window as Window & { jQuery?: JQueryLike }).jQuery;
    if (typeof jQuery !== 'function') return;
    const pending = new Map<object, () => void>();
    const send = (_event: unknown, xhr: object) => pending.set(xhr, activity.track());
    const complete = (_event: unknown, xhr: object) => {
      pending.get(xhr)?.();
      pending.delete(xhr);
    };
    jQuery(document).on('ajaxSend', send);
    jQuery(document).on('ajaxComplete', complete);
    return () => {
      jQuery(document).off('ajaxSend', send);
      jQuery(document).off('ajaxComplete', complete);
      pending.forEach((done) => done());
    };
  }, []);
}
