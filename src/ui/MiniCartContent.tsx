/**
 * WooCommerce's mini-cart content (the `div.widget_shopping_cart_content` cart fragment), shared by
 * the header mini-cart and the cart drawer (storefront.md §2.8, §4 "Page fragments", §8): the
 * server's HTML as it is, dimmed while the cart updates, with its remove links
 * (`a.remove_from_cart_button[data-cart_item_key]`) handled in the page by delegation, as
 * WooCommerce's add-to-cart.js does. A removal that fails, or whose answer has no fragments, sends
 * the browser to the link's own href (the no-JS removal), never leaving a dead link. When the
 * browser refuses cookies, a notice above the lines says the cart cannot be kept.
 */
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useAnnounce } from '../a11y/useAnnounce';
import { DIM_OPACITY, removeFromCart } from '../cart';
import { cookiesBlocked, cookiesBlockedMessage } from '../cart/cookies-blocked';
import { isModifiedClick, leaveFor } from '../navigation';
import { sanitizeHtml } from '../security/html';
import { nextLineKeys } from './mini-cart-fragment';
import { navigationApi } from './submitOnce';

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

const REMOVE_LINKS = 'a.remove_from_cart_button[data-cart_item_key]';
const EMPTY_MESSAGE = '.woocommerce-mini-cart__empty-message';

/** What a removal in flight needs to put the focus back once the list is re-rendered. */
interface FocusPlan {
  /** The removed line's cart item key. */
  key: string;
  /** The other lines' keys, in the order they are tried ({@link nextLineKeys}). */
  next: string[];
}

const removeLinks = (wrapper: HTMLElement): HTMLAnchorElement[] =>
  Array.from(wrapper.querySelectorAll<HTMLAnchorElement>(REMOVE_LINKS));

/** The focus was on something a re-render took away (it fell to <body>), or nowhere. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses `element`, made focusable from script only (tabindex -1) when it is not focusable. */
function focusFromScript(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && !element.matches('a[href], button, input, select, textarea')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
}

/**
 * After a removal re-rendered the list and took the focus with the removed link: the focus goes to
 * the next line (the one before when the last was removed), the whole `li`, which a screen reader
 * reads as the product, its quantity and price, and from which Tab goes on to its remove link; with
 * the cart now empty, to the empty-cart text ('No products in the cart.'). Never to <body>, nor (in
 * the drawer) to its close button, which is where the focus trap would put lost focus.
 */
function focusAfterRemoval(wrapper: HTMLElement, plan: FocusPlan): void {
  const links = removeLinks(wrapper);
  const next = plan.next
    .map((key) => links.find((link) => link.getAttribute('data-cart_item_key') === key))
    .find((link) => link !== undefined);
  const line = next ?? links[0];
  if (line) return focusFromScript(line.closest('li') ?? line);
  focusFromScript(wrapper.querySelector<HTMLElement>(EMPTY_MESSAGE) ?? wrapper);
}

export function MiniCartContent({
  html,
  updating,
  className,
  hidden = false,
  withoutButtons = false,
}: MiniCartContentProps) {
  const removing = useRef(new Set<string>());
  /**
   * Removals that failed and sent the browser to their link: still `removing` while the page is
   * being left (a click then, the second half of a double click, would send the removal again and
   * load the link a second time), until this page is shown again or its load is stopped.
   */
  const leaving = useRef(new Set<string>());
  const wrapper = useRef<HTMLDivElement>(null);
  const announce = useAnnounce();
  /** Whether the browser refuses cookies: checked once per page, when the first one renders. */
  const [blocked] = useState(cookiesBlocked);
  /** Set while mounted; the pending focus move, cancelled on unmount. */
  const alive = useRef(false);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Where the focus goes once the last removal's line has left the list. */
  const focusPlan = useRef<FocusPlan | null>(null);

  useEffect(() => {
    alive.current = true;
    const stay = () => {
      leaving.current.forEach((key) => removing.current.delete(key));
      leaving.current.clear();
    };
    const navigation = navigationApi();
    window.addEventListener('pageshow', stay);
    navigation?.addEventListener('navigateerror', stay);
    return () => {
      alive.current = false;
      clearTimeout(focusTimer.current);
      window.removeEventListener('pageshow', stay);
      navigation?.removeEventListener('navigateerror', stay);
    };
  }, []);

  // After each new fragment, before it is painted.
  useLayoutEffect(() => {
    if (!withoutButtons) return;
    wrapper.current?.querySelectorAll<HTMLElement>('.woocommerce-mini-cart__buttons').forEach((buttons) => {
      buttons.hidden = true;
    });
  }, [html, withoutButtons]);

  // After each new fragment, in the same task as the re-render that took the focused link away:
  // before anything else (the drawer's focus trap) picks where lost focus goes.
  useLayoutEffect(() => {
    const plan = focusPlan.current;
    const element = wrapper.current;
    if (!plan || !element || !focusLost()) return;
    const same = removeLinks(element).find((link) => link.getAttribute('data-cart_item_key') === plan.key);
    // The line is still there (another refresh came first): the focus goes back to its remove link.
    if (same) return same.focus();
    focusPlan.current = null;
    focusAfterRemoval(element, plan);
  }, [html]);

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
    const keys = removeLinks(wrapper).map((other) => other.getAttribute('data-cart_item_key') ?? '');
    focusPlan.current = { key, next: nextLineKeys(keys, key) };
    // The removal is the cart store's and the shopper's: a failed one falls back to the link even
    // if the island is gone meanwhile (the drawer closed). The announcement and the focus move are
    // the island's, and are skipped once it has unmounted.
    void removeFromCart(key, link).then((outcome) => {
      const plan = focusPlan.current?.key === key ? focusPlan.current : null;
      if (plan) focusPlan.current = null;
      if (outcome.kind === 'failed') {
        console.error(
          '[shop-islands] mini-cart: the item could not be removed in the page; following the remove link.',
          outcome.error ?? 'the answer had no fragments',
        );
        if (leaveFor(link.href)) leaving.current.add(key);
        else removing.current.delete(key);
        return;
      }
      // Removed: the cart store has published the new fragment first, and React has committed it
      // (a useSyncExternalStore update, flushed before this callback), so the removed line's link
      // is gone before its key is released here.
      removing.current.delete(key);
      if (!alive.current) return;
      if (message) announce(message, { delay: REMOVED_ANNOUNCE_DELAY });
      // Normally done when the new list was committed (above); should the focus still be lost
      // after React's commit, it is moved here.
      if (!plan) return;
      clearTimeout(focusTimer.current);
      focusTimer.current = setTimeout(() => {
        if (wrapper.isConnected && focusLost()) focusAfterRemoval(wrapper, plan);
      });
    });
  };

  const wrapperProps = {
    ref: wrapper,
    className,
    onClick,
    'aria-busy': updating || undefined,
    style: {
      ...(updating ? { opacity: DIM_OPACITY } : {}),
      ...(hidden ? { display: 'none' } : {}),
    },
  };
  // The server's mini-cart markup (woocommerce_mini_cart()), sanitised (src/security/html).
  const fragment = { __html: sanitizeHtml(html) };
  // Clicks are delegated from the server's links inside: the links themselves are the controls.
  if (!blocked) return <div {...wrapperProps} dangerouslySetInnerHTML={fragment} />;
  // Cookies blocked: the shopper is told above the cart's lines (the markup is otherwise the same,
  // one level deeper).
  return (
    <div {...wrapperProps}>
      <CookiesBlockedNotice />
      <div className="shop-islands-mini-cart-content" dangerouslySetInnerHTML={fragment} />
    </div>
  );
}

/**
 * The browser refuses cookies: the cart cannot be kept from one page to the next (WooCommerce has
 * no notice of its own for this; src/cart/cookies-blocked.ts). Shown in WooCommerce's error notice
 * markup, so the theme styles it; announced by the islands that open or add (once per page).
 */
export function CookiesBlockedNotice() {
  return <p className="woocommerce-error shop-islands-cookies-blocked">{cookiesBlockedMessage()}</p>;
}
