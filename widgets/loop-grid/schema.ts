import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';
import { TAXONOMY, TERM_SLUG, WIDGET_ID } from '../../src/listing/model';
import { httpUrl } from '../../src/security/url';

/** '' (the default), or an http(s) URL of this site. */
const OptionalUrl = z
  .string()
  .check(z.refine((value) => value === '' || httpUrl(value) !== null, 'must be an http(s) URL or ""'));

/**
 * Props of Elementor Pro's loop grid (storefront.md §2.3, §7 "Listing filters"): the grid region a
 * loop filter refreshes, and its pagination. The container sits inside the grid widget's element
 * (`.elementor-element-{widgetId}`), before its `.elementor-widget-container` (the grid and its
 * pagination, which the container does not hold: each answer replaces that element, and the islands
 * inside an answer, its add-to-cart buttons, mount like any island added to the page).
 */
export const LoopGridPropsSchema = z.object({
  /** The loop grid widget's Elementor id (7 lower-case letters or digits): `widget_id`, and the key of the filters and pages in the URL. */
  widgetId: z.string().check(z.regex(WIDGET_ID, '7 lower-case letters or digits (an Elementor element id)')),
  /** The id of the post (page or template) that holds the grid, sent as `post_id`. */
  postId: fromPhp(z.int().check(z.positive())),
  /** The refresh route's URL; '' for `elementor-pro/v1/refresh-loop` under the settings' REST root. */
  restUrl: optionalFromPhp(z._default(OptionalUrl, '')),
  /** The page's own URL without its query, the base of the pagination links (`pagination_base_url`); '' for the current page's. */
  paginationBaseUrl: optionalFromPhp(z._default(OptionalUrl, '')),
  /**
   * The filters the server printed the grid with (its query string's), by taxonomy, as
   * `widget_filters.taxonomy` has them: `{ terms, logicalJoin? }`.
   */
  filters: optionalFromPhp(
    z._default(
      z.record(
        z.string().check(z.regex(TAXONOMY, 'a taxonomy name (a-z, 0-9, _)')),
        z.object({
          /** The selected terms' slugs. */
          terms: z.array(z.string().check(z.regex(TERM_SLUG, 'a term slug'))),
          /** 'AND', 'OR' or 'NOT'; left out (or anything else) for a single-selection filter. */
          logicalJoin: z.optional(z.string()),
        }),
      ),
      {},
    ),
  ),
  /** The page the server printed (`e-page-{widgetId}`), from 1. */
  page: optionalFromPhp(z._default(z.int().check(z.positive()), 1)),
  /** Milliseconds before a refresh counts as failed. */
  timeout: optionalFromPhp(z._default(z.number().check(z.positive()), 20_000)),
});
export type LoopGridProps = z.input<typeof LoopGridPropsSchema>;
