/**
 * CommerceKit's admin-ajax actions in the demo store (storefront.md §7 "Waitlist and wishlist"), as
 * its PHP answers them (`wp_send_json( $ajax )`, HTTP 200 whatever the status):
 *
 * - `commercekit_save_wishlist` / `commercekit_remove_wishlist` (`product_id`, `type`):
 *   `{ status, html, message }`, html being the product's new wishlist control (wishlist.ts);
 * - `commercekit_remove_wishlist` with `type=list`, `reload=1` (and `wpage`): html is the whole
 *   wishlist list;
 * - `commercekit_wishlist_addtocart` (`product_id`): `{ status, message }`; a variable product adds
 *   its first variation, as CommerceKit does;
 * - `commercekit_save_waitlist` (`product_id`, `email`): `{ status, message }`.
 *
 * The wishlist and the waitlist live in the shopper's session (store.ts). No `node:` imports.
 */
import { findProduct, findVariation } from './fixtures';
import type { DemoStore, Session } from './store';
import { isEmail, WAITLIST_TEXT } from './waitlist';
import {
  WISHLIST_MESSAGES,
  WISHLIST_NONCE_ACTION,
  wishlistControlHtml,
  wishlistListHtml,
  wishlistProducts,
} from './wishlist';

export const COMMERCEKIT_ACTIONS = [
  'commercekit_save_wishlist',
  'commercekit_remove_wishlist',
  'commercekit_wishlist_addtocart',
  'commercekit_save_waitlist',
] as const;
export type CommercekitAction = (typeof COMMERCEKIT_ACTIONS)[number];

export const isCommercekitAction = (action: string): action is CommercekitAction =>
  (COMMERCEKIT_ACTIONS as readonly string[]).includes(action);

/** PHP's `(int)` of a posted id: leading digits, 0 otherwise. */
function idOf(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isNaN(n) || n < 0 ? 0 : n;
}

/** Notices are for page loads; an AJAX answer carries its message itself (links dropped: the popup is not clickable). */
const plain = (html: string): string => html.replace(/<a\b[^>]*>[^<]*<\/a>\s*/g, '').trim();

/** The answer of `action` for `fields`, in `session`. */
export function commercekitAjax(
  store: DemoStore,
  session: Session,
  action: CommercekitAction,
  fields: URLSearchParams,
): Record<string, unknown> {
  const productId = idOf(fields.get('product_id'));
  const product = findProduct(productId);
  const nonce = store.nonce(session, WISHLIST_NONCE_ACTION);
  const type = fields.get('type') === 'list' ? 'list' : 'page';

  switch (action) {
    case 'commercekit_save_wishlist': {
      if (!product) return { status: 0, message: WISHLIST_MESSAGES.cannotAdd, html: '' };
      store.addToWishlist(session, product.id);
      return {
        status: 1,
        message: WISHLIST_MESSAGES.added(product),
        html: wishlistControlHtml(product, { inWishlist: true, type, nonce }),
      };
    }
    case 'commercekit_remove_wishlist': {
      if (!product) return { status: 0, message: WISHLIST_MESSAGES.cannotRemove, html: '' };
      store.removeFromWishlist(session, product.id);
      const reload = fields.get('reload') === '1';
      const wpage = Math.max(1, idOf(fields.get('wpage')));
      return {
        status: 1,
        message: WISHLIST_MESSAGES.removed(product),
        html: reload
          ? wishlistListHtml(wishlistProducts(session), { nonce, wpage })
          : wishlistControlHtml(product, { inWishlist: false, type, nonce }),
      };
    }
    case 'commercekit_wishlist_addtocart': {
      if (!product) return { status: 0, message: WISHLIST_MESSAGES.cartError };
      const first = product.type === 'variable' ? product.variations[0] : undefined;
      const before = session.notices.length;
      const result = store.addToCart(session, { productId: first?.id ?? product.id, quantity: 1 });
      // WooCommerce leaves its refusal as a session notice: it is this answer's message instead.
      const refusal = session.notices.splice(before).find((n) => n.type === 'error');
      if (!result.ok)
        return { status: 0, message: refusal ? plain(refusal.html) : WISHLIST_MESSAGES.cartError };
      return { status: 1, message: WISHLIST_MESSAGES.addedToCart(product) };
    }
    case 'commercekit_save_waitlist': {
      const email = (fields.get('email') ?? '').trim();
      const known = product ?? findVariation(productId)?.parent;
      if (!known || !isEmail(email)) return { status: 0, message: WAITLIST_TEXT.error };
      store.joinWaitlist(session, productId, email);
      return { status: 1, message: WAITLIST_TEXT.success };
    }
  }
}
