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
import type {
  Stripe,
  StripeElements,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { StripeSettings } from '../../contract/stripe';
import type { SetupIntentAnswer } from '../../contract/stripe-answers';
import { saveAppearance, updateFailedOrder, updateOrderStatus } from '../../endpoints/payment';
import { __ } from '../../i18n';
import { TransportError } from '../../transport/errors';
import {
  billingDetails,
  BLIK_INVALID,
  CONNECTION_MESSAGES,
  elementsOptions,
  NO_REDIRECT_AFTER_VOUCHER,
  paymentElementOptions,
  providerErrorMessage,
  validBlikCode,
  type ProviderError,
} from './model';
import { FAILED_TO_LOAD, INVALID_DETAILS } from './box';
import { stripeFor } from './load';
import { appearanceFromPage, firstAppearanceSave, hasAppearance } from './appearance';

import type { HashRoute } from './hash-route';

/** §8 "Payment": the cash wallet's notice when the cart total is above §9's threshold. */
const CASHAPP_NOTICE =
  'Please note that, depending on your account and transaction history, %s Pay may reject your transaction due to its amount.';
/** §9: cartTotal > 200000 (minor units). */
const CASHAPP_NOTICE_ABOVE = 200000;

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
  /**
   * The account's new method (§4 "Setup intent created and confirmed"), from the server's answer to
   * `create_and_confirm_setup_intent`: `done` with the setup intent's id once it succeeded (the
   * form then posts it); `leave` for a page the flow goes on at (the provider's authentication
   * page, or the return URL once a cash wallet set-up succeeded); `unfinished` when the shopper
   * closed the wallet without finishing (the form is usable again, nothing to say).
   */
  confirmSetup(intent: SetupIntentData): Promise<SetupOutcome>;
}

export type SetupIntentData = Extract<SetupIntentAnswer, { success: true }>['data'];
export type SetupOutcome =
  { kind: 'done'; id: string } | { kind: 'leave'; url: string; provider: boolean } | { kind: 'unfinished' };

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
  /** Where the page's own fields are (the form): the element's look is read there when the
   * gateway has none saved (§3 "Appearance"). */
  root?: ParentNode;
  /** The method chosen in the element ('card', 'blik'…): the save checkbox depends on it (§5). */
  onType?(type: string): void;
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

/** The gateway `rawurlencode`s the return URL; a malformed one stays as it came (then refused). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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
      stripeFor(props.settings.key, { apiVersion: props.settings.apiVersion, locale: props.settings.locale })
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
  // No appearance saved for the theme yet: read from the page's fields, and kept by the gateway
  // (`save_appearance`, once per page view) so the next checkout prints it.
  const [pageAppearance] = useState(() =>
    hasAppearance(props.settings.appearance) ? null : appearanceFromPage(props.root ?? document),
  );
  useEffect(() => {
    const { gatewayId, theme_name, saveAppearanceNonce } = props.settings;
    if (!pageAppearance || saveAppearanceNonce === '' || !firstAppearanceSave()) return;
    saveAppearance(gatewayId, {
      appearance: pageAppearance,
      theme: theme_name,
      nonce: saveAppearanceNonce,
    }).catch(() => {});
    // Once, with the settings the page was printed with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageAppearance]);
  const options = useMemo(() => {
    const made = elementsOptions(props.settings, props.saving);
    if (!made.appearance && pageAppearance)
      made.appearance = pageAppearance as unknown as Record<string, unknown>;
    return made as unknown as StripeElementsOptions;
  }, [props.settings, props.saving, pageAppearance]);
  return (
    <div className="shop-islands-card-payment">
      {!failed && (
        <Elements stripe={stripe} options={options}>
          <PaymentFields
            {...props}
            onLoadError={() => {
              // At once, not in the next effects: a Place order in between must not reach the
              // element that failed.
              props.onHandle(refusingHandle());
              setFailed(true);
            }}
          />
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
    onHandle(refusingHandle());
    return () => onHandle(null);
  }, [onHandle]);
  return null;
}

/** A handle that refuses everything with §5's message (no element to pay with). */
function refusingHandle(): CardHandle {
  const refuse = () => Promise.reject(new PaymentProblem(__(INVALID_DETAILS)));
  return {
    prepare: refuse,
    confirm: refuse,
    confirmLegacy: refuse,
    confirmVoucher: refuse,
    confirmWallet: refuse,
    confirmSetup: refuse,
  };
}

function PaymentFields(props: CardPaymentProps & { onLoadError(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { settings, messages, saving, hasBillingFields, changingPayment, label, onHandle } = props;
  const elementOptions = useMemo(
    () => paymentElementOptions(settings, saving, hasBillingFields) as StripePaymentElementOptions,
    [settings, saving, hasBillingFields],
  );
  // The method chosen in the element's accordion; BLIK's 6-digit code is asked beside it (§5).
  const [type, setType] = useState('card');
  const [blik, setBlik] = useState({ code: '', invalid: false, waiting: false });
  const blikInput = useRef<HTMLInputElement>(null);
  /** The code of the BLIK payment method made for this order (confirmed once the order exists). */
  const blikCode = useRef<string | null>(null);
  const now = useRef({ stripe, elements, saving, messages, label, settings, changingPayment, type, blik });
  useLayoutEffect(() => {
    now.current = { stripe, elements, saving, messages, label, settings, changingPayment, type, blik };
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
        const paysByBlik = now.current.type === 'blik';
        if (paysByBlik && !validBlikCode(now.current.blik.code)) {
          setBlik((b) => ({ ...b, invalid: true }));
          blikInput.current?.focus();
          throw new PaymentProblem(__(BLIK_INVALID));
        }
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
        blikCode.current = made.paymentMethod.type === 'blik' ? now.current.blik.code.trim() : null;
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
        const code = blikCode.current;
        let result;
        if (code !== null && route.intent === 'pi') {
          // BLIK (§5): the code confirms the payment; the shopper approves it in the banking app.
          setBlik((b) => ({ ...b, waiting: true }));
          try {
            result = await stripe.confirmBlikPayment(route.clientSecret, {
              payment_method_options: { blik: { code } },
            });
          } finally {
            setBlik((b) => ({ ...b, waiting: false }));
          }
        } else {
          result =
            route.intent === 'si' ? await stripe.confirmSetup(args) : await stripe.confirmPayment(args);
        }
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
      async confirmSetup(intent) {
        const { stripe, messages, settings } = now.current;
        const generic = settings.genericErrorMessage;
        if (intent.status === 'succeeded') return { kind: 'done', id: intent.id };
        if (intent.status === 'requires_action' && intent.next_action?.type === 'redirect_to_url') {
          return { kind: 'leave', url: intent.next_action.redirect_to_url?.url ?? '', provider: true };
        }
        if (!stripe) throw new PaymentProblem(generic);
        if (intent.payment_type === 'cashapp') {
          const returnUrl = decoded(intent.return_url);
          const result = await stripe.confirmCashappSetup(intent.client_secret, { return_url: returnUrl });
          if (result.error) throw new PaymentProblem(providerErrorMessage(result.error, messages));
          if (result.setupIntent?.status !== 'succeeded') return { kind: 'unfinished' };
          return { kind: 'leave', url: returnUrl, provider: false };
        }
        // A card that asks for authentication: Stripe.js shows it in the page (3-D Secure).
        const result = await stripe.confirmSetup({
          clientSecret: intent.client_secret,
          redirect: 'if_required',
        });
        if (result.error) throw new PaymentProblem(providerErrorMessage(result.error, messages));
        return { kind: 'done', id: result.setupIntent?.id ?? intent.id };
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [ready, onHandle]);

  return (
    <>
      <PaymentElement
        options={elementOptions}
        onLoadError={props.onLoadError}
        onChange={(event) => {
          setType(event.value.type);
          props.onType?.(event.value.type);
        }}
      />
      {type === 'cashapp' && settings.cartTotal > CASHAPP_NOTICE_ABOVE && (
        <p className="woocommerce-info shop-islands-cashapp-notice" role="status">
          {__(CASHAPP_NOTICE).replace('%s', 'Cash App')}
        </p>
      )}
      {type === 'blik' && (
        <BlikCode
          inputRef={blikInput}
          code={blik.code}
          invalid={blik.invalid}
          waiting={blik.waiting}
          onCode={(code) => setBlik((b) => ({ ...b, code, invalid: false }))}
          onCheck={() => setBlik((b) => ({ ...b, invalid: b.code !== '' && !validBlikCode(b.code) }))}
        />
      )}
    </>
  );
}

/**
 * BLIK's 6-digit code (§5, §9), asked beside the element: the integration sends it when it confirms
 * the payment. It has no `name`: it never posts with the checkout form. Checked when it loses focus
 * and at Place order ('BLIK Code is invalid'); typing clears the message (as the checkout's fields).
 */
function BlikCode({
  inputRef,
  code,
  invalid,
  waiting,
  onCode,
  onCheck,
}: {
  inputRef: React.Ref<HTMLInputElement>;
  code: string;
  invalid: boolean;
  waiting: boolean;
  onCode(code: string): void;
  onCheck(): void;
}) {
  const id = useId();
  return (
    <div className="shop-islands-blik">
      <p className={`form-row form-row-wide${invalid ? ' woocommerce-invalid' : ''}`}>
        <label htmlFor={`${id}-code`}>
          {__('BLIK Code')}&nbsp;
          <abbr className="required" title={__('required')}>
            *
          </abbr>
        </label>
        <input
          ref={inputRef}
          id={`${id}-code`}
          className="input-text"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          aria-required="true"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          value={code}
          onChange={(event) => onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          onBlur={onCheck}
        />
        {invalid && (
          <span id={`${id}-error`} className="checkout-inline-error-message" role="alert">
            {__(BLIK_INVALID)}
          </span>
        )}
      </p>
      <p className="shop-islands-blik__status" role="status">
        {waiting ? __('Approve the payment in your banking app.') : ''}
      </p>
    </div>
  );
}
