/**
 * The card provider's shop-endpoint operations (checkout.md §7 "Payment provider operations"):
 * POST `/?wc-ajax=wc_{provider}_{name}`, each with its own nonce. None is retried by the transport:
 * each one changes an order.
 */
import * as z from 'zod/mini';
import {
  OrderStatusAnswerSchema,
  SetupIntentAnswerSchema,
  type OrderStatusAnswer,
  type SetupIntentAnswer,
} from '../contract/stripe-answers';
import { adminAjax, wcAjax, type RequestOptions } from '../transport/client';
import { TransportError } from '../transport/errors';

/** Only a gateway id of WooCommerce's shape makes an endpoint name (the provider is a setting). */
function action(provider: string, name: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(provider)) throw new TypeError(`not a gateway id: ${provider}`);
  return `wc_${provider}_${name}`;
}

/**
 * `update_order_status` after the shopper confirmed an intent (or `confirm_change_payment` for a
 * subscription's payment change): `order_id`, `intent_id`, `payment_method_id` (the new method to
 * keep, or empty), `_ajax_nonce` (the one the confirmation route carried).
 */
export function updateOrderStatus(
  provider: string,
  fields: { order_id: string; intent_id: string; payment_method_id: string; _ajax_nonce: string },
  options: RequestOptions & { changingPayment?: boolean } = {},
): Promise<OrderStatusAnswer> {
  const { changingPayment, ...request } = options;
  const name = changingPayment ? 'confirm_change_payment' : 'update_order_status';
  return wcAjax(action(provider, name), fields, { ...request, schema: OrderStatusAnswerSchema });
}

/**
 * `save_appearance` (§7): the element's look read from the page, kept by the gateway for the theme
 * (`appearance` as JSON, `is_block_checkout` 'false' on the classic pages). Its answer is not read.
 */
export async function saveAppearance(
  provider: string,
  fields: { appearance: unknown; theme: string; nonce: string },
  options: RequestOptions = {},
): Promise<void> {
  await wcAjax(
    action(provider, 'save_appearance'),
    {
      appearance: JSON.stringify(fields.appearance),
      is_block_checkout: 'false',
      theme_name: fields.theme,
      _ajax_nonce: fields.nonce,
    },
    { ...options, schema: z.string(), responseType: 'text' },
  );
}

/** `update_failed_order` after a failed confirmation: `intent_id`, `order_id`; its answer is not read. */
export async function updateFailedOrder(
  provider: string,
  fields: { intent_id: string; order_id: string; _ajax_nonce: string },
  options: RequestOptions = {},
): Promise<void> {
  await wcAjax(action(provider, 'update_failed_order'), fields, {
    ...options,
    schema: z.string(),
    responseType: 'text',
  });
}

/**
 * `wc_{provider}_create_and_confirm_setup_intent` on admin-ajax (§7 "Admin endpoint"): the account's
 * new payment method, kept through a setup intent the server creates and confirms. Never retried:
 * each call attaches a method to the customer.
 *
 * The Stripe gateway 9.4.1 registers this operation on the shop endpoint only
 * (`wc_ajax_wc_stripe_create_and_confirm_setup_intent`), where admin-ajax answers WordPress's `0`
 * with HTTP 400: no handler ran, nothing was made. Only then is the same call sent to
 * `/?wc-ajax=…` (one operation still: the first did nothing).
 */
export async function createAndConfirmSetupIntent(
  provider: string,
  fields: {
    paymentMethod: string;
    paymentType: string;
    nonce: string;
    /** The subscriptions' "update all" checkbox, when the page has one and it is ticked. */
    updateAllSubscriptions?: boolean;
  },
  options: RequestOptions = {},
): Promise<SetupIntentAnswer> {
  const form: Record<string, string> = {
    [`wc-${provider}-payment-method`]: fields.paymentMethod,
    [`wc-${provider}-payment-type`]: fields.paymentType,
    _ajax_nonce: fields.nonce,
  };
  if (fields.updateAllSubscriptions) form.update_all_subscription_payment_methods = '1';
  const name = action(provider, 'create_and_confirm_setup_intent');
  try {
    return await adminAjax(name, form, { ...options, schema: SetupIntentAnswerSchema });
  } catch (error) {
    if (!noHandler(error)) throw error;
    return wcAjax(name, form, { ...options, schema: SetupIntentAnswerSchema });
  }
}

/** admin-ajax's answer when no plugin handles the action: `0`, HTTP 400. */
function noHandler(error: unknown): boolean {
  return (
    error instanceof TransportError &&
    error.kind === 'http' &&
    error.details.status === 400 &&
    (error.details.body ?? '').trim() === '0'
  );
}
