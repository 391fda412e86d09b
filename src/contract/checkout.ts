import * as z from 'zod/mini';

/**
 * The classic checkout's endpoints (checkout.md §7 "Checkout and order review"), as WooCommerce 9.9
 * answers them (../shared/woocommerce-samples 41–61):
 * - `update_order_review`: JSON `{ result, messages, reload, fragments }`; a bad nonce is HTTP 403
 *   with the body `-1`;
 * - `checkout`: JSON `{ result: 'success', redirect, order_id }` or `{ result: 'failure', messages,
 *   refresh, reload }`; a plugin that prints before the JSON (a PHP notice, a BOM) breaks it, hence
 *   {@link readCheckoutAnswer};
 * - `apply_coupon` / `remove_coupon`: an HTML notice (`woocommerce-error` when refused).
 */

/**
 * `update_order_review`'s answer. `fragments`: selector → replacement HTML (sanitised by the caller).
 * An expired session (an empty cart) is answered with the fragments alone, no `result`: the whole
 * form replaced by 'Sorry, your session has expired.' (WooCommerce 9.9's
 * `update_order_review_expired()`). An answer with neither is not the contract.
 */
export const OrderReviewResponseSchema = z
  .object({
    result: z.optional(z.string()),
    messages: z._default(z.string(), ''),
    reload: z._default(z.union([z.boolean(), z.literal('true'), z.literal('false')]), false),
    fragments: z.optional(z.union([z.record(z.string(), z.string()), z.tuple([])])),
  })
  .check(
    z.refine(
      (answer) => answer.result !== undefined || answer.fragments !== undefined,
      'no result and no fragments',
    ),
  );
export type OrderReviewResponse = z.infer<typeof OrderReviewResponseSchema>;

const CheckoutSuccessSchema = z.object({
  result: z.literal('success'),
  redirect: z.string(),
  order_id: z.optional(z.union([z.number(), z.string()])),
});

const CheckoutFailureSchema = z.object({
  result: z.string(),
  messages: z._default(z.string(), ''),
  refresh: z._default(z.union([z.boolean(), z.literal('true'), z.literal('false')]), false),
  reload: z._default(z.union([z.boolean(), z.literal('true'), z.literal('false')]), false),
});

/** What the checkout POST answered, read (§4 "Place-order result"). */
export type CheckoutAnswer =
  | { kind: 'success'; redirect: string; orderId: string | undefined }
  | { kind: 'failure'; messages: string; refresh: boolean; reload: boolean }
  /** Not JSON even after recovery, or not the contract: the caller shows the generic error. */
  | { kind: 'invalid'; reason: string };

/** `true`, or PHP's `"true"`. */
const truthy = (value: boolean | string): boolean => value === true || value === 'true';

/** Internal messages of the malformed-JSON recovery (checkout.md §8, word for word). */
export const MALFORMED_JSON = {
  first: 'Unable to fix malformed JSON #1',
  second: 'Unable to fix malformed JSON #2',
  fixed: 'Fixed malformed JSON',
} as const;

/**
 * The checkout POST's body read as WooCommerce's checkout script reads it: JSON, or, when something
 * was printed around it (a PHP notice before, a stray byte after), the part from `{"result` to the
 * last `}` (§7: "the product tries to recover the part beginning with {"result"). `log` receives the
 * §8 internal messages ('Fixed malformed JSON', 'Unable to fix malformed JSON #1' / '#2').
 */
export function readCheckoutAnswer(
  body: string,
  log: (message: string) => void = () => undefined,
): CheckoutAnswer {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const start = body.indexOf('{"result');
    const end = body.lastIndexOf('}');
    if (start < 0 || end < start) {
      log(MALFORMED_JSON.first);
      return { kind: 'invalid', reason: 'the answer is not JSON' };
    }
    try {
      value = JSON.parse(body.slice(start, end + 1));
      log(MALFORMED_JSON.fixed);
    } catch {
      log(MALFORMED_JSON.second);
      return { kind: 'invalid', reason: 'the answer is not JSON' };
    }
  }
  const success = z.safeParse(CheckoutSuccessSchema, value);
  if (success.success) {
    const id = success.data.order_id;
    return {
      kind: 'success',
      redirect: success.data.redirect,
      orderId: id === undefined ? undefined : String(id),
    };
  }
  const failure = z.safeParse(CheckoutFailureSchema, value);
  if (failure.success && failure.data.result !== 'success') {
    return {
      kind: 'failure',
      messages: failure.data.messages,
      refresh: truthy(failure.data.refresh),
      reload: truthy(failure.data.reload),
    };
  }
  return { kind: 'invalid', reason: 'the answer is not a checkout result' };
}

/** A coupon endpoint's HTML notice: refused when it holds WooCommerce's error class. */
export interface CouponAnswer {
  html: string;
  error: boolean;
}

/** An element whose class attribute holds `woocommerce-error` (not the words in a message's text). */
const ERROR_CLASS = /<[a-z][^>]*\sclass\s*=\s*(["'])(?:(?!\1)[^>])*\bwoocommerce-error\b/i;
/** An element whose class attribute holds one of WooCommerce's notice classes. */
const NOTICE_CLASS = /<[a-z][^>]*\sclass\s*=\s*(["'])(?:(?!\1)[^>])*\bwoocommerce-(?:error|message|info)\b/i;

/**
 * `apply_coupon` / `remove_coupon`: the notice, and whether it is an error (`woocommerce-error`);
 * null when the body holds no WooCommerce notice (checkout.md §7: the answer is an HTML notice,
 * and WooCommerce prints one for every outcome): a login page, a cache's page, broken JSON, an empty
 * body are failed calls, not notices to show.
 */
export function readCouponAnswer(body: string): CouponAnswer | null {
  return NOTICE_CLASS.test(body) ? { html: body, error: ERROR_CLASS.test(body) } : null;
}

/** Any text (the coupon endpoints answer HTML, the recovery above reads raw text). */
export const TextSchema = z.string();
