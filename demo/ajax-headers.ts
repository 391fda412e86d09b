/** What WooCommerce sends with every wc-ajax / admin-ajax answer (samples 06, 22): the demo's handlers share it. */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};
export const JSON_TYPE = 'application/json; charset=UTF-8';
export const HTML_TYPE = 'text/html; charset=UTF-8';
