import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { setSettings } from '../contract/read-settings';
import { activity } from './activity';
import { adminAjax, currentNonce, rest, wcAjax } from './client';
import { TransportError } from './errors';
import { createQueue } from './queue';

const Fragments = z.object({ fragments: z.record(z.string(), z.string()), cart_hash: z.string() });
const server = setupServer();
const seen: Request[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
  setSettings({
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    rest_nonce: 'aaaaaaaaaa',
    cart_url: '/cart/',
  });
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  setSettings(null);
});

const wc = (endpoint: string, resolver: Parameters<typeof http.post>[1]) =>
  http.post('http://localhost:3000/', (info) =>
    new URL(info.request.url).searchParams.get('wc-ajax') === endpoint ? resolver(info) : undefined,
  );

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a TransportError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(TransportError);
      return error as TransportError;
    },
  );

describe('wcAjax', () => {
  it('POSTs a form to /?wc-ajax={endpoint} and returns the parsed body', async () => {
    server.use(
      wc('get_refreshed_fragments', () => HttpResponse.json({ fragments: { a: '<a></a>' }, cart_hash: 'h' })),
    );
    const result = await wcAjax('get_refreshed_fragments', { time: 1700000000000 }, { schema: Fragments });
    expect(result).toEqual({ fragments: { a: '<a></a>' }, cart_hash: 'h' });
    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toMatch(/application\/x-www-form-urlencoded/);
    expect(await request.text()).toBe('time=1700000000000');
    // No nonce travels to wc-ajax.
    expect(request.headers.get('x-wp-nonce')).toBeNull();
  });

  it.each([
    [
      'malformed JSON',
      () => new HttpResponse('{"fragments":', { headers: { 'Content-Type': 'application/json' } }),
      /not JSON/,
    ],
    ['HTML instead of JSON', () => HttpResponse.html('<!doctype html><p>Fatal error</p>'), /not JSON/],
    ['the wrong shape', () => HttpResponse.json({ fragments: 'nope' }), /"fragments"/],
  ])('rejects %s as a schema error', async (_case, respond, message) => {
    server.use(wc('get_refreshed_fragments', respond));
    const error = await failure(wcAjax('get_refreshed_fragments', {}, { schema: Fragments }));
    expect(error.kind).toBe('schema');
    expect(error.message).toMatch(message);
  });

  it('maps a 500 to an http error with its status', async () => {
    server.use(wc('add_to_cart', () => new HttpResponse('<p>Internal Server Error</p>', { status: 500 })));
    const error = await failure(wcAjax('add_to_cart', { product_id: 1 }, { schema: Fragments }));
    expect(error).toMatchObject({ kind: 'http', details: { status: 500 } });
  });

  it('times out', async () => {
    server.use(
      wc('get_refreshed_fragments', async () => {
        await delay(500);
        return HttpResponse.json({ fragments: {}, cart_hash: '' });
      }),
    );
    const error = await failure(wcAjax('get_refreshed_fragments', {}, { schema: Fragments, timeout: 50 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/50 ms/);
  });

  it('aborts when the caller aborts, and before sending when already aborted', async () => {
    server.use(
      wc('get_refreshed_fragments', async () => {
        await delay(500);
        return HttpResponse.json({ fragments: {}, cart_hash: '' });
      }),
    );
    const controller = new AbortController();
    const pending = failure(
      wcAjax('get_refreshed_fragments', {}, { schema: Fragments, signal: controller.signal }),
    );
    controller.abort();
    expect((await pending).kind).toBe('abort');
    const early = await failure(wcAjax('x', {}, { schema: Fragments, signal: AbortSignal.abort() }));
    expect(early.kind).toBe('abort');
  });

  it('reports a network failure', async () => {
    server.use(wc('add_to_cart', () => HttpResponse.error()));
    const error = await failure(wcAjax('add_to_cart', {}, { schema: Fragments }));
    expect(error.kind).toBe('network');
  });
});

describe('adminAjax', () => {
  it("POSTs the action with the form and reads WordPress's bare '0' answers as text", async () => {
    server.use(http.post('http://localhost:3000/wp-admin/admin-ajax.php', () => new HttpResponse('1')));
    const ok = await adminAjax(
      'some_action',
      { product_id: 5 },
      { schema: z.string(), responseType: 'text' },
    );
    expect(ok).toBe('1');
    expect(await seen[0]!.text()).toBe('product_id=5&action=some_action');
  });

  it('GETs with the action in the query', async () => {
    server.use(
      http.get('http://localhost:3000/wp-admin/admin-ajax.php', () => HttpResponse.json({ suggestions: [] })),
    );
    await adminAjax(
      'commercekit_ajax_search',
      { query: 'boots' },
      { method: 'GET', schema: z.object({ suggestions: z.array(z.unknown()) }) },
    );
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get('action')).toBe('commercekit_ajax_search');
    expect(url.searchParams.get('query')).toBe('boots');
  });

  it("maps an unknown action (HTTP 400, body '0') to an http error", async () => {
    server.use(
      http.post(
        'http://localhost:3000/wp-admin/admin-ajax.php',
        () => new HttpResponse('0', { status: 400 }),
      ),
    );
    const error = await failure(adminAjax('nope', {}, { schema: z.string() }));
    expect(error).toMatchObject({ kind: 'http', details: { status: 400, body: '0' } });
  });
});

describe('rest', () => {
  const invalidNonce = () =>
    HttpResponse.json(
      { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
      { status: 403 },
    );

  it('sends X-WP-Nonce and JSON to a path under the REST root', async () => {
    server.use(http.post('http://localhost:3000/wp-json/wp/v2/users/me', () => HttpResponse.json({ id: 1 })));
    await rest('wp/v2/users/me', { method: 'POST', data: { a: 1 }, schema: z.object({ id: z.number() }) });
    const request = seen[0]!;
    expect(request.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ a: 1 });
  });

  it('sends the nonce to a full REST URL given by the server', async () => {
    server.use(http.post('http://localhost:3000/wp-json/wp/v2/users/1', () => HttpResponse.json({})));
    await rest('/wp-json/wp/v2/users/1', { method: 'POST', data: {}, schema: z.object({}) });
    expect(seen[0]!.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
  });

  it('refreshes an expired nonce once through admin-ajax rest-nonce and retries', async () => {
    server.use(
      http.post('http://localhost:3000/wp-json/wp/v2/users/1', ({ request }) =>
        request.headers.get('x-wp-nonce') === 'bbbbbbbbbb' ? HttpResponse.json({ id: 1 }) : invalidNonce(),
      ),
      http.get('http://localhost:3000/wp-admin/admin-ajax.php', ({ request }) =>
        new URL(request.url).searchParams.get('action') === 'rest-nonce'
          ? new HttpResponse('bbbbbbbbbb')
          : undefined,
      ),
    );
    await rest('wp/v2/users/1', { method: 'POST', data: {}, schema: z.object({ id: z.number() }) });
    expect(currentNonce()).toBe('bbbbbbbbbb');
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([
      '/wp-json/wp/v2/users/1',
      '/wp-admin/admin-ajax.php',
      '/wp-json/wp/v2/users/1',
    ]);
  });

  it("gives up with WordPress's error code when no fresh nonce can be had", async () => {
    server.use(
      http.post('http://localhost:3000/wp-json/wp/v2/users/1', invalidNonce),
      http.get('http://localhost:3000/wp-admin/admin-ajax.php', () => new HttpResponse('0', { status: 400 })),
    );
    const error = await failure(rest('wp/v2/users/1', { method: 'POST', data: {}, schema: z.object({}) }));
    expect(error).toMatchObject({
      kind: 'http',
      details: { status: 403, code: 'rest_cookie_invalid_nonce' },
    });
    expect(error.message).toMatch(/Cookie check failed/);
  });
});

describe('activity', () => {
  it('counts calls in flight, whatever their outcome', async () => {
    server.use(
      wc('slow', async () => {
        await delay(30);
        return new HttpResponse('oops', { status: 500 });
      }),
    );
    const changes: number[] = [];
    const unsubscribe = activity.subscribe(() => changes.push(activity.getSnapshot()));
    await failure(wcAjax('slow', {}, { schema: z.unknown() }));
    unsubscribe();
    expect(changes).toEqual([1, 0]);
  });

  it('does not count calls marked as foreground', async () => {
    server.use(wc('quiet', () => HttpResponse.json({})));
    const listener = vi.fn();
    const unsubscribe = activity.subscribe(listener);
    await wcAjax('quiet', {}, { schema: z.object({}), background: false });
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createQueue', () => {
  it('runs tasks one at a time, in order, and survives a failing task', async () => {
    const queue = createQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          log.push(`start ${name}`);
          setTimeout(() => {
            log.push(`end ${name}`);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms);
        });
    const results = await Promise.allSettled([
      queue.run(task('a', 30)),
      queue.run(task('b', 5, true)),
      queue.run(task('c', 1)),
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.size).toBe(0);
  });
});
