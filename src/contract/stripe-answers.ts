/**
 * The answers of the card provider's shop-endpoint and admin-ajax operations (checkout.md §7
 * "Payment provider operations", "Admin endpoint"). Apart from the settings' schema
 * (src/contract/stripe.ts), which the checkout island reads on load: these are read only by the
 * code that makes the calls (the card's chunk, the account's island).
 */
import * as z from 'zod/mini';
import { optionalFromPhp } from './props';

/**
 * `wc_stripe_update_order_status` (and `confirm_change_payment`): WordPress's
 * `wp_send_json_success({return_url})` / `wp_send_json_error({error: {message}})`.
 */
export const OrderStatusAnswerSchema = z.union([
  z.object({ success: z.literal(true), data: z.object({ return_url: z.string() }) }),
  z.object({
    success: z.literal(false),
    data: z._default(
      z.object({ error: z._default(z.object({ message: z._default(z.string(), '') }), { message: '' }) }),
      { error: { message: '' } },
    ),
  }),
]);
export type OrderStatusAnswer = z.output<typeof OrderStatusAnswerSchema>;

/**
 * `wc_{provider}_create_and_confirm_setup_intent` (admin-ajax, checkout.md §7 "Admin endpoint"): the
 * gateway's `wp_send_json_success({status, id, client_secret, next_action, payment_type,
 * return_url})` with the return URL `rawurlencode`d, or `wp_send_json_error({error: {message}})`.
 */
export const SetupIntentAnswerSchema = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({
      status: z.string(),
      id: z.string(),
      client_secret: z._default(z.string(), ''),
      /** Stripe's next action (null when none); only `redirect_to_url` is read here (§4). */
      next_action: optionalFromPhp(
        z.optional(
          z.nullable(
            z.looseObject({
              type: z._default(z.string(), ''),
              redirect_to_url: z.optional(z.looseObject({ url: z._default(z.string(), '') })),
            }),
          ),
        ),
      ),
      payment_type: z._default(z.string(), 'card'),
      return_url: z._default(z.string(), ''),
    }),
  }),
  z.object({
    success: z.literal(false),
    data: z._default(
      z.object({ error: z._default(z.object({ message: z._default(z.string(), '') }), { message: '' }) }),
      { error: { message: '' } },
    ),
  }),
]);
export type SetupIntentAnswer = z.output<typeof SetupIntentAnswerSchema>;
