/**
 * The variation form's rules (storefront.md §4 "Variation selection", "Quantity for the chosen
 * variation"; §5 "Variation matching"): which variations a selection matches, which values each
 * select still offers, clearing chosen values that became invalid, availability and quantity.
 * No React, no DOM, no fetch.
 *
 * The behaviour is WooCommerce's add-to-cart-variation.js (`isMatch`, `findMatchingVariations`,
 * `onUpdateAttributes`, `onFoundVariation`); the notes below say where it is followed to the letter.
 * `VariationIndex` gives the same answers as the straightforward scan (`naiveMatch`, `naiveOptions`,
 * kept as the oracle of the tests and the baseline of `npm run bench`) but answers a change in time
 * proportional to the matching variations instead of variations × options (bitsets, see below).
 */

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
function chosenValue(selection: Selection, name: string): string {
  if (!Object.hasOwn(selection, name)) return '';
  const value: unknown = selection[name];
  return typeof value === 'string' ? value : '';
}

/** A copy of `selection` with `name` set to '' (defineProperty: safe for any key, even '__proto__'). */
function withCleared(selection: Selection, name: string): Selection {
  const copy: Selection = { ...selection };
  Object.defineProperty(copy, name, { value: '', enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A variation's value for `name`; a missing key, or a value that is not a string, counts as "any". */
function variationValue(attributes: Record<string, string>, name: string): string {
  const value: unknown = attributes[name];
  return typeof value === 'string' ? value : '';
}

/** A variation's attributes; malformed data (no object) counts as no attributes. */
function attributesOf(variation: VariationLike): Record<string, string> {
  const attributes: unknown = variation.attributes;
  return typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, string>) : {};
}

/**
 * Whether a variation is active. WooCommerce prints `variation_is_active` for every variation (the
 * contract's schema defaults it to true); a variation without the flag counts as active.
 */
const isActive = (variation: VariationLike): boolean => variation.variation_is_active !== false;

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
function offeredValues(options: readonly string[]): string[] {
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
export function isSelectionComplete(attributes: AttributeDef[], selection: Selection): boolean {
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

// ---------------------------------------------------------------------------------------------------
// The index.
//
// Variations are numbered 0..N-1 in data order; a set of variations is a bitset of ceil(N/32) words.
// Per attribute name found in the data (a column) the index numbers the distinct values and keeps,
// per variation, its value number (or "any" / "no key"), and per value the variations carrying it
// (one sorted Int32Array for the whole column, sliced by offsets). A chosen value s of attribute X
// admits wildcard(X) | carrying(X, s); a selection's matches are the AND over its chosen
// attributes. For a select A, the variations matching the selection with A cleared are the AND over
// the other chosen attributes; their set bits are then walked once, each variation's option number
// for A (precomputed) marking its option compatible and, when it is active, enabled. The walk stops
// as soon as every option is enabled, so an unrestrictive selection costs a few words and a
// restrictive one only its (few) matches: per change O(attributes² × N/32 + matches), against
// O(attributes × options × N × attributes) for the scan. Memory: O(attributes × N).

/** `codes` value of a variation whose value for the select is '' (any): it offers every option. */
const OFFERS_ALL = -1;
/** `codes` value of a variation that offers nothing for the select (no key, or an unknown value). */
const OFFERS_NONE = -2;

/** A column's value number for a variation with '' (or a non-string) for the attribute. */
const VALUE_ANY = -1;
/** A column's value number for a variation without the attribute key. */
const VALUE_MISSING = -2;

interface Column {
  /** value → its number. */
  numbers: Map<string, number>;
  /** The values, by number. */
  values: string[];
  /** Per variation: its value number, VALUE_ANY or VALUE_MISSING. */
  valueOf: Int32Array;
  /** Value number n is carried by postings[offsets[n] .. offsets[n + 1]) (variation indices, ascending). */
  offsets: Int32Array;
  postings: Int32Array;
  /** Variations matching any value for this attribute: '' or no such key. */
  wildcard: Uint32Array;
}

interface SelectIndex {
  name: string;
  /** The offered values, in the select's order. */
  values: string[];
  /** Per variation: the index into `values` it offers, or OFFERS_ALL / OFFERS_NONE. */
  codes: Int32Array;
}

/** Calls `visit(index)` for every set bit in ascending order until it returns true; returns whether it did. */
function someBit(bits: Uint32Array, visit: (index: number) => boolean): boolean {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      if (visit((w << 5) | (31 - Math.clz32(lowest)))) return true;
      word ^= lowest;
    }
  }
  return false;
}

/** Numbers the values of every attribute name found in the variations' data. */
function buildColumns(
  attributeSets: readonly Record<string, string>[],
  all: Uint32Array,
): Map<string, Column> {
  const count = attributeSets.length;
  const building = new Map<
    string,
    { numbers: Map<string, number>; values: string[]; valueOf: Int32Array; sizes: number[] }
  >();
  for (let i = 0; i < count; i += 1) {
    const variationAttributes = attributeSets[i]!;
    for (const name of Object.keys(variationAttributes)) {
      let column = building.get(name);
      if (!column) {
        column = {
          numbers: new Map(),
          values: [],
          valueOf: new Int32Array(count).fill(VALUE_MISSING),
          sizes: [],
        };
        building.set(name, column);
      }
      const value = variationValue(variationAttributes, name);
      if (value === '') {
        column.valueOf[i] = VALUE_ANY;
        continue;
      }
      let number = column.numbers.get(value);
      if (number === undefined) {
        number = column.values.length;
        column.numbers.set(value, number);
        column.values.push(value);
        column.sizes.push(0);
      }
      column.valueOf[i] = number;
      column.sizes[number]! += 1;
    }
  }
  const columns = new Map<string, Column>();
  for (const [name, { numbers, values, valueOf, sizes }] of building) {
    const offsets = new Int32Array(values.length + 1);
    for (let n = 0; n < values.length; n += 1) offsets[n + 1] = offsets[n]! + sizes[n]!;
    const fill = offsets.slice(0, values.length);
    const postings = new Int32Array(offsets[values.length]!);
    const wildcard = all.slice();
    for (let i = 0; i < count; i += 1) {
      const number = valueOf[i]!;
      if (number < 0) continue;
      postings[fill[number]!] = i;
      fill[number]! += 1;
      wildcard[i >>> 5]! &= ~(1 << (i & 31));
    }
    columns.set(name, { numbers, values, valueOf, offsets, postings, wildcard });
  }
  return columns;
}

/** Per variation, the option of `values` it offers (entities decoded, as WooCommerce compares them). */
function selectCodes(column: Column | undefined, values: readonly string[], count: number): Int32Array {
  const codes = new Int32Array(count).fill(OFFERS_NONE);
  if (!column) return codes;
  const position = new Map(values.map((value, index) => [value, index]));
  const optionOf = column.values.map((value) => position.get(decodeEntities(value)) ?? OFFERS_NONE);
  for (let i = 0; i < count; i += 1) {
    const number = column.valueOf[i]!;
    codes[i] = number >= 0 ? optionOf[number]! : number === VALUE_ANY ? OFFERS_ALL : OFFERS_NONE;
  }
  return codes;
}

export class VariationIndex<V extends VariationLike> {
  /** The selects, with their options as offered (no placeholder, no repeats). */
  readonly attributes: readonly AttributeDef[];
  readonly variations: readonly V[];
  /** Every variation. */
  private readonly all: Uint32Array;
  /** 1 for an active variation, per index. */
  private readonly active: Uint8Array;
  /** One per attribute name found in the data; a select no variation names constrains nothing. */
  private readonly columns: Map<string, Column>;
  private readonly selects: SelectIndex[];

  constructor(attributes: AttributeDef[], variations: readonly V[]) {
    const count = variations.length;
    this.variations = variations;
    this.all = new Uint32Array(Math.ceil(count / 32));
    this.active = new Uint8Array(count);
    for (let i = 0; i < count; i += 1) {
      this.all[i >>> 5]! |= 1 << (i & 31);
      this.active[i] = isActive(variations[i]!) ? 1 : 0;
    }

    // A select named twice is indexed once, at its first place.
    const byName = new Map<string, AttributeDef>();
    for (const attribute of attributes) {
      if (!byName.has(attribute.name)) {
        byName.set(attribute.name, { name: attribute.name, options: offeredValues(attribute.options) });
      }
    }
    this.attributes = [...byName.values()];

    this.columns = buildColumns(variations.map(attributesOf), this.all);
    this.selects = this.attributes.map((attribute) => ({
      name: attribute.name,
      values: attribute.options,
      codes: selectCodes(this.columns.get(attribute.name), attribute.options, count),
    }));
  }

  /** The variations admitted by one chosen value: those carrying it and those taking any value. */
  private admitted(column: Column, value: string): Uint32Array {
    const bits = column.wildcard.slice();
    const number = column.numbers.get(value);
    if (number !== undefined) {
      const { postings } = column;
      for (let k = column.offsets[number]!, end = column.offsets[number + 1]!; k < end; k += 1) {
        bits[postings[k]! >>> 5]! |= 1 << (postings[k]! & 31);
      }
    }
    return bits;
  }

  /** The chosen attributes that constrain anything, each with the variations it admits. */
  private constraints(selection: Selection): { name: string; bits: Uint32Array }[] {
    const out: { name: string; bits: Uint32Array }[] = [];
    for (const [name, column] of this.columns) {
      const value = chosenValue(selection, name);
      if (value !== '') out.push({ name, bits: this.admitted(column, value) });
    }
    return out;
  }

  /** AND of the constraints, leaving out the one named `except`. */
  private intersect(
    constraints: readonly { name: string; bits: Uint32Array }[],
    except?: string,
  ): Uint32Array {
    const result = this.all.slice();
    for (const { name, bits } of constraints) {
      if (name === except) continue;
      for (let w = 0; w < result.length; w += 1) result[w]! &= bits[w]!;
    }
    return result;
  }

  /** All matching variations, in data order. */
  match(selection: Selection): V[] {
    const matches: V[] = [];
    someBit(this.intersect(this.constraints(selection)), (i) => {
      matches.push(this.variations[i]!);
      return false;
    });
    return matches;
  }

  /** The first matching variation (the one WooCommerce picks), or null. */
  first(selection: Selection): V | null {
    let found: V | null = null;
    someBit(this.intersect(this.constraints(selection)), (i) => {
      found = this.variations[i]!;
      return true;
    });
    return found;
  }

  /** Per select, in attribute order: the values compatible with the other choices (see naiveOptions). */
  options(selection: Selection): AttributeOptions[] {
    const constraints = this.constraints(selection);
    return this.selects.map((select) => {
      const candidates = this.intersect(constraints, select.name);
      const size = select.values.length;
      // 0 = not offered, 1 = offered by inactive variations only, 2 = offered by an active one.
      const state = new Uint8Array(size);
      let enabledCount = 0;
      let allOffered = false;
      let allEnabled = false;
      const { codes } = select;
      someBit(candidates, (i) => {
        const code = codes[i]!;
        if (code === OFFERS_NONE) return false;
        const active = this.active[i] === 1;
        if (code === OFFERS_ALL) {
          allOffered = true;
          if (active) allEnabled = true;
          return allEnabled;
        }
        if (active) {
          if (state[code] !== 2) {
            state[code] = 2;
            enabledCount += 1;
          }
        } else if (state[code] === 0) state[code] = 1;
        return enabledCount === size;
      });
      const options: AttributeOptions['options'] = [];
      select.values.forEach((value, k) => {
        if (allEnabled || state[k] === 2) options.push({ value, state: 'enabled' });
        else if (allOffered || state[k] === 1) options.push({ value, state: 'disabled' });
      });
      return { name: select.name, options };
    });
  }
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
