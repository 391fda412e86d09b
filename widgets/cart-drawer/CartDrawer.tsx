import { useCallback, useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { useCart } from '../../src/cart';
import {
  claimCookiesBlockedAnnouncement,
  cookiesBlocked,
  cookiesBlockedMessage,
} from '../../src/cart/cookies-blocked';
import { getSettings } from '../../src/contract/read-settings';
import { on } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { isModifiedClick, leaveFor } from '../../src/navigation';
import { MINI_CART_SELECTOR, MiniCartContent, listsItems, miniCartHtml } from '../../src/ui/MiniCartContent';
import { LazyModalDialog, preloadModalDialog } from '../../src/ui/LazyModalDialog';
import type { ModalCloseReason } from '../../src/ui/ModalDialog';
import { drawerOpen, type DrawerEvent } from './model';
import type { CartDrawerPropsSchema } from './schema';

type Props = z.output<typeof CartDrawerPropsSchema>;

/**
 * The cart drawer (storefront.md §2.8, §4 "Cart drawer", §6): a modal dialog showing the mini-cart
 * content (with working remove links) and 'View cart' / 'Checkout' links. It opens after an add to
 * cart (WooCommerce's `added_to_cart`), except in the page builder's editor, and on a click on the
 * header cart, whose link to the cart page works as before without JavaScript. It closes on a click
 * outside, its close button or Escape; focus stays inside while it is open and goes back to what
 * opened it; the page does not scroll beneath it. Closed, it renders nothing. When the browser
 * refuses cookies, it says the cart cannot be kept (visible, and announced once per page).
 */
export function CartDrawer({ checkoutUrl, title, opener }: Props) {
  const { fragments, updating } = useCart();
  const [open, setOpen] = useState(false);
  /** The page's mini-cart content when the drawer opened: shown until the store has the fragment. */
  const [pageHtml, setPageHtml] = useState('');

  /** Whether it is open, for the event handlers (which may run several times before a render). */
  const isOpen = useRef(false);
  const announce = useAnnounce();

  // Cookies blocked: the drawer shows why the cart cannot be kept (MiniCartContent), and the first
  // time it opens on the page screen readers are told too, unless an add-to-cart button already did.
  useEffect(() => {
    if (open && cookiesBlocked() && claimCookiesBlockedAnnouncement()) {
      announce(cookiesBlockedMessage(), { politeness: 'assertive' });
    }
  }, [open, announce]);

  /** What opened it: the header cart's click falls back to its link when the dialog cannot load. */
  const openedBy = useRef<DrawerEvent['type']>('added');

  const dispatch = useCallback((event: DrawerEvent) => {
    const was = isOpen.current;
    const next = drawerOpen(was, event, { isEditor: getSettings().is_editor });
    if (next === was) return;
    if (next) {
      setPageHtml(document.querySelector(MINI_CART_SELECTOR)?.outerHTML ?? '');
      openedBy.current = event.type;
    }
    isOpen.current = next;
    setOpen(next);
  }, []);

  const close = useCallback((via: ModalCloseReason) => dispatch({ type: 'close', via }), [dispatch]);
  // The dialog's code could not be fetched: the header cart's link goes to the cart page, as
  // without JavaScript; after an add the drawer stays closed (the add itself went through, and the
  // button's View cart link and the header count show it).
  const unavailable = useCallback(() => {
    const openerClick = openedBy.current === 'opener-click';
    dispatch({ type: 'close', via: 'button' });
    if (openerClick) leaveFor(getSettings().cart_url);
  }, [dispatch]);

  useEffect(() => {
    const onOpenerClick = (event: MouseEvent) => {
      if (event.defaultPrevented || isModifiedClick(event) || !(event.target instanceof Element)) return;
      let link: Element | null = null;
      try {
        link = event.target.closest(opener);
      } catch {
        return; // an invalid selector from the server: the links keep going to the cart page
      }
      if (!link) return;
      event.preventDefault();
      dispatch({ type: 'opener-click' });
    };
    document.addEventListener('click', onOpenerClick);
    const stopAdded = on('added_to_cart', () => dispatch({ type: 'added' }));
    // The drawer opens after the add: its code is fetched while the add is on its way.
    const stopAdding = on('adding_to_cart', () => void preloadModalDialog());
    return () => {
      document.removeEventListener('click', onOpenerClick);
      stopAdded();
      stopAdding();
    };
  }, [opener, dispatch]);

  if (!open) return null;
  const settings = getSettings();
  const html = miniCartHtml(fragments, pageHtml);
  return (
    <LazyModalDialog
      open
      onClose={close}
      onUnavailable={unavailable}
      title={title ?? __('Cart')}
      closeLabel={__('Close cart')}
      block="shop-islands-cart-drawer"
      placement="side"
    >
      <MiniCartContent
        className="shop-islands-cart-drawer__content"
        html={html}
        updating={updating}
        withoutButtons
      />
      <p className="shop-islands-cart-drawer__buttons">
        <a href={settings.cart_url} className="button wc-forward">
          {settings.i18n.view_cart ?? __('View cart')}
        </a>
        {listsItems(html) && (
          <a href={checkoutUrl} className="button checkout wc-forward">
            {__('Checkout')}
          </a>
        )}
      </p>
    </LazyModalDialog>
  );
}
