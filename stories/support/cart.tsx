/**
 * What the cart widgets' stories share: a fresh cart store per story, the demo store's cart filled
 * through its own endpoint, made-up mini-carts (many lines, long names) served as the
 * `get_refreshed_fragments` answer, and the page around the widgets: a mounted-island frame (the
 * cart store leaves fragment regions inside mounted islands to them) and the theme's header cart
 * link as server markup (the store replaces it with the `a.cart-contents` fragment).
 */
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { escapeHtml, formatAmount, priceHtml } from '../../demo/html';
import { spyOn } from 'storybook/test';
import { resetCartForTesting } from '../../src/cart';
import { setCookiesBlockedForTesting } from '../../src/cart/cookies-blocked';
import { navigation } from '../../src/navigation';
import { settleCart } from '../../src/test/cart';
import { demoHandlers } from './msw';

export { settleCart };

const CART_COOKIES = ['woocommerce_items_in_cart', 'woocommerce_cart_hash'];

/** A new page for the cart store: nothing stored, no cart cookies, the store forgotten. */
export function resetCartStory(): void {
  resetCartForTesting();
  sessionStorage.clear();
  localStorage.clear();
  for (const name of CART_COOKIES) document.cookie = `${name}=; path=/; max-age=0`;
}

/**
 * The meta `beforeEach` of every cart story: a fresh cart store; when the story ends, its requests
 * are let finish so that none answers into the next story.
 */
export const freshCart = () => {
  resetCartStory();
  return () => settleCart();
};

/**
 * A fresh cart for a story whose controls may leave the page: `navigation.assign` / `submit` record
 * where the browser would go instead, and `console.error` is watched. Returns the cleanup.
 */
export const freshCartStayingOnPage = () => {
  const cleanup = freshCart();
  const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
  const submit = spyOn(navigation, 'submit').mockImplementation(() => undefined);
  const error = spyOn(console, 'error');
  return async () => {
    assign.mockRestore();
    submit.mockRestore();
    error.mockRestore();
    await cleanup();
  };
};

/**
 * A story's `beforeEach` for a browser that refuses cookies (src/cart/cookies-blocked.ts); the
 * browser is asked again once the story ends.
 */
export const cookiesBlockedStory = () => {
  setCookiesBlockedForTesting(true);
  return () => setCookiesBlockedForTesting(null);
};

/** The demo store's `?wc-ajax={endpoint}` URL on this page's origin (Storybook or jsdom). */
export const wcAjaxUrl = (endpoint: string): string => new URL(`/?wc-ajax=${endpoint}`, location.href).href;

/** Puts products in the demo store's cart (what an earlier page did). */
export async function fillDemoCart(lines: [productId: number, quantity: number][]): Promise<void> {
  for (const [productId, quantity] of lines) {
    const response = await fetch(wcAjaxUrl('add_to_cart'), {
      method: 'POST',
      body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
    });
    if (!response.ok) throw new Error(`add_to_cart ${productId}: HTTP ${response.status}`);
  }
}

export interface StoryLine {
  name: string;
  quantity: number;
  price: number;
}

/** A mini-cart fragment in WooCommerce's markup (sample 19) for made-up lines. */
export function miniCartFragment(lines: StoryLine[]): string {
  if (lines.length === 0) {
    return (
      '<div class="widget_shopping_cart_content">' +
      '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p></div>'
    );
  }
  const items = lines
    .map((line, index) => {
      const key = `${index}`.padStart(32, 'a');
      const name = escapeHtml(line.name);
      return (
        '<li class="woocommerce-mini-cart-item mini_cart_item">' +
        `<a href="/cart/?remove_item=${key}&#038;_wpnonce=0123456789" class="remove remove_from_cart_button"` +
        ` aria-label="Remove ${name} from cart" data-product_id="${100 + index}" data-cart_item_key="${key}"` +
        ` data-success_message="&ldquo;${name}&rdquo; has been removed from your cart">&times;</a>` +
        `<a href="/product/item-${index}/">${name}</a>` +
        `<span class="quantity">${line.quantity} &times; ${priceHtml(line.price)}</span></li>`
      );
    })
    .join('');
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  return (
    '<div class="widget_shopping_cart_content">' +
    `<ul class="woocommerce-mini-cart cart_list product_list_widget ">${items}</ul>` +
    `<p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> ${priceHtml(subtotal)}</p>` +
    '<p class="woocommerce-mini-cart__buttons buttons"><a href="/cart/" class="button wc-forward">View cart</a>' +
    '<a href="/checkout/" class="button checkout wc-forward">Checkout</a></p></div>'
  );
}

/** Storefront's header cart link for made-up lines. */
export function headerCartFragment(lines: StoryLine[]): string {
  const count = lines.reduce((n, line) => n + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  return (
    '<a class="cart-contents" href="/cart/" title="View your shopping cart">' +
    `<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&euro;</span>${formatAmount(subtotal)}</span>` +
    ` <span class="count">${count} ${count === 1 ? 'item' : 'items'}</span></a>`
  );
}

/** `get_refreshed_fragments` answering with made-up lines, ahead of the demo store's handlers. */
export function fragmentsFor(lines: StoryLine[]) {
  return [
    http.post('*', ({ request }) => {
      if (new URL(request.url).searchParams.get('wc-ajax') !== 'get_refreshed_fragments') return undefined;
      return HttpResponse.json({
        fragments: {
          'div.widget_shopping_cart_content': miniCartFragment(lines),
          'a.cart-contents': headerCartFragment(lines),
        },
        cart_hash: lines.length ? 'f00dfeedf00dfeedf00dfeedf00dfeed' : '',
      });
    }),
    ...demoHandlers,
  ];
}

/**
 * A wc-ajax endpoint answering with `answer`, ahead of the demo store's handlers (an `undefined`
 * answer lets the demo store answer, after whatever `answer` awaited).
 */
export function answering(
  endpoint: string,
  answer: () => Response | undefined | Promise<Response | undefined>,
) {
  return [
    http.post('*', ({ request }) =>
      new URL(request.url).searchParams.get('wc-ajax') === endpoint ? answer() : undefined,
    ),
    ...demoHandlers,
  ];
}

/** Product names as long as real shops have them. */
export const LONG_NAMES = [
  'Junior Football Boots with Extra-Wide Fit, Reinforced Toe and Replaceable Studs – UK 2, Blue',
  'Professional Match Football, FIFA Quality Pro Certified, Thermally Bonded Panels, Size 5',
  'Goalkeeper Gloves with Finger Protection and 4 mm German Latex Palm – Junior Size 6',
];

/** A rendered island, as the runtime leaves it: the cart store does not touch regions inside. */
export function MountedIsland({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-island={name} data-island-state="mounted">
      {children}
    </div>
  );
}

/** The theme's header cart link, as server markup outside any island. */
export function HeaderCart({ html = headerCartFragment([]) }: { html?: string }) {
  return (
    <nav aria-label="Header cart" className="site-header-cart" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
