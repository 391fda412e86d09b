/** The shop page and the product category archives. */
import {
  categoryTrail,
  categoryUrl,
  categoryWithDescendants,
  childCategories,
  PRODUCTS,
  type Category,
  type Product,
} from '../fixtures';
import { categoryFinderIsland } from '../discovery/category-finder';
import { escapeHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { listing, type ListingOptions } from './listing';
import { breadcrumb, categoryLinks } from './parts';

export function renderShop(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Shop',
    bodyClass: 'archive post-type-archive-product woocommerce-shop',
    main:
      breadcrumb([{ label: 'Home', href: '/' }, { label: 'Shop' }]) +
      '<header class="woocommerce-products-header"><h1 class="woocommerce-products-header__title page-title">Shop</h1></header>' +
      categoryFinderIsland(ctx.islands) +
      categoryLinks(childCategories(16), 'Categories') +
      listing(ctx, PRODUCTS),
  });
}

/**
 * A category archive. It lists the recorded products of the category and below unless given its
 * list (the generated catalogue's categories, paginated: demo/discovery/pages.ts).
 */
export function renderCategory(
  ctx: PageContext,
  category: Category,
  listed?: { products: Product[]; options?: ListingOptions },
): string {
  const ids = new Set(categoryWithDescendants(category.id));
  const products = listed?.products ?? PRODUCTS.filter((p) => p.categoryIds.some((id) => ids.has(id)));
  const trail = categoryTrail(category.id);
  return renderDocument(ctx, {
    title: category.name,
    bodyClass: `archive tax-product_cat term-${category.slug}`,
    main:
      breadcrumb([
        { label: 'Home', href: '/' },
        ...trail.map((c, i) =>
          i === trail.length - 1 ? { label: c.name } : { label: c.name, href: categoryUrl(c.id) },
        ),
      ]) +
      '<header class="woocommerce-products-header">' +
      `<h1 class="woocommerce-products-header__title page-title">${escapeHtml(category.name)}</h1>` +
      `<div class="term-description"><p>${escapeHtml(category.description)}</p></div></header>` +
      categoryLinks(childCategories(category.id), `${category.name} subcategories`) +
      listing(ctx, products, listed?.options),
  });
}
