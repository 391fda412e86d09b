/**
 * Elementor Pro's loop refresh (storefront.md §7 "Listing filters"): POST, as JSON,
 * `{ post_id, widget_filters, widget_id, pagination_base_url }` to
 * `{REST base}elementor-pro/v1/refresh-loop`; the answer's `data` replaces the grid.
 *
 * The grid's page travels in the URL as `e-page-{widget_id}={n}`: Elementor Pro reads a loop's page
 * from the request's query arguments (`$_GET`), never from the body, so page 1 sends none.
 */
import type { WidgetFilters } from '../listing/model';
import { pageKey } from '../listing/model';
import { RefreshLoopResponseSchema, type RefreshLoopResponse } from '../contract/loop-filter';
import { rest, type RequestOptions } from '../transport/client';

/** The route under the REST root (the settings' `rest_url`). */
export const REFRESH_LOOP_ROUTE = 'elementor-pro/v1/refresh-loop';

/** The JSON body, as Elementor Pro's loop filter sends it. */
export interface RefreshLoopBody {
  /** The post (page or template) holding the grid: `data-elementor-id` around it. */
  post_id: number;
  widget_filters: WidgetFilters;
  /** The loop grid's widget id. */
  widget_id: string;
  /** The page's own URL, absolute (WordPress checks it with FILTER_VALIDATE_URL): the base of the pagination links. */
  pagination_base_url: string;
}

export interface RefreshLoopOptions extends RequestOptions {
  /** The route's full URL when it is not under the settings' REST root ('' or left out: it is). */
  restUrl?: string;
  /** The grid's page (1: none sent). */
  page?: number;
}

export function refreshLoop(
  body: RefreshLoopBody,
  options: RefreshLoopOptions = {},
): Promise<RefreshLoopResponse> {
  const { restUrl, page = 1, ...request } = options;
  const base = restUrl || REFRESH_LOOP_ROUTE;
  const target =
    page > 1 ? `${base}${base.includes('?') ? '&' : '?'}${pageKey(body.widget_id)}=${page}` : base;
  return rest(target, { ...request, method: 'POST', data: body, schema: RefreshLoopResponseSchema });
}
