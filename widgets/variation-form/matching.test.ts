import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  decodeEntities,
  isSelectionComplete,
  naiveMatch,
  naiveOptions,
  quantityFor,
  sanitizeSelection,
  variationMatches,
  type AttributeDef,
  type AttributeOptions,
  type Selection,
  type VariationLike,
} from './matching';
import { VariationIndex } from './variation-index';

// ------------------------------------------------------------------------------------------------
// Fixtures

/** The recorded `data-product_variations` of the demo's variable product (UK 1-3 × Black/Blue). */
const SAMPLE: VariationLike[] = JSON.parse(
  readFileSync(
    join(
      import.meta.dirname,
      '../../../shared/woocommerce-samples/params/product-variable.data-product_variations.json',
    ),
    'utf8',
  ),
) as VariationLike[];
const SAMPLE_ATTRIBUTES: AttributeDef[] = [
  { name: 'attribute_pa_size', options: ['uk-1', 'uk-2', 'uk-3'] },
  { name: 'attribute_colour', options: ['Black', 'Blue'] },
];

let nextId = 1000;
function variation(attributes: Record<string, string>, extra: Partial<VariationLike> = {}): VariationLike {
  nextId += 1;
  return {
    variation_id: nextId,
    attributes,
    variation_is_active: true,
    variation_is_visible: true,
    is_purchasable: true,
    is_in_stock: true,
    ...extra,
  };
}

const ids = (list: readonly VariationLike[]): number[] => list.map((v) => v.variation_id);

/** `{ name: 'value:state …' }` for compact assertions. */
function summary(lists: AttributeOptions[]): Record<string, string> {
  return Object.fromEntries(
    lists.map((list) => [
      list.name,
      list.options.map((o) => `${o.value}${o.state === 'disabled' ? '!' : ''}`).join(' '),
    ]),
  );
}

/** Both implementations, checked against each other on every call. */
function optionsOf(attributes: AttributeDef[], variations: VariationLike[], selection: Selection) {
  const indexed = new VariationIndex(attributes, variations).options(selection);
  expect(indexed).toEqual(naiveOptions(attributes, variations, selection));
  return summary(indexed);
}
function matchOf(attributes: AttributeDef[], variations: VariationLike[], selection: Selection): number[] {
  const indexed = new VariationIndex(attributes, variations).match(selection);
  expect(indexed).toEqual(naiveMatch(variations, selection));
  return ids(indexed);
}

const SIZE = 'attribute_pa_size';
const COLOUR = 'attribute_colour';

// ------------------------------------------------------------------------------------------------

describe('variationMatches (§5)', () => {
  const attrs = { [SIZE]: 'uk-2', [COLOUR]: 'Blue' };

  it('matches when every attribute set on both sides is equal', () => {
    expect(variationMatches(attrs, { [SIZE]: 'uk-2', [COLOUR]: 'Blue' })).toBe(true);
    expect(variationMatches(attrs, { [SIZE]: 'uk-2', [COLOUR]: 'Black' })).toBe(false);
  });

  it("treats '' on the selection side as anything (partial selections)", () => {
    expect(variationMatches(attrs, { [SIZE]: '', [COLOUR]: 'Blue' })).toBe(true);
    expect(variationMatches(attrs, { [SIZE]: '', [COLOUR]: '' })).toBe(true);
    expect(variationMatches(attrs, {})).toBe(true);
  });

  it("treats '' on the variation side as anything ('any' variations)", () => {
    expect(variationMatches({ [SIZE]: '', [COLOUR]: 'Blue' }, { [SIZE]: 'uk-3', [COLOUR]: 'Blue' })).toBe(
      true,
    );
    expect(variationMatches({ [SIZE]: '', [COLOUR]: 'Blue' }, { [SIZE]: 'uk-3', [COLOUR]: 'Black' })).toBe(
      false,
    );
    expect(variationMatches({ [SIZE]: '', [COLOUR]: '' }, { [SIZE]: 'x', [COLOUR]: 'y' })).toBe(true);
  });

  it('ignores selection keys the variation does not have (unknown attribute names)', () => {
    expect(variationMatches(attrs, { [SIZE]: 'uk-2', attribute_pa_width: 'wide' })).toBe(true);
    expect(variationMatches({}, { [SIZE]: 'uk-2' })).toBe(true);
  });

  it('compares values exactly: case, spaces and unicode matter', () => {
    expect(variationMatches({ [COLOUR]: 'Blue' }, { [COLOUR]: 'blue' })).toBe(false);
    expect(variationMatches({ [COLOUR]: 'Blue' }, { [COLOUR]: 'Blue ' })).toBe(false);
    expect(variationMatches({ [COLOUR]: 'Navy Blue' }, { [COLOUR]: 'Navy Blue' })).toBe(true);
    expect(variationMatches({ attribute_groesse: 'Größe XL' }, { attribute_groesse: 'Größe XL' })).toBe(true);
    expect(variationMatches({ attribute_groesse: 'Größe XL' }, { attribute_groesse: 'Grösse XL' })).toBe(
      false,
    );
  });

  it('reads only own properties of the selection', () => {
    expect(variationMatches({ constructor: 'x', toString: 'y' }, {})).toBe(true);
  });
});

describe('isSelectionComplete', () => {
  it('needs a non-empty value for every attribute', () => {
    expect(isSelectionComplete(SAMPLE_ATTRIBUTES, {})).toBe(false);
    expect(isSelectionComplete(SAMPLE_ATTRIBUTES, { [SIZE]: 'uk-1' })).toBe(false);
    expect(isSelectionComplete(SAMPLE_ATTRIBUTES, { [SIZE]: 'uk-1', [COLOUR]: '' })).toBe(false);
    expect(isSelectionComplete(SAMPLE_ATTRIBUTES, { [SIZE]: 'uk-1', [COLOUR]: 'Blue' })).toBe(true);
  });
  it('does not count unknown attribute names', () => {
    expect(isSelectionComplete(SAMPLE_ATTRIBUTES, { [SIZE]: 'uk-1', attribute_other: 'x' })).toBe(false);
  });
  it('is never complete without attributes (WooCommerce: count && count === chosenCount)', () => {
    expect(isSelectionComplete([], {})).toBe(false);
  });
});

describe('the recorded product (UK 1-3 × Black/Blue)', () => {
  it('offers every value while nothing is chosen', () => {
    expect(optionsOf(SAMPLE_ATTRIBUTES, SAMPLE, {})).toEqual({
      [SIZE]: 'uk-1 uk-2 uk-3',
      [COLOUR]: 'Black Blue',
    });
    expect(matchOf(SAMPLE_ATTRIBUTES, SAMPLE, {})).toEqual([19, 20, 21, 22, 23, 24]);
  });

  it('narrows the matches with a partial selection, in data order', () => {
    expect(matchOf(SAMPLE_ATTRIBUTES, SAMPLE, { [SIZE]: 'uk-2' })).toEqual([21, 22]);
    expect(matchOf(SAMPLE_ATTRIBUTES, SAMPLE, { [COLOUR]: 'Blue' })).toEqual([20, 22, 24]);
  });

  it('finds exactly one variation for a complete selection', () => {
    expect(matchOf(SAMPLE_ATTRIBUTES, SAMPLE, { [SIZE]: 'uk-2', [COLOUR]: 'Blue' })).toEqual([22]);
    const index = new VariationIndex(SAMPLE_ATTRIBUTES, SAMPLE);
    expect(index.first({ [SIZE]: 'uk-3', [COLOUR]: 'Blue' })?.variation_id).toBe(24);
  });

  it('has an out-of-stock but active variation: listed enabled, yet unavailable', () => {
    expect(optionsOf(SAMPLE_ATTRIBUTES, SAMPLE, { [SIZE]: 'uk-3' })[COLOUR]).toBe('Black Blue');
    const uk3Blue = SAMPLE.find((v) => v.variation_id === 24)!;
    expect(availabilityOf(uk3Blue)).toBe('unavailable');
    expect(availabilityOf(SAMPLE.find((v) => v.variation_id === 22)!)).toBe('purchasable');
  });

  it("gives the default quantity of WooCommerce's limits (min 1, no max)", () => {
    const uk1Black = SAMPLE[0]!;
    expect(quantityFor(uk1Black, '')).toEqual({ value: 1, hidden: false, min: 1, max: null });
    expect(quantityFor(uk1Black, '12')).toEqual({ value: 12, hidden: false, min: 1, max: null });
  });

  it('matches nothing for a value the product does not have', () => {
    expect(matchOf(SAMPLE_ATTRIBUTES, SAMPLE, { [SIZE]: 'uk-4', [COLOUR]: 'Blue' })).toEqual([]);
  });
});

describe('option lists', () => {
  const attributes: AttributeDef[] = [
    { name: SIZE, options: ['s', 'm', 'l'] },
    { name: COLOUR, options: ['Red', 'Blue', 'Green'] },
  ];

  it('omits values incompatible with the other choices and keeps the select order', () => {
    const variations = [
      variation({ [SIZE]: 'l', [COLOUR]: 'Green' }),
      variation({ [SIZE]: 's', [COLOUR]: 'Red' }),
      variation({ [SIZE]: 's', [COLOUR]: 'Blue' }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Blue' }),
    ];
    expect(optionsOf(attributes, variations, { [SIZE]: 's' })).toEqual({
      // A select's own choice does not filter its own list.
      [SIZE]: 's m l',
      [COLOUR]: 'Red Blue',
    });
    expect(optionsOf(attributes, variations, { [COLOUR]: 'Blue' })).toEqual({
      [SIZE]: 's m',
      [COLOUR]: 'Red Blue Green',
    });
    expect(optionsOf(attributes, variations, { [SIZE]: 'l', [COLOUR]: 'Green' })).toEqual({
      [SIZE]: 'l',
      [COLOUR]: 'Green',
    });
  });

  it("offers every value of an attribute a matching variation has as '' (any)", () => {
    const variations = [
      variation({ [SIZE]: 's', [COLOUR]: '' }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Red' }),
    ];
    expect(optionsOf(attributes, variations, {})).toEqual({ [SIZE]: 's m', [COLOUR]: 'Red Blue Green' });
    expect(optionsOf(attributes, variations, { [SIZE]: 's' })[COLOUR]).toBe('Red Blue Green');
    expect(optionsOf(attributes, variations, { [SIZE]: 'm' })[COLOUR]).toBe('Red');
    // 'any' on the variation side: any colour chosen still matches the s variation.
    expect(matchOf(attributes, variations, { [SIZE]: 's', [COLOUR]: 'Green' })).toHaveLength(1);
    expect(matchOf(attributes, variations, { [COLOUR]: 'Red' })).toHaveLength(2);
  });

  it("offers every size when an 'any'-size variation carries the chosen colour", () => {
    const variations = [
      variation({ [SIZE]: '', [COLOUR]: 'Blue' }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Red' }),
    ];
    expect(optionsOf(attributes, variations, { [COLOUR]: 'Blue' })[SIZE]).toBe('s m l');
    expect(optionsOf(attributes, variations, { [COLOUR]: 'Red' })[SIZE]).toBe('m');
  });

  it('lists values only inactive variations carry, but disabled', () => {
    const variations = [
      variation({ [SIZE]: 's', [COLOUR]: 'Red' }),
      variation({ [SIZE]: 's', [COLOUR]: 'Blue' }, { variation_is_active: false }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Blue' }, { variation_is_active: false }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Blue' }),
    ];
    expect(optionsOf(attributes, variations, { [SIZE]: 's' })[COLOUR]).toBe('Red Blue!');
    // One active variation is enough to enable the value.
    expect(optionsOf(attributes, variations, { [SIZE]: 'm' })[COLOUR]).toBe('Blue');
    expect(optionsOf(attributes, variations, {})[COLOUR]).toBe('Red Blue');
    // Inactive variations still match (the form then shows them as unavailable or clears the value).
    expect(matchOf(attributes, variations, { [SIZE]: 's', [COLOUR]: 'Blue' })).toHaveLength(1);
  });

  it("disables every value offered only by an inactive 'any' variation", () => {
    const variations = [
      variation({ [SIZE]: 's', [COLOUR]: '' }, { variation_is_active: false }),
      variation({ [SIZE]: 's', [COLOUR]: 'Red' }),
    ];
    expect(optionsOf(attributes, variations, { [SIZE]: 's' })[COLOUR]).toBe('Red Blue! Green!');
  });

  it('counts a variation without the active flag as active', () => {
    const variations = [{ variation_id: 1, attributes: { [SIZE]: 's', [COLOUR]: 'Red' } }];
    expect(optionsOf(attributes, variations, {})).toEqual({ [SIZE]: 's', [COLOUR]: 'Red' });
  });

  it('never lists a value the select does not have, though it still matches', () => {
    const variations = [
      variation({ [SIZE]: 'xxl', [COLOUR]: 'Red' }),
      variation({ [SIZE]: 's', [COLOUR]: 'Blue' }),
    ];
    expect(optionsOf(attributes, variations, {})).toEqual({ [SIZE]: 's', [COLOUR]: 'Red Blue' });
    expect(matchOf(attributes, variations, { [SIZE]: 'xxl' })).toHaveLength(1);
  });

  it('lists a repeated option value once, at its first place, and ignores a placeholder', () => {
    const repeated: AttributeDef[] = [{ name: SIZE, options: ['', 'm', 's', 'm'] }];
    const variations = [variation({ [SIZE]: 's' }), variation({ [SIZE]: 'm' })];
    expect(optionsOf(repeated, variations, {})).toEqual({ [SIZE]: 'm s' });
    expect(new VariationIndex(repeated, variations).attributes).toEqual([
      { name: SIZE, options: ['m', 's'] },
    ]);
  });

  it('handles values with spaces, case and unicode as distinct exact values', () => {
    const attrs: AttributeDef[] = [
      { name: 'attribute_groesse', options: ['Größe XL', 'größe xl', 'Größe  XL'] },
      { name: COLOUR, options: ['Blue', 'blue', 'Dark Blue'] },
    ];
    const variations = [
      variation({ attribute_groesse: 'Größe XL', [COLOUR]: 'Blue' }),
      variation({ attribute_groesse: 'größe xl', [COLOUR]: 'Dark Blue' }),
    ];
    expect(optionsOf(attrs, variations, { attribute_groesse: 'Größe XL' })[COLOUR]).toBe('Blue');
    expect(optionsOf(attrs, variations, { [COLOUR]: 'Dark Blue' }).attribute_groesse).toBe('größe xl');
    expect(optionsOf(attrs, variations, { [COLOUR]: 'blue' }).attribute_groesse).toBe('');
  });

  it("compares a variation's value with the options after decoding HTML entities, as WooCommerce does", () => {
    const attrs: AttributeDef[] = [{ name: 'attribute_fit', options: ['Slim & Tall', "Men's"] }];
    const variations = [
      variation({ attribute_fit: 'Slim &amp; Tall' }),
      variation({ attribute_fit: 'Men&#039;s' }),
    ];
    expect(optionsOf(attrs, variations, {})).toEqual({ attribute_fit: "Slim & Tall Men's" });
  });

  it('offers nothing from a variation that lacks the attribute key (WooCommerce attaches from its keys)', () => {
    const variations = [variation({ [COLOUR]: 'Red' }), variation({ [SIZE]: 'm', [COLOUR]: 'Blue' })];
    expect(optionsOf(attributes, variations, {})).toEqual({ [SIZE]: 'm', [COLOUR]: 'Red Blue' });
    // …but it matches any size.
    expect(matchOf(attributes, variations, { [SIZE]: 'l' })).toHaveLength(1);
  });

  it('ignores selection keys that are not attributes of any variation', () => {
    const variations = [
      variation({ [SIZE]: 's', [COLOUR]: 'Red' }),
      variation({ [SIZE]: 'm', [COLOUR]: 'Blue' }),
    ];
    expect(optionsOf(attributes, variations, { attribute_unknown: 'x', [SIZE]: 'm' })).toEqual({
      [SIZE]: 's m',
      [COLOUR]: 'Blue',
    });
    expect(matchOf(attributes, variations, { attribute_unknown: 'x' })).toHaveLength(2);
  });

  it('matches only the any-variations for a chosen value nobody carries', () => {
    const variations = [
      variation({ [SIZE]: 's', [COLOUR]: 'Red' }),
      variation({ [SIZE]: '', [COLOUR]: 'Blue' }),
    ];
    expect(matchOf(attributes, variations, { [SIZE]: 'zz' })).toEqual([variations[1]!.variation_id]);
    expect(optionsOf(attributes, variations, { [SIZE]: 'zz' })[COLOUR]).toBe('Blue');
  });

  it('returns empty lists and no match for a product without variations', () => {
    expect(optionsOf(attributes, [], {})).toEqual({ [SIZE]: '', [COLOUR]: '' });
    expect(optionsOf(attributes, [], { [SIZE]: 's' })).toEqual({ [SIZE]: '', [COLOUR]: '' });
    expect(matchOf(attributes, [], {})).toEqual([]);
    expect(new VariationIndex(attributes, []).first({})).toBeNull();
  });

  it('returns no lists for a product without attributes, and matches every variation', () => {
    const variations = [variation({}), variation({})];
    expect(new VariationIndex([], variations).options({})).toEqual([]);
    expect(matchOf([], variations, {})).toHaveLength(2);
  });

  it('keeps duplicate variations: both match, in data order', () => {
    const a = variation({ [SIZE]: 's', [COLOUR]: 'Red' });
    const b = variation({ [SIZE]: 's', [COLOUR]: 'Red' }, { variation_is_active: false });
    expect(matchOf(attributes, [a, b], { [SIZE]: 's', [COLOUR]: 'Red' })).toEqual([
      a.variation_id,
      b.variation_id,
    ]);
    expect(optionsOf(attributes, [a, b], {})).toEqual({ [SIZE]: 's', [COLOUR]: 'Red' });
    expect(new VariationIndex(attributes, [b, a]).first({ [SIZE]: 's' })).toBe(b);
  });

  it('returns an empty list for a select no variation names', () => {
    const attrs: AttributeDef[] = [...attributes, { name: 'attribute_extra', options: ['x'] }];
    const variations = [variation({ [SIZE]: 's', [COLOUR]: 'Red' })];
    expect(optionsOf(attrs, variations, { attribute_extra: 'x' })).toEqual({
      [SIZE]: 's',
      [COLOUR]: 'Red',
      attribute_extra: '',
    });
  });

  it('survives malformed data: no attributes object, non-string values', () => {
    const broken = [
      { variation_id: 1, attributes: null as unknown as Record<string, string> },
      { variation_id: 2, attributes: { [SIZE]: 5 as unknown as string, [COLOUR]: 'Red' } },
    ];
    expect(optionsOf(attributes, broken, {})).toEqual({ [SIZE]: 's m l', [COLOUR]: 'Red' });
    expect(matchOf(attributes, broken, { [SIZE]: 'm', [COLOUR]: 'Blue' })).toEqual([1]);
  });

  it('works across many words of the bitsets (more than 32 and 64 variations)', () => {
    const attrs: AttributeDef[] = [
      { name: 'attribute_a', options: Array.from({ length: 10 }, (_, i) => `a${i}`) },
      { name: 'attribute_b', options: Array.from({ length: 9 }, (_, i) => `b${i}`) },
    ];
    const variations: VariationLike[] = [];
    for (let a = 0; a < 10; a += 1)
      for (let b = 0; b < 9; b += 1)
        if ((a + b) % 3 !== 0)
          variations.push(
            variation(
              { attribute_a: `a${a}`, attribute_b: `b${b}` },
              { variation_is_active: (a * b) % 4 !== 1 },
            ),
          );
    const selections: Selection[] = [
      {},
      { attribute_a: 'a9' },
      { attribute_b: 'b8' },
      { attribute_a: 'a1', attribute_b: 'b1' },
    ];
    for (const selection of selections) {
      optionsOf(attrs, variations, selection);
      matchOf(attrs, variations, selection);
    }
    expect(matchOf(attrs, variations, { attribute_a: 'a9', attribute_b: 'b8' })).toHaveLength(1);
  });
});

describe('decodeEntities', () => {
  it('decodes the entities WordPress escaping produces and leaves the rest', () => {
    expect(decodeEntities('Slim &amp; Tall')).toBe('Slim & Tall');
    expect(decodeEntities('Men&#039;s &#x2F; &quot;x&quot; &lt;b&gt;')).toBe('Men\'s / "x" <b>');
    expect(decodeEntities('a&nbsp;b')).toBe('a\u00a0b');
    expect(decodeEntities('&unknown; & &#0; &#xD800;')).toBe('&unknown; & &#0; &#xD800;');
    expect(decodeEntities('Größe XL')).toBe('Größe XL');
  });
});

describe('sanitizeSelection', () => {
  const attributes: AttributeDef[] = [
    { name: SIZE, options: ['s', 'm', 'l'] },
    { name: COLOUR, options: ['Red', 'Blue'] },
    { name: 'attribute_fit', options: ['slim', 'wide'] },
  ];
  const variations = [
    variation({ [SIZE]: 's', [COLOUR]: 'Red', attribute_fit: 'slim' }),
    variation({ [SIZE]: 's', [COLOUR]: 'Blue', attribute_fit: 'wide' }),
    variation({ [SIZE]: 'm', [COLOUR]: 'Blue', attribute_fit: 'slim' }),
    variation({ [SIZE]: 'l', [COLOUR]: 'Blue', attribute_fit: 'wide' }, { variation_is_active: false }),
  ];
  const index = new VariationIndex(attributes, variations);

  it('keeps a valid selection as it is', () => {
    const selection = { [SIZE]: 's', [COLOUR]: 'Blue', attribute_fit: '' };
    expect(sanitizeSelection(index, selection)).toEqual({ selection, cleared: [] });
    expect(sanitizeSelection(index, {})).toEqual({ selection: {}, cleared: [] });
  });

  it('clears a chosen value that is no longer offered given the others', () => {
    // Red was chosen with s; m comes only in Blue. The earlier select (size) wins.
    const result = sanitizeSelection(index, { [SIZE]: 'm', [COLOUR]: 'Red', attribute_fit: '' });
    expect(result).toEqual({
      selection: { [SIZE]: 'm', [COLOUR]: '', attribute_fit: '' },
      cleared: [COLOUR],
    });
  });

  it('clears as few choices as it can', () => {
    // s + Blue + slim: no such variation; s + Blue (the wide one) stands.
    expect(sanitizeSelection(index, { [SIZE]: 's', [COLOUR]: 'Blue', attribute_fit: 'slim' })).toEqual({
      selection: { [SIZE]: 's', [COLOUR]: 'Blue', attribute_fit: '' },
      cleared: ['attribute_fit'],
    });
  });

  it('clears in a chain until the rest is stable', () => {
    // m + Red + wide: Red goes (m is Blue only), then wide (m is slim only).
    const result = sanitizeSelection(index, { [SIZE]: 'm', [COLOUR]: 'Red', attribute_fit: 'wide' });
    expect(result).toEqual({
      selection: { [SIZE]: 'm', [COLOUR]: '', attribute_fit: '' },
      cleared: [COLOUR, 'attribute_fit'],
    });
    expect(sanitizeSelection(index, result.selection)).toEqual({ selection: result.selection, cleared: [] });
  });

  it('clears a value nobody offers without letting it clear the others', () => {
    // 'xl' (a stale URL value) matches nothing: it goes, Red + slim stand, whatever the select order.
    const expected = { selection: { [SIZE]: '', [COLOUR]: 'Red', attribute_fit: 'slim' }, cleared: [SIZE] };
    expect(sanitizeSelection(index, { [SIZE]: 'xl', [COLOUR]: 'Red', attribute_fit: 'slim' })).toEqual(
      expected,
    );
    const reordered = new VariationIndex([attributes[1]!, attributes[0]!, attributes[2]!], variations);
    expect(sanitizeSelection(reordered, { [SIZE]: 'xl', [COLOUR]: 'Red', attribute_fit: 'slim' })).toEqual(
      expected,
    );
  });

  it('clears a value only inactive variations carry, unless told to keep disabled values', () => {
    const selection = { [SIZE]: 'l', [COLOUR]: '', attribute_fit: '' };
    expect(sanitizeSelection(index, selection)).toEqual({
      selection: { [SIZE]: '', [COLOUR]: '', attribute_fit: '' },
      cleared: [SIZE],
    });
    expect(sanitizeSelection(index, selection, { keepDisabled: true })).toEqual({ selection, cleared: [] });
  });

  it('leaves keys that are not selects alone and does not change its argument', () => {
    const selection = { [SIZE]: 'xl', attribute_other: 'x' };
    const copy = { ...selection };
    expect(sanitizeSelection(index, selection)).toEqual({
      selection: { [SIZE]: '', attribute_other: 'x' },
      cleared: [SIZE],
    });
    expect(selection).toEqual(copy);
  });
});

describe('availabilityOf', () => {
  it('is purchasable only when purchasable, in stock and visible', () => {
    const base = { variation_id: 1, attributes: {} };
    expect(
      availabilityOf({ ...base, is_purchasable: true, is_in_stock: true, variation_is_visible: true }),
    ).toBe('purchasable');
    expect(
      availabilityOf({ ...base, is_purchasable: false, is_in_stock: true, variation_is_visible: true }),
    ).toBe('unavailable');
    expect(
      availabilityOf({ ...base, is_purchasable: true, is_in_stock: false, variation_is_visible: true }),
    ).toBe('unavailable');
    expect(
      availabilityOf({ ...base, is_purchasable: true, is_in_stock: true, variation_is_visible: false }),
    ).toBe('unavailable');
    expect(availabilityOf(base)).toBe('unavailable');
  });
});

describe('quantityFor (§4 Quantity for the chosen variation)', () => {
  const limits = (min_qty: VariationLike['min_qty'], max_qty: VariationLike['max_qty']): VariationLike => ({
    variation_id: 1,
    attributes: {},
    is_sold_individually: 'no',
    min_qty,
    max_qty,
  });

  it('fixes a sold-individually variation at 1 and hides the field', () => {
    const single = { ...limits(3, 10), is_sold_individually: 'yes' as const };
    expect(quantityFor(single, '7')).toEqual({ value: 1, hidden: true, min: 1, max: 1 });
    expect(quantityFor(single, '')).toMatchObject({ value: 1, hidden: true });
  });

  it('clamps between min_qty and max_qty', () => {
    expect(quantityFor(limits(2, 5), '3')).toEqual({ value: 3, hidden: false, min: 2, max: 5 });
    expect(quantityFor(limits(2, 5), '9').value).toBe(5);
    expect(quantityFor(limits(2, 5), '1').value).toBe(2);
    expect(quantityFor(limits(2, 5), '-4').value).toBe(2);
    expect(quantityFor(limits(2, 5), '0').value).toBe(2);
  });

  it('defaults to min_qty when empty or not a number', () => {
    expect(quantityFor(limits(2, 5), '').value).toBe(2);
    expect(quantityFor(limits(2, 5), '   ').value).toBe(2);
    expect(quantityFor(limits(2, 5), 'abc').value).toBe(2);
    expect(quantityFor(limits(2, 5), 'NaN').value).toBe(2);
    expect(quantityFor(limits(2, 5), 'Infinity').value).toBe(2);
    expect(quantityFor(limits(2, 5), '-Infinity').value).toBe(2);
  });

  it('reads the number the way parseFloat does and drops fractions', () => {
    expect(quantityFor(limits(1, ''), '4 boxes').value).toBe(4);
    expect(quantityFor(limits(1, ''), ' 3 ').value).toBe(3);
    expect(quantityFor(limits(1, ''), '2.9').value).toBe(2);
    expect(quantityFor(limits(1, ''), '1e3').value).toBe(1000);
    expect(quantityFor(limits(1, ''), '0.5').value).toBe(1);
  });

  it("has no maximum when max_qty is '' (WooCommerce's unlimited), null, 0 or junk", () => {
    expect(quantityFor(limits(1, ''), '999999')).toEqual({ value: 999999, hidden: false, min: 1, max: null });
    expect(quantityFor(limits(1, null), '50').max).toBeNull();
    expect(quantityFor(limits(1, 0), '50').max).toBeNull();
    expect(quantityFor(limits(1, -3), '50').max).toBeNull();
    expect(quantityFor(limits(1, Number.POSITIVE_INFINITY), '50').max).toBeNull();
    expect(quantityFor(limits(1, Number.NaN), '50').max).toBeNull();
  });

  it("takes min 1 when min_qty is '', null, below 1 or junk", () => {
    for (const min of ['', null, 0, -2, Number.NaN, Number.NEGATIVE_INFINITY, undefined] as const) {
      expect(quantityFor(limits(min, 10), '').min).toBe(1);
    }
    expect(quantityFor(limits(Number.POSITIVE_INFINITY, 10), '').min).toBe(1);
  });

  it('rounds fractional limits inwards', () => {
    expect(quantityFor(limits(1.5, 4.5), '10')).toEqual({ value: 4, hidden: false, min: 2, max: 4 });
    expect(quantityFor(limits(1.5, 4.5), '1').value).toBe(2);
  });

  it('lets min win when max_qty is below min_qty', () => {
    expect(quantityFor(limits(6, 3), '4')).toEqual({ value: 6, hidden: false, min: 6, max: 6 });
  });

  it('accepts limits printed as numeric strings', () => {
    const stringy = {
      variation_id: 1,
      attributes: {},
      min_qty: '2',
      max_qty: '4',
    } as unknown as VariationLike;
    expect(quantityFor(stringy, '9')).toEqual({ value: 4, hidden: false, min: 2, max: 4 });
  });

  it('uses min 1 and no max without a variation', () => {
    expect(quantityFor(null, '')).toEqual({ value: 1, hidden: false, min: 1, max: null });
    expect(quantityFor(null, '3')).toEqual({ value: 3, hidden: false, min: 1, max: null });
  });
});

// ------------------------------------------------------------------------------------------------
// Property: the index answers exactly as the straightforward scan.

/** mulberry32: a small seeded PRNG, so every run checks the same products. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RandomProduct {
  attributes: AttributeDef[];
  variations: VariationLike[];
}

function randomProduct(random: () => number, size: number): RandomProduct {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const attributeCount = 1 + Math.floor(random() * 4);
  const attributes: AttributeDef[] = Array.from({ length: attributeCount }, (_, a) => ({
    name: `attribute_pa_${a}`,
    // Values with spaces, case, unicode and an encoded ampersand.
    options: Array.from({ length: 1 + Math.floor(random() * 6) }, (_, v) =>
      pick([`v${v}`, `V ${v}`, `Größe ${v}`, `a & ${v}`]),
    ),
  }));
  const variations: VariationLike[] = Array.from({ length: size }, (_, i) => {
    const values: Record<string, string> = {};
    for (const attribute of attributes) {
      const roll = random();
      if (roll < 0.03) continue; // key missing
      if (roll < 0.18)
        values[attribute.name] = ''; // any
      else if (roll < 0.21) values[attribute.name] = 'not-an-option';
      else {
        const value = pick(attribute.options);
        values[attribute.name] = value.includes('&') && random() < 0.5 ? value.replace('&', '&amp;') : value;
      }
    }
    if (random() < 0.05) values.attribute_hidden = pick(['h1', 'h2']);
    return { variation_id: i + 1, attributes: values, variation_is_active: random() >= 0.2 };
  });
  return { attributes, variations };
}

function randomSelection(random: () => number, product: RandomProduct): Selection {
  const selection: Selection = {};
  for (const attribute of product.attributes) {
    const roll = random();
    if (roll < 0.35) continue;
    if (roll < 0.45) selection[attribute.name] = '';
    else if (roll < 0.5) selection[attribute.name] = 'not-an-option';
    else selection[attribute.name] = attribute.options[Math.floor(random() * attribute.options.length)]!;
  }
  if (random() < 0.1) selection.attribute_unknown = 'x';
  if (random() < 0.1) selection.attribute_hidden = random() < 0.5 ? 'h1' : 'h2';
  return selection;
}

describe('VariationIndex equals the straightforward scan (seeded random products)', () => {
  const seeds = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
  it.each(seeds)('seed %i', (seed) => {
    const random = prng(seed);
    const size = [0, 1, 7, 31, 32, 33, 64, 150, 400][seed % 9]!;
    const product = randomProduct(random, size);
    const index = new VariationIndex(product.attributes, product.variations);
    for (let n = 0; n < 150; n += 1) {
      const selection = randomSelection(random, product);
      expect(index.options(selection)).toEqual(
        naiveOptions(product.attributes, product.variations, selection),
      );
      const expected = naiveMatch(product.variations, selection);
      const matched = index.match(selection);
      expect(matched).toHaveLength(expected.length);
      matched.forEach((v, k) => expect(v).toBe(expected[k]));
      expect(index.first(selection)).toBe(expected[0] ?? null);

      // Sanitizing ends stable, keeps only enabled values of the selects, and clears nothing needlessly.
      const { selection: clean, cleared } = sanitizeSelection(index, selection);
      expect(sanitizeSelection(index, clean).cleared).toEqual([]);
      const lists = index.options(clean);
      product.attributes.forEach((attribute, k) => {
        const value = clean[attribute.name] ?? '';
        if (value !== '') expect(lists[k]!.options).toContainEqual({ value, state: 'enabled' });
      });
      for (const name of cleared) expect(selection[name]).not.toBe('');
      expect(new Set(cleared).size).toBe(cleared.length);
      // Minimal: putting back any cleared value makes the selection invalid again.
      for (const name of cleared) {
        const restored = { ...clean, [name]: selection[name]! };
        expect(sanitizeSelection(index, restored).cleared.length).toBeGreaterThan(0);
      }
    }
  });
});
