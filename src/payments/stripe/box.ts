/**
 * What the checkout island itself needs of the card provider's rules, before the card's own code is
 * fetched (src/payments/stripe/model.ts, with the element's options and the provider errors, comes
 * with that code): the messages of a box that cannot pay and the save checkbox's rule (checkout.md
 * §5). The confirmation routes of the URL hash are in ./hash-route.ts. Pure functions.
 */
import type { StripeSettings } from '../../contract/stripe';

/** §5: the element did not load, or what it holds cannot make a payment method. */
export const INVALID_DETAILS =
  'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.';
/** §8: shown in the method's box when the element cannot load (%s: the method's title). */
export const FAILED_TO_LOAD = 'Failed to load %s payment method. Please refresh the page and try again.';
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
