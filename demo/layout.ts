/**
 * The Storefront-like page frame: <head> (theme CSS, island CSS, settings block, loader), header with
 * navigation and the header mini-cart, main, footer with the handheld cart link and the coming-soon
 * banner, the store notice and the loading indicator. Pure string rendering.
 */
import type { SettingsInput } from '../src/contract/settings';
import { cartFragments } from './fragments';
import { liveSearchIsland } from './discovery/live-search';
import { CATEGORIES, categoryUrl, SITE_TITLE, THEME_SLUG } from './fixtures';
import { escapeHtml, jsonForScript } from './html';
import {
  cartDrawerIsland,
  comingSoonBannerIsland,
  COMING_SOON_DISMISS_ACTION,
  IslandCollector,
  loadingIndicatorIsland,
  miniCartIsland,
  storeNoticeIsland,
} from './islands';
import type { PageAssets } from './manifest';
import { md5 } from './md5';
import { orderAttributionIsland } from './chrome/attribution';
import { demoSettings } from './settings';
import { store, type Notice, type Session } from './store';

export interface PageContext {
  /** The request URL (origin used for WooCommerce's per-site keys). */
  url: URL;
  session: Session;
  /** Cookies of the request (the store notice's dismissal). */
  cookies: Record<string, string>;
  assets: PageAssets;
  /** Notices to print on this page (taken from the session by the caller). */
  notices: Notice[];
  islands: IslandCollector;
}

export interface PageContent {
  title: string;
  /** Inner HTML of <main> (after the notices). */
  main: string;
  bodyClass?: string;
  /** More of the theme's stylesheets (files in demo/public), linked after theme.css. */
  stylesheets?: string[];
  /**
   * Classic scripts (same-origin paths) printed before the island loader, so what they define
   * exists when the islands run (the checkout's Stripe.js double, demo/checkout/stripe.ts).
   */
  scripts?: string[];
  /**
   * A page without the header and footer islands (a campaign landing page, demo/chrome/attribution.ts):
   * no live search, mini-cart, cart drawer, lightbox, store notice, loading indicator or coming-soon
   * banner; the header and footer hold plain links only. The order attribution tracker stays.
   */
  bare?: boolean;
}

/** `wc_cart_fragments_params.cart_hash_key` suffix: md5 of blog id, site URL and theme (matches step 01's params). */
export function siteHash(origin: string): string {
  return md5(`1_${origin}/${THEME_SLUG}`);
}

/** The settings block (src/contract/settings.ts), once per page. */
export function pageSettings(ctx: PageContext): SettingsInput {
  const hash = siteHash(ctx.url.origin);
  return {
    ...demoSettings({
      restNonce: store.nonce(ctx.session, 'wp_rest'),
      isCart: ctx.url.pathname === '/cart/',
      isGuest: ctx.session.loggedIn === null,
    }),
    cart_hash_key: `wc_cart_hash_${hash}`,
    fragment_name: `wc_fragments_${hash}`,
  };
}

/** WooCommerce's notice markup (`wc_print_notices()`, steps 12 and 18). */
export function noticesHtml(notices: Notice[]): string {
  const errors = notices.filter((n) => n.type === 'error');
  const successes = notices.filter((n) => n.type === 'success');
  const infos = notices.filter((n) => n.type === 'notice');
  let out = '';
  if (errors.length > 0) {
    out += `<ul class="woocommerce-error" role="alert">${errors.map((n) => `<li>${n.html}</li>`).join('')}</ul>`;
  }
  out += successes.map((n) => `<div class="woocommerce-message" role="alert">${n.html}</div>`).join('');
  out += infos.map((n) => `<div class="woocommerce-info" role="status">${n.html}</div>`).join('');
  return `<div class="woocommerce-notices-wrapper">${out}</div>`;
}

/** An item of the site menu (WordPress's nav menu): a link, maybe with a sub-menu or a mega-menu. */
export interface NavItem {
  label: string;
  href: string;
  children?: NavItem[];
  /** Storefront-style mega-menu: the sub-menu is a full-width panel of columns (its children). */
  mega?: boolean;
}

/** A category with its child categories (a mega-menu column, a sub-menu). */
const categoryItem = (id: number): NavItem => {
  const children = CATEGORIES.filter((c) => c.parent === id).map((c) => ({
    label: c.name,
    href: categoryUrl(c.id),
  }));
  const name = CATEGORIES.find((c) => c.id === id)?.name ?? '';
  return { label: name, href: categoryUrl(id), ...(children.length > 0 ? { children } : {}) };
};

/** The primary menu (chrome-contracts.md `site-menu`): Shop is a mega-menu, Accessories a sub-menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Shop', href: '/shop/', mega: true, children: [30, 40, 16].map(categoryItem) },
  { label: 'Boots', href: categoryUrl(17) },
  { label: 'Balls', href: categoryUrl(18) },
  categoryItem(19),
  { label: 'Wishlist', href: '/wishlist/' },
  { label: 'My account', href: '/my-account/' },
  { label: 'Checkout', href: '/checkout/' },
];

/** The site-menu island's props as the plugin prints them (its translated labels). */
export const SITE_MENU_PROPS = {
  toggleLabel: 'Menu',
  closeLabel: 'Close menu',
  subMenuLabel: 'Show submenu for %s',
} as const;

/** WordPress's menu list (`wp_nav_menu`): item ids (`menu-item-N`) in the primary copy only, as Storefront prints it. */
function menuItemsHtml(items: readonly NavItem[], path: string, ids: { next: number } | null): string {
  return items
    .map((item) => {
      const id = ids ? (ids.next += 1) : 0;
      const classes = [
        'menu-item',
        ...(item.children ? ['menu-item-has-children'] : []),
        ...(item.mega ? ['mega-menu'] : []),
        ...(path === item.href ? ['current-menu-item'] : []),
      ];
      const sub = item.children ? `<ul class="sub-menu">${menuItemsHtml(item.children, path, ids)}</ul>` : '';
      return (
        `<li${ids ? ` id="menu-item-${id}"` : ''} class="${classes.join(' ')}">` +
        `<a href="${escapeHtml(item.href)}"${path === item.href ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a>${sub}</li>`
      );
    })
    .join('');
}

/**
 * Storefront 3.6's `nav#site-navigation` (`storefront_primary_navigation`): the Menu toggle, the
 * primary menu and its handheld copy. The site-menu island's fallback: every link works without it.
 */
export function siteNavigationHtml(path: string, items: readonly NavItem[] = NAV_ITEMS): string {
  return (
    '<nav id="site-navigation" class="main-navigation" aria-label="Primary navigation">' +
    `<button class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>${escapeHtml(SITE_MENU_PROPS.toggleLabel)}</span></button>` +
    `<div class="primary-navigation"><ul id="menu-main" class="menu">${menuItemsHtml(items, path, { next: 100 })}</ul></div>` +
    `<div class="handheld-navigation"><ul id="menu-main-1" class="menu">${menuItemsHtml(items, path, null)}</ul></div>` +
    '</nav>'
  );
}

function headerHtml(ctx: PageContext): string {
  const fragments = cartFragments(ctx.session);
  const path = ctx.url.pathname;
  return (
    '<header id="masthead" class="site-header"><div class="col-full">' +
    `<div class="site-branding"><p class="site-title"><a href="/" rel="home">${escapeHtml(SITE_TITLE)}</a></p></div>` +
    // Storefront's `storefront_product_search` (after the branding): WooCommerce's product search
    // widget, here CommerceKit's live search over it (demo/discovery/live-search.ts), with the
    // current search in the field as `get_search_query()` puts it there.
    '<div class="site-search"><div class="widget woocommerce widget_product_search">' +
    liveSearchIsland(ctx.islands, { query: ctx.url.searchParams.get('s') ?? '' }) +
    '</div></div>' +
    // Storefront's navigation inside the site-menu island (drawer, disclosure and mega-menu).
    ctx.islands.render('site-menu', SITE_MENU_PROPS, siteNavigationHtml(path), { hydrate: 'idle' }) +
    '<ul id="site-header-cart" class="site-header-cart menu">' +
    `<li class="${path === '/cart/' ? 'current-menu-item' : ''}">${fragments['a.cart-contents']}</li>` +
    `<li>${miniCartIsland(ctx.islands, fragments['div.widget_shopping_cart_content'])}</li>` +
    '</ul></div></header>'
  );
}

function footerHtml(ctx: PageContext): string {
  const fragments = cartFragments(ctx.session);
  const banner = ctx.session.comingSoonDismissed
    ? ''
    : comingSoonBannerIsland(ctx.islands, {
        nonce: store.nonce(ctx.session, COMING_SOON_DISMISS_ACTION),
        currentPath: ctx.url.pathname + ctx.url.search,
      });
  return (
    '<footer id="colophon" class="site-footer"><div class="col-full">' +
    `<div class="site-info">&copy; ${escapeHtml(SITE_TITLE)} 2026. A stand-in for a WooCommerce store: nothing is sold.</div>` +
    '<div class="storefront-handheld-footer-bar"><ul class="columns-2">' +
    '<li class="my-account"><a href="/my-account/">My Account</a></li>' +
    `<li class="cart">${fragments['a.footer-cart-contents']}</li>` +
    `</ul></div></div>${banner}</footer>`
  );
}

/** The header of a bare page: the site title and a link to the shop, no island. */
function bareHeaderHtml(): string {
  return (
    '<header id="masthead" class="site-header"><div class="col-full">' +
    `<div class="site-branding"><p class="site-title"><a href="/" rel="home">${escapeHtml(SITE_TITLE)}</a></p></div>` +
    '<nav class="main-navigation" aria-label="Primary navigation"><ul class="menu">' +
    '<li><a href="/shop/">Shop</a></li><li><a href="/cart/">Cart</a></li></ul></nav>' +
    '</div></header>'
  );
}

/** The footer of a bare page: the site info, no island. */
function bareFooterHtml(): string {
  return (
    '<footer id="colophon" class="site-footer"><div class="col-full">' +
    `<div class="site-info">&copy; ${escapeHtml(SITE_TITLE)} 2026. A stand-in for a WooCommerce store: nothing is sold.</div>` +
    '</div></footer>'
  );
}

/** A whole page. The body is rendered first, so <head> knows which islands need stylesheets. */
export function renderDocument(ctx: PageContext, content: PageContent): string {
  const main = `${noticesHtml(ctx.notices)}${content.main}`;
  const bare = content.bare === true;
  const header = bare ? bareHeaderHtml() : headerHtml(ctx);
  const footer = bare ? bareFooterHtml() : footerHtml(ctx);
  const notice = bare ? '' : storeNoticeIsland(ctx.islands, ctx.cookies);
  const loading = bare ? '' : loadingIndicatorIsland(ctx.islands);
  const drawer = bare ? '' : cartDrawerIsland(ctx.islands);
  // The site-wide lightbox (storefront.md §2.6), once per page when the setting is on; it shows
  // nothing until an image link opens it.
  const settings = pageSettings(ctx);
  const lightbox =
    !bare && settings.lightbox?.enabled !== false
      ? ctx.islands.render('lightbox', {}, '', { hydrate: 'idle' })
      : '';
  // WooCommerce's order attribution tracker, on every page (storefront.md §3, §4).
  const attribution = orderAttributionIsland(ctx.islands, ctx.url.origin);

  const css = [...new Set([...ctx.islands.names].flatMap((name) => ctx.assets.cssFor(name)))];
  // Code of the islands that mount at once or when idle, fetched alongside the loader rather than
  // after it (what the PHP plugin prints too).
  const preload = [...new Set([...ctx.islands.early].flatMap((name) => ctx.assets.jsFor(name)))];
  // A page whose only island is the order attribution tracker (a campaign landing page) gets the
  // tracker's standalone entry instead of the loader: it mounts the tracker alone (the chunk
  // preloaded above), in well under the loader's bytes (issue #16).
  const names = [...ctx.islands.names];
  const pageScript =
    names.length === 1 && names[0] === 'order-attribution' && ctx.assets.standaloneTrackerSrc
      ? ctx.assets.standaloneTrackerSrc
      : ctx.assets.loaderSrc;
  const head =
    '<meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(content.title)} – ${escapeHtml(SITE_TITLE)}</title>` +
    '<link rel="icon" href="data:,">' +
    ['theme.css', ...(content.stylesheets ?? [])]
      .map((file) => `<link rel="stylesheet" href="/demo-assets/${escapeHtml(file)}">`)
      .join('') +
    css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
    `<script type="application/json" id="shop-islands-settings">${jsonForScript(settings)}</script>` +
    // `defer`: run once the document is parsed, in order, before the loader (a module: deferred too),
    // without holding the page's first paint as a classic script in <head> would.
    (content.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('') +
    (pageScript ? `<script type="module" src="${escapeHtml(pageScript)}"></script>` : '') +
    preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('');

  return (
    `<!DOCTYPE html>\n<html lang="en"><head>${head}</head>` +
    `<body class="${escapeHtml(content.bodyClass ?? 'page')} woocommerce-page">` +
    '<a class="skip-link screen-reader-text" href="#main">Skip to content</a>' +
    header +
    '<div id="content" class="site-content"><div class="col-full"><div id="primary" class="content-area">' +
    `<main id="main" class="site-main" tabindex="-1">${main}</main></div></div></div>` +
    footer +
    drawer +
    lightbox +
    notice +
    loading +
    attribution +
    '</body></html>\n'
  );
}
