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

  it('sends the session cookies of the same origin, and no REST details', async () => {
    server.use(wc('get_refreshed_fragments', () => HttpResponse.json({ fragments: {}, cart_hash: '' })));
    await wcAjax('get_refreshed_fragments', {}, { schema: Fragments });
    const request = seen[0]!;
    expect(request.credentials).toBe('same-origin');
    // `_locale=user` is api-fetch's, for REST calls only.
    expect(new URL(request.url).search).toBe('?wc-ajax=get_refreshed_fragments');
  });

  it('is never retried, even when the answer names an expired REST nonce', async () => {
    server.use(
      wc('add_to_cart', () =>
        HttpResponse.json(
          { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
          { status: 403 },
        ),
      ),
    );
    const error = await failure(wcAjax('add_to_cart', { product_id: 1 }, { schema: Fragments }));
    expect(error).toMatchObject({
      kind: 'http',
      details: { status: 403, code: 'rest_cookie_invalid_nonce' },
    });
    // No rest-nonce request, no second add.
    expect(seen.map((r) => r.url)).toEqual(['http://localhost:3000/?wc-ajax=add_to_cart']);
  });
});

describe('requests go to this site only', () => {
  it.each([
    [
      'wc_ajax_url',
      'https://evil.example/?wc-ajax=%%endpoint%%',
      () => wcAjax('x', {}, { schema: Fragments }),
    ],
    [
      'ajax_url',
      'https://evil.example/wp-admin/admin-ajax.php',
      () => adminAjax('x', {}, { schema: Fragments }),
    ],
    ['rest URL', '', () => rest('https://evil.example/wp-json/wp/v2/users/1', { schema: Fragments })],
  ])('an off-site %s is refused: nothing is sent', async (field, value, call) => {
    setSettings({
      ajax_url: field === 'ajax_url' ? value : '/wp-admin/admin-ajax.php',
      wc_ajax_url: field === 'wc_ajax_url' ? value : '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      rest_nonce: 'aaaaaaaaaa',
      cart_url: '/cart/',
    });
    const error = await failure(call());
    expect(error).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/refused to send a request to/),
    });
    expect(seen).toEqual([]);
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

  it('is never retried, even when the answer names an expired REST nonce', async () => {
    server.use(
      http.post('http://localhost:3000/wp-admin/admin-ajax.php', () =>
        HttpResponse.json(
          { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' },
          { status: 403 },
        ),
      ),
    );
    const error = await failure(adminAjax('some_action', {}, { schema: z.unknown() }));
    expect(error.details.code).toBe('rest_cookie_invalid_nonce');
    expect(seen).toHaveLength(1);
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

describe('api-fetch, loaded on the first REST call', () => {
  afterEach(() => {
    vi.doUnmock('@wordpress/api-fetch');
    vi.resetModules();
  });

  /**
   * A fresh client (no api-fetch loaded yet) whose api-fetch import is counted: the first `failures`
   * imports fail, and each one completes only once `hold` settles.
   */
  async function freshClient({ failures = 0, hold = Promise.resolve() } = {}) {
    vi.resetModules();
    const imports = { count: 0 };
    vi.doMock('@wordpress/api-fetch', async (importOriginal) => {
      imports.count += 1;
      await hold;
      if (imports.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { setSettings: set } = await import('../contract/read-settings');
    set({
      ajax_url: '/wp-admin/admin-ajax.php',
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      rest_url: '/wp-json/',
      rest_nonce: 'aaaaaaaaaa',
      cart_url: '/cart/',
    });
    return { client: await import('./client'), imports };
  }

  it('is not imported by wc-ajax and admin-ajax calls, and once by REST calls', async () => {
    server.use(
      wc('get_refreshed_fragments', () => HttpResponse.json({ fragments: {}, cart_hash: '' })),
      http.post('http://localhost:3000/wp-admin/admin-ajax.php', () => new HttpResponse('1')),
      http.get('http://localhost:3000/wp-json/wp/v2/users/me', () => HttpResponse.json({ id: 1 })),
    );
    const { client, imports } = await freshClient();
    await client.wcAjax('get_refreshed_fragments', {}, { schema: Fragments });
    await client.adminAjax('some_action', {}, { schema: z.string(), responseType: 'text' });
    expect(imports.count).toBe(0);
    await client.rest('wp/v2/users/me', { schema: z.object({ id: z.number() }) });
    await client.rest('wp/v2/users/me', { schema: z.object({ id: z.number() }) });
    expect(imports.count).toBe(1);
    expect(seen.at(-1)!.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
    expect(new URL(seen.at(-1)!.url).searchParams.get('_locale')).toBe('user');
  });

  it('a chunk that cannot load fails the call as a network error; the next call loads it again', async () => {
    server.use(http.get('http://localhost:3000/wp-json/wp/v2/users/me', () => HttpResponse.json({ id: 1 })));
    const { client, imports } = await freshClient({ failures: 1 });
    const error = (await client.rest('wp/v2/users/me', { schema: z.unknown() }).catch((e: unknown) => e)) as {
      kind?: string;
    };
    expect(error.kind).toBe('network');
    expect(seen).toHaveLength(0);
    await expect(client.rest('wp/v2/users/me', { schema: z.object({ id: z.number() }) })).resolves.toEqual({
      id: 1,
    });
    expect(imports.count).toBe(2);
  });

  it('counts a REST call for the loading indicator from the moment its request goes out', async () => {
    let release!: () => void;
    const { client } = await freshClient({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const { activity: counter } = await import('./activity');
    let whileAnswering = -1;
    server.use(
      http.get('http://localhost:3000/wp-json/wp/v2/users/me', () => {
        whileAnswering = counter.getSnapshot();
        return HttpResponse.json({ id: 1 });
      }),
    );
    const pending = client.rest('wp/v2/users/me', { schema: z.object({ id: z.number() }) });
    await delay(20);
    // The chunk is loading: code loading is not a request in flight (no island chunk counts either).
    expect(counter.getSnapshot()).toBe(0);
    release();
    await pending;
    expect(whileAnswering).toBe(1);
    expect(counter.getSnapshot()).toBe(0);
  });

  it('times out, and aborts, while the chunk is still loading', async () => {
    const { client } = await freshClient({ hold: new Promise<void>(() => undefined) });
    const timedOut = (await client
      .rest('wp/v2/users/me', { schema: z.unknown(), timeout: 30 })
      .catch((e: unknown) => e)) as { kind?: string };
    expect(timedOut.kind).toBe('timeout');
    const controller = new AbortController();
    const pending = client.rest('wp/v2/users/me', { schema: z.unknown(), signal: controller.signal });
    controller.abort();
    expect(((await pending.catch((e: unknown) => e)) as { kind?: string }).kind).toBe('abort');
    expect(seen).toHaveLength(0);
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
