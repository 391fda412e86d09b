/**
 * The card provider's rules (checkout.md §4 "Payment element mode and saving", "Intent flows", §5
 * "Payment", §8 "Payment", "Connection errors", "Provider error codes"): pure functions, no React,
 * no DOM, no network.
 */
import type { StripeSettings } from '../../contract/stripe';

/** §8 "Payment": the default message. */
export const PAYMENT_FAILED = 'Payment failed. Please try again.';
/** §5: the element did not load, or what it holds cannot make a payment method. */
export const INVALID_DETAILS =
  'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.';
/** §8: shown in the method's box when the element cannot load (%s: the method's title). */
export const FAILED_TO_LOAD = 'Failed to load %s payment method. Please refresh the page and try again.';
export const UNKNOWN_ERROR = 'An unknown error occurred.';
export const BLIK_INVALID = 'BLIK Code is invalid';
/** §8 "Connection errors (payment calls)". */
export const CONNECTION_MESSAGES = {
  timeout: 'A timeout occurred while connecting to the server. Please try again.',
  abort: 'The connection to the server was aborted. Please try again.',
  other: 'An error occurred while connecting to the server. Please try again.',
} as const;

/** §5: the payment method types whose save checkbox is never shown. */
const NOT_SAVED = new Set([
  'alipay',
  'affirm',
  'afterpay_clearpay',
  'au_becs_debit',
  'boleto',
  'eps',
  'giropay',
  'multibanco',
  'p24',
  'oxxo',
  'wechat_pay',
]);

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

/**
 * §5: the save checkbox is shown for a reusable type that offers it, to a shopper who is logged in
 * or creating an account, and never for the types listed there.
 */
export function saveOptionShown(
  settings: StripeSettings,
  type: string,
  shopper: { loggedIn: boolean; creatingAccount: boolean },
): boolean {
  if (NOT_SAVED.has(type)) return false;
  if (!shopper.loggedIn && !shopper.creatingAccount) return false;
  const config = settings.paymentMethodsConfig[type];
  return !config || config.isReusable;
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

/** §2: the voucher methods (a voucher shown to the shopper) and the wallets of the wallet route. */
export const VOUCHER_TYPES = ['boleto', 'multibanco', 'oxxo'] as const;
export const WALLET_TYPES = ['wechat_pay', 'cashapp'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** A confirmation route of the URL hash (§2 "URL hash routes"). */
export type HashRoute =
  | { kind: 'confirm'; intent: 'pi' | 'si'; orderId: string; clientSecret: string; nonce: string }
  | { kind: 'legacy'; intent: 'pi' | 'si'; clientSecret: string; redirectUrl: string }
  | { kind: 'voucher'; orderId: string; method: VoucherType; clientSecret: string; returnUrl: string }
  | {
      kind: 'wallet';
      orderId: string;
      /** A wallet type of the route (checked against {@link WALLET_TYPES} when confirming: §8). */
      method: string;
      intent: 'pi' | 'si';
      clientSecret: string;
      returnUrl: string;
      nonce: string;
    };

const decoded = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

const CLIENT_SECRET = /^(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/;

/**
 * Reads a confirmation hash (`#wc-{provider}-confirm-{pi|si}:{orderId}:{clientSecret}:{nonce}`,
 * `#confirm-{pi|si}-{clientSecret}:{redirectUrl}`). Anything of another shape is null: a hash is
 * page content anyone can link to, so each part must be what it says (an order number, a client
 * secret of the intent's kind, a nonce).
 */
export function parseHashRoute(hash: string, provider: string): HashRoute | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `wc-${provider}-confirm-`;
  if (h.startsWith(prefix)) {
    const m = /^(pi|si):(\d{1,20}):([^:]+):([A-Za-z0-9]{1,64})$/.exec(h.slice(prefix.length));
    if (!m) return null;
    const intent = m[1] as 'pi' | 'si';
    const clientSecret = m[3]!;
    if (!CLIENT_SECRET.test(clientSecret) || !clientSecret.startsWith(intent === 'pi' ? 'pi_' : 'seti_'))
      return null;
    return { kind: 'confirm', intent, orderId: m[2]!, clientSecret, nonce: m[4]! };
  }
  const voucherPrefix = `wc-${provider}-voucher-`;
  if (h.startsWith(voucherPrefix)) {
    // The return URL is last and may hold ':' (its scheme): everything after the third ':'.
    const m = /^(\d{1,20}):([a-z_]+):([^:]+):(.+)$/.exec(h.slice(voucherPrefix.length));
    const returnUrl = m ? decoded(m[4]!) : null;
    if (!m || returnUrl === null || !CLIENT_SECRET.test(m[3]!)) return null;
    if (!(VOUCHER_TYPES as readonly string[]).includes(m[2]!)) return null;
    return { kind: 'voucher', orderId: m[1]!, method: m[2] as VoucherType, clientSecret: m[3]!, returnUrl };
  }
  const walletPrefix = `wc-${provider}-wallet-`;
  if (h.startsWith(walletPrefix)) {
    const m =
      /^(\d{1,20}):([a-z_]+):(pi|si|payment_intent|setup_intent):([^:]+):(.+):([A-Za-z0-9]{1,64})$/.exec(
        h.slice(walletPrefix.length),
      );
    const returnUrl = m ? decoded(m[5]!) : null;
    if (!m || returnUrl === null || !CLIENT_SECRET.test(m[4]!)) return null;
    const intent = m[3] === 'si' || m[3] === 'setup_intent' ? 'si' : 'pi';
    return {
      kind: 'wallet',
      orderId: m[1]!,
      method: m[2]!,
      intent,
      clientSecret: m[4]!,
      returnUrl,
      nonce: m[6]!,
    };
  }
  const legacy = /^confirm-(pi|si)-([^:]+):(.+)$/.exec(h);
  if (legacy) {
    const intent = legacy[1] as 'pi' | 'si';
    const clientSecret = legacy[2]!;
    if (!CLIENT_SECRET.test(clientSecret)) return null;
    let redirectUrl: string;
    try {
      redirectUrl = decodeURIComponent(legacy[3]!);
    } catch {
      return null;
    }
    return { kind: 'legacy', intent, clientSecret, redirectUrl };
  }
  return null;
}

/** Whether a hash is meant for the provider (a route, or a malformed one to refuse). */
export function isProviderHash(hash: string, provider: string): boolean {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h.startsWith(`wc-${provider}-`) || /^confirm-(pi|si)-/.test(h);
}

/** §8: a voucher whose return URL is not this site's is not followed. */
export const NO_REDIRECT_AFTER_VOUCHER =
  'There was a problem processing the payment. Please refresh the page to try again.';

/** §5: a BLIK code is 6 digits. */
export const validBlikCode = (code: string): boolean => /^\d{6}$/.test(code.trim());
