import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../contract/read-settings';
import { writeCookie } from '../cookies';
import { on } from '../events/bus';
import { addToCart, cart, removeFromCart, resetCartForTesting, startCart } from './index';
import { CREATED_KEY, FRAGMENTS_LIFETIME } from './store';

const HASH_KEY = 'wc_cart_hash_test';
const FRAGMENTS_KEY = 'wc_fragments_test';
const MINI = 'div.widget_shopping_cart_content';

const fragmentsFor = (count: number) => ({
  [MINI]: `<div class="widget_shopping_cart_content"><p class="count">${count} items</p></div>`,
  'a.cart-contents': `<a class="cart-contents" href="/cart/">${count} items</a>`,
});

/** The server: a cart with a line count; records every wc-ajax call in order. */
let lines = 0;
const calls: { endpoint: string; body: Record<string, string> }[] = [];
const server = setupServer(
  http.post('http://localhost:3000/', async ({ request }) => {
    const endpoint = new URL(request.url).searchParams.get('wc-ajax') ?? '';
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    calls.push({ endpoint, body });
    if (endpoint === 'add_to_cart') {
      if (body.product_id === '99')
        return HttpResponse.json({ error: true, product_url: '/product/gloves/' });
      lines += Number(body.quantity ?? 1);
    }
    if (endpoint === 'remove_from_cart') {
      if (body.cart_item_key !== 'good') return HttpResponse.json({ success: false });
      lines -= 1;
    }
    return HttpResponse.json({ fragments: fragmentsFor(lines), cart_hash: lines ? `hash${lines}` : '' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  lines = 0;
  calls.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  writeCookie('woocommerce_cart_hash', '', { maxAge: 0 });
  writeCookie('woocommerce_items_in_cart', '', { maxAge: 0 });
  setSettings({
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    cart_url: '/cart/',
    cart_hash_key: HASH_KEY,
    fragment_name: FRAGMENTS_KEY,
  });
  document.body.innerHTML = `<header><a class="cart-contents" href="/cart/">server</a><div class="widget_shopping_cart_content">server</div></header>`;
});
afterEach(() => {
  resetCartForTesting();
  server.resetHandlers();
  setSettings(null);
  vi.useRealTimers();
});

const storeValid = (count: number, hash: string, created = Date.now()) => {
  sessionStorage.setItem(FRAGMENTS_KEY, JSON.stringify(fragmentsFor(count)));
  sessionStorage.setItem(HASH_KEY, hash);
  localStorage.setItem(HASH_KEY, hash);
  sessionStorage.setItem(CREATED_KEY, String(created));
  writeCookie('woocommerce_cart_hash', hash);
};
const refreshes = () => calls.filter((c) => c.endpoint === 'get_refreshed_fragments').length;
const headerText = () => document.querySelector('a.cart-contents')?.textContent;

describe('cart store: when it asks the server', () => {
  it('refreshes once when nothing is stored, then stores fragments, hash and creation time', async () => {
    lines = 2;
    const refreshed = vi.fn();
    const off = on('wc_fragments_refreshed', refreshed);
    startCart();
    await waitFor(() => expect(refreshed).toHaveBeenCalledOnce());
    off();
    expect(calls).toEqual([
      { endpoint: 'get_refreshed_fragments', body: { time: expect.stringMatching(/^\d+$/) } },
    ]);
    expect(headerText()).toBe('2 items');
    expect(JSON.parse(sessionStorage.getItem(FRAGMENTS_KEY)!)).toEqual(fragmentsFor(2));
    expect(sessionStorage.getItem(HASH_KEY)).toBe('hash2');
    expect(localStorage.getItem(HASH_KEY)).toBe('hash2');
    expect(Number(sessionStorage.getItem(CREATED_KEY))).toBeGreaterThan(0);
  });

  it('makes no request when the stored fragments are valid, and shows them', async () => {
    storeValid(3, 'hash3');
    const loaded = vi.fn();
    const off = on('wc_fragments_loaded', loaded);
    startCart();
    off();
    expect(loaded).toHaveBeenCalledOnce();
    expect(headerText()).toBe('3 items');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([]);
  });

  it('makes no request for a known empty cart', async () => {
    storeValid(0, '');
    startCart();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'the stored hash differs from the cookie',
      () => (storeValid(1, 'hash1'), writeCookie('woocommerce_cart_hash', 'other')),
    ],
    ['they expired (24 h)', () => storeValid(1, 'hash1', Date.now() - FRAGMENTS_LIFETIME - 1)],
    [
      'there is a hash but no creation time',
      () => (storeValid(1, 'hash1'), sessionStorage.removeItem(CREATED_KEY)),
    ],
    [
      'the stored fragments are not JSON',
      () => (storeValid(1, 'hash1'), sessionStorage.setItem(FRAGMENTS_KEY, '{')),
    ],
    [
      'the mini-cart fragment is missing',
      () => (storeValid(1, 'hash1'), sessionStorage.setItem(FRAGMENTS_KEY, '{}')),
    ],
  ])('refreshes once when %s', async (_case, arrange) => {
    arrange();
    startCart();
    await waitFor(() => expect(refreshes()).toBe(1));
  });

  it('refreshes at the moment the stored fragments expire', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    storeValid(1, 'hash1', Date.now() - FRAGMENTS_LIFETIME + 1000);
    startCart();
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(990);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    vi.useRealTimers();
    await waitFor(() => expect(refreshes()).toBe(1));
  });

  it('refreshes when another tab changes the stored hash, and not for other keys', async () => {
    storeValid(1, 'hash1');
    startCart();
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    localStorage.setItem(HASH_KEY, 'hash2');
    window.dispatchEvent(new StorageEvent('storage', { key: HASH_KEY }));
    await waitFor(() => expect(refreshes()).toBe(1));
  });

  it('refreshes on a back/forward-cache restore only', async () => {
    storeValid(1, 'hash1');
    startCart();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(refreshes()).toBe(1));
  });

  it('refreshes when other code triggers wc_fragment_refresh', async () => {
    storeValid(1, 'hash1');
    startCart();
    document.body.dispatchEvent(new CustomEvent('wc_fragment_refresh', { bubbles: true }));
    await waitFor(() => expect(refreshes()).toBe(1));
  });

  it('raises wc_fragments_ajax_error when a refresh fails, and breaks nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('http://localhost:3000/', () => new HttpResponse('<h1>Error</h1>', { status: 500 })),
    );
    const failed = vi.fn();
    const off = on('wc_fragments_ajax_error', failed);
    startCart();
    await waitFor(() => expect(failed).toHaveBeenCalledOnce());
    off();
    expect(cart.getSnapshot()).toMatchObject({ failed: true, updating: false });
    expect(headerText()).toBe('server');
  });
});

describe('cart store: adding and removing', () => {
  beforeEach(() => storeValid(0, ''));

  it('sends adds one at a time, in order, none dropped', async () => {
    let inFlight = 0;
    let most = 0;
    server.use(
      http.post('http://localhost:3000/', async ({ request }) => {
        const body = Object.fromEntries(new URLSearchParams(await request.text()));
        calls.push({ endpoint: 'add_to_cart', body });
        inFlight += 1;
        most = Math.max(most, inFlight);
        await delay(5);
        inFlight -= 1;
        lines += 1;
        return HttpResponse.json({ fragments: fragmentsFor(lines), cart_hash: `hash${lines}` });
      }),
    );
    startCart();
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => addToCart({ product_id: String(i + 1), quantity: '1' })),
    );
    expect(outcomes.every((o) => o.kind === 'added')).toBe(true);
    expect(calls.map((c) => c.body.product_id)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    expect(most).toBe(1);
    expect(headerText()).toBe('30 items');
  });

  it('fires adding_to_cart and added_to_cart with the classic arguments and stores the result', async () => {
    startCart();
    const button = document.createElement('a');
    const adding = vi.fn();
    const added = vi.fn();
    const offs = [on('adding_to_cart', adding), on('added_to_cart', added)];
    const outcome = await addToCart({ product_id: '13', quantity: '2' }, button);
    offs.forEach((off) => off());
    expect(outcome).toEqual({ kind: 'added', fragments: fragmentsFor(2), hash: 'hash2' });
    expect(adding).toHaveBeenCalledWith(button, { product_id: '13', quantity: '2' });
    expect(added).toHaveBeenCalledWith(fragmentsFor(2), 'hash2', button);
    expect(sessionStorage.getItem(HASH_KEY)).toBe('hash2');
    expect(localStorage.getItem(HASH_KEY)).toBe('hash2');
  });

  it('asks to go to the product page when WooCommerce refuses the add', async () => {
    startCart();
    expect(await addToCart({ product_id: '99' })).toEqual({ kind: 'redirect', url: '/product/gloves/' });
  });

  it("asks to go to the cart page when cart_redirect_after_add is 'yes'", async () => {
    setSettings({
      ajax_url: '/a',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      cart_url: '/cart/',
      cart_hash_key: HASH_KEY,
      fragment_name: FRAGMENTS_KEY,
      cart_redirect_after_add: 'yes',
    });
    startCart();
    const added = vi.fn();
    const off = on('added_to_cart', added);
    expect(await addToCart({ product_id: '13' })).toEqual({ kind: 'redirect', url: '/cart/' });
    off();
    // WooCommerce leaves for the cart page before storing fragments or firing added_to_cart.
    expect(added).not.toHaveBeenCalled();
  });

  it('sends nothing when a should_send_ajax_request.adding_to_cart listener vetoes', async () => {
    startCart();
    const veto = (event: Event) => event.preventDefault();
    document.body.addEventListener('should_send_ajax_request.adding_to_cart', veto);
    expect(await addToCart({ product_id: '13' })).toEqual({ kind: 'vetoed' });
    document.body.removeEventListener('should_send_ajax_request.adding_to_cart', veto);
    expect(calls).toEqual([]);
  });

  const FAULTS = [
    ['a 500', () => new HttpResponse('oops', { status: 500 }), 'http'],
    [
      'malformed JSON',
      () => new HttpResponse('{"fragm', { headers: { 'Content-Type': 'application/json' } }),
      'schema',
    ],
    ['HTML instead of JSON', () => HttpResponse.html('<html><body>Error</body></html>'), 'schema'],
  ] as const;

  /** The add's answer replaced by `respond`; the add itself happened on the server when `happened`. */
  const faultyAdd = (respond: () => Response, { happened }: { happened: boolean }) =>
    server.use(
      http.post('http://localhost:3000/', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return undefined;
        calls.push({
          endpoint: 'add_to_cart',
          body: Object.fromEntries(new URLSearchParams(await request.text())),
        });
        if (happened) lines += 1;
        return respond();
      }),
    );

  it.each(FAULTS)(
    '%s, and the cart unchanged: a failed add (the fallback may add it)',
    async (_case, respond, kind) => {
      faultyAdd(respond, { happened: false });
      startCart();
      const outcome = await addToCart({ product_id: '13' });
      expect(outcome).toMatchObject({ kind: 'failed', error: { kind } });
      // What happened was read from the fragments before the fallback may add it.
      expect(calls.map((c) => c.endpoint)).toEqual(['add_to_cart', 'get_refreshed_fragments']);
      expect(cart.getSnapshot().updating).toBe(false);
    },
  );

  it.each(FAULTS)('%s, but the cart changed: added, so no fallback adds it twice', async (_case, respond) => {
    faultyAdd(respond, { happened: true });
    const added = vi.fn();
    const stop = on('added_to_cart', added);
    startCart();
    const outcome = await addToCart({ product_id: '13' });
    stop();
    expect(outcome).toMatchObject({ kind: 'added', hash: 'hash1' });
    expect(headerText()).toBe('1 items');
    expect(added).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.endpoint === 'add_to_cart')).toHaveLength(1);
  });

  it('no answer to the add, and none to the refresh: unknown, and nothing is sent again', async () => {
    server.use(http.post('http://localhost:3000/', () => new HttpResponse('down', { status: 503 })));
    startCart();
    const outcome = await addToCart({ product_id: '13' });
    expect(outcome).toMatchObject({ kind: 'unknown', error: { kind: 'http' } });
  });

  it.each([
    ['javascript:alert(1)'],
    ['https://evil.example/product/gloves/'],
    ['data:text/html,<script>alert(1)</script>'],
  ])('an error answer naming %s is refused, not a redirect', async (url) => {
    server.use(
      http.post('http://localhost:3000/', () => HttpResponse.json({ error: true, product_url: url })),
    );
    startCart();
    expect(await addToCart({ product_id: '13' })).toEqual({ kind: 'refused', url });
  });

  it('a cart_url off the store with cart_redirect_after_add is refused', async () => {
    setSettings({
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      cart_url: 'https://evil.example/cart/',
      cart_redirect_after_add: 'yes',
      cart_hash_key: HASH_KEY,
      fragment_name: FRAGMENTS_KEY,
    });
    startCart();
    expect(await addToCart({ product_id: '13' })).toEqual({
      kind: 'refused',
      url: 'https://evil.example/cart/',
    });
  });

  it('dims the fragment regions to 0.6 while a request runs', async () => {
    server.use(
      http.post('http://localhost:3000/', async () => {
        await delay(30);
        return HttpResponse.json({ fragments: fragmentsFor(1), cart_hash: 'hash1' });
      }),
    );
    startCart();
    const pending = addToCart({ product_id: '13' });
    const region = document.querySelector<HTMLElement>('a.cart-contents')!;
    await waitFor(() => expect(region.style.opacity).toBe('0.6'));
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(cart.getSnapshot().updating).toBe(true);
    await pending;
    expect(document.querySelector<HTMLElement>('a.cart-contents')!.style.opacity).toBe('');
  });

  it('leaves regions inside a mounted island to that island', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div data-island="mini-cart" data-island-state="mounted"><div class="widget_shopping_cart_content">island</div></div>`,
    );
    startCart();
    await addToCart({ product_id: '13' });
    expect(document.querySelector('[data-island] .widget_shopping_cart_content')?.textContent).toBe('island');
    expect(cart.getSnapshot().fragments[MINI]).toContain('1 items');
  });

  it('removes a line, and reports an unknown key as failed (the caller follows the link)', async () => {
    lines = 1;
    startCart();
    const removed = vi.fn();
    const off = on('removed_from_cart', removed);
    expect(await removeFromCart('good')).toEqual({ kind: 'removed' });
    expect(await removeFromCart('bad')).toEqual({ kind: 'failed' });
    off();
    expect(removed).toHaveBeenCalledOnce();
    expect(headerText()).toBe('0 items');
  });
});
