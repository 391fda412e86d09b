// @vitest-environment node
/**
 * CommerceKit's wishlist and waitlist in the demo store: the admin-ajax actions (commercekit.ts)
 * and the pages' island containers with their no-JS fallbacks (wishlist.ts, waitlist.ts, site.ts).
 * The same routing as the dev server: endpoints through the MSW handlers, pages through the site.
 */
import { getResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';
import { isStoreEndpoint } from './proxy';
import { createSite } from './site';
import { resetStore, store } from './store';
import { cookieClient } from './test-client';
import { WAITLIST_NONCE_ACTION, WAITLIST_TEXT } from './waitlist';
import { WISHLIST_NONCE_ACTION } from './wishlist';

const handlers = createHandlers({ store });
const site = createSite({ store });
const ORIGIN = 'http://demo.localhost';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };

beforeEach(() => resetStore());

/** A shopper: keeps cookies, does not follow redirects. */
function shopper() {
  const { send, cookieHeader } = cookieClient(ORIGIN, async (request) =>
    isStoreEndpoint(new URL(request.url))
      ? ((await getResponse(handlers, request)) ?? new Response('', { status: 404 }))
      : site(request),
  );
  const ajax = async (fields: Record<string, string>) => {
    const response = await send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(fields).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    return (await response.json()) as { status: number; html?: string; message: string };
  };
  const page = async (path: string) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    return response.text();
  };
  const session = () => store.peekSession(cookieHeader())!;
  return { send, ajax, page, session };
}

/** The JSON props of the `n`th container of island `name` in a page. */
function propsOf(html: string, name: string, n = 0): Record<string, unknown> {
  const all = [
    ...html.matchAll(new RegExp(`data-island="${name}"[^>]*><script[^>]*>([\\s\\S]*?)</script>`, 'g')),
  ];
  const json = all[n]?.[1];
  if (!json) throw new Error(`no island ${name} #${n}`);
  return JSON.parse(json) as Record<string, unknown>;
}

describe('wishlist actions (admin-ajax)', () => {
  it('save: status 1, the product’s control in its new state, a message; stored in the session', async () => {
    const s = shopper();
    await s.page('/');
    const answer = await s.ajax({ action: 'commercekit_save_wishlist', product_id: '14', type: 'page' });
    expect(answer.status).toBe(1);
    expect(answer.message).toBe('&ldquo;Shin Pads&rdquo; has been added to your wishlist.');
    expect(answer.html).toContain(
      'class="commercekit-remove-wishlist" data-product-id="14" data-type="page"',
    );
    expect(answer.html).toContain('Remove from wishlist');
    expect(answer.html).toContain(
      '<a href="/wishlist/" class="commercekit-browse-wishlist">View wishlist</a>',
    );
    expect(s.session().wishlist).toEqual([13, 18, 14]);
    // Saving again keeps one entry.
    await s.ajax({ action: 'commercekit_save_wishlist', product_id: '14', type: 'page' });
    expect(s.session().wishlist).toEqual([13, 18, 14]);
  });

  it('type=list answers with the listing’s heart, named for the product', async () => {
    const s = shopper();
    const answer = await s.ajax({ action: 'commercekit_save_wishlist', product_id: '16', type: 'list' });
    expect(answer.html).toContain('aria-label="Remove &ldquo;Training Ball&rdquo; from wishlist"');
    expect(answer.html).not.toContain('View wishlist');
  });

  it('remove: status 1 and the add control; from the wishlist page (reload=1) the whole list', async () => {
    const s = shopper();
    await s.page('/');
    const one = await s.ajax({ action: 'commercekit_remove_wishlist', product_id: '13', type: 'page' });
    expect(one).toMatchObject({
      status: 1,
      message: '&ldquo;Pro Match Football&rdquo; has been removed from your wishlist.',
    });
    expect(one.html).toContain('class="commercekit-save-wishlist" data-product-id="13"');
    const list = await s.ajax({
      action: 'commercekit_remove_wishlist',
      product_id: '18',
      wpage: '1',
      type: 'list',
      reload: '1',
    });
    expect(list.status).toBe(1);
    expect(list.html).toContain('This wishlist is empty');
    expect(s.session().wishlist).toEqual([]);
  });

  it('an unknown product: status 0, no html, CommerceKit’s message', async () => {
    const s = shopper();
    expect(await s.ajax({ action: 'commercekit_save_wishlist', product_id: '999', type: 'page' })).toEqual({
      status: 0,
      html: '',
      message: 'Cannot add this item to the wishlist',
    });
    expect(await s.ajax({ action: 'commercekit_remove_wishlist', product_id: 'x', type: 'list' })).toEqual({
      status: 0,
      html: '',
      message: 'Cannot remove this item from the wishlist',
    });
  });

  it('add to cart: the product goes in the cart, with the cart cookies; a variable product adds its first variation', async () => {
    const s = shopper();
    await s.page('/');
    const response = await s.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: FORM,
      body: 'action=commercekit_wishlist_addtocart&product_id=13',
    });
    expect(await response.json()).toEqual({
      status: 1,
      message: '&ldquo;Pro Match Football&rdquo; has been added to your cart.',
    });
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'woocommerce_items_in_cart',
      'woocommerce_cart_hash',
    ]);
    await s.ajax({ action: 'commercekit_wishlist_addtocart', product_id: '18' });
    expect(store.cartLines(s.session()).map((l) => l.name)).toEqual([
      'Pro Match Football',
      'Junior Football Boots - UK 1, Black',
    ]);
    // Nothing is left for the next page to print.
    expect(s.session().notices).toEqual([]);
  });

  it('add to cart refused: status 0 with WooCommerce’s reason, no notice left behind', async () => {
    const s = shopper();
    await s.page('/');
    const answer = await s.ajax({ action: 'commercekit_wishlist_addtocart', product_id: '15' });
    expect(answer).toEqual({
      status: 0,
      message:
        'You cannot add &quot;Goalkeeper Gloves&quot; to the cart because the product is out of stock.',
    });
    expect(s.session().notices).toEqual([]);
    expect(await s.ajax({ action: 'commercekit_wishlist_addtocart', product_id: '0' })).toEqual({
      status: 0,
      message: 'Error on adding to cart.',
    });
  });
});

describe('waitlist (admin-ajax)', () => {
  it('signs an e-mail up for a product or a variation', async () => {
    const s = shopper();
    await s.page('/');
    expect(await s.ajax({ action: 'commercekit_save_waitlist', product_id: '15', email: 'a@b.co' })).toEqual({
      status: 1,
      message: WAITLIST_TEXT.success,
    });
    await s.ajax({ action: 'commercekit_save_waitlist', product_id: '24', email: ' a@b.co ' });
    await s.ajax({ action: 'commercekit_save_waitlist', product_id: '24', email: 'a@b.co' });
    expect(s.session().waitlist).toEqual([
      { productId: 15, email: 'a@b.co' },
      { productId: 24, email: 'a@b.co' },
    ]);
  });

  it.each([
    ['no e-mail', { product_id: '15', email: '' }],
    ['an invalid e-mail', { product_id: '15', email: 'nope' }],
    ['an unknown product', { product_id: '999', email: 'a@b.co' }],
  ])('%s: status 0 and CommerceKit’s error', async (_case, fields) => {
    expect(await shopper().ajax({ action: 'commercekit_save_waitlist', ...fields })).toEqual({
      status: 0,
      message: WAITLIST_TEXT.error,
    });
  });
});

describe('pages', () => {
  it('a product page prints its wishlist control as an island, with a working no-JS form', async () => {
    const s = shopper();
    const html = await s.page('/product/shin-pads/');
    const props = propsOf(html, 'wishlist-button');
    expect(props).toMatchObject({ productId: 14, variant: 'full', type: 'page' });
    const nonce = store.nonce(s.session(), WISHLIST_NONCE_ACTION);
    expect(props.html).toContain(`action="/wishlist/?add-to-wishlist=14&amp;_wpnonce=${nonce}"`);
    expect(html).toContain(
      `<div class="commercekit-wishlist full" data-product-id="14">${String(props.html)}</div>`,
    );

    // Without JavaScript the form posts; the wishlist page then lists the product.
    const posted = await s.send(`/wishlist/?add-to-wishlist=14&_wpnonce=${nonce}`, { method: 'POST' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/wishlist/');
    const wishlist = await s.page('/wishlist/');
    expect(wishlist).toContain('&ldquo;Shin Pads&rdquo; has been added to your wishlist.');
    expect(String(propsOf(wishlist, 'wishlist-list').html)).toContain('data-product-id="14"');
  });

  it('listing items carry a mini wishlist control each', async () => {
    const html = await shopper().page('/shop/');
    const props = [0, 1, 2, 3, 4, 5].map((n) => propsOf(html, 'wishlist-button', n));
    expect(props.map((p) => p.type)).toEqual(Array(6).fill('list'));
    expect(props.map((p) => p.variant)).toEqual(Array(6).fill('mini'));
    expect(new Set(props.map((p) => p.productId))).toEqual(new Set([13, 14, 15, 16, 17, 18]));
  });

  it('the wishlist page: the list island over the session’s wishlist, newest first, with no-JS forms', async () => {
    const s = shopper();
    const html = await s.page('/wishlist/');
    const list = String(propsOf(html, 'wishlist-list').html);
    expect(list.indexOf('Junior Football Boots')).toBeLessThan(list.indexOf('Pro Match Football'));
    expect(list).toContain(
      '<button type="submit" name="add-to-cart" value="13" class="button commercekit-wishlist-cart" data-product-id="13"',
    );
    expect(list).toContain('data-wpage="1"');
    expect(html).toContain(
      `<div id="commercekit-wishlist-shortcode" class="commercekit-wishlist-shortcode">${list}</div>`,
    );

    // The no-JS add to cart: WooCommerce's form handler on the wishlist page.
    const added = await s.send('/wishlist/', { method: 'POST', headers: FORM, body: 'add-to-cart=13' });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('has been added to your cart');
    expect(store.cartCount(s.session())).toBe(1);
  });

  it('Goalkeeper Gloves (out of stock) has the waitlist form; its no-JS post signs up', async () => {
    const s = shopper();
    const html = await s.page('/product/goalkeeper-gloves/');
    expect(propsOf(html, 'waitlist-form')).toMatchObject({
      productId: 15,
      idPrefix: 'ckwtl-15',
      action: '/product/goalkeeper-gloves/',
    });
    expect(html).toContain('<input type="email" id="ckwtl-15-email" name="ckwtl_email"');
    const nonce = store.nonce(s.session(), WAITLIST_NONCE_ACTION);
    const body = new URLSearchParams({
      ckwtl_email: 'a@b.co',
      ckwtl_consent: '1',
      ckwtl_pid: '15',
      _wpnonce: nonce,
    });
    const posted = await s.send('/product/goalkeeper-gloves/', {
      method: 'POST',
      headers: FORM,
      body: body.toString(),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/product/goalkeeper-gloves/');
    expect(await s.page('/product/goalkeeper-gloves/')).toContain(WAITLIST_TEXT.success);
    expect(s.session().waitlist).toEqual([{ productId: 15, email: 'a@b.co' }]);
  });

  it.each([
    ['without consent', { ckwtl_email: 'a@b.co' }, WAITLIST_TEXT.noConsent],
    ['with an invalid e-mail', { ckwtl_email: 'nope', ckwtl_consent: '1' }, WAITLIST_TEXT.invalidEmail],
  ])('the no-JS waitlist post %s is refused with a notice', async (_case, fields, notice) => {
    const s = shopper();
    await s.page('/product/goalkeeper-gloves/');
    const nonce = store.nonce(s.session(), WAITLIST_NONCE_ACTION);
    const body = new URLSearchParams({ ...fields, ckwtl_pid: '15', _wpnonce: nonce });
    await s.send('/product/goalkeeper-gloves/', { method: 'POST', headers: FORM, body: body.toString() });
    expect(await s.page('/product/goalkeeper-gloves/')).toContain(notice);
    expect(s.session().waitlist).toEqual([]);
  });

  it('a stale no-JS waitlist form gets WordPress’s "link expired" page', async () => {
    const s = shopper();
    await s.page('/product/goalkeeper-gloves/');
    const body = 'ckwtl_email=a%40b.co&ckwtl_consent=1&ckwtl_pid=15&_wpnonce=0000000000';
    const response = await s.send('/product/goalkeeper-gloves/', { method: 'POST', headers: FORM, body });
    expect(response.status).toBe(403);
  });

  it('the variable product has a waitlist for its out-of-stock variation only; in-stock products none', async () => {
    const html = await shopper().page('/product/junior-football-boots/');
    expect(propsOf(html, 'waitlist-form')).toMatchObject({
      productId: 24,
      intro: 'UK 3, Blue is out of stock. Notify me when it is back in stock.',
    });
    expect(() => propsOf(html, 'waitlist-form', 1)).toThrow();
    expect(await shopper().page('/product/shin-pads/')).not.toContain('data-island="waitlist-form"');
  });

  it('the cart page: each line’s quantity is the stepper island, update_cart printed enabled', async () => {
    const s = shopper();
    await s.send('/?add-to-cart=13');
    await s.send('/?add-to-cart=17');
    const html = await s.page('/cart/');
    const line = store.cartLines(s.session())[0]!;
    expect(propsOf(html, 'cart-quantity')).toEqual({
      name: `cart[${line.item.key}][qty]`,
      id: `quantity_${line.item.key}`,
      value: 1,
      min: 0,
      max: null,
      step: 1,
      label: 'Pro Match Football quantity',
      productName: 'Pro Match Football',
    });
    expect(html).toContain(
      `<div class="quantity shop-islands-qty"><label class="screen-reader-text" for="quantity_${line.item.key}">`,
    );
    // The kit bag is sold individually: no stepper.
    expect(() => propsOf(html, 'cart-quantity', 1)).toThrow();
    expect(html).toMatch(/<button type="submit" class="button" name="update_cart" value="Update cart">/);
  });
});
