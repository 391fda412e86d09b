import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';
import { HttpUrl } from '../../src/contract/url';

/** A term id: a positive integer (PHP may print it as a string, "16"). */
const CategoryId = fromPhp(z.int().check(z.positive()));

/** One product category (storefront.md §3 "Category"). */
const CategorySchema = z.object({
  /** The term id (the map's key is the same id). */
  id: CategoryId,
  /** The category's name, as text (decode WordPress's `&amp;` before printing). */
  title: z.string().check(z.minLength(1)),
  /** Ids of its child categories; ids the map does not hold are ignored. */
  children: fromPhp(z.array(CategoryId)),
  /** The category page (`get_term_link()`); '' when it has none. */
  url: optionalFromPhp(z._default(z.union([z.literal(''), HttpUrl]), '')),
});

/** A map key as `wp_json_encode()` prints an integer key: "16". */
const CategoryKey = z.string().check(z.regex(/^[1-9]\d*$/, 'must be a category id'));

/**
 * Props of the category finder (storefront.md §2.2, §3 "Category finder data", §4 "Category
 * finder", §5 "Category finder"): a chain of dropdowns over the category tree, printed over
 * WooCommerce's product-categories dropdown (one `select name="product_cat"` and a Go button in a
 * GET form to the home page), which works without JavaScript.
 */
export const CategoryFinderPropsSchema = z.object({
  /** Prefix of the element ids, unique on the page (the fallback's select has id `{idPrefix}-level-1`). */
  idPrefix: z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'a letter, then letters, digits, "_" or "-"')),
  /** The categories of the first dropdown (ids the map does not hold are ignored). */
  rootCategoryIds: fromPhp(z.array(CategoryId)),
  /**
   * Every category, by id: `{ "16": { "id": 16, "title": "Football", "children": [17, 18], "url":
   * "https://shop.example/product-category/football/" } }`. Each key is its category's id; `title` is
   * text (non-empty; decode WordPress's `&amp;` first); `children` lists ids (unknown ones are
   * ignored); `url` is an http(s) URL, or '' when the category has no page (`null` / `false` read as
   * ''). A category that is its own ancestor (a cycle) is offered once per chain.
   */
  categories: fromPhp(
    z
      .record(CategoryKey, CategorySchema)
      .check(
        z.refine(
          (map) => Object.entries(map).every(([key, category]) => key === String(category.id)),
          "each key must be its category's id",
        ),
      ),
  ),
  /** Categories chosen in advance (root first), applied in order on load up to the first that is not a child of the one before. */
  selectedIds: optionalFromPhp(z._default(z.array(CategoryId), [])),
  /** The first option of every dropdown (choosing it removes the dropdowns after it). */
  defaultOptionTitle: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Select a category')),
  /** The first dropdown's visible label (the next ones are labelled "Subcategory of {parent}"). */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Category')),
  /** The submit button's text: it opens the deepest chosen category that has a page. */
  submitLabel: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Go')),
});
export type CategoryFinderProps = z.input<typeof CategoryFinderPropsSchema>;
