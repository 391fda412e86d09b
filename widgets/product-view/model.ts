/**
 * The product-view analytics event (storefront.md §3): its name and fields. No React, no DOM.
 *
 * Where the event is sent is not shown in the spec. Here it is a DOM CustomEvent on `document`, so any
 * analytics script can listen for it without a dependency on us, and the same fields are pushed to
 * Google Tag Manager's `window.dataLayer` when the page has one. The fields are those of Jetpack's
 * WooCommerce Analytics `woocommerceanalytics_product_view` (store_currency, is_guest, and the
 * product's pi / pn / pc / pp / pt), spelled out.
 */

export const PRODUCT_VIEW_EVENT = 'shop-islands:product-view';

export interface ProductViewDetail {
  /** ISO 4217 code of the store's currency ("EUR"). */
  store_currency: string;
  is_guest: boolean;
  product_id: number;
  name: string;
  category: string;
  price: number;
  type: string;
}

export function productViewDetail(
  product: { productId: number; name: string; category: string; price: number; type: string },
  settings: { currency: { code: string }; is_guest: boolean },
): ProductViewDetail {
  return {
    store_currency: settings.currency.code,
    is_guest: settings.is_guest,
    product_id: product.productId,
    name: product.name,
    category: product.category,
    price: product.price,
    type: product.type,
  };
}

/** What is pushed to `dataLayer`: GTM's `event` key (a custom event trigger's name), then the fields. */
export function dataLayerEntry(detail: ProductViewDetail): { event: string } & ProductViewDetail {
  return { event: PRODUCT_VIEW_EVENT, ...detail };
}

/** A `dataLayer` the page made (an array, or GTM's replacement): anything with a push method. */
export function isDataLayer(value: unknown): value is { push(entry: unknown): unknown } {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { push?: unknown }).push === 'function'
  );
}
