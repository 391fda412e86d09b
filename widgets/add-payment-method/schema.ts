import * as z from 'zod/mini';
import { StripeSettingsSchema } from '../../src/contract/stripe';

/**
 * Props of the account's add-payment-method island (checkout.md §2 "Account pages": My Account's
 * add-payment-method page, WooCommerce's `form#add_payment_method`, which stays in the container
 * and posts as printed). `stripe`: the card gateway's settings as it prints them on that page
 * (`wc_stripe_upe_params`, §3).
 */
export const AddPaymentMethodPropsSchema = z.object({
  stripe: StripeSettingsSchema,
});
export type AddPaymentMethodProps = z.output<typeof AddPaymentMethodPropsSchema>;
export type AddPaymentMethodPropsInput = z.input<typeof AddPaymentMethodPropsSchema>;
