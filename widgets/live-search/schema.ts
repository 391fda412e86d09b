import * as z from 'zod/mini';
import { HttpUrl } from '../../src/contract/url';
import { optionalFromPhp } from '../../src/contract/props';

const text = (value: string) => optionalFromPhp(z._default(z.string(), value));
const label = (value: string) => optionalFromPhp(z._default(z.string().check(z.minLength(1)), value));

/**
 * Props of CommerceKit's basic live search (storefront.md §2.4, §4 "Search popup", §5 "Search",
 * §7 "Search", §9 "Search"), placed over WooCommerce's product search form
 * (`templates/product-searchform.php`): the island prints the same form, with the suggestions of
 * `commercekit_ajax_search` under the field.
 */
export const LiveSearchPropsSchema = z.object({
  /**
   * The search field's id, as WooCommerce prints it (`woocommerce-product-search-field-{index}`);
   * the suggestions' ids start with it. Unique on the page.
   */
  idPrefix: optionalFromPhp(
    z._default(
      z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
      'woocommerce-product-search-field-0',
    ),
  ),
  /** Where the form goes (WooCommerce: `home_url( '/' )`), with `s` and `post_type=product`. */
  action: optionalFromPhp(z._default(HttpUrl, '/')),
  /** CommerceKit's admin-ajax URL (`commercekit_ajs.ajax_url`). Same-origin only. */
  ajaxUrl: optionalFromPhp(z._default(HttpUrl, '/wp-admin/admin-ajax.php')),
  /** The field's value as the page was printed (`get_search_query()` on a results page). */
  query: text(''),
  /** The field's label (visually hidden, as WooCommerce's `screen-reader-text`). */
  label: label('Search for:'),
  /** The field's placeholder (WooCommerce: 'Search products&hellip;'; CommerceKit's own setting). */
  placeholder: text('Search products\u2026'),
  /** The submit button's text and value. */
  submitLabel: label('Search'),
  /** The submit button's class (WooCommerce: `wp-element-button` on block themes, else none). */
  buttonClass: text(''),
  /**
   * The 'view all' link's text when the answer's `view_all_link` is a bare URL (CommerceKit's own
   * link carries its text, 'View all results (N)', which is then shown).
   */
  viewAllLabel: label('View all'),
  /** What the popup says when nothing matches (§8: 'No results'); '' shows no popup then. */
  noResultsText: text('No results'),
});
export type LiveSearchProps = z.input<typeof LiveSearchPropsSchema>;
