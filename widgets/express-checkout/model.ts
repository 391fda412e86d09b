/**
 * The express checkout's rules (checkout.md §7 "Express checkout", "Store API"): the payment sheet
 * Stripe shows, read from what the gateway and WooCommerce answer, and the order the wallet's answer
 * makes. Pure functions: no React, no DOM, no network.
 */
import type { DisplayItem, ShippingOption, StoreCart } from '../../src/contract/express';
import type { ExpressOrderAddress, WalletShippingAddress } from '../../src/endpoints/express';

/** A line of Stripe's sheet. */
export interface LineItem {
  name: string;
  amount: number;
}

/** A rate of Stripe's sheet. */
export interface Rate {
  id: string;
  displayName: string;
  amount: number;
}

/** What the sheet shows: its lines, its rates, its total (minor units). */
export interface Sheet {
  lineItems: LineItem[];
  shippingRates: Rate[];
  amount: number;
  needsShipping: boolean;
}

/** Stripe refuses a sheet of more than this many lines; the gateway sends its lines as they are. */
const MAX_LINES = 100;

/** The gateway's display items as Stripe's lines (a pending line keeps its amount: 0 until known). */
export function lineItems(items: readonly DisplayItem[]): LineItem[] {
  return items
    .filter((item) => item.label.trim() !== '' && Number.isSafeInteger(item.amount))
    .slice(0, MAX_LINES)
    .map((item) => ({ name: item.label, amount: item.amount }));
}

/** The gateway's rates as Stripe's (a rate needs an id and a name; an amount below 0 is not one). */
export function shippingRates(options: readonly ShippingOption[]): Rate[] {
  const seen = new Set<string>();
  const rates: Rate[] = [];
  for (const option of options) {
    if (option.id === '' || seen.has(option.id) || !(option.amount >= 0)) continue;
    seen.add(option.id);
    rates.push({ id: option.id, displayName: option.displayName || option.id, amount: option.amount });
  }
  return rates;
}

/**
 * The cart's sheet from the Store API cart (§7 "Store API": 9.4.1 reads it on the cart and checkout
 * pages): each line with its quantity, then tax, shipping and discount when there are, the total.
 * Amounts are in the currency's minor unit (the cart says which).
 */
export function cartSheet(cart: StoreCart): Sheet {
  const items: LineItem[] = cart.items.map((item) => ({
    name: item.quantity > 1 ? `${item.name} (x${item.quantity})` : item.name,
    amount: item.totals.line_subtotal,
  }));
  const { total_tax, total_shipping, total_discount, total_price } = cart.totals;
  if (total_tax > 0) items.push({ name: 'Tax', amount: total_tax });
  if (total_shipping !== null && cart.needs_shipping)
    items.push({ name: 'Shipping', amount: total_shipping });
  if (total_discount > 0) items.push({ name: 'Discount', amount: -total_discount });
  return {
    lineItems: items.slice(0, MAX_LINES),
    shippingRates: [],
    amount: total_price,
    needsShipping: cart.needs_shipping,
  };
}

/** Stripe's partial address (a wallet's, before the payment) in WooCommerce's names. */
export function walletAddress(address: {
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
  line1?: string | null;
  line2?: string | null;
}): WalletShippingAddress {
  return {
    address_1: address.line1 ?? '',
    address_2: address.line2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country: (address.country ?? '').toUpperCase(),
    postcode: address.postal_code ?? '',
  };
}

/** 'Aoife Murphy' → first 'Aoife', last 'Murphy' (the gateway's split: at the first space). */
export function splitName(name: string | null | undefined): { first: string; last: string } {
  const clean = (name ?? '').trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  return space < 0
    ? { first: clean, last: '' }
    : { first: clean.slice(0, space), last: clean.slice(space + 1) };
}

/** Stripe's billing details or shipping address, as the confirm event carries them. */
export interface WalletContact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: {
    line1?: string | null;
    line2?: string | null;
    city?: string | null;
    state?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null;
}

/** An order address from the wallet's contact (the gateway's `normalizeOrderData`). */
export function orderAddress(
  contact: WalletContact | undefined,
  fallback?: WalletContact,
): ExpressOrderAddress {
  const from = contact ?? fallback ?? {};
  const { first, last } = splitName(from.name);
  const a = from.address ?? {};
  return {
    first_name: first,
    last_name: last,
    company: '',
    address_1: a.line1 ?? '',
    address_2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postcode: a.postal_code ?? '',
    country: (a.country ?? '').toUpperCase(),
    phone: from.phone ?? '',
  };
}

/**
 * The click's sheet options (Stripe's `ClickResolveDetails`): the e-mail always (WooCommerce needs
 * it for the order), the phone when the checkout requires it, a shipping address when the cart
 * needs shipping, with the rates known so far (Stripe refuses a shipping sheet without one: the
 * gateway's 'pending' default then).
 */
export function clickOptions(
  sheet: Sheet,
  options: { phoneRequired: boolean; business: string; pendingRate: Rate | null },
): Record<string, unknown> {
  const details: Record<string, unknown> = {
    emailRequired: true,
    phoneNumberRequired: options.phoneRequired,
    lineItems: sheet.lineItems,
    business: { name: options.business },
  };
  if (sheet.needsShipping) {
    details.shippingAddressRequired = true;
    const rates =
      sheet.shippingRates.length > 0 ? sheet.shippingRates : options.pendingRate ? [options.pendingRate] : [];
    details.shippingRates = rates;
  }
  return details;
}

/** The name prefix of the order attribution inputs the page holds (storefront.md §3 "Order attribution"). */
const ATTRIBUTION_PREFIX = 'wc_order_attribution_';

/**
 * The Store API `extensions` of the order: `woocommerce/order-attribution` from the page's
 * `wc_order_attribution_{field}` inputs (field → value, as the order attribution tracker filled
 * them; storefront.md §7 "Checkout hand-off"), or null when the page has none.
 */
export function attributionExtensions(
  inputs: Iterable<{ name: string; value: string }>,
): { 'woocommerce/order-attribution': Record<string, string> } | null {
  const entries: [string, string][] = [];
  for (const { name, value } of inputs) {
    if (name.startsWith(ATTRIBUTION_PREFIX) && name.length > ATTRIBUTION_PREFIX.length)
      entries.push([name.slice(ATTRIBUTION_PREFIX.length), value]);
  }
  // fromEntries: a field named `__proto__` is an own key, not the object's prototype.
  return entries.length > 0 ? { 'woocommerce/order-attribution': Object.fromEntries(entries) } : null;
}
