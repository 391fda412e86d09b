import { useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';
import { announce } from '../../src/a11y/announce';
import { addToCart, settleAdd, viewCartLink, type AddOutcome } from '../../src/cart';
import { getSettings } from '../../src/contract/read-settings';
import type { Settings } from '../../src/contract/settings';
import { emit } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { isModifiedClick, navigation } from '../../src/navigation';
import {
  SUCCESS_ANNOUNCE_DELAY,
  buttonClassName,
  handlesInPage,
  requestData,
  type ButtonState,
} from './model';
import type { AddToCartPropsSchema } from './schema';

type Props = z.output<typeof AddToCartPropsSchema>;
type ButtonElement = HTMLAnchorElement | HTMLButtonElement;

/** The form's chosen quantity, which replaces `data-quantity` on a product page. */
function formQuantity(form: HTMLFormElement | null): Record<string, string> {
  if (!form) return {};
  const quantity = new FormData(form).get('quantity');
  return typeof quantity === 'string' && quantity.trim() !== '' ? { quantity: quantity.trim() } : {};
}

/**
 * A listing's (or a simple product's) add-to-cart button (storefront.md §4 "Add-to-cart button",
 * §5, §7 "Cart", §8), in WooCommerce's markup and classes.
 *
 * A click enters 'loading' (class `loading`, aria-busy) and drops the 'added' marker, then adds
 * through the cart store's queue (rapid clicks each queue one add, sent in order). The store fires
 * WooCommerce's events (`adding_to_cart`, `added_to_cart`: the mini-cart shows, the drawer opens).
 * Outcomes: vetoed by a pre-send hook → reset; WooCommerce refused (`error` + `product_url`) or
 * cart_redirect_after_add = 'yes' → the browser goes there; added → class `added`, the
 * success_message announced after 1 s, one 'View cart' link after the button off the cart page,
 * `wc_cart_button_updated`. Anything else (HTTP error, timeout, a body that is not the contract)
 * follows the link (or submits the form): WooCommerce's page-load add, never a dead button.
 */
export function AddToCart({ href, label, className, ariaLabel, rel, data, element }: Props) {
  const [state, setState] = useState<ButtonState>({ pending: 0, added: false });
  const [viewCart, setViewCart] = useState<{ href: string; text: string } | null>(null);

  const settle = (
    outcome: AddOutcome,
    button: ButtonElement,
    form: HTMLFormElement | null,
    settings: Settings,
  ) => {
    settleAdd(outcome, {
      reset: () => setState((s) => ({ pending: s.pending - 1, added: false })),
      fallBack: (error) => {
        console.error(
          '[shop-islands] add-to-cart: the product could not be added in the page; following the link.',
          error,
        );
        if (form) navigation.submit(form, button);
        else if (button instanceof HTMLAnchorElement && button.href) navigation.assign(button.href);
        else setState((s) => ({ pending: s.pending - 1, added: false }));
      },
      added: () => {
        // Committed before the event, so its listeners see the `added` class and the link.
        flushSync(() => {
          setState((s) => ({ pending: s.pending - 1, added: true }));
          const link = viewCartLink(settings);
          if (link) setViewCart((shown) => shown ?? link);
        });
        const message = button.getAttribute('data-success_message');
        if (message) announce(message, { delay: SUCCESS_ANNOUNCE_DELAY });
        emit('wc_cart_button_updated', [button]);
      },
    });
  };

  const onClick = (event: MouseEvent<ButtonElement>) => {
    const button = event.currentTarget;
    // Read when clicked, like WooCommerce: other scripts may have changed `data-quantity`.
    const attributes = { ...button.dataset };
    if (isModifiedClick(event) || !handlesInPage(element, className, attributes.product_id)) return;
    const form = button instanceof HTMLButtonElement ? button.form : null;
    if (element === 'submit' && (!form || !form.checkValidity())) return; // the browser's own validation
    let settings: Settings;
    try {
      settings = getSettings();
    } catch (error) {
      console.error('[shop-islands] add-to-cart: no settings; following the link.', error);
      return;
    }
    event.preventDefault();
    setState((s) => ({ pending: s.pending + 1, added: false }));
    void addToCart(requestData(attributes, formQuantity(form)), button).then((outcome) =>
      settle(outcome, button, form, settings),
    );
  };

  const dataAttributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, String(v)]));
  const common = {
    ...dataAttributes,
    className: buttonClassName(className, state),
    'aria-label': ariaLabel,
    'aria-busy': state.pending > 0 || undefined,
    onClick,
  };
  return (
    <>
      {element === 'submit' ? (
        <button type="submit" name="add-to-cart" value={String(data.product_id ?? '')} {...common}>
          {label}
        </button>
      ) : (
        <a href={href || undefined} rel={rel} {...common}>
          {label}
        </a>
      )}
      {viewCart && (
        <a href={viewCart.href} className="added_to_cart wc-forward" title={viewCart.text}>
          {viewCart.text}
        </a>
      )}
    </>
  );
}
