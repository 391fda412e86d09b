/**
 * The checkout's server markup as WooCommerce 9.9 prints it (its templates' whitespace included):
 * notices (`wc_print_notices`), the order review table (`checkout/review-order.php`,
 * `cart/cart-shipping.php`) and the payment box (`checkout/payment.php`,
 * `checkout/payment-method.php`). Recorded in samples 41, 44, 50 and 52. Every value that came from
 * a request (coupon codes) is escaped here; product names are the store's own and escaped too.
 */
import { escapeHtml, priceHtml } from '../html';
import {
  CARD_GATEWAY_ID,
  GATEWAYS,
  plainPriceHtml,
  type Gateway,
  type ShippingRate,
  type Totals,
} from './orders';
import { cardPaymentBox, type SavedCard } from './stripe';

export interface NoticeItem {
  /** Trusted HTML (values from the request already escaped). */
  html: string;
  /** `data-id`: the field the message is about. */
  id?: string;
}

/** `wc_print_notices()` of error notices (samples 44, 52, 53). */
export function errorNotices(items: readonly NoticeItem[]): string {
  if (items.length === 0) return '';
  const lis = items
    .map((i) => `\t\t\t<li${i.id ? ` data-id="${escapeHtml(i.id)}"` : ''}>\r\n\t\t\t${i.html}\t\t</li>\r\n`)
    .join('');
  return `\r\n<ul class="woocommerce-error" role="alert">\r\n${lis}\t</ul>\r\n`;
}

/** `wc_print_notices()` of one success notice (samples 43, 48, 49). */
export function successNotice(html: string): string {
  return `\r\n\t<div class="woocommerce-message" role="alert">\r\n\t\t${html}\t</div>\r\n`;
}

/** WordPress's `sanitize_title()` for the ASCII ids the demo has (`flat_rate:1` → `flat_rate1`). */
function sanitizeTitle(value: string): string {
  return value
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

function shippingLabel(rate: ShippingRate): string {
  const hideCost = rate.cost <= 0;
  return hideCost ? escapeHtml(rate.label) : `${escapeHtml(rate.label)}: ${priceHtml(rate.cost)}`;
}

function shippingRow(t: Totals): string {
  const methods = t.rates
    .map((rate) => {
      const id = `shipping_method_0_${sanitizeTitle(rate.id)}`;
      const input =
        t.rates.length > 1
          ? `<input type="radio" name="shipping_method[0]" data-index="0" id="${id}" value="${escapeHtml(rate.id)}" class="shipping_method" ${rate.id === t.chosen?.id ? " checked='checked'" : ''} />`
          : `<input type="hidden" name="shipping_method[0]" data-index="0" id="${id}" value="${escapeHtml(rate.id)}" class="shipping_method" />`;
      return `\t\t\t\t\t\t\t\t\t<li>\r\n\t\t\t\t\t\t${input}<label for="${id}">${shippingLabel(rate)}</label>\t\t\t\t\t</li>\r\n`;
    })
    .join('');
  return (
    '<tr class="woocommerce-shipping-totals shipping">\r\n\t<th>Shipping</th>\r\n\t<td data-title="Shipping">\r\n' +
    `\t\t\t\t\t<ul id="shipping_method" class="woocommerce-shipping-methods">\r\n${methods}\t\t\t\t\t\t\t</ul>\r\n` +
    '\t\t\t\t\t\t\r\n\t\t\r\n\t\t\t</td>\r\n</tr>\r\n'
  );
}

/** `woocommerce_order_review()`: the review table (samples 41, 50). `origin` makes the remove links. */
export function reviewOrderTable(t: Totals, origin: string): string {
  const items = t.lines
    .map(
      (l) =>
        '\t\t\t\t<tr class="cart_item">\r\n\t\t\t\t\t<td class="product-name">\r\n' +
        `\t\t\t\t\t\t${escapeHtml(l.name)}&nbsp;\t\t\t\t\t\t <strong class="product-quantity">&times;&nbsp;${l.item.quantity}</strong>` +
        '\t\t\t\t\t\t\t\t\t\t\t</td>\r\n\t\t\t\t\t<td class="product-total">\r\n' +
        `\t\t\t\t\t\t${priceHtml(l.lineTotal)}\t\t\t\t\t</td>\r\n\t\t\t\t</tr>\r\n\t\t\t\t`,
    )
    .join('');
  const coupons = t.coupons
    .map((c) => {
      const code = escapeHtml(c.code);
      const href = `${origin}/checkout/?remove_coupon=${encodeURIComponent(c.code)}`;
      return (
        `\t\t\t<tr class="cart-discount coupon-${escapeHtml(sanitizeTitle(c.code))}">\r\n` +
        `\t\t\t\t<th>Coupon: ${code}</th>\r\n` +
        `\t\t\t\t<td>-${plainPriceHtml(c.discount)} <a role="button" aria-label="Remove ${code} coupon" href="${escapeHtml(href)}" class="woocommerce-remove-coupon" data-coupon="${code}">[Remove]</a></td>\r\n` +
        '\t\t\t</tr>\r\n\t\t'
      );
    })
    .join('');
  return (
    '<table class="shop_table woocommerce-checkout-review-order-table">\r\n\t<thead>\r\n\t\t<tr>\r\n' +
    '\t\t\t<th class="product-name">Product</th>\r\n\t\t\t<th class="product-total">Subtotal</th>\r\n' +
    `\t\t</tr>\r\n\t</thead>\r\n\t<tbody>\r\n\t\t${items}\t</tbody>\r\n\t<tfoot>\r\n\r\n` +
    `\t\t<tr class="cart-subtotal">\r\n\t\t\t<th>Subtotal</th>\r\n\t\t\t<td>${priceHtml(t.subtotal)}</td>\r\n\t\t</tr>\r\n\r\n\t\t` +
    `${coupons}\r\n\t\t\r\n\t\t\t\r\n\t\t\t${shippingRow(t)}` +
    '\r\n\t\t\t\r\n\t\t\r\n\t\t\r\n\t\t\r\n\t\t\r\n\t\t<tr class="order-total">\r\n\t\t\t<th>Total</th>\r\n' +
    `\t\t\t<td><strong>${priceHtml(t.total)}</strong> </td>\r\n\t\t</tr>\r\n\r\n\t\t\r\n\t</tfoot>\r\n</table>\r\n`
  );
}

/** The demo's terms and conditions page (WooCommerce's "Terms and conditions" page setting). */
export const TERMS_PAGE_PATH = '/terms-and-conditions/';

/** That page's text as `wc_format_content()` prints it: the checkout shows it collapsed. */
export const TERMS_PAGE_CONTENT =
  '<p>This is a demo store: it is a stand-in for a WooCommerce shop and sells nothing. No order placed here is charged, shipped or kept after the demo restarts.</p>\n' +
  '<p>Prices are in euro. Any personal data you enter is used only to show the checkout working, and is forgotten with your session.</p>\n';

/**
 * `checkout/terms.php` (9.2.0, unchanged in 9.9) with a terms page set, after the privacy text of
 * `wc_checkout_privacy_policy_text()`: the page's text (`wc_terms_and_conditions_page_content()`,
 * hidden until the link opens it) and the required checkbox with its `terms-field` marker (what
 * `validate_checkout()` checks). `checked`: the posted `terms` (a form printed again after a post).
 */
export function termsAndConditions(origin: string, checked = false): string {
  const link = escapeHtml(`${origin}${TERMS_PAGE_PATH}`);
  return (
    `<div class="woocommerce-terms-and-conditions" style="display: none; max-height: 200px; overflow: auto;">${TERMS_PAGE_CONTENT}</div>\r\n` +
    '\t\t\t<p class="form-row validate-required">\r\n' +
    '\t\t\t\t<label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">\r\n' +
    `\t\t\t\t<input type="checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" name="terms" ${checked ? " checked='checked'" : ''} id="terms" />\r\n` +
    `\t\t\t\t\t<span class="woocommerce-terms-and-conditions-checkbox-text">I have read and agree to the website <a href="${link}" class="woocommerce-terms-and-conditions-link" target="_blank">terms and conditions</a></span>&nbsp;<abbr class="required" aria-hidden="true" title="required">*</abbr>\r\n` +
    '\t\t\t\t</label>\r\n' +
    '\t\t\t\t<input type="hidden" name="terms-field" value="1" />\r\n' +
    '\t\t\t</p>\r\n'
  );
}

export interface PaymentBoxOptions {
  /** `_wp_http_referer`: the page the form was printed on (`/checkout/` on the page itself). */
  referer?: string;
  /** The terms checkbox is ticked (the posted `terms`, on a form printed again after a post). */
  termsChecked?: boolean;
  /** A logged-in customer: the card gateway's box offers the saved card. */
  loggedIn?: boolean;
  /** The customer's saved cards (demo/checkout/stripe.ts `savedCards`). */
  cards?: readonly SavedCard[];
}

export interface PaymentMethodItemOptions {
  /** A logged-in customer (the card gateway's saved card and save checkbox). */
  loggedIn: boolean;
  /** A guest may save a card by creating an account (the checkout, not the order-pay page). */
  guestMaySave: boolean;
  /** The customer's saved cards (demo/checkout/stripe.ts `savedCards`). */
  cards?: readonly SavedCard[];
}

/**
 * `checkout/payment-method.php` for one gateway: its radio (checked when `on`), its label and its
 * box (open when `on`): the description, or the card gateway's fields (demo/checkout/stripe.ts).
 */
export function paymentMethodItem(g: Gateway, on: boolean, options: PaymentMethodItemOptions): string {
  const box =
    g.id === CARD_GATEWAY_ID
      ? cardPaymentBox({
          open: on,
          loggedIn: options.loggedIn,
          guestMaySave: options.guestMaySave,
          ...(options.cards ? { cards: options.cards } : {}),
        })
      : `\t\t\t<div class="payment_box payment_method_${g.id}" ${on ? '' : 'style="display:none;"'}>\r\n` +
        `\t\t\t<p>${escapeHtml(g.description)}</p>\n\t\t</div>\r\n`;
  return (
    `<li class="wc_payment_method payment_method_${g.id}">\r\n` +
    `\t<input id="payment_method_${g.id}" type="radio" class="input-radio" name="payment_method" value="${g.id}" ${on ? " checked='checked'" : ''} data-order_button_text="${escapeHtml(g.orderButtonText)}" />\r\n\r\n` +
    `\t<label for="payment_method_${g.id}">\r\n\t\t${escapeHtml(g.title)} \t</label>\r\n` +
    `${box}\t</li>\r\n`
  );
}

/**
 * `woocommerce_checkout_payment()`: one `li.wc_payment_method` per gateway (the chosen one, or the
 * first, checked and its box open), the privacy text, the terms (the demo has a terms page), the
 * place-order button and the checkout nonce (sample 41; an `update_order_review` fragment has
 * `/?wc-ajax=update_order_review` as its referer).
 */
export function paymentBox(
  chosen: string,
  nonce: string,
  origin: string,
  options: PaymentBoxOptions = {},
): string {
  const referer = options.referer ?? '/?wc-ajax=update_order_review';
  const current = GATEWAYS.some((g) => g.id === chosen) ? chosen : (GATEWAYS[0]?.id ?? '');
  const loggedIn = options.loggedIn ?? false;
  const methods = GATEWAYS.map((g) =>
    paymentMethodItem(g, g.id === current, {
      loggedIn,
      guestMaySave: !loggedIn,
      ...(options.cards ? { cards: options.cards } : {}),
    }),
  ).join('');
  return (
    '<div id="payment" class="woocommerce-checkout-payment">\r\n\t\t\t<ul class="wc_payment_methods payment_methods methods">\r\n\t\t\t' +
    `${methods}\t\t</ul>\r\n\t\t<div class="form-row place-order">\r\n\t\t<noscript>\r\n` +
    '\t\t\tSince your browser does not support JavaScript, or it is disabled, please ensure you click the <em>Update Totals</em> button before placing your order. You may be charged more than the amount stated above if you fail to do so.' +
    '\t\t\t<br/><button type="submit" class="button alt" name="woocommerce_checkout_update_totals" value="Update totals">Update totals</button>\r\n\t\t</noscript>\r\n\r\n' +
    '\t\t\t<div class="woocommerce-terms-and-conditions-wrapper">\r\n' +
    `\t\t<div class="woocommerce-privacy-policy-text"><p>Your personal data will be used to process your order, support your experience throughout this website, and for other purposes described in our <a href="${escapeHtml(origin)}/privacy-policy/" class="woocommerce-privacy-policy-link" target="_blank">privacy policy</a>.</p>\n</div>\r\n` +
    termsAndConditions(origin, options.termsChecked) +
    '\t\t\t</div>\r\n\t\r\n\t\t\r\n' +
    '\t\t<button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button>\r\n\t\t\r\n' +
    `\t\t<input type="hidden" id="woocommerce-process-checkout-nonce" name="woocommerce-process-checkout-nonce" value="${escapeHtml(nonce)}" />` +
    `<input type="hidden" name="_wp_http_referer" value="${escapeHtml(referer)}" />\t</div>\r\n</div>\r\n`
  );
}

/** `wc_print_notices()`: errors, then successes, then infos, each type in its template. */
export function printNotices(notices: {
  error?: readonly NoticeItem[];
  success?: readonly string[];
  notice?: readonly string[];
}): string {
  const success = notices.success ?? [];
  const info = notices.notice ?? [];
  return (
    errorNotices(notices.error ?? []) +
    (success.length ? '\r\n' + success.map((html) => successNotice(html).slice(2)).join('') : '') +
    (info.length
      ? '\r\n' + info.map((html) => `\t<div class="woocommerce-info">\r\n\t\t${html}\t</div>\r\n`).join('')
      : '')
  );
}
