/**
 * A popup's dialog (storefront.md §3 "Popup settings", §4 "Popups", §9 "Popup focus delay 250 ms"):
 * the lazy chunk the engine (island.ts) imports only when a popup is about to show. Built on the
 * storefront's one modal dialog (src/ui/ModalDialog): `role="dialog"`, `aria-modal`, named by the
 * popup's title, focus kept inside and given back on close, the page not scrolling beneath it.
 *
 * What the popup's display settings add, around it (ModalDialog itself is not changed):
 * - the focus moves in 250 ms after it shows (FOCUS_DELAY_MS): until then the panel is `inert`, so
 *   the focus trap cannot pull the focus in earlier; then the panel itself takes the focus (a screen
 *   reader reads the dialog's name, then its content from the start);
 * - Escape and a click on the backdrop close it unless `prevent_close_on_esc_key` /
 *   `prevent_close_on_background_click`;
 * - the close button shows after `close_button_delay` seconds. Until then it is only hidden from
 *   sight, never from the keyboard or a screen reader: Tab reaches it (and it shows itself while
 *   focused). A shopper who cannot use a pointer is thus never shut in a dialog with no way out,
 *   even when Escape and the backdrop are both prevented (WCAG 2.1.2 No Keyboard Trap): a timed
 *   trap is still a trap, so the delay applies to what the eye sees, not to who may leave;
 * - `close_automatically` seconds later it closes by itself, quietly (nothing is announced); once the
 *   shopper has typed into a field of the popup it no longer does (what they typed is not lost:
 *   WCAG 2.2.1 Timing Adjustable);
 * - the content is the popup's `<template>` HTML, sanitised (src/security/html.ts). An island
 *   inside it keeps its props: its `<script type="application/json" data-island-props>` (data,
 *   never run) becomes the container's `data-props` before the sanitiser drops every script, and the
 *   island runtime mounts it when the dialog adds it to the page.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { sanitizedFragment } from '../../src/security/html';
import { ModalDialog, type ModalCloseReason } from '../../src/ui/ModalDialog';
// The display rules: rules.ts is a lazy chunk too (the engine's own chunk does not hold them).
import { autoCloseAt, closeButtonAt, FOCUS_DELAY_MS } from './rules';
import type { PopupDisplay } from './types';

/** How a popup closed: Escape, its close button, the backdrop, or by itself (`close_automatically`). */
export type PopupCloseReason = ModalCloseReason | 'auto';

/** The close button's accessible name. */
export const CLOSE_LABEL = 'Close';

export interface PopupDialogProps {
  title: string;
  display: PopupDisplay;
  /** The popup's content HTML, as the server printed it in its `<template>` (sanitised here). */
  html: string;
  /** The popup has to close (the owner unmounts it). */
  onClose: (reason: PopupCloseReason) => void;
}

/**
 * The content HTML as nodes to put into the page: islands keep their JSON props (as `data-props`),
 * then everything goes through the sanitiser.
 */
export function popupContent(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content
    .querySelectorAll<HTMLScriptElement>('[data-island]>script[data-island-props]')
    .forEach((script) => {
      const island = script.parentElement!;
      if (script.type === 'application/json' && !island.hasAttribute('data-props')) {
        island.setAttribute('data-props', script.textContent ?? '');
      }
      script.remove();
    });
  return sanitizedFragment(template.innerHTML);
}

export function PopupDialog({ title, display, html, onClose }: PopupDialogProps) {
  const frame = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  const [openedAt] = useState(() => Date.now());
  const closeDelay = closeButtonAt(display, openedAt) - openedAt;
  const [closeShown, setCloseShown] = useState(closeDelay <= 0);

  useLayoutEffect(() => {
    latestClose.current = onClose;
  });

  // The content, before the focus trap (a passive effect of ModalDialog) looks for what to focus.
  useLayoutEffect(() => {
    content.current?.replaceChildren(popupContent(html));
  }, [html]);

  // The focus moves in after FOCUS_DELAY_MS: the panel is inert until then (layout effects run
  // before ModalDialog's focus trap activates, which then cannot focus anything inside).
  useLayoutEffect(() => {
    const panel = frame.current?.querySelector<HTMLElement>('[role="dialog"]');
    if (!panel) return;
    panel.setAttribute('inert', '');
    const timer = setTimeout(() => {
      panel.removeAttribute('inert');
      panel.focus();
    }, FOCUS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      panel.removeAttribute('inert');
    };
  }, []);

  useEffect(() => {
    if (closeShown) return;
    const timer = setTimeout(() => setCloseShown(true), closeDelay);
    return () => clearTimeout(timer);
  }, [closeShown, closeDelay]);

  useEffect(() => {
    const at = autoCloseAt(display, openedAt);
    const panel = frame.current;
    if (at === null || !panel) return;
    const timer = setTimeout(() => latestClose.current('auto'), Math.max(0, at - Date.now()));
    // Typing into the popup's form keeps it open.
    const typed = () => clearTimeout(timer);
    panel.addEventListener('input', typed);
    return () => {
      clearTimeout(timer);
      panel.removeEventListener('input', typed);
    };
  }, [display, openedAt]);

  const close = (reason: ModalCloseReason) => {
    if (reason === 'escape' && display.prevent_close_on_esc_key) return;
    if (reason === 'outside' && display.prevent_close_on_background_click) return;
    latestClose.current(reason);
  };

  return (
    <div
      ref={frame}
      className={closeShown ? 'shop-popup-frame' : 'shop-popup-frame shop-popup-frame--close-later'}
    >
      <ModalDialog open onClose={close} title={title} closeLabel={CLOSE_LABEL} block="shop-popup">
        <div ref={content} className="shop-popup__content" />
      </ModalDialog>
    </div>
  );
}

export interface ShowPopupOptions extends PopupDialogProps {
  /** The popup's id (its React root's id prefix). */
  id: number;
  /** The popups stylesheet, linked if the page has not linked it yet. */
  stylesheet?: string;
}

/**
 * Shows a popup at the end of <body> (its own React root, clear of the island's container so that
 * the island runtime sees islands inside it). `onClose` is called once when the shopper (or its
 * auto-close) closes it; the returned function removes it without calling `onClose` (the engine
 * unmounting).
 */
export function showPopup({ id, stylesheet, onClose, ...props }: ShowPopupOptions): () => void {
  if (stylesheet) {
    const href = new URL(stylesheet, document.baseURI).href;
    const linked = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some(
      (link) => link.href === href,
    );
    if (!linked)
      document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
  }
  const host = document.createElement('div');
  host.className = 'shop-popup-host';
  document.body.append(host);
  const root = createRoot(host, { identifierPrefix: `popup-${id}-` });
  let open = true;
  const remove = (): boolean => {
    if (!open) return false;
    open = false;
    root.unmount();
    host.remove();
    return true;
  };
  flushSync(() =>
    root.render(<PopupDialog {...props} onClose={(reason) => void (remove() && onClose(reason))} />),
  );
  return () => void remove();
}
