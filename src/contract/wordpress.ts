import * as z from 'zod/mini';

/**
 * WordPress core's REST answers the storefront reads (storefront.md §7 "Notices and banners").
 */

/**
 * `POST wp/v2/users/{id}` with the coming-soon banner's dismissal: the answer (the updated user) is
 * not read; any 2xx body is accepted as it is, as text.
 */
export const ComingSoonDismissalResponseSchema = z.string();
export type ComingSoonDismissalResponse = z.infer<typeof ComingSoonDismissalResponseSchema>;
