import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { AddProblem } from '../../src/ui/AddProblem';
import { guardSubmissions } from '../../src/ui/submitOnce';
import { useAddToCart } from '../../src/cart';
import {
  claimCookiesBlockedAnnouncement,
  cookiesBlocked,
  cookiesBlockedMessage,
} from '../../src/cart/cookies-blocked';
import { isModifiedClick } from '../../src/navigation';
import { buttonClassName, handlesInPage, requestData } from './model';
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
 * `wc_cart_button_updated` (useAddToCart). Anything else (HTTP error, timeout, a body that is not the contract)
 * follows the link (or submits the form): WooCommerce's page-load add, never a dead button. When
 * the browser refuses cookies, the first add of the page announces that the cart cannot be kept.
 */
export function AddToCart({ href, label, className, ariaLabel, rel, data, element }: Props) {
  const { state, viewCart, problem, add } = useAddToCart({ island: 'add-to-cart' });
  const announce = useAnnounce();
  const submitButton = useRef<HTMLButtonElement>(null);

  // A product page's form posts as without JavaScript when the add is not made in the page (no
  // product id) or failed (the fallback): once it has gone, a second click, Enter or failed add
  // must not post it again while the answer loads (one add per intent, issue #11).
  useLayoutEffect(() => {
    const form = submitButton.current?.form;
    if (!form) return;
    return guardSubmissions(form, () => undefined);
  }, [element]);

  // Cookies blocked: what was just added will not be there on the next page. Screen readers are
  // told once per page, by the first add (or the cart drawer, whichever comes first).
  useEffect(() => {
    if (state.added && cookiesBlocked() && claimCookiesBlockedAnnouncement()) {
      announce(cookiesBlockedMessage(), { politeness: 'assertive' });
    }
  }, [state.added, announce]);

  const onClick = (event: MouseEvent<ButtonElement>) => {
    const button = event.currentTarget;
    // Read when clicked, like WooCommerce: other scripts may have changed `data-quantity`.
    const attributes = { ...button.dataset };
    if (isModifiedClick(event) || !handlesInPage(element, className, attributes.product_id)) return;
    const form = button instanceof HTMLButtonElement ? button.form : null;
    if (element === 'submit' && (!form || !form.checkValidity())) return; // the browser's own validation
    add({
      event,
      button,
      data: requestData(attributes, formQuantity(form)),
      fallback: { form, href: button instanceof HTMLAnchorElement ? button.href : null },
      successMessage: button.getAttribute('data-success_message'),
    });
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
        <button
          ref={submitButton}
          type="submit"
          name="add-to-cart"
          value={String(data.product_id ?? '')}
          {...common}
        >
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
      <AddProblem message={problem} />
    </>
  );
}
