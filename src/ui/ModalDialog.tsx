import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../a11y/useFocusTrap';
import { useScrollLock } from './scroll-lock';

/** How a modal dialog was closed: Escape, its close button, or a click on the backdrop. */
export type ModalCloseReason = 'escape' | 'button' | 'outside';

export interface ModalDialogProps {
  /** Shown while true; closed, nothing is rendered. */
  open: boolean;
  /** The shopper asked to close it (the owner decides: set `open` to false). */
  onClose: (reason: ModalCloseReason) => void;
  /** The visible title, which names the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** The close button's accessible name ('Close cart', 'Close size guide'). */
  closeLabel: string;
  /**
   * The widget's BEM block for the markup its stylesheet and tests rely on: the dialog's parts are
   * `{block}` (the overlay), `{block}__backdrop`, `{block}__panel` (role="dialog"), `{block}__header`,
   * `{block}__title` and `{block}__close`.
   */
  block: string;
  /**
   * `center` (default): a box in the middle of the screen (the size guide). `side`: a drawer along
   * the inline end of the screen (the cart drawer; the left in a right-to-left page). Given as the
   * modifier class `{block}--{placement}` and `data-placement` on the overlay.
   */
  placement?: 'center' | 'side';
  /**
   * Rendered at the end of <body> in its own element with this class, while open (clear of the
   * island's stacking and overflow); without it, in place.
   */
  portalClassName?: string;
  children: ReactNode;
}

/**
 * The storefront's one modal dialog: `role="dialog"` with `aria-modal`, labelled by its title, a
 * close button with an accessible name; while open the focus stays inside (src/a11y), Escape and a
 * click on the backdrop close it, and the page does not scroll beneath it (scroll-lock.ts); when it
 * closes (or unmounts) the focus goes back to what had it before it opened.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  block,
  placement = 'center',
  portalClassName,
  children,
}: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const host = usePortalHost(open, portalClassName);

  useFocusTrap(panel, open, { onEscape: () => onClose('escape') });
  useScrollLock(open);

  if (!open) return null;
  const dialog = (
    <div className={`${block} ${block}--${placement}`} data-placement={placement}>
      <div className={`${block}__backdrop`} aria-hidden="true" onClick={() => onClose('outside')} />
      <div
        ref={panel}
        className={`${block}__panel`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={`${block}__header`}>
          <h2 id={titleId} className={`${block}__title`}>
            {title}
          </h2>
          <button
            type="button"
            className={`${block}__close`}
            aria-label={closeLabel}
            onClick={() => onClose('button')}
          >
            <span aria-hidden="true">&times;</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
  return host ? createPortal(dialog, host) : dialog;
}

/**
 * The dialog's own place at the end of <body>, there while it is open (null without a class name).
 * Its own element, so that nothing else replacing the body's content (a test, a script) pulls nodes
 * from under React.
 */
function usePortalHost(open: boolean, className: string | undefined): HTMLElement | null {
  const [host] = useState(() => {
    if (!className) return null;
    const element = document.createElement('div');
    element.className = className;
    return element;
  });
  useLayoutEffect(() => {
    if (!open || !host) return;
    document.body.append(host);
    return () => host.remove();
  }, [open, host]);
  return host;
}
