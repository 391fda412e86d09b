import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { AddressFields } from '../../src/address/AddressFields';
import { fieldRow, rowControl } from '../../src/address/layout-dom';
import { stateInput, stateValueAfter } from '../../src/address/rules';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { readAddressRules } from '../../src/contract/address';
import { applyCoupon, placeOrder, removeCoupon, updateOrderReview } from '../../src/endpoints/checkout';
import { emit, on, vetoed } from '../../src/events/bus';
import { useIslandContainer } from '../../src/islands/container';
import { sanitizedFragment } from '../../src/security/html';
import { guardSubmissions } from '../../src/ui/submitOnce';
import { sameOriginUrl } from '../../src/security/url';
import { isAbort, TransportError } from '../../src/transport/errors';
import { CheckoutNotices, type Notice } from './CheckoutNotices';
import { clearDraft, readDraft, restoreDraft, saveDraft } from './draft';
import {
  arrangePayment,
  chosenPayment,
  isHidden,
  keepValues,
  replaceFragments,
  restoreValues,
  serializeForm,
  showFieldProblem,
  validateRow,
  wrapAlertLists,
} from './form';
import { placeOrderOutcome, reviewPayload } from './model';
import { useCardPayment, type CardSlot } from '../../src/payments/stripe/card-slot';
import { setPaymentFields } from '../../src/payments/fields';
import { isProviderHash, parseHashRoute } from '../../src/payments/stripe/hash-route';
import { ReviewScheduler } from './review-scheduler';
import type { CheckoutProps } from './schema';
import { useToggles } from './toggles';

/** How long a place-order call may take before the shopper is told (a payment can be slow). */
const PLACE_ORDER_TIMEOUT_MS = 120_000;
/** §9: scroll to the notices 100 px above them over 1000 ms; the error notice focused after 500 ms. */
const NOTICE_OFFSET_PX = 100;
const NOTICE_SCROLL_MS = 1000;
const NOTICE_FOCUS_MS = 500;

type Prefix = 'billing' | 'shipping';
type Address = { country: string; state: string };

/** Where the island navigates: a seam for tests (jsdom cannot leave the page). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};

function initialAddress(form: HTMLFormElement, prefix: Prefix, draft: Record<string, string>): Address {
  const country = form.querySelector<HTMLSelectElement | HTMLInputElement>(`#${prefix}_country`)?.value ?? '';
  const printedState =
    form.querySelector<HTMLSelectElement | HTMLInputElement>(`#${prefix}_state`)?.value ?? '';
  return { country, state: printedState || (draft[`${prefix}_state`] ?? '') };
}

/** Every row of the form a shopper can see that asks something of its value. */
const checkedRows = (form: HTMLFormElement): HTMLElement[] =>
  Array.from(
    form.querySelectorAll<HTMLElement>(
      '.form-row.validate-required, .form-row.validate-email, .form-row.validate-phone',
    ),
  ).filter((row) => !isHidden(row));

/** §4: every visible required address field holds a value. */
function fullAddress(form: HTMLFormElement): boolean {
  return Array.from(form.querySelectorAll<HTMLElement>('.address-field.validate-required')).every((row) => {
    if (isHidden(row)) return true;
    const control = rowControl(row);
    return !control || control.value.trim() !== '';
  });
}

/** Scrolls the window so `el` sits `offset` px from the top, over `ms` (at once when motion is reduced). */
function scrollToElement(el: Element, offset: number, ms: number): () => void {
  const from = window.scrollY;
  const to = Math.max(0, el.getBoundingClientRect().top + from - offset);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || typeof requestAnimationFrame !== 'function' || to === from) {
    window.scrollTo(0, to);
    return () => {};
  }
  let frame = 0;
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    window.scrollTo(0, from + (to - from) * eased);
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/**
 * The classic checkout (checkout.md §2, §4, §5, §7, §8): WooCommerce's markup stays the form; this
 * adds the address rules and pickers, validation, the order review recalculation, the payment list,
 * coupons, the toggles, and place order with one request per intent.
 */
export function Checkout(props: CheckoutProps) {
  const container = useIslandContainer();
  const rules = useMemo(
    () => readAddressRules(props.address.i18n, props.address.countrySelect),
    [props.address.i18n, props.address.countrySelect],
  );
  // The checkout form, or on the order-pay page WooCommerce's `form#order_review` (§2 "Order-pay
  // page": the order is paid by posting that form with a payment method chosen).
  const [form] = useState(
    () =>
      container.querySelector<HTMLFormElement>('form.checkout') ??
      container.querySelector<HTMLFormElement>('form#order_review'),
  );
  const paying = !!form && !form.classList.contains('checkout');
  // What was typed in this tab's checkout (not on the order-pay page, which has no address).
  const [draft] = useState(() => {
    if (!form || paying) return {};
    const saved = readDraft();
    restoreDraft(form, saved);
    return saved;
  });
  const [billing, setBilling] = useState<Address>(() =>
    form ? initialAddress(form, 'billing', draft) : { country: '', state: '' },
  );
  const [shipping, setShipping] = useState<Address>(() =>
    form ? initialAddress(form, 'shipping', draft) : { country: '', state: '' },
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  const say = useAnnounce();
  const noticeHost = useNoticeHost(form);
  const card = useCardPayment(form, props.stripe, paying);
  const timers = useRef<Set<() => void>>(new Set());
  const later = useCallback((run: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(stop);
      run();
    }, ms);
    const stop = () => clearTimeout(id);
    timers.current.add(stop);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const stop of pending) stop();
      pending.clear();
    };
  }, []);

  // A new billing country makes a new `arrange`: the list is rechecked then (§4).
  const offered = useCallback(
    (id: string) => {
      const list = props.paymentCountries[id];
      return !list || list.length === 0 || list.includes(billing.country);
    },
    [props.paymentCountries, billing.country],
  );
  const arrange = useCallback(() => {
    if (!form) return '';
    return arrangePayment(form, offered, form.querySelector<HTMLButtonElement>('#place_order'));
  }, [form, offered]);

  /** Shows notices at the top of the form, scrolls to them and focuses them after 500 ms (§8). */
  const showNotice = useCallback(
    (next: Notice) => {
      setNotice({ ...next, id: Date.now() + Math.random() });
      const host = noticeHost;
      if (!host) return;
      later(() => {
        const stop = scrollToElement(host, NOTICE_OFFSET_PX, NOTICE_SCROLL_MS);
        timers.current.add(stop);
      }, 0);
      later(
        () =>
          (
            host.querySelector<HTMLElement>('.woocommerce-error, .woocommerce-message, .woocommerce-info') ??
            host.querySelector<HTMLElement>('[role="alert"]')
          )?.focus(),
        NOTICE_FOCUS_MS,
      );
    },
    [noticeHost, later],
  );

  /** Server messages naming a field (`data-id`) shown under it; the other fields re-validated. */
  const revalidate = useCallback(
    (messages: Element | null) => {
      if (!form) return;
      for (const row of checkedRows(form)) validateRow(row);
      messages?.querySelectorAll<HTMLElement>('li[data-id]').forEach((li) => {
        const row = fieldRow(form, li.dataset.id ?? '');
        if (row) showFieldProblem(row, 'server', (li.textContent ?? '').trim());
      });
    },
    [form],
  );

  // ---- order review ------------------------------------------------------------------------
  // What the scheduler's requests call, always the latest render's.
  // The review's scheduler, made as the island mounts (listeners read it when they run).
  const reviews = useRef<ReviewScheduler | null>(null);
  // A review that answered ends the notice of one that did not.
  const reviewed = useCallback(() => setNotice((n) => (n?.kind === 'review-failed' ? null : n)), []);
  // A coupon call that answered ends the notice of one that did not.
  const couponAnswered = useCallback(() => setNotice((n) => (n?.kind === 'coupon-failed' ? null : n)), []);
  const latest = useRef({ arrange, showNotice, reviews, reviewed, couponAnswered, card, revalidate });
  useLayoutEffect(() => {
    latest.current = { arrange, showNotice, reviews, reviewed, couponAnswered, card, revalidate };
  });
  // Aborted when the island goes, never before: an order on its way is not dropped by a re-render.
  const [unmounted] = useState(() => new AbortController());
  useEffect(() => () => unmounted.abort(), [unmounted]);
  useLayoutEffect(() => {
    if (!form || paying) return; // on the order-pay page nothing is recalculated: the order is made
    const payload = () =>
      reviewPayload({
        nonce: props.nonces.updateOrderReview,
        form: serializeForm(form),
        paymentMethod: chosenPayment(form),
        shipToDifferentAddress: !!form.querySelector<HTMLInputElement>('#ship-to-different-address input')
          ?.checked,
        hasFullAddress: fullAddress(form),
      });
    const created = new ReviewScheduler({
      ready: () => fullAddress(form),
      key: () => {
        const body = payload();
        body.delete('security');
        return body.toString();
      },
      send: (signal) => sendReview(form, container, payload(), signal, latest.current),
    });
    reviews.current = created;
    return () => {
      created.dispose();
      if (reviews.current === created) reviews.current = null;
    };
  }, [form, paying, container, props.nonces.updateOrderReview]);

  // The first recalculation on a checkout page (§4 "page initialisation").
  useEffect(() => {
    if (props.isCheckout) reviews.current?.changed();
  }, [props.isCheckout]);

  // Others ask for a recalculation through WooCommerce's event.
  useEffect(() => on('update_checkout', () => reviews.current?.force(), document.body), []);

  // ---- the form's own events ------------------------------------------------------------------
  // Layout effects: listening from the frame the island is on the page.
  useLayoutEffect(() => {
    if (!form) return;
    const scheduler = () => reviews.current;
    const onInput = (event: Event) => {
      const el = event.target as Element;
      const row = el.closest<HTMLElement>('.form-row');
      // Typing clears an earlier error (§5).
      if (row?.classList.contains('woocommerce-invalid') && event.type === 'input') {
        row.classList.remove(
          'woocommerce-invalid',
          'woocommerce-invalid-required-field',
          'woocommerce-invalid-email',
          'woocommerce-invalid-phone',
        );
        row.querySelector('.checkout-inline-error-message')?.remove();
        rowControl(row)?.removeAttribute('aria-invalid');
      }
      if (
        event.type === 'input' &&
        el instanceof HTMLInputElement &&
        el.classList.contains('input-text') &&
        el.closest('.address-field, .update_totals_on_change')
      ) {
        scheduler()?.typed();
      }
      if (!paying) saveDraft(form);
    };
    const onChange = (event: Event) => {
      const el = event.target as Element;
      const row = el.closest<HTMLElement>('.form-row');
      if (row && el.closest('#customer_details')) validateRow(row);
      if (el.matches('input[name="payment_method"]')) {
        const chosen = arrange();
        emit('payment_method_selected', [chosen], document.body);
      } else if (
        el.matches('select.shipping_method, input[name^="shipping_method"]') ||
        el.matches('#ship-to-different-address input') ||
        el.matches(
          '.address-field select, .update_totals_on_change select, .update_totals_on_change input[type="radio"], .update_totals_on_change input[type="checkbox"]',
        )
      ) {
        scheduler()?.changed();
      }
      if (!paying) saveDraft(form);
    };
    const onFocusOut = (event: FocusEvent) => {
      const el = event.target as Element;
      const row = el.closest<HTMLElement>('.form-row');
      // Leaving a picker for its own list is not leaving the field.
      if (
        row &&
        el.closest('#customer_details') &&
        !(event.relatedTarget instanceof Node && row.contains(event.relatedTarget))
      ) {
        validateRow(row);
      }
    };
    form.addEventListener('input', onInput);
    form.addEventListener('change', onChange);
    form.addEventListener('focusout', onFocusOut);
    return () => {
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onChange);
      form.removeEventListener('focusout', onFocusOut);
    };
  }, [form, paying, arrange]);

  useLayoutEffect(() => {
    arrange();
  }, [arrange]);

  useToggles(container, form);
  // The notices the server printed in the container (a failed no-JS post) get the same care as ours.
  useLayoutEffect(() => wrapAlertLists(container), [container]);

  // ---- place order (§4 "Checkout form", "Place-order result") ----------------------------------
  useLayoutEffect(() => {
    if (!form) return;
    if (paying) {
      return guardOrderPay(form, setProcessing, {
        provider: props.stripe?.gatewayId ?? '',
        prepare: () => latest.current.card.whenReady().then((handle) => handle.prepare(form)),
        failed: (message) => {
          latest.current.showNotice({ kind: 'payment', message });
          emit('checkout_error', [message], document.body);
        },
        generic: props.stripe?.genericErrorMessage ?? '',
      });
    }
    const onSubmit = (event: SubmitEvent) => {
      const { reviews, showNotice } = latest.current;
      const scheduler = reviews.current;
      event.preventDefault();
      // One order per intent: refused while processing, whatever the clicks and keys.
      if (busy.current) return;
      if (vetoed('checkout_place_order', [form], form)) return;
      const method = chosenPayment(form);
      if (method && vetoed(`checkout_place_order_${method}`, [form], form)) return;
      busy.current = true;
      setProcessing(true);
      setNotice(null);
      const submitter = event.submitter;
      const idle = () => {
        busy.current = false;
        setProcessing(false);
      };
      // The card provider's method: its payment method is made first (§4), then the POST carries it.
      const provider = props.stripe?.gatewayId ?? '';
      const card = provider !== '' && method === provider ? latest.current.card : null;
      const paymentFailed = (error: unknown) => {
        if (isAbort(error)) return;
        idle();
        const message =
          error instanceof Error && error.name === 'PaymentProblem' && error.message
            ? error.message
            : (props.stripe?.genericErrorMessage ?? '');
        latest.current.showNotice({ kind: 'payment', message });
        latest.current.revalidate(null);
        emit('checkout_error', [message], document.body);
      };
      const send = (fields: [string, string][]) => {
        const body = new URLSearchParams(serializeForm(form));
        if (submitter instanceof HTMLButtonElement && submitter.name && !body.has(submitter.name)) {
          body.append(submitter.name, submitter.value);
        }
        placeOrder(body, {
          signal: unmounted.signal,
          timeout: PLACE_ORDER_TIMEOUT_MS,
          log: props.debug ? console.log : undefined,
        }).then(
          (answer) => {
            const outcome = placeOrderOutcome(answer, (url) => sameOriginUrl(url) !== null);
            switch (outcome.kind) {
              case 'navigate': {
                // A confirmation the card provider asks for (3-D Secure): answered here, then on.
                const hash = hashOf(outcome.url);
                if (card && hash && isProviderHash(hash, provider)) {
                  confirmCard(card, hash, fields);
                  return;
                }
                // The form stays blocked: the next page is loading.
                clearDraft();
                browser.assign(sameOriginUrl(outcome.url)?.href ?? outcome.url);
                return;
              }
              case 'reload':
                browser.reload();
                return;
              case 'refused-redirect':
                idle();
                showNotice({ kind: 'refused', url: outcome.url });
                return;
              case 'notices':
                idle();
                if (outcome.refresh) scheduler?.force();
                showNotice(
                  outcome.generic
                    ? { kind: 'generic' }
                    : { kind: 'server', html: outcome.html, revalidate: true },
                );
                emit('checkout_error', [outcome.html], document.body);
            }
          },
          (error: unknown) => {
            if (isAbort(error)) return; // the island went away
            // A network error: the order may exist. Never sent again without the shopper (§8).
            idle();
            showNotice({ kind: 'generic' });
            emit('checkout_error', [''], document.body);
          },
        );
      };

      /** §4 "Intent flows": one confirmation, then the order's page (same origin only). */
      const confirmCard = (slot: CardSlot, hash: string, fields: [string, string][]) => {
        const route = parseHashRoute(hash, provider);
        const handle = slot.handle.current;
        if (!route || route.kind !== 'confirm' || !handle) {
          paymentFailed(problem(props.stripe?.genericErrorMessage ?? ''));
          return;
        }
        const paymentMethod = fields.find(([name]) => name === `wc-${provider}-payment-method`)?.[1] ?? '';
        handle.confirm(route, paymentMethod).then((url) => toOrder(url, idle, showNotice), paymentFailed);
      };

      const prepared: Promise<[string, string][]> = card
        ? card.whenReady().then((handle) => handle.prepare(form))
        : Promise.resolve([]);
      prepared.then((fields) => {
        setPaymentFields(form, fields);
        send(fields);
      }, paymentFailed);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [form, paying, unmounted, props.debug, props.stripe]);

  // ---- confirmation routes of the URL hash (§2 "URL hash routes") -----------------------------
  // The order-pay page comes back with one after its post; anything may link to one, so each part
  // is checked (parseHashRoute) and anything else only says the payment could not go on.
  useEffect(() => {
    const settings = props.stripe;
    if (!form || !settings) return;
    const provider = settings.gatewayId;
    const generic = settings.genericErrorMessage;
    const take = () => {
      const hash = window.location.hash;
      if (!isProviderHash(hash, provider)) return;
      // Cleared as soon as it is read (§2).
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
      const { showNotice } = latest.current;
      const idle = () => {
        busy.current = false;
        setProcessing(false);
      };
      const fail = (error: unknown) => {
        idle();
        const message = error instanceof Error && error.name === 'PaymentProblem' ? error.message : generic;
        showNotice({ kind: 'payment', message });
        emit('checkout_error', [message], document.body);
      };
      const route = parseHashRoute(hash, provider);
      // On order-pay, a route is for this page's order only.
      const otherOrder =
        !!route &&
        route.kind !== 'legacy' &&
        paying &&
        settings.orderId !== '' &&
        route.orderId !== settings.orderId;
      if (!route || otherOrder) {
        fail(problem(generic));
        return;
      }
      if (busy.current) return;
      busy.current = true;
      setProcessing(true);
      latest.current.card
        .whenReady()
        .then((handle): Promise<string | null> => {
          switch (route.kind) {
            case 'confirm':
              return handle.confirm(route, '');
            case 'legacy':
              return handle.confirmLegacy(route);
            case 'voucher':
              return handle.confirmVoucher(route);
            case 'wallet':
              return handle.confirmWallet(route);
          }
        })
        .then((url) => {
          if (url === null)
            idle(); // the shopper has not finished paying: nothing to follow
          else toOrder(url, idle, showNotice);
        }, fail);
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [form, paying, props.stripe]);

  // In the commit that shows the outcome (a layout effect): the error never shows on a form still
  // greyed out as processing (a test under load saw the notice a task before the class went).
  useLayoutEffect(() => {
    if (!form) return;
    form.classList.toggle('processing', processing);
    if (processing) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    if (processing) say('Processing your order…');
  }, [form, processing, say]);

  // ---- coupons ---------------------------------------------------------------------------------
  useCoupons(container, form, props, latest, unmounted.signal);

  // ---- addresses ---------------------------------------------------------------------------------
  const changeCountry = (prefix: Prefix) => (country: string) => {
    const set = prefix === 'billing' ? setBilling : setShipping;
    set((current) => {
      const before = stateInput(rules.states, current.country).kind;
      return { country, state: stateValueAfter(before, stateInput(rules.states, country), current.state) };
    });
    reviews.current?.changed();
  };
  const changeState = (prefix: Prefix) => (state: string, how: 'typed' | 'chosen') => {
    (prefix === 'billing' ? setBilling : setShipping)((current) => ({ ...current, state }));
    if (how === 'typed') reviews.current?.typed();
    else reviews.current?.changed();
  };
  const laidOut = (prefix: Prefix) => (country: string, wrapper: Element | null) => {
    if (prefix === 'billing') arrange();
    emit('country_to_state_changed', [country, wrapper], document.body);
  };
  // The draft follows the pickers too (they are not the form's native controls).
  useEffect(() => {
    if (form && !paying) saveDraft(form);
  }, [form, paying, billing, shipping]);

  if (!form) return null;
  return (
    <>
      {!paying && (
        <>
          <AddressFields
            form={form}
            prefix="billing"
            rules={rules}
            country={billing.country}
            state={billing.state}
            onCountry={changeCountry('billing')}
            onState={changeState('billing')}
            onLaidOut={laidOut('billing')}
          />
          <AddressFields
            form={form}
            prefix="shipping"
            rules={rules}
            country={shipping.country}
            state={shipping.state}
            onCountry={changeCountry('shipping')}
            onState={changeState('shipping')}
            onLaidOut={laidOut('shipping')}
          />
        </>
      )}
      {noticeHost &&
        createPortal(
          <CheckoutNotices
            notice={notice}
            ordersUrl={props.ordersUrl}
            onRendered={(el) => {
              if (notice?.kind === 'server' && notice.revalidate !== false) revalidate(el);
            }}
            onRetry={() => reviews.current?.force()}
            onDismiss={() => setNotice(null)}
          />,
          noticeHost,
        )}
      {card.element}
      {processing && createPortal(<div className="shop-islands-checkout-overlay" aria-hidden="true" />, form)}
    </>
  );
}

/**
 * The order-pay page (§2): WooCommerce's form posts itself, with the chosen method. Extension checks
 * may cancel it (`checkout_place_order`, `checkout_place_order_{method}`); once it is on its way,
 * every further submit is refused until the page is shown again (one payment per intent), and the
 * form is blocked meanwhile.
 */
function guardOrderPay(
  form: HTMLFormElement,
  onBusy: (busy: boolean) => void,
  card: {
    provider: string;
    prepare(): Promise<[string, string][]>;
    failed(message: string): void;
    generic: string;
  },
): () => void {
  // The card's payment method is made before the form posts (§4); the post then goes as printed.
  let preparing = false;
  let prepared = false;
  const onSubmit = (event: SubmitEvent) => {
    if (preparing) {
      event.preventDefault();
      return;
    }
    if (prepared) {
      prepared = false;
      return;
    }
    if (vetoed('checkout_place_order', [form], form)) {
      event.preventDefault();
      return;
    }
    const method = chosenPayment(form);
    if (method && vetoed(`checkout_place_order_${method}`, [form], form)) {
      event.preventDefault();
      return;
    }
    if (card.provider === '' || method !== card.provider) return;
    // A saved method: the server charges it; the form posts as printed (nothing to make first).
    const token = form.querySelector<HTMLInputElement>(
      `input[name="wc-${CSS.escape(card.provider)}-payment-token"]:checked`,
    );
    if (token && token.value !== 'new') {
      setPaymentFields(form, []);
      return;
    }
    event.preventDefault();
    preparing = true;
    onBusy(true);
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    card.prepare().then(
      (fields) => {
        setPaymentFields(form, fields);
        preparing = false;
        prepared = true;
        onBusy(false);
        const own =
          (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
          submitter.form === form &&
          submitter.type === 'submit';
        // From a task of its own: a submission asked for while the first one is still being
        // dispatched (a payment method made at once) is ignored by the browser.
        setTimeout(() => {
          if (own) form.requestSubmit(submitter);
          else form.requestSubmit();
        }, 0);
      },
      (error: unknown) => {
        preparing = false;
        onBusy(false);
        card.failed(error instanceof Error && error.name === 'PaymentProblem' ? error.message : card.generic);
      },
    );
  };
  form.addEventListener('submit', onSubmit);
  const stop = guardSubmissions(form, onBusy);
  return () => {
    form.removeEventListener('submit', onSubmit);
    stop();
  };
}

/** WooCommerce's notice group at the top of the checkout form, made when the island mounts. */
function useNoticeHost(form: HTMLFormElement | null): HTMLElement | null {
  const [host] = useState(() => {
    if (!form) return null;
    const el = document.createElement('div');
    el.className = 'woocommerce-NoticeGroup woocommerce-NoticeGroup-checkout';
    return el;
  });
  useLayoutEffect(() => {
    if (!form || !host) return;
    form.prepend(host);
    return () => host.remove();
  }, [form, host]);
  return host;
}

/** The coupon form and the review's remove links (§4 "Coupon", §7, §8 "Coupon error"). */
function useCoupons(
  container: HTMLElement,
  form: HTMLFormElement | null,
  props: CheckoutProps,
  latest: {
    current: {
      reviews: { current: ReviewScheduler | null };
      showNotice: (notice: Notice) => void;
      couponAnswered: () => void;
    };
  },
  signal: AbortSignal,
) {
  useLayoutEffect(() => {
    const controller = { signal };
    const couponForm = container.querySelector<HTMLFormElement>('form.checkout_coupon');
    let applying = false;
    const removing = new Set<string>();
    const input = couponForm?.querySelector<HTMLInputElement>('input[name="coupon_code"]');
    const clearError = () => {
      container.querySelector('#coupon-error-notice')?.remove();
      input?.classList.remove('has-error');
      input?.removeAttribute('aria-invalid');
      input?.removeAttribute('aria-describedby');
    };
    const notices = () => container.querySelector<HTMLElement>('.woocommerce-notices-wrapper');
    /** The coupon endpoints' notice, above the forms (WooCommerce's notices wrapper), sanitised. */
    const showAbove = (html: string) => notices()?.replaceChildren(sanitizedFragment(html));
    const onApply = (event: SubmitEvent) => {
      event.preventDefault();
      if (!couponForm || !input || applying) return;
      applying = true;
      couponForm.classList.add('processing');
      couponForm.setAttribute('aria-busy', 'true');
      clearError();
      const email = form?.querySelector<HTMLInputElement>('#billing_email')?.value ?? '';
      applyCoupon(
        { security: props.nonces.applyCoupon, coupon_code: input.value, billing_email: email },
        { signal: controller.signal },
      )
        .then(
          (answer) => {
            latest.current.couponAnswered();
            if (answer.error) {
              const note = document.createElement('span');
              note.className = 'coupon-error-notice';
              note.id = 'coupon-error-notice';
              note.setAttribute('role', 'alert');
              note.textContent = textOf(answer.html);
              input.after(note);
              input.classList.add('has-error');
              input.setAttribute('aria-invalid', 'true');
              input.setAttribute('aria-describedby', 'coupon-error-notice');
              input.focus();
              return;
            }
            couponForm.style.display = 'none';
            container.querySelector('a.showcoupon')?.setAttribute('aria-expanded', 'false');
            showAbove(answer.html);
            const code = input.value;
            input.value = '';
            emit('applied_coupon_in_checkout', [code], document.body);
            latest.current.reviews.current?.force();
          },
          (error: unknown) => {
            if (isAbort(error)) return;
            // WooCommerce answers a stale nonce with 403 `-1`, again for every retry: the page must
            // be reloaded for a new one (as for the review).
            const expired = error instanceof TransportError && error.details.status === 403;
            latest.current.showNotice({ kind: 'coupon-failed', expired });
          },
        )
        .finally(() => {
          applying = false;
          couponForm.classList.remove('processing');
          couponForm.removeAttribute('aria-busy');
        });
    };
    const onRemove = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.<HTMLElement>('.woocommerce-remove-coupon');
      if (!link || !container.contains(link)) return;
      event.preventDefault();
      const code = link.dataset.coupon ?? '';
      if (removing.has(code)) return;
      removing.add(code);
      link.setAttribute('aria-disabled', 'true');
      removeCoupon({ security: props.nonces.removeCoupon, coupon: code }, { signal: controller.signal })
        .then(
          (answer) => {
            latest.current.couponAnswered();
            showAbove(answer.html);
            if (input) input.value = '';
            emit('removed_coupon_in_checkout', [code], document.body);
            latest.current.reviews.current?.force();
          },
          (error: unknown) => {
            // §8: a failed removal is logged in debug mode only.
            if (!isAbort(error) && props.debug) console.error('[shop-islands] coupon removal failed', error);
          },
        )
        .finally(() => {
          removing.delete(code);
          link.removeAttribute('aria-disabled');
        });
    };
    couponForm?.addEventListener('submit', onApply);
    container.addEventListener('click', onRemove);
    return () => {
      couponForm?.removeEventListener('submit', onApply);
      container.removeEventListener('click', onRemove);
    };
  }, [container, form, props.nonces, props.debug, latest, signal]);
}

/**
 * After a payment: the order's page when it is this site's (the form stays blocked while it loads),
 * else the shopper is told and the form is theirs again.
 */
function toOrder(url: string, idle: () => void, showNotice: (notice: Notice) => void): void {
  const next = sameOriginUrl(url);
  if (!next) {
    idle();
    showNotice({ kind: 'refused', url });
    return;
  }
  clearDraft();
  browser.assign(next.href);
}

/** A payment that cannot go on: its message is the shopper's (the card chunk's PaymentProblem). */
function problem(message: string): Error {
  const error = new Error(message);
  error.name = 'PaymentProblem';
  return error;
}

/** The hash of a redirect to this very page ('#…', or this page's URL with one), else ''. */
function hashOf(url: string): string {
  if (url.startsWith('#')) return url;
  const next = sameOriginUrl(url);
  if (!next || !next.hash) return '';
  const here = new URL(window.location.href);
  return next.pathname === here.pathname && next.search === here.search ? next.hash : '';
}

/** The text of an HTML notice (parsed inert: nothing in it loads or runs). */
function textOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** One `update_order_review` (§4 "Order review recalculation", §7): the regions blocked meanwhile. */
async function sendReview(
  form: HTMLFormElement,
  container: HTMLElement,
  body: URLSearchParams,
  signal: AbortSignal,
  then: {
    arrange: () => string;
    showNotice: (notice: Notice) => void;
    reviewed: () => void;
    card: CardSlot;
  },
): Promise<void> {
  const regions = form.querySelectorAll<HTMLElement>(
    '.woocommerce-checkout-review-order-table, .woocommerce-checkout-payment',
  );
  regions.forEach((r) => {
    r.classList.add('shop-islands-blocked');
    r.setAttribute('aria-busy', 'true');
  });
  try {
    const data = await updateOrderReview(body, { signal });
    if (data.reload === true || data.reload === 'true') {
      browser.reload();
      return;
    }
    const kept = keepValues(form);
    if (data.fragments && !Array.isArray(data.fragments)) {
      const card = then.card.kept;
      replaceFragments(container, data.fragments, card ? [card] : []);
      then.card.settle();
    }
    restoreValues(form, kept);
    then.arrange();
    then.reviewed();
    if (data.result === 'failure' && data.messages) then.showNotice({ kind: 'server', html: data.messages });
    emit('updated_checkout', [data], document.body);
  } catch (error) {
    if (!isAbort(error)) {
      then.showNotice({
        kind: 'review-failed',
        expired: error instanceof TransportError && error.details.status === 403,
      });
    }
    throw error;
  } finally {
    regions.forEach((r) => {
      r.classList.remove('shop-islands-blocked');
      r.removeAttribute('aria-busy');
    });
  }
}
