import { describeUrl, httpUrl, sameOriginUrl } from './security/url';

/**
 * Where islands send the browser when the in-page way cannot be taken: a page load (`assign`), or
 * a form's own submission (`submit`), the no-JS path WooCommerce falls back to. One object, so that
 * tests and stories replace its methods (`vi.spyOn(navigation, 'assign')`) rather than the real
 * location of jsdom or of Storybook's frame.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Submits `form` as a click on `submitter` would (its name and value included). */
  submit(form: HTMLFormElement, submitter?: HTMLElement | null): void {
    const button = submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null;
    if (typeof form.requestSubmit === 'function') form.requestSubmit(button);
    else form.submit();
  },
};

/**
 * Sends the browser to `url` (through `navigation.assign`) if it is an http(s) page of this site;
 * otherwise refuses, says why in the console and returns false. Every navigation an island performs
 * by itself goes through here: its URL came from a server answer or props, where an off-site
 * redirect is a phishing vector and `javascript:` would run. Callers tell the shopper
 * (`REFUSED_NAVIGATION_MESSAGE` of src/security/url).
 */
export function leaveFor(url: string): boolean {
  if (!sameOriginUrl(url)) {
    console.error(`[shop-islands] refused to go to ${describeUrl(url)}: not a page of this store.`);
    return false;
  }
  navigation.assign(url);
  return true;
}

/**
 * Follows a link the shopper clicked whose default an island prevented (the full-size image of a
 * gallery whose viewer did not load): what the browser would have done, so any http(s) URL, on
 * another origin too (a CDN), but never `javascript:` or `data:`. Returns false when refused.
 */
export function followLink(url: string): boolean {
  if (!httpUrl(url)) {
    console.error(`[shop-islands] refused to follow ${describeUrl(url)}: not an http(s) link.`);
    return false;
  }
  navigation.assign(url);
  return true;
}

/** A click that opens a new tab or window, or is not the main button: the browser's to handle. */
export const isModifiedClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
