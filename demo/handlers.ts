/**
 * The demo's stand-in for WooCommerce's endpoints, as MSW 2 handlers: the same array serves Storybook
 * (msw-storybook-addon, in the browser), component tests (msw/node) and the dev server (server.ts,
 * through msw's `getResponse`). Status codes, bodies, headers and cookies follow the recorded
 * WooCommerce 9.9 traffic in /work/shared/woocommerce-samples (step numbers cited below).
 *
 * Sessions are keyed by the `wp_woocommerce_session_demo` cookie read from the request's Cookie header.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { HTML_TYPE, JSON_TYPE, NO_CACHE_HEADERS } from './ajax-headers';
import { createAndConfirmSetupIntent, SETUP_INTENT_ACTION } from './checkout/account-payment';
import { createExpressCheckoutHandlers } from './checkout/express';
import { createCheckoutHandlers } from './checkout/handlers';
import { commercekitAjax, isCommercekitAction } from './commercekit';
import { liveSearchAnswer } from './discovery/live-search';
import { refreshLoopAnswer } from './discovery/loop-filter';
import { ysmSearchAnswer } from './discovery/smart-search';
import { DEMO_USER, findProduct } from './fixtures';
import { refreshedFragments } from './fragments';
import { SALE_PRICES_ACTION, salePricesResponse } from './sale-prices';
import { chromeAdminAjax } from './chrome';
import { placeholderSvg, imageKeyFromPath } from './svg';
import { store as defaultStore, type DemoStore, type Session } from './store';
import { findMatchingVariation, variationData } from './variations';

export interface HandlerOptions {
  store?: DemoStore;
  /**
   * Use one shared session when a request carries no valid session cookie. For single-shopper
   * browser contexts (Storybook): MSW cannot set an HttpOnly cookie in the browser.
   */
  singleSession?: boolean;
}

function respond(
  body: string,
  init: { status?: number; contentType: string; setCookie?: string[]; headers?: Record<string, string> },
): Response {
  const headers = new Headers({ ...NO_CACHE_HEADERS, 'Content-Type': init.contentType, ...init.headers });
  for (const cookie of init.setCookie ?? []) headers.append('Set-Cookie', cookie);
  return new HttpResponse(body, { status: init.status ?? 200, headers });
}

function json(
  value: unknown,
  init: { status?: number; setCookie?: string[]; headers?: Record<string, string> } = {},
) {
  return respond(JSON.stringify(value), { ...init, contentType: JSON_TYPE });
}

/** Form fields from a urlencoded or multipart body, plus the query string (PHP's `$_REQUEST`). */
async function readRequestFields(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams(new URL(request.url).search);
  if (request.method === 'GET' || request.method === 'HEAD') return fields;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('multipart/form-data')) {
      const form = await request.formData();
      form.forEach((value, key) => {
        if (typeof value === 'string') fields.set(key, value);
      });
    } else {
      new URLSearchParams(await request.text()).forEach((value, key) => fields.set(key, value));
    }
  } catch {
    // An unreadable body is an empty one, as for PHP.
  }
  return fields;
}

/** PHP's `absint()`: leading digits, 0 otherwise. */
function absint(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isNaN(n) ? 0 : Math.abs(n);
}

export function createHandlers(options: HandlerOptions = {}): RequestHandler[] {
  const store = options.store ?? defaultStore;
  /** `name=value` of the shared session's cookie (single-session mode). */
  let singleSessionCookie = '';

  /** The Cookie header, or the shared session's cookie in single-session mode. */
  function cookieHeader(request: Request): string {
    const header = request.headers.get('cookie') ?? '';
    if (!options.singleSession || store.peekSession(header)) return header;
    if (!store.peekSession(singleSessionCookie)) {
      const { setCookie } = store.ensureSession('');
      singleSessionCookie = (setCookie[0] ?? '').split(';')[0] ?? '';
    }
    return `${header}; ${singleSessionCookie}`;
  }

  function originOf(request: Request): string {
    return new URL(request.url).origin;
  }

  // -- wc-ajax endpoints (WC_AJAX) -----------------------------------------------------------

  type Endpoint = (request: Request, fields: URLSearchParams) => Response;

  const getRefreshedFragments: Endpoint = (request) => {
    // Steps 06, 19, 68: read-only; no cookie is set, even without a session.
    const session = store.peekSession(cookieHeader(request));
    return json(refreshedFragments(session));
  };

  const addToCart: Endpoint = (request, fields) => {
    const cookies = cookieHeader(request);
    const { session, setCookie } = store.ensureSession(cookies);
    const productId = absint(fields.get('product_id'));
    // `empty($_POST['quantity']) ? 1 : wc_stock_amount(...)`
    const rawQuantity = fields.get('quantity');
    const quantity = !rawQuantity || rawQuantity === '0' ? 1 : Number.parseInt(rawQuantity, 10);
    // WC_AJAX::add_to_cart reads product_id and quantity only: a variation id resolves its parent
    // and attributes (step 17); the variable parent alone is refused (step 11).
    const result = store.addToCart(session, { productId, quantity: Number.isNaN(quantity) ? 0 : quantity });
    if (!result.ok) {
      // Steps 09, 10, 11: HTTP 200, no cart cookies.
      const productUrlAbsolute = result.productUrl === false ? false : originOf(request) + result.productUrl;
      return json({ error: true, product_url: productUrlAbsolute }, { setCookie });
    }
    // Steps 07, 08, 58: fragments + cart cookies (+ the session cookie on a first add).
    return json(refreshedFragments(session), {
      setCookie: [...store.cartCookies(session, cookies), ...setCookie],
    });
  };

  const removeFromCart: Endpoint = (request, fields) => {
    const cookies = cookieHeader(request);
    const session = store.peekSession(cookies);
    const key = (fields.get('cart_item_key') ?? '').trim();
    if (!key || !store.removeCartItem(session, key)) {
      // Step 35: `wp_send_json_error()` with no data.
      return json({ success: false });
    }
    // Step 34: fragments + the new hash cookie (both cart cookies deleted when the cart empties).
    return json(refreshedFragments(session), { setCookie: store.cartCookies(session, cookies) });
  };

  const getVariation: Endpoint = (request, fields) => {
    const product = findProduct(absint(fields.get('product_id')));
    // Unknown product: `wp_die()` → empty 200 body.
    if (!product) return respond('', { contentType: HTML_TYPE });
    if (product.type !== 'variable') return json(false);
    const chosen = Object.fromEntries([...fields.entries()].filter(([k]) => k.startsWith('attribute_')));
    const variation = findMatchingVariation(product, chosen);
    // Steps 13-15; step 16: `false` when nothing matches.
    return json(variation ? variationData(product, variation, originOf(request)) : false);
  };

  const wcAjaxEndpoints: Record<string, Endpoint> = {
    get_refreshed_fragments: getRefreshedFragments,
    add_to_cart: addToCart,
    remove_from_cart: removeFromCart,
    get_variation: getVariation,
  };

  // -- REST (wp-json) ------------------------------------------------------------------------

  function restJson(
    value: unknown,
    status: number,
    session: Session | null,
    authenticated: boolean,
    extraHeaders: Record<string, string> = {},
  ): Response {
    const headers: Record<string, string> = {
      'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'Access-Control-Allow-Headers':
        'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
      ...extraHeaders,
    };
    // rest_send_refreshed_nonce: cookie-authenticated answers carry the current nonce.
    if (authenticated && session) headers['X-WP-Nonce'] = store.nonce(session, 'wp_rest');
    return new HttpResponse(JSON.stringify(value), {
      status,
      headers: {
        'Content-Type': JSON_TYPE,
        'X-Robots-Tag': 'noindex',
        'X-Content-Type-Options': 'nosniff',
        ...headers,
      },
    });
  }

  /** `rest_send_nocache_headers`, which WordPress turns on for a failed cookie check. */
  const REST_NO_CACHE = {
    Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
    'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
  };
  const invalidNonce = {
    code: 'rest_cookie_invalid_nonce',
    message: 'Cookie check failed',
    data: { status: 403 },
  };
  const invalidUserId = { code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } };
  const invalidJson = {
    code: 'rest_invalid_json',
    message: 'Invalid JSON body passed.',
    data: { status: 400 },
  };
  /** WP_REST_Request::parse_json_params(): the error data carries PHP's json_last_error() code and message. */
  const invalidJsonBody = {
    ...invalidJson,
    data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
  };
  const noRoute = {
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
    data: { status: 404 },
  };

  /** A REST request's JSON body: `{}` when empty; throws on a body that does not parse. */
  async function readJsonBody(request: Request): Promise<unknown> {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : {};
  }

  /**
   * The body parameters WP_REST_Request reads: a JSON body when the Content-Type says JSON (one that
   * does not parse throws: WordPress answers 400 `rest_invalid_json` once the route is matched,
   * `has_valid_params()`), form fields for a urlencoded or multipart body, none otherwise.
   */
  async function readRestParams(request: Request): Promise<unknown> {
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    if (type.includes('json')) return readJsonBody(request);
    if (type.includes('x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return Object.fromEntries(await readRequestFields(request));
    }
    return {};
  }

  function userJson(request: Request, session: Session | null): Record<string, unknown> {
    const origin = originOf(request);
    return {
      id: DEMO_USER.id,
      name: DEMO_USER.name,
      url: '',
      description: '',
      link: `${origin}/author/${DEMO_USER.slug}/`,
      slug: DEMO_USER.slug,
      avatar_urls: {},
      meta: [],
      woocommerce_meta: {
        coming_soon_banner_dismissed: session?.comingSoonDismissed ? 'yes' : 'no',
      },
    };
  }

  async function rest(request: Request, route: string): Promise<Response> {
    const session = store.peekSession(cookieHeader(request));
    const url = new URL(request.url);
    const nonce = request.headers.get('x-wp-nonce') ?? url.searchParams.get('_wpnonce');
    const method = request.method.toUpperCase();
    const nonceOk = store.verifyNonce(session, 'wp_rest', nonce);
    // rest_cookie_check_errors runs before routing: a wrong nonce fails on any route.
    // The real WordPress 6.9 answers it without X-WP-Nonce and with its no-cache headers.
    if (nonce !== null && !nonceOk) return restJson(invalidNonce, 403, session, false, REST_NO_CACHE);

    const normalized = route.replace(/\/+$/, '') || '/';
    if (normalized === '/' && method === 'GET') {
      return restJson(
        { name: 'Shop Islands Demo', url: originOf(request), namespaces: ['wp/v2'], routes: {} },
        200,
        session,
        nonceOk,
      );
    }
    // The smart search's suggestions (storefront.md §7 "Search"; demo/discovery/smart-search.ts). The
    // nonce check above already ran: a stale X-WP-Nonce is the 403 `rest_cookie_invalid_nonce` without
    // any X-WP-Nonce header (so the widget clears its nonce and retries, storefront.md §8); an answer
    // to a verified nonce carries the current one, a guest's too (the real WordPress 6.9 does both);
    // no nonce at all, no header. `Allow` as WordPress adds it on a matched route.
    if (normalized === '/ysm/v1/search' && method === 'GET') {
      return restJson(ysmSearchAnswer(url.searchParams, originOf(request)), 200, session, nonceOk, {
        Allow: 'GET',
      });
    }
    // Elementor Pro's loop filter (storefront.md §7 "Listing filters"; demo/discovery/loop-filter.ts).
    if (normalized === '/elementor-pro/v1/refresh-loop' && method === 'POST') {
      let body: unknown;
      try {
        body = await readRestParams(request);
      } catch {
        return restJson(invalidJsonBody, 400, session, nonceOk, { Allow: 'POST' });
      }
      // Elementor Pro reads the grid's page from the request's query (`e-page-{widget_id}`).
      const answer = refreshLoopAnswer(body, originOf(request), { query: url.searchParams });
      return restJson(answer.body, answer.status, session, nonceOk, { Allow: 'POST' });
    }
    const userRoute = /^\/wp\/v2\/users\/(\d+|me)$/.exec(normalized);
    if (userRoute) {
      const id = userRoute[1] === 'me' ? DEMO_USER.id : Number(userRoute[1]);
      if (method === 'GET') {
        if (id !== DEMO_USER.id) return restJson(invalidUserId, 404, session, nonceOk);
        return restJson(userJson(request, session), 200, session, nonceOk);
      }
      if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
        // The banner's dismissal (storefront.md §7): WordPress's cookie check with X-WP-Nonce.
        if (!nonceOk || !session) return restJson(invalidNonce, 403, session, false);
        if (id !== DEMO_USER.id) return restJson(invalidUserId, 404, session, true);
        let body: unknown = null;
        try {
          body = await readJsonBody(request);
        } catch {
          return restJson(invalidJson, 400, session, true);
        }
        const meta = (body as { woocommerce_meta?: Record<string, unknown> } | null)?.woocommerce_meta;
        if (meta && meta.coming_soon_banner_dismissed !== undefined) {
          session.comingSoonDismissed = meta.coming_soon_banner_dismissed === 'yes';
        }
        return restJson(userJson(request, session), 200, session, true);
      }
    }
    return restJson(noRoute, 404, session, nonceOk);
  }

  // -- admin-ajax.php ------------------------------------------------------------------------

  async function adminAjax(request: Request): Promise<Response> {
    const fields = await readRequestFields(request);
    const action = fields.get('action') ?? '';
    if (action === 'rest-nonce') {
      // WordPress core's wp_ajax_rest_nonce: `exit( wp_create_nonce( 'wp_rest' ) )`, plain text.
      const { session, setCookie } = store.ensureSession(cookieHeader(request));
      return respond(store.nonce(session, 'wp_rest'), { contentType: HTML_TYPE, setCookie });
    }
    if (action === 'commercekit_ajax_search') {
      // CommerceKit's live search (storefront.md §7 "Search"; demo/discovery/live-search.ts): GET or
      // POST, JSON with HTTP 200 whatever it found; no session needed.
      return json(liveSearchAnswer(fields.get('query') ?? '', originOf(request)));
    }
    if (isCommercekitAction(action)) {
      // CommerceKit's wishlist and waitlist (storefront.md §7): JSON, HTTP 200 whatever the status;
      // an add to cart also brings the cart cookies up to date, as WooCommerce does on any request.
      const cookies = cookieHeader(request);
      const { session, setCookie } = store.ensureSession(cookies);
      const body = commercekitAjax(store, session, action, fields);
      return json(body, { setCookie: [...store.cartCookies(session, cookies), ...setCookie] });
    }
    if (action === SETUP_INTENT_ACTION) {
      // The card gateway's setup intent (demo/checkout/account-payment.ts); a guest gets the "0" below.
      const session = store.peekSession(cookieHeader(request));
      const answer = createAndConfirmSetupIntent(store, session, fields, originOf(request));
      if (answer) return json(answer);
    }
    // The site chrome's actions (issue #16: the callback request form, demo/chrome/).
    const chrome = chromeAdminAjax(action, fields, request);
    if (chrome) return chrome;
    // Shoptimizer's sale badge percents (storefront.md §7 "Variations"; demo/sale-prices.ts).
    if (action === SALE_PRICES_ACTION) return json(salePricesResponse(fields));
    // WooCommerce registers every wc-ajax event as `woocommerce_{event}` too (steps 20, 21).
    const endpoint = action.startsWith('woocommerce_')
      ? wcAjaxEndpoints[action.slice('woocommerce_'.length)]
      : undefined;
    if (endpoint) return endpoint(request, fields);
    // Step 22: unknown action → "0" with HTTP 400.
    return respond('0', {
      status: 400,
      contentType: HTML_TYPE,
      headers: {
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'X-Frame-Options': 'SAMEORIGIN',
        'Content-Security-Policy': "frame-ancestors 'self';",
      },
    });
  }

  return [
    // The Stripe gateway's express checkout endpoints and the Store API (demo/checkout/express.ts).
    ...createExpressCheckoutHandlers({ store, cookieHeader }),
    // The classic checkout's wc-ajax endpoints (demo/checkout/), before the catch-all below.
    ...createCheckoutHandlers({ store, cookieHeader }),
    // wc-ajax: WooCommerce reads the `wc-ajax` query argument on any path and any method.
    http.all('*', async ({ request }) => {
      const endpointName = new URL(request.url).searchParams.get('wc-ajax');
      if (!endpointName) return undefined;
      const endpoint = Object.hasOwn(wcAjaxEndpoints, endpointName)
        ? wcAjaxEndpoints[endpointName]
        : undefined;
      // Step 23: unknown endpoint → empty 200 text/html (WooCommerce still short-circuits the page).
      if (!endpoint) return respond('', { contentType: HTML_TYPE });
      return endpoint(request, await readRequestFields(request));
    }),
    // REST through the plain-permalink form: `/?rest_route=/wp/v2/users/1`.
    http.all('*', async ({ request }) => {
      const route = new URL(request.url).searchParams.get('rest_route');
      if (route === null) return undefined;
      return rest(request, route.startsWith('/') ? route : `/${route}`);
    }),
    http.all('*/wp-admin/admin-ajax.php', ({ request }) => adminAjax(request)),
    http.all('*/wp-json*', ({ request }) => {
      const { pathname } = new URL(request.url);
      const index = pathname.indexOf('/wp-json');
      const rest_ = pathname.slice(index + '/wp-json'.length);
      // `/wp-jsonfoo` is not the REST root.
      if (rest_ !== '' && !rest_.startsWith('/')) return undefined;
      return rest(request, rest_ || '/');
    }),
    // The catalogue's placeholder images, so product images also show in Storybook.
    http.get('*/demo-assets/img/:file', ({ request }) => {
      const key = imageKeyFromPath(new URL(request.url).pathname);
      const svg = key ? placeholderSvg(key) : null;
      if (!svg) return undefined;
      return new HttpResponse(svg, {
        headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
      });
    }),
  ];
}

/** The handlers over the shared store (`resetStore()` clears it between tests). */
export const handlers: RequestHandler[] = createHandlers();
