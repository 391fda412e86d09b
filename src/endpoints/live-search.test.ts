import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveSearch } from './live-search';
import { adminAjaxHandler, failure, malformed, seen, server, withEndpointServer } from './test-support';

withEndpointServer();

const ANSWER = {
  suggestions: [
    { value: 'Trail Shoes', data: '<a href="/product/trail/">Trail Shoes</a>', url: '/product/trail/' },
  ],
  view_all_link:
    '<a class="commercekit-ajs-view-all" href="/?s=trail&post_type=product">View all results (1)</a>',
};

describe('liveSearch (commercekit_ajax_search)', () => {
  it('asks with GET, action then query, and reads suggestions[].data and view_all_link only', async () => {
    server.use(
      adminAjaxHandler('commercekit_ajax_search', () => HttpResponse.json({ ...ANSWER, keywords: ['x'] })),
    );
    const answer = await liveSearch('trail shoes & co');
    expect(answer).toEqual({
      suggestions: [{ data: ANSWER.suggestions[0]!.data }],
      view_all_link: ANSWER.view_all_link,
    });
    const [request] = await seen();
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(
      '/wp-admin/admin-ajax.php?action=commercekit_ajax_search&query=trail+shoes+%26+co',
    );
    expect(request?.body).toBe('');
  });

  it('goes to CommerceKit’s own admin-ajax URL when given one (its query kept)', async () => {
    server.use(
      http.get('http://localhost:3000/shop/wp-admin/admin-ajax.php', () =>
        HttpResponse.json({ suggestions: [], view_all_link: '' }),
      ),
    );
    await liveSearch('abc', { ajaxUrl: '/shop/wp-admin/admin-ajax.php?lang=de' });
    expect((await seen())[0]?.url).toBe(
      '/shop/wp-admin/admin-ajax.php?lang=de&action=commercekit_ajax_search&query=abc',
    );
  });

  it('refuses an admin-ajax URL of another site without sending anything', async () => {
    const error = await failure(liveSearch('abc', { ajaxUrl: 'https://evil.test/wp-admin/admin-ajax.php' }));
    expect(error.kind).toBe('network');
    expect(await seen()).toEqual([]);
  });

  it('takes an answer without view_all_link, or with null', async () => {
    server.use(
      adminAjaxHandler('commercekit_ajax_search', () =>
        HttpResponse.json({ suggestions: [], view_all_link: null }),
      ),
    );
    expect(await liveSearch('zzz')).toEqual({ suggestions: [], view_all_link: null });
    server.use(adminAjaxHandler('commercekit_ajax_search', () => HttpResponse.json({ suggestions: [] })));
    expect(await liveSearch('zzz')).toEqual({ suggestions: [] });
  });

  it('fails with kind "http" on a 500', async () => {
    server.use(
      adminAjaxHandler('commercekit_ajax_search', () => new HttpResponse('<h1>Error</h1>', { status: 500 })),
    );
    const error = await failure(liveSearch('boots'));
    expect(error.kind).toBe('http');
    expect(error.details.status).toBe(500);
  });

  it.each([
    [
      'not JSON',
      () =>
        new HttpResponse('{"suggestions":[{"data":"<a', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['another shape', malformed],
    ['data that is not text', () => HttpResponse.json({ suggestions: [{ data: 5 }], view_all_link: '' })],
    ['admin-ajax’s "0" (no such action)', () => new HttpResponse('0')],
  ])('fails with kind "schema" on %s', async (_name, answer) => {
    server.use(adminAjaxHandler('commercekit_ajax_search', answer));
    expect((await failure(liveSearch('boots'))).kind).toBe('schema');
  });

  it('fails with kind "abort" when its signal is aborted', async () => {
    server.use(
      adminAjaxHandler('commercekit_ajax_search', async () => {
        await delay('infinite');
        return HttpResponse.json(ANSWER);
      }),
    );
    const controller = new AbortController();
    const pending = liveSearch('boots', { signal: controller.signal });
    await delay(10);
    controller.abort();
    expect((await failure(pending)).kind).toBe('abort');
  });
});
