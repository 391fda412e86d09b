import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type * as z from 'zod/mini';
import { saveWaitlist } from '../../src/endpoints/commercekit';
import { __ } from '../../src/i18n';
import { isAbort } from '../../src/transport/errors';
import { isEditingKey, isValid, normalizeEmail, outcomeOf, validate, type WaitlistErrors } from './model';
import type { WaitlistFormPropsSchema } from './schema';
import { sanitizeHtml } from '../../src/security/html';

type Props = z.output<typeof WaitlistFormPropsSchema>;

type State =
  { step: 'editing'; failed: boolean } | { step: 'sending' } | { step: 'done'; ok: boolean; message: string };

/**
 * CommerceKit's back-in-stock form (storefront.md §4 "Waitlist form", §5 "Waitlist", §8): an e-mail
 * field, a consent checkbox and a submit button. Both fields are validated on change and on keyup;
 * invalid ones are marked (aria-invalid and an error text) and the button stays disabled until both
 * are valid, and again while the request runs: then aria-disabled (the form aria-busy), so that
 * the button keeps the keyboard focus, and every further submission (a click, Enter, a script's
 * requestSubmit(), two in the same task) sends nothing: one request per sign-up (issue #11). The
 * POST `commercekit_save_waitlist` sends `product_id` and `email`; the server's message then
 * replaces the form, as an error paragraph (role=alert) when the status is not 1. Should the
 * request itself fail, the form stays as filled in, says so, and can be sent again.
 */
export function WaitlistForm(props: Props) {
  const {
    productId,
    idPrefix,
    action,
    nonce,
    intro,
    emailLabel,
    placeholder,
    consentLabel,
    buttonLabel,
    timeout,
  } = props;
  const email = useRef<HTMLInputElement>(null);
  const consent = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  /** Read and set synchronously: a second submission in the same task must see the first. */
  const submitting = useRef(false);
  const [state, setState] = useState<State>({ step: 'editing', failed: false });
  // The button follows validity from the start (the fields start empty; what the shopper typed
  // into the fallback is restored through input events, which validate); errors are shown once
  // validation has run.
  const [errors, setErrors] = useState<WaitlistErrors>(() => validate({ email: '', consent: false }));
  const [shown, setShown] = useState(false);

  const read = () => ({ email: email.current?.value ?? '', consent: !!consent.current?.checked });

  useEffect(() => () => inFlight.current?.abort(), []);

  // The form is gone: the focus goes to the message that replaced it. After a failed request it
  // goes back to the button if it was lost to the page meanwhile. `submitting` is released by the
  // commit that shows the failure: a submission landing before it (the second half of a double
  // click) would send again while the shopper still sees the form sending.
  useLayoutEffect(() => {
    if (state.step === 'editing') submitting.current = false;
    if (state.step === 'done') result.current?.focus();
    else if (state.step === 'editing' && state.failed) {
      const active = document.activeElement;
      if (!active || active === document.body) button.current?.focus();
    }
  }, [state]);

  const check = () => {
    setErrors(validate(read()));
    setShown(true);
  };
  const onKeyUp = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isEditingKey(event.key)) check();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const values = read();
    const now = validate(values);
    setErrors(now);
    setShown(true);
    if (!isValid(now)) return;
    submitting.current = true;
    setState({ step: 'sending' });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await saveWaitlist(
        { productId, email: normalizeEmail(values.email) },
        { signal: controller.signal, timeout },
      );
      // `submitting` stays set: the form is about to go, and a submission landing before the
      // re-render that removes it (the second half of a double click) must not sign up again.
      setState({ step: 'done', ...outcomeOf(response) });
    } catch (error) {
      if (isAbort(error)) return;
      console.error('[shop-islands] waitlist-form: the sign-up was not sent.', error);
      setState({ step: 'editing', failed: true });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  if (state.step === 'done') {
    return (
      <div className="commercekit-waitlist" id={idPrefix}>
        <p
          ref={result}
          tabIndex={-1}
          className={state.ok ? 'success' : 'error'}
          role={state.ok ? 'status' : 'alert'}
          // CommerceKit's message: HTML it escaped itself, trusted like the page.
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(state.message) }}
        />
      </div>
    );
  }

  const sending = state.step === 'sending';
  const emailError = shown && errors.email;
  const consentError = shown && errors.consent;
  const ids = {
    email: `${idPrefix}-email`,
    emailError: `${idPrefix}-email-error`,
    consent: `${idPrefix}-consent`,
    consentError: `${idPrefix}-consent-error`,
  };
  return (
    <div className="commercekit-waitlist" id={idPrefix}>
      <form
        className="commercekit-waitlist-form"
        method="post"
        action={action}
        noValidate
        aria-busy={sending}
        onSubmit={(event) => void submit(event)}
      >
        <p className="commercekit-waitlist-intro">{intro}</p>
        <p className={`commercekit-waitlist-field${emailError ? ' error' : ''}`}>
          <label htmlFor={ids.email}>{emailLabel}</label>
          <input
            ref={email}
            type="email"
            id={ids.email}
            name="ckwtl_email"
            className={`input-text${emailError ? ' error' : ''}`}
            placeholder={placeholder}
            autoComplete="email"
            required
            aria-invalid={emailError || undefined}
            aria-describedby={emailError ? ids.emailError : undefined}
            onChange={check}
            onKeyUp={onKeyUp}
          />
          {emailError && (
            <span id={ids.emailError} className="commercekit-waitlist-error">
              {__('Please enter a valid email address.')}
            </span>
          )}
        </p>
        <p
          className={`commercekit-waitlist-field commercekit-waitlist-consent${consentError ? ' error' : ''}`}
        >
          <label htmlFor={ids.consent}>
            <input
              ref={consent}
              type="checkbox"
              id={ids.consent}
              name="ckwtl_consent"
              value="1"
              required
              aria-invalid={consentError || undefined}
              aria-describedby={consentError ? ids.consentError : undefined}
              onChange={check}
              onKeyUp={onKeyUp}
            />{' '}
            {consentLabel}
          </label>
          {consentError && (
            <span id={ids.consentError} className="commercekit-waitlist-error">
              {__('Please give your consent to be contacted.')}
            </span>
          )}
        </p>
        <input type="hidden" name="ckwtl_pid" value={productId} />
        {nonce && <input type="hidden" name="_wpnonce" value={nonce} />}
        <button
          ref={button}
          type="submit"
          className="button commercekit-waitlist-button"
          disabled={!sending && !isValid(errors)}
          aria-disabled={sending || undefined}
        >
          {buttonLabel}
        </button>
        {state.step === 'editing' && state.failed && (
          <p role="alert" className="commercekit-waitlist-error commercekit-waitlist-failure">
            {__('Sorry, your request could not be sent. Please try again.')}
          </p>
        )}
      </form>
    </div>
  );
}
