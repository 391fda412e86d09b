import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/** Props of the global loading indicator (storefront.md §2.10): shown during any background request. */
export const LoadingIndicatorPropsSchema = z.object({
  /** Accessible name of the progress bar. */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Loading')),
  /** Requests shorter than this (ms) show nothing, so quick calls do not flash. */
  delay: optionalFromPhp(z._default(z.number().check(z.gte(0), z.lte(5000)), 150)),
});
export type LoadingIndicatorProps = z.input<typeof LoadingIndicatorPropsSchema>;
