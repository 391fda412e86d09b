import * as z from 'zod/mini';

/**
 * Elementor Pro's `POST {REST base}elementor-pro/v1/refresh-loop` (storefront.md §7 "Listing
 * filters"): the answer is `{ data }`, the loop grid's new markup (its `.elementor-widget-container`
 * with the items and the pagination), an HTML fragment put into the page only after sanitising
 * (src/security/island-html.ts). `data` may be '' (Elementor Pro then shows an empty grid).
 */
export const RefreshLoopResponseSchema = z.object({ data: z.string() });
export type RefreshLoopResponse = z.infer<typeof RefreshLoopResponseSchema>;
