/**
 * WooCommerce's cart fragments: the mini-cart (`woocommerce_mini_cart()`) and Storefront's header and
 * footer cart links, with the markup of steps 06, 07 and 19 (URLs relative: the demo runs on any host).
 * The pages print the same three pieces, so a fragment refresh swaps identical markup.
 */
import { attrs, escapeHtml, formatAmount, priceHtml } from './html';
import { store, type Session } from './store';

export type Fragments = {
  'div.widget_shopping_cart_content': string;
  'a.cart-contents': string;
  'a.footer-cart-contents': string;
};

/** `div.widget_shopping_cart_content`: the list with remove links, subtotal and buttons (step 19). */
export function miniCartHtml(session: Session | null): string {
  const lines = store.cartLines(session);
  if (lines.length === 0 || !session) {
    // Step 06.
    return (
      '<div class="widget_shopping_cart_content">\r\n\r\n\t' +
      '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>\r\n\r\n\r\n</div>'
    );
  }
  const nonce = store.nonce(session, 'woocommerce-cart');
  const items = lines
    .map((line) => {
      const removeLink =
        `<a href="/cart/?remove_item=${line.item.key}&#038;_wpnonce=${nonce}"` +
        attrs({
          class: 'remove remove_from_cart_button',
          'aria-label': `Remove ${line.name} from cart`,
          'data-product_id': line.product.id,
          'data-cart_item_key': line.item.key,
          'data-product_sku': line.sku,
        }) +
        ` data-success_message="&ldquo;${escapeHtml(line.name)}&rdquo; has been removed from your cart">&times;</a>`;
      const link =
        // esc_url() prints "&" as "&#038;" (step 19).
        `<a href="${escapeHtml(line.url).replaceAll('&amp;', '&#038;')}">\r\n\t\t\t\t\t\t\t` +
        `<img width="324" height="324" src="${escapeHtml(line.imageSrc)}" ` +
        'class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async" loading="lazy" />' +
        `${escapeHtml(line.name)}\t\t\t\t\t\t</a>`;
      return (
        '\t\t\t\t\t\t<li class="woocommerce-mini-cart-item mini_cart_item">\r\n\t\t\t\t\t' +
        removeLink +
        '\t\t\t\t\t\t\t\t\t\t\t' +
        link +
        `\r\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t<span class="quantity">${line.item.quantity} &times; ` +
        `${priceHtml(line.unitPrice)}</span>\t\t\t\t</li>\r\n`
      );
    })
    .join('\t\t\t\t\t');
  return (
    '<div class="widget_shopping_cart_content">\r\n\r\n\t' +
    '<ul class="woocommerce-mini-cart cart_list product_list_widget ">\r\n' +
    items +
    '\t\t\t\t\t</ul>\r\n\r\n\t<p class="woocommerce-mini-cart__total total">\r\n\t\t' +
    `<strong>Subtotal:</strong> ${priceHtml(store.cartSubtotal(session))}\t</p>\r\n\r\n\t\r\n\t` +
    '<p class="woocommerce-mini-cart__buttons buttons"><a href="/cart/" class="button wc-forward">View cart</a>' +
    '<a href="/checkout/" class="button checkout wc-forward">Checkout</a></p>\r\n\r\n\t\r\n\r\n</div>'
  );
}

function itemsLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Storefront's header cart link (`storefront_cart_link()`): subtotal without `<bdi>`, item count. */
export function headerCartLinkHtml(session: Session | null): string {
  const count = store.cartCount(session);
  return (
    '\t\t\t<a class="cart-contents" href="/cart/" title="View your shopping cart">\n\t\t\t\t\t\t\t\t' +
    '<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&euro;</span>' +
    `${formatAmount(store.cartSubtotal(session))}</span> <span class="count">${itemsLabel(count)}</span>\n\t\t\t</a>\n\t\t`
  );
}

/** Storefront's handheld footer bar cart link. */
export function footerCartLinkHtml(session: Session | null): string {
  return (
    '\t\t\t<a class="footer-cart-contents" href="/cart/">Cart\t\t\t\t' +
    `<span class="count">${store.cartCount(session)}</span>\n\t\t\t</a>\n\t\t`
  );
}

/** WooCommerce's `woocommerce_add_to_cart_fragments` with Storefront active: exactly these three keys. */
export function cartFragments(session: Session | null): Fragments {
  return {
    'div.widget_shopping_cart_content': miniCartHtml(session),
    'a.cart-contents': headerCartLinkHtml(session),
    'a.footer-cart-contents': footerCartLinkHtml(session),
  };
}

/** `WC_AJAX::get_refreshed_fragments()`'s body: `{fragments, cart_hash}`. */
export function refreshedFragments(session: Session | null): { fragments: Fragments; cart_hash: string } {
  return { fragments: cartFragments(session), cart_hash: store.cartHash(session) };
}
