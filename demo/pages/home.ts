/** The home page: the shop's products under a welcome header, and the lightbox showcase. */
import { childCategories, PRODUCTS } from '../fixtures';
import { renderDocument, type PageContext } from '../layout';
import { lightboxShowcaseHtml } from '../product/gallery';
import { listing } from './listing';
import { categoryLinks } from './parts';

export function renderHome(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Home',
    bodyClass: 'home woocommerce-shop',
    main:
      '<header class="woocommerce-products-header"><h1 class="page-title">Football kit for every player</h1>' +
      '<p>Boots in junior sizes, match and training balls, and everything for the kit bag.</p></header>' +
      categoryLinks(childCategories(16), 'Categories') +
      listing(ctx, PRODUCTS) +
      lightboxShowcaseHtml(),
  });
}
