/**
 * The card provider's Payment Element inside the checkout's method box (checkout.md §2, §4, §5, §8),
 * fetched only where the card method can be used. It is drawn once per page into a node the
 * checkout keeps through every recalculation (widgets/checkout/payment.tsx), so what the shopper
 * typed survives coupons, country changes and failed orders; its options change through
 * `elements.update()` / `element.update()`, never a new mount.
 *
 * The checkout drives it through a {@link CardHandle}: `prepare` before the checkout POST (the
 * element's own validation, then one payment method made with the form's billing details), and
 * `confirm` for a confirmation route the POST answered (3-D Secure), then `update_order_status`.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type {
  Stripe,
  StripeElements,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { StripeSettings } from '../../contract/stripe';
import { updateFailedOrder, updateOrderStatus } from '../../endpoints/payment';
import { __ } from '../../i18n';
import { TransportError } from '../../transport/errors';
import {
  billingDetails,
  CONNECTION_MESSAGES,
  elementsOptions,
  NO_REDIRECT_AFTER_VOUCHER,
  paymentElementOptions,
  providerErrorMessage,
  type ProviderError,
} from './model';
import { FAILED_TO_LOAD, INVALID_DETAILS, type HashRoute } from './box';

/** A payment that cannot go on, with the message the shopper is shown (§8 "Payment"). */
export class PaymentProblem extends Error {
  override readonly name = 'PaymentProblem';
}

export interface CardHandle {
  /**
   * Before the checkout POST: the hidden fields to send (§3 "Hidden checkout fields"), or a
   * PaymentProblem. Nothing is made when a saved method is chosen (the server charges it).
   */
  prepare(form: HTMLFormElement): Promise<[string, string][]>;
  /** A confirmation route (§4 "Intent flows"): the order's return URL, or a PaymentProblem. */
  confirm(route: Extract<HashRoute, { kind: 'confirm' }>, paymentMethod: string): Promise<string>;
  /**
   * The legacy card authentication route (`#confirm-{pi|si}-…`, §4): the redirect URL once the
   * intent succeeded (or awaits capture); on failure `{redirectUrl}&is_ajax` is asked (the server
   * records it) and a PaymentProblem with the generic message.
   */
  confirmLegacy(route: Extract<HashRoute, { kind: 'legacy' }>): Promise<string>;
  /**
   * A voucher route (§4 "Voucher flow": boleto, multibanco, oxxo): the voucher confirmed (Stripe
   * shows it), then its return URL when it is this site's, else §8's 'no redirect' problem.
   */
  confirmVoucher(route: Extract<HashRoute, { kind: 'voucher' }>): Promise<string>;
  /**
   * A wallet route (§4 "Wallet flow": wechat_pay, cashapp): confirmed with the provider; the return
   * URL (or, for a subscription's payment change, `confirm_change_payment`'s), or null when the
   * shopper has not finished (the intent still requires action).
   */
  confirmWallet(route: Extract<HashRoute, { kind: 'wallet' }>): Promise<string | null>;
}

export interface CardPaymentProps {
  settings: StripeSettings;
  /** Provider error code → message (§8). */
  messages: Readonly<Record<string, string>>;
  /**
   * Stripe.js, loading; null or a rejection: it could not load. Left out, the real one is loaded
   * (`loadStripe` with the settings' key, API version and locale); tests and stories pass a double.
   */
  stripe?: Promise<Stripe | null>;
  /** The shopper chose to keep the new method (the save checkbox). */
  saving: boolean;
  /** The form already asks the billing details (the checkout; not order-pay or the account). */
  hasBillingFields: boolean;
  /** A changing subscription payment: `confirm_change_payment` instead of `update_order_status`. */
  changingPayment?: boolean;
  /** The handle, once the element can be used (null when it goes). */
  onHandle(handle: CardHandle | null): void;
  /** A field's label in the form, for '%s is a required field.' (§5). */
  label?(field: string): string | null;
}

/** The message for a failed payment call (§8 "Connection errors"), or the server's own. */
function callProblem(error: unknown, generic: string): PaymentProblem {
  if (error instanceof PaymentProblem) return error;
  if (error instanceof TransportError) {
    if (error.kind === 'timeout') return new PaymentProblem(__(CONNECTION_MESSAGES.timeout));
    if (error.kind === 'abort') return new PaymentProblem(__(CONNECTION_MESSAGES.abort));
    if (error.kind === 'schema') return new PaymentProblem(generic);
    return new PaymentProblem(__(CONNECTION_MESSAGES.other));
  }
  return new PaymentProblem(generic);
}

function isSameOrigin(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin && /^https?:$/.test(parsed.protocol);
  } catch {
    return false;
  }
}

/** `GET {redirectUrl}&is_ajax`, same origin only (the URL came from the page's hash). */
function reportLegacyFailure(redirectUrl: string): void {
  let url: URL;
  try {
    url = new URL(`${redirectUrl}&is_ajax`, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin) return;
  fetch(url, { credentials: 'same-origin' }).catch(() => {});
}

export default function CardPayment(props: CardPaymentProps) {
  const [failed, setFailed] = useState(false);
  // Never rejects: a Stripe.js that cannot load is a box that says so (§8), not an unhandled error.
  const [stripe] = useState(() =>
    (
      props.stripe ??
      loadStripe(props.settings.key, {
        apiVersion: props.settings.apiVersion,
        locale: props.settings.locale as 'auto',
      })
    ).then(
      (s) => {
        if (!s) setFailed(true);
        return s;
      },
      () => {
        setFailed(true);
        return null;
      },
    ),
  );
  const options = useMemo(
    () => elementsOptions(props.settings, props.saving) as unknown as StripeElementsOptions,
    [props.settings, props.saving],
  );
  return (
    <div className="shop-islands-card-payment">
      {!failed && (
        <Elements stripe={stripe} options={options}>
          <PaymentFields {...props} onLoadError={() => setFailed(true)} />
        </Elements>
      )}
      {failed && (
        <p className="shop-islands-card-payment__failed woocommerce-error" role="alert">
          {__(FAILED_TO_LOAD).replace('%s', props.settings.title)}
        </p>
      )}
      {failed && <FailedHandle onHandle={props.onHandle} />}
    </div>
  );
}

/** With no element, Place order with the card stops with §5's message. */
function FailedHandle({ onHandle }: { onHandle: CardPaymentProps['onHandle'] }) {
  useEffect(() => {
    const refuse = () => Promise.reject(new PaymentProblem(__(INVALID_DETAILS)));
    onHandle({
      prepare: refuse,
      confirm: refuse,
      confirmLegacy: refuse,
      confirmVoucher: refuse,
      confirmWallet: refuse,
    });
    return () => onHandle(null);
  }, [onHandle]);
  return null;
}

function PaymentFields(props: CardPaymentProps & { onLoadError(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { settings, messages, saving, hasBillingFields, changingPayment, label, onHandle } = props;
  const elementOptions = useMemo(
    () => paymentElementOptions(settings, saving, hasBillingFields) as StripePaymentElementOptions,
    [settings, saving, hasBillingFields],
  );
  const now = useRef({ stripe, elements, saving, messages, label, settings, changingPayment });
  useLayoutEffect(() => {
    now.current = { stripe, elements, saving, messages, label, settings, changingPayment };
  });
  const ready = !!stripe && !!elements;
  useEffect(() => {
    if (!ready) return;
    const provider = now.current.settings.gatewayId;
    const handle: CardHandle = {
      async prepare(form) {
        const { stripe, elements, messages, label, settings } = now.current;
        const generic = settings.genericErrorMessage;
        if (!stripe || !elements) throw new PaymentProblem(__(INVALID_DETAILS));
        const token = form.querySelector<HTMLInputElement>(
          `input[name="wc-${CSS.escape(provider)}-payment-token"]:checked`,
        );
        if (token && token.value !== 'new') return [];
        const problem = (error: ProviderError) =>
          new PaymentProblem(providerErrorMessage(error, messages, label) || generic);
        const submitted = await (elements as StripeElements).submit();
        if (submitted.error) throw problem(submitted.error);
        // What the form posts (a country picker shows a name, posts the code).
        const posted = new FormData(form);
        const value = (name: string) => {
          const v = posted.get(name);
          return typeof v === 'string' ? v : undefined;
        };
        const made = await (stripe as Stripe).createPaymentMethod({
          elements: elements as StripeElements,
          params: { billing_details: billingDetails(value) },
        });
        if (made.error || !made.paymentMethod) throw problem(made.error ?? {});
        return [
          [`wc-${provider}-payment-method`, made.paymentMethod.id],
          [`wc_${provider}_selected_upe_payment_type`, made.paymentMethod.type],
        ];
      },
      async confirm(route, paymentMethod) {
        const { stripe, saving, messages, settings, changingPayment } = now.current;
        const generic = settings.genericErrorMessage;
        if (!stripe) throw new PaymentProblem(generic);
        const args = { clientSecret: route.clientSecret, redirect: 'if_required' as const };
        const result =
          route.intent === 'si' ? await stripe.confirmSetup(args) : await stripe.confirmPayment(args);
        const error = result.error;
        if (error) {
          const intent = error.payment_intent?.id ?? error.setup_intent?.id ?? '';
          // §4: reported, its own errors ignored; the order stays payable.
          updateFailedOrder(provider, {
            intent_id: intent,
            order_id: route.orderId,
            _ajax_nonce: settings.updateFailedOrderNonce,
          }).catch(() => {});
          // §8: a plain error (not the provider's) shows the generic message.
          throw new PaymentProblem(error.type ? providerErrorMessage(error, messages) : generic);
        }
        const intent =
          ('paymentIntent' in result ? result.paymentIntent?.id : undefined) ??
          ('setupIntent' in result ? result.setupIntent?.id : undefined) ??
          '';
        let answer;
        try {
          answer = await updateOrderStatus(
            provider,
            {
              order_id: route.orderId,
              intent_id: intent,
              payment_method_id: saving ? paymentMethod : '',
              _ajax_nonce: route.nonce,
            },
            { changingPayment },
          );
        } catch (error) {
          throw callProblem(error, generic);
        }
        if (!answer.success) throw new PaymentProblem(answer.data.error.message || generic);
        return answer.data.return_url;
      },
      async confirmLegacy(route) {
        const { stripe, settings } = now.current;
        const generic = settings.genericErrorMessage;
        if (!stripe) throw new PaymentProblem(generic);
        const result =
          route.intent === 'si'
            ? await stripe.confirmCardSetup(route.clientSecret)
            : await stripe.confirmCardPayment(route.clientSecret);
        const intent =
          'paymentIntent' in result
            ? result.paymentIntent
            : 'setupIntent' in result
              ? result.setupIntent
              : undefined;
        if (
          !result.error &&
          intent &&
          (intent.status === 'succeeded' || intent.status === 'requires_capture')
        ) {
          return route.redirectUrl;
        }
        if (!result.error) throw new PaymentProblem(generic);
        // §4: the server is told (a GET the page does not wait for; its answer is not read).
        reportLegacyFailure(route.redirectUrl);
        throw new PaymentProblem(generic);
      },
      async confirmVoucher(route) {
        const { stripe, messages, settings } = now.current;
        if (!stripe) throw new PaymentProblem(settings.genericErrorMessage);
        const confirm = {
          boleto: () => stripe.confirmBoletoPayment(route.clientSecret, {}),
          multibanco: () => stripe.confirmMultibancoPayment(route.clientSecret, {}),
          oxxo: () => stripe.confirmOxxoPayment(route.clientSecret, {}),
        }[route.method];
        const result = await confirm();
        if (result.error) throw new PaymentProblem(providerErrorMessage(result.error, messages));
        // §5: followed only when it is this site's.
        if (!isSameOrigin(route.returnUrl)) throw new PaymentProblem(__(NO_REDIRECT_AFTER_VOUCHER));
        return route.returnUrl;
      },
      async confirmWallet(route) {
        const { stripe, messages, settings, changingPayment } = now.current;
        const generic = settings.genericErrorMessage;
        if (!stripe) throw new PaymentProblem(generic);
        let result;
        if (route.method === 'wechat_pay') {
          result = await stripe.confirmWechatPayPayment(route.clientSecret, {
            payment_method_options: { wechat_pay: { client: 'web' } },
          });
        } else if (route.method === 'cashapp') {
          result =
            route.intent === 'si'
              ? await stripe.confirmCashappSetup(route.clientSecret, { return_url: route.returnUrl })
              : await stripe.confirmCashappPayment(route.clientSecret, { return_url: route.returnUrl });
        } else {
          // §8: the configured invalid_wallet_type message.
          throw new PaymentProblem(messages.invalid_wallet_type ?? generic);
        }
        if (result.error) throw new PaymentProblem(providerErrorMessage(result.error, messages));
        const intent =
          'setupIntent' in result && result.setupIntent
            ? result.setupIntent
            : 'paymentIntent' in result
              ? result.paymentIntent
              : undefined;
        const lastError = intent && 'last_payment_error' in intent ? intent.last_payment_error : null;
        if (lastError?.message) throw new PaymentProblem(lastError.message);
        // Not finished (the shopper closed the QR code or the app): the page stays as it is.
        if (!intent || intent.status === 'requires_action') return null;
        if (!changingPayment) return route.returnUrl;
        // A subscription's payment change: confirm_change_payment, then its return URL.
        let answer;
        try {
          answer = await updateOrderStatus(
            settings.gatewayId,
            {
              order_id: route.orderId,
              intent_id: intent.id,
              payment_method_id: '',
              _ajax_nonce: route.nonce,
            },
            { changingPayment: true },
          );
        } catch (error) {
          throw callProblem(error, generic);
        }
        if (!answer.success) throw new PaymentProblem(answer.data.error.message || generic);
        return answer.data.return_url;
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [ready, onHandle]);

  return <PaymentElement options={elementOptions} onLoadError={props.onLoadError} />;
}
