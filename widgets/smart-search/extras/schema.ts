import * as z from 'zod/mini';
import { fromPhp, Html, isAbsentFromPhp, optionalFromPhp, type FromPhp } from '../../../src/contract/props';
import { HttpUrl } from '../../../src/contract/url';

/*
 * The full-screen overlay's extras (storefront.md §2.4, §3 "Search widget configuration"): the
 * props from `recentSearches` to `promoBannerLocation`, spread by the smart-search island into its
 * schema (`z.object({ ...ownShape, ...overlayConfigShape })`).
 *
 * As PHP prints them (src/contract/props.ts), plus what the search plugin's settings hold: a label
 * or a location that is '' (an emptied setting) means its default; a flag may be `"1"` / `""`; a
 * list printed as a JSON object (PHP's `array_filter()` without `array_values()`) is its values.
 * Hostile values: URLs are http(s) only (anything else makes the props invalid, the fallback form
 * stays), counts are non-negative integers, ratings are clamped to 0..5, `price` is HTML that is
 * rendered only through `sanitizeHtml()`; names are shown as their text.
 */

/** A text with a default: absent, `null`, `false`, `[]` or blank (an emptied setting) mean the default. */
function label(fallback: string) {
  const schema = z._default(z.string(), fallback);
  return z.pipe(
    z.transform((value: unknown) =>
      isAbsentFromPhp(value) || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    ),
    schema,
  ) as unknown as FromPhp<typeof schema>;
}

/** A setting's on/off: `true`/`false`, `1`/`0`, `"1"`/`""`, `"yes"`/`"no"`; absent or `null`: the default. */
function flag(fallback: boolean) {
  // The default outside the pipe: left out, the flag is its default (and the integrators' guide
  // says so); `null` and `[]` are read as left out by the transform, `false` is off.
  return z._default(
    z.pipe(
      z.transform((value: unknown) =>
        value === undefined || value === null || (Array.isArray(value) && value.length === 0)
          ? fallback
          : value === true || value === 1 || value === '1' || value === 'yes' || value === 'on',
      ),
      z.boolean(),
    ),
    fallback,
  ) as unknown as FromPhp<z.ZodMiniDefault<z.ZodMiniBoolean>>;
}

/** 'top' or 'bottom'; absent or '' means the default. */
function location(fallback: 'top' | 'bottom') {
  const schema = z._default(z.enum(['top', 'bottom']), fallback);
  return z.pipe(
    z.transform((value: unknown) => (isAbsentFromPhp(value) || value === '' ? undefined : value)),
    schema,
  ) as unknown as FromPhp<typeof schema>;
}

/** A list, `[]` by default; a JSON object (a PHP array with gaps in its keys) is its values. */
function list<T extends z.core.SomeType>(item: T) {
  const schema = z._default(z.array(item), []);
  return z.pipe(
    z.transform((value: unknown) =>
      isAbsentFromPhp(value)
        ? undefined
        : value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.values(value)
          : value,
    ),
    schema,
  ) as unknown as FromPhp<typeof schema>;
}

/** A count (products in a category, ratings): a non-negative integer, 0 when absent. */
const count = optionalFromPhp(z._default(z.int().check(z.nonnegative()), 0));

/** An http(s) URL, or '' (none); absent means ''. */
const optionalUrl = optionalFromPhp(z._default(z.union([z.literal(''), HttpUrl]), ''));

/** A text (a name as WordPress prints it: it may hold markup and entities, shown as its text). */
const text = optionalFromPhp(z._default(z.string(), ''));

/** The average rating: a number (PHP prints "4.50"), clamped to 0..5; 0 (no stars) when absent. */
const rating = optionalFromPhp(
  z._default(
    z.pipe(
      z.number(),
      z.transform((value) => Math.min(5, Math.max(0, value))),
    ),
    0,
  ),
);

/** A featured category (§3: name, url, count). */
export const SelectedCategorySchema = z.object({
  name: text,
  url: HttpUrl,
  count,
});

/** A featured product (§3: id, name, permalink, image, category, price, type, rating_count, …). */
export const SelectedProductSchema = z.object({
  id: fromPhp(z.int().check(z.positive())),
  name: text,
  permalink: HttpUrl,
  /** The product's image URL ('' or absent: none). */
  image: optionalUrl,
  /** The product's category name(s), as text. */
  category: text,
  /** The price HTML (`get_price_html()`): rendered only through `sanitizeHtml()`. */
  price: optionalFromPhp(z._default(Html, '')),
  /** 'simple', 'variable', 'grouped', 'external'…: variable products link to their page. */
  type: label('simple'),
  rating_count: count,
  average_rating: rating,
  /** The plugin's cart icons (simple / variable): accepted, not rendered (our links say what they do). */
  icon: text,
  icon_variable: text,
});

export const overlayConfigShape = {
  /** Show the shopper's recent searches (§4 "Recent searches"). */
  recentSearches: flag(false),
  recentSearchesTitle: label('Recent searches'),
  /** Show the keyword suggestions of the latest answer (`keywords[]`). */
  keywords: flag(false),
  keywordsLabel: label('Popular searches'),
  selectedCategories: list(SelectedCategorySchema),
  selectedCategoriesLabel: label('Categories'),
  /** Above ('top') or below ('bottom') the featured products. */
  selectedCategoriesLocation: location('top'),
  /** Show each category's product count. */
  selectedCategoriesCount: flag(true),
  selectedProducts: list(SelectedProductSchema),
  selectedProductsLabel: label('Featured products'),
  /** The promo banner's image (an http(s) URL, or '': no banner). */
  promoBannerImage: optionalUrl,
  /** Where the banner leads (an http(s) URL, or '': the image alone). */
  promoBannerLink: optionalUrl,
  /** Above ('top') or below ('bottom') the featured products. */
  promoBannerLocation: location('bottom'),
};

type OverlayConfigSchema = z.ZodMiniObject<typeof overlayConfigShape>;

/** The overlay's configuration as the extras panel receives it (parsed: defaults applied). */
export type OverlayConfig = z.output<OverlayConfigSchema>;
/** As the server (or a story, a test) writes it. */
export type OverlayConfigInput = z.input<OverlayConfigSchema>;
export type SelectedProduct = z.output<typeof SelectedProductSchema>;
export type SelectedCategory = z.output<typeof SelectedCategorySchema>;

/**
 * The configuration parsed on its own, defaults applied (stories, tests; the island parses it as
 * part of its props). Throws when invalid, as `z.parse` does.
 */
export const parseOverlayConfig = (input: unknown): OverlayConfig =>
  z.parse(z.object(overlayConfigShape), input);
