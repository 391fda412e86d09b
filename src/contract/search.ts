import * as z from 'zod/mini';
import { safeHref } from '../security/url';

/**
 * The smart search's answer: GET `/wp-json/ysm/v1/search?id={widget id}&query={text}` (storefront.md
 * §3 "Search suggestion", "Search response", §7 "Search"), as Smart Search for WooCommerce builds
 * it: `{ suggestions: [{ value, data, url, id?, addToCart? }], view_all_link, keywords }`.
 *
 * Tolerant where WordPress plugins are sloppy, strict where we would break:
 * - `suggestions` must be a list (a PHP array printed as an object, `{"0":…,"2":…}`, is its values),
 *   each with its `data` HTML as a string (a number is its text); anything else is malformed;
 * - `value` is text ('' when absent); `id` a number or a numeric string (0 when absent: only -1
 *   means "not selectable"); `url` and `addToCart` are kept only when http(s) ('' otherwise: such a
 *   suggestion is shown, but cannot be opened, or has no add-to-cart link);
 * - `view_all_link`: the plugin prints a whole `<a class="smart-search-view-all" href="…">` (its
 *   own text), others a bare URL: either gives the link's http(s) URL, anything else ''.
 * - `keywords`: texts (missing: none).
 * Which of those URLs the product follows by itself (same origin only) is the widget's decision.
 */

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A PHP list printed as an object (`array_filter()` without `array_values()`) is its values. */
const values = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : value;

const loose = <T>(read: (value: unknown) => T) => z.transform(read);

const url = loose((value) => safeHref(value) ?? '');

const SuggestionSchema = z.object({
  value: loose(text),
  /** Display HTML: put into the page only through src/security/html. */
  data: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  id: loose((value) => {
    const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof id === 'number' && Number.isFinite(id) ? id : 0;
  }),
  url,
  addToCart: url,
});

/** `&amp;` and its numeric forms, as `esc_url()` prints `&` in an attribute. */
const unescapeAmpersands = (value: string): string => value.replace(/&(amp|#0*38|#x0*26);/gi, '&');

export const SmartSearchResponseSchema = z.object({
  suggestions: z.pipe(z.transform(values), z.array(SuggestionSchema)),
  view_all_link: loose((value) => {
    const link = text(value).trim();
    const href = /^</.test(link) ? /\shref\s*=\s*(["'])(.*?)\1/i.exec(link)?.[2] : link;
    return href ? (safeHref(unescapeAmpersands(href)) ?? '') : '';
  }),
  keywords: loose((value) => {
    const list = values(value);
    return Array.isArray(list) ? list.map(text).filter((keyword) => keyword.trim() !== '') : [];
  }),
});

export type SmartSearchResponse = z.output<typeof SmartSearchResponseSchema>;
export type SmartSearchSuggestion = SmartSearchResponse['suggestions'][number];

/** A suggestion the shopper can open: not id -1 (§2.4), and with a URL to go to. */
export const isSelectableSuggestion = (suggestion: SmartSearchSuggestion): boolean =>
  suggestion.id !== -1 && suggestion.url !== '';
