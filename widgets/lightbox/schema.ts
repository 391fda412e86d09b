import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the site-wide lightbox (storefront.md §2.6), printed once per page when the settings'
 * `lightbox.enabled` is on. Its switches (counter, fullscreen, zoom, share) come from the settings
 * block; nothing is shown until a link opens the viewer, so there is no fallback markup.
 */
export const LightboxPropsSchema = z.object({
  /** The viewer dialog's accessible name. */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Image viewer')),
});
export type LightboxProps = z.input<typeof LightboxPropsSchema>;
