/**
 * The card provider's place in the checkout (checkout.md §2 "Checkout page": the card provider's box
 * hosts the embedded payment element and a save-payment-method checkbox). The element's code
 * (src/payments/stripe, React Stripe.js and the Stripe.js loader) is fetched only when the page
 * offers the card method; it is drawn once, into a node the review's re-renders keep (see
 * `replaceFragments`' kept nodes).
 */
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { providerMessages, type StripeSettings } from '../../contract/stripe';
import { fieldRow, labelText } from '../../address/layout-dom';
import { on } from '../../events/bus';
import type { CardHandle } from './CardPayment';
import { __ } from '../../i18n';
import { FAILED_TO_LOAD, INVALID_DETAILS, saveOptionShown } from './box';
import type { KeptNode } from '../fields';

const CardPayment = lazy(() => import('./CardPayment'));

/** Where the element goes in WooCommerce's box (the gateway's `payment_fields()` markup). */
const ANCHOR = '.wc-stripe-upe-element';

export interface CardSlot {
  /** The portal to render (null: no card method on the page). */
  element: React.ReactNode;
  /** The node the review keeps. */
  kept: KeptNode | null;
  /** The element's handle, once it can be used. */
  handle: React.RefObject<CardHandle | null>;
  /** The handle when it can be used (at once, or when the element's code has loaded). */
  whenReady(): Promise<CardHandle>;
  /** Puts the host back in its box (after a review that had no place for it). */
  settle(): void;
}

const box = (form: HTMLFormElement, id: string) =>
  form.querySelector<HTMLElement>(`.payment_box.payment_method_${CSS.escape(id)}`);

/** The card box: the element, the save checkbox's rules (§5), the saved methods' radios. */
export function useCardPayment(
  form: HTMLFormElement | null,
  settings: StripeSettings | undefined,
  paying: boolean,
): CardSlot {
  const id = settings?.gatewayId ?? '';
  const [host] = useState(() => {
    if (!form || !settings || !box(form, id)) return null;
    const el = document.createElement('div');
    el.className = 'shop-islands-card-host';
    return el;
  });
  const [messages] = useState(() => providerMessages(settings));
  const handle = useRef<CardHandle | null>(null);
  const waiting = useRef<((handle: CardHandle) => void)[]>([]);
  const onHandle = useCallback((next: CardHandle | null) => {
    handle.current = next;
    if (!next) return;
    for (const resolve of waiting.current.splice(0)) resolve(next);
  }, []);
  const whenReady = useCallback(
    () =>
      handle.current
        ? Promise.resolve(handle.current)
        : new Promise<CardHandle>((resolve) => waiting.current.push(resolve)),
    [],
  );
  const [saving, setSaving] = useState(false);
  // The method chosen in the element: the save checkbox is never shown for some (§5).
  const [type, setType] = useState('card');

  const settle = useCallback(() => {
    if (!form || !host || host.isConnected) return;
    const anchor = box(form, id)?.querySelector(ANCHOR) ?? box(form, id);
    anchor?.append(host);
  }, [form, host, id]);

  useLayoutEffect(() => {
    if (!host) return;
    settle();
    return () => host.remove();
  }, [host, settle]);

  // §5: the save checkbox for a shopper logged in or creating an account; a saved method chosen
  // hides the new method's form (kept mounted) and the checkbox (WooCommerce's tokenization form).
  useEffect(() => {
    if (!form || !host || !settings) return;
    const arrange = () => {
      const token = form.querySelector<HTMLInputElement>(
        `input[name="wc-${CSS.escape(id)}-payment-token"]:checked`,
      );
      const usingSaved = !!token && token.value !== 'new';
      const fieldset = box(form, id)?.querySelector<HTMLElement>('.wc-payment-form');
      if (fieldset) fieldset.hidden = usingSaved;
      const save = form.querySelector<HTMLInputElement>(`#wc-${CSS.escape(id)}-new-payment-method`);
      const saveRow = save?.closest<HTMLElement>('p, .form-row') ?? null;
      const creating = !!form.querySelector<HTMLInputElement>('#createaccount')?.checked;
      const shown =
        !usingSaved &&
        saveOptionShown(settings, type, {
          loggedIn: settings.isLoggedIn,
          creatingAccount: creating || (!form.querySelector('#createaccount') && settings.isLoggedIn),
        });
      if (saveRow) saveRow.hidden = !shown;
      setSaving(shown && !!save?.checked);
    };
    arrange();
    form.addEventListener('change', arrange);
    const off = on('updated_checkout', arrange, document.body);
    return () => {
      form.removeEventListener('change', arrange);
      off();
    };
  }, [form, host, settings, id, type]);

  // WooCommerce's own words for a missing value: the address's name, then the field's label
  // ('Billing Email address is a required field.').
  const label = useCallback(
    (field: string) => {
      const row = form ? fieldRow(form, field) : null;
      const text = row ? labelText(row) : '';
      if (!text) return null;
      return `${field.startsWith('shipping_') ? 'Shipping' : 'Billing'} ${text}`;
    },
    [form],
  );

  const element =
    host && settings
      ? createPortal(
          <CodeFailed title={settings.title} onHandle={onHandle}>
            <Suspense fallback={null}>
              <CardPayment
                settings={settings}
                messages={messages}
                saving={saving}
                hasBillingFields={!paying}
                changingPayment={settings.isChangingPayment}
                onHandle={onHandle}
                label={label}
                onType={setType}
                root={form ?? undefined}
              />
            </Suspense>
          </CodeFailed>,
          host,
        )
      : null;
  return { element, kept: host ? { node: host, anchor: ANCHOR } : null, handle, whenReady, settle };
}

/**
 * The element's code could not be fetched (the runtime retried the island's own chunk, not this
 * one): the box says so (§8) and Place order with the card stops with §5's message.
 */
class CodeFailed extends Component<
  { title: string; onHandle(handle: CardHandle | null): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    const refuse = () => {
      const error = new Error(__(INVALID_DETAILS));
      error.name = 'PaymentProblem';
      return Promise.reject(error);
    };
    this.props.onHandle({
      prepare: refuse,
      confirm: refuse,
      confirmLegacy: refuse,
      confirmVoucher: refuse,
      confirmWallet: refuse,
      confirmSetup: refuse,
    });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="shop-islands-card-payment__failed woocommerce-error" role="alert">
        {__(FAILED_TO_LOAD).replace('%s', this.props.title)}
      </p>
    );
  }
}
