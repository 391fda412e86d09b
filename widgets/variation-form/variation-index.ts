/**
 * The variation index (see matching.ts for the rules): the same answers as `naiveMatch` and
 * `naiveOptions`, in time proportional to the matching variations. No React, no DOM, no fetch.
 */
import {
  attributesOf,
  chosenValue,
  decodeEntities,
  isActive,
  offeredValues,
  variationValue,
  type AttributeDef,
  type AttributeOptions,
  type Selection,
  type VariationLike,
} from './matching';

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
