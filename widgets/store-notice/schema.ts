import * as z from 'zod/mini';
import { Html, optionalFromPhp } from '../../src/contract/props';

/** Props of the store-notice island (storefront.md §2.10, §4 "Store notice"). */
export const StoreNoticePropsSchema = z.object({
  /** WooCommerce's `data-notice-id` (md5 of the notice text); the cookie is `store_notice{noticeId}`. */
  noticeId: z.string().check(z.minLength(1), z.regex(/^[\w-]+$/, 'letters, digits, "_" or "-" only')),
  /** The notice as HTML, already filtered by the server (WooCommerce prints it through wp_kses_post). */
  message: Html,
  /** Label of the dismiss control. */
  dismissLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Dismiss')),
});
export type StoreNoticeProps = z.input<typeof StoreNoticePropsSchema>;
