import * as z from 'zod/mini';
import { isAbsentFromPhp, optionalFromPhp, type FromPhp } from '../../src/contract/props';
import { HttpUrl } from '../../src/contract/url';
import { overlayConfigShape } from './extras/schema';

/**
 * Props of Smart Search for WooCommerce's widget (storefront.md §2.4, §3 "Search widget
 * configuration", §9 "Search"): the plugin's widget settings (`swsL10n.widgets[id]`), the full-screen
 * overlay's extras (`overlayConfigShape`, widgets/smart-search/extras/schema.ts) and ours (URLs and
 * texts). As PHP prints them (src/contract/props.ts); an emptied text setting ('') means its default.
 * The container holds the plugin's search form, which works without JavaScript.
 */

/** A prop whose absent, `null`, `false`, `[]` or '' (an emptied setting) mean its default. */
function blankIsDefault<T extends z.core.SomeType>(schema: T): FromPhp<T> {
  return z.pipe(
    z.transform((value: unknown) => (isAbsentFromPhp(value) || value === '' ? undefined : value)),
    schema as unknown as z.core.$ZodType<z.output<T>, unknown>,
  ) as unknown as FromPhp<T>;
}

const text = (fallback: string) => blankIsDefault(z._default(z.string(), fallback));

/** An on/off setting: `true`/`false`, `1`/`0`, `"1"`/`""`, `"yes"`/`"no"`; absent, `null` or `[]`: the default. */
function flag(fallback: boolean) {
  const schema = z._default(z.boolean(), fallback);
  return z.pipe(
    z.transform((value: unknown) =>
      value !== false && isAbsentFromPhp(value)
        ? fallback
        : value === true || value === 1 || value === '1' || value === 'yes',
    ),
    schema as unknown as z.core.$ZodType<boolean, boolean>,
  ) as unknown as FromPhp<typeof schema>;
}

const positive = (fallback: number) => optionalFromPhp(z._default(z.number().check(z.positive()), fallback));

const ID = /^[\w-]+$/;

export const SmartSearchPropsSchema = z.object({
  /** The widget's id (a number, or 'default' / 'product'), sent as `id` and as `search_id`. */
  id: z.pipe(
    z.pipe(
      z.unknown(),
      z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
    ),
    z.string().check(z.regex(ID)),
  ) as unknown as FromPhp<z.ZodMiniString<string>>,
  /** Prefix of the element ids, unique on the page; default `smart-search-{id}`. */
  idPrefix: optionalFromPhp(z.optional(z.string().check(z.regex(/^[A-Za-z][\w-]*$/)))),
  /** 'product': results pages list products (`&post_type={productSlug}`); '' is 'default'. */
  layout: blankIsDefault(z._default(z.enum(['default', 'product']), 'default')),
  /** Result columns (each at least 200 px wide: fewer when the popup is narrower). */
  columns: optionalFromPhp(z._default(z.int().check(z.positive()), 1)),
  /** The product post type's slug, sent as `post_type` for the product layout. */
  productSlug: text('product'),
  /** The popup's maximum height in px. */
  popupHeight: positive(500),
  /** The popup's maximum height in px below 768 px. */
  popupHeightMobile: positive(400),
  /** Characters needed before a search (and a submission). */
  charCount: optionalFromPhp(z._default(z.int().check(z.positive()), 3)),
  /** No suggestions: the plain form (its submission rule still applies). */
  disableAjax: flag(false),
  /** Shown when nothing is found; '' (the default): no popup then (the count is still announced). */
  noResultsText: optionalFromPhp(z._default(z.string(), '')),
  /** No request for a query extending one that found nothing. */
  preventBadQueries: flag(true),
  /** When focusing the search opens the full-screen overlay: never (''), or at these widths. */
  fullScreenMode: optionalFromPhp(z._default(z.enum(['', 'desktop_only', 'mobile_only', 'enable']), '')),
  /** The field's placeholder. */
  placeholder: text('Search for products\u2026'),
  ...overlayConfigShape,
  /** The search route (`rest_url( 'ysm/v1/search' )`). */
  restUrl: optionalFromPhp(z._default(HttpUrl, '/wp-json/ysm/v1/search')),
  /** `home_url( '/' )`: where searches are submitted. */
  homeUrl: optionalFromPhp(z._default(HttpUrl, '/')),
  /** The field's value as the server printed it (`get_search_query()` on a results page). */
  query: optionalFromPhp(z._default(z.string(), '')),
  /** The field's label (visually hidden, as the plugin prints it). */
  label: text('Search for:'),
  /** The submit button's text (and the dialog's name). */
  submitLabel: text('Search'),
  /** The text of the popup's link to all results. */
  viewAllLabel: text('View all'),
});

export type SmartSearchProps = z.output<typeof SmartSearchPropsSchema>;
export type SmartSearchPropsInput = z.input<typeof SmartSearchPropsSchema>;
