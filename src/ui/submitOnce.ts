import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * One POST per shopper intent for a form that posts natively (issue #11): the review form to
 * wp-comments-post.php, the cart form's 'Update cart'. Once a submission has gone through (no one
 * prevented it), the browser is loading the answer; until then this page is still there, and a
 * second click, Enter or Ctrl+Enter would send the form again (WordPress then answers 'Duplicate
 * comment detected'). `guardSubmissions()` cancels every further submission of the form until the
 * page load is over without leaving the page:
 * - the page is shown again (`pageshow`: back from the answer, or from an error page, through the
 *   back-forward cache, the form as it was filled in);
 * - the page load was stopped (the Stop button, Escape, another link): the Navigation API's
 *   `navigateerror`, where the browser has it (Chromium).
 *
 * It decides in a `submit` listener on the window, registered when the island mounts: it runs
 * after the island's own handler and the page's scripts that listen on the form or the document,
 * so a submission they prevented (a required rating, a script that posts it itself) does not
 * count. Submissions into another window or frame (`target`) and `method="dialog"` leave this page
 * where it is: they are not held back.
 */
export function guardSubmissions(form: HTMLFormElement, onBusy: (busy: boolean) => void): () => void {
  let busy = false;
  const set = (next: boolean) => {
    if (busy === next) return;
    busy = next;
    onBusy(next);
  };
  const onSubmit = (event: Event) => {
    if (event.target !== form) return;
    if (busy) {
      event.preventDefault();
      return;
    }
    if (!event.defaultPrevented && leavesThePage(form, (event as SubmitEvent).submitter ?? null)) set(true);
  };
  const release = () => set(false);
  const navigation = navigationApi();
  window.addEventListener('submit', onSubmit);
  window.addEventListener('pageshow', release);
  navigation?.addEventListener('navigateerror', release);
  return () => {
    window.removeEventListener('submit', onSubmit);
    window.removeEventListener('pageshow', release);
    navigation?.removeEventListener('navigateerror', release);
  };
}

/**
 * {@link guardSubmissions} for the form in `form` while the component is mounted: true while a
 * submission is on its way (for aria-busy and a busy look).
 */
export function useSubmitOnce(form: RefObject<HTMLFormElement | null>): boolean {
  const [busy, setBusy] = useState(false);
  // A layout effect: guarded from the first frame the form is on the page.
  useLayoutEffect(() => {
    const el = form.current;
    if (!el) return;
    return guardSubmissions(el, setBusy);
  }, [form]);
  return busy;
}

/** `window.navigation` (the Navigation API), where the browser has it. */
export function navigationApi(): EventTarget | null {
  const navigation = (window as Window & { navigation?: unknown }).navigation;
  return navigation instanceof EventTarget ? navigation : null;
}

/** Whether submitting `form` (with `submitter`) loads a page in place of this one. */
export function leavesThePage(form: HTMLFormElement, submitter: Element | null): boolean {
  const method = submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? '';
  if (method.trim().toLowerCase() === 'dialog') return false;
  const target =
    submitter?.getAttribute('formtarget') ??
    form.getAttribute('target') ??
    document.querySelector('base[target]')?.getAttribute('target') ??
    '';
  return ['', '_self', '_parent', '_top'].includes(target.trim().toLowerCase());
}
