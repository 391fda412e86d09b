/**
 * The card provider's shop-endpoint operations (checkout.md §7 "Payment provider operations"):
 * POST `/?wc-ajax=wc_{provider}_{name}`, each with its own nonce. None is retried by the transport:
 * each one changes an order.
 */
import { TextSchema } from '../contract/checkout';
import { OrderStatusAnswerSchema, type OrderStatusAnswer } from '../contract/stripe';
import { wcAjax, type RequestOptions } from '../transport/client';

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

/** `update_failed_order` after a failed confirmation: `intent_id`, `order_id`; its answer is not read. */
export async function updateFailedOrder(
  provider: string,
  fields: { intent_id: string; order_id: string; _ajax_nonce: string },
  options: RequestOptions = {},
): Promise<void> {
  await wcAjax(action(provider, 'update_failed_order'), fields, {
    ...options,
    schema: TextSchema,
    responseType: 'text',
  });
}
