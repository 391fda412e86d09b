import * as z from 'zod/mini';
import type { AddressLocale, StateCatalogue } from '../address/rules';

/**
 * The address rules as WooCommerce prints them on the checkout, cart and account pages
 * (checkout.md §3 "Country / state catalogue", "Per-country field overrides"; recorded in
 * ../shared/woocommerce-samples/40-get-checkout-page):
 * - `wc_address_i18n_params`: `locale` and `locale_fields` are JSON *strings* inside the object
 *   (WooCommerce encodes them twice; older versions also escape quotes as `&quot;`), plus
 *   `i18n_required_text` / `i18n_optional_text`;
 * - `wc_country_select_params`: `countries`, a JSON string of country → { code: name }, where a
 *   country without states is PHP's empty array `[]`; plus the search select's messages (§5).
 *
 * The plugin passes these objects to the islands as they are; the demo store prints the same
 * shapes. Everything is checked: a rule that is not of its shape is dropped, never trusted.
 */

const FieldRuleSchema = z.object({
  label: z.optional(z.string()),
  placeholder: z.optional(z.string()),
  required: z.optional(z.boolean()),
  hidden: z.optional(z.boolean()),
  priority: z.optional(z.number()),
  class: z.optional(z.array(z.string())),
});

/** country (or `default`) → field → rule. PHP's `[]` is an empty map. */
const LocaleSchema = z.record(z.string(), z.union([z.record(z.string(), FieldRuleSchema), z.tuple([])]));
const StatesSchema = z.record(z.string(), z.union([z.record(z.string(), z.string()), z.tuple([])]));

const I18nParamsSchema = z.object({
  locale: z.string(),
  locale_fields: z.optional(z.string()),
  i18n_required_text: z.optional(z.string()),
  i18n_optional_text: z.optional(z.string()),
});

const CountrySelectParamsSchema = z.object({
  countries: z.string(),
  i18n_select_state_text: z.optional(z.string()),
  i18n_no_matches: z.optional(z.string()),
  i18n_ajax_error: z.optional(z.string()),
  i18n_input_too_short_1: z.optional(z.string()),
  i18n_input_too_short_n: z.optional(z.string()),
  i18n_input_too_long_1: z.optional(z.string()),
  i18n_input_too_long_n: z.optional(z.string()),
  i18n_selection_too_long_1: z.optional(z.string()),
  i18n_selection_too_long_n: z.optional(z.string()),
  i18n_load_more: z.optional(z.string()),
  i18n_searching: z.optional(z.string()),
});
export type CountrySelectParams = z.infer<typeof CountrySelectParamsSchema>;

export interface AddressRules {
  locale: AddressLocale;
  states: StateCatalogue;
  /** field key → the rows it applies to (`#billing_city_field, …`), as WooCommerce lists them. */
  localeFields: Readonly<Record<string, string>>;
  /** '(optional)'s word and the required marker's title. */
  optionalText: string;
  requiredText: string;
  /** The search select's messages (§5 "Country / state search select messages"). */
  messages: Omit<CountrySelectParams, 'countries'>;
}

/** `&quot;` back to `"` (WooCommerce's address script does the same before parsing). */
const unquote = (json: string): string => json.replace(/&quot;/g, '"');

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(unquote(text)) as unknown;
  } catch {
    throw new Error(`${what} is not JSON`);
  }
}

const emptyToMap = <T>(value: Record<string, T> | []): Record<string, T> =>
  Array.isArray(value) ? {} : value;

/**
 * Reads the two printed objects. Throws an `Error` naming what is wrong when either cannot be
 * used (not an object, not JSON, no `default` rules); the caller keeps the server's markup then.
 */
export function readAddressRules(i18nParams: unknown, countrySelectParams: unknown): AddressRules {
  const i18n = z.safeParse(I18nParamsSchema, i18nParams);
  if (!i18n.success) throw new Error('wc_address_i18n_params: not the printed shape');
  const select = z.safeParse(CountrySelectParamsSchema, countrySelectParams);
  if (!select.success) throw new Error('wc_country_select_params: not the printed shape');

  const locale = z.safeParse(LocaleSchema, parseJson(i18n.data.locale, 'wc_address_i18n_params.locale'));
  if (!locale.success) throw new Error('wc_address_i18n_params.locale: not a map of field rules');
  const byCountry = Object.fromEntries(
    Object.entries(locale.data).map(([country, rules]) => [country, emptyToMap(rules)]),
  );
  const defaults = byCountry.default;
  if (!defaults) throw new Error('wc_address_i18n_params.locale: no default rules');

  const states = z.safeParse(
    StatesSchema,
    parseJson(select.data.countries, 'wc_country_select_params.countries'),
  );
  if (!states.success) throw new Error('wc_country_select_params.countries: not a map of state lists');

  let localeFields: Record<string, string> = {};
  if (i18n.data.locale_fields !== undefined) {
    const fields = z.safeParse(
      z.record(z.string(), z.string()),
      parseJson(i18n.data.locale_fields, 'wc_address_i18n_params.locale_fields'),
    );
    if (fields.success) localeFields = fields.data;
  }

  const { countries: _countries, ...messages } = select.data;
  return {
    locale: { ...byCountry, default: defaults },
    states: Object.fromEntries(
      Object.entries(states.data).map(([country, list]) => [country, emptyToMap(list)]),
    ),
    localeFields,
    optionalText: i18n.data.i18n_optional_text ?? 'optional',
    requiredText: i18n.data.i18n_required_text ?? 'required',
    messages,
  };
}

/**
 * The props field carrying WooCommerce's two printed objects (`{ i18n, countrySelect }`), as the
 * checkout and the shipping calculator receive them: refused unless {@link readAddressRules} can
 * read them.
 */
export const AddressParamsSchema = z
  .object({
    /** `wc_address_i18n_params`: the per-country field rules (`locale`, a JSON string). */
    i18n: z.unknown(),
    /** `wc_country_select_params`: the state lists (`countries`, a JSON string) and the pickers' words. */
    countrySelect: z.unknown(),
  })
  .check(
    z.refine((value) => {
      try {
        readAddressRules(value.i18n, value.countrySelect);
        return true;
      } catch {
        return false;
      }
    }, "must be WooCommerce's wc_address_i18n_params and wc_country_select_params"),
  );
