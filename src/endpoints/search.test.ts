import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../contract/read-settings';
import { TEST_SETTINGS } from '../test/server';
import { resetSearchNonce, searchNonce, smartSearch } from './search';
import { failure, seen, server, withEndpointServer } from './test-support';

withEndpointServer();
beforeEach(() => resetSearchNonce());

const ROUTE = 'http://localhost:3000/wp-json/ysm/v1/search';
const REQUEST = { restUrl: '/wp-json/ysm/v1/search', id: '1', query: 'boots' };
const ANSWER = {
  suggestions: [{ value: 'Boots', data: '<a href="/p/">Boots</a>', url: 'http://localhost:3000/p/', id: 7 }],
  view_all_link:
    '<a class="smart-search-view-all" href="http://localhost:3000/?s=boots&#038;search_id=1">View all</a>',
  keywords: ['Boots'],
};
const invalidNonce = (nonce?: string) =>
  HttpResponse.json(
    { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
    { status: 403, headers: nonce ? { 'X-WP-Nonce': nonce } : {} },
  );

describe('smartSearch', () => {
  it('GETs the route with id and query, the page’s nonce as X-WP-Nonce, and parses the answer', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json(ANSWER)));
    const answer = await smartSearch({ ...REQUEST, query: 'red boots & bags' });
    expect(answer).toEqual({
      suggestions: [
        {
          value: 'Boots',
          data: '<a href="/p/">Boots</a>',
          url: 'http://localhost:3000/p/',
          id: 7,
          addToCart: '',
        },
      ],
      view_all_link: 'http://localhost:3000/?s=boots&search_id=1',
      keywords: ['Boots'],
    });
    const [request] = await seen();
    expect(request).toMatchObject({
      method: 'GET',
      url: '/wp-json/ysm/v1/search?id=1&query=red+boots+%26+bags',
    });
    expect(request!.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
    expect(request!.headers.get('accept')).toContain('application/json');
  });

  it('keeps a route URL that already has a query (plain permalinks)', async () => {
    server.use(http.get('http://localhost:3000/', () => HttpResponse.json(ANSWER)));
    await smartSearch({ ...REQUEST, restUrl: '/?rest_route=/ysm/v1/search' });
    expect((await seen())[0]!.url).toBe('/?rest_route=/ysm/v1/search&id=1&query=boots');
  });

  it('§8: an error answer with a new X-Wp-Nonce: the nonce is replaced and the search sent again, once', async () => {
    server.use(
      http.get(ROUTE, ({ request }) =>
        request.headers.get('x-wp-nonce') === 'bbbbbbbbbb'
          ? HttpResponse.json(ANSWER)
          : invalidNonce('bbbbbbbbbb'),
      ),
    );
    const onRetry = vi.fn();
    await expect(smartSearch(REQUEST, { onRetry })).resolves.toMatchObject({ keywords: ['Boots'] });
    const requests = await seen();
    expect(requests.map((r) => r.headers.get('x-wp-nonce'))).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb']);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(searchNonce()).toBe('bbbbbbbbbb');
    // The next search carries the new nonce from the start.
    await smartSearch(REQUEST);
    expect((await seen())[2]!.headers.get('x-wp-nonce')).toBe('bbbbbbbbbb');
  });

  it('§8: an error answer without a new nonce: the nonce is cleared and the search sent again without it', async () => {
    server.use(
      http.get(ROUTE, ({ request }) =>
        request.headers.has('x-wp-nonce') ? invalidNonce() : HttpResponse.json(ANSWER),
      ),
    );
    const onRetry = vi.fn();
    await smartSearch(REQUEST, { onRetry });
    const requests = await seen();
    expect(requests.map((r) => r.headers.get('x-wp-nonce'))).toEqual(['aaaaaaaaaa', null]);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(searchNonce()).toBe('');
  });

  it('§8: the same nonce sent back counts as none: cleared, retried without', async () => {
    server.use(
      http.get(ROUTE, ({ request }) =>
        request.headers.has('x-wp-nonce') ? invalidNonce('aaaaaaaaaa') : HttpResponse.json(ANSWER),
      ),
    );
    await smartSearch(REQUEST);
    expect((await seen()).map((r) => r.headers.get('x-wp-nonce'))).toEqual(['aaaaaaaaaa', null]);
  });

  it('retries once only: a second error fails the search', async () => {
    server.use(http.get(ROUTE, () => invalidNonce('cccccccccc')));
    const error = await failure(smartSearch(REQUEST));
    expect(error).toMatchObject({
      kind: 'http',
      details: { status: 403, code: 'rest_cookie_invalid_nonce' },
    });
    expect(await seen()).toHaveLength(2);
  });

  it('a 500 is a request error too: cleared nonce, one retry, then the error', async () => {
    server.use(http.get(ROUTE, () => new HttpResponse('<h1>Error</h1>', { status: 500 })));
    const error = await failure(smartSearch(REQUEST));
    expect(error).toMatchObject({ kind: 'http', details: { status: 500 } });
    expect((await seen()).map((r) => r.headers.get('x-wp-nonce'))).toEqual(['aaaaaaaaaa', null]);
    // No nonce left and none offered: a retry would be the same request, so none is sent.
    await failure(smartSearch(REQUEST));
    expect(await seen()).toHaveLength(3);
  });

  it('no nonce on the page: no X-WP-Nonce header at all', async () => {
    setSettings({ ...TEST_SETTINGS, rest_nonce: '' });
    resetSearchNonce();
    server.use(http.get(ROUTE, () => HttpResponse.json(ANSWER)));
    await smartSearch(REQUEST);
    expect((await seen())[0]!.headers.has('x-wp-nonce')).toBe(false);
  });

  it('a malformed answer (not JSON, or not the contract) is a schema error, not retried', async () => {
    server.use(http.get(ROUTE, () => new HttpResponse('{"suggestions":[{"data"', { status: 200 })));
    expect((await failure(smartSearch(REQUEST))).kind).toBe('schema');
    server.use(http.get(ROUTE, () => HttpResponse.json({ suggestions: 'none' })));
    expect((await failure(smartSearch(REQUEST))).kind).toBe('schema');
    server.use(http.get(ROUTE, () => HttpResponse.json({ suggestions: [{ value: 'no data' }] })));
    expect((await failure(smartSearch(REQUEST))).kind).toBe('schema');
    expect(await seen()).toHaveLength(3);
  });

  it('network errors are not retried', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.error()));
    expect((await failure(smartSearch(REQUEST))).kind).toBe('network');
    expect(await seen()).toHaveLength(1);
  });

  it('aborts with the caller’s signal, before or during the request, and never retries then', async () => {
    expect((await failure(smartSearch(REQUEST, { signal: AbortSignal.abort() }))).kind).toBe('abort');
    expect(await seen()).toHaveLength(0);
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.get(ROUTE, async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 5000));
        return HttpResponse.json(ANSWER);
      }),
    );
    const controller = new AbortController();
    const pending = failure(smartSearch(REQUEST, { signal: controller.signal }));
    await reached;
    controller.abort();
    expect((await pending).kind).toBe('abort');
    expect(await seen()).toHaveLength(1);
  });

  it('sends nothing to another origin', async () => {
    const error = await failure(
      smartSearch({ ...REQUEST, restUrl: 'https://evil.example/wp-json/ysm/v1/search' }),
    );
    expect(error.kind).toBe('network');
    expect(await seen()).toHaveLength(0);
  });
});
