import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminCall, readAdminAnswer } from './general';
import { adminAjaxHandler, failure, seen, server, withEndpointServer } from './test-support';

withEndpointServer();

const text = (body: string, status = 200) =>
  new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });

describe('adminCall (storefront.md §7 "General admin call")', () => {
  it('POSTs the action and the other fields as a form to admin-ajax.php', async () => {
    server.use(adminAjaxHandler('shop_islands_callback_request', () => text('1')));
    await adminCall('shop_islands_callback_request', { name: 'Ada', phone: '+44 20 7946 0000' });
    expect(await seen()).toMatchObject([
      {
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        form: [
          ['name', 'Ada'],
          ['phone', '+44 20 7946 0000'],
          ['action', 'shop_islands_callback_request'],
        ],
      },
    ]);
  });

  it.each([
    ['"1"', () => text('1'), { success: true, data: undefined }],
    ['"1" with a newline', () => text('1\n'), { success: true, data: undefined }],
    [
      'wp_send_json_success( data )',
      () => HttpResponse.json({ success: true, data: { message: 'Thanks' } }),
      { success: true, data: { message: 'Thanks' } },
    ],
    [
      'wp_send_json_success()',
      () => HttpResponse.json({ success: true }),
      { success: true, data: undefined },
    ],
    [
      'wp_send_json_error( data )',
      () => HttpResponse.json({ success: false, data: { message: 'Please enter your name.' } }),
      { success: false, data: { message: 'Please enter your name.' } },
    ],
    [
      'wp_send_json_error( text ) with an error status',
      // wp_send_json_error( $data, 400 ): the JSON is the answer, whatever the status.
      () => HttpResponse.json({ success: false, data: 'Bad' }),
      { success: false, data: 'Bad' },
    ],
  ])('answer %s', async (_name, answer, expected) => {
    server.use(adminAjaxHandler('a', answer));
    expect(await adminCall('a', {})).toEqual(expected);
  });

  it.each([
    ['"0" (no handler for the action)', () => text('0')],
    ['"-1" with HTTP 200', () => text('-1')],
    ['malformed JSON', () => text('{"success":tru')],
    ['an HTML page', () => text('<!DOCTYPE html><p>Hello</p>')],
    ['JSON without a boolean success', () => HttpResponse.json({ success: 'true', data: {} })],
    ['a JSON array', () => HttpResponse.json([true])],
    ['JSON null', () => HttpResponse.json(null)],
  ])('rejects %s as a schema error', async (_name, answer) => {
    server.use(adminAjaxHandler('a', answer));
    const error = await failure(adminCall('a', {}));
    expect(error.kind).toBe('schema');
  });

  it('rejects "-1" with 403 (check_ajax_referer) and a 500 as HTTP errors', async () => {
    server.use(adminAjaxHandler('a', () => text('-1', 403)));
    expect(await failure(adminCall('a', {}))).toMatchObject({ kind: 'http', details: { status: 403 } });
    server.use(adminAjaxHandler('a', () => text('Internal Server Error', 500)));
    expect(await failure(adminCall('a', {}))).toMatchObject({ kind: 'http', details: { status: 500 } });
  });

  it('rejects a network failure', async () => {
    server.use(adminAjaxHandler('a', () => HttpResponse.error()));
    expect((await failure(adminCall('a', {}))).kind).toBe('network');
  });

  it('rejects at once, sending nothing, when aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await failure(adminCall('a', {}, { signal: controller.signal }))).kind).toBe('abort');
    expect(await seen()).toEqual([]);
  });

  it('posts to a form’s own admin-ajax URL of this site; never to another site', async () => {
    server.use(
      http.post('http://localhost:3000/blog/wp-admin/admin-ajax.php', () =>
        HttpResponse.json({ success: true }),
      ),
    );
    await expect(adminCall('a', {}, { url: '/blog/wp-admin/admin-ajax.php' })).resolves.toMatchObject({
      success: true,
    });
    const error = await failure(adminCall('a', {}, { url: 'https://evil.example/wp-admin/admin-ajax.php' }));
    expect(error.kind).toBe('network');
    expect((await seen()).map((r) => r.url)).toEqual(['/blog/wp-admin/admin-ajax.php']);
  });

  describe('query-attachments: the total from X-WP-Total (uses the client’s onHeaders option)', () => {
    const attachments = (headers: Record<string, string>) =>
      adminAjaxHandler('query-attachments', () =>
        HttpResponse.json({ success: true, data: [{ id: 7 }] }, { headers }),
      );

    it('reads the header', async () => {
      server.use(attachments({ 'X-WP-Total': '42' }));
      expect(await adminCall('query-attachments', { 'query[posts_per_page]': 1 })).toEqual({
        success: true,
        data: [{ id: 7 }],
        total: 42,
      });
    });

    it('leaves the total out when the header is missing or not a count', async () => {
      server.use(attachments({ 'X-WP-Total': 'many' }));
      expect(await adminCall('query-attachments', {})).not.toHaveProperty('total');
      server.use(attachments({}));
      expect(await adminCall('query-attachments', {})).not.toHaveProperty('total');
    });

    it('other actions do not read it', async () => {
      server.use(
        adminAjaxHandler('other', () =>
          HttpResponse.json({ success: true }, { headers: { 'X-WP-Total': '3' } }),
        ),
      );
      expect(await adminCall('other', {})).not.toHaveProperty('total');
    });
  });
});

describe('readAdminAnswer', () => {
  it.each([
    ['1', { success: true, data: undefined }],
    [' 1 ', { success: true, data: undefined }],
    ['{"success":false,"data":"x"}', { success: false, data: 'x' }],
    ['0', null],
    ['-1', null],
    ['', null],
    ['true', null],
    ['{"data":1}', null],
  ])('%j → %j', (body, expected) => {
    expect(readAdminAnswer(body)).toEqual(expected);
  });
});
