/**
 * The card provider's gateway settings as the WooCommerce Stripe Gateway (9.x) prints them for the
 * classic checkout (`wc_stripe_upe_params`; checkout.md §3 "Payment gateway settings"), and the
 * answers of its shop-endpoint operations (§7 "Payment provider operations").
 *
 * WordPress prints the settings with `wp_localize_script()`, which turns every scalar into a string:
 * flags are "1" or "", numbers "23989". The schema reads them as printed (the recorded object of
 * `../shared/woocommerce-samples/params/checkout.wc_stripe_upe_params.json` parses as it is) and
 * gives typed values.
 */
import * as z from 'zod/mini';
import { optionalFromPhp, WpFlag } from './props';
import { HttpUrl } from './url';

/** A number printed as a string ("23989"); anything else reads as 0. */
const WpNumber = z.pipe(
  z.transform((value: unknown) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(n) ? n : 0;
  }),
  z.number(),
);

/** One payment method type's entry of `paymentMethodsConfig` (§3). */
const PaymentMethodConfigSchema = z.object({
  isReusable: z._default(WpFlag, false),
  title: z._default(z.string(), ''),
  showSaveOption: z._default(WpFlag, false),
  supportsDeferredIntent: z._default(WpFlag, true),
  /** An empty list: no country restriction. */
  countries: z._default(z.array(z.string()), []),
});

/** The nonce of each operation (§3 "Per-operation nonces"; §4: each operation has its own). */
const Nonce = z._default(z.string(), '');

/**
 * Loose: the printed object also holds the provider's error messages, keyed by error code
 * ({@link providerMessages} reads them).
 */
export const StripeSettingsSchema = z.looseObject({
  /** The gateway's id: the `payment_method` radio's value and the `{provider}` of the contracts. */
  gatewayId: z._default(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)), 'stripe'),
  title: z._default(z.string(), 'Credit / Debit Card'),
  /** The publishable key Stripe.js is initialised with. */
  key: z.string().check(z.regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a publishable key')),
  apiVersion: z._default(z.string(), '2024-06-20'),
  locale: z._default(z.string(), 'auto'),
  isCheckout: z._default(WpFlag, false),
  isOrderPay: z._default(WpFlag, false),
  isChangingPayment: z._default(WpFlag, false),
  isLoggedIn: z._default(WpFlag, false),
  isSignupOnCheckoutAllowed: z._default(WpFlag, false),
  cartContainsSubscription: z._default(WpFlag, false),
  subscriptionRequiresManualRenewal: z._default(WpFlag, false),
  forceSavePaymentMethod: z._default(WpFlag, false),
  /** The cart total in the currency's minor unit (cents), printed as a string. */
  cartTotal: z._default(WpNumber, 0),
  currency: z._default(z.string(), 'EUR'),
  /** The order of an order-pay page (PHP prints a number). */
  orderId: z._default(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
      z.string(),
    ),
    '',
  ),
  /** The billing fields the checkout form has: the element does not ask them again (§5). */
  enabledBillingFields: optionalFromPhp(z._default(z.array(z.string()), [])),
  /** PHP prints an empty map as `[]`. */
  paymentMethodsConfig: optionalFromPhp(z._default(z.record(z.string(), PaymentMethodConfigSchema), {})),
  /** 'accordion' (also the default, §9). */
  OCLayout: z._default(z.string(), 'accordion'),
  /** The provider's appearance (an object), or "" when none was saved. */
  appearance: z._default(z.unknown(), ''),
  genericErrorMessage: z._default(
    z.string(),
    'There was a problem processing the payment. Please check your email inbox and refresh the page to try again.',
  ),
  createSetupIntentNonce: Nonce,
  createAndConfirmSetupIntentNonce: Nonce,
  updateFailedOrderNonce: Nonce,
  /** `save_appearance`'s nonce, and the theme the appearance is kept for. */
  saveAppearanceNonce: Nonce,
  theme_name: z._default(z.string(), ''),
  return_url: optionalFromPhp(z.optional(HttpUrl)),
  addPaymentReturnURL: optionalFromPhp(z.optional(HttpUrl)),
});
export type StripeSettings = z.output<typeof StripeSettingsSchema>;
export type StripeSettingsInput = z.input<typeof StripeSettingsSchema>;

/**
 * The settings' error messages keyed by provider error code (§8 "Provider error codes → messages"),
 * printed as top-level keys of the same object: every string value whose key looks like a code and
 * is not one of the settings.
 */
export function providerMessages(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  const settings = new Set(Object.keys(StripeSettingsSchema.shape));
  for (const [key, value] of Object.entries(raw)) {
    if (settings.has(key) || !/^[a-z][a-z0-9_]*$/.test(key)) continue;
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}
