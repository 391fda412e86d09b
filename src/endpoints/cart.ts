/**
 * WooCommerce's cart endpoints (storefront.md §3, §4 "Add-to-cart button", "Page fragments"; §7
 * "Cart"), all POST `/?wc-ajax=…` with a form body. Islands call the cart store (`src/cart`), which
 * queues adds and removes and keeps the fragments: only the store calls these.
 */
import {
  AddToCartResponseSchema,
  CartFragmentsResponseSchema,
  RemoveFromCartResponseSchema,
  type AddToCartResponse,
  type CartFragmentsResponse,
  type RemoveFromCartResponse,
} from '../contract/cart';
import { wcAjax, type RequestOptions } from '../transport/client';

/**
 * The add-to-cart button's data attributes as WooCommerce's add-to-cart.js posts them:
 * `product_id`, `quantity`, and whatever else the button carries (`variation_id`, `attribute_*`…).
 */
export type AddToCartFields = Readonly<Record<string, string>>;

/** `get_refreshed_fragments` (body `time`, as cart-fragments.js sends it to bust caches). */
export function refreshFragments(options: RequestOptions = {}): Promise<CartFragmentsResponse> {
  return wcAjax(
    'get_refreshed_fragments',
    { time: Date.now() },
    { ...options, schema: CartFragmentsResponseSchema },
  );
}

/** `add_to_cart`: fragments and hash, or `{ error, product_url }` when WooCommerce refused. */
export function addToCart(fields: AddToCartFields, options: RequestOptions = {}): Promise<AddToCartResponse> {
  return wcAjax('add_to_cart', fields, { ...options, schema: AddToCartResponseSchema });
}

/** `remove_from_cart` of one line: fragments and hash, or `{ success: false }` for an unknown key. */
export function removeFromCart(
  cartItemKey: string,
  options: RequestOptions = {},
): Promise<RemoveFromCartResponse> {
  return wcAjax(
    'remove_from_cart',
    { cart_item_key: cartItemKey },
    { ...options, schema: RemoveFromCartResponseSchema },
  );
}
