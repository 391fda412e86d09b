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

/** A click that opens a new tab or window, or is not the main button: the browser's to handle. */
export const isModifiedClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
