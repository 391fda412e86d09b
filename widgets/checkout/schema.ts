import * as z from 'zod/mini';
import { AddressParamsSchema } from '../../src/contract/address';
import { optionalFromPhp } from '../../src/contract/props';
import { StripeSettingsSchema } from '../../src/contract/stripe';
import { HttpUrl } from '../../src/contract/url';

/**
 * Props of the classic checkout island (checkout.md §2 "Checkout page"; WooCommerce prints the same
 * values as `wc_checkout_params`, `wc_address_i18n_params` and `wc_country_select_params`). The
 * container holds WooCommerce's own checkout markup (login, coupon and checkout forms), which stays:
 * the island adds the behaviour (defineIsland's `adopt`).
 */
export const CheckoutPropsSchema = z.object({
  /** `wc_checkout_params`' nonces for the wc-ajax calls. */
  nonces: z.object({
    updateOrderReview: z.string(),
    applyCoupon: z.string(),
    removeCoupon: z.string(),
  }),
  /**
   * `wc_checkout_params.is_checkout`: the page is the checkout (not the order-pay page): the
   * review is recalculated once when the island mounts.
   */
  isCheckout: z._default(z.boolean(), true),
  /** The account's orders page, linked from the place-order error (§8 'order history'). */
  ordersUrl: HttpUrl,
  /** WooCommerce's address rules, as printed (`src/contract/address` reads them). */
  address: AddressParamsSchema,
  /**
   * Payment method id → the billing countries it is offered in (§4 "Payment method list"); a
   * method not listed is offered everywhere.
   */
  paymentCountries: z._default(z.record(z.string(), z.array(z.string())), {}),
  /** `wc_checkout_params.debug_mode`: failed coupon removals are logged (§8). */
  debug: z._default(z.boolean(), false),
  /**
   * The card provider's settings, as its gateway prints them (`wc_stripe_upe_params`, §3), when the
   * page offers the card method: the element is drawn in its box.
   */
  stripe: optionalFromPhp(z.optional(StripeSettingsSchema)),
});
export type CheckoutProps = z.output<typeof CheckoutPropsSchema>;
export type CheckoutPropsInput = z.input<typeof CheckoutPropsSchema>;
