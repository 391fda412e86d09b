/** The wishlist page: the wishlist-list island. */
import { renderDocument, type PageContext } from '../layout';
import { wishlistListIsland } from '../wishlist';

export function renderWishlist(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: 'Wishlist',
    bodyClass: 'page wishlist',
    main: `<h1 class="entry-title">Wishlist</h1>${wishlistListIsland(ctx.islands, ctx.session)}`,
  });
}
