import { useEffect } from 'react';
import type * as z from 'zod/mini';
import { getSettings } from '../../src/contract/read-settings';
import { PRODUCT_VIEW_EVENT, dataLayerEntry, isDataLayer, productViewDetail } from './model';
import type { ProductViewPropsSchema } from './schema';

type Props = z.output<typeof ProductViewPropsSchema>;

/**
 * The page view: 0 on load, one more on each restore from the back/forward cache. A product is
 * reported once per page view: a re-mount (a fragment refresh) sends nothing.
 */
let pageView = 0;
const reported = new Map<number, number>();
/** The mounted islands' report functions, called again on a restore. */
const mounted = new Set<() => void>();

function onPageShow(event: PageTransitionEvent): void {
  if (!event.persisted) return;
  pageView += 1;
  mounted.forEach((send) => send());
}

/**
 * Restores are followed while an island is mounted: the listener goes with the last one (a page
 * restored with none has nothing to report; one mounted later reports its own first view).
 */
function follow(send: () => void): () => void {
  if (mounted.size === 0) window.addEventListener('pageshow', onPageShow);
  mounted.add(send);
  return () => {
    mounted.delete(send);
    if (mounted.size === 0) window.removeEventListener('pageshow', onPageShow);
  };
}

/** Tests and stories: a new page view, as after a page load. */
export function resetProductViewsForTesting(): void {
  pageView += 1;
  reported.clear();
}

function report(props: Pick<Props, 'productId' | 'name' | 'category' | 'price' | 'type'>): void {
  if (reported.get(props.productId) === pageView) return;
  let settings;
  try {
    settings = getSettings();
  } catch (error) {
    console.error('[shop-islands] product-view: no settings; the product view is not reported.', error);
    return;
  }
  reported.set(props.productId, pageView);
  const detail = productViewDetail(props, settings);
  document.dispatchEvent(new CustomEvent(PRODUCT_VIEW_EVENT, { bubbles: true, detail: { ...detail } }));
  // Pushed only to a dataLayer the page has (Tag Manager's): never created here.
  const dataLayer: unknown = (window as Window & { dataLayer?: unknown }).dataLayer;
  if (!isDataLayer(dataLayer)) return;
  try {
    dataLayer.push(dataLayerEntry(detail));
  } catch (error) {
    console.error('[shop-islands] product-view: window.dataLayer.push failed.', error);
  }
}

/**
 * The product-view analytics event (storefront.md §3 "Analytics product-view event"): once per page
 * view, a `shop-islands:product-view` CustomEvent on `document` whose detail is `{ store_currency,
 * is_guest, product_id, name, category, price, type }`, and the same pushed to `window.dataLayer`
 * when the page has one. Renders nothing (its fallback is empty); mounted when the browser is idle.
 *
 * A page restored from the back/forward cache is a new page view (the shopper is looking at the
 * product again, and analytics count it so: web.dev's bfcache guidance), so it is reported again
 * then; a re-mount within the same page view is not.
 */
export function ProductView(props: Props) {
  const { productId, name, category, price, type } = props;
  useEffect(() => {
    const send = () => report({ productId, name, category, price, type });
    const stop = follow(send);
    send();
    return stop;
  }, [productId, name, category, price, type]);
  return null;
}
