/** The cart page: the cart form with a quantity island per line, and the cart totals (shipping calculator). */
import { expressCheckoutIsland } from '../checkout/express';
import { stripeDoubleScripts } from '../checkout/stripe';
import { escapeHtml, priceHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { cartQuantityIsland } from '../quantity';
import { cartTotalsIsland } from '../shipping-calculator';
import { store } from '../store';

export function renderCart(ctx: PageContext): string {
  const lines = store.cartLines(ctx.session);
  const nonce = store.nonce(ctx.session, 'woocommerce-cart');
  let main = '<h1 class="entry-title">Cart</h1>';
  if (lines.length === 0) {
    // Step 03.
    main +=
      '<p class="cart-empty woocommerce-info">Your cart is currently empty.</p>' +
      '<p class="return-to-shop"><a class="button wc-backward" href="/shop/">Return to shop</a></p>';
  } else {
    const rows = lines
      .map((line) => {
        const key = line.item.key;
        const quantity = line.product.soldIndividually
          ? `1 <input type="hidden" name="cart[${key}][qty]" value="1">`
          : cartQuantityIsland(ctx.islands, {
              id: `quantity_${key}`,
              name: `cart[${key}][qty]`,
              label: `${line.name} quantity`,
              productName: line.name,
              value: line.item.quantity,
              min: 0,
              max: line.product.type === 'simple' ? (line.product.stockQuantity ?? undefined) : undefined,
            });
        return (
          '<tr class="woocommerce-cart-form__cart-item cart_item">' +
          `<td class="product-remove"><a href="/cart/?remove_item=${key}&amp;_wpnonce=${nonce}" class="remove"` +
          ` aria-label="Remove ${escapeHtml(line.name)} from cart" data-product_id="${line.product.id}" data-product_sku="${escapeHtml(line.sku)}">&times;</a></td>` +
          `<td class="product-thumbnail"><a href="${escapeHtml(line.url)}" tabindex="-1" aria-hidden="true"><img width="324" height="324" src="${line.imageSrc}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt=""></a></td>` +
          `<td class="product-name" data-title="Product"><a href="${escapeHtml(line.url)}">${escapeHtml(line.name)}</a></td>` +
          `<td class="product-price" data-title="Price">${priceHtml(line.unitPrice)}</td>` +
          `<td class="product-quantity" data-title="Quantity">${quantity}</td>` +
          `<td class="product-subtotal" data-title="Subtotal">${priceHtml(line.lineTotal)}</td></tr>`
        );
      })
      .join('');
    // Step 32's cart form.
    main +=
      '<form class="woocommerce-cart-form" action="/cart/" method="post">' +
      '<table class="shop_table shop_table_responsive cart woocommerce-cart-form__contents"><thead><tr>' +
      '<th class="product-remove"><span class="screen-reader-text">Remove item</span></th>' +
      '<th class="product-thumbnail"><span class="screen-reader-text">Thumbnail image</span></th>' +
      '<th class="product-name">Product</th><th class="product-price">Price</th>' +
      '<th class="product-quantity">Quantity</th><th class="product-subtotal">Subtotal</th></tr></thead>' +
      `<tbody>${rows}<tr><td colspan="6" class="actions">` +
      '<button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button>' +
      `<input type="hidden" id="woocommerce-cart-nonce" name="woocommerce-cart-nonce" value="${nonce}">` +
      '<input type="hidden" name="_wp_http_referer" value="/cart/"></td></tr></tbody></table></form>' +
      // The totals with the shipping calculator, in the `shipping-calculator` island's container.
      `<div class="cart-collaterals">${cartTotalsIsland(ctx.islands, store, ctx.session)}</div>` +
      // The Stripe gateway's express checkout buttons, below the totals.
      expressCheckoutIsland(ctx, store, { kind: 'cart' });
  }
  return renderDocument(ctx, {
    title: 'Cart',
    bodyClass: 'page woocommerce-cart',
    main: `<div class="woocommerce">${main}</div>`,
    // Stripe.js (the demo's double) for the express buttons, when the cart has them.
    scripts: lines.length > 0 ? stripeDoubleScripts(ctx.url) : [],
  });
}
