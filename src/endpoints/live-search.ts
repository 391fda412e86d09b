/**
 * CommerceKit's basic live search (storefront.md §7 "Search"): GET
 * `/wp-admin/admin-ajax.php?action=commercekit_ajax_search&query={text}`, as CommerceKit's own
 * script asks it (no nonce, the session cookies travel). The caller aborts the earlier request and
 * caches the answers (src/search/query.ts).
 */
import { LiveSearchResponseSchema, type LiveSearchResponse } from '../contract/live-search';
import { adminAjax, type RequestOptions } from '../transport/client';

export const LIVE_SEARCH_ACTION = 'commercekit_ajax_search';

/**
 * The suggestions for `query` (sent as given: the caller normalises it). `ajaxUrl`: CommerceKit's
 * admin-ajax URL when it is not the settings' `ajax_url`.
 */
export function liveSearch(
  query: string,
  options: RequestOptions & { ajaxUrl?: string } = {},
): Promise<LiveSearchResponse> {
  const { ajaxUrl, ...rest } = options;
  return adminAjax(
    LIVE_SEARCH_ACTION,
    { query },
    { ...rest, method: 'GET', url: ajaxUrl, schema: LiveSearchResponseSchema },
  );
}
