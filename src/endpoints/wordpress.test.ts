import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminAjaxHandler, failure, seen, server, withEndpointServer } from './test-support';
import { COMING_SOON_DISMISSAL, dismissComingSoonBanner } from './wordpress';

withEndpointServer();

const USER_ROUTE = 'http://localhost:3000/wp-json/wp/v2/users/1';

describe('dismissComingSoonBanner', () => {
  it('POSTs the user meta as JSON with X-WP-Nonce to the banner’s REST URL', async () => {
    server.use(http.post(USER_ROUTE, () => HttpResponse.json({ id: 1 })));
    // The answer is not read: its text, whatever it is.
    await expect(dismissComingSoonBanner('/wp-json/wp/v2/users/1')).resolves.toBe('{"id":1}');
    const [request] = await seen();
    expect(request).toMatchObject({ method: 'POST', url: '/wp-json/wp/v2/users/1?_locale=user' });
    expect(request!.headers.get('x-wp-nonce')).toBe('aaaaaaaaaa');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });
    expect(COMING_SOON_DISMISSAL).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });
  });

  it('refreshes an expired nonce and sends the dismissal again, once', async () => {
    server.use(
      http.post(USER_ROUTE, ({ request }) =>
        request.headers.get('x-wp-nonce') === 'bbbbbbbbbb'
          ? HttpResponse.json({ id: 1 })
          : HttpResponse.json(
              { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' },
              { status: 403 },
            ),
      ),
      adminAjaxHandler('rest-nonce', () => new HttpResponse('bbbbbbbbbb')),
    );
    await dismissComingSoonBanner('/wp-json/wp/v2/users/1');
    expect((await seen()).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /wp-json/wp/v2/users/1?_locale=user',
      'GET /wp-admin/admin-ajax.php?action=rest-nonce',
      'POST /wp-json/wp/v2/users/1?_locale=user',
    ]);
  });

  it('fails as an http error with WordPress’s code', async () => {
    server.use(
      http.post(USER_ROUTE, () =>
        HttpResponse.json({ code: 'rest_user_invalid_id', message: 'Invalid user ID.' }, { status: 404 }),
      ),
    );
    const error = await failure(dismissComingSoonBanner('/wp-json/wp/v2/users/1'));
    expect(error).toMatchObject({ kind: 'http', details: { status: 404, code: 'rest_user_invalid_id' } });
  });
});
