/**
 * Which requests are WooCommerce's endpoints: the demo server answers them with its MSW handlers
 * (demo/server.ts). Forwarding to a real store is `npm run dev -- --store URL` (dev/proxy.ts).
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
