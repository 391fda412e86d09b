/**
 * The cart page's totals and shipping calculator, as WooCommerce 9.9 prints and handles them
 * (`cart/cart-totals.php`, `cart/cart-shipping.php`, `cart/shipping-calculator.php`; sample 36), and
 * `WC_Shortcode_Cart::calculate_shipping()`: the calculator posts to the cart page, which sets the
 * customer's shipping location (the checkout's state, demo/checkout/orders.ts) before it prints.
 * The totals are the checkout's (`totals()`): the rates of the customer's shipping country.
 *
 * The totals are printed inside the `shipping-calculator` island's container
 * (widgets/shipping-calculator), which keeps them and adds the calculator's behaviour. Pure strings.
 */
import { COUNTRY_NAMES, STATES, addressI18nParams, countrySelectParams } from './checkout/address-data';
import { checkoutState, totals, type Address, type ShippingRate, type Totals } from './checkout/orders';
import { cleanText, formatPostcode, isPostcode } from './checkout/validation';
import { escapeHtml, priceHtml } from './html';
import type { IslandCollector } from './islands';
import type { DemoStore, Session } from './store';

/** The store's base country: a destination there is not named (WooCommerce leaves the country out). */
const BASE_COUNTRY = 'IE';

/** `wp_nonce_field( 'woocommerce-shipping-calculator', 'woocommerce-shipping-calculator-nonce' )`. */
export const CALCULATOR_NONCE = 'woocommerce-shipping-calculator';

// -- WC_Shortcode_Cart::output() / calculate_shipping() ----------------------------------------

/**
 * The calculator's post, as the cart shortcode handles it before printing the page: ignored without
 * a valid nonce (`woocommerce-shipping-calculator`, or the old `woocommerce-cart`); a postcode the
 * country does not accept is refused with WooCommerce's error; otherwise the customer's shipping
 * location (and the billing one while the customer has no billing name) becomes the posted one, or
 * the store's base without a country, and the notice 'Shipping costs updated.' is added.
 */
export function calculateShipping(store: DemoStore, session: Session, fields: URLSearchParams): void {
  if (!fields.get('calc_shipping')) return;
  const nonce = fields.get('woocommerce-shipping-calculator-nonce') ?? fields.get('_wpnonce');
  if (
    !store.verifyNonce(session, CALCULATOR_NONCE, nonce) &&
    !store.verifyNonce(session, 'woocommerce-cart', nonce)
  ) {
    return;
  }
  const posted = (name: string) => cleanText(fields.get(`calc_shipping_${name}`) ?? '');
  const location = {
    country: posted('country'),
    state: posted('state'),
    postcode: posted('postcode'),
    city: posted('city'),
  };
  if (location.postcode) location.postcode = formatPostcode(location.postcode, location.country);
  if (location.postcode && !isPostcode(location.postcode, location.country)) {
    store.addNotice(session, 'error', 'Please enter a valid postcode / ZIP.');
    return;
  }
  const state = checkoutState(session);
  if (location.country) {
    if (!state.billing.first_name) state.billing = { ...state.billing, ...location };
    state.shipping = { ...state.shipping, ...location };
  } else {
    const base = { country: BASE_COUNTRY, state: '', postcode: '', city: '' };
    state.billing = { ...state.billing, ...base };
    state.shipping = { ...state.shipping, ...base };
  }
  store.addNotice(session, 'notice', 'Shipping costs updated.');
}

// -- the markup -----------------------------------------------------------------------------------

/**
 * `WC_Countries::get_formatted_address( $destination, ', ' )` for the calculator's four fields: the
 * country's format (the US one, `{city}, {state_code} {postcode}`; the others, city, state name,
 * postcode), the country left out when it is the store's. '' for the store's country alone.
 */
export function formattedDestination(address: Address): string {
  const country = address.country ?? '';
  const city = address.city ?? '';
  const postcode = address.postcode ?? '';
  const code = address.state ?? '';
  const stateName = STATES[country]?.[code] ?? code;
  const lines =
    country === 'US'
      ? [[city, `${code} ${postcode}`.trim()].filter(Boolean).join(', ')]
      : [city, stateName, postcode];
  if (country !== BASE_COUNTRY) lines.push(COUNTRY_NAMES[country] ?? country);
  return lines.filter((line) => line.trim() !== '').join(', ');
}

/** `wc_cart_totals_shipping_method_label()`: the cost after the label unless it is free. */
function rateLabel(rate: ShippingRate): string {
  return rate.cost > 0 ? `${escapeHtml(rate.label)}: ${priceHtml(rate.cost)}` : escapeHtml(rate.label);
}

const rateId = (rate: ShippingRate) => `shipping_method_0_${rate.id.replace(/[^a-z0-9_-]/gi, '')}`;

/** `cart/shipping-calculator.php` of WooCommerce 9.9 (sample 36), for the customer's location. */
export function calculatorForm(address: Address, nonce: string, buttonText: string): string {
  const country = address.country ?? '';
  const current = address.state ?? '';
  const options = Object.entries(COUNTRY_NAMES)
    .map(
      ([code, name]) =>
        `<option value="${escapeHtml(code)}"${code === country ? " selected='selected'" : ''}>${escapeHtml(name)}</option>`,
    )
    .join('');
  const states = Object.hasOwn(STATES, country) ? STATES[country] : undefined;
  let state: string;
  if (states && Object.keys(states).length === 0) {
    state =
      '<input type="hidden" name="calc_shipping_state" id="calc_shipping_state" placeholder="State / County" />';
  } else if (states) {
    const list = Object.entries(states)
      .map(
        ([code, name]) =>
          `<option value="${escapeHtml(code)}" ${code === current ? "selected='selected'" : ''}>${escapeHtml(name)}</option>`,
      )
      .join('');
    state =
      '<span>\n\t\t\t\t\t\t<label for="calc_shipping_state">State / County</label>\n' +
      '\t\t\t\t\t\t<select name="calc_shipping_state" class="state_select" id="calc_shipping_state">\n' +
      `\t\t\t\t\t\t\t<option value="">Select an option&hellip;</option>\n\t\t\t\t\t\t\t${list}\t\t\t\t\t\t</select>\n\t\t\t\t\t</span>`;
  } else {
    state =
      '<label for="calc_shipping_state">State / County</label>\n' +
      `\t\t\t\t\t<input type="text" class="input-text" value="${escapeHtml(current)}" placeholder="State / County" name="calc_shipping_state" id="calc_shipping_state" />`;
  }
  const text = (name: 'city' | 'postcode', label: string) =>
    `\t\t\t\t\t<p class="form-row form-row-wide" id="calc_shipping_${name}_field">\n` +
    `\t\t\t\t<label for="calc_shipping_${name}">${label}</label>\n` +
    `\t\t\t\t<input type="text" class="input-text" value="${escapeHtml(address[name] ?? '')}" name="calc_shipping_${name}" id="calc_shipping_${name}" />\n` +
    '\t\t\t</p>\n\t\t\n';
  return (
    '<form class="woocommerce-shipping-calculator" action="/cart/" method="post">\n\n' +
    `\t<a href="#" class="shipping-calculator-button" aria-expanded="false" aria-controls="shipping-calculator-form" role="button">${escapeHtml(buttonText)}</a>\n` +
    '\t<section class="shipping-calculator-form" id="shipping-calculator-form" style="display:none;">\n\n' +
    '\t\t\t\t\t<p class="form-row form-row-wide" id="calc_shipping_country_field">\n' +
    '\t\t\t\t<label for="calc_shipping_country">Country / region</label>\n' +
    '\t\t\t\t<select name="calc_shipping_country" id="calc_shipping_country" class="country_to_state country_select" rel="calc_shipping_state">\n' +
    `\t\t\t\t\t<option value="default">Select a country / region&hellip;</option>\n\t\t\t\t\t${options}\t\t\t\t</select>\n` +
    '\t\t\t</p>\n\t\t\n' +
    `\t\t\t\t\t<p class="form-row form-row-wide" id="calc_shipping_state_field">\n\t\t\t\t\t${state}\n\t\t\t\t\t\t\t\t</p>\n\t\t\n` +
    text('city', 'City:') +
    text('postcode', 'Postcode / ZIP:') +
    '\t\t<p><button type="submit" name="calc_shipping" value="1" class="button">Update</button></p>\n' +
    `\t\t<input type="hidden" id="woocommerce-shipping-calculator-nonce" name="woocommerce-shipping-calculator-nonce" value="${escapeHtml(nonce)}" />` +
    '<input type="hidden" name="_wp_http_referer" value="/cart/" />\t</section>\n</form>\n'
  );
}

/** `cart/cart-shipping.php` on the cart page: the rates, the destination and the calculator. */
function shippingRow(t: Totals, address: Address, nonce: string): string {
  const methods = t.rates
    .map((rate) => {
      const id = rateId(rate);
      const input =
        t.rates.length > 1
          ? `<input type="radio" name="shipping_method[0]" data-index="0" id="${id}" value="${escapeHtml(rate.id)}" class="shipping_method" ${rate.id === t.chosen?.id ? " checked='checked'" : ''} />`
          : `<input type="hidden" name="shipping_method[0]" data-index="0" id="${id}" value="${escapeHtml(rate.id)}" class="shipping_method" />`;
      return `\t\t\t\t\t<li>\n\t\t\t\t\t\t${input}<label for="${id}">${rateLabel(rate)}</label>\t\t\t\t\t</li>\n`;
    })
    .join('');
  const destination = formattedDestination(address);
  const where = destination
    ? `Shipping to <strong>${escapeHtml(destination)}</strong>. `
    : 'Shipping options will be updated during checkout.';
  return (
    '<tr class="woocommerce-shipping-totals shipping">\n\t<th>Shipping</th>\n\t<td data-title="Shipping">\n' +
    `\t\t\t\t\t<ul id="shipping_method" class="woocommerce-shipping-methods">\n${methods}\t\t\t\t\t\t\t</ul>\n` +
    `\t\t\t\t\t\t\t<p class="woocommerce-shipping-destination">\n\t\t\t\t\t${where}\t\t\t\t</p>\n` +
    `\t\t\t\t\t\t\n\t\t\n\t\t\t\t\t\n${calculatorForm(address, nonce, destination ? 'Change address' : 'Calculate shipping')}\n` +
    '\t\t\t</td>\n</tr>\n'
  );
}

/** `cart/cart-totals.php`: subtotal, coupons, shipping (with the calculator), total, the checkout button. */
export function cartTotalsHtml(store: DemoStore, session: Session): string {
  const t = totals(store, session);
  const address = checkoutState(session).shipping;
  const coupons = t.coupons
    .map(
      (c) =>
        `\t\t\t<tr class="cart-discount coupon-${escapeHtml(c.code)}">\n\t\t\t\t<th>Coupon: ${escapeHtml(c.code)}</th>\n` +
        `\t\t\t\t<td data-title="Coupon: ${escapeHtml(c.code)}">-${priceHtml(c.discount)}</td>\n\t\t\t</tr>\n`,
    )
    .join('');
  return (
    '<div class="cart_totals ">\n\n\t\n\t<h2>Cart totals</h2>\n\n\t<table cellspacing="0" class="shop_table shop_table_responsive">\n\n' +
    `\t\t<tr class="cart-subtotal">\n\t\t\t<th>Subtotal</th>\n\t\t\t<td data-title="Subtotal">${priceHtml(t.subtotal)}</td>\n\t\t</tr>\n\n` +
    coupons +
    `\t\t\n\t\t\n\t\t\t\n\t\t\t${shippingRow(t, address, store.nonce(session, CALCULATOR_NONCE))}\n\t\t\t\n\t\t\n\t\t\n\t\t\n\t\t\n` +
    `\t\t<tr class="order-total">\n\t\t\t<th>Total</th>\n\t\t\t<td data-title="Total"><strong>${priceHtml(t.total)}</strong> </td>\n\t\t</tr>\n\n\t\t\n\t</table>\n\n` +
    '\t<div class="wc-proceed-to-checkout">\n\t\t\n<a href="/checkout/" class="checkout-button button alt wc-forward">\n\tProceed to checkout</a>\n\t</div>\n\n\t\n</div>\n'
  );
}

/** The `shipping-calculator` island's props (widgets/shipping-calculator/schema.ts). */
export function shippingCalculatorProps() {
  return { address: { i18n: addressI18nParams(), countrySelect: countrySelectParams() } };
}

/** The cart totals in the `shipping-calculator` island's container (its default strategy). */
export function cartTotalsIsland(islands: IslandCollector, store: DemoStore, session: Session): string {
  return islands.render('shipping-calculator', shippingCalculatorProps(), cartTotalsHtml(store, session));
}
