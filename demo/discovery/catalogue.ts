/**
 * The demo's catalogue queries for discovery (issue #15): product search as WordPress runs it, the
 * products of a category with its descendants, and the tags the loop filters offer. Pure functions
 * over fixtures' CATALOGUE (the recorded products and the generated ones, demo/discovery/generate.ts).
 */
import {
  CATALOGUE,
  categoryWithDescendants,
  findCategory,
  PRODUCTS,
  type Category,
  type Product,
} from '../fixtures';
import { FIRST_GENERATED_ID, generatedTags, TAGS } from './generate';

export { CATALOGUE, TAGS };

/** The text a product's name shows (its markup dropped), as WordPress's search matches it. */
export function plainName(product: Product): string {
  return product.name
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, entities and curly quotes folded, so "O'Neill" finds "O’Neill’s". */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\u2018\u2019]/g, "'");
}

/**
 * WordPress's search (`WP_Query` with `s`): every word of the query (spaces collapsed) in the title,
 * the excerpt or the SKU (WooCommerce adds the SKU); title matches first, then by name.
 */
export function searchCatalogue(query: string): Product[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { product: Product; title: boolean }[] = [];
  for (const product of CATALOGUE) {
    const title = fold(product.name);
    const rest = `${fold(product.shortDescription)} ${product.sku.toLowerCase()}`;
    if (!words.every((w) => title.includes(w) || rest.includes(w))) continue;
    scored.push({ product, title: words.every((w) => title.includes(w)) });
  }
  return scored
    .sort(
      (a, b) => Number(b.title) - Number(a.title) || plainName(a.product).localeCompare(plainName(b.product)),
    )
    .map((s) => s.product);
}

/** The products of a category and of every category below it. */
export function catalogueInCategory(categoryId: number): Product[] {
  const ids = new Set(categoryWithDescendants(categoryId));
  return CATALOGUE.filter((p) => p.categoryIds.some((id) => ids.has(id)));
}

/** The number of products a category page lists (WooCommerce's term count, descendants included). */
export function categoryCount(category: Category): number {
  return catalogueInCategory(category.id).length;
}

/** The tags of a product: generated ones have theirs; the recorded products have none but 'match'/'training'. */
export function tagsOf(product: Product): string[] {
  if (product.id >= FIRST_GENERATED_ID) return generatedTags(product.id, product.categoryIds[0] ?? 0);
  return PRODUCTS.includes(product) ? [product.id % 2 === 0 ? 'training' : 'match'] : [];
}

/** A category's name by id ('' when unknown). */
export function categoryName(id: number): string {
  return findCategory(id)?.name ?? '';
}
