/**
 * Smart Search for WooCommerce's suggestions (storefront.md §7 "Search", §8): GET
 * `{restUrl}?id={widget id}&query={text}` with the page's REST nonce as X-WP-Nonce, through plain
 * `fetch` (`restGet`: api-fetch's chunk would outweigh the whole search island).
 *
 * The nonce rule of §8, as the plugin's own script applies it: when the server answers with an
 * error, an X-Wp-Nonce header on that answer that differs from the stored nonce replaces it;
 * otherwise the stored nonce is cleared (the search is then made as a guest, which the route
 * allows). Either way the search is sent again, once; when neither changes anything (no new nonce,
 * none stored) it is not. Network errors, timeouts, aborts and malformed answers are not retried.
 */
import { getSettings } from '../contract/read-settings';
import { SmartSearchResponseSchema, type SmartSearchResponse } from '../contract/search';
import { restGet, type RequestOptions } from '../transport/client';
import { TransportError } from '../transport/errors';

/** The nonce searches carry: the page's (settings block) until the server says otherwise. */
let stored: string | null = null;

export const searchNonce = (): string => (stored ??= getSettings().rest_nonce);

/** Tests: read the page's nonce again. */
export function resetSearchNonce(): void {
  stored = null;
}

export interface SmartSearchRequest {
  /** The search route's URL (the widget's `restUrl`). */
  restUrl: string;
  /** The widget id (`id`). */
  id: string;
  /** The query as typed, spaces collapsed. */
  query: string;
}

export interface SmartSearchOptions extends RequestOptions {
  /** Called before the one retry of §8 (the widget hides its popup meanwhile). */
  onRetry?: () => void;
}

export async function smartSearch(
  { restUrl, id, query }: SmartSearchRequest,
  options: SmartSearchOptions = {},
): Promise<SmartSearchResponse> {
  const { onRetry, ...request } = options;
  const send = () =>
    restGet(restUrl, { id, query }, searchNonce(), { ...request, schema: SmartSearchResponseSchema });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof TransportError) || error.kind !== 'http') throw error;
    const before = searchNonce();
    const fresh = error.details.nonce?.trim();
    stored = fresh && fresh !== before ? fresh : '';
    if (stored === before) throw error;
    onRetry?.();
    return send();
  }
}
