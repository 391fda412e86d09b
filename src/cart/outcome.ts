/**
 * What an add-to-cart control does with the cart store's answer (storefront.md §4 "Add-to-cart
 * button"), shared by the listing/simple button, the variation form and the sticky bar: each says
 * how it goes back, what it does without JavaScript, and how it shows the add.
 */
import type { Settings } from '../contract/settings';
import { __ } from '../i18n';
import { navigation } from '../navigation';
import type { TransportError } from '../transport/errors';
import type { AddOutcome } from './store';

export interface AddOutcomeHandlers {
  /** The add was vetoed (`should_send_ajax_request.adding_to_cart`): the control goes back. */
  reset(): void;
  /** The add failed in the page: what the control does without JavaScript (link, form post). */
  fallBack(error: TransportError): void;
  /** Added: fragments and hash are stored and the events fired. */
  added(): void;
}

export function settleAdd(outcome: AddOutcome, handlers: AddOutcomeHandlers): void {
  switch (outcome.kind) {
    case 'vetoed':
      handlers.reset();
      return;
    case 'redirect':
      // The control stays 'loading' while the browser leaves for the product (or cart) page.
      navigation.assign(outcome.url);
      return;
    case 'failed':
      handlers.fallBack(outcome.error);
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
  if (!offCartPage(settings.is_cart)) return null;
  return { href: settings.cart_url, text: settings.i18n.view_cart ?? __('View cart') };
}
