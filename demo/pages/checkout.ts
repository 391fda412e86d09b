/**
 * The checkout page (WooCommerce 9.9's classic checkout markup, demo/checkout/page.ts) and the order
 * received page of an order placed without a recorded key.
 */
import { COUNTRY_NAMES } from '../checkout/address-data';
import type { NoticeItem } from '../checkout/markup';
import { addressFieldArgs, checkoutPageContent } from '../checkout/page';
import { expressCheckoutIsland } from '../checkout/express';
import { noteOfferedMethods, stripeDoubleScripts } from '../checkout/stripe';
import { renderDocument, type PageContext } from '../layout';
import { store as defaultStore, type DemoStore } from '../store';

/** A billing field, in the shape of the page's first version (kept for pages/index.ts' export). */
export interface CheckoutField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'select';
  autocomplete: string;
  required: boolean;
  wide?: boolean;
}

/** The billing fields for the store's country, in their printed order (demo/checkout/page.ts). */
export const CHECKOUT_FIELDS: CheckoutField[] = addressFieldArgs('billing', 'IE').map(([name, args]) => ({
  name,
  label: args.label,
  type:
    args.type === 'country' || args.type === 'state'
      ? 'select'
      : args.type === 'email' || args.type === 'tel'
        ? args.type
        : 'text',
  autocomplete: args.autocomplete ?? '',
  required: args.required,
  wide: args.classes?.includes('form-row-wide') ?? false,
}));

/** Every country of the country select: code, name. */
export const COUNTRIES: [string, string][] = Object.entries(COUNTRY_NAMES);

export interface CheckoutRenderOptions {
  /** The site's store (the demo's own by default). */
  store?: DemoStore;
  /** The posted form, when the page is printed again after a post without JavaScript. */
  posted?: URLSearchParams;
  /** Errors of that post, after the session's notices (`data-id`: the field). */
  errors?: readonly NoticeItem[];
}

export function renderCheckout(ctx: PageContext, options: CheckoutRenderOptions = {}): string {
  const notices = {
    error: [
      ...ctx.notices.filter((n) => n.type === 'error').map((n) => ({ html: n.html })),
      ...(options.errors ?? []),
    ],
    success: ctx.notices.filter((n) => n.type === 'success').map((n) => n.html),
    notice: ctx.notices.filter((n) => n.type === 'notice').map((n) => n.html),
  };
  noteOfferedMethods(ctx.session, ctx.url);
  const content = checkoutPageContent({
    store: options.store ?? defaultStore,
    session: ctx.session,
    islands: ctx.islands,
    origin: ctx.url.origin,
    posted: options.posted,
    notices,
  });
  // The Stripe gateway's express checkout buttons above the form (outside the checkout island's
  // markup: the island keeps its own), when there is something to pay.
  const store = options.store ?? defaultStore;
  const express =
    store.cartLines(ctx.session).length > 0 ? expressCheckoutIsland(ctx, store, { kind: 'checkout' }) : '';
  const main =
    '<article class="page type-page status-publish hentry"><header class="entry-header"><h1 class="entry-title">Checkout</h1></header>' +
    `<div class="entry-content">${express}${content}</div></article>`;
  // The notices are printed inside the checkout's block (WooCommerce's first notices wrapper).
  return renderDocument(
    { ...ctx, notices: [] },
    {
      title: 'Checkout',
      bodyClass: 'page woocommerce-checkout',
      main,
      // The card gateway's Stripe.js (the demo's test double), before the loader.
      scripts: stripeDoubleScripts(ctx.url),
    },
  );
}

export function renderOrderReceived(ctx: PageContext, orderId: number): string {
  const main =
    '<h1 class="entry-title">Order received</h1><div class="woocommerce"><div class="woocommerce-order">' +
    '<p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">Thank you. Your order has been received.</p>' +
    `<ul class="woocommerce-order-overview woocommerce-thankyou-order-details order_details"><li class="woocommerce-order-overview__order order">Order number: <strong>${orderId}</strong></li>` +
    '<li class="woocommerce-order-overview__payment-method method">Payment method: <strong>Cash on delivery</strong></li></ul>' +
    '<p>This is a demo store: nothing will be delivered.</p><p><a class="button" href="/shop/">Continue shopping</a></p></div></div>';
  return renderDocument(ctx, {
    title: 'Order received',
    bodyClass: 'page woocommerce-checkout woocommerce-order-received',
    main,
  });
}
