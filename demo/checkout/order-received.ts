/**
 * The order-received page of a recorded order (`/checkout/order-received/{id}/?key=…`), as
 * WooCommerce 9.9's `checkout/thankyou.php` and `order/order-details.php` print it (sample 55).
 * A wrong or missing key shows only the "order received" text (`checkout/order-received.php` with
 * no order), as WooCommerce does.
 */
import { escapeHtml, priceHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import { COUNTRY_NAMES, STATES } from './address-data';
import { plainPriceHtml, type Address, type Order } from './orders';

const RECEIVED =
  '<p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">\n\tThank you. Your order has been received.</p>\n';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `wc_format_datetime()` with the recorded store's `F j, Y`. */
export function formatDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** `hash_equals()` on the key (constant time is moot here; an exact match is what counts). */
export function orderKeyMatches(order: Order, key: string | null): boolean {
  return key !== null && key === order.key;
}

function addressLines(address: Address): string {
  const country = address.country ?? '';
  const stateName = STATES[country]?.[address.state ?? ''] ?? address.state ?? '';
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    address.city,
    stateName,
    address.postcode,
    country === 'IE' ? '' : (COUNTRY_NAMES[country] ?? ''),
  ];
  return lines
    .filter((l): l is string => !!l)
    .map((l) => escapeHtml(l))
    .join('<br />');
}

function orderDetails(order: Order): string {
  const items = order.lines
    .map(
      (l) =>
        '<tr class="woocommerce-table__line-item order_item">\n\t<td class="woocommerce-table__product-name product-name">\n' +
        `\t\t<a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a> <strong class="product-quantity">&times;&nbsp;${l.quantity}</strong>\t</td>\n` +
        `\t<td class="woocommerce-table__product-total product-total">\n\t\t${priceHtml(l.total)}\t</td>\n</tr>\n`,
    )
    .join('');
  const row = (label: string, value: string) =>
    `\t\t\t\t\t<tr>\n\t\t\t\t\t\t<th scope="row">${label}</th>\n\t\t\t\t\t\t<td>${value}</td>\n\t\t\t\t\t</tr>\n`;
  const rows =
    row('Subtotal:', plainPriceHtml(order.subtotal)) +
    (order.discount > 0 ? row('Discount:', `-${plainPriceHtml(order.discount)}`) : '') +
    row(
      'Shipping:',
      order.shippingCost > 0
        ? `${plainPriceHtml(order.shippingCost)}&nbsp;<small class="shipped_via">via ${escapeHtml(order.shippingMethod)}</small>`
        : escapeHtml(order.shippingMethod),
    ) +
    row('Total:', plainPriceHtml(order.total)) +
    row('Payment method:', escapeHtml(order.paymentMethodTitle)) +
    (order.customerNote
      ? `\t\t\t\t<tr>\n\t\t\t\t\t<th>Note:</th>\n\t\t\t\t\t<td>${escapeHtml(order.customerNote).replace(/\n/g, '<br />')}</td>\n\t\t\t\t</tr>\n`
      : '');
  const billing = order.billing;
  return (
    '<section class="woocommerce-order-details">\n\t<h2 class="woocommerce-order-details__title">Order details</h2>\n' +
    '\t<table class="woocommerce-table woocommerce-table--order-details shop_table order_details">\n' +
    '\t\t<thead>\n\t\t\t<tr>\n\t\t\t\t<th class="woocommerce-table__product-name product-name">Product</th>\n' +
    '\t\t\t\t<th class="woocommerce-table__product-table product-total">Total</th>\n\t\t\t</tr>\n\t\t</thead>\n' +
    `\t\t<tbody>\n${items}\t\t</tbody>\n\t\t<tfoot>\n${rows}\t\t</tfoot>\n\t</table>\n\t</section>\n` +
    '<section class="woocommerce-customer-details">\n' +
    '\t<section class="woocommerce-columns woocommerce-columns--2 woocommerce-columns--addresses col2-set addresses">\n' +
    '\t\t<div class="woocommerce-column woocommerce-column--1 woocommerce-column--billing-address col-1">\n' +
    `\t<h2 class="woocommerce-column__title">Billing address</h2>\n\t<address>\n\t\t${addressLines(billing)}\n` +
    (billing.phone
      ? `\t\t\t\t\t<p class="woocommerce-customer-details--phone">${escapeHtml(billing.phone)}</p>\n`
      : '') +
    (billing.email
      ? `\t\t\t\t\t<p class="woocommerce-customer-details--email">${escapeHtml(billing.email)}</p>\n`
      : '') +
    '\t\t\t</address>\n\t\t</div><!-- /.col-1 -->\n' +
    '\t\t<div class="woocommerce-column woocommerce-column--2 woocommerce-column--shipping-address col-2">\n' +
    `\t\t\t<h2 class="woocommerce-column__title">Shipping address</h2>\n\t\t\t<address>\n\t\t\t\t${addressLines(order.shipping)}\n` +
    '\t\t\t\t\t\t\t</address>\n\t\t</div><!-- /.col-2 -->\n\t</section><!-- /.col2-set -->\n</section>\n'
  );
}

/** The `<div class="woocommerce-order">` of the page: the order, or only the text for a wrong key. */
export function orderReceivedContent(order: Order | undefined, key: string | null): string {
  if (!order || !orderKeyMatches(order, key))
    return `<div class="woocommerce-order">\n\n\t${RECEIVED}\n</div>`;
  const gateway =
    order.paymentMethodTitle === ''
      ? ''
      : '\t\t\t\t\t\t\t\t\t<li class="woocommerce-order-overview__payment-method method">\n' +
        `\t\t\t\t\t\tPayment method:\t\t\t\t\t\t<strong>${escapeHtml(order.paymentMethodTitle)}</strong>\n\t\t\t\t\t</li>\n`;
  return (
    `<div class="woocommerce-order">\n${RECEIVED}` +
    '\t\t\t<ul class="woocommerce-order-overview woocommerce-thankyou-order-details order_details">\n' +
    `\t\t\t\t<li class="woocommerce-order-overview__order order">\n\t\t\t\t\tOrder number:\t\t\t\t\t<strong>${order.id}</strong>\n\t\t\t\t</li>\n` +
    `\t\t\t\t<li class="woocommerce-order-overview__date date">\n\t\t\t\t\tDate:\t\t\t\t\t<strong>${formatDate(order.created)}</strong>\n\t\t\t\t</li>\n` +
    `\t\t\t\t<li class="woocommerce-order-overview__total total">\n\t\t\t\t\tTotal:\t\t\t\t\t<strong>${priceHtml(order.total)}</strong>\n\t\t\t\t</li>\n` +
    `${gateway}\t\t\t</ul>\n` +
    (order.paymentMethod === 'cod' ? '\t\t<p>Pay with cash upon delivery.</p>\n' : '') +
    `\t\t${orderDetails(order)}</div>`
  );
}

/** The whole page (Storefront's layout around WooCommerce's content). */
export function renderRecordedOrderReceived(
  ctx: PageContext,
  order: Order | undefined,
  key: string | null,
): string {
  const main = `<h1 class="entry-title">Order received</h1><div class="woocommerce">${orderReceivedContent(order, key)}</div>`;
  return renderDocument(ctx, {
    title: 'Order received',
    bodyClass: 'page woocommerce-checkout woocommerce-order-received',
    main,
  });
}
