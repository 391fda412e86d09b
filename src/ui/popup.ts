/**
 * The page's one message popup (CommerceKit's `#commercekit-wishlist-popup`): a `role="status"`
 * element at the end of <body>, shared by every island that shows wishlist messages, so two islands
 * never stack two popups and screen readers hear each message from one live region. It is created
 * empty when the first such island mounts (a live region must exist before its text changes to be
 * announced), shows a message for `duration` ms, then empties again.
 *
 * Styles: `popup.css` (imported by the widgets' stylesheets). Nothing runs at import time.
 */
import { ANNOUNCE_SETTLE_MS } from '../a11y/announce';
import { sanitizeHtml } from '../security/html';

export const POPUP_ID = 'commercekit-wishlist-popup';
export const POPUP_CLASS = 'shop-islands-popup';

interface PopupState {
  /** The markup last set. */
  shown?: string;
  hide?: ReturnType<typeof setTimeout>;
  settle?: ReturnType<typeof setTimeout>;
  /** The `showPopup` call whose message is shown (or about to be). */
  current?: object;
}
const states = new WeakMap<HTMLElement, PopupState>();

/** The popup element, created (empty, hidden) on first use. */
export function ensurePopup(doc: Document = document): HTMLElement {
  const found = doc.getElementById(POPUP_ID);
  if (found) return found;
  const popup = doc.createElement('div');
  popup.id = POPUP_ID;
  popup.className = POPUP_CLASS;
  popup.setAttribute('role', 'status');
  popup.setAttribute('aria-live', 'polite');
  popup.setAttribute('aria-atomic', 'true');
  doc.body.append(popup);
  return popup;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the popup shows: trusted server markup (CommerceKit's `message`), or plain text of ours. */
export type PopupContent = { html: string } | { text: string };

/**
 * Shows `content` for `duration` ms. A new message replaces the one shown and restarts the time.
 * The same message twice in a row is cleared first and set again `ANNOUNCE_SETTLE_MS` later, so
 * screen readers announce it again. Returns a function that hides the message at once and stops
 * its timers, if it is still the one shown (an island unmounting takes its message with it; see
 * `usePopup()`); it does nothing once another message replaced it or it was hidden.
 */
export function showPopup(content: PopupContent, { duration }: { duration: number }): () => void {
  if (typeof document === 'undefined' || !document.body) return () => {};
  const html = 'html' in content ? sanitizeHtml(content.html) : escapeHtml(content.text);
  const popup = ensurePopup();
  const state = states.get(popup) ?? {};
  states.set(popup, state);
  clearTimeout(state.hide);
  clearTimeout(state.settle);
  const token = {};
  state.current = token;
  const set = () => {
    popup.innerHTML = html;
    state.shown = html;
    popup.setAttribute('data-shown', '');
    state.hide = setTimeout(() => hidePopup(popup), duration);
  };
  if (popup.hasAttribute('data-shown') && state.shown === html) {
    popup.textContent = '';
    state.settle = setTimeout(set, ANNOUNCE_SETTLE_MS);
  } else {
    set();
  }
  return () => {
    if (state.current !== token) return;
    clearTimeout(state.hide);
    clearTimeout(state.settle);
    hidePopup(popup);
  };
}

function hidePopup(popup: HTMLElement): void {
  const state = states.get(popup);
  if (state) state.current = undefined;
  popup.textContent = '';
  popup.removeAttribute('data-shown');
}

/** Tests: hides the popup at once and forgets its timers. */
export function resetPopup(doc: Document = document): void {
  const popup = doc.getElementById(POPUP_ID);
  if (!popup) return;
  const state = states.get(popup);
  clearTimeout(state?.hide);
  clearTimeout(state?.settle);
  hidePopup(popup);
}
