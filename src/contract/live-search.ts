import * as z from 'zod/mini';

/**
 * CommerceKit's basic live search answer (storefront.md §3 "Search suggestion", "Search response",
 * §7 "Search": GET admin-ajax.php `action=commercekit_ajax_search&query=…`). CommerceKit prints it
 * with `wp_json_encode()`:
 * - `suggestions[]`: `{ value, data, url }`; only `data` is read (§7), the suggestion's display HTML
 *   (`<a href="{permalink}?cgkit_search_word=…" class="commercekit-ajs-product">` around the
 *   thumbnail, the title and the price HTML). It is sanitised before it enters the page;
 * - `view_all_link`: CommerceKit sends the whole link (`<a class="commercekit-ajs-view-all"
 *   href="{home}/?s=…&post_type=product">View all results (N)</a>`); a bare URL is read too.
 *
 * Other fields (those of other CommerceKit versions, the smart search's `keywords`) are ignored. An
 * answer without `suggestions`, or with a `data` that is not text, is malformed.
 */
export const LiveSearchResponseSchema = z.object({
  suggestions: z.array(z.object({ data: z.string() })),
  view_all_link: z.optional(z.nullable(z.string())),
});
export type LiveSearchResponse = z.infer<typeof LiveSearchResponseSchema>;
