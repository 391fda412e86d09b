import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { dismissComingSoonBanner } from '../../src/endpoints/wordpress';
import { __ } from '../../src/i18n';
import { isAbort } from '../../src/transport/errors';
import type { ComingSoonBannerPropsSchema } from './schema';
import { sanitizeHtml } from '../../src/security/html';

type Props = z.output<typeof ComingSoonBannerPropsSchema>;

/**
 * The 'coming soon' footer banner (storefront.md §2.10, §4): dismissing POSTs
 * `woocommerce_meta.coming_soon_banner_dismissed = 'yes'` to the banner's REST URL with X-WP-Nonce;
 * the banner hides when that request completes. Should it fail (an expired session, a server
 * error), the banner stays, says so and can be dismissed again: nothing is silently lost.
 */
export function ComingSoonBanner({ restUrl, message, dismissLabel }: Props) {
  const [state, setState] = useState<'idle' | 'saving' | 'failed' | 'dismissed'>('idle');
  const inFlight = useRef<AbortController | null>(null);
  // Set from the click until the commit that shows the answer: a click landing between the answer
  // and that re-render (the second half of a double click) must not save it again, nor retry a
  // failure the shopper has not seen yet. After a saved dismissal it stays set.
  const busy = useRef(false);
  useEffect(() => () => inFlight.current?.abort(), []);
  useLayoutEffect(() => {
    if (state === 'failed') busy.current = false;
  }, [state]);

  const dismiss = async () => {
    if (busy.current) return;
    busy.current = true;
    const controller = new AbortController();
    inFlight.current = controller;
    setState('saving');
    try {
      await dismissComingSoonBanner(restUrl, { signal: controller.signal });
      setState('dismissed');
    } catch (error) {
      if (isAbort(error)) return;
      console.error('[shop-islands] coming-soon-banner: the dismissal was not saved.', error);
      setState('failed');
    } finally {
      inFlight.current = null;
    }
  };

  if (state === 'dismissed') return null;
  return (
    <div className="woocommerce-coming-soon-banner-container" aria-busy={state === 'saving'}>
      {/* The server's banner HTML, filtered by WordPress before it was printed. */}
      <div
        className="woocommerce-coming-soon-banner"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(message) }}
      />
      <button
        type="button"
        className="coming-soon-footer-banner-dismiss"
        aria-label={dismissLabel}
        aria-disabled={state === 'saving'}
        onClick={() => void dismiss()}
      />
      {state === 'failed' && (
        <p role="alert" className="coming-soon-footer-banner-error">
          {__('The banner could not be dismissed. Please try again.')}
        </p>
      )}
    </div>
  );
}
