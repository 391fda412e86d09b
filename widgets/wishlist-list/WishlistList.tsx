import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type * as z from 'zod/mini';
import { removeFromWishlist, wishlistAddToCart } from '../../src/endpoints/commercekit';
import { emit } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { isAbort } from '../../src/transport/errors';
import { usePopup } from '../../src/ui/usePopup';
import {
  actionOf,
  CONTROL_CLASSES,
  focusIndexAfterRemoval,
  positiveInt,
  replacesList,
  WISHLIST_POPUP_MS,
  type ListAction,
} from './model';
import type { WishlistListPropsSchema } from './schema';
import { sanitizeHtml } from '../../src/security/html';

type Props = z.output<typeof WishlistListPropsSchema>;

const CONTROL = 'a, button, input[type="submit"]';
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), [tabindex="0"]';
const REMOVE = `.${CONTROL_CLASSES.remove}`;
/** Marks what this island changed in the server's markup: `item` (processing) or `control` (disabled). */
const MARK = 'data-shop-islands-busy';

/** The controls of `action` for product `id` in `root`. */
const controlsOf = (root: HTMLElement, action: ListAction, id: number) =>
  Array.from(root.querySelectorAll<HTMLElement>(`.${CONTROL_CLASSES[action]}`)).filter(
    (el) => positiveInt(el.getAttribute('data-product-id')) === id,
  );

/** The item a control belongs to: its list item (CommerceKit's `li.product`, the demo's `li`). */
const itemOf = (control: HTMLElement): HTMLElement => control.closest<HTMLElement>('li') ?? control;

function setDisabled(control: HTMLElement, disabled: boolean): void {
  if (control instanceof HTMLButtonElement || control instanceof HTMLInputElement)
    control.disabled = disabled;
  if (disabled) control.setAttribute('aria-disabled', 'true');
  else control.removeAttribute('aria-disabled');
}

/**
 * CommerceKit's wishlist page list (storefront.md §2.9, §4 "Wishlist item", "Wishlist add-to-cart").
 * The server's list is the island's content; its controls (buttons of no-JS forms, or CommerceKit's
 * links) are taken over:
 * - remove POSTs `commercekit_remove_wishlist` with `product_id`, `wpage`, `type=list`, `reload=1`;
 *   the item is 'processing' (class and aria-busy) meanwhile and further clicks on it are ignored;
 *   on status 1 the returned html replaces the whole list and the focus moves to the next item;
 * - add to cart POSTs `commercekit_wishlist_addtocart` with `product_id`, its button disabled
 *   meanwhile; then the cart fragments are refreshed (`wc_fragment_refresh`).
 * Every answer's message shows in the page's popup for 2000 ms. A failed request (an error status,
 * a timeout, an unreadable answer) leaves the list as it was, usable, and says so in the popup.
 */
export function WishlistList({ html: initialHtml, wpage, timeout }: Props) {
  const [html, setHtml] = useState(initialHtml);
  /** Product id → what runs for it. The ref answers at once (a second click in the same frame). */
  const [busy, setBusy] = useState<ReadonlyMap<number, ListAction>>(() => new Map());
  const busyNow = useRef(new Map<number, ListAction>());
  const controllers = useRef(new Set<AbortController>());
  const root = useRef<HTMLDivElement>(null);
  /** After a removal: the index of the remove control that takes the focus (null: none). */
  const focusRemoval = useRef<number | 'empty' | null>(null);
  /** An add-to-cart button that had the focus when it was disabled: it gets it back. */
  const refocus = useRef<HTMLElement | null>(null);
  // The popup's live region exists from the mount; the last message goes with the island.
  const showPopup = usePopup();

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  // Answered, not yet shown: still busy for clicks until the commit that shows the answer (a click
  // before it would act on the item as it was, a second request).
  const releasing = useRef(new Set<number>());
  const setBusyFor = (id: number, action: ListAction | null) => {
    if (action) {
      busyNow.current.set(id, action);
      releasing.current.delete(id);
    } else releasing.current.add(id);
    setBusy(new Map([...busyNow.current].filter(([key]) => !releasing.current.has(key))));
  };

  // The server's markup is not React's: mark the processing items and disable the buttons there.
  useLayoutEffect(() => {
    for (const id of releasing.current) busyNow.current.delete(id);
    releasing.current.clear();
    const el = root.current;
    if (!el) return;
    el.querySelectorAll<HTMLElement>(`[${MARK}]`).forEach((marked) => {
      if (marked.getAttribute(MARK) === 'item') {
        marked.classList.remove('processing');
        marked.removeAttribute('aria-busy');
      } else {
        setDisabled(marked, false);
      }
      marked.removeAttribute(MARK);
    });
    for (const [id, action] of busy) {
      for (const control of controlsOf(el, action, id)) {
        if (action === 'remove') {
          const item = itemOf(control);
          item.classList.add('processing');
          item.setAttribute('aria-busy', 'true');
          item.setAttribute(MARK, 'item');
        } else {
          setDisabled(control, true);
          control.setAttribute(MARK, 'control');
        }
      }
    }
    const back = refocus.current;
    if (back && back.isConnected && !(back as HTMLButtonElement).disabled) {
      refocus.current = null;
      const active = document.activeElement;
      // Not if the shopper has moved on (a click on the disabled button focuses the list itself).
      if (!active || active === document.body || active === back || active === el) back.focus();
    }
  }, [busy, html]);

  // The list was replaced: the focus goes where the removed item was, not to the page.
  useLayoutEffect(() => {
    const target = focusRemoval.current;
    const el = root.current;
    if (target === null || !el) return;
    focusRemoval.current = null;
    const removes = el.querySelectorAll<HTMLElement>(REMOVE);
    const next = target === 'empty' ? null : removes[target];
    (next ?? el.querySelector<HTMLElement>(FOCUSABLE) ?? el).focus();
  }, [html]);

  const request = async (action: ListAction, id: number, control: HTMLElement) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    setBusyFor(id, action);
    const options = { signal: controller.signal, timeout };
    const focusWasHere = () => {
      const active = document.activeElement;
      return !active || active === document.body || !!root.current?.contains(active);
    };
    try {
      if (action === 'remove') {
        const index = Array.from(root.current?.querySelectorAll(REMOVE) ?? []).indexOf(control);
        const page = positiveInt(control.getAttribute('data-wpage')) ?? wpage;
        const response = await removeFromWishlist({ productId: id, type: 'list', wpage: page }, options);
        if (replacesList(response)) {
          if (focusWasHere()) {
            const remaining = new DOMParser()
              .parseFromString(response.html, 'text/html')
              .querySelectorAll(REMOVE).length;
            focusRemoval.current = focusIndexAfterRemoval(index, remaining) ?? 'empty';
          }
          setHtml(response.html);
        }
        showPopup({ html: response.message }, { duration: WISHLIST_POPUP_MS });
      } else {
        if (document.activeElement === control) refocus.current = control;
        const response = await wishlistAddToCart(id, options);
        showPopup({ html: response.message }, { duration: WISHLIST_POPUP_MS });
      }
    } catch (error) {
      if (isAbort(error)) return;
      console.error(`[shop-islands] wishlist-list: ${action} failed.`, error);
      const message =
        action === 'remove'
          ? __('Sorry, the product could not be removed from your wishlist. Please try again.')
          : __('Sorry, the product could not be added to your cart. Please try again.');
      showPopup({ text: message }, { duration: WISHLIST_POPUP_MS });
    } finally {
      controllers.current.delete(controller);
      if (!controller.signal.aborted) {
        setBusyFor(id, null);
        // The server may have changed the cart (even when its answer got lost): show the truth.
        if (action === 'add-to-cart') emit('wc_fragment_refresh', []);
      }
    }
  };

  const activate = (event: MouseEvent<HTMLDivElement> | KeyboardEvent<HTMLDivElement>) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (!control || !root.current?.contains(control)) return;
    const action = actionOf(control.className);
    const id = positiveInt(control.getAttribute('data-product-id'));
    // Not one of ours (a product link, "Select options"), or unusable: it works as the server made it.
    if (!action || id === null) return;
    event.preventDefault();
    if (busyNow.current.has(id)) return; // repeat clicks while it runs are ignored
    void request(action, id, control);
  };

  return (
    <div
      ref={root}
      id="commercekit-wishlist-shortcode"
      className="commercekit-wishlist-shortcode"
      // The focus lands here when the last item is removed and the new list has nothing to focus.
      tabIndex={-1}
      onClick={activate}
      // CommerceKit's controls are links: Space presses them too.
      onKeyDown={(event) => {
        if (event.key === ' ' && event.target instanceof HTMLAnchorElement) activate(event);
      }}
      // The server's markup, trusted as the page it came with (its answers are the same markup).
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
