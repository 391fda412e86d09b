/**
 * Small HTML helpers shared by the page renderer and the fragments. Pure string functions: they run
 * in Node (the dev server) and in the browser (Storybook runs the same handlers through MSW).
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/** WordPress's `esc_html` / `esc_attr`: safe in text and in double- or single-quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Attributes from a map; `false`/`undefined` are left out, `true` prints a bare attribute. */
export function attrs(map: Record<string, string | number | boolean | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(map)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/**
 * JSON that is safe inside `<script type="application/json">`: what PHP's
 * `wp_json_encode($value, JSON_HEX_TAG | JSON_HEX_AMP)` prints. `<`, `>` and `&` become `\u003c`,
 * `\u003e`, `\u0026` so no value can close the script element or open a comment; U+2028 and U+2029
 * are escaped too (legal in JSON, but line terminators in older JavaScript parsers). `JSON.parse`
 * reads the result back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

export interface IslandOptions {
  /** `data-hydrate`; left out when not given, so the widget's default strategy applies. */
  hydrate?: HydrateStrategy;
  /** `data-island-src`: the island's chunk URL from Vite's manifest (what the loader imports). */
  src?: string;
  /** `span` where the container sits in phrasing content (inside a label, a paragraph). */
  tag?: 'div' | 'span';
  /** Extra attributes of the container (class, id …). */
  attrs?: Record<string, string | number | boolean | undefined>;
}

/**
 * Prints one island container exactly as ARCHITECTURE.md §1 describes (and as the PHP plugin prints
 * it): `<div data-island="NAME" data-island-src="CHUNK" data-hydrate="STRATEGY"><script type="application/json"
 * data-island-props>JSON</script>FALLBACK</div>`. `fallbackHtml` is trusted server markup.
 */
export function renderIsland(
  name: string,
  props: unknown,
  fallbackHtml: string,
  options: IslandOptions = {},
): string {
  const tag = options.tag ?? 'div';
  const head = attrs({
    'data-island': name,
    'data-island-src': options.src,
    'data-hydrate': options.hydrate,
    ...options.attrs,
  });
  return (
    `<${tag}${head}><script type="application/json" data-island-props>${jsonForScript(props)}</script>` +
    `${fallbackHtml}</${tag}>`
  );
}

/** WooCommerce's `wc_price()` markup for EUR (`<bdi>` included, as in samples 07 and 19). */
export function priceHtml(amount: number): string {
  return (
    '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>' +
    `${formatAmount(amount)}</bdi></span>`
  );
}

/** Two decimals, '.' separator, ',' thousands: the recorded store's settings. */
export function formatAmount(amount: number): string {
  const [whole = '0', cents = '00'] = (Math.round(amount * 100) / 100).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
