/**
 * The island containers of the first milestone, with the fallback markup the React islands reproduce
 * (same classes, same size: no layout shift when they mount). The PHP plugin prints the same.
 */
import { COMING_SOON_MESSAGE, STORE_NOTICE_MESSAGE } from './fixtures';
import { escapeHtml, renderIsland, type IslandOptions } from './html';
import { NO_ASSETS, type PageAssets } from './manifest';
import { md5 } from './md5';

/**
 * Collects the islands a page prints, so <head> can link their stylesheets before they mount, and
 * preload the code of those that mount early (`load` or `idle`). Each container gets its chunk URL
 * and its strategy (the one asked for, else the widget's default) from the build, as the plugin
 * prints them.
 */
export class IslandCollector {
  readonly names = new Set<string>();
  readonly early = new Set<string>();

  constructor(private readonly assets: PageAssets = NO_ASSETS) {}

  render(name: string, props: unknown, fallbackHtml: string, options: IslandOptions = {}): string {
    this.names.add(name);
    const hydrate = options.hydrate ?? this.assets.hydrateFor(name);
    if (hydrate === 'load' || hydrate === 'idle') this.early.add(name);
    const src = this.assets.srcFor(name) ?? undefined;
    return renderIsland(name, props, fallbackHtml, { ...options, hydrate, src });
  }
}

/** WooCommerce's `data-notice-id`: md5 of the notice text. */
export function storeNoticeId(message: string = STORE_NOTICE_MESSAGE): string {
  return md5(message);
}

/** The cookie that hides the store notice: `store_notice{id}=hidden` (storefront.md §4). */
export function storeNoticeCookieName(noticeId: string): string {
  return `store_notice${noticeId}`;
}

/** Query argument of the no-JS dismiss link. */
export const DISMISS_NOTICE_PARAM = 'shop-islands-dismiss-notice';

/**
 * The store notice, or '' when the request's cookie says it was dismissed (the server omits it, so a
 * dismissed notice never flashes).
 */
export function storeNoticeIsland(
  islands: IslandCollector,
  requestCookies: Record<string, string>,
  message: string = STORE_NOTICE_MESSAGE,
): string {
  const noticeId = storeNoticeId(message);
  if (requestCookies[storeNoticeCookieName(noticeId)] === 'hidden') return '';
  const messageHtml = escapeHtml(message);
  return islands.render(
    'store-notice',
    { noticeId, message: messageHtml, dismissLabel: 'Dismiss' },
    `<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store" data-notice-id="${noticeId}">` +
      `${messageHtml} <a role="button" href="?${DISMISS_NOTICE_PARAM}=${noticeId}" ` +
      'class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>',
    { hydrate: 'idle' },
  );
}

/** Where the no-JS dismiss form of the coming-soon banner posts. */
export const COMING_SOON_DISMISS_ACTION = 'shop_islands_dismiss_coming_soon';

/** The coming-soon footer banner, with a form that works without JavaScript. */
export function comingSoonBannerIsland(
  islands: IslandCollector,
  options: { nonce: string; currentPath: string; message?: string },
): string {
  const message = options.message ?? COMING_SOON_MESSAGE;
  return islands.render(
    'coming-soon-banner',
    { restUrl: '/wp-json/wp/v2/users/1', message, dismissLabel: 'Dismiss coming soon banner' },
    '<div class="woocommerce-coming-soon-banner-container">' +
      `<div class="woocommerce-coming-soon-banner">${message}</div>` +
      `<form method="post" action="/wp-admin/admin-post.php?action=${COMING_SOON_DISMISS_ACTION}" ` +
      'class="coming-soon-footer-banner-dismiss-form">' +
      `<input type="hidden" name="_wpnonce" value="${escapeHtml(options.nonce)}">` +
      `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(options.currentPath)}">` +
      '<button type="submit" class="coming-soon-footer-banner-dismiss" aria-label="Dismiss coming soon banner"></button>' +
      '</form></div>',
    { hydrate: 'visible' },
  );
}

export interface PasswordFieldOptions {
  id: string;
  name: string;
  autocomplete: 'current-password' | 'new-password';
  required: boolean;
  className: string;
  hydrate: 'idle' | 'interaction';
}

/** A password input wrapped in the password-toggle island (WooCommerce's `span.password-input`). */
export function passwordToggleIsland(islands: IslandCollector, o: PasswordFieldOptions): string {
  const input =
    `<input class="${escapeHtml(o.className)}" type="password" name="${escapeHtml(o.name)}" id="${escapeHtml(o.id)}" ` +
    `autocomplete="${o.autocomplete}"${o.required ? ' required' : ''}>`;
  return islands.render(
    'password-toggle',
    { id: o.id, name: o.name, autocomplete: o.autocomplete, required: o.required, className: o.className },
    `<span class="password-input">${input}</span>`,
    { tag: 'span', hydrate: o.hydrate },
  );
}

/** The global loading indicator: nothing to show before it mounts. */
export function loadingIndicatorIsland(islands: IslandCollector): string {
  return islands.render('loading-indicator', { label: 'Loading' }, '', { hydrate: 'idle' });
}

/** Props of an add-to-cart island (widgets/add-to-cart/schema.ts): WooCommerce's button data. */
export interface AddToCartButton {
  href?: string;
  label: string;
  className: string;
  ariaLabel?: string;
  rel?: string;
  data: Record<string, string | number>;
  element?: 'link' | 'submit';
}

/**
 * A WooCommerce add-to-cart button (a listing's `?add-to-cart=ID` link, or a simple product form's
 * submit button) in the add-to-cart island; `fallbackHtml` is the button exactly as WooCommerce
 * prints it, which works without JavaScript.
 */
export function addToCartIsland(
  islands: IslandCollector,
  button: AddToCartButton,
  fallbackHtml: string,
): string {
  return islands.render('add-to-cart', button, fallbackHtml, { hydrate: 'idle' });
}

/**
 * The header mini-cart: WooCommerce's widget around the `div.widget_shopping_cart_content`
 * fragment. The island reads the fragment from this fallback (no copy in the props).
 */
export function miniCartIsland(islands: IslandCollector, contentHtml: string): string {
  return islands.render(
    'mini-cart',
    {},
    `<div class="widget woocommerce widget_shopping_cart">${contentHtml}</div>`,
    { hydrate: 'idle' },
  );
}

/** The cart drawer, once per page: nothing to show before it opens (no JS: the cart page link). */
export function cartDrawerIsland(islands: IslandCollector): string {
  return islands.render('cart-drawer', { checkoutUrl: '/checkout/' }, '', { hydrate: 'idle' });
}
