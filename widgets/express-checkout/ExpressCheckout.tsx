/**
 * Express checkout buttons (checkout.md §1, §7 "Express checkout", "Store API"): Stripe's Express
 * Checkout Element on the product page, the cart and the checkout, driven by the Stripe gateway's
 * shop endpoints and WooCommerce's Store API as the gateway (9.4.1) drives them:
 *
 * - the sheet: on a product page the gateway's product data (and `get_selected_product_data` when
 *   the choice changes), on the cart and checkout the Store API cart (read again after
 *   `updated_cart_totals` / `updated_checkout`);
 * - a press (`click`): the sheet's options at once (Stripe waits at most a second), then on a product
 *   page the cart made of that product alone (`add_to_cart`, or `clear_cart` + `cart/add-item`) —
 *   what was in the cart is remembered and put back if the shopper cancels (the gateway loses it);
 * - an address (`shippingaddresschange`): `get_shipping_options`; a rate: `update_shipping_method`;
 * - Pay (`confirm`): one payment method from the wallet, one Store API checkout (the express flag),
 *   then the order page, or the 3-D Secure route confirmed first (`update_order_status`);
 * - every failure: the sheet told (`paymentFailed`), a notice above the buttons, nothing charged
 *   twice: one checkout per Pay, whatever the presses.
 *
 * The container reserves the buttons' height before any script (express-checkout.css): CLS 0.
 */
import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Stripe,
  StripeElementsOptions,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementReadyEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ExpressCheckoutParams, StoreCart } from '../../src/contract/express';
import {
  addToStoreCart,
  clearCart,
  expressAddToCart,
  expressPaymentData,
  getSelectedProductData,
  getShippingOptions,
  getStoreCart,
  payExistingOrder,
  placeExpressOrder,
  readStoreApiError,
  updateShippingMethod,
  type ExpressOrderPayload,
} from '../../src/endpoints/express';
import { updateFailedOrder, updateOrderStatus } from '../../src/endpoints/payment';
import { on } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { leaveFor } from '../../src/navigation';
import { parseHashRoute } from '../../src/payments/stripe/hash-route';
import { stripeFor } from '../../src/payments/stripe/load';
import { CONNECTION_MESSAGES, UNKNOWN_ERROR } from '../../src/payments/stripe/model';
import { REFUSED_NAVIGATION_MESSAGE } from '../../src/security/url';
import { TransportError } from '../../src/transport/errors';
import {
  attributionExtensions,
  cartSheet,
  clickOptions,
  lineItems,
  orderAddress,
  shippingRates,
  walletAddress,
  type Rate,
  type Sheet,
} from './model';
import type { ExpressCheckoutProps } from './schema';

/** WooCommerce's words when a variable product has no complete choice (its variation form's). */
const SELECTION_NEEDED = 'Please select some product options before adding this product to your cart.';
/** §8 "Payment": the default message. */
const PAYMENT_FAILED = 'Payment failed. Please try again.';
/** The provider's id of the express orders (the card gateway: its settings' `{provider}`). */
const PROVIDER = 'stripe';

/** The gateway clamps its buttons' height to 40–55 px. */
const buttonHeight = (params: ExpressCheckoutParams): number =>
  Math.min(55, Math.max(40, params.button.height));

/** The sheet from the gateway's product data (a product page, before any call). */
function productSheet(params: ExpressCheckoutParams): Sheet | null {
  const product = params.product;
  if (!product) return null;
  return {
    lineItems: lineItems(product.displayItems),
    shippingRates: shippingRates(product.shippingOptions),
    amount: product.total.amount,
    needsShipping: product.requestShipping,
  };
}

/** What the shopper chose in the product's add-to-cart form: quantity and variation selects. */
function productChoice(): {
  qty: number;
  attributes: Record<string, string>;
  complete: boolean;
} {
  const form = document.querySelector<HTMLFormElement>('form.cart');
  const qtyInput = form?.querySelector<HTMLInputElement>('input[name="quantity"]');
  const qty = Math.max(1, Math.floor(Number(qtyInput?.value ?? '1')) || 1);
  const attributes: Record<string, string> = {};
  let complete = true;
  form?.querySelectorAll<HTMLSelectElement>('select[name^="attribute_"]').forEach((select) => {
    attributes[select.name] = select.value;
    if (select.value === '') complete = false;
  });
  return { qty, attributes, complete };
}

/** The message for a failed call (§8 "Connection errors"), or the Store API's own refusal. */
function failureMessage(error: unknown): string {
  const refusal = readStoreApiError(error);
  if (refusal?.message) return textOf(refusal.message);
  if (error instanceof TransportError) {
    if (error.kind === 'timeout') return __(CONNECTION_MESSAGES.timeout);
    if (error.kind === 'abort') return __(CONNECTION_MESSAGES.abort);
    if (error.kind !== 'schema') return __(CONNECTION_MESSAGES.other);
  }
  if (error instanceof Error && error.name === 'ExpressProblem') return error.message;
  // An answer that is not what the contract says: the payment failed, as far as the page knows.
  if (error instanceof TransportError) return __(PAYMENT_FAILED);
  // Anything else (Stripe.js or the browser threw): §8's last resort.
  return __(UNKNOWN_ERROR);
}

/** Server messages may hold markup (WooCommerce's notices): shown as their text only. */
function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const problem = (message: string) => Object.assign(new Error(message), { name: 'ExpressProblem' });

export function ExpressCheckout({ params, productId, apiVersion, cart, payForOrder }: ExpressCheckoutProps) {
  const productPage = params.is_product_page && productId !== undefined;
  const [stripe] = useState(() =>
    stripeFor(params.stripe.publishable_key, { apiVersion, locale: params.stripe.locale }),
  );
  const [sheet, setSheet] = useState<Sheet | null>(() =>
    productPage
      ? productSheet(params)
      : payForOrder
        ? {
            lineItems: lineItems(payForOrder.displayItems),
            shippingRates: [],
            amount: payForOrder.total.amount,
            needsShipping: false,
          }
        : cart
          ? {
              lineItems: lineItems(cart.displayItems),
              shippingRates: [],
              amount: cart.total.amount,
              needsShipping: cart.needsShipping,
            }
          : null,
  );
  // The server's sheet of the cart: no Store API request on load (a page view with a known cart
  // makes none), the cart read again only when WooCommerce recalculates it.
  const [printedCart] = useState(() => cart !== undefined || payForOrder !== undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [available, setAvailable] = useState<boolean | null>(null);
  // Stripe.js that cannot load offers no wallet: the reserved place stays empty.
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setAvailable(false);
    });
    return () => {
      live = false;
    };
  }, [stripe]);

  // The cart and checkout pages: the Store API cart, read again whenever WooCommerce recalculates.
  useEffect(() => {
    if (productPage) return;
    let current: AbortController | null = null;
    const read = () => {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      getStoreCart(params, { signal: controller.signal }).then(
        (cart: StoreCart) => {
          if (!controller.signal.aborted) setSheet(cartSheet(cart));
        },
        () => {
          // The buttons wait for a cart they can show: nothing is offered on a stale one.
          if (!controller.signal.aborted) setSheet(null);
        },
      );
    };
    if (!printedCart) read();
    const offTotals = on('updated_cart_totals', read, document.body);
    const offCheckout = on('updated_checkout', read, document.body);
    return () => {
      current?.abort();
      offTotals();
      offCheckout();
    };
  }, [params, productPage, printedCart]);

  // A product page: the sheet of the current choice (quantity, variation), as the gateway asks it.
  useEffect(() => {
    if (!productPage || productId === undefined) return;
    const form = document.querySelector<HTMLFormElement>('form.cart');
    if (!form) return;
    let timer = 0;
    let current: AbortController | null = null;
    const ask = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const choice = productChoice();
        if (!choice.complete) return;
        current?.abort();
        const controller = new AbortController();
        current = controller;
        getSelectedProductData(
          params,
          { productId, qty: choice.qty, attributes: choice.attributes },
          { signal: controller.signal },
        ).then(
          (data) => {
            if (controller.signal.aborted || 'error' in data) return;
            setSheet({
              lineItems: lineItems(data.displayItems),
              shippingRates: shippingRates(data.shippingOptions),
              amount: data.total.amount,
              needsShipping: data.requestShipping,
            });
          },
          () => {},
        );
      }, 250);
    };
    form.addEventListener('change', ask);
    return () => {
      window.clearTimeout(timer);
      current?.abort();
      form.removeEventListener('change', ask);
    };
  }, [params, productPage, productId]);

  // Stripe's group is made once there is an amount to show; the amount then follows through
  // `elements.update` (Buttons), never a new group (a new group would draw the buttons again).
  const hasAmount = sheet !== null && sheet.amount > 0;
  const amount = sheet?.amount ?? 0;
  const currency = params.checkout.currency_code.toLowerCase();
  const options = useMemo<StripeElementsOptions | null>(
    () => (hasAmount ? { mode: 'payment', amount, currency, paymentMethodCreation: 'manual' } : null),
    // The amount it starts with only: later amounts go through `elements.update`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasAmount, currency],
  );

  const shown = available !== false && options !== null;
  return (
    <div
      className="shop-islands-express"
      style={{ ['--shop-islands-express-height' as string]: `${buttonHeight(params)}px` }}
      aria-busy={available === null && options !== null}
    >
      {message && (
        <div role="alert">
          <ul className="woocommerce-error" tabIndex={-1}>
            <li>
              {message}{' '}
              <button type="button" className="shop-islands-notice-dismiss" onClick={() => setMessage(null)}>
                {__('Dismiss this notice')}
              </button>
            </li>
          </ul>
        </div>
      )}
      <div className="shop-islands-express__buttons" hidden={!shown}>
        {options && sheet && (
          <Elements stripe={stripe} options={options}>
            <Buttons
              params={params}
              sheet={sheet}
              onSheet={setSheet}
              productId={productPage ? productId : undefined}
              order={payForOrder}
              onAvailable={setAvailable}
              onProblem={setMessage}
            />
          </Elements>
        )}
      </div>
      <p className="shop-islands-express__separator" hidden={!shown || available !== true} aria-hidden="true">
        {__('— OR —')}
      </p>
    </div>
  );
}

interface ButtonsProps {
  params: ExpressCheckoutParams;
  /** The order-pay page's order: Pay pays it. */
  order?: ExpressCheckoutProps['payForOrder'];
  sheet: Sheet;
  onSheet(sheet: Sheet): void;
  productId: number | undefined;
  onAvailable(available: boolean): void;
  onProblem(message: string | null): void;
}

/** The cart's lines before a product page replaced them (put back on cancel). */
type Kept = { id: number; quantity: number }[];

function Buttons({ params, sheet, onSheet, productId, order, onAvailable, onProblem }: ButtonsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const now = useRef({ stripe, elements, sheet, params, order });
  useLayoutEffect(() => {
    now.current = { stripe, elements, sheet, params, order };
  });
  // The amount of Stripe's group follows the sheet.
  useEffect(() => {
    if (sheet.amount > 0) elements?.update({ amount: sheet.amount });
  }, [elements, sheet.amount]);

  /** The product page's cart for this press (null elsewhere); a failure is kept as its error. */
  const cartReady = useRef<Promise<void> | null>(null);
  const kept = useRef<Kept | null>(null);
  const rate = useRef<Rate | null>(null);
  const confirming = useRef(false);

  const buttonOptions = useMemo<StripeExpressCheckoutElementOptions>(
    () => ({
      buttonHeight: buttonHeight(params),
      buttonTheme: {
        applePay:
          params.button.theme === 'light-outline'
            ? 'white-outline'
            : params.button.theme === 'light'
              ? 'white'
              : 'black',
        googlePay: params.button.theme === 'dark' ? 'black' : 'white',
      },
      buttonType: { applePay: 'plain', googlePay: 'plain' },
      paymentMethods: { link: params.stripe.is_link_enabled ? 'auto' : 'never', amazonPay: 'never' },
      layout: { overflow: 'never' },
    }),
    [params],
  );

  const onReady = useCallback(
    (event: StripeExpressCheckoutElementReadyEvent) => {
      const methods = event.availablePaymentMethods;
      onAvailable(!!methods && Object.values(methods).some(Boolean));
    },
    [onAvailable],
  );

  const onClick = useCallback(
    (event: StripeExpressCheckoutElementClickEvent) => {
      const { params, sheet } = now.current;
      onProblem(null);
      if (productId !== undefined) {
        const choice = productChoice();
        if (!choice.complete) {
          event.reject();
          onProblem(__(SELECTION_NEEDED));
          return;
        }
        cartReady.current = replaceCart(params, productId, choice, kept);
        // Seen later (an address, Pay): the press itself cannot wait for it.
        cartReady.current.catch(() => {});
      } else cartReady.current = null;
      const pending = params.checkout.default_shipping_option;
      rate.current = null;
      event.resolve(
        clickOptions(sheet, {
          phoneRequired: params.checkout.needs_payer_phone,
          business: params.product?.total.label.replace(/ \(via WooCommerce\)$/, '') || document.title,
          pendingRate: pending
            ? { id: pending.id, displayName: pending.displayName, amount: pending.amount }
            : null,
        }) as Parameters<StripeExpressCheckoutElementClickEvent['resolve']>[0],
      );
    },
    [productId, onProblem],
  );

  const onShippingAddressChange = useCallback(
    async (event: StripeExpressCheckoutElementShippingAddressChangeEvent) => {
      const { params, elements } = now.current;
      try {
        await cartReady.current;
        const answer = await getShippingOptions(params, walletAddress(event.address));
        if (answer.result !== 'success') return event.reject();
        const rates = shippingRates(answer.shipping_options);
        if (rates.length === 0) return event.reject();
        rate.current = rates[0] ?? null;
        elements?.update({ amount: answer.total.amount });
        onSheet({ ...now.current.sheet, amount: answer.total.amount, shippingRates: rates });
        event.resolve({ shippingRates: rates, lineItems: lineItems(answer.displayItems) });
      } catch (error) {
        event.reject();
        onProblem(failureMessage(error));
      }
    },
    [onSheet, onProblem],
  );

  const onShippingRateChange = useCallback(
    async (event: StripeExpressCheckoutElementShippingRateChangeEvent) => {
      const { params, elements } = now.current;
      try {
        const answer = await updateShippingMethod(params, event.shippingRate.id);
        rate.current = {
          id: event.shippingRate.id,
          displayName: event.shippingRate.displayName,
          amount: event.shippingRate.amount,
        };
        elements?.update({ amount: answer.total.amount });
        onSheet({ ...now.current.sheet, amount: answer.total.amount });
        event.resolve({ lineItems: lineItems(answer.displayItems) });
      } catch (error) {
        event.reject();
        onProblem(failureMessage(error));
      }
    },
    [onSheet, onProblem],
  );

  const onConfirm = useCallback(
    async (event: StripeExpressCheckoutElementConfirmEvent) => {
      // One order per Pay: a second confirm while one is on its way is the same intent.
      if (confirming.current) return;
      confirming.current = true;
      const { stripe, elements, params } = now.current;
      try {
        if (!stripe || !elements) throw problem(__(PAYMENT_FAILED));
        await cartReady.current;
        const submitted = await elements.submit();
        if (submitted.error) throw problem(submitted.error.message ?? __(PAYMENT_FAILED));
        const made = await stripe.createPaymentMethod({ elements });
        if (made.error || !made.paymentMethod) throw problem(made.error?.message ?? __(PAYMENT_FAILED));
        const billing = event.billingDetails;
        // The order attribution the tracker filled into the page's inputs (storefront.md §7).
        const extensions = attributionExtensions(
          document.querySelectorAll<HTMLInputElement>('input[name^="wc_order_attribution_"]'),
        );
        const payload: ExpressOrderPayload = {
          billing_address: { ...orderAddress(billing ?? undefined), email: billing?.email ?? '' },
          shipping_address: {
            ...orderAddress(event.shippingAddress ?? undefined, billing ?? undefined),
            method: [event.shippingRate?.id ?? rate.current?.id ?? null],
          },
          customer_note: document.querySelector<HTMLTextAreaElement>('#order_comments')?.value ?? '',
          payment_method: PROVIDER,
          payment_data: expressPaymentData({
            expressPaymentType: event.expressPaymentType,
            paymentMethodId: made.paymentMethod.id,
          }),
          ...(extensions ? { extensions } : {}),
        };
        const { order } = now.current;
        const answer = order
          ? await payExistingOrder(
              params,
              {
                id: order.order,
                key: order.orderDetails.orderKey,
                billingEmail: order.orderDetails.billingEmail,
                shippingAddress: order.orderDetails.shippingAddress,
              },
              payload,
            )
          : await placeExpressOrder(params, payload);
        const redirect = answer.payment_result?.redirect_url ?? '';
        const next = redirect.startsWith('#')
          ? await confirmRoute(stripe, redirect, answer.order_id)
          : redirect;
        kept.current = null;
        if (!leaveFor(next)) throw problem(__(REFUSED_NAVIGATION_MESSAGE));
      } catch (error) {
        confirming.current = false;
        const text = failureMessage(error);
        event.paymentFailed({ reason: 'fail', message: text });
        onProblem(text);
      }
    },
    [onProblem],
  );

  const onCancel = useCallback(() => {
    const { params } = now.current;
    const before = kept.current;
    kept.current = null;
    if (!before || !cartReady.current) return;
    // The shopper's cart as it was before this press (the gateway leaves the product alone there).
    const ready = cartReady.current;
    cartReady.current = null;
    void ready
      .catch(() => {})
      .then(() => restoreCart(params, before))
      .catch((error: unknown) => onProblem(failureMessage(error)));
  }, [onProblem]);

  return (
    <ExpressCheckoutElement
      options={buttonOptions}
      onReady={onReady}
      onClick={onClick}
      onShippingAddressChange={onShippingAddressChange}
      onShippingRateChange={onShippingRateChange}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onLoadError={() => onAvailable(false)}
    />
  );
}

/**
 * The product page's cart for a press: what was in it remembered (`kept`), then the product alone,
 * the gateway's way: `add_to_cart` for a product with a variation form, else `clear_cart` and the
 * Store API's `cart/add-item`.
 */
async function replaceCart(
  params: ExpressCheckoutParams,
  productId: number,
  choice: { qty: number; attributes: Record<string, string> },
  kept: { current: Kept | null },
): Promise<void> {
  const before = await getStoreCart(params).catch(() => null);
  kept.current = before ? before.items.map((item) => ({ id: item.id, quantity: item.quantity })) : null;
  if (Object.keys(choice.attributes).length > 0) {
    await expressAddToCart(params, { productId, qty: choice.qty, attributes: choice.attributes });
    return;
  }
  await clearCart(params);
  await addToStoreCart(params, { id: productId, quantity: choice.qty });
}

/** The remembered lines back in the cart (after a cancelled press on a product page). */
async function restoreCart(params: ExpressCheckoutParams, before: Kept): Promise<void> {
  await clearCart(params);
  for (const item of before) await addToStoreCart(params, { id: item.id, quantity: item.quantity });
}

/**
 * The 3-D Secure route the order's payment answered (§2): the intent confirmed in the page, then
 * `update_order_status` (its return URL), or `update_failed_order` and the provider's message.
 */
async function confirmRoute(stripe: Stripe, hash: string, orderId: number): Promise<string> {
  const route = parseHashRoute(hash, PROVIDER);
  if (!route || route.kind !== 'confirm' || route.orderId !== String(orderId))
    throw problem(__(PAYMENT_FAILED));
  const args = { clientSecret: route.clientSecret, redirect: 'if_required' as const };
  const result = route.intent === 'si' ? await stripe.confirmSetup(args) : await stripe.confirmPayment(args);
  if (result.error) {
    const intent = result.error.payment_intent?.id ?? result.error.setup_intent?.id ?? '';
    updateFailedOrder(PROVIDER, { intent_id: intent, order_id: route.orderId, _ajax_nonce: '' }).catch(
      () => {},
    );
    throw problem(result.error.message ?? __(PAYMENT_FAILED));
  }
  const intent =
    ('paymentIntent' in result ? result.paymentIntent?.id : undefined) ??
    ('setupIntent' in result ? result.setupIntent?.id : undefined) ??
    '';
  const answer = await updateOrderStatus(PROVIDER, {
    order_id: route.orderId,
    intent_id: intent,
    payment_method_id: '',
    _ajax_nonce: route.nonce,
  });
  if (!answer.success) throw problem(answer.data.error.message || __(PAYMENT_FAILED));
  return answer.data.return_url;
}
