/**
 * The address form's per-country rules (checkout.md §3 "Per-country field overrides", §4 "Address
 * form"): which label, required marker, hidden flag and place each address field has for a
 * country, and what the state field becomes. Pure: no DOM, no React. Used by the checkout's
 * billing and shipping fields and by the cart page's shipping calculator (`calc_shipping_`).
 *
 * The rules are data, not code: WooCommerce prints them on the page (`wc_address_i18n_params.locale`
 * and `wc_country_select_params.countries`, read by `src/contract/address.ts`); the plugin and the
 * demo store print the same shapes.
 */

/** The address fields the rules speak of, without their prefix (`billing_`, `shipping_`, `calc_shipping_`). */
export const ADDRESS_KEYS = [
  'first_name',
  'last_name',
  'company',
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

/** One field's rule as WooCommerce prints it (`locale.default.city`, `locale.JP.city`…). */
export interface FieldRule {
  label?: string;
  placeholder?: string;
  required?: boolean;
  hidden?: boolean;
  priority?: number;
  /** Layout classes (`form-row-first`, `form-row-last`, `form-row-wide`, …). */
  class?: readonly string[];
}

/** `locale`: `default` (every field's base rule) and one entry per country with overrides. */
export interface AddressLocale {
  readonly default: Readonly<Record<string, FieldRule>>;
  readonly [country: string]: Readonly<Record<string, FieldRule>> | undefined;
}

/**
 * The state catalogue: country → (state code → name). An empty list means the country has no
 * states (the field becomes hidden); a country absent from the map gets a free-text state.
 */
export type StateCatalogue = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A field as the rules lay it out for one country. */
export interface FieldLayout {
  key: string;
  label: string;
  placeholder: string | undefined;
  required: boolean;
  /** Hidden by the rules: its value is cleared (never the state: see {@link stateInput}). */
  hidden: boolean;
  priority: number | undefined;
  /** Layout classes, when the rules give them. */
  className: readonly string[] | undefined;
  /**
   * Part of the address proper (WooCommerce's `address-field` class: country, street, city, state,
   * postcode): only these count for {@link hasFullAddress}.
   */
  addressField: boolean;
}

/**
 * One field's rule for `country`: the default rule with the country's overrides on top, key by
 * key. A country without an entry takes the default alone.
 */
export function fieldRule(locale: AddressLocale, country: string, key: string): FieldRule {
  const base = locale.default[key] ?? {};
  const own = country === 'default' ? undefined : locale[country]?.[key];
  return own ? { ...base, ...own } : { ...base };
}

/**
 * The fields of `keys` laid out for `country` (§4: "labels, required markers, hidden flags,
 * priorities and field order are then applied from the per-country rules"). A field's label stays
 * `fallbackLabel` (its printed one) when no rule names one; a rule that does not say `required`
 * makes the field optional, as WooCommerce's address script does.
 *
 * WooCommerce's own script applies the rules only to the fields of `locale_fields` (address lines,
 * city, state, postcode), so the names stay in their printed order when the shopper picks Japan or
 * Hungary. Here every field with a rule follows it: the names swap too, as the server would have
 * printed them for that country.
 */
export function layoutFields(
  locale: AddressLocale,
  country: string,
  keys: readonly string[],
  fallbackLabels: Readonly<Record<string, string>> = {},
): FieldLayout[] {
  return keys.map((key) => {
    const rule = fieldRule(locale, country, key);
    return {
      key,
      label: rule.label ?? fallbackLabels[key] ?? '',
      placeholder: rule.placeholder,
      required: rule.required === true,
      hidden: key !== 'state' && rule.hidden === true,
      priority:
        typeof rule.priority === 'number' && Number.isFinite(rule.priority) ? rule.priority : undefined,
      className: rule.class,
      addressField: isAddressField(locale, country, key),
    };
  });
}

/**
 * Whether the rules class `key` as part of the address (`address-field`). A country's classes only
 * change a row's layout (`form-row-*`), so the default's count too.
 */
function isAddressField(locale: AddressLocale, country: string, key: string): boolean {
  const classes = [...(locale.default[key]?.class ?? []), ...(fieldRule(locale, country, key).class ?? [])];
  return classes.includes('address-field');
}

/**
 * Rows in the order their priorities give (§3 "Ordering"). A row without a priority takes the one
 * before it plus one, so rows a plugin added stay where it printed them; equal priorities keep
 * their printed order.
 */
export function sortByPriority<T extends { priority: number | undefined }>(rows: readonly T[]): T[] {
  let last = 0;
  const keyed = rows.map((row, index) => {
    const priority = row.priority ?? last + 1;
    last = priority;
    return { row, priority, index };
  });
  keyed.sort((a, b) => a.priority - b.priority || a.index - b.index);
  return keyed.map((k) => k.row);
}

/** What the state field is for a country (§4 "Country change"). */
export type StateInput =
  | { kind: 'hidden' }
  | { kind: 'select'; options: readonly (readonly [code: string, name: string])[] }
  | { kind: 'text' };

export function stateInput(states: StateCatalogue, country: string): StateInput {
  if (!Object.hasOwn(states, country)) return { kind: 'text' };
  const list = states[country] ?? {};
  const options = Object.entries(list);
  return options.length === 0 ? { kind: 'hidden' } : { kind: 'select', options };
}

/**
 * The state's value once the country changed from one whose state input was `before`:
 * - hidden: no value (there is nothing to choose);
 * - a list: the value stays if it is one of the new list's codes, else none is chosen;
 * - free text: typed text stays, but a code chosen from a list or a hidden value is dropped
 *   (the shopper sees a new, empty input, as with WooCommerce).
 */
export function stateValueAfter(before: StateInput['kind'], after: StateInput, value: string): string {
  switch (after.kind) {
    case 'hidden':
      return '';
    case 'select':
      return after.options.some(([code]) => code === value) ? value : '';
    case 'text':
      return before === 'text' ? value : '';
  }
}

/**
 * Applies a country change to the values of one address (keys without prefix): fields the rules
 * hide are cleared, the state follows {@link stateValueAfter}. Returns a new object; keys not in
 * `layout` are left as they are.
 */
export function valuesAfterCountryChange(
  values: Readonly<Record<string, string>>,
  layout: readonly FieldLayout[],
  stateBefore: StateInput['kind'],
  stateAfter: StateInput,
): Record<string, string> {
  const next: Record<string, string> = { ...values };
  for (const field of layout) {
    if (field.hidden && field.key in next) next[field.key] = '';
  }
  if ('state' in next) next.state = stateValueAfter(stateBefore, stateAfter, next.state ?? '');
  return next;
}

/**
 * `has_full_address` (§4, §5): every shown, required field of the address proper (country, street,
 * city, state, postcode: not the names, company, phone or e-mail) has a value. The state counts
 * only when it is shown (a hidden state is never missing).
 */
export function hasFullAddress(
  values: Readonly<Record<string, string>>,
  layout: readonly FieldLayout[],
  state: StateInput,
): boolean {
  return layout.every((field) => {
    if (!field.addressField || !field.required || field.hidden) return true;
    if (field.key === 'state' && state.kind === 'hidden') return true;
    return (values[field.key] ?? '').trim() !== '';
  });
}
