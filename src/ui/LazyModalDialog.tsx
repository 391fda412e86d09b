import { useEffect, useState } from 'react';
import type { ModalDialog as Dialog, ModalDialogProps } from './ModalDialog';

type DialogComponent = typeof Dialog;

/**
 * The dialog's code (src/ui/ModalDialog with its focus trap and scroll lock), fetched once, the first
 * time it is asked for: a widget whose dialog opens only on the shopper's action (the size guide, the
 * cart drawer) does not load it with the page (issue #10: nothing a widget needs only on an action
 * is fetched before that action). A failed fetch is tried again the next time.
 */
let loaded: DialogComponent | null = null;
let loading: Promise<DialogComponent> | null = null;
function load(): Promise<DialogComponent> {
  loading ??= import('./ModalDialog').then(
    (m) => (loaded = m.ModalDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts fetching the dialog's code ahead of its first opening (the pointer on the button that opens
 * it, an add to cart on its way), so that it opens without a wait. Settles when the fetch ends (a
 * failure is tried again when the dialog opens).
 */
export function preloadModalDialog(): Promise<void> {
  return load().then(
    () => undefined,
    () => undefined,
  );
}

export interface LazyModalDialogProps extends ModalDialogProps {
  /**
   * The dialog's code could not be fetched (offline, a deploy removed it) when it was to open: the
   * owner takes the shopper where its no-JS markup would have (default: `onClose('button')`).
   */
  onUnavailable?: () => void;
}

/**
 * `ModalDialog`, whose code is fetched when it first opens (or when preloaded). Closed, it renders
 * nothing, as `ModalDialog` does; while its code is on its way, nothing either (the focus stays on
 * what opened it, and moves into the dialog once it shows, which gives it back on close).
 */
export function LazyModalDialog({ onUnavailable, ...props }: LazyModalDialogProps) {
  const [Component, setComponent] = useState<DialogComponent | null>(() => loaded);
  const { open, onClose } = props;

  useEffect(() => {
    if (!open || Component) return;
    let live = true;
    load().then(
      (component) => live && setComponent(() => component),
      (error: unknown) => {
        if (!live) return;
        console.error('[shop-islands] the dialog could not be loaded.', error);
        if (onUnavailable) onUnavailable();
        else onClose('button');
      },
    );
    return () => {
      live = false;
    };
  }, [open, Component, onClose, onUnavailable]);

  return open && Component ? <Component {...props} /> : null;
}
