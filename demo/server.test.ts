// @vitest-environment node
/**
 * The demo server over real HTTP: pages with the settings block and island containers, the no-JS
 * flows (add to cart by link, cart form, store notice and coming-soon fallbacks), the endpoints
 * through MSW's getResponse, static files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsSchema } from '../src/contract/settings';
import { renderIsland } from './html';
import { storeNoticeId } from './islands';
import { md5 } from './md5';
import { startDemoServer, type DemoServer } from './server';
import { resetStore } from './store';
import { cookieClient } from './test-client';

// jsdom (Vitest's DOM) ships no type declarations and @types/jsdom is not installed: type the one
// constructor these tests use.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

let distDir: string;
let demo: DemoServer;

beforeAll(async () => {
  // A small fake build: the loader entry and one island module with a stylesheet.
  distDir = mkdtempSync(path.join(tmpdir(), 'shop-islands-dist-'));
  mkdirSync(path.join(distDir, '.vite'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/islands/loader.ts': {
        file: 'assets/loader-abc123.js',
        src: 'src/islands/loader.ts',
        isEntry: true,
        dynamicImports: ['widgets/password-toggle/island.tsx', 'widgets/store-notice/island.tsx'],
      },
      'widgets/password-toggle/island.tsx': {
        file: 'assets/password-toggle-def456.js',
        isDynamicEntry: true,
        imports: ['_react-1.js'],
        assets: ['assets/password-toggle-789.css'],
      },
      'widgets/store-notice/island.tsx': {
        file: 'assets/store-notice-1.js',
        isDynamicEntry: true,
        css: ['assets/store-notice-2.css'],
      },
      '_react-1.js': { file: 'assets/react-1.js' },
    }),
  );
  writeFileSync(path.join(distDir, 'assets', 'loader-abc123.js'), 'export {};\n');
  writeFileSync(path.join(distDir, 'secret.txt'), 'not below dist/assets but inside dist');
  demo = await startDemoServer({ port: 0, distDir, quiet: true });
});

afterAll(async () => {
  await demo.close();
  rmSync(distDir, { recursive: true, force: true });
});

beforeEach(() => resetStore());

/** A cookie-keeping client that does not follow redirects. */
function browser(base = demo.url) {
  const { jar, send: request } = cookieClient(base, (r) => fetch(r, { redirect: 'manual' }));
  async function page(pathname: string): Promise<{ response: Response; html: string; doc: Document }> {
    const response = await request(pathname);
    const html = await response.text();
    return { response, html, doc: new JSDOM(html).window.document };
  }
  const post = (pathname: string, body: string) =>
    request(pathname, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  return { jar, request, page, post };
}

function settingsOf(doc: Document): unknown {
  const blocks = doc.querySelectorAll('script#shop-islands-settings');
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]!.textContent ?? '');
}

function islands(doc: Document): string[] {
  return [...doc.querySelectorAll('[data-island]')].map((el) => el.getAttribute('data-island')!);
}

describe('pages', () => {
  const PAGES = [
    '/',
    '/shop/',
    '/product-category/football/',
    '/product-category/football/boots/junior-boots/',
    '/product-category/football/accessories/bags/',
    '/product/pro-match-football/',
    '/product/junior-football-boots/',
    '/cart/',
    '/my-account/',
    '/wishlist/',
  ];

  it.each(PAGES)('%s renders with one valid settings block and the global islands', async (pathname) => {
    const { response, doc } = await browser().page(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
    const settings = SettingsSchema.parse(settingsOf(doc));
    expect(settings).toMatchObject({
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      cart_url: '/cart/',
      is_cart: pathname === '/cart/' ? '1' : '',
      cart_redirect_after_add: 'no',
      request_timeout: 5000,
      currency: { code: 'EUR' },
      i18n: { view_cart: 'View cart' },
    });
    expect(settings.rest_nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(settings.cart_hash_key).toBe(`wc_cart_hash_${md5(`1_${new URL(demo.url).origin}/storefront`)}`);
    expect(islands(doc)).toEqual(
      expect.arrayContaining(['coming-soon-banner', 'store-notice', 'loading-indicator']),
    );
    // The header cart and mini-cart are the fragments' markup.
    expect(doc.querySelector('header a.cart-contents')?.getAttribute('href')).toBe('/cart/');
    expect(doc.querySelector('header div.widget_shopping_cart_content')).not.toBeNull();
    expect(doc.querySelector('footer a.footer-cart-contents')).not.toBeNull();
    // The loader from the manifest, under the plugin path.
    const loader = doc.querySelectorAll('script[type="module"]');
    expect(loader).toHaveLength(1);
    expect(loader[0]!.getAttribute('src')).toBe(
      '/wp-content/plugins/shop-islands/dist/assets/loader-abc123.js',
    );
  });

  it('prints containers exactly as ARCHITECTURE.md §1 (and each island’s props parse)', async () => {
    const { html, doc } = await browser().page('/my-account/');
    expect(html).toContain(
      '<span data-island="password-toggle" data-island-src="/wp-content/plugins/shop-islands/dist/assets/password-toggle-def456.js" data-hydrate="idle"><script type="application/json" data-island-props>' +
        '{"id":"password","name":"password","autocomplete":"current-password","required":true,"className":"woocommerce-Input woocommerce-Input--text input-text"}' +
        '</script><span class="password-input"><input class="woocommerce-Input woocommerce-Input--text input-text" type="password" name="password" id="password" autocomplete="current-password" required></span></span>',
    );
    // The loading indicator is printed whole; the order attribution tracker's container (printed on
    // every page) ends the body after it.
    expect(html).toContain(
      '<div data-island="loading-indicator" data-hydrate="idle"><script type="application/json" data-island-props>{"label":"Loading"}</script></div>',
    );
    expect(doc.body.lastElementChild?.getAttribute('data-island')).toBe('order-attribution');
    for (const el of doc.querySelectorAll('[data-island]')) {
      expect(() =>
        JSON.parse(el.querySelector(':scope > script[data-island-props]')!.textContent ?? ''),
      ).not.toThrow();
    }
  });

  it('links the stylesheets of the islands on the page, from `css` and `?url` assets', async () => {
    const { doc } = await browser().page('/my-account/');
    const hrefs = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual([
      '/demo-assets/theme.css',
      '/wp-content/plugins/shop-islands/dist/assets/password-toggle-789.css',
      '/wp-content/plugins/shop-islands/dist/assets/store-notice-2.css',
    ]);
    const shop = (await browser().page('/shop/')).doc;
    expect(
      [...shop.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
    ).not.toContain('/wp-content/plugins/shop-islands/dist/assets/password-toggle-789.css');
  });

  it('preloads the code of islands that mount early, not of those that wait', async () => {
    const preloads = async (path: string) =>
      [...(await browser().page(path)).doc.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      );
    const base = '/wp-content/plugins/shop-islands/dist/assets/';
    // /my-account/: the password toggle mounts when idle, so its chunk and React are preloaded.
    expect(await preloads('/my-account/')).toEqual(
      expect.arrayContaining([
        `${base}password-toggle-def456.js`,
        `${base}react-1.js`,
        `${base}store-notice-1.js`,
      ]),
    );
  });

  it('answers unknown paths with the 404 page, and adds the trailing slash', async () => {
    const b = browser();
    const missing = await b.page('/product/no-such-thing/');
    expect(missing.response.status).toBe(404);
    expect(missing.doc.querySelector('h1')?.textContent).toContain('can’t be found');
    settingsOf(missing.doc);
    const noSlash = await b.request('/shop');
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get('location')).toBe('/shop/');
    const partial = await b.request('/product-category/junior-boots/');
    expect(partial.headers.get('location')).toBe('/product-category/football/boots/junior-boots/');
  });

  it('prints the variable product’s classic variations form with every variation', async () => {
    const { doc } = await browser().page('/product/junior-football-boots/?attribute_pa_size=uk-2');
    const form = doc.querySelector('form.variations_form')!;
    expect(form.getAttribute('method')).toBe('post');
    const variations = JSON.parse(form.getAttribute('data-product_variations')!) as {
      variation_id: number;
      variation_is_active: boolean;
    }[];
    expect(variations.map((v) => v.variation_id)).toEqual([19, 20, 21, 22, 23, 24, 25]);
    expect(variations.find((v) => v.variation_id === 25)?.variation_is_active).toBe(false);
    expect((doc.querySelector('select#pa_size') as HTMLSelectElement).value).toBe('uk-2');
    expect([...doc.querySelectorAll('select#pa_size option')].map((o) => o.textContent)).toEqual([
      'Choose an option',
      'UK 1',
      'UK 2',
      'UK 3',
      'UK 4',
    ]);
  });

  it('posts the fallback with a variation_id: the picker, not the attribute selects', async () => {
    const { doc } = await browser().page(
      '/product/junior-football-boots/?attribute_pa_size=uk-2&attribute_colour=Blue',
    );
    const form = doc.querySelector<HTMLFormElement>('form.variations_form')!;
    // The attribute selects post nothing; the only variation_id field is the picker.
    expect(form.querySelectorAll('table.variations select[name]')).toHaveLength(0);
    const fields = [...form.querySelectorAll('[name]')].map((el) => el.getAttribute('name'));
    expect(fields).toEqual(['variation_id', 'quantity', 'add-to-cart', 'product_id']);
    const picker = form.querySelector<HTMLSelectElement>('select[name="variation_id"]')!;
    expect(picker.closest('.shop-islands-vf__picker')?.hasAttribute('hidden')).toBe(true);
    expect(doc.querySelector(`label[for="${picker.id}"]`)?.textContent).toBe('Size, Colour');
    // Preselected from the URL; inactive variations left out, out-of-stock ones listed but disabled.
    expect(picker.value).toBe('22');
    expect([...picker.options].map((o) => [o.value, o.textContent, o.disabled])).toEqual([
      ['', 'Choose an option', false],
      ['19', 'UK 1, Black – €39.99', false],
      ['20', 'UK 1, Blue – €39.99', false],
      ['21', 'UK 2, Black – €39.99', false],
      ['22', 'UK 2, Blue – €29.99', false],
      ['23', 'UK 3, Black – €42.99', false],
      ['24', 'UK 3, Blue – Out of stock', true],
    ]);
    // Scripts off: the picker shows instead of the table.
    expect(form.querySelector('noscript')?.textContent).toContain(
      '.shop-islands-vf__picker[hidden]{display:block}',
    );
  });

  it("adds the Training Jersey's 'any' variations without JavaScript: the picker asks for their value", async () => {
    const b = browser();
    const { doc } = await b.page('/product/training-jersey/');
    const picker = doc.querySelector<HTMLSelectElement>('form.variations_form select[name="variation_id"]')!;
    const white = [...picker.options].find((o) => o.textContent?.startsWith('M, White'))!;
    expect(white.textContent).toBe('M, White, Any sleeve length – €28.00');
    const anySelects = [
      ...doc.querySelectorAll('.shop-islands-vf__picker select:not([name="variation_id"])'),
    ];
    expect(anySelects.map((el) => el.getAttribute('name'))).toEqual([
      'attribute_pa_size',
      'attribute_sleeve-length',
    ]);
    const posted = await b.post(
      '/product/training-jersey/',
      `variation_id=${white.value}&attribute_pa_size=&attribute_sleeve-length=Long+sleeve&quantity=1&add-to-cart=40&product_id=40`,
    );
    const after = new JSDOM(await posted.text()).window.document;
    expect(after.querySelector('.woocommerce-error')).toBeNull();
    expect(after.querySelector('.widget_shopping_cart_content')?.textContent).toContain(
      'Training Jersey - M, White, Long sleeve',
    );
  });
});

describe('no-JS shopping', () => {
  it('adds by ?add-to-cart= link, redirects without it and shows WooCommerce’s notice once', async () => {
    const b = browser();
    const added = await b.request('/shop/?orderby=price&add-to-cart=13');
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe('/shop/?orderby=price');
    const names = added.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names).toEqual([
      'wp_woocommerce_session_demo',
      'woocommerce_items_in_cart',
      'woocommerce_cart_hash',
    ]);

    const { doc } = await b.page('/shop/?orderby=price');
    const message = doc.querySelector('main .woocommerce-message')!;
    expect(message.textContent).toContain('“Pro Match Football” has been added to your cart.');
    expect(message.querySelector('a.wc-forward')?.getAttribute('href')).toBe('/cart/');
    expect(doc.querySelector('a.cart-contents .count')?.textContent).toBe('1 item');
    expect((await b.page('/shop/')).doc.querySelector('.woocommerce-message')).toBeNull();
  });

  it('shows the error notice of a refused add (out of stock)', async () => {
    const b = browser();
    expect((await b.request('/shop/?add-to-cart=15')).headers.get('location')).toBe('/shop/');
    const { doc } = await b.page('/shop/');
    expect(doc.querySelector('.woocommerce-error')?.textContent).toBe(
      'You cannot add "Goalkeeper Gloves" to the cart because the product is out of stock.',
    );
  });

  it('adds a variation with the posted variations form (step 18) and refuses it without options (step 12)', async () => {
    const b = browser();
    const missing = await b.post(
      '/product/junior-football-boots/',
      'quantity=1&add-to-cart=18&product_id=18&variation_id=0',
    );
    expect(missing.status).toBe(200);
    const missingDoc = new JSDOM(await missing.text()).window.document;
    expect(missingDoc.querySelector('.woocommerce-error')?.textContent).toBe(
      'Please choose product options by visiting Junior Football Boots.',
    );

    const ok = await b.post(
      '/product/junior-football-boots/',
      'attribute_pa_size=uk-2&attribute_colour=Blue&quantity=2&add-to-cart=18&product_id=18&variation_id=22',
    );
    const doc = new JSDOM(await ok.text()).window.document;
    expect(doc.querySelector('.woocommerce-error')).toBeNull();
    expect(doc.querySelector('.woocommerce-message')?.textContent).toContain(
      '2 × “Junior Football Boots” have been added to your cart.',
    );
    expect(doc.querySelector('.widget_shopping_cart_content')?.textContent).toContain(
      'Junior Football Boots - UK 2, Blue',
    );
  });

  // The same posts on the real WooCommerce 9.9.5 and 7.8.2 stores: the same refusals, word for word.
  it.each([
    [
      'attributes without variation_id (WooCommerce never matches them)',
      'attribute_pa_size=uk-2&attribute_colour=Blue&quantity=1&add-to-cart=18&product_id=18&variation_id=0',
      'Please choose product options by visiting Junior Football Boots.',
    ],
    [
      'attributes with no variation_id field at all',
      'attribute_pa_size=uk-2&attribute_colour=Blue&quantity=1&add-to-cart=18&product_id=18',
      'Please choose product options by visiting Junior Football Boots.',
    ],
    [
      'attributes contradicting the variation',
      'attribute_pa_size=uk-2&attribute_colour=Black&quantity=1&add-to-cart=18&product_id=18&variation_id=22',
      'Invalid value posted for Colour',
    ],
    [
      'another product’s id as variation_id',
      'quantity=1&add-to-cart=18&product_id=18&variation_id=13',
      "The selected product isn't a variation of Junior Football Boots, please choose product options by visiting Junior Football Boots.",
    ],
  ])('refuses a variable product’s form post with %s', async (_name, body, message) => {
    const b = browser();
    const doc = new JSDOM(await (await b.post('/product/junior-football-boots/', body)).text()).window
      .document;
    expect(doc.querySelector('.woocommerce-error')?.textContent).toBe(message);
    expect(doc.querySelector('.woocommerce-message')).toBeNull();
    expect(doc.querySelector('.widget_shopping_cart_content')?.textContent).not.toContain('Junior');
  });

  it('adds a variation posted by its own id, with its own title in the message', async () => {
    const b = browser();
    const doc = new JSDOM(
      await (await b.post('/product/junior-football-boots/', 'quantity=1&add-to-cart=20')).text(),
    ).window.document;
    expect(doc.querySelector('.woocommerce-message')?.textContent).toContain(
      '“Junior Football Boots – UK 1, Blue” has been added to your cart.',
    );
  });

  it('updates quantities with the cart form and removes with the remove link', async () => {
    const b = browser();
    await b.request('/?add-to-cart=13');
    await b.request('/?add-to-cart=16');
    const cart = (await b.page('/cart/')).doc;
    const nonce = (cart.querySelector('#woocommerce-cart-nonce') as HTMLInputElement).value;
    const key = md5('13');
    expect(cart.querySelector(`input[name="cart[${key}][qty]"]`)).not.toBeNull();

    const updated = await b.post(
      '/cart/',
      `cart%5B${key}%5D%5Bqty%5D=3&woocommerce-cart-nonce=${nonce}&_wp_http_referer=%2Fcart%2F&update_cart=Update+cart`,
    );
    expect(updated.status).toBe(302);
    expect(updated.headers.get('location')).toBe('/cart/');
    const after = (await b.page('/cart/')).doc;
    expect(after.querySelector('.woocommerce-message')?.textContent).toBe('Cart updated.');
    expect((after.querySelector(`input[name="cart[${key}][qty]"]`) as HTMLInputElement).value).toBe('3');

    const removeHref = after.querySelector('td.product-remove a.remove')!.getAttribute('href')!;
    const removed = await b.request(removeHref);
    expect(removed.status).toBe(302);
    const final = (await b.page('/cart/')).doc;
    expect(final.querySelector('.woocommerce-message')?.textContent).toContain(
      '“Pro Match Football” removed.',
    );
    expect(final.querySelectorAll('tr.cart_item')).toHaveLength(1);
  });

  it('sends an empty cart’s checkout to the cart page, and places an order from a full one', async () => {
    const b = browser();
    const empty = await b.request('/checkout/');
    expect(empty.headers.get('location')).toBe('/cart/');
    await b.request('/?add-to-cart=13');
    const { html, doc } = await b.page('/checkout/');
    expect(html).toContain(
      '<span data-island="password-toggle" data-island-src="/wp-content/plugins/shop-islands/dist/assets/password-toggle-def456.js" data-hydrate="interaction">',
    );
    expect(
      doc
        .querySelector('[data-island="password-toggle"] input#account_password')
        ?.getAttribute('autocomplete'),
    ).toBe('new-password');
    const nonce = (doc.querySelector('#woocommerce-process-checkout-nonce') as HTMLInputElement).value;

    const invalid = await b.post(
      '/checkout/',
      `billing_first_name=&woocommerce-process-checkout-nonce=${nonce}&woocommerce_checkout_place_order=Place+order`,
    );
    const errors = new JSDOM(await invalid.text()).window.document.querySelector('.woocommerce-error')!;
    expect(errors.textContent).toContain('Billing First name is a required field.');

    const fields = new URLSearchParams({
      billing_first_name: 'Aoife',
      billing_last_name: 'Murphy',
      billing_country: 'IE',
      billing_address_1: '1 Main St',
      billing_city: 'Dublin',
      // Ireland's rules (demo/checkout/validation.ts): the county and the Eircode are required.
      billing_state: 'D',
      billing_postcode: 'D02 X285',
      billing_email: 'aoife@example.com',
      payment_method: 'cod',
      terms: 'on',
      'terms-field': '1',
      'woocommerce-process-checkout-nonce': nonce,
      woocommerce_checkout_place_order: 'Place order',
    });
    const placed = await b.post('/checkout/', fields.toString());
    expect(placed.status).toBe(302);
    // The order empties the cart: both cart cookies are deleted (step 54).
    expect(placed.headers.getSetCookie().some((c) => c.startsWith('woocommerce_items_in_cart=0;'))).toBe(
      true,
    );
    // The order's page, with its key (WooCommerce's redirect after a placed order).
    expect(placed.headers.get('location')).toMatch(
      /^\/checkout\/order-received\/\d+\/\?key=wc_order_\w{13}$/,
    );
    const thanks = await b.page(placed.headers.get('location')!);
    expect(thanks.doc.querySelector('.woocommerce-thankyou-order-received')?.textContent?.trim()).toBe(
      'Thank you. Your order has been received.',
    );
  });
});

describe('island fallbacks without JavaScript', () => {
  it('omits the store notice when the request cookie says hidden, and the dismiss link sets it', async () => {
    const id = storeNoticeId();
    const b = browser();
    const { doc } = await b.page('/shop/');
    const notice = doc.querySelector('[data-island="store-notice"] p.woocommerce-store-notice')!;
    expect(notice.getAttribute('data-notice-id')).toBe(id);
    const href = notice.querySelector('a.woocommerce-store-notice__dismiss-link')!.getAttribute('href')!;
    expect(href).toBe(`?shop-islands-dismiss-notice=${id}`);

    const dismissed = await b.request(`/shop/${href}`);
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get('location')).toBe('/shop/');
    expect(dismissed.headers.getSetCookie()).toContain(`store_notice${id}=hidden; path=/`);
    const after = (await b.page('/shop/')).doc;
    expect(islands(after)).not.toContain('store-notice');

    // A cookie set by the island in the browser has the same effect.
    const other = await fetch(new URL('/cart/', demo.url), {
      headers: { Cookie: `store_notice${id}=hidden` },
    });
    expect(await other.text()).not.toContain('data-island="store-notice"');
  });

  it('dismisses the coming-soon banner with its form (nonce checked) and redirects back', async () => {
    const b = browser();
    const { doc } = await b.page('/product/shin-pads/?x=1');
    const form = doc.querySelector(
      '[data-island="coming-soon-banner"] form.coming-soon-footer-banner-dismiss-form',
    ) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe(
      '/wp-admin/admin-post.php?action=shop_islands_dismiss_coming_soon',
    );
    const nonce = (form.querySelector('input[name="_wpnonce"]') as HTMLInputElement).value;
    expect((form.querySelector('input[name="_wp_http_referer"]') as HTMLInputElement).value).toBe(
      '/product/shin-pads/?x=1',
    );
    expect(form.querySelector('button.coming-soon-footer-banner-dismiss')?.getAttribute('aria-label')).toBe(
      'Dismiss coming soon banner',
    );

    const bad = await b.post(form.getAttribute('action')!, `_wpnonce=0000000000&_wp_http_referer=%2Fshop%2F`);
    expect(bad.status).toBe(403);
    expect(islands((await b.page('/shop/')).doc)).toContain('coming-soon-banner');

    const ok = await b.post(
      form.getAttribute('action')!,
      `_wpnonce=${nonce}&_wp_http_referer=${encodeURIComponent('/product/shin-pads/?x=1')}`,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/product/shin-pads/?x=1');
    expect(islands((await b.page('/shop/')).doc)).not.toContain('coming-soon-banner');

    // An outside referer is not followed.
    const offsite = await b.post(
      form.getAttribute('action')!,
      `_wpnonce=${nonce}&_wp_http_referer=%2F%2Fevil.example%2F`,
    );
    expect(offsite.headers.get('location')).toBe('/');
  });
});

describe('JSON in <script> cannot break out', () => {
  const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & "quotes"';

  it('renderIsland escapes <, >, &, U+2028 and U+2029 like JSON_HEX_TAG|JSON_HEX_AMP', () => {
    const html = renderIsland('store-notice', { message: HOSTILE }, '<p>fallback</p>');
    expect(html).not.toContain('</script><script>');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(html).toContain('\\u2028\\u2029 \\u0026');
    const doc = new JSDOM(html).window.document;
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.querySelector('script[data-island-props]')!.textContent!)).toEqual({
      message: HOSTILE,
    });
    expect(doc.querySelector('[data-island] > p')?.textContent).toBe('fallback');
  });

  it('a hostile query string leaves the page’s scripts and settings intact', async () => {
    const b = browser();
    const evil = encodeURIComponent(HOSTILE);
    const { html, doc } = await b.page(`/shop/?orderby=${evil}&q=${evil}`);
    expect(html).not.toContain('<script>alert(1)');
    SettingsSchema.parse(settingsOf(doc));
    const scripts = [...doc.querySelectorAll('script')];
    expect(
      scripts.every(
        (s) => s.getAttribute('type') === 'application/json' || s.getAttribute('type') === 'module',
      ),
    ).toBe(true);
  });
});

describe('endpoints through the server', () => {
  it('answers wc-ajax with WooCommerce’s shapes and one Set-Cookie line per cookie', async () => {
    const b = browser();
    const response = await b.post('/?wc-ajax=add_to_cart', 'product_id=13&quantity=2');
    expect(response.status).toBe(200);
    expect(
      response.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['woocommerce_cart_hash', 'woocommerce_items_in_cart', 'wp_woocommerce_session_demo']);
    const body = (await response.json()) as { fragments: Record<string, string>; cart_hash: string };
    expect(Object.keys(body.fragments)).toEqual([
      'div.widget_shopping_cart_content',
      'a.cart-contents',
      'a.footer-cart-contents',
    ]);
    // The page and the fragment print the same header cart.
    const { html } = await b.page('/shop/');
    expect(html).toContain(body.fragments['a.cart-contents']!);
  });

  it('answers admin-ajax and wp-json', async () => {
    const b = browser();
    const unknown = await b.post('/wp-admin/admin-ajax.php', 'action=nope');
    expect([unknown.status, await unknown.text()]).toEqual([400, '0']);
    const { doc } = await b.page('/shop/');
    const settings = SettingsSchema.parse(settingsOf(doc));
    const nonce = await (await b.post('/wp-admin/admin-ajax.php', 'action=rest-nonce')).text();
    expect(nonce).toBe(settings.rest_nonce);
    const dismissed = await b.request('/wp-json/wp/v2/users/1', {
      method: 'POST',
      body: '{"woocommerce_meta":{"coming_soon_banner_dismissed":"yes"}}',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': nonce },
    });
    expect(dismissed.status).toBe(200);
    expect(islands((await b.page('/shop/')).doc)).not.toContain('coming-soon-banner');
  });
});

describe('static files and robustness', () => {
  it('serves dist files with long cache headers and refuses paths outside dist', async () => {
    const loader = await fetch(
      new URL('/wp-content/plugins/shop-islands/dist/assets/loader-abc123.js', demo.url),
    );
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const escape = await fetch(
      new URL('/wp-content/plugins/shop-islands/dist/..%2F..%2Fetc%2Fpasswd', demo.url),
    );
    expect(escape.status).toBe(404);
    const css = await fetch(new URL('/demo-assets/theme.css', demo.url));
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const svg = await fetch(new URL('/demo-assets/img/pro-match-football.svg', demo.url));
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it('survives bad requests', async () => {
    for (const pathname of ['/product/%E0%A4%A/', '/%', '/wp-content/plugins/shop-islands/dist/%00']) {
      const response = await fetch(new URL(pathname, demo.url));
      expect(response.status).toBeLessThan(500);
    }
    const garbled = await fetch(new URL('/?wc-ajax=add_to_cart', demo.url), {
      method: 'POST',
      body: '%%%&&&==',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing' },
    });
    expect(garbled.status).toBe(200);
    expect(await garbled.json()).toEqual({ error: true, product_url: false });
    expect((await fetch(new URL('/shop/', demo.url))).status).toBe(200);
  });

  it('renders pages without the loader when there is no build', async () => {
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'shop-islands-nodist-'));
    const bare = await startDemoServer({ port: 0, distDir: emptyDist, quiet: true });
    try {
      const { doc } = await browser(bare.url).page('/my-account/');
      expect(doc.querySelector('script[type="module"]')).toBeNull();
      settingsOf(doc);
      expect(doc.querySelector('[data-island="password-toggle"] input[type="password"]')).not.toBeNull();
    } finally {
      await bare.close();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});
