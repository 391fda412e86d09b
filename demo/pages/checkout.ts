/** The checkout page (billing fields, account creation, order review, payment) and the order received page. */
import { attrs, escapeHtml, priceHtml } from '../html';
import { passwordToggleIsland } from '../islands';
import { renderDocument, type PageContext } from '../layout';
import { store } from '../store';
import { requiredMark, totalsRows } from './parts';

export interface CheckoutField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'select';
  autocomplete: string;
  required: boolean;
  wide?: boolean;
}

export const CHECKOUT_FIELDS: CheckoutField[] = [
  {
    name: 'billing_first_name',
    label: 'First name',
    type: 'text',
    autocomplete: 'given-name',
    required: true,
  },
  {
    name: 'billing_last_name',
    label: 'Last name',
    type: 'text',
    autocomplete: 'family-name',
    required: true,
  },
  {
    name: 'billing_country',
    label: 'Country / Region',
    type: 'select',
    autocomplete: 'country',
    required: true,
    wide: true,
  },
  {
    name: 'billing_address_1',
    label: 'Street address',
    type: 'text',
    autocomplete: 'address-line1',
    required: true,
    wide: true,
  },
  {
    name: 'billing_city',
    label: 'Town / City',
    type: 'text',
    autocomplete: 'address-level2',
    required: true,
    wide: true,
  },
  {
    name: 'billing_postcode',
    label: 'Eircode / Postcode',
    type: 'text',
    autocomplete: 'postal-code',
    required: false,
    wide: true,
  },
  { name: 'billing_phone', label: 'Phone', type: 'tel', autocomplete: 'tel', required: false, wide: true },
  {
    name: 'billing_email',
    label: 'Email address',
    type: 'email',
    autocomplete: 'email',
    required: true,
    wide: true,
  },
];

export const COUNTRIES: [string, string][] = [
  ['IE', 'Ireland'],
  ['GB', 'United Kingdom (UK)'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
];

function checkoutField(field: CheckoutField, values: Record<string, string>): string {
  const value = values[field.name] ?? (field.name === 'billing_country' ? 'IE' : '');
  const rowClass = `form-row ${field.wide ? 'form-row-wide' : field.name.endsWith('first_name') ? 'form-row-first' : 'form-row-last'}${field.required ? ' validate-required' : ''}`;
  const common = attrs({
    name: field.name,
    id: field.name,
    autocomplete: field.autocomplete,
    required: field.required,
    'aria-required': field.required ? 'true' : undefined,
  });
  const control =
    field.type === 'select'
      ? `<select class="country_select"${common}>${COUNTRIES.map(
          ([code, name]) => `<option value="${code}"${code === value ? ' selected' : ''}>${name}</option>`,
        ).join('')}</select>`
      : `<input type="${field.type}" class="input-text"${common} value="${escapeHtml(value)}">`;
  return (
    `<p class="${rowClass}" id="${field.name}_field"><label for="${field.name}">${escapeHtml(field.label)}${requiredMark(field.required)}</label>` +
    `<span class="woocommerce-input-wrapper">${control}</span></p>`
  );
}

export function renderCheckout(ctx: PageContext, values: Record<string, string> = {}): string {
  const lines = store.cartLines(ctx.session);
  const subtotal = store.cartSubtotal(ctx.session);
  const password = passwordToggleIsland(ctx.islands, {
    id: 'account_password',
    name: 'account_password',
    autocomplete: 'new-password',
    required: false,
    className: 'input-text',
    hydrate: 'interaction',
  });
  const review = lines
    .map(
      (l) =>
        `<tr class="cart_item"><td class="product-name">${escapeHtml(l.name)}&nbsp;<strong class="product-quantity">&times;&nbsp;${l.item.quantity}</strong></td>` +
        `<td class="product-total">${priceHtml(l.lineTotal)}</td></tr>`,
    )
    .join('');
  const main =
    '<h1 class="entry-title">Checkout</h1><div class="woocommerce">' +
    '<form name="checkout" method="post" class="checkout woocommerce-checkout" action="/checkout/" enctype="multipart/form-data">' +
    '<div class="col2-set" id="customer_details"><div class="woocommerce-billing-fields"><h2>Billing details</h2>' +
    `<div class="woocommerce-billing-fields__field-wrapper">${CHECKOUT_FIELDS.map((f) => checkoutField(f, values)).join('')}</div></div>` +
    '<div class="woocommerce-account-fields"><p class="form-row form-row-wide create-account">' +
    '<label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">' +
    `<input class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" id="createaccount" type="checkbox" name="createaccount" value="1"${values.createaccount ? ' checked' : ''}> <span>Create an account?</span></label></p>` +
    '<div class="create-account"><p class="form-row validate-required" id="account_password_field">' +
    `<label for="account_password">Create account password${requiredMark(true)}</label>` +
    `<span class="woocommerce-input-wrapper">${password}</span></p></div></div></div>` +
    '<h2 id="order_review_heading">Your order</h2><div id="order_review" class="woocommerce-checkout-review-order">' +
    '<table class="shop_table woocommerce-checkout-review-order-table"><thead><tr><th class="product-name">Product</th><th class="product-total">Subtotal</th></tr></thead>' +
    `<tbody>${review}</tbody><tfoot>${totalsRows(subtotal)}</tfoot></table>` +
    '<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods">' +
    '<li class="wc_payment_method payment_method_cod"><input id="payment_method_cod" type="radio" class="input-radio" name="payment_method" value="cod" checked>' +
    '<label for="payment_method_cod">Cash on delivery</label><div class="payment_box payment_method_cod"><p>Pay with cash upon delivery.</p></div></li></ul>' +
    '<div class="form-row place-order">' +
    '<button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order">Place order</button>' +
    `<input type="hidden" id="woocommerce-process-checkout-nonce" name="woocommerce-process-checkout-nonce" value="${store.nonce(ctx.session, 'woocommerce-process_checkout')}">` +
    '<input type="hidden" name="_wp_http_referer" value="/checkout/"></div></div></div></form></div>';
  return renderDocument(ctx, { title: 'Checkout', bodyClass: 'page woocommerce-checkout', main });
}

export function renderOrderReceived(ctx: PageContext, orderId: number): string {
  const main =
    '<h1 class="entry-title">Order received</h1><div class="woocommerce"><div class="woocommerce-order">' +
    '<p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">Thank you. Your order has been received.</p>' +
    `<ul class="woocommerce-order-overview woocommerce-thankyou-order-details order_details"><li class="woocommerce-order-overview__order order">Order number: <strong>${orderId}</strong></li>` +
    '<li class="woocommerce-order-overview__payment-method method">Payment method: <strong>Cash on delivery</strong></li></ul>' +
    '<p>This is a demo store: nothing will be delivered.</p><p><a class="button" href="/shop/">Continue shopping</a></p></div></div>';
  return renderDocument(ctx, {
    title: 'Order received',
    bodyClass: 'page woocommerce-checkout woocommerce-order-received',
    main,
  });
}
