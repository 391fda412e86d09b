/**
 * What an add-to-cart control does with the cart store's answer (storefront.md §4 "Add-to-cart
 * button"), shared by the listing/simple button, the variation form and the sticky bar: each says
 * how it goes back, what it does without JavaScript, and how it shows the add.
 */
import type { Settings } from '../contract/settings';
import { __ } from '../i18n';
import { describeUrl, REFUSED_NAVIGATION_MESSAGE, httpUrl } from '../security/url';
import { leaveFor } from '../navigation';
import type { TransportError } from '../transport/errors';
import type { AddOutcome } from './store';

export interface AddOutcomeHandlers {
  /** The add was vetoed (`should_send_ajax_request.adding_to_cart`): the control goes back. */
  reset(): void;
  /** The add failed in the page: what the control does without JavaScript (link, form post). */
  fallBack(error: TransportError): void;
  /** Added: fragments and hash are stored and the events fired. */
  added(): void;
  /**
   * The control goes back and tells the shopper `message`: the answer named a page off this store
   * (not followed), or the add's fate is unknown (no answer, the cart unreadable: not re-sent).
   */
  problem(message: string): void;
}

/** An add whose answer never came and whose cart could not be read (our wording: WooCommerce has none). */
export const ADD_UNCONFIRMED_MESSAGE =
  'The store could not be reached, so this product may not have been added. Please check your cart before adding it again.';

export function settleAdd(outcome: AddOutcome, handlers: AddOutcomeHandlers): void {
  switch (outcome.kind) {
    case 'vetoed':
      handlers.reset();
      return;
    case 'redirect':
      // The control stays 'loading' while the browser leaves for the product (or cart) page.
      if (!leaveFor(outcome.url)) handlers.problem(__(REFUSED_NAVIGATION_MESSAGE));
      return;
    case 'refused':
      console.error(`[shop-islands] the add-to-cart answer named ${describeUrl(outcome.url)}: not followed.`);
      handlers.problem(__(REFUSED_NAVIGATION_MESSAGE));
      return;
    case 'failed':
      handlers.fallBack(outcome.error);
      return;
    case 'unknown':
      console.error('[shop-islands] no answer to an add, and the cart could not be read.', outcome.error);
      handlers.problem(__(ADD_UNCONFIRMED_MESSAGE));
      return;
    case 'added':
      handlers.added();
  }
}

/** WooCommerce prints is_cart as '1' or '' (a boolean from other servers): the View cart link is off the cart page only. */
export const offCartPage = (isCart: string | boolean): boolean => !isCart || isCart === '0';

/** An add-to-cart control's state: adds of it in flight, and whether its last add succeeded. */
export type AddButtonState = { pending: number; added: boolean };

export type ViewCartLink = { href: string; text: string };

/** The 'View cart' link shown once after an added button (`i18n_view_cart`, `cart_url`); null on the cart page. */
export function viewCartLink(settings: Settings): ViewCartLink | null {
  // The settings block is server data too: a cart_url that is not http(s) is not rendered.
  if (!offCartPage(settings.is_cart) || !httpUrl(settings.cart_url)) return null;
  return { href: settings.cart_url, text: settings.i18n.view_cart ?? __('View cart') };
}
