import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';
import { ANCHOR_SCROLL } from './model';

/**
 * Props of the in-page anchor scrolling (storefront.md §5 "Anchors", §9 "sticky-scroll offset").
 * The island is not React and carries no zod: it checks its props by hand (`model.ts`
 * `readAnchorScrollProps`); this schema is the same rule for the docs, kept in step by a test.
 * Once mounted, a click on any same-page link `a[href^="#"]` whose id is valid (§5: '#', then a
 * letter or '_', then word characters or '-') and present scrolls to it smoothly (at once when the
 * shopper asked for reduced motion), leaving `offset` px above it, moves the focus to it and adds the
 * hash to the history. Other links are the browser's, as without JavaScript.
 */
export const AnchorScrollPropsSchema = z.object({
  /** Pixels left above the target (a sticky header's height), 0 to 1000. */
  offset: optionalFromPhp(
    z._default(z.number().check(z.gte(0), z.lte(ANCHOR_SCROLL.maxOffset)), ANCHOR_SCROLL.offset),
  ),
});
export type AnchorScrollProps = z.input<typeof AnchorScrollPropsSchema>;
