import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/**
 * Props of a sticky element (storefront.md §2.10, §9 "Sticky re-check debounce 300 ms"): the
 * container's first element sticks below the top of the viewport. The island checks its props by
 * hand (model.ts `parseStickyProps`: no zod on pages with nothing else interactive); this schema
 * describes the same contract for the integrators' guide and the tests, which hold the two to it.
 */
export const StickyPropsSchema = z.object({
  /** Distance from the top of the viewport where the element stops, in px (0–400). */
  offset: optionalFromPhp(z._default(z.number().check(z.gte(0), z.lte(400)), 0)),
  /** The devices it sticks on (§9: mobile ≤ 767 px, tablet ≤ 1024 px); elsewhere it scrolls. */
  on: optionalFromPhp(
    z._default(z.array(z.enum(['desktop', 'tablet', 'mobile'])).check(z.minLength(1)), [
      'desktop',
      'tablet',
      'mobile',
    ]),
  ),
});
export type StickyProps = z.input<typeof StickyPropsSchema>;
