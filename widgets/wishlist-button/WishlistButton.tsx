import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type * as z from 'zod/mini';
import { removeFromWishlist, saveToWishlist } from '../../src/endpoints/commercekit';
import { __ } from '../../src/i18n';
import { isAbort } from '../../src/transport/errors';
import { usePopup } from '../../src/ui/usePopup';
import { actionOf, htmlAfter, productIdOf, typeOf, WISHLIST_POPUP_MS, type WishlistAction } from './model';
import type { WishlistButtonPropsSchema } from './schema';
import { sanitizeHtml } from '../../src/security/html';

type Props = z.output<typeof WishlistButtonPropsSchema>;

const CONTROL = 'a, button, input[type="submit"]';
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), [tabindex]';

/** The wishlist control an event reached inside `root`, with its action; null when it is not one. */
function controlOf(target: EventTarget, root: HTMLElement) {
  const control = target instanceof Element ? target.closest<HTMLElement>(CONTROL) : null;
  if (!control || !root.contains(control)) return null;
  const action = actionOf(control.className);
  return action ? { control, action } : null;
}

/**
 * CommerceKit's add/remove wishlist control of one product (storefront.md §4 "Wishlist item"). The
 * server's markup is the island's content; its controls (buttons of no-JS forms, or CommerceKit's
 * links) are taken over: a click POSTs `commercekit_save_wishlist` / `commercekit_remove_wishlist`
 * with `product_id` and `type` instead of loading a page. While it runs the item is 'processing'
 * (class and aria-busy) and further clicks are ignored. On status 1 the returned html replaces the
 * item; on any status the message shows in the page's popup for 2000 ms. A failed request (an
 * error status, a timeout, an unreadable answer) leaves the item as it was, usable, and says so.
 */
export function WishlistButton({ productId, html: initialHtml, variant, type, timeout }: Props) {
  const [html, setHtml] = useState(initialHtml);
  const [processing, setProcessing] = useState(false);
  // Read and set synchronously: a second click in the same frame must see the first.
  const busy = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // The popup's live region exists from the mount; the last message goes with the island.
  const showPopup = usePopup();
  useEffect(() => () => inFlight.current?.abort(), []);
  useLayoutEffect(() => {
    if (!processing) busy.current = false;
  }, [processing]);

  // The control the shopper used was replaced: the focus goes to the new one, not to the page.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    root.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [html]);

  const run = async (action: WishlistAction, control: HTMLElement) => {
    busy.current = true;
    setProcessing(true);
    const controller = new AbortController();
    inFlight.current = controller;
    const id = productIdOf(control.getAttribute('data-product-id'), productId);
    try {
      const send = action === 'save' ? saveToWishlist : removeFromWishlist;
      const response = await send(
        { productId: id, type: typeOf(control.getAttribute('data-type'), type) },
        { signal: controller.signal, timeout },
      );
      const next = htmlAfter(html, response);
      if (next !== html) {
        refocus.current = !!root.current?.contains(document.activeElement);
        setHtml(next);
      }
      showPopup({ html: response.message }, { duration: WISHLIST_POPUP_MS });
    } catch (error) {
      if (isAbort(error)) return;
      console.error('[shop-islands] wishlist-button: the wishlist was not updated.', error);
      showPopup(
        { text: __('Sorry, your wishlist could not be updated. Please try again.') },
        { duration: WISHLIST_POPUP_MS },
      );
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
      // `busy` is released by the commit that shows the answer (below): a click landing before
      // it would act on the control as it was before the answer, a second save.
      setProcessing(false);
    }
  };

  const activate = (event: MouseEvent<HTMLDivElement> | KeyboardEvent<HTMLDivElement>) => {
    const found = root.current && controlOf(event.target, root.current);
    if (!found) return; // a plain link (such as "View wishlist") works as usual
    // No page load (the no-JS form or link), and no second request while one runs.
    event.preventDefault();
    if (busy.current) return;
    void run(found.action, found.control);
  };

  return (
    <div
      ref={root}
      className={`commercekit-wishlist ${variant}${processing ? ' processing' : ''}`}
      data-product-id={productId}
      aria-busy={processing}
      onClick={activate}
      // CommerceKit's controls are links with role="button": Space presses them too.
      onKeyDown={(event) => {
        if (event.key === ' ' && event.target instanceof HTMLAnchorElement) activate(event);
      }}
      // The server's markup, trusted as the page it came with (its answers are the same markup).
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
