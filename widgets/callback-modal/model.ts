/**
 * The callback-request form's rules, apart from React: which submissions the island sends itself,
 * what it sends, and which words the shopper then sees.
 */
import { sanitizedFragment } from '../../src/security/html';
import { sameOriginUrl } from '../../src/security/url';

/** The server accepted the request and said nothing (its answer was '1'), or no words to show. */
export const DEFAULT_SUCCESS_MESSAGE = 'Thank you. We will call you back soon.';
/** No answer of the contract came (network, timeout, HTTP error, '0', '-1', malformed JSON). Our wording. */
export const SEND_FAILED_MESSAGE = 'Your request could not be sent. Please try again.';
/** Shown under the form while the request is on its way. */
export const SENDING_MESSAGE = 'Sending your request…';
/** The dialog's close button (the ×). */
export const CLOSE_DIALOG_LABEL = 'Close callback request';
/** The button under the success message. */
export const DONE_LABEL = 'Close';

/** The server markup the island works on. */
export interface CallbackParts {
  trigger: HTMLAnchorElement;
  section: HTMLElement;
  form: HTMLFormElement;
}

/** The trigger link and the `.callback-request` section's form in `container`, or null. */
export function findParts(container: HTMLElement): CallbackParts | null {
  const trigger = container.querySelector<HTMLAnchorElement>('a.callback-trigger');
  const section = container.querySelector<HTMLElement>('.callback-request');
  const form = section?.querySelector('form');
  return trigger && section && form ? { trigger, section, form } : null;
}

/** Where the island sends a submission itself: this site's admin-ajax.php, with an `action`. */
export interface AjaxTarget {
  url: string;
  action: string;
  fields: URLSearchParams;
}

const formData = (form: HTMLFormElement, submitter: HTMLElement | null): FormData => {
  try {
    return new FormData(form, submitter);
  } catch {
    // A submitter that is not the form's own submit button (or a browser without the argument).
    return new FormData(form);
  }
};

/**
 * The general admin call this submission is (storefront.md §7), or null when the form posts
 * elsewhere, has no `action` field, or carries files: the browser then submits it natively.
 */
export function ajaxTarget(form: HTMLFormElement, submitter: HTMLElement | null): AjaxTarget | null {
  const attribute = submitter?.getAttribute('formaction') ?? form.getAttribute('action');
  const url = sameOriginUrl(attribute?.trim() || location.href);
  if (!url || !/\/admin-ajax\.php$/.test(url.pathname)) return null;
  const data = formData(form, submitter);
  const fields = new URLSearchParams();
  for (const [name, value] of data) {
    if (typeof value !== 'string') return null;
    fields.append(name, value);
  }
  const action = fields.get('action');
  return action ? { url: url.href, action, fields } : null;
}

/** HTML as the words it shows (tags, scripts, styles dropped), whitespace collapsed; null when none. */
export function textOf(html: string): string | null {
  const text = (sanitizedFragment(html).textContent ?? '').replace(/\s+/g, ' ').trim();
  return text || null;
}

/** The server's words in an answer's `data`: `data` itself when text, else `data.message`. */
export function serverMessage(data: unknown): string | null {
  if (typeof data === 'string') return textOf(data);
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const { message } = data as { message?: unknown };
    if (typeof message === 'string') return textOf(message);
  }
  return null;
}
