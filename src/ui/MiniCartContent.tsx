/**
 * WooCommerce's mini-cart content (the `div.widget_shopping_cart_content` cart fragment), shared by
 * the header mini-cart and the cart drawer (storefront.md §2.8, §4 "Page fragments", §8): the
 * server's HTML as it is, dimmed while the cart updates, with its remove links
 * (`a.remove_from_cart_button[data-cart_item_key]`) handled in the page by delegation, as
 * WooCommerce's add-to-cart.js does. A removal that fails, or whose answer has no fragments, sends
 * the browser to the link's own href (the no-JS removal), never leaving a dead link.
 */
import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useAnnounce } from '../a11y/useAnnounce';
import { DIM_OPACITY, removeFromCart } from '../cart';
import { isModifiedClick, leaveFor } from '../navigation';
import { sanitizeHtml } from '../security/html';

export { MINI_CART_SELECTOR, listsItems, miniCartHtml } from './mini-cart-fragment';

/** The remove link's `data-success_message` is announced this long after the removal (as an add's). */
export const REMOVED_ANNOUNCE_DELAY = 1000;

export interface MiniCartContentProps {
  /** The fragment's HTML: `<div class="widget_shopping_cart_content">…</div>`. */
  html: string;
  /** A cart request is in flight: dimmed (opacity 0.6) and aria-busy. */
  updating: boolean;
  /** Classes of the wrapper (the header mini-cart's `widget woocommerce widget_shopping_cart`). */
  className?: string;
  /** Hidden (display: none) while true: the mini-cart's hide-if-empty rule. */
  hidden?: boolean;
  /**
   * The fragment's own 'View cart' / 'Checkout' paragraph (`.woocommerce-mini-cart__buttons`) is
   * hidden: the caller shows its own links (the cart drawer).
   */
  withoutButtons?: boolean;
}

/**
 * After a removal re-rendered the list, focus that fell to <body> goes to the next remove link, or
 * to the mini-cart itself (focusable from script only) when the cart is now empty.
 */
function keepFocusIn(wrapper: HTMLElement): void {
  const active = document.activeElement;
  if (!wrapper.isConnected || (active && active !== document.body && active.isConnected)) return;
  const next = wrapper.querySelector<HTMLElement>('a.remove_from_cart_button');
  if (next) return next.focus();
  wrapper.setAttribute('tabindex', '-1');
  wrapper.focus();
}

export function MiniCartContent({
  html,
  updating,
  className,
  hidden = false,
  withoutButtons = false,
}: MiniCartContentProps) {
  const removing = useRef(new Set<string>());
  const wrapper = useRef<HTMLDivElement>(null);
  const announce = useAnnounce();
  /** Set while mounted; the pending focus move, cancelled on unmount. */
  const alive = useRef(false);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(focusTimer.current);
    };
  }, []);

  // After each new fragment, before it is painted.
  useLayoutEffect(() => {
    if (!withoutButtons) return;
    wrapper.current?.querySelectorAll<HTMLElement>('.woocommerce-mini-cart__buttons').forEach((buttons) => {
      buttons.hidden = true;
    });
  }, [html, withoutButtons]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (isModifiedClick(event) || !(event.target instanceof Element)) return;
    const wrapper = event.currentTarget;
    const link = event.target.closest('a.remove_from_cart_button');
    if (!(link instanceof HTMLAnchorElement) || !wrapper.contains(link)) return;
    const key = link.getAttribute('data-cart_item_key');
    if (!key) return; // not an in-page remove link: the browser follows it
    event.preventDefault();
    // A second click while this line is being removed would only be refused by the server.
    if (removing.current.has(key)) return;
    removing.current.add(key);
    const message = link.getAttribute('data-success_message');
    // The removal is the cart store's and the shopper's: a failed one falls back to the link even
    // if the island is gone meanwhile (the drawer closed). The announcement and the focus move are
    // the island's, and are skipped once it has unmounted.
    void removeFromCart(key, link).then((outcome) => {
      removing.current.delete(key);
      if (outcome.kind === 'failed') {
        console.error(
          '[shop-islands] mini-cart: the item could not be removed in the page; following the remove link.',
          outcome.error ?? 'the answer had no fragments',
        );
        leaveFor(link.href);
        return;
      }
      if (!alive.current) return;
      if (message) announce(message, { delay: REMOVED_ANNOUNCE_DELAY });
      // The fragment has replaced the list (and the focused link): after React's commit.
      clearTimeout(focusTimer.current);
      focusTimer.current = setTimeout(() => keepFocusIn(wrapper));
    });
  };

  return (
    // Clicks are delegated from the server's links inside: the links themselves are the controls.
    <div
      ref={wrapper}
      className={className}
      onClick={onClick}
      aria-busy={updating || undefined}
      style={{
        ...(updating ? { opacity: DIM_OPACITY } : {}),
        ...(hidden ? { display: 'none' } : {}),
      }}
      // The server's mini-cart markup (woocommerce_mini_cart()), escaped by WooCommerce.
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
