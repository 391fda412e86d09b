/**
 * The demo's page controller: a Fetch `Request` in, a Fetch `Response` out (no `node:` imports).
 * It does what WooCommerce's `WC_Form_Handler` does on a page load before rendering: `?add-to-cart=`,
 * `?remove_item=`, the cart form, checkout and login posts, plus the no-JS fallbacks of the islands
 * (store notice dismissal by GET, coming-soon dismissal through admin-post.php). Then it routes the
 * WooCommerce permalinks to pages/ (one file a page).
 */
import { handleAccountPayment } from './checkout/account-payment';
import { processLogin } from './checkout/login';
import { applyCoupon, findOrder } from './checkout/orders';
import { handleOrderPay } from './checkout/order-pay';
import { renderRecordedOrderReceived } from './checkout/order-received';
import { processCheckout } from './checkout/process';
import { handleSubscriptionPages } from './checkout/subscription-change';
import { parseCookies, serializeCookie } from './cookies';
import { chromePage } from './chrome';
import { catalogueInCategory } from './discovery/catalogue';
import {
  listsWholeCatalogue,
  pastLastPage,
  productCatArchive,
  productCatRedirect,
  renderCatalogueCategory,
  renderGear,
  renderProductSearch,
  renderSiteSearch,
  renderSmartSearch,
  searchRequest,
  searchResults,
  singleResultRedirect,
} from './discovery/pages';
import {
  CATEGORIES,
  categoryUrl,
  DEMO_LOGIN,
  DEMO_USER,
  findProduct,
  findProductBySlug,
  findVariation,
  productUrl,
  type Category,
  type Product,
  variationName,
} from './fixtures';
import { escapeHtml } from './html';
import {
  COMING_SOON_DISMISS_ACTION,
  DISMISS_NOTICE_PARAM,
  IslandCollector,
  storeNoticeCookieName,
} from './islands';
import type { PageContext } from './layout';
import { NO_ASSETS, type PageAssets } from './manifest';
import {
  renderCart,
  renderCategory,
  renderCheckout,
  renderHome,
  renderLinkExpired,
  renderMyAccount,
  renderNotFound,
  renderOrderReceived,
  renderProduct,
  renderShop,
  renderWishlist,
} from './pages';
import type { CheckoutRenderOptions } from './pages/checkout';
import { handleCommentPost } from './reviews';
import { calculateShipping } from './shipping-calculator';
import { store as defaultStore, type DemoStore, type Session } from './store';
import { isEmail, WAITLIST_NONCE_ACTION, WAITLIST_TEXT } from './waitlist';

export interface SiteOptions {
  /** The build's assets, or a getter read on every page (the server re-reads the manifest after a rebuild). */
  assets?: PageAssets | (() => PageAssets);
  store?: DemoStore;
}

interface Exchange {
  request: Request;
  url: URL;
  cookieHeader: string;
  cookies: Record<string, string>;
  session: Session;
  /** Set-Cookie values of the response. */
  setCookie: string[];
  fields: URLSearchParams;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=UTF-8',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
  'X-Content-Type-Options': 'nosniff',
};

async function readForm(request: Request): Promise<URLSearchParams> {
  if (request.method !== 'POST') return new URLSearchParams();
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('multipart/form-data')) {
      const fields = new URLSearchParams();
      (await request.formData()).forEach((value, key) => {
        if (typeof value === 'string') fields.append(key, value);
      });
      return fields;
    }
    return new URLSearchParams(await request.text());
  } catch {
    return new URLSearchParams();
  }
}

/** `$_REQUEST[name]`: the body wins over the query string, as in PHP's default request order. */
function requestField(ex: Exchange, name: string): string | null {
  return ex.fields.get(name) ?? ex.url.searchParams.get(name);
}

/** A same-site path from a referer field, or the fallback (never an open redirect). */
function safeLocalPath(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

function withoutParams(url: URL, names: string[]): string {
  const copy = new URL(url.href);
  for (const name of names) copy.searchParams.delete(name);
  return copy.pathname + copy.search;
}

export function createSite(options: SiteOptions = {}) {
  const store = options.store ?? defaultStore;
  const assetsOption = options.assets ?? NO_ASSETS;
  const currentAssets = typeof assetsOption === 'function' ? assetsOption : () => assetsOption;

  function finish(ex: Exchange, response: { status: number; html?: string; location?: string }): Response {
    const headers = new Headers(PAGE_HEADERS);
    // WooCommerce keeps its cart cookies in step with the cart on every page (step 32).
    for (const cookie of [...ex.setCookie, ...store.cartCookies(ex.session, ex.cookieHeader)]) {
      headers.append('Set-Cookie', cookie);
    }
    if (response.location) headers.set('Location', response.location);
    return new Response(response.location ? null : (response.html ?? ''), {
      status: response.status,
      headers,
    });
  }

  const redirect = (ex: Exchange, location: string, status = 302) => finish(ex, { status, location });

  function render(ex: Exchange, page: (ctx: PageContext) => string, status = 200): Response {
    const assets = currentAssets();
    const ctx: PageContext = {
      url: ex.url,
      session: ex.session,
      cookies: ex.cookies,
      assets,
      notices: store.takeNotices(ex.session),
      islands: new IslandCollector(assets),
    };
    return finish(ex, { status, html: page(ctx) });
  }

  // -- WC_Form_Handler::add_to_cart_action ------------------------------------------------------

  /**
   * Adds `add-to-cart` of the request; true when something was added. A variable product (or a
   * variation) goes through WooCommerce's `add_to_cart_handler_variable`: `variation_id` and the
   * posted `attribute_*` fields; anything else through the simple handler, which reads only the
   * id and the quantity.
   */
  function addToCartAction(ex: Exchange): boolean {
    const raw = requestField(ex, 'add-to-cart');
    const requestedId = Number.parseInt(raw ?? '', 10);
    if (!raw || Number.isNaN(requestedId)) return false;
    const rawQuantity = requestField(ex, 'quantity');
    const quantity = !rawQuantity ? 1 : Number.parseInt(rawQuantity, 10);
    const asVariation = findVariation(requestedId);
    const product: Product | undefined = findProduct(requestedId) ?? asVariation?.parent;
    if (!product) return false;
    const variable = product.type === 'variable';
    const attributes: Record<string, string> = {};
    if (variable) {
      for (const source of [ex.url.searchParams, ex.fields]) {
        source.forEach((value, key) => {
          if (key.startsWith('attribute_')) attributes[key] = value;
        });
      }
    }
    const variationId = variable ? Number.parseInt(requestField(ex, 'variation_id') ?? '', 10) || 0 : 0;
    // The handler's own refusal: the variable parent without a variation_id, whatever is posted.
    if (variable && !asVariation && !variationId) {
      const url = productUrl(product);
      store.addNotice(
        ex.session,
        'error',
        `Please choose product options by visiting <a href="${url}" title="${escapeHtml(product.name)}">` +
          `${escapeHtml(product.name)}</a>.`,
      );
      return false;
    }
    const result = store.addToCart(ex.session, {
      productId: requestedId,
      quantity: Number.isNaN(quantity) ? 0 : quantity,
      variationId: variationId || undefined,
      attributes,
    });
    if (!result.ok) return false;
    const added = product.soldIndividually ? 1 : Math.max(1, quantity);
    // wc_add_to_cart_message(): the title of the added id: the parent's name (step 18), or a
    // variation's own title when its id was the `add-to-cart` ("Boots – UK 1, Blue", texturized).
    const name = asVariation
      ? escapeHtml(variationName(asVariation.parent, asVariation.variation)).replace(' - ', ' &#8211; ')
      : escapeHtml(product.name);
    const title = `${added > 1 ? `${added} &times; ` : ''}&ldquo;${name}&rdquo;`;
    store.addNotice(
      ex.session,
      'success',
      `${title} ${added > 1 ? 'have' : 'has'} been added to your cart. ` +
        '<a href="/cart/" class="button wc-forward">View cart</a>',
    );
    return true;
  }

  // -- WC_Form_Handler::update_cart_action ------------------------------------------------------

  function removeItemAction(ex: Exchange): Response | null {
    const key = ex.url.searchParams.get('remove_item');
    const undo = ex.url.searchParams.get('undo_item');
    const nonce = ex.url.searchParams.get('_wpnonce');
    if (!key && !undo) return null;
    if (!store.verifyNonce(ex.session, 'woocommerce-cart', nonce)) return null;
    if (key) {
      const line = store.cartLines(ex.session).find((l) => l.item.key === key);
      if (line && store.removeCartItem(ex.session, key)) {
        const undoUrl = `/cart/?undo_item=${key}&amp;_wpnonce=${nonce}`;
        store.addNotice(
          ex.session,
          'success',
          `&ldquo;${escapeHtml(line.name)}&rdquo; removed. <a href="${undoUrl}" class="restore-item">Undo?</a>`,
        );
      }
    } else if (undo) {
      store.restoreCartItem(ex.session, undo);
    }
    return redirect(ex, '/cart/');
  }

  function updateCartAction(ex: Exchange): Response | null {
    if (ex.request.method !== 'POST' || !ex.fields.has('update_cart')) return null;
    if (!store.verifyNonce(ex.session, 'woocommerce-cart', ex.fields.get('woocommerce-cart-nonce')))
      return null;
    const quantities: Record<string, number> = {};
    ex.fields.forEach((value, name) => {
      const match = /^cart\[([0-9a-f]{32})\]\[qty\]$/.exec(name);
      if (match?.[1]) quantities[match[1]] = Number.parseInt(value, 10);
    });
    store.updateQuantities(ex.session, quantities);
    store.addNotice(ex.session, 'success', 'Cart updated.');
    return redirect(ex, safeLocalPath(ex.fields.get('_wp_http_referer'), '/cart/'));
  }

  // -- the islands' no-JS fallbacks ----------------------------------------------------------

  function dismissNoticeAction(ex: Exchange): Response | null {
    const id = ex.url.searchParams.get(DISMISS_NOTICE_PARAM);
    if (id === null) return null;
    if (/^[0-9a-f]{32}$/.test(id)) ex.setCookie.push(serializeCookie(storeNoticeCookieName(id), 'hidden'));
    return redirect(ex, withoutParams(ex.url, [DISMISS_NOTICE_PARAM]));
  }

  function adminPost(ex: Exchange): Response {
    const action = requestField(ex, 'action');
    const back = safeLocalPath(ex.fields.get('_wp_http_referer'), '/');
    if (ex.request.method !== 'POST' || action !== COMING_SOON_DISMISS_ACTION) {
      // admin-post.php with an unknown action: an empty 400 answer.
      return finish(ex, { status: 400, html: '' });
    }
    if (!store.verifyNonce(ex.session, COMING_SOON_DISMISS_ACTION, ex.fields.get('_wpnonce'))) {
      return render(ex, (ctx) => renderLinkExpired(ctx, back), 403);
    }
    ex.session.comingSoonDismissed = true;
    return redirect(ex, back);
  }

  /** `wp-comments-post.php`: a review or a reply from the product page's comment form (reviews.ts). */
  function commentsPost(ex: Exchange): Response {
    const result = handleCommentPost({
      method: ex.request.method,
      fields: ex.fields,
      session: ex.session,
      user: ex.session.loggedIn ? { name: DEMO_USER.name, email: DEMO_USER.email } : null,
    });
    ex.setCookie.push(...result.setCookie);
    if (result.location) return redirect(ex, result.location, result.status);
    if (result.text !== undefined) {
      return new Response(result.text, {
        status: result.status,
        headers: { 'Content-Type': 'text/plain', ...result.headers },
      });
    }
    return finish(ex, { status: result.status, html: result.html });
  }

  // -- wishlist, checkout, account -------------------------------------------------------------

  /** The waitlist form without JavaScript (waitlist.ts): sign up, then back to the product page. */
  function waitlistAction(ex: Exchange): Response | null {
    if (ex.request.method !== 'POST' || !ex.fields.has('ckwtl_pid')) return null;
    const back = ex.url.pathname;
    if (!store.verifyNonce(ex.session, WAITLIST_NONCE_ACTION, ex.fields.get('_wpnonce'))) {
      return render(ex, (ctx) => renderLinkExpired(ctx, back), 403);
    }
    const productId = Number.parseInt(ex.fields.get('ckwtl_pid') ?? '', 10);
    const email = (ex.fields.get('ckwtl_email') ?? '').trim();
    if (!findProduct(productId) && !findVariation(productId)) {
      store.addNotice(ex.session, 'error', WAITLIST_TEXT.error);
    } else if (!isEmail(email)) {
      store.addNotice(ex.session, 'error', WAITLIST_TEXT.invalidEmail);
    } else if (ex.fields.get('ckwtl_consent') !== '1') {
      store.addNotice(ex.session, 'error', WAITLIST_TEXT.noConsent);
    } else {
      store.joinWaitlist(ex.session, productId, email);
      store.addNotice(ex.session, 'success', WAITLIST_TEXT.success);
    }
    return redirect(ex, back);
  }

  function wishlistAction(ex: Exchange): Response | null {
    const add = ex.url.searchParams.get('add-to-wishlist');
    const remove = ex.url.searchParams.get('remove-from-wishlist');
    if (add === null && remove === null) return null;
    if (!store.verifyNonce(ex.session, 'shop-islands-wishlist', ex.url.searchParams.get('_wpnonce')))
      return null;
    const product = findProduct(Number.parseInt(add ?? remove ?? '', 10));
    if (product) {
      const list = ex.session.wishlist.filter((id) => id !== product.id);
      ex.session.wishlist = add !== null ? [...list, product.id] : list;
      store.addNotice(
        ex.session,
        'success',
        `&ldquo;${escapeHtml(product.name)}&rdquo; ${add !== null ? 'has been added to' : 'has been removed from'} your wishlist.`,
      );
    }
    return redirect(ex, '/wishlist/');
  }

  /**
   * /checkout/: WooCommerce's form handlers for the posts the page's forms send it (the login form,
   * the coupon form and the checkout form itself, without JavaScript), then the page.
   */
  function checkout(ex: Exchange): Response {
    const post = ex.request.method === 'POST';
    const hasCart = () => store.cartLines(ex.session).length > 0;
    const page = (options: CheckoutRenderOptions = {}) =>
      render(ex, (ctx) => renderCheckout(ctx, { ...options, store }));
    if (post && ex.fields.has('login')) {
      // `process_login()`: the "Returning customer?" form posts to the page (it has no action).
      const outcome = processLogin(store, ex.session, ex.fields);
      if (outcome === 'expired') return render(ex, (ctx) => renderLinkExpired(ctx, '/checkout/'), 403);
      if (outcome === 'ok') return redirect(ex, '/checkout/');
      // Failed: the page below shows the error notice.
    } else if (post && ex.fields.get('apply_coupon') && ex.fields.get('coupon_code')) {
      // `update_cart_action()`: the coupon form without JavaScript; the page shows the notice.
      const result = applyCoupon(store, ex.session, ex.fields.get('coupon_code') ?? '');
      store.addNotice(ex.session, result.ok ? 'success' : 'error', result.message);
    } else if (
      post &&
      (ex.fields.has('woocommerce_checkout_place_order') ||
        ex.fields.has('woocommerce_checkout_update_totals'))
    ) {
      // `checkout_action()`: the checkout form without JavaScript (place order, or update totals).
      if (!hasCart()) return redirect(ex, '/cart/');
      const outcome = processCheckout(store, ex.session, ex.fields, ex.url.origin);
      if (outcome.ok) {
        const { order } = outcome;
        return redirect(ex, `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`);
      }
      // Printed again with what was posted and the errors at the top (none after a valid update).
      return page({ posted: ex.fields, errors: outcome.errors });
    }
    if (!hasCart()) {
      store.addNotice(ex.session, 'notice', 'Checkout is not available whilst your cart is empty.');
      return redirect(ex, '/cart/');
    }
    return page();
  }

  function myAccount(ex: Exchange): Response {
    if (ex.request.method === 'POST' && ex.fields.has('login')) {
      const username = (ex.fields.get('username') ?? '').trim();
      const password = ex.fields.get('password') ?? '';
      if (!store.verifyNonce(ex.session, 'woocommerce-login', ex.fields.get('woocommerce-login-nonce'))) {
        return render(ex, (ctx) => renderLinkExpired(ctx, '/my-account/'), 403);
      }
      if (!username) {
        store.addNotice(ex.session, 'error', '<strong>Error:</strong> Username is required.');
      } else if (username !== DEMO_LOGIN.username) {
        store.addNotice(
          ex.session,
          'error',
          `<strong>Error:</strong> The username <strong>${escapeHtml(username)}</strong> is not registered on this site. ` +
            'If you are unsure of your username, try your email address instead.',
        );
      } else if (password !== DEMO_LOGIN.password) {
        store.addNotice(
          ex.session,
          'error',
          `<strong>Error:</strong> The password you entered for the username <strong>${escapeHtml(username)}</strong> is incorrect.`,
        );
      } else {
        ex.session.loggedIn = username;
        // A login starts a new session token: every nonce printed before is stale.
        store.rotateNonces(ex.session);
        return redirect(ex, '/my-account/');
      }
      return render(ex, (ctx) => renderMyAccount(ctx, username));
    }
    return render(ex, (ctx) => renderMyAccount(ctx));
  }

  function logout(ex: Exchange): Response {
    if (store.verifyNonce(ex.session, 'log-out', ex.url.searchParams.get('_wpnonce'))) {
      ex.session.loggedIn = null;
      store.rotateNonces(ex.session);
    }
    return redirect(ex, '/my-account/');
  }

  // -- routing -------------------------------------------------------------------------------

  /**
   * The front page's query arguments WordPress turns into other pages (demo/discovery/pages.ts):
   * a search (`s`, with or without `post_type=product`; `search_id` is ignored) and the category
   * finder's no-JS form (`product_cat`: 301 to the category's pretty link, 404 when unknown).
   */
  function frontPageQuery(ex: Exchange, page = 1): Response | null {
    const search = searchRequest(ex.url);
    if (search) {
      const results = searchResults(search);
      const only = singleResultRedirect(search, results);
      if (only) return redirect(ex, only);
      if (search.productArchive || search.category) {
        if (pastLastPage(results.length, page)) return render(ex, renderNotFound, 404);
        return render(ex, (ctx) => renderProductSearch(ctx, search, results, page));
      }
      // WordPress's own search page lists everything on one page here.
      if (page > 1) return render(ex, renderNotFound, 404);
      return render(ex, (ctx) => renderSiteSearch(ctx, search, results));
    }
    const target = productCatRedirect(ex.url);
    if (target === 'not-found') return render(ex, renderNotFound, 404);
    if (target) return redirect(ex, target, 301);
    const archive = productCatArchive(ex.url);
    if (archive) return renderCategoryPage(ex, archive);
    return null;
  }

  /** A category page: the new categories list the whole catalogue, the football ones their recorded list. */
  function renderCategoryPage(ex: Exchange, category: Category, page = 1): Response {
    if (listsWholeCatalogue(category)) {
      if (pastLastPage(catalogueInCategory(category.id).length, page)) return render(ex, renderNotFound, 404);
      return render(ex, (ctx) => renderCatalogueCategory(ctx, category, page));
    }
    // The recorded football categories fit on one page.
    if (page > 1) return render(ex, renderNotFound, 404);
    return render(ex, (ctx) => renderCategory(ctx, category));
  }

  function route(ex: Exchange): Response {
    // WordPress's paged archives: `{archive}page/{n}/` (`/page/1/` is the archive itself: 301). A
    // `paged` query argument wins over the path's number, as in WP::parse_request (the ordering
    // form sends `paged=1`: a new ordering starts again at page 1).
    const pagedMatch = /^(\/(?:.*\/)?)page\/([1-9]\d*)\/$/.exec(ex.url.pathname);
    const pagedArg = ex.url.searchParams.get('paged');
    const page =
      pagedArg !== null && /^\d+$/.test(pagedArg)
        ? Math.max(1, Number(pagedArg))
        : pagedMatch
          ? Number(pagedMatch[2])
          : 1;
    const path = pagedMatch?.[1] ?? ex.url.pathname;
    if (pagedMatch && pagedArg === null && page === 1) return redirect(ex, path + ex.url.search, 301);
    if (pagedMatch || page > 1) {
      if (path === '/') {
        const paged = frontPageQuery(ex, page);
        if (paged) return paged;
        if (pagedMatch) return render(ex, renderNotFound, 404);
      } else {
        const archive = /^\/product-category\/((?:[a-z0-9-]+\/)+)$/.exec(path);
        const slugs = archive?.[1]?.split('/').filter(Boolean) ?? [];
        const category = CATEGORIES.find((c) => c.slug === slugs[slugs.length - 1]);
        if (category && categoryUrl(category.id) === path) return renderCategoryPage(ex, category, page);
        if (pagedMatch) return render(ex, renderNotFound, 404);
      }
    }
    if (path === '/') return frontPageQuery(ex) ?? render(ex, renderHome);
    if (path === '/gear/') return render(ex, renderGear);
    // Issue #16's chrome pages (demo/chrome/): menus, popups, contact, sliders, the landing page.
    const chrome = chromePage(path);
    if (chrome) return render(ex, chrome);
    if (path === '/smart-search/') return render(ex, renderSmartSearch);
    if (path === '/shop/') return render(ex, renderShop);
    if (path === '/cart/') {
      // `WC_Shortcode_Cart::output()`: the shipping calculator's post is handled as the page prints.
      if (ex.request.method === 'POST') calculateShipping(store, ex.session, ex.fields);
      return render(ex, renderCart);
    }
    if (path === '/checkout/') return checkout(ex);
    const order = /^\/checkout\/order-received\/(\d+)\/$/.exec(path);
    if (order) {
      const id = Number(order[1]);
      // An order placed through wc-ajax=checkout is recorded (demo/checkout/): shown with its key
      // (only `key` is read: a payment provider's return adds arguments such as `utm_nooverride=1`).
      const recorded = findOrder(store, id, ex.session);
      if (recorded) {
        const key = ex.url.searchParams.get('key');
        return render(ex, (ctx) => renderRecordedOrderReceived(ctx, recorded, key));
      }
      return id === ex.session.lastOrderId
        ? render(ex, (ctx) => renderOrderReceived(ctx, id))
        : render(ex, renderNotFound, 404);
    }
    // WooCommerce Subscriptions' pages: My Account's, and the order-pay endpoint's change-payment
    // page with its form's post (demo/checkout/subscription-change.ts).
    const subscription = handleSubscriptionPages(store, ex.session, {
      method: ex.request.method,
      url: ex.url,
      fields: ex.fields,
    });
    if (subscription) {
      return 'location' in subscription
        ? redirect(ex, subscription.location)
        : render(ex, subscription.page, subscription.status);
    }
    // The customer payment page of a pending order, and its form's post (demo/checkout/order-pay.ts).
    const orderPay = /^\/checkout\/order-pay\/(\d+)\/$/.exec(path);
    if (orderPay) {
      const outcome = handleOrderPay(store, ex.session, Number(orderPay[1]), {
        method: ex.request.method,
        url: ex.url,
        fields: ex.fields,
      });
      return 'location' in outcome ? redirect(ex, outcome.location) : render(ex, outcome.page);
    }
    if (path === '/my-account/') return myAccount(ex);
    if (path === '/my-account/customer-logout/') return logout(ex);
    // My Account's payment methods and the add-payment-method form's post (demo/checkout/account-payment.ts).
    const accountPayment = handleAccountPayment(store, ex.session, {
      method: ex.request.method,
      url: ex.url,
      fields: ex.fields,
    });
    if (accountPayment) {
      return 'location' in accountPayment
        ? redirect(ex, accountPayment.location)
        : render(ex, accountPayment.page);
    }
    if (path === '/wishlist/') return render(ex, renderWishlist);
    // `comment-page-N/`: WordPress's paginated comments permalink (the demo lists every review on each).
    const productMatch = /^\/product\/([a-z0-9-]+)\/(?:comment-page-\d+\/)?$/.exec(path);
    if (productMatch?.[1]) {
      const product = findProductBySlug(productMatch[1]);
      if (product) return render(ex, (ctx) => renderProduct(ctx, product));
    }
    const categoryMatch = /^\/product-category\/((?:[a-z0-9-]+\/)+)$/.exec(path);
    if (categoryMatch?.[1]) {
      const slugs = categoryMatch[1].split('/').filter(Boolean);
      const category = CATEGORIES.find((c) => c.slug === slugs[slugs.length - 1]);
      if (category) {
        const canonical = categoryUrl(category.id);
        // WordPress redirects a partial term path to the canonical one.
        if (canonical !== path) return redirect(ex, canonical + ex.url.search, 301);
        return renderCategoryPage(ex, category);
      }
    }
    // WordPress adds the trailing slash of pretty permalinks.
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path))
      return redirect(ex, `${path}/${ex.url.search}`, 301);
    return render(ex, renderNotFound, 404);
  }

  return async function handlePage(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const cookieHeader = request.headers.get('cookie') ?? '';
    // Step 01: WooCommerce starts the guest session on the first page view.
    const { session, setCookie } = store.ensureSession(cookieHeader);
    const ex: Exchange = {
      request,
      url,
      cookieHeader,
      cookies: parseCookies(cookieHeader),
      session,
      setCookie,
      fields: await readForm(request),
    };

    if (url.pathname === '/wp-admin/admin-post.php') return adminPost(ex);
    if (url.pathname === '/wp-comments-post.php') return commentsPost(ex);
    const early =
      dismissNoticeAction(ex) ??
      removeItemAction(ex) ??
      updateCartAction(ex) ??
      wishlistAction(ex) ??
      waitlistAction(ex);
    if (early) return early;

    if (addToCartAction(ex) && request.method !== 'POST') {
      // A link (`?add-to-cart=ID`): add, then drop the arguments so a reload does not add again.
      return redirect(ex, withoutParams(url, ['add-to-cart', 'quantity']));
    }
    if (request.method !== 'POST' && url.searchParams.has('add-to-cart')) {
      // A refused add: the error notice shows on the page without the argument.
      return redirect(ex, withoutParams(url, ['add-to-cart', 'quantity']));
    }
    return route(ex);
  };
}
