/**
 * The variation form's rules (storefront.md §4 "Variation selection", "Quantity for the chosen
 * variation"; §5 "Variation matching"): which variations a selection matches, which values each
 * select still offers, clearing chosen values that became invalid, availability and quantity.
 * No React, no DOM, no fetch.
 *
 * The behaviour is WooCommerce's add-to-cart-variation.js (`isMatch`, `findMatchingVariations`,
 * `onUpdateAttributes`, `onFoundVariation`); the notes below say where it is followed to the letter.
 * `VariationIndex` (variation-index.ts) gives the same answers as the straightforward scan here
 * (`naiveMatch`, `naiveOptions`, kept as the oracle of the tests and the baseline of `npm run bench`)
 * but answers a change in time proportional to the matching variations instead of variations × options.
 */
import type { VariationIndex } from './variation-index';

/** attribute field name (e.g. 'attribute_pa_size') → chosen value; '' = not chosen */
export type Selection = Record<string, string>;

export interface VariationLike {
  variation_id: number;
  /** attribute field name → value; '' means "any" (§3 Variation). */
  attributes: Record<string, string>;
  variation_is_active?: boolean;
  variation_is_visible?: boolean;
  is_purchasable?: boolean;
  is_in_stock?: boolean;
  is_sold_individually?: 'yes' | 'no';
  min_qty?: number | '' | null;
  max_qty?: number | '' | null;
}

/** One select: its field name and its option values in the select's order, without the '' placeholder. */
export interface AttributeDef {
  name: string;
  options: string[];
}

/** 'disabled': only inactive variations (`variation_is_active: false`) carry the value. */
export type OptionState = 'enabled' | 'disabled';

/** The values a select offers for a selection, in the select's order; incompatible values are omitted. */
export interface AttributeOptions {
  name: string;
  options: { value: string; state: OptionState }[];
}

// ---------------------------------------------------------------------------------------------------
// Small helpers shared by the straightforward and the indexed implementation (same rules, same answers).

/** A selection's value for `name`: own string properties only; anything else counts as not chosen. */
export function chosenValue(selection: Selection, name: string): string {
  if (!Object.hasOwn(selection, name)) return '';
  const value: unknown = selection[name];
  return typeof value === 'string' ? value : '';
}

/** A copy of `selection` with `name` set to '' (defineProperty: safe for any key, even '__proto__'). */
export function withCleared(selection: Selection, name: string): Selection {
  const copy: Selection = { ...selection };
  Object.defineProperty(copy, name, { value: '', enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A variation's value for `name`; a missing key, or a value that is not a string, counts as "any". */
export function variationValue(attributes: Record<string, string>, name: string): string {
  const value: unknown = attributes[name];
  return typeof value === 'string' ? value : '';
}

/** A variation's attributes; malformed data (no object) counts as no attributes. */
export function attributesOf(variation: VariationLike): Record<string, string> {
  const attributes: unknown = variation.attributes;
  return typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, string>) : {};
}

/**
 * Whether a variation is active. WooCommerce prints `variation_is_active` for every variation (the
 * contract's schema defaults it to true); a variation without the flag counts as active.
 */
export const isActive = (variation: VariationLike): boolean => variation.variation_is_active !== false;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Decodes the HTML entities WooCommerce's attribute values may carry (`&amp;`, `&#039;`, `&#x2F;`…).
 * add-to-cart-variation.js decodes a variation's value (`$('<div/>').html(value).text()`) before
 * comparing it with the select's option values, which the browser has already decoded; matching
 * itself (`isMatch`) compares the raw values. Only the entities WordPress's escaping produces are
 * known (numeric ones, amp, lt, gt, quot, apos, nbsp); any other text is left as it is.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    },
  );
}

/**
 * The select's option values as offered: without the '' placeholder and without repeats. A repeated
 * value is kept once, at its first place (WooCommerce marks only the first option with a value).
 */
export function offeredValues(options: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of options) {
    if (typeof value !== 'string' || value === '' || seen.has(value)) continue;
    seen.add(value);
    out.push(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The rules, straightforwardly.

/**
 * §5: a variation matches when every attribute that both the variation and the selection set to a
 * non-empty value is equal; an empty value on either side matches anything. Like WooCommerce's
 * `isMatch`, only the variation's attributes are looked at: a selection key no variation has is ignored.
 */
export function variationMatches(variationAttributes: Record<string, string>, selection: Selection): boolean {
  for (const name of Object.keys(variationAttributes)) {
    const own = variationValue(variationAttributes, name);
    if (own === '') continue;
    const wanted = chosenValue(selection, name);
    if (wanted !== '' && wanted !== own) return false;
  }
  return true;
}

/** Every attribute has a non-empty value (WooCommerce: `count && count === chosenCount`). */
export function isSelectionComplete(attributes: readonly AttributeDef[], selection: Selection): boolean {
  return (
    attributes.length > 0 && attributes.every((attribute) => chosenValue(selection, attribute.name) !== '')
  );
}

/** The straightforward match: every variation checked against the selection. */
export function naiveMatch<V extends VariationLike>(variations: readonly V[], selection: Selection): V[] {
  return variations.filter((variation) => variationMatches(attributesOf(variation), selection));
}

/**
 * The straightforward §4/§5 option filter (scan every variation for every option). For each
 * attribute A, the selection with A cleared is matched; a value of A is compatible when a matching
 * variation carries it, or carries '' (any) for A, and enabled when one of those is active.
 * As in WooCommerce's `onUpdateAttributes`: a variation's value is compared with the options after
 * decoding entities; only a variation that has A among its attribute keys offers values for A; a
 * variation's value that is not among the select's options adds nothing (the select cannot show it).
 */
export function naiveOptions(
  attributes: AttributeDef[],
  variations: readonly VariationLike[],
  selection: Selection,
): AttributeOptions[] {
  return attributes.map((attribute) => {
    const others = withCleared(selection, attribute.name);
    const options: AttributeOptions['options'] = [];
    for (const value of offeredValues(attribute.options)) {
      let compatible = false;
      let enabled = false;
      for (const variation of variations) {
        const variationAttributes = attributesOf(variation);
        if (!Object.hasOwn(variationAttributes, attribute.name)) continue;
        const own = variationValue(variationAttributes, attribute.name);
        if (own !== '' && decodeEntities(own) !== value) continue;
        if (!variationMatches(variationAttributes, others)) continue;
        compatible = true;
        if (isActive(variation)) {
          enabled = true;
          break;
        }
      }
      if (compatible) options.push({ value, state: enabled ? 'enabled' : 'disabled' });
    }
    return { name: attribute.name, options };
  });
}

export interface SanitizeOptions {
  /**
   * Keep a chosen value that is still listed but disabled (only inactive variations carry it).
   * Default false: WooCommerce keeps a chosen value only when its option is attached AND enabled
   * (`option.attached.enabled` in `onUpdateAttributes`), otherwise it resets the select.
   */
  keepDisabled?: boolean;
}

/**
 * Clear chosen values no longer offered given the others; repeat until stable. Returns the new
 * selection and the names cleared (in attribute order). Keys that are not selects are left
 * untouched, and the argument is not changed.
 *
 * Which value goes when choices conflict? WooCommerce does not say: its selects can only hold their
 * own options and the shopper can only pick offered values, so conflicts come only from defaults or
 * a shared URL. Here the earlier select wins: the chosen values are put back one at a time in
 * attribute order, each kept only if every value kept so far is still offered with it. The result
 * is stable (sanitizing it again clears nothing) and keeps as much as it can: putting back any
 * cleared value would make it invalid (a value no variation offers never constrains the others).
 */
export function sanitizeSelection<V extends VariationLike>(
  index: VariationIndex<V>,
  selection: Selection,
  settings: SanitizeOptions = {},
): { selection: Selection; cleared: string[] } {
  const isStable = (candidate: Selection): boolean => {
    const lists = index.options(candidate);
    return index.attributes.every((attribute, k) => {
      const value = chosenValue(candidate, attribute.name);
      if (value === '') return true;
      const option = lists[k]!.options.find((o) => o.value === value);
      return option !== undefined && (option.state === 'enabled' || settings.keepDisabled === true);
    });
  };
  let kept: Selection = { ...selection };
  for (const attribute of index.attributes)
    if (chosenValue(kept, attribute.name) !== '') kept = withCleared(kept, attribute.name);
  const cleared: string[] = [];
  for (const attribute of index.attributes) {
    const value = chosenValue(selection, attribute.name);
    if (value === '') continue;
    const candidate: Selection = { ...kept };
    Object.defineProperty(candidate, attribute.name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (isStable(candidate)) kept = candidate;
    else cleared.push(attribute.name);
  }
  let result: Selection = { ...selection };
  for (const name of cleared) result = withCleared(result, name);
  return { selection: result, cleared };
}

export type Availability = 'purchasable' | 'unavailable';

/**
 * §4: add-to-cart is enabled only if the variation is purchasable, in stock and visible (WooCommerce's
 * `onFoundVariation` tests the three flags for truthiness: a missing flag makes it unavailable).
 */
export function availabilityOf(variation: VariationLike): Availability {
  return variation.is_purchasable === true &&
    variation.is_in_stock === true &&
    variation.variation_is_visible === true
    ? 'purchasable'
    : 'unavailable';
}

/** A finite number from a limit as printed ('' / null / junk → null). */
function limitOf(raw: unknown): number | null {
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

/**
 * §4 "Quantity for the chosen variation", as WooCommerce's `onFoundVariation`:
 * - sold individually: 1, and the field hidden;
 * - otherwise the typed value (parsed like `parseFloat`) clamped to max_qty, then raised to min_qty
 *   (so min wins when a bad max is below it); empty or not a number → min_qty.
 * Guards WooCommerce leaves to the browser: min_qty missing, '' or below 1 → 1 (a variable product's
 * minimum purchase quantity); max_qty '' / null / not above 0 → no maximum (WooCommerce prints '' for
 * "unlimited"); limits and values are whole numbers (a fraction is truncated, as `wc_stock_amount()`
 * does on the server; a fractional min is rounded up, a fractional max down); a max below min is
 * raised to min; an infinite typed value is not a number.
 * Without a variation the same rules apply with min 1 and no max.
 */
export function quantityFor(
  variation: VariationLike | null,
  raw: string,
): { value: number; hidden: boolean; min: number; max: number | null } {
  if (variation?.is_sold_individually === 'yes') return { value: 1, hidden: true, min: 1, max: 1 };
  const minLimit = limitOf(variation?.min_qty);
  const min = minLimit !== null && minLimit >= 1 ? Math.ceil(minLimit) : 1;
  const maxLimit = limitOf(variation?.max_qty);
  const max = maxLimit !== null && maxLimit > 0 ? Math.max(min, Math.floor(maxLimit)) : null;
  const typed = Number.parseFloat(String(raw ?? '').trim());
  if (!Number.isFinite(typed)) return { value: min, hidden: false, min, max };
  let value = Math.trunc(typed);
  if (max !== null && value > max) value = max;
  if (value < min) value = min;
  return { value, hidden: false, min, max };
}
