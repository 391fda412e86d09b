import * as z from 'zod/mini';

/**
 * Props of the listing's result count (storefront.md §2.3, §9 "Timings"): WooCommerce's
 * `p.woocommerce-result-count` ("Showing all 12 results", "Showing 1–16 of 40 results"),
 * re-announced to screen readers 2 s after the island mounts.
 */
export const ResultCountPropsSchema = z.object({
  /**
   * The paragraph's text, as text (entities decoded: "Showing 1–16 of 40 results"); shown as the
   * fallback shows it and announced with its white space collapsed. Empty: nothing is announced.
   */
  text: z.string(),
});
export type ResultCountProps = z.input<typeof ResultCountPropsSchema>;
