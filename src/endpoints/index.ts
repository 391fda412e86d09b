/**
 * The server's endpoints, one typed function each (ARCHITECTURE.md §4). Widgets and the cart store
 * call these, never `wcAjax()` / `adminAjax()` / `rest()` of `src/transport` themselves: a function
 * here knows its endpoint's name, method and form fields, and parses the answer with its schema in
 * `src/contract`, so the caller gets typed data or a TransportError (kind 'schema' for an answer that
 * is not the contract).
 *
 * One small file per area:
 * - `cart.ts`: WooCommerce's cart (add, remove, fragments refresh). Islands go through the cart
 *   store (`src/cart`), which queues them; they do not call these directly.
 * - `variation.ts`: WooCommerce's `get_variation`.
 * - `commercekit.ts`: CommerceKit's wishlist and waitlist, Shoptimizer's sale percents.
 * - `wordpress.ts`: WordPress core's REST API (the coming-soon banner's dismissal).
 * - `checkout.ts`: the classic checkout (order review, place order, coupons).
 * - `general.ts`: the general admin call (storefront.md §7: any `action` to admin-ajax.php, '1' or
 *   `{ success, data }`), for server forms such as the callback modal's.
 *
 * The coming checkout, payment, search and popup widgets add their endpoints here too, in a file of
 * their area (`checkout.ts`, `payment.ts`, `search.ts`, `popup.ts`), with their schemas in
 * `src/contract` and their tests next to them.
 *
 * Every function takes an options bag, `{ signal, timeout, background }` (see `RequestOptions`).
 *
 * Islands import from the area's file (`src/endpoints/commercekit`), not from this index: the
 * bundler gives an island every module the index imports, so an island importing the index would
 * download every area's schemas and functions (measured: +1.1 KB gzip for the coming-soon banner).
 * The index is the catalogue, and serves code that is not split per island (tests, tools).
 */
export type { RequestOptions } from '../transport/client';
export { addToCart, refreshFragments, removeFromCart, type AddToCartFields } from './cart';
export { applyCoupon, placeOrder, removeCoupon, updateOrderReview } from './checkout';
export { adminCall, type AdminCallAnswer, type AdminCallOptions } from './general';
export {
  getSalePercents,
  removeFromWishlist,
  saveToWishlist,
  saveWaitlist,
  wishlistAddToCart,
  type WishlistItem,
} from './commercekit';
export { getVariation, type VariationQuery } from './variation';
export { COMING_SOON_DISMISSAL, dismissComingSoonBanner } from './wordpress';
