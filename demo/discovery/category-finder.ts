/**
 * The category finder in the demo store (storefront.md §2.2, §3 "Category finder data"): the
 * `category-finder` island over the fixtures' category tree (three levels: Football, Running and
 * Tennis, with 'road shoes' named in lower case), and its fallback: WooCommerce's product-categories
 * dropdown, one `select name="product_cat"` of every category (children indented by non-breaking
 * spaces, values the slugs) and a Go button in a GET form to the home page, which WordPress (the
 * demo's site.ts) turns into the category page. Pure strings.
 */
import { CATEGORIES, categoryUrl, type Category } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import type { IslandCollector } from '../islands';

/** The island's texts (its defaults). */
export const CATEGORY_FINDER_TEXT = {
  label: 'Category',
  defaultOptionTitle: 'Select a category',
  submitLabel: 'Go',
} as const;

export interface CategoryFinderOptions {
  /** Categories chosen in advance, root first (the category page the shopper is on). */
  selectedIds?: number[];
  /** Prefix of the element ids (default 'category-finder'). */
  idPrefix?: string;
}

/** One category of the island's props. */
export interface CategoryFinderCategory {
  id: number;
  title: string;
  children: number[];
  url: string;
}

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** A category's children, in the fixtures' order (the island sorts them itself). */
const childrenOf = (id: number): Category[] => CATEGORIES.filter((c) => c.parent === id);

/** The island's props for the fixtures' tree. */
export function categoryFinderProps(options: CategoryFinderOptions = {}) {
  const categories: Record<string, CategoryFinderCategory> = {};
  for (const category of CATEGORIES) {
    categories[String(category.id)] = {
      id: category.id,
      title: category.name,
      children: childrenOf(category.id).map((child) => child.id),
      url: categoryUrl(category.id),
    };
  }
  return {
    idPrefix: options.idPrefix ?? 'category-finder',
    rootCategoryIds: childrenOf(0).map((c) => c.id),
    categories,
    selectedIds: options.selectedIds ?? [],
    defaultOptionTitle: CATEGORY_FINDER_TEXT.defaultOptionTitle,
    label: CATEGORY_FINDER_TEXT.label,
    submitLabel: CATEGORY_FINDER_TEXT.submitLabel,
  };
}

/**
 * `wc_product_dropdown_categories()`'s options: every category depth first, each level sorted by
 * name, indented by three non-breaking spaces per level (`class="level-N"`), values the slugs.
 * Never follows a category twice (a tree, but cheap to be sure).
 */
function dropdownOptions(selectedId: number | undefined): string {
  const seen = new Set<number>();
  const walk = (parentId: number, depth: number): string =>
    childrenOf(parentId)
      .sort(byName)
      .filter((c) => {
        if (seen.has(c.id)) return false;
        seen.add(c.id);
        return true;
      })
      .map(
        (c) =>
          `<option${attrs({ class: `level-${depth}`, value: c.slug, selected: c.id === selectedId })}>` +
          `${'&nbsp;'.repeat(3 * depth)}${escapeHtml(c.name)}</option>` +
          walk(c.id, depth + 1),
      )
      .join('');
  return walk(0, 0);
}

/**
 * The fallback: the island's box (same classes; the select has the id of the island's first
 * dropdown, so the focus carries over) holding WooCommerce's dropdown of every category.
 */
export function categoryFinderFallback(options: CategoryFinderOptions = {}): string {
  const props = categoryFinderProps(options);
  const selectId = `${props.idPrefix}-level-1`;
  const selected = props.selectedIds.at(-1);
  return (
    `<div class="shop-islands-category-finder" id="${escapeHtml(props.idPrefix)}">` +
    '<form class="shop-islands-category-finder__form" method="get" action="/">' +
    '<div class="shop-islands-category-finder__field">' +
    `<label for="${escapeHtml(selectId)}">${escapeHtml(props.label)}</label>` +
    `<select${attrs({
      name: 'product_cat',
      id: selectId,
      class: 'shop-islands-category-finder__select dropdown_product_cat',
    })}>` +
    `<option value="">${escapeHtml(props.defaultOptionTitle)}</option>` +
    dropdownOptions(selected) +
    '</select></div>' +
    `<button type="submit" class="button shop-islands-category-finder__submit">${escapeHtml(props.submitLabel)}</button>` +
    '</form></div>'
  );
}

/** The finder's container: the island with its props and the no-JS fallback. */
export function categoryFinderIsland(islands: IslandCollector, options: CategoryFinderOptions = {}): string {
  return islands.render('category-finder', categoryFinderProps(options), categoryFinderFallback(options));
}
