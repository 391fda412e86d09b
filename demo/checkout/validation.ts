/**
 * `WC_Checkout::get_posted_data()` + `validate_checkout()` of WooCommerce 9.9, in its words (sample
 * 52; WooCommerce's own strings where no sample shows one): the fieldsets of the posted country's
 * rules (demo/checkout/address-data.ts through src/address/rules.ts), sorted by priority, each
 * field checked (country code, postcode, phone, e-mail, state, required) in WooCommerce's order.
 * Every message that repeats a posted value escapes it.
 */
import { ADDRESS_KEYS, layoutFields, sortByPriority, stateInput } from '../../src/address/rules';
import { escapeHtml } from '../html';
import { ADDRESS_LOCALE, countryExists, STATES } from './address-data';
import type { NoticeItem } from './markup';

/** `sanitize_text_field()` (`wc_clean`): tags stripped, whitespace collapsed, trimmed. */
export function cleanText(value: string): string {
  return value
    .replace(/<[^>]*>?/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .replace(/%[a-f0-9]{2}/gi, '')
    .trim();
}

/** WordPress's `is_email()`. */
export function isEmail(email: string): boolean {
  if (email.length < 6) return false;
  const at = email.indexOf('@', 1);
  if (at < 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (/[^a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (domain.replace(/^[\s.]+|[\s.]+$/g, '') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => sub.replace(/^[\s-]+|[\s-]+$/g, '') === sub && !/[^a-z0-9-]/i.test(sub));
}

/** `WC_Validation::is_phone()`: only whitespace, #, digits, _, -, +, /, (, ) and '.'. */
export function isPhone(phone: string): boolean {
  return phone.replace(/[\s#0-9_\-+/().]/g, '').trim().length === 0;
}

/** `wc_normalize_postcode()`. */
function normalizePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** `wc_format_postcode()` for the countries WooCommerce formats. */
export function formatPostcode(postcode: string, country: string): string {
  const p = normalizePostcode(postcode);
  const at = (i: number, sep: string) => (p.length > Math.abs(i) ? p.slice(0, i) + sep + p.slice(i) : p);
  switch (country) {
    case 'SE':
      return at(-2, ' ');
    case 'CA':
    case 'GB':
      return at(-3, ' ');
    case 'IE':
      return at(3, ' ');
    case 'BR':
    case 'PL':
      return at(-3, '-');
    case 'JP':
      return at(3, '-');
    case 'PT':
      return at(4, '-');
    case 'PR':
    case 'US':
      return p.length > 5 ? `${p.slice(0, 5)}-${p.slice(5)}` : p;
    case 'NL':
      return at(4, ' ');
    default:
      return p;
  }
}

/** `WC_Validation::is_postcode()` (its per-country patterns; other countries take any postcode). */
export function isPostcode(postcode: string, country: string): boolean {
  if (/[^\s\-A-Za-z0-9]/.test(postcode)) return false;
  const patterns: Record<string, RegExp> = {
    AT: /^([0-9]{4})$/,
    BE: /^([0-9]{4})$/,
    CH: /^([0-9]{4})$/,
    HU: /^([0-9]{4})$/,
    NO: /^([0-9]{4})$/,
    BA: /^([7-8]{1})([0-9]{4})$/,
    BR: /^([0-9]{5})([-])?([0-9]{3})$/,
    DE: /^([0]{1}[1-9]{1}|[1-9]{1}[0-9]{1})[0-9]{3}$/,
    DK: /^(DK-)?([1-24-9]\d{3}|3[0-8]\d{2})$/,
    ES: /^([0-9]{5})$/,
    FI: /^([0-9]{5})$/,
    EE: /^([0-9]{5})$/,
    FR: /^([0-9]{5})$/,
    IT: /^([0-9]{5})$/,
    GB: /^([A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}|GIR ?0AA)$/i,
    IN: /^[1-9]{1}[0-9]{2}\s{0,1}[0-9]{3}$/,
    JP: /^([0-9]{3})([-]?)([0-9]{4})$/,
    PT: /^([0-9]{4})([-])([0-9]{3})$/,
    PR: /^([0-9]{5})(-[0-9]{4})?$/,
    US: /^([0-9]{5})(-[0-9]{4})?$/,
    CA: /^([ABCEGHJKLMNPRSTVXY]\d[ABCEGHJKLMNPRSTVWXYZ])([ ])?(\d[ABCEGHJKLMNPRSTVWXYZ]\d)$/i,
    PL: /^([0-9]{2})([-])([0-9]{3})$/,
    CZ: /^(CZ-)?([0-9]{3})(\s?)([0-9]{2})$/,
    SE: /^(SE-)?([0-9]{3})(\s?)([0-9]{2})$/,
    SK: /^(SK-)?([0-9]{3})(\s?)([0-9]{2})$/,
    NL: /^([1-9][0-9]{3})(\s?)(?!SA|SD|SS)[A-Z]{2}$/i,
    SI: /^([1-9][0-9]{3})$/,
    LI: /^(94[8-9][0-9])$/,
  };
  if (country === 'IE')
    return /([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}/.test(normalizePostcode(postcode));
  const pattern = Object.hasOwn(patterns, country) ? patterns[country] : undefined;
  return pattern ? pattern.test(postcode) : true;
}

/** A checkout field as WooCommerce's checkout lists it. */
interface CheckoutFieldDef {
  key: string;
  label: string;
  required: boolean;
  priority: number;
  kind: 'text' | 'country' | 'state' | 'postcode' | 'phone' | 'email' | 'password' | 'textarea';
}

/** The address fieldset (`billing_` or `shipping_`) for `country`, sorted by priority. */
export function addressFieldset(prefix: 'billing' | 'shipping', country: string): CheckoutFieldDef[] {
  const layout = layoutFields(ADDRESS_LOCALE, country, ADDRESS_KEYS);
  const fields: CheckoutFieldDef[] = layout.map((f) => ({
    key: `${prefix}_${f.key}`,
    label: f.label,
    required: f.required,
    priority: f.priority ?? 0,
    kind:
      f.key === 'country'
        ? 'country'
        : f.key === 'state'
          ? 'state'
          : f.key === 'postcode'
            ? 'postcode'
            : 'text',
  }));
  if (prefix === 'billing') {
    // Phone (optional, as the recorded store) and e-mail. The recorded store's card gateway moves
    // the e-mail to priority 1 (sample 40's `data-priority="1"`, sample 52's order of errors).
    fields.push({ key: 'billing_phone', label: 'Phone', required: false, priority: 100, kind: 'phone' });
    fields.push({ key: 'billing_email', label: 'Email address', required: true, priority: 1, kind: 'email' });
  }
  return sortByPriority(fields);
}

export interface PostedCheckout {
  data: Record<string, string>;
  shipToDifferentAddress: boolean;
  createAccount: boolean;
}

/** `get_posted_data()`: the fieldsets' values, cleaned; shipping = billing when not ticked. */
export function postedData(fields: URLSearchParams, loggedIn: boolean): PostedCheckout {
  const raw = (key: string) => fields.get(key) ?? '';
  const shipToDifferentAddress =
    raw('ship_to_different_address') !== '' && raw('ship_to_different_address') !== '0';
  const createAccount = !loggedIn && raw('createaccount') !== '' && raw('createaccount') !== '0';
  const data: Record<string, string> = {};
  const billingCountry = cleanText(raw('billing_country'));
  for (const f of addressFieldset('billing', billingCountry)) data[f.key] = cleanText(raw(f.key));
  const shippingCountry = shipToDifferentAddress ? cleanText(raw('shipping_country')) : billingCountry;
  for (const f of addressFieldset('shipping', shippingCountry)) {
    data[f.key] = shipToDifferentAddress
      ? cleanText(raw(f.key))
      : (data[`billing_${f.key.slice('shipping_'.length)}`] ?? '');
  }
  if (createAccount) data.account_password = raw('account_password');
  data.order_comments = raw('order_comments')
    .replace(/<[^>]*>?/g, '')
    .trim();
  data.payment_method = cleanText(raw('payment_method'));
  return { data, shipToDifferentAddress, createAccount };
}

/** WooCommerce's `WP_Error`: messages grouped by code, codes in the order first added. */
export class CheckoutErrors {
  private codes = new Map<string, NoticeItem[]>();
  add(code: string, html: string, id?: string): void {
    const list = this.codes.get(code) ?? [];
    list.push(id ? { html, id } : { html });
    this.codes.set(code, list);
  }
  has(code: string): boolean {
    return this.codes.has(code);
  }
  get items(): NoticeItem[] {
    return [...this.codes.values()].flat();
  }
  get empty(): boolean {
    return this.codes.size === 0;
  }
}

const strong = (label: string) => `<strong>${escapeHtml(label)}</strong>`;

/**
 * `validate_posted_data()`: each fieldset (billing; shipping when ticked; the account password when
 * creating an account), field by field. Normalises `data` as WooCommerce does (postcode format,
 * state names to codes, e-mail).
 */
export function validatePostedData(posted: PostedCheckout, errors: CheckoutErrors): void {
  const { data } = posted;
  const fieldsets: [string, CheckoutFieldDef[]][] = [
    ['billing', addressFieldset('billing', data.billing_country ?? '')],
  ];
  if (posted.shipToDifferentAddress) {
    fieldsets.push(['shipping', addressFieldset('shipping', data.shipping_country ?? '')]);
  }
  if (posted.createAccount) {
    fieldsets.push([
      'account',
      [
        {
          key: 'account_password',
          label: 'Create account password',
          required: true,
          priority: 0,
          kind: 'password',
        },
      ],
    ]);
  }
  for (const [fieldset, fields] of fieldsets) {
    const country = data[`${fieldset}_country`] ?? '';
    for (const field of fields) {
      const key = field.key;
      let value = data[key] ?? '';
      const label =
        fieldset === 'billing'
          ? `Billing ${field.label}`
          : fieldset === 'shipping'
            ? `Shipping ${field.label}`
            : field.label;
      if (field.kind === 'country' && value !== '' && !countryExists(value)) {
        errors.add(`${key}_validation`, `'${escapeHtml(value)}' is not a valid country code.`);
      }
      if (field.kind === 'postcode') {
        value = formatPostcode(value, country);
        if (value !== '' && !isPostcode(value, country)) {
          errors.add(
            `${key}_validation`,
            country === 'IE'
              ? `${strong(label)} is not valid. You can look up the correct Eircode <a target="_blank" href="https://finder.eircode.ie">here</a>.`
              : `${strong(label)} is not a valid postcode / ZIP.`,
            key,
          );
        }
      }
      if (field.kind === 'phone') {
        if (value !== '' && !isPhone(value))
          errors.add(`${key}_validation`, `${strong(label)} is not a valid phone number.`, key);
      }
      if (field.kind === 'email' && value !== '') {
        if (!isEmail(value)) {
          errors.add(`${key}_validation`, `${strong(label)} is not a valid email address.`, key);
          data[key] = value;
          continue;
        }
      }
      if (field.kind === 'state' && value !== '') {
        const input = stateInput(STATES, country);
        if (input.kind === 'select') {
          value = value.toUpperCase();
          const byName = input.options.find(([, name]) => name.toUpperCase() === value);
          if (byName) value = byName[0].toUpperCase();
          if (!input.options.some(([code]) => code.toUpperCase() === value)) {
            errors.add(
              `${key}_validation`,
              `${strong(label)} is not valid. Please enter one of the following: ${escapeHtml(input.options.map(([, name]) => name).join(', '))}`,
              key,
            );
          }
        }
      }
      data[key] = value;
      if (field.required && value === '') {
        errors.add(`${key}_required`, `${strong(label)} is a required field.`, key);
      }
    }
  }
}
