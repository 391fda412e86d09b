/** Which elements inside a container the Tab key reaches, in the browser's order. */

const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'details > summary:first-of-type',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/**
 * Rendered and not hidden. `checkVisibility` where the browser has it; otherwise (jsdom) an
 * ancestor walk for `hidden`, `display: none` and closed `<details>`, then `visibility`.
 */
function isVisible(el: HTMLElement): boolean {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  const view = el.ownerDocument.defaultView;
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (node.hidden || view?.getComputedStyle(node).display === 'none') return false;
    const details = node.parentElement;
    if (details instanceof HTMLDetailsElement && !details.open && node.tagName !== 'SUMMARY') return false;
  }
  return view?.getComputedStyle(el).visibility !== 'hidden';
}

export function isFocusable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && !el.matches(':disabled') && !el.closest('[inert]') && isVisible(el);
}

function isTabbable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.tabIndex >= 0 && isFocusable(el);
}

/** One stop per radio group, as browsers do: the checked radio, else the group's first one. */
function radioStop(radio: HTMLInputElement, all: readonly HTMLElement[]): boolean {
  if (!radio.name) return true;
  const group = all.filter(
    (el): el is HTMLInputElement =>
      el instanceof HTMLInputElement &&
      el.type === 'radio' &&
      el.name === radio.name &&
      el.form === radio.form,
  );
  const checked = group.find((el) => el.checked);
  return radio === (checked ?? group[0]);
}

/** Tabbable elements of `container` (not the container itself): positive tabindex first, then DOM order. */
export function getTabbables(container: Element): HTMLElement[] {
  const all = Array.from(container.querySelectorAll(CANDIDATES)).filter(isTabbable);
  const stops = all.filter(
    (el) => !(el instanceof HTMLInputElement && el.type === 'radio') || radioStop(el, all),
  );
  // tabindex 0 comes after every positive one; ties in DOM order (compared explicitly: jsdom's
  // querySelectorAll returns a selector list grouped by selector, not in document order).
  const rank = (el: HTMLElement): number => (el.tabIndex > 0 ? el.tabIndex : Number.MAX_SAFE_INTEGER);
  const domOrder = (a: Node, b: Node): number =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  return stops.sort((a, b) => rank(a) - rank(b) || domOrder(a, b));
}
