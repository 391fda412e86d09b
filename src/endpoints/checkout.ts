/**
 * The classic checkout's endpoints (checkout.md §7 "Checkout and order review"), POST
 * `/?wc-ajax=…` with a form body. None is ever retried by the transport: a second `checkout` POST
 * can be a second order (issue #13: one order per intent).
 */
import {
  OrderReviewResponseSchema,
  readCheckoutAnswer,
  readCouponAnswer,
  TextSchema,
  type CheckoutAnswer,
  type CouponAnswer,
  type OrderReviewResponse,
} from '../contract/checkout';
import { wcAjax, type FormInput, type RequestOptions } from '../transport/client';
import { TransportError } from '../transport/errors';

/**
 * `update_order_review`: `security` (the page's `update_order_review_nonce`), the billing and
 * shipping address fields the rules name (`country`, `state`, `postcode`, `city`, `address`,
 * `address_2`, and `s_` for shipping), `has_full_address`, `payment_method`, `post_data` (the whole
 * form, serialised) and `shipping_method[i]`. A bad nonce is HTTP 403 `-1`: a TransportError.
 */
export function updateOrderReview(
  form: FormInput,
  options: RequestOptions = {},
): Promise<OrderReviewResponse> {
  return wcAjax('update_order_review', form, { ...options, schema: OrderReviewResponseSchema });
}

/**
 * `checkout`: the serialised checkout form (with `woocommerce-process-checkout-nonce`). The answer
 * is read even when something was printed around its JSON (`readCheckoutAnswer`); `log` receives
 * the recovery's messages. Rejects with a TransportError when no answer came or it was an HTTP
 * error: the order may have been placed then, so the caller never sends it again by itself.
 */
export async function placeOrder(
  form: FormInput,
  options: RequestOptions & { log?: (message: string) => void } = {},
): Promise<CheckoutAnswer> {
  const { log, ...request } = options;
  const body = await wcAjax('checkout', form, { ...request, schema: TextSchema, responseType: 'text' });
  return readCheckoutAnswer(body, log);
}

/** `apply_coupon`: `security` (`apply_coupon_nonce`), `coupon_code`, `billing_email`. */
export async function applyCoupon(
  fields: { security: string; coupon_code: string; billing_email: string },
  options: RequestOptions = {},
): Promise<CouponAnswer> {
  const body = await wcAjax('apply_coupon', fields, { ...options, schema: TextSchema, responseType: 'text' });
  return couponNotice('apply_coupon', body);
}

/** `remove_coupon`: `security` (`remove_coupon_nonce`), `coupon`. */
export async function removeCoupon(
  fields: { security: string; coupon: string },
  options: RequestOptions = {},
): Promise<CouponAnswer> {
  const body = await wcAjax('remove_coupon', fields, {
    ...options,
    schema: TextSchema,
    responseType: 'text',
  });
  return couponNotice('remove_coupon', body);
}

/** The coupon endpoint's notice; an answer that is none fails as a `schema` error. */
function couponNotice(endpoint: string, body: string): CouponAnswer {
  const answer = readCouponAnswer(body);
  if (!answer) {
    throw new TransportError('schema', `${endpoint}: the answer is not a WooCommerce notice`, { body });
  }
  return answer;
}
