/**
 * The card provider's rules (checkout.md §4 "Payment element mode and saving", "Intent flows", §5
 * "Payment", §8 "Payment", "Connection errors", "Provider error codes"): pure functions, no React,
 * no DOM, no network.
 */
import type { StripeSettings } from '../../contract/stripe';

/** §8 "Payment": the default message. */
export const PAYMENT_FAILED = 'Payment failed. Please try again.';
export const UNKNOWN_ERROR = 'An unknown error occurred.';
export const BLIK_INVALID = 'BLIK Code is invalid';
/** §8 "Connection errors (payment calls)". */
export const CONNECTION_MESSAGES = {
  timeout: 'A timeout occurred while connecting to the server. Please try again.',
  abort: 'The connection to the server was aborted. Please try again.',
  other: 'An error occurred while connecting to the server. Please try again.',
} as const;

/** §5: provider codes that mean a billing or shipping value is missing. */
const MISSING_VALUE_CODES = new Set([
  'parameter_invalid_empty',
  'parameter_missing',
  'parameter_string_empty',
  'parameter_string_blank',
]);

/** The options of the Elements group (deferred intent: no client secret before the order exists). */
export interface ElementsOptions {
  mode: 'payment' | 'setup';
  currency: string;
  amount?: number;
  paymentMethodCreation: 'manual';
  paymentMethodTypes: string[];
  setupFutureUsage?: 'off_session';
  appearance?: Record<string, unknown>;
}

/** Whether the shopper's new method is to be kept for later: saving, or a subscription (§4). */
export function futureUse(settings: StripeSettings, saving: boolean): boolean {
  return saving || settings.cartContainsSubscription;
}

/** The payment method types the element offers for the gateway's card box. */
export function methodTypes(settings: StripeSettings): string[] {
  const types = Object.keys(settings.paymentMethodsConfig).filter((t) => /^[a-z_]+$/.test(t));
  return types.length > 0 ? types : ['card'];
}

/**
 * §4: setup mode when the cart total is under 1 (minor unit), payment mode otherwise; future use
 * 'off_session' when saving or for a subscription; wallets are never inside the element.
 */
export function elementsOptions(settings: StripeSettings, saving: boolean): ElementsOptions {
  const setup = settings.cartTotal < 1;
  const options: ElementsOptions = {
    mode: setup ? 'setup' : 'payment',
    currency: settings.currency.toLowerCase(),
    paymentMethodCreation: 'manual',
    paymentMethodTypes: methodTypes(settings),
  };
  if (!setup) options.amount = Math.round(settings.cartTotal);
  if (!setup && futureUse(settings, saving)) options.setupFutureUsage = 'off_session';
  const appearance = settings.appearance;
  if (appearance && typeof appearance === 'object' && !Array.isArray(appearance)) {
    options.appearance = appearance as Record<string, unknown>;
  }
  return options;
}

/** The billing details the checkout form collects: the element does not ask them again (§5). */
const BILLING = {
  name: ['billing_first_name', 'billing_last_name'],
  email: ['billing_email'],
  phone: ['billing_phone'],
  address: ['billing_country', 'billing_address_1', 'billing_city', 'billing_postcode'],
} as const;

export interface PaymentElementOptions {
  layout: 'accordion' | 'tabs';
  wallets: { applePay: 'never'; googlePay: 'never' };
  terms: { card: 'always' | 'never' };
  fields?: {
    billingDetails: {
      name: 'never' | 'auto';
      email: 'never' | 'auto';
      phone: 'never' | 'auto';
      address: 'never' | 'auto';
    };
  };
}

/**
 * The Payment Element's options: the accordion layout, no wallets (the express buttons are apart,
 * §9), the saved-method terms ('always' when saving, or for a subscription that renews
 * automatically: §4), and the billing details the form already has left out (§5: phone asked as
 * needed). On order-pay and the account pages the form has no billing fields: the element asks.
 */
export function paymentElementOptions(
  settings: StripeSettings,
  saving: boolean,
  hasBillingFields: boolean,
): PaymentElementOptions {
  const terms =
    saving || (settings.cartContainsSubscription && !settings.subscriptionRequiresManualRenewal)
      ? 'always'
      : 'never';
  const options: PaymentElementOptions = {
    layout: settings.OCLayout === 'tabs' ? 'tabs' : 'accordion',
    wallets: { applePay: 'never', googlePay: 'never' },
    terms: { card: terms },
  };
  if (hasBillingFields) {
    const enabled = new Set(settings.enabledBillingFields);
    const has = (names: readonly string[]) => names.every((n) => enabled.has(n));
    options.fields = {
      billingDetails: {
        name: has(BILLING.name) ? 'never' : 'auto',
        email: has(BILLING.email) ? 'never' : 'auto',
        phone: has(BILLING.phone) ? 'never' : 'auto',
        address: has(BILLING.address) ? 'never' : 'auto',
      },
    };
  }
  return options;
}

/** §3 "Billing details sent with a new payment method", from the form's billing values. */
export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address: {
    city?: string;
    country?: string;
    line1?: string;
    line2?: string;
    postal_code?: string;
    state?: string;
  };
}

export function billingDetails(value: (name: string) => string | undefined): BillingDetails {
  const first = value('billing_first_name');
  const last = value('billing_last_name');
  const details: BillingDetails = {
    address: {
      city: value('billing_city'),
      country: value('billing_country'),
      line1: value('billing_address_1'),
      line2: value('billing_address_2'),
      postal_code: value('billing_postcode'),
      state: value('billing_state'),
    },
  };
  if (first !== undefined || last !== undefined) details.name = `${first ?? ''} ${last ?? ''}`.trim();
  const email = value('billing_email');
  if (email !== undefined) details.email = email;
  const phone = value('billing_phone');
  if (phone !== undefined) details.phone = phone;
  return details;
}

/** What a provider error carries that the messages depend on. */
export interface ProviderError {
  code?: string;
  type?: string;
  param?: string;
  message?: string;
}

/** 'billing_email' → itself; 'billing_details[address][postal_code]' → 'billing_postal_code'. */
function fieldOfParam(param: string): string | null {
  const parts = param.split(/[[\]]+/).filter(Boolean);
  const head = (parts[0] ?? '').toLowerCase();
  const direct = /^(billing|shipping)_([a-z0-9_]+)$/.exec(head);
  if (direct && head !== 'billing_details' && head !== 'shipping_details') return head;
  const prefix = /^(billing|shipping)(?:_details)?$/.exec(head)?.[1];
  const last = parts.length > 1 ? parts[parts.length - 1]!.toLowerCase() : '';
  return prefix && /^[a-z0-9_]+$/.test(last) ? `${prefix}_${last}` : null;
}

/** 'billing_email' → 'Billing Email' (§5's example). */
function labelOfField(field: string): string {
  return field
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The message for a provider error (§8): a missing billing/shipping value → '%s is a required
 * field.' with the field's label (`label` finds the form's own, else the field's name in words);
 * a code with a configured message → that message; else the error's own message, or the default.
 */
export function providerErrorMessage(
  error: ProviderError,
  messages: Readonly<Record<string, string>>,
  label: (field: string) => string | null = () => null,
): string {
  const code = error.code ?? '';
  if (MISSING_VALUE_CODES.has(code) && error.param) {
    const field = fieldOfParam(error.param);
    if (field) return `${label(field) ?? labelOfField(field)} is a required field.`;
  }
  if (code && Object.hasOwn(messages, code)) return messages[code]!;
  const own = (error.message ?? '').trim();
  return own || PAYMENT_FAILED;
}

/** §8: a voucher whose return URL is not this site's is not followed. */
export const NO_REDIRECT_AFTER_VOUCHER =
  'There was a problem processing the payment. Please refresh the page to try again.';

/** §5: a BLIK code is 6 digits. */
export const validBlikCode = (code: string): boolean => /^\d{6}$/.test(code.trim());
