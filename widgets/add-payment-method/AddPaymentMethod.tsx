/**
 * My Account's add-payment-method page (checkout.md §2 "Account pages", §4 "Setup intent created
 * and confirmed", §7 "Admin endpoint", §8): the card provider's element in WooCommerce's
 * `form#add_payment_method`, and its submission:
 *
 * 1. the element's own validation, then one payment method (the element asks the billing details:
 *    this form has none);
 * 2. `create_and_confirm_setup_intent` on admin-ajax with it;
 * 3. the answer followed (§4): succeeded → the form posts with the setup intent
 *    (`wc-{provider}-setup-intent`), and WooCommerce's handler keeps the method and returns to
 *    /my-account/payment-methods/; a card that asks for 3-D Secure → Stripe.js shows it first; a
 *    redirect the provider asks for → followed (an http(s) URL only);
 * 4. any failure → a dismissible notice at the top of the form, the form usable again with what was
 *    typed in the element intact.
 *
 * One shopper intent is one admin-ajax call and one POST: a second click, Enter or a slow answer
 * while one is on its way does nothing (the form is busy), and the form's own POST is guarded until
 * the page has left. With another gateway chosen the form posts as printed.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { providerMessages } from '../../src/contract/stripe';
import { createAndConfirmSetupIntent } from '../../src/endpoints/payment';
import { __ } from '../../src/i18n';
import { useIslandContainer } from '../../src/islands/container';
import { leaveFor, navigation } from '../../src/navigation';
import { setPaymentFields } from '../../src/payments/fields';
import { useCardPayment } from '../../src/payments/stripe/card-slot';
import { CONNECTION_MESSAGES, providerErrorMessage } from '../../src/payments/stripe/model';
import { describeUrl, httpUrl, REFUSED_NAVIGATION_MESSAGE } from '../../src/security/url';
import { TransportError } from '../../src/transport/errors';
import { guardSubmissions } from '../../src/ui/submitOnce';
import type { AddPaymentMethodProps } from './schema';

/** §9 "Timings": notices are focused 500 ms after they show (the page has scrolled to them). */
const NOTICE_FOCUS_MS = 500;

/** The message for a failed admin-ajax call (§8 "Connection errors (payment calls)"). */
function connectionMessage(error: unknown, generic: string): string {
  if (error instanceof Error && error.name === 'PaymentProblem') return error.message || generic;
  if (error instanceof TransportError) {
    if (error.kind === 'timeout') return __(CONNECTION_MESSAGES.timeout);
    if (error.kind === 'abort') return __(CONNECTION_MESSAGES.abort);
    if (error.kind === 'schema') return generic;
    return __(CONNECTION_MESSAGES.other);
  }
  return generic;
}

/** The subscriptions' "update all" checkbox inside the chosen method's item, when it is ticked. */
function updateAllTicked(form: HTMLFormElement): boolean {
  const chosen = form.querySelector<HTMLInputElement>(
    '.woocommerce-PaymentMethods input.input-radio:checked',
  );
  const box = chosen
    ?.closest('li')
    ?.querySelector<HTMLInputElement>('.wc-stripe-update-all-subscriptions-payment-method');
  return !!box?.checked;
}

export function AddPaymentMethod({ stripe: settings }: AddPaymentMethodProps) {
  const container = useIslandContainer();
  const [form] = useState(() => container.querySelector<HTMLFormElement>('form#add_payment_method'));
  const card = useCardPayment(form, form ? settings : undefined, true);
  const [messages] = useState(() => providerMessages(settings));
  const [problem, setProblem] = useState<{ id: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeHost = useNoticeHost(form);
  const latest = useRef({ card, settings, messages });
  useLayoutEffect(() => {
    latest.current = { card, settings, messages };
  });

  const fail = useCallback(
    (text: string) => {
      setProblem({ id: Date.now() + Math.random(), text });
      if (!noticeHost) return;
      noticeHost.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      window.setTimeout(
        () => noticeHost.querySelector<HTMLElement>('.woocommerce-error')?.focus(),
        NOTICE_FOCUS_MS,
      );
    },
    [noticeHost],
  );

  useEffect(() => {
    if (!form) return;
    const provider = settings.gatewayId;
    let working = false;
    let posting = false;
    let posted: SubmitEvent | null = null;
    // The form's state at once, in the same task as the notice (not in a later effect).
    const done = (next: boolean) => {
      working = next;
      setBusy(next);
      form.classList.toggle('processing', next);
      form.setAttribute('aria-busy', String(next));
    };
    form.setAttribute('aria-busy', 'false');

    const onSubmit = (event: SubmitEvent) => {
      // The form's own POST, once the setup intent is in it.
      if (posting) {
        posting = false;
        posted = event;
        return;
      }
      if (working) {
        event.preventDefault();
        return;
      }
      const chosen = form.querySelector<HTMLInputElement>('input[name="payment_method"]:checked');
      // Another gateway (or none printed as a radio: the card is then the only one).
      if (chosen && chosen.value !== provider) return;
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      done(true);
      setProblem(null);
      const { card, settings: now, messages } = latest.current;
      const generic = now.genericErrorMessage;
      (async () => {
        const handle = await card.whenReady();
        const fields = await handle.prepare(form);
        const method = fields.find(([name]) => name === `wc-${provider}-payment-method`)?.[1] ?? '';
        const type =
          fields.find(([name]) => name === `wc_${provider}_selected_upe_payment_type`)?.[1] ?? 'card';
        let answer;
        try {
          answer = await createAndConfirmSetupIntent(provider, {
            paymentMethod: method,
            paymentType: type,
            nonce: now.createAndConfirmSetupIntentNonce,
            updateAllSubscriptions: updateAllTicked(form),
          });
        } catch (error) {
          throw Object.assign(new Error(connectionMessage(error, generic)), { name: 'PaymentProblem' });
        }
        if (!answer.success) {
          const message = providerErrorMessage(answer.data.error, messages);
          throw Object.assign(new Error(answer.data.error.message ? message : generic), {
            name: 'PaymentProblem',
          });
        }
        const outcome = await handle.confirmSetup(answer.data);
        if (outcome.kind === 'unfinished') {
          done(false);
          return;
        }
        if (outcome.kind === 'leave') {
          // The provider's own page (its authentication) may be elsewhere; the return URL is ours.
          const ok = outcome.provider ? followProvider(outcome.url) : leaveFor(outcome.url);
          if (!ok) throw Object.assign(new Error(__(REFUSED_NAVIGATION_MESSAGE)), { name: 'PaymentProblem' });
          return;
        }
        setPaymentFields(form, [...fields, [`wc-${provider}-setup-intent`, outcome.id]]);
        posting = true;
        posted = null;
        navigation.submit(form, submitter);
        posting = false;
        // A POST another script prevented leaves the form usable again; one that went stays busy
        // until the page has left (or is shown again: below).
        if (!posted || (posted as SubmitEvent).defaultPrevented) done(false);
      })().catch((error: unknown) => {
        done(false);
        fail(connectionMessage(error, generic));
      });
    };
    form.addEventListener('submit', onSubmit);
    // The POST's page load stopped, or this page shown again (back): usable again.
    const stopGuard = guardSubmissions(form, (next) => {
      if (!next) done(false);
    });
    return () => {
      form.removeEventListener('submit', onSubmit);
      stopGuard();
      form.classList.remove('processing');
    };
  }, [form, settings.gatewayId, fail]);

  // WooCommerce prints every box hidden and its add-payment-method.js opens the chosen method's:
  // the same here, on mount and on every choice.
  useLayoutEffect(() => {
    if (!form) return;
    const arrange = () => {
      form
        .querySelectorAll<HTMLInputElement>('.payment_methods input[name="payment_method"]')
        .forEach((radio) => {
          const box = radio.closest('li')?.querySelector<HTMLElement>('.payment_box');
          if (!box) return;
          box.style.display = radio.checked ? '' : 'none';
        });
    };
    arrange();
    form.addEventListener('change', arrange);
    return () => form.removeEventListener('change', arrange);
  }, [form]);

  return (
    <>
      {card.element}
      {noticeHost &&
        problem &&
        createPortal(
          <div key={problem.id} role="alert" className="shop-islands-payment-notice">
            <ul className="woocommerce-error" tabIndex={-1}>
              <li>
                {problem.text}{' '}
                <button
                  type="button"
                  className="shop-islands-notice-dismiss"
                  onClick={() => setProblem(null)}
                >
                  {__('Dismiss this notice')}
                </button>
              </li>
            </ul>
          </div>,
          noticeHost,
        )}
      {busy &&
        form &&
        createPortal(<div className="shop-islands-add-payment-overlay" aria-hidden="true" />, form)}
    </>
  );
}

/** The provider's authentication page: any http(s) URL (it is Stripe's), never another scheme. */
function followProvider(url: string): boolean {
  const parsed = httpUrl(url);
  if (!parsed) {
    console.error(`[shop-islands] refused to go to ${describeUrl(url)}: not an http(s) page.`);
    return false;
  }
  navigation.assign(parsed.href);
  return true;
}

/** WooCommerce's notice group, at the top of the form (where the gateway shows its errors). */
function useNoticeHost(form: HTMLFormElement | null): HTMLElement | null {
  const [host] = useState(() => {
    if (!form) return null;
    const el = document.createElement('div');
    el.className = 'woocommerce-NoticeGroup';
    return el;
  });
  useLayoutEffect(() => {
    if (!form || !host) return;
    form.prepend(host);
    return () => host.remove();
  }, [form, host]);
  return host;
}
