import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useAnnounce } from '../a11y/useAnnounce';
import { getSettings } from '../contract/read-settings';
import type { Settings } from '../contract/settings';
import { emit } from '../events/bus';
import { leaveFor, navigation } from '../navigation';
import { settleAdd, viewCartLink, type AddButtonState, type ViewCartLink } from './outcome';
import { addToCart, whenAddsSettled } from './store';

/** §4 "Add-to-cart button": the success message is announced this long after the add. */
export const SUCCESS_ANNOUNCE_DELAY = 1000;

export interface UseAddToCartOptions {
  /** The island's name, for the console ('add-to-cart', 'variation-form'…). */
  island: string;
  /** What the control adds, for the console: 'product' (default) or 'variation'. */
  subject?: string;
  /**
   * WooCommerce's classic button update after an add: one 'View cart' link (off the cart page)
   * and `wc_cart_button_updated`, fired once the button shows `added` and the link. Default true.
   */
  classicButton?: boolean;
}

export interface AddRequest {
  /** The click (or the submit button's click) that asked for the add: prevented when added in the page. */
  event: { preventDefault(): void };
  /** The control, passed with WooCommerce's events. */
  button: HTMLElement;
  /** What the add posts (product_id, quantity…), read when clicked. */
  data: Record<string, string>;
  /** What the control does without JavaScript: submits this form, else goes to this link. */
  fallback: { form?: HTMLFormElement | null; href?: string | null };
  /** Announced to screen readers `SUCCESS_ANNOUNCE_DELAY` after an add; none when empty. */
  successMessage?: string | null;
}

export interface AddToCartControl {
  /** `pending`: adds of this control in flight; `added`: its last add succeeded. */
  state: AddButtonState;
  /** The 'View cart' link to show after the button, once an add succeeded (null before, or on the cart page). */
  viewCart: ViewCartLink | null;
  /**
   * What went wrong with the last add, for the shopper (shown with role="alert" by the control):
   * an answer naming a page off the store, or an add whose fate is unknown. Null otherwise.
   */
  problem: string | null;
  /**
   * Adds through the cart store's queue (rapid clicks each queue one add, sent in order). Without
   * the settings block nothing happens and the click keeps its default action (the link or the
   * form post). The outcome is settled as storefront.md §4 says: vetoed → the control goes back;
   * WooCommerce refused, or cart_redirect_after_add → the browser goes there; failed → the
   * fallback (form post or link); added → `added`, the View cart link, the announcement. The
   * cart drawer opens on the store's `added_to_cart`, as for every add.
   */
  add(request: AddRequest): void;
}

/**
 * What an add-to-cart control wires up (the listing/simple button, the variation form, the sticky
 * bar): the add through the cart store's queue, the busy state, the outcome and what follows it.
 */
export function useAddToCart({
  island,
  subject = 'product',
  classicButton = true,
}: UseAddToCartOptions): AddToCartControl {
  const [state, setState] = useState<AddButtonState>({ pending: 0, added: false });
  const [viewCart, setViewCart] = useState<ViewCartLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const say = useAnnounce();
  /** Buttons whose add succeeded, told (`wc_cart_button_updated`) once their `added` state is committed. */
  const updated = useRef<HTMLElement[]>([]);

  useLayoutEffect(() => {
    if (updated.current.length === 0) return;
    updated.current.splice(0).forEach((button) => emit('wc_cart_button_updated', [button]));
  });

  const add = useCallback(
    ({ event, button, data, fallback, successMessage }: AddRequest) => {
      const how = fallback.form ? 'submitting the form' : 'following the link';
      let settings: Settings;
      try {
        settings = getSettings();
      } catch (error) {
        console.error(`[shop-islands] ${island}: no settings; ${how}.`, error);
        return;
      }
      event.preventDefault();
      const back = () => setState((s) => ({ pending: s.pending - 1, added: false }));
      setState((s) => ({ pending: s.pending + 1, added: false }));
      setProblem(null);
      void addToCart(data, button).then((outcome) =>
        settleAdd(outcome, {
          reset: back,
          fallBack: (error) => {
            console.error(
              `[shop-islands] ${island}: the ${subject} could not be added in the page; ${how}.`,
              error,
            );
            // The adds queued after this one are sent before the page is left.
            void whenAddsSettled().then(() => {
              if (fallback.form) navigation.submit(fallback.form, button);
              else if (!fallback.href || !leaveFor(fallback.href)) back();
            });
          },
          problem: (message) => {
            back();
            setProblem(message);
          },
          added: () => {
            setState((s) => ({ pending: s.pending - 1, added: true }));
            if (classicButton) {
              const link = viewCartLink(settings);
              if (link) setViewCart((shown) => shown ?? link);
              updated.current.push(button);
            }
            if (successMessage) say(successMessage, { delay: SUCCESS_ANNOUNCE_DELAY });
          },
        }),
      );
    },
    [island, subject, classicButton, say],
  );

  return { state, viewCart, problem, add };
}
