/**
 * Forwarding WooCommerce's endpoints to a real store (`WC_STORE_URL`), so an integrator can try the
 * widgets against their own shop while the pages still come from the demo. Uses the global `fetch`.
 */

/** The requests a WooCommerce store answers for the widgets: wc-ajax, admin-ajax and the REST API. */
export function isStoreEndpoint(url: URL): boolean {
  return (
    !!url.searchParams.get('wc-ajax') ||
    url.searchParams.has('rest_route') ||
    url.pathname === '/wp-admin/admin-ajax.php' ||
    url.pathname === '/wp-json' ||
    url.pathname.startsWith('/wp-json/')
  );
}

/** Hop-by-hop headers and those `fetch` recomputes (it also decompresses the body). */
const DROPPED_REQUEST_HEADERS = [
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'accept-encoding',
  'transfer-encoding',
  'upgrade',
];
const DROPPED_RESPONSE_HEADERS = [
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'set-cookie',
];

/**
 * A store's Set-Cookie made to stick on the demo's origin (http://127.0.0.1): without `Domain`
 * (it names the store's host), `Secure` (the demo is plain HTTP) and `SameSite=None` (only valid
 * with Secure). Name, value, path and expiry are kept.
 */
export function rewriteSetCookie(cookie: string): string {
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part, index) => index === 0 || !/^(domain|secure|samesite=none|partitioned)\b/i.test(part))
    .join('; ');
}

export async function proxyToStore(request: Request, storeUrl: URL): Promise<Response> {
  const incoming = new URL(request.url);
  const target = new URL(incoming.pathname + incoming.search, storeUrl);
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!DROPPED_REQUEST_HEADERS.includes(name)) headers.set(name, value);
  });
  // Some stores check that AJAX calls come from their own pages.
  for (const name of ['origin', 'referer']) {
    const value = headers.get(name);
    if (!value) continue;
    try {
      const u = new URL(value);
      headers.set(name, name === 'origin' ? storeUrl.origin : new URL(u.pathname + u.search, storeUrl).href);
    } catch {
      headers.delete(name);
    }
  }
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();

  let upstream: Response;
  try {
    upstream = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
  } catch (error) {
    return new Response(`Bad Gateway: ${target.origin} did not answer (${String(error)})`, {
      status: 502,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }

  const out = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.includes(name)) out.set(name, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) out.append('Set-Cookie', rewriteSetCookie(cookie));
  // A redirect to the store's own pages lands on the demo's page of the same path.
  const location = out.get('location');
  if (location) {
    try {
      const u = new URL(location, storeUrl);
      if (u.origin === storeUrl.origin) out.set('location', u.pathname + u.search + u.hash);
    } catch {
      // Leave an unparsable Location as it is.
    }
  }
  return new Response(
    upstream.status === 204 || upstream.status === 304 ? null : await upstream.arrayBuffer(),
    {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: out,
    },
  );
}
