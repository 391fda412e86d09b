import * as z from 'zod/mini';
import { fromPhp } from '../../src/contract/props';

/** Months or minutes: positive and below a million, so a cookie's Max-Age stays a plain integer. */
const Duration = z.number().check(z.gt(0), z.lt(1e6));

/**
 * Props of the order attribution tracker (storefront.md §3 "Order attribution", §4 "Order
 * attribution tracking"): WooCommerce's own `wc_order_attribution` object, exactly as it localizes
 * it for its `wc-order-attribution` script (the plugin reads it back from that script's data).
 *
 * The island is not React and carries no zod (it runs on every page): it checks its props by hand
 * (`model.ts` `checkProps`). This schema is the same rule for the integrators' guide, held to the
 * checker by `schema.test.ts`, with one difference: the checker takes `fields` as any object, so a
 * list of cookie keys (`["current.typ"]`, fields named "0", "1"…) passes it, while this schema (and
 * WooCommerce) has a map of field names. No value is read as PHP might print it otherwise: numbers
 * printed as strings and `null` are refused, as WooCommerce prints neither.
 */
export const OrderAttributionPropsSchema = z.object({
  /** WooCommerce's settings, after its `wc_order_attribution_*` filters. */
  params: z.object({
    /**
     * How long the source cookies last, in months of 30 days (`…_cookie_lifetime_months`; §9: 0.00001,
     * the library's default 6): below a minute they last until the browser closes.
     */
    lifetime: Duration,
    /** How long a session lasts after the last page view, in minutes (`…_session_length_minutes`, 30). */
    session: Duration,
    /**
     * `…_use_base64_cookies`: checked, then ignored: the cookie values are always percent-encoded,
     * never base64 (§9 "no base64 encoding", the store's setting).
     */
    base64: z.boolean(),
    /** WooCommerce's admin-ajax URL: checked, not used (the tracker sends nothing). */
    ajaxurl: z.string(),
    /** The inputs' name prefix (`…_tracking_field_prefix`, `wc_order_attribution_`): word characters only. */
    prefix: z.string().check(z.regex(/^\w+$/)),
    /**
     * `…_allow_tracking` (a consent plugin's answer): false deletes the `sbjs_*` cookies and leaves the
     * fields empty.
     */
    allowTracking: z.boolean(),
  }),
  /**
   * The fields (`wc_order_attribution_tracking_fields`): field name => the cookie key holding its value,
   * `cookie.key` with one of sourcebuster's cookies (`current`, `current_add`, `first`, `first_add`,
   * `session`, `udata`) and a key of 2 or 3 lower-case letters (`current.typ`, `udata.vst`). Each
   * `input[name="{prefix}{field}"]` of the page is filled with it, and the `shop-islands:order-attribution`
   * event carries them all.
   */
  fields: fromPhp(
    z.record(z.string(), z.string().check(z.regex(/^((current|first)(_add)?|session|udata)\.[a-z]{2,3}$/))),
  ),
});
export type OrderAttributionProps = z.input<typeof OrderAttributionPropsSchema>;
