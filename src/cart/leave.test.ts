import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../contract/read-settings';
import { navigation } from '../navigation';
import { holdNavigation } from './leave';
import { addToCart, resetCartForTesting, startCart } from './index';

describe('holdNavigation: links and forms wait for the adds', () => {
  let pending = 0;
  let settle: () => void = () => undefined;
  let release: () => void = () => undefined;
  beforeEach(() => {
    pending = 2;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    release = holdNavigation({ pending: () => pending, settled: () => settled });
    document.body.innerHTML = `
      <a id="away" href="/shop/">Shop</a>
      <a id="blank" href="/shop/" target="_blank">New tab</a>
      <a id="anchor" href="#reviews">Reviews</a>
      <a id="script" href="javascript:void(0)">Script</a>
      <form id="search" action="/"><input name="s" value="boots"><button>Search</button></form>`;
  });
  afterEach(() => {
    release();
    vi.restoreAllMocks();
  });

  const click = (id: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    document.getElementById(id)!.dispatchEvent(event);
    return event;
  };

  it('a link clicked while adds are pending is followed once they are done', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    expect(click('away').defaultPrevented).toBe(true);
    await Promise.resolve();
    expect(assign).not.toHaveBeenCalled();
    settle();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/shop/`));
  });

  it('only the last of several clicked links is followed', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    click('away');
    document.getElementById('away')!.setAttribute('href', '/cart/');
    click('away');
    settle();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(`${location.origin}/cart/`);
  });

  it.each([
    ['a modified click (new tab)', 'away', { ctrlKey: true }],
    ['a link opening another tab', 'blank', {}],
    ['an in-page anchor', 'anchor', {}],
    ['a javascript: link', 'script', {}],
  ])('%s is not held', (_case, id, init) => {
    expect(click(id, init).defaultPrevented).toBe(false);
  });

  it('nothing is held when no add is pending', () => {
    pending = 0;
    expect(click('away').defaultPrevented).toBe(false);
  });

  it('a form submitted meanwhile is submitted once the adds are done', async () => {
    const submit = vi.spyOn(navigation, 'submit').mockImplementation(() => undefined);
    const form = document.getElementById('search') as HTMLFormElement;
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    settle();
    await waitFor(() => expect(submit).toHaveBeenCalledWith(form, null));
  });
});

describe('the cart store: adds are not lost when the page is left', () => {
  let lines = 0;
  const adds: { keepalive: boolean; fields: Record<string, string> }[] = [];
  const hold = () => {
    let open!: () => void;
    const passed = new Promise<void>((resolve) => (open = resolve));
    return { passed, open };
  };
  /** Holds the first add's answer until opened. */
  let firstAdd = hold();
  const server = setupServer(
    http.post('http://localhost:3000/', async ({ request }) => {
      const endpoint = new URL(request.url).searchParams.get('wc-ajax');
      if (endpoint === 'add_to_cart') {
        const fields = Object.fromEntries(new URLSearchParams(await request.text()));
        adds.push({ keepalive: request.keepalive, fields });
        if (adds.length === 1) await firstAdd.passed;
        lines += Number(fields.quantity ?? 1);
      }
      return HttpResponse.json({ fragments: {}, cart_hash: lines ? `hash${lines}` : '' });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    lines = 0;
    adds.length = 0;
    firstAdd = hold();
    sessionStorage.clear();
    setSettings({
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      cart_url: '/cart/',
      cart_hash_key: 'wc_cart_hash_leave',
      fragment_name: 'wc_fragments_leave',
    });
  });
  afterEach(() => {
    firstAdd.open();
    resetCartForTesting();
    setSettings(null);
    vi.restoreAllMocks();
  });

  it('five quick adds, then a link: the link is followed after the fifth answer', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    document.body.innerHTML = '<a id="away" href="/shop/">Shop</a>';
    startCart();
    const outcomes = Array.from({ length: 5 }, () => addToCart({ product_id: '13', quantity: '1' }));
    document.getElementById('away')!.click();
    await Promise.resolve();
    expect(assign).not.toHaveBeenCalled();
    firstAdd.open();
    await Promise.all(outcomes);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/shop/`));
    expect(adds).toHaveLength(5);
    expect(lines).toBe(5);
  });

  it('the page left another way (pagehide): the adds still waiting are sent with keepalive, once, one request per product', async () => {
    startCart();
    const outcomes = [
      ...Array.from({ length: 4 }, () => addToCart({ product_id: '13', quantity: '1' })),
      addToCart({ product_id: '14', quantity: '2' }),
      addToCart({ quantity: '3', product_id: '13' }),
    ];
    await waitFor(() => expect(adds).toHaveLength(1));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    // WooCommerce loses adds that reach it side by side: the four waiting adds of product 13 (1 + 1
    // + 1 + 3) go as one add of 6, product 14 as its own.
    await waitFor(() => expect(adds).toHaveLength(3));
    expect(adds.map(({ keepalive, fields }) => [keepalive, fields.product_id, fields.quantity])).toEqual([
      [false, '13', '1'],
      [true, '13', '6'],
      [true, '14', '2'],
    ]);
    // The page comes back from the back/forward cache: the queue goes on without sending them again.
    firstAdd.open();
    const settled = await Promise.all(outcomes);
    expect(adds).toHaveLength(3);
    expect(lines).toBe(9);
    expect(settled.map((outcome) => outcome.kind)).toEqual([
      'added',
      'added',
      'added',
      'added',
      'added',
      'added',
    ]);
  });
});
