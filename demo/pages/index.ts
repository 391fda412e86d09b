/**
 * The demo's pages at WooCommerce's permalinks, rendered on the server as Storefront would: pure
 * functions from a PageContext to an HTML string, one file a page. Every page works with JavaScript
 * off: links add to the cart (`?add-to-cart=ID`), forms post, the islands' fallbacks are working
 * markup. Routing, form handling and redirects live in site.ts.
 */
export { renderMyAccount } from './account';
export { renderCart } from './cart';
export {
  CHECKOUT_FIELDS,
  COUNTRIES,
  renderCheckout,
  renderOrderReceived,
  type CheckoutField,
} from './checkout';
export { renderLinkExpired, renderNotFound } from './errors';
export { renderHome } from './home';
export { ORDERBY_OPTIONS, sortProducts } from './listing';
export { shippingFor } from './parts';
export { renderProduct } from './product';
export { renderCategory, renderShop } from './shop';
export { renderWishlist } from './wishlist';
