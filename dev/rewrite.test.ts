// @vitest-environment node
/** The dev proxy's rewriting and cookie rules (dev/rewrite.ts) and its command line (dev/main.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDevArgs } from './main';
import {
  assetKey,
  distBaseOf,
  findLoader,
  localBuildFrom,
  needsSecureOrigin,
  parseStoreUrl,
  replaceOrigin,
  rewriteHeaderUrls,
  rewriteSetCookie,
  rewriteText,
  type RewriteContext,
} from './rewrite';

const store = new URL('https://shop.example');
const proxy = new URL('http://127.0.0.1:8805');

describe('replaceOrigin', () => {
  it.each([
    ['https://shop.example/product/ball/', 'http://127.0.0.1:8805/product/ball/'],
    ['http://shop.example/cart/', 'http://127.0.0.1:8805/cart/'],
    ['https://shop.example:443/cart/', 'http://127.0.0.1:8805/cart/'],
    ['https://shop.example', 'http://127.0.0.1:8805'],
    ['https://SHOP.example/x', 'http://127.0.0.1:8805/x'],
    ['"cart_url":"https:\\/\\/shop.example\\/cart\\/"', '"cart_url":"http:\\/\\/127.0.0.1:8805\\/cart\\/"'],
    ['<link href="//shop.example/style.css">', '<link href="//127.0.0.1:8805/style.css">'],
    ['"\\/\\/shop.example\\/x"', '"\\/\\/127.0.0.1:8805\\/x"'],
    [
      '/wp-login.php?redirect_to=https%3A%2F%2Fshop.example%2Fmy-account%2F',
      '/wp-login.php?redirect_to=http%3A%2F%2F127.0.0.1%3A8805%2Fmy-account%2F',
    ],
    [
      'srcset="https://shop.example/a-300.jpg 300w, https://shop.example/a-600.jpg 600w"',
      'srcset="http://127.0.0.1:8805/a-300.jpg 300w, http://127.0.0.1:8805/a-600.jpg 600w"',
    ],
  ])('%s', (input, output) => {
    expect(replaceOrigin(input, store, proxy)).toBe(output);
  });

  it.each([
    'https://shop.example.org/',
    'https://shop.examples/',
    'https://my-shop.example/',
    'https://shop.example:8443/',
    'https://cdn.shop.example/x.jpg',
    'mailto:orders@shop.example',
    'shop.example is our domain',
  ])('leaves %s alone', (input) => {
    expect(replaceOrigin(input, store, proxy)).toBe(input);
  });

  it('matches a store port exactly', () => {
    const local = new URL('http://127.0.0.1:4808');
    expect(replaceOrigin('http://127.0.0.1:4808/a http://127.0.0.1:48089/b', local, proxy)).toBe(
      'http://127.0.0.1:8805/a http://127.0.0.1:48089/b',
    );
    expect(replaceOrigin('http://127.0.0.1/a', local, proxy)).toBe('http://127.0.0.1/a');
    expect(replaceOrigin('x=http%3A%2F%2F127.0.0.1%3A4808%2F', local, proxy)).toBe(
      'x=http%3A%2F%2F127.0.0.1%3A8805%2F',
    );
  });

  it('goes the other way for requests (proxy → store)', () => {
    expect(replaceOrigin('redirect_to=http%3A%2F%2F127.0.0.1%3A8805%2Fcart%2F', proxy, store)).toBe(
      'redirect_to=https%3A%2F%2Fshop.example%2Fcart%2F',
    );
    expect(replaceOrigin('http://127.0.0.1:8805/shop/', proxy, store)).toBe('https://shop.example/shop/');
  });
});

describe('the local build', () => {
  it('names files without their hash', () => {
    expect(assetKey('add-to-cart-CRH3-KyB.css')).toBe('add-to-cart.css');
    expect(assetKey('add-to-cart-DMTtmkk5.js')).toBe('add-to-cart.js');
    expect(assetKey('cart-quantity-_NDCs0JY.css')).toBe('cart-quantity.css');
    expect(assetKey('photoswipe.esm-BItn3ynZ.js')).toBe('photoswipe.esm.js');
    expect(assetKey('islands.json')).toBe('islands.json');
  });

  it("maps the store's files to the local ones by name", () => {
    const build = localBuildFrom([
      'assets/loader-AAAAAAAA.js',
      'assets/add-to-cart-BBBB-BBB.js',
      'assets/add-to-cart-CCCCCCCC.css',
      'assets/index-DDDDDDDD.js',
      'assets/index-EEEEEEEE.js',
      'islands.json',
    ]);
    expect(build.fileFor('assets/loader-ZZZZZZZZ.js')).toBe('assets/loader-AAAAAAAA.js');
    expect(build.fileFor('assets/add-to-cart-a_b-cdef.js')).toBe('assets/add-to-cart-BBBB-BBB.js');
    expect(build.fileFor('assets/add-to-cart-ZZZZZZZZ.css')).toBe('assets/add-to-cart-CCCCCCCC.css');
    expect(build.fileFor('assets/add-to-cart-CCCCCCCC.css')).toBe('assets/add-to-cart-CCCCCCCC.css');
    expect(build.fileFor('islands.json')).toBe('islands.json');
    // Unknown to the local build, or two local files of that name.
    expect(build.fileFor('assets/checkout-ZZZZZZZZ.js')).toBeNull();
    expect(build.fileFor('assets/index-ZZZZZZZZ.js')).toBeNull();
  });
});

describe('findLoader', () => {
  const page = new URL('https://shop.example/shop/');

  it('finds the plugin loader by its WordPress id, else by its file name', () => {
    const byId =
      '<script src="https://shop.example/x.js"></script><script type="module" src="https://shop.example/wp-content/plugins/shop-islands/dist/assets/loader-CoK33kK8.js" id="shop-islands-loader-js"></script>';
    expect(findLoader(byId, page)?.href).toBe(
      'https://shop.example/wp-content/plugins/shop-islands/dist/assets/loader-CoK33kK8.js',
    );
    const byName = `<script type='module' src='https://cdn.example/si/dist/assets/loader-Co_K3-k8.js'></script>`;
    expect(findLoader(byName, page)?.href).toBe('https://cdn.example/si/dist/assets/loader-Co_K3-k8.js');
    const relative =
      '<script id="shop-islands-loader-js" src="/p/dist/assets/loader-CoK33kK8.js?a=1&#038;b=2">';
    expect(findLoader(relative, page)?.href).toBe(
      'https://shop.example/p/dist/assets/loader-CoK33kK8.js?a=1&b=2',
    );
  });

  it('returns null for a page without the loader, or a loader that is not http(s)', () => {
    expect(findLoader('<html><body><script src="/wp-includes/js/jquery.js"></script>', page)).toBeNull();
    expect(findLoader('<p>assets/loader-CoK33kK8.js</p>', page)).toBeNull();
    expect(findLoader('<script id="shop-islands-loader-js" src="data:text/javascript,1">', page)).toBeNull();
  });

  it('gives the dist folder of a loader', () => {
    expect(
      distBaseOf(new URL('https://shop.example/wp-content/plugins/shop-islands/dist/assets/loader-X.js'))
        .href,
    ).toBe('https://shop.example/wp-content/plugins/shop-islands/dist/');
    expect(distBaseOf(new URL('https://cdn.example/si/dist/assets/loader-X.js?v=1')).href).toBe(
      'https://cdn.example/si/dist/',
    );
  });
});

describe('rewriteText', () => {
  const dist = 'https://shop.example/wp-content/plugins/shop-islands/dist/';
  const ctx: RewriteContext = {
    store,
    proxy,
    distBases: [new URL(dist), new URL('https://cdn.example/si/dist/')],
    build: localBuildFrom([
      'assets/loader-NEWLOADR.js',
      'assets/add-to-cart-NEWADDTC.js',
      'assets/add-to-cart-NEWADCSS.css',
      'assets/react-NEWREACT.js',
      'islands.json',
    ]),
  };
  const local = 'http://127.0.0.1:8805/__shop-islands/dist/';

  it("points the plugin's files at the local build and the store's URLs at the proxy", () => {
    const html = [
      `<link rel="stylesheet" id="si-css" href="${dist}assets/add-to-cart-OLDADCSS.css">`,
      `<link rel="modulepreload" href="${dist}assets/react-OLDREACT.js">`,
      `<div data-island="add-to-cart" data-island-src="${dist}assets/add-to-cart-OLDADDTC.js" data-hydrate="idle">`,
      `<a href="https://shop.example/?add-to-cart=13" data-product_id="13">Add to cart</a></div>`,
      `<script type="application/json" id="shop-islands-settings">{"ajax_url":"https:\\/\\/shop.example\\/wp-admin\\/admin-ajax.php","cart_url":"https:\\/\\/shop.example\\/cart\\/"}</script>`,
      `<img srcset="https://shop.example/a-300.jpg 300w, https://shop.example/a-600.jpg 600w">`,
      `<script type="module" src="${dist}assets/loader-OLDLOADR.js" id="shop-islands-loader-js"></script>`,
      `<script src="https://cdn.example/si/dist/assets/loader-OLDLOADR.js"></script>`,
    ].join('\n');
    const { text, unmapped } = rewriteText(html, ctx);
    expect(text).toBe(
      [
        `<link rel="stylesheet" id="si-css" href="${local}assets/add-to-cart-NEWADCSS.css">`,
        `<link rel="modulepreload" href="${local}assets/react-NEWREACT.js">`,
        `<div data-island="add-to-cart" data-island-src="${local}assets/add-to-cart-NEWADDTC.js" data-hydrate="idle">`,
        `<a href="http://127.0.0.1:8805/?add-to-cart=13" data-product_id="13">Add to cart</a></div>`,
        `<script type="application/json" id="shop-islands-settings">{"ajax_url":"http:\\/\\/127.0.0.1:8805\\/wp-admin\\/admin-ajax.php","cart_url":"http:\\/\\/127.0.0.1:8805\\/cart\\/"}</script>`,
        `<img srcset="http://127.0.0.1:8805/a-300.jpg 300w, http://127.0.0.1:8805/a-600.jpg 600w">`,
        `<script type="module" src="${local}assets/loader-NEWLOADR.js" id="shop-islands-loader-js"></script>`,
        `<script src="${local}assets/loader-NEWLOADR.js"></script>`,
      ].join('\n'),
    );
    expect(unmapped).toEqual([]);
  });

  it('rewrites islands inside JSON (cart fragments), in JSON-escaped form', () => {
    const fragments = JSON.stringify({
      fragments: {
        'div.widget_shopping_cart_content': `<div data-island="mini-cart" data-island-src="${dist}assets/mini-cart-OLDMINIC.js"><a href="https://shop.example/cart/">Cart</a></div>`,
      },
    }).replaceAll('/', '\\/');
    const { text, unmapped } = rewriteText(fragments, ctx);
    const parsed = JSON.parse(text) as { fragments: Record<string, string> };
    expect(parsed.fragments['div.widget_shopping_cart_content']).toBe(
      `<div data-island="mini-cart" data-island-src="${local}assets/mini-cart-OLDMINIC.js"><a href="http://127.0.0.1:8805/cart/">Cart</a></div>`,
    );
    // No mini-cart in the local build: still pointed at the local folder (the loader reports the 404), and named.
    expect(unmapped).toEqual(['assets/mini-cart-OLDMINIC.js']);
  });

  it('leaves other plugins and the store pages of that folder name alone', () => {
    const html = `<script src="https://shop.example/wp-content/plugins/other/dist/assets/loader-OLDLOADR.js"></script><a href="https://elsewhere.example/wp-content/plugins/shop-islands/dist/assets/x-12345678.js">`;
    expect(rewriteText(html, ctx).text).toBe(
      `<script src="http://127.0.0.1:8805/wp-content/plugins/other/dist/assets/loader-OLDLOADR.js"></script><a href="https://elsewhere.example/wp-content/plugins/shop-islands/dist/assets/x-12345678.js">`,
    );
  });

  it('rewrites URL headers', () => {
    expect(rewriteHeaderUrls('<https://shop.example/wp-json/>; rel="https://api.w.org/"', store, proxy)).toBe(
      '<http://127.0.0.1:8805/wp-json/>; rel="https://api.w.org/"',
    );
    expect(rewriteHeaderUrls('https://shop.example/cart/?x=1', store, proxy)).toBe(
      'http://127.0.0.1:8805/cart/?x=1',
    );
    expect(rewriteHeaderUrls('/cart/', store, proxy)).toBe('/cart/');
    expect(rewriteHeaderUrls('https://payments.example/pay', store, proxy)).toBe(
      'https://payments.example/pay',
    );
  });
});

describe('rewriteSetCookie', () => {
  it('drops Domain, and on an http proxy Secure with SameSite=None and Partitioned', () => {
    expect(rewriteSetCookie('woocommerce_items_in_cart=1; path=/; domain=.shop.example; secure')).toBe(
      'woocommerce_items_in_cart=1; path=/',
    );
    expect(
      rewriteSetCookie(
        'wp_woocommerce_session_abc=t_1%7C2; expires=Tue, 24 Nov 2026 02:02:47 GMT; Max-Age=172800; path=/; Secure; HttpOnly; SameSite=None; Partitioned',
      ),
    ).toBe(
      'wp_woocommerce_session_abc=t_1%7C2; expires=Tue, 24 Nov 2026 02:02:47 GMT; Max-Age=172800; path=/; HttpOnly',
    );
    expect(rewriteSetCookie('a=b; Path=/wp-admin; SameSite=Lax; Domain=shop.example')).toBe(
      'a=b; Path=/wp-admin; SameSite=Lax',
    );
  });

  it('keeps Secure on an https proxy, and a value holding "secure"', () => {
    expect(rewriteSetCookie('a=b; Domain=shop.example; Secure; SameSite=None', true)).toBe(
      'a=b; Secure; SameSite=None',
    );
    expect(rewriteSetCookie('secure=domain; path=/')).toBe('secure=domain; path=/');
    expect(rewriteSetCookie('a=secure; path=/; ;')).toBe('a=secure; path=/');
  });

  it('knows which cookies a browser keeps only on https', () => {
    expect(needsSecureOrigin('__Secure-token=1; Secure')).toBe(true);
    expect(needsSecureOrigin('__Host-x=1; Secure; Path=/')).toBe(true);
    expect(needsSecureOrigin('wordpress_sec_abc=1; Secure')).toBe(false);
  });
});

describe('the command line', () => {
  it.each([
    [undefined, /--store is required/],
    ['', /--store is required/],
    ['shop.example', /is not a URL/],
    ['ftp://shop.example/', /must be an http:\/\/ or https:\/\/ address/],
    ['javascript:alert(1)', /must be an http:\/\/ or https:\/\/ address/],
    ['file:///etc/passwd', /must be an http:\/\/ or https:\/\/ address/],
    ['https://admin:secret@shop.example/', /must not hold a user name or password/],
  ])('refuses --store %s', (value, message) => {
    const result = parseStoreUrl(value);
    expect(typeof result).toBe('string');
    expect(result).toMatch(message);
  });

  it('accepts an http(s) store', () => {
    expect((parseStoreUrl(' https://shop.example/shop/ ') as URL).href).toBe('https://shop.example/shop/');
    expect((parseStoreUrl('http://127.0.0.1:48089') as URL).origin).toBe('http://127.0.0.1:48089');
  });

  it('parses the options, with clear errors', () => {
    const ok = parseDevArgs([
      '--store',
      'https://shop.example',
      '--port',
      '8805',
      '--dist',
      'dist-x',
      '--no-build',
    ]);
    expect(ok).toEqual({
      store: new URL('https://shop.example'),
      port: 8805,
      distDir: path.resolve(__dirname, '..', 'dist-x'),
      build: false,
    });
    expect(parseDevArgs(['--store=http://127.0.0.1:1'])).toMatchObject({ port: 8090, build: true });
    expect(parseDevArgs([])).toMatchObject({
      error: true,
      message: expect.stringMatching(/^--store is required.*Usage:/s),
    });
    expect(parseDevArgs(['--store', 'ftp://x'])).toMatchObject({ error: true });
    expect(parseDevArgs(['--store', 'https://x', '--port', 'eighty'])).toMatchObject({
      error: true,
      message: expect.stringMatching(/--port "eighty" is not a port number/),
    });
    expect(parseDevArgs(['--shop', 'https://x'])).toMatchObject({
      error: true,
      message: expect.stringMatching(/--shop/),
    });
    expect(parseDevArgs(['--help'])).toMatchObject({
      error: false,
      message: expect.stringMatching(/^Usage:/),
    });
  });
});
