/**
 * The MSW handlers against the recorded WooCommerce traffic (/work/shared/woocommerce-samples):
 * shapes, status codes, headers and cookies. Runs in the default (jsdom) environment, as component
 * tests that use these handlers do.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from './handlers';
import { md5 } from './md5';
import { resetStore, SESSION_COOKIE, store } from './store';
import { cookieClient } from './test-client';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// MSW keeps a cookie jar per origin: a fresh origin per test keeps tests independent.
let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://shop${counter}.localhost`;
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };

/** A browser-like client: sends the cookies it was given back (explicitly, in the Cookie header). */
function client() {
  const { jar, send, cookieHeader } = cookieClient(origin, (request) => fetch(request));
  const post = (path: string, body: string, headers: Record<string, string> = FORM) =>
    send(path, { method: 'POST', body, headers });
  return { jar, send, post, cookieHeader };
}

function cookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
}

const FRAGMENT_KEYS = ['div.widget_shopping_cart_content', 'a.cart-contents', 'a.footer-cart-contents'];

describe('wc-ajax get_refreshed_fragments', () => {
  it('answers an empty cart with cart_hash "" and sets no cookie (steps 06, 68)', async () => {
    const c = client();
    const response = await c.post('/?wc-ajax=get_refreshed_fragments', 'time=1700000000000');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe(
      'no-cache, must-revalidate, max-age=0, no-store, private',
    );
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as { fragments: Record<string, string>; cart_hash: string };
    expect(Object.keys(body)).toEqual(['fragments', 'cart_hash']);
    expect(Object.keys(body.fragments)).toEqual(FRAGMENT_KEYS);
    expect(body.cart_hash).toBe('');
    expect(body.fragments['div.widget_shopping_cart_content']).toContain(
      '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>',
    );
    expect(body.fragments['a.cart-contents']).toContain('<span class="count">0 items</span>');
    expect(body.fragments['a.footer-cart-contents']).toContain('<span class="count">0</span>');
  });

  it('matches the query argument on any path (WooCommerce reads $_GET["wc-ajax"])', async () => {
    const response = await client().post('/product/shin-pads/?wc-ajax=get_refreshed_fragments', 'time=1');
    expect(Object.keys(((await response.json()) as { fragments: object }).fragments)).toEqual(FRAGMENT_KEYS);
  });
});

describe('wc-ajax add_to_cart', () => {
  it('adds a simple product: fragments, hash, session and cart cookies (steps 07, 58)', async () => {
    const c = client();
    const response = await c.post('/?wc-ajax=add_to_cart', 'product_sku=BALL-001&product_id=13&quantity=2');
    expect(response.status).toBe(200);
    expect(cookieNames(response).sort()).toEqual([
      'woocommerce_cart_hash',
      'woocommerce_items_in_cart',
      SESSION_COOKIE,
    ]);
    const cookies = response.headers.getSetCookie();
    // WooCommerce always sends "1", whatever the count (step 07: 2 items, value 1).
    expect(cookies).toContain('woocommerce_items_in_cart=1; path=/');
    const session = cookies.find((s) => s.startsWith(SESSION_COOKIE))!;
    expect(session).toMatch(
      /^wp_woocommerce_session_demo=t_[0-9a-f]{30}%7C%7C\d+%7C%7C\d+%7C%7C[0-9a-f]{32}; expires=.+; Max-Age=172800; path=\/; HttpOnly$/,
    );

    const body = (await response.json()) as { fragments: Record<string, string>; cart_hash: string };
    expect(body.cart_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(cookies).toContain(`woocommerce_cart_hash=${body.cart_hash}; path=/`);
    const mini = body.fragments['div.widget_shopping_cart_content']!;
    // Product 13's cart item key is md5("13"), as in step 07.
    const key = md5('13');
    expect(key).toBe('c51ce410c124a10e0db5e4b97fc2af39');
    const nonce = store.nonce(store.peekSession(c.cookieHeader())!, 'woocommerce-cart');
    expect(mini).toContain(
      `<a href="/cart/?remove_item=${key}&#038;_wpnonce=${nonce}" class="remove remove_from_cart_button" ` +
        `aria-label="Remove Pro Match Football from cart" data-product_id="13" data-cart_item_key="${key}" data-product_sku="BALL-001"`,
    );
    expect(mini).toContain('<span class="quantity">2 &times; ');
    expect(mini).toContain('&euro;</span>99.98</bdi>');
    expect(body.fragments['a.cart-contents']).toContain('99.98</span> <span class="count">2 items</span>');
    expect(body.fragments['a.footer-cart-contents']).toContain('<span class="count">2</span>');
  });

  it('sends only the cookies that changed (step 08)', async () => {
    const c = client();
    await c.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    const response = await c.post('/?wc-ajax=add_to_cart', 'product_id=16&quantity=1');
    expect(cookieNames(response)).toEqual(['woocommerce_cart_hash']);
    const body = (await response.json()) as { fragments: Record<string, string> };
    expect(body.fragments['a.cart-contents']).toContain('64.98</span> <span class="count">2 items</span>');
  });

  it.each([
    ['out of stock (step 09)', 'product_id=15&quantity=1', '/product/goalkeeper-gloves/'],
    ['over stock (step 10)', 'product_id=14&quantity=5', '/product/shin-pads/'],
    ['the variable parent (step 11)', 'product_id=18&quantity=1', '/product/junior-football-boots/'],
    ['the inactive variation', 'product_id=25&quantity=1', '/product/junior-football-boots/'],
    ['the out-of-stock variation', 'product_id=24&quantity=1', '/product/junior-football-boots/'],
  ])('refuses %s with {error, product_url} and no cart cookies', async (_label, body, path) => {
    const c = client();
    const response = await c.post('/?wc-ajax=add_to_cart', body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: true, product_url: `${origin}${path}` });
    expect(cookieNames(response)).not.toContain('woocommerce_cart_hash');
    expect(cookieNames(response)).not.toContain('woocommerce_items_in_cart');
  });

  it('leaves WooCommerce’s error notice in the session (step 10 note)', async () => {
    const c = client();
    await c.post('/?wc-ajax=add_to_cart', 'product_id=14&quantity=5');
    const session = store.peekSession(c.cookieHeader())!;
    expect(session.notices).toEqual([
      {
        type: 'error',
        html: 'You cannot add that amount of &quot;Shin Pads&quot; to the cart because there is not enough stock (3 remaining).',
      },
    ]);
  });

  it('accepts a variation id and names the line like WooCommerce (step 17)', async () => {
    const response = await client().post('/?wc-ajax=add_to_cart', 'product_id=22&quantity=1');
    const body = (await response.json()) as { fragments: Record<string, string> };
    const mini = body.fragments['div.widget_shopping_cart_content']!;
    expect(mini).toContain(
      'aria-label="Remove Junior Football Boots - UK 2, Blue from cart" data-product_id="18"',
    );
    expect(mini).toContain('data-product_sku="BOOT-JR-2-BLU"');
    expect(mini).toContain(
      'href="/product/junior-football-boots/?attribute_pa_size=uk-2&#038;attribute_colour=Blue"',
    );
    expect(mini).toContain('&euro;</span>29.99</bdi>');
  });

  it('adds a sold-individually product once', async () => {
    const c = client();
    const first = await c.post('/?wc-ajax=add_to_cart', 'product_id=17&quantity=3');
    expect(
      ((await first.json()) as { fragments: Record<string, string> }).fragments['a.footer-cart-contents'],
    ).toContain('<span class="count">1</span>');
    const second = await c.post('/?wc-ajax=add_to_cart', 'product_id=17&quantity=1');
    expect(await second.json()).toEqual({ error: true, product_url: `${origin}/product/kit-bag/` });
  });

  it('is also reachable as admin-ajax action woocommerce_add_to_cart (step 21)', async () => {
    const response = await client().post(
      '/wp-admin/admin-ajax.php',
      'action=woocommerce_add_to_cart&product_id=13',
    );
    expect(Object.keys(((await response.json()) as { fragments: object }).fragments)).toEqual(FRAGMENT_KEYS);
  });
});

describe('wc-ajax remove_from_cart', () => {
  it('removes a line and sends the new hash (step 34)', async () => {
    const c = client();
    await c.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    await c.post('/?wc-ajax=add_to_cart', 'product_id=16&quantity=1');
    const response = await c.post('/?wc-ajax=remove_from_cart', `cart_item_key=${md5('13')}`);
    expect(cookieNames(response)).toEqual(['woocommerce_cart_hash']);
    const body = (await response.json()) as { fragments: Record<string, string>; cart_hash: string };
    expect(Object.keys(body.fragments)).toEqual(FRAGMENT_KEYS);
    expect(body.fragments['div.widget_shopping_cart_content']).not.toContain('Pro Match Football');
    expect(body.fragments['div.widget_shopping_cart_content']).toContain('Training Ball');
  });

  it('deletes both cart cookies when the cart empties, and answers cart_hash ""', async () => {
    const c = client();
    await c.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    const response = await c.post('/?wc-ajax=remove_from_cart', `cart_item_key=${md5('13')}`);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^woocommerce_items_in_cart=0; expires=.+ GMT; Max-Age=0; path=\/$/);
    expect(cookies[1]).toMatch(/^woocommerce_cart_hash=0; expires=.+ GMT; Max-Age=0; path=\/$/);
    expect(((await response.json()) as { cart_hash: string }).cart_hash).toBe('');
  });

  it('answers a bad key exactly as recorded (step 35)', async () => {
    const c = client();
    await c.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=1');
    const response = await c.post(
      '/?wc-ajax=remove_from_cart',
      'cart_item_key=0123456789abcdef0123456789abcdef',
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"success":false}');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('wc-ajax get_variation', () => {
  it('answers the variation object with every key of step 13', async () => {
    const response = await client().post(
      '/?wc-ajax=get_variation',
      'attribute_pa_size=uk-2&attribute_colour=Blue&product_id=18',
    );
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'attributes',
      'availability_html',
      'backorders_allowed',
      'dimensions',
      'dimensions_html',
      'display_price',
      'display_regular_price',
      'image',
      'image_id',
      'is_downloadable',
      'is_in_stock',
      'is_purchasable',
      'is_sold_individually',
      'is_virtual',
      'max_qty',
      'min_qty',
      'price_html',
      'sku',
      'variation_description',
      'variation_id',
      'variation_is_active',
      'variation_is_visible',
      'weight',
      'weight_html',
    ]);
    expect(body).toMatchObject({
      attributes: { attribute_pa_size: 'uk-2', attribute_colour: 'Blue' },
      display_price: 29.99,
      display_regular_price: 39.99,
      sku: 'BOOT-JR-2-BLU',
      variation_id: 22,
      is_in_stock: true,
      is_sold_individually: 'no',
      min_qty: 1,
      max_qty: '',
      weight_html: '0.8 kg',
    });
    expect(Object.keys(body.image as object)).toEqual(
      expect.arrayContaining([
        'src',
        'src_h',
        'src_w',
        'srcset',
        'sizes',
        'title',
        'caption',
        'alt',
        'full_src',
        'full_src_w',
        'full_src_h',
        'gallery_thumbnail_src',
      ]),
    );
  });

  it('answers out of stock (step 14), inactive, and false for no match (step 16)', async () => {
    const c = client();
    const out = (await (
      await c.post('/?wc-ajax=get_variation', 'attribute_pa_size=uk-3&attribute_colour=Blue&product_id=18')
    ).json()) as Record<string, unknown>;
    expect(out).toMatchObject({
      is_in_stock: false,
      availability_html: '<p class="stock out-of-stock">Out of stock</p>\r\n',
    });
    const inactive = (await (
      await c.post('/?wc-ajax=get_variation', 'attribute_pa_size=uk-4&attribute_colour=Black&product_id=18')
    ).json()) as Record<string, unknown>;
    expect(inactive).toMatchObject({ variation_id: 25, variation_is_active: false });
    const none = await c.post(
      '/?wc-ajax=get_variation',
      'attribute_pa_size=uk-9&attribute_colour=Red&product_id=18',
    );
    expect(await none.text()).toBe('false');
  });
});

describe('unknown endpoints', () => {
  it('answers an unknown wc-ajax endpoint with an empty 200 text/html (step 23)', async () => {
    const response = await client().post('/?wc-ajax=no_such_endpoint', 'x=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await response.text()).toBe('');
  });

  it('answers an unknown admin-ajax action with HTTP 400 and "0" (step 22)', async () => {
    const response = await client().post('/wp-admin/admin-ajax.php', 'action=no_such_action');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await response.text()).toBe('0');
  });
});

describe('admin-ajax rest-nonce and the REST user route', () => {
  const DISMISS = JSON.stringify({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });

  it('returns the session’s wp_rest nonce as plain text', async () => {
    const c = client();
    const response = await c.post('/wp-admin/admin-ajax.php', 'action=rest-nonce');
    expect(response.status).toBe(200);
    const nonce = await response.text();
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(cookieNames(response)).toEqual([SESSION_COOKIE]);
    // Same session, same nonce; GET works too ($_REQUEST).
    expect(await (await c.send('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).toBe(nonce);
  });

  it('refuses the banner dismissal without or with a wrong X-WP-Nonce (403 rest_cookie_invalid_nonce)', async () => {
    const c = client();
    await c.post('/wp-admin/admin-ajax.php', 'action=rest-nonce');
    const expected = {
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
      data: { status: 403 },
    };
    const attempts: Record<string, string>[] = [
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', 'X-WP-Nonce': 'deadbeef00' },
    ];
    for (const headers of attempts) {
      const response = await c.post('/wp-json/wp/v2/users/1', DISMISS, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(expected);
    }
    expect(store.peekSession(c.cookieHeader())!.comingSoonDismissed).toBe(false);
  });

  it('stores the dismissal with a good nonce, also through ?rest_route=', async () => {
    const c = client();
    const nonce = await (await c.post('/wp-admin/admin-ajax.php', 'action=rest-nonce')).text();
    const response = await c.post('/wp-json/wp/v2/users/1', DISMISS, {
      'Content-Type': 'application/json',
      'X-WP-Nonce': nonce,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-nonce')).toBe(nonce);
    expect(await response.json()).toMatchObject({
      id: 1,
      woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
    });
    expect(store.peekSession(c.cookieHeader())!.comingSoonDismissed).toBe(true);

    const viaQuery = await c.post(
      '/?rest_route=/wp/v2/users/1',
      JSON.stringify({ woocommerce_meta: { coming_soon_banner_dismissed: 'no' } }),
      {
        'Content-Type': 'application/json',
        'X-WP-Nonce': nonce,
      },
    );
    expect(viaQuery.status).toBe(200);
    expect(store.peekSession(c.cookieHeader())!.comingSoonDismissed).toBe(false);
  });

  it('refuses a nonce once the session’s nonces are rotated (an expired nonce)', async () => {
    const c = client();
    const nonce = await (await c.post('/wp-admin/admin-ajax.php', 'action=rest-nonce')).text();
    store.rotateNonces(store.peekSession(c.cookieHeader())!);
    const response = await c.post('/wp-json/wp/v2/users/1', DISMISS, {
      'Content-Type': 'application/json',
      'X-WP-Nonce': nonce,
    });
    expect(response.status).toBe(403);
    const fresh = await (await c.post('/wp-admin/admin-ajax.php', 'action=rest-nonce')).text();
    expect(fresh).not.toBe(nonce);
  });

  it('answers an unknown wp-json route with 404 rest_no_route', async () => {
    const response = await client().send('/wp-json/wc/v9/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
});

describe('demo assets', () => {
  it('serves the catalogue’s SVG placeholders', async () => {
    const response = await client().send('/demo-assets/img/kit-bag.svg');
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
