import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { adminCall } from '../../src/endpoints/general';
import { useIslandContainer } from '../../src/islands/container';
import { DEFAULT_TIMEOUT } from '../../src/transport/client';
import { isAbort } from '../../src/transport/errors';
import { LazyModalDialog, preloadModalDialog } from '../../src/ui/LazyModalDialog';
import {
  ajaxTarget,
  CLOSE_DIALOG_LABEL,
  DEFAULT_SUCCESS_MESSAGE,
  DONE_LABEL,
  findParts,
  SEND_FAILED_MESSAGE,
  SENDING_MESSAGE,
  serverMessage,
  type AjaxTarget,
  type CallbackParts,
} from './model';
import type { CallbackModalPropsSchema } from './schema';

type Props = z.output<typeof CallbackModalPropsSchema>;

/** Milliseconds before a request with no answer counts as failed (the shopper can send it again). */
export const CALLBACK_TIMEOUT = DEFAULT_TIMEOUT;

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const preload = () => void preloadModalDialog();

/** Shows or hides a server element (the island's changes to the server's nodes go through here). */
const setHidden = (element: HTMLElement, hidden: boolean): void => {
  element.hidden = hidden;
};

const SUBMIT_CONTROLS =
  'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]';

/**
 * The callback-request modal (storefront.md §2.10), over the server's markup (the island is defined
 * with `adopt`): the trigger link `a.callback-trigger` and the section `.callback-request` holding
 * the server's form (without JavaScript the form is on the page and the link jumps to it).
 *
 * Mounted: the section is hidden (unless the shopper is already in it: then it stays where it is
 * until the dialog is opened) and the link becomes a button announcing a dialog. The dialog
 * (src/ui/ModalDialog, its code fetched when first needed) holds the server's form node itself,
 * moved in when it opens and back when it closes or the island unmounts: what was typed stays,
 * and scripts holding the form or its fields keep working. The close button, a click outside and
 * Escape close it; the focus goes back to the trigger.
 *
 * A submission to this site's admin-ajax.php with an `action` field is sent by the general admin
 * call (§7), once however often the shopper clicks or presses Enter while it is on its way: the
 * success message ('1' or `success: true`: the props' message, else the server's as text) replaces
 * the form, with a Close button, and is announced; a refusal (`success: false`) shows the server's
 * words as an alert beside the form; no answer (network, timeout, an HTTP error, '0', '-1',
 * malformed JSON) shows {@link SEND_FAILED_MESSAGE}. The fields are left as they were on failure:
 * the shopper can send again. Any other form is submitted by the browser.
 */
export function CallbackModal({ title, triggerLabel, successMessage }: Props) {
  const container = useIslandContainer();
  const [parts] = useState<CallbackParts>(() => {
    const found = findParts(container);
    // The island module checks this before mounting (island.tsx).
    if (!found) throw new Error('callback-modal: no a.callback-trigger and .callback-request form.');
    return found;
  });
  const { trigger, section, form } = parts;
  /** Where the island's words go: right after the form, wherever the form is. */
  const [status] = useState(() => {
    const element = document.createElement('div');
    element.className = 'callback-request__status';
    return element;
  });
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const request = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  const home = useRef<{ parent: Node; next: Node | null } | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const announce = useAnnounce();

  /** The form (and the island's words after it) back where the server put it. */
  const putBack = useCallback(() => {
    const place = home.current;
    if (!place) return;
    place.parent.insertBefore(form, place.next && place.next.parentNode === place.parent ? place.next : null);
    if (mounted.current) form.after(status);
  }, [form, status]);

  const openDialog = useCallback(() => {
    setHidden(section, true);
    setState((current) => (current.kind === 'sending' ? current : { kind: 'idle' }));
    setOpen(true);
  }, [section]);

  const close = useCallback(() => {
    setOpen(false);
    setState((current) => (current.kind === 'sending' ? current : { kind: 'idle' }));
  }, []);

  /** The dialog's code could not be fetched: the form is shown on the page, as without JavaScript. */
  const showInline = useCallback(() => {
    setOpen(false);
    setHidden(section, false);
    section.scrollIntoView?.({ block: 'start' });
    form.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  }, [section, form]);

  const send = useCallback(
    ({ url, action, fields }: AjaxTarget) => {
      const controller = new AbortController();
      request.current = controller;
      setState({ kind: 'sending' });
      adminCall(action, fields, { url, signal: controller.signal, timeout: CALLBACK_TIMEOUT })
        .then(
          (answer) => {
            if (answer.success) {
              const text = successMessage ?? serverMessage(answer.data) ?? DEFAULT_SUCCESS_MESSAGE;
              form.reset();
              setState({ kind: 'sent', message: text });
              announce(text);
            } else {
              setState({ kind: 'failed', message: serverMessage(answer.data) ?? SEND_FAILED_MESSAGE });
            }
          },
          (error: unknown) => {
            if (!isAbort(error)) setState({ kind: 'failed', message: SEND_FAILED_MESSAGE });
          },
        )
        .finally(() => {
          if (request.current === controller) request.current = null;
        });
    },
    [form, successMessage, announce],
  );
  const latestSend = useRef(send);
  useLayoutEffect(() => {
    latestSend.current = send;
  }, [send]);

  // The server's markup taken over, and given back as it was on unmount.
  useLayoutEffect(() => {
    mounted.current = true;
    home.current = { parent: form.parentNode!, next: form.nextSibling };
    form.after(status);
    const sectionHidden = section.hidden;
    if (!section.contains(document.activeElement)) setHidden(section, true);

    const saved = {
      role: trigger.getAttribute('role'),
      popup: trigger.getAttribute('aria-haspopup'),
      content: Array.from(trigger.childNodes),
    };
    trigger.setAttribute('role', 'button');
    trigger.setAttribute('aria-haspopup', 'dialog');
    trigger.replaceChildren(triggerLabel);

    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openDialog();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // A button opens with Space too (Enter is the link's own click).
      if (event.key !== ' ') return;
      event.preventDefault();
      openDialog();
    };
    // On the window: it runs after the form's and the page's own listeners, so a submission one of
    // them stopped (a validation script) is not sent.
    const onSubmit = (event: SubmitEvent) => {
      if (event.target !== form || event.defaultPrevented) return;
      const target = ajaxTarget(form, event.submitter);
      if (!target) return;
      event.preventDefault();
      if (request.current) return;
      latestSend.current(target);
    };
    trigger.addEventListener('click', onClick);
    trigger.addEventListener('keydown', onKeyDown);
    trigger.addEventListener('pointerenter', preload);
    trigger.addEventListener('focus', preload);
    window.addEventListener('submit', onSubmit);

    return () => {
      mounted.current = false;
      request.current?.abort();
      request.current = null;
      window.removeEventListener('submit', onSubmit);
      trigger.removeEventListener('click', onClick);
      trigger.removeEventListener('keydown', onKeyDown);
      trigger.removeEventListener('pointerenter', preload);
      trigger.removeEventListener('focus', preload);
      trigger.replaceChildren(...saved.content);
      if (saved.role === null) trigger.removeAttribute('role');
      else trigger.setAttribute('role', saved.role);
      if (saved.popup === null) trigger.removeAttribute('aria-haspopup');
      else trigger.setAttribute('aria-haspopup', saved.popup);
      putBack();
      status.remove();
      setHidden(section, sectionHidden);
    };
  }, [trigger, section, form, status, triggerLabel, openDialog, putBack]);

  // What the form shows while a request is on its way, and after a success.
  useLayoutEffect(() => {
    const sending = state.kind === 'sending';
    const formHidden = form.hidden;
    setHidden(form, state.kind === 'sent');
    if (sending) form.setAttribute('aria-busy', 'true');
    const buttons = sending ? Array.from(form.querySelectorAll<HTMLElement>(SUBMIT_CONTROLS)) : [];
    buttons.forEach((button) => button.setAttribute('aria-disabled', 'true'));
    return () => {
      setHidden(form, formHidden);
      if (sending) form.removeAttribute('aria-busy');
      buttons.forEach((button) => button.removeAttribute('aria-disabled'));
    };
  }, [state.kind, form]);

  // The success message takes the focus from the (now hidden) form.
  useEffect(() => {
    if (state.kind === 'sent') message.current?.focus();
  }, [state]);

  // Closed: the focus back on the trigger (the dialog gives it back too, where the browser had
  // given the link the focus when it was clicked).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open && section.hidden && !section.contains(document.activeElement)) {
      trigger.focus();
    }
    wasOpen.current = open;
  }, [open, trigger, section]);

  /** The dialog's body: the form moves in when it appears, and back when it goes. */
  const slot = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      element.append(form, status);
      return putBack;
    },
    [form, status, putBack],
  );

  const words =
    state.kind === 'sending' ? (
      <p className="callback-request__sending">{SENDING_MESSAGE}</p>
    ) : state.kind === 'failed' ? (
      <p className="callback-request__error" role="alert">
        {state.message}
      </p>
    ) : state.kind === 'sent' ? (
      <div className="callback-request__success">
        <p ref={message} className="callback-request__message" tabIndex={-1}>
          {state.message}
        </p>
        {open && (
          <button type="button" className="button callback-request__done" onClick={close}>
            {DONE_LABEL}
          </button>
        )}
      </div>
    ) : null;

  return (
    <>
      {createPortal(words, status)}
      <LazyModalDialog
        open={open}
        onClose={close}
        onUnavailable={showInline}
        title={title}
        closeLabel={CLOSE_DIALOG_LABEL}
        block="callback-modal"
        portalClassName="callback-modal-host"
      >
        <div ref={slot} className="callback-modal__body" />
      </LazyModalDialog>
    </>
  );
}
