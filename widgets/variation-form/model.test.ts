// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { VariationSchema, type Variation } from '../../src/contract/variation';
import {
  addButtonClassName,
  blockedBy,
  buttonsRowClassName,
  initialState,
  matchOf,
  optionLists,
  quantityField,
  reducer,
  VariationIndex,
  type Action,
  type AttributeDef,
  type Effect,
  type FormState,
} from './model';

const FIELDS: AttributeDef[] = [
  { name: 'attribute_pa_size', options: ['uk-1', 'uk-2'] },
  { name: 'attribute_colour', options: ['Black', 'Blue'] },
];

const variation = (id: number, size: string, colour: string, extra: Partial<Variation> = {}): Variation =>
  VariationSchema.parse({
    variation_id: id,
    attributes: { attribute_pa_size: size, attribute_colour: colour },
    is_in_stock: true,
    is_purchasable: true,
    ...extra,
  });

const UK1_BLACK = variation(20, 'uk-1', 'Black', { min_qty: 2, max_qty: 4 });
const UK1_BLUE = variation(21, 'uk-1', 'Blue', { is_in_stock: false });
const UK2_BLACK = variation(22, 'uk-2', 'Black', { is_sold_individually: 'yes' });
const VARIATIONS = [UK1_BLACK, UK1_BLUE, UK2_BLACK];

/** A form with local variations (`index`) or asking the server (`remote`). */
const local = (preselected: Record<string, string> = {}) =>
  initialState(FIELDS, new VariationIndex(FIELDS, VARIATIONS), preselected);
const remote = (preselected: Record<string, string> = {}) => initialState(FIELDS, null, preselected);

/** Runs the actions, each acknowledging the effects so far (as the component does): the last state. */
const run = (state: FormState, ...actions: Action[]): FormState => actions.reduce(reducer, state);

/** The effects a run of actions produced, in order, without any acknowledged. */
function effectsOf(state: FormState, ...actions: Action[]): Effect['kind'][] {
  const ran = state.effectsFrom + state.effects.length - 1;
  const [first, ...rest] = actions;
  const next = run(state, { ...first!, ran }, ...rest);
  return next.effects.map((effect) => effect.kind);
}

const checked = (state: FormState) => run(state, { type: 'first-check' });
const choose = (field: 'size' | 'colour', value: string): Action => ({
  type: 'choose',
  field: field === 'size' ? 'attribute_pa_size' : 'attribute_colour',
  value,
});

describe('initialState', () => {
  it('takes the server’s preselection for the selects only, variation_id 0, quantity 1, nothing checked', () => {
    const state = local({ attribute_pa_size: 'uk-1', other: 'x' });
    expect(state.selection).toEqual({ attribute_pa_size: 'uk-1', attribute_colour: '' });
    expect(state.check).toEqual({ kind: 'pending' });
    expect(state.variationId).toBe('0');
    expect(state.quantity).toBe('1');
    expect(state.panel).toEqual({ variation: null, open: false, reveal: null });
    expect(state.effects).toEqual([]);
  });

  it('before the first check: add-to-cart enabled (the form posts natively), every value listed', () => {
    const state = local();
    expect(blockedBy(state)).toBeNull();
    expect(optionLists(state)).toBeNull();
    expect(buttonsRowClassName(state)).toBe('woocommerce-variation-add-to-cart variations_button');
  });
});

describe('first-check', () => {
  it('incomplete: selection needed, the data reset; variation_id kept', () => {
    const state = checked(local());
    expect(state.check).toEqual({ kind: 'incomplete' });
    expect(state.effects).toEqual([{ kind: 'reset-data' }]);
    expect(state.variationId).toBe('0');
    expect(blockedBy(state)).toBe('selection');
    expect(optionLists(state)).toHaveLength(2);
  });

  it('a complete preselection is matched (no changed event at load)', () => {
    const state = checked(local({ attribute_pa_size: 'uk-1', attribute_colour: 'Black' }));
    expect(matchOf(state)).toBe(UK1_BLACK);
    expect(state.variationId).toBe('20');
    expect(state.effects).toEqual([{ kind: 'found', variation: UK1_BLACK }]);
  });

  it('runs once: after a change it does nothing', () => {
    const changed = run(local(), choose('size', 'uk-1'));
    expect(run(changed, { type: 'first-check' })).toBe(changed);
  });
});

describe('choose', () => {
  it('incomplete: clears variation_id and the alert, resets the data, then woocommerce_variation_has_changed', () => {
    const state = run(checked(local()), { type: 'blocked-click' });
    expect(state.alert).toBe('selectionNeeded');
    expect(effectsOf(state, choose('size', 'uk-1'))).toEqual(['reset-data', 'changed']);
    const next = run(state, choose('size', 'uk-1'));
    expect(next.alert).toBeNull();
    expect(next.variationId).toBe('');
    expect(next.selection.attribute_pa_size).toBe('uk-1');
  });

  it('a match: found now, quantity clamped to its limits, panel emptied and its reveal waited for', () => {
    const state = run(checked(local()), { type: 'quantity', value: '9' }, choose('size', 'uk-1'));
    expect(effectsOf(state, choose('colour', 'Black'))).toEqual(['found', 'changed']);
    const next = run(state, choose('colour', 'Black'));
    expect(next.check).toEqual({ kind: 'match', variation: UK1_BLACK });
    expect(next.variationId).toBe('20');
    expect(next.quantity).toBe('4');
    expect(next.panel).toEqual({ variation: null, open: false, reveal: next.serial });
    expect(blockedBy(next)).toBeNull();
    expect(quantityField(next, false)).toEqual({ value: '4', min: 2, max: 4, hidden: false });
  });

  it('a value that became invalid is cleared (earlier select wins)', () => {
    // Only black comes in UK 2: choosing UK 2 with Blue clears Blue.
    const state = run(checked(local()), choose('colour', 'Blue'), choose('size', 'uk-2'));
    expect(state.selection).toEqual({ attribute_pa_size: 'uk-2', attribute_colour: '' });
    expect(state.check).toEqual({ kind: 'incomplete' });
  });

  it('an unavailable match (out of stock): matched, add-to-cart in "unavailable"', () => {
    const state = run(checked(local()), choose('size', 'uk-1'), choose('colour', 'Blue'));
    expect(matchOf(state)).toBe(UK1_BLUE);
    expect(blockedBy(state)).toBe('unavailable');
    expect(addButtonClassName(state, { pending: 0, added: false })).toBe(
      'single_add_to_cart_button button alt disabled wc-variation-is-unavailable',
    );
    expect(buttonsRowClassName(state)).toContain('woocommerce-variation-add-to-cart-disabled');
  });

  it('without local variations: loading, with the request numbered and its selection', () => {
    const state = run(checked(remote()), choose('size', 'uk-1'), choose('colour', 'Black'));
    expect(state.check).toEqual({
      kind: 'loading',
      request: state.serial,
      selection: { attribute_pa_size: 'uk-1', attribute_colour: 'Black' },
    });
    expect(blockedBy(state)).toBe('busy');
    expect(addButtonClassName(state, { pending: 0, added: false })).toContain(
      'wc-variation-selection-needed',
    );
    expect(optionLists(state)).toBeNull(); // every value stays listed
  });
});

describe('reveal', () => {
  const matched = () => run(checked(local()), choose('size', 'uk-1'), choose('colour', 'Black'));

  it('opens the panel with the match and says show_variation with its availability', () => {
    const state = matched();
    const next = run(state, { type: 'reveal', reveal: state.panel.reveal! });
    expect(next.panel).toEqual({ variation: UK1_BLACK, open: true, reveal: null });
    expect(next.effects.at(-1)).toEqual({ kind: 'shown', variation: UK1_BLACK, purchasable: true });
  });

  it('ignores a reveal a newer check replaced', () => {
    const state = matched();
    const token = state.panel.reveal!;
    const changed = run(state, choose('colour', ''));
    expect(changed.panel.reveal).toBeNull();
    expect(run(changed, { type: 'reveal', reveal: token })).toBe(changed);
  });

  it('keeps the shown variation while the panel closes (it slides up)', () => {
    const state = matched();
    const open = run(state, { type: 'reveal', reveal: state.panel.reveal! });
    const closed = run(open, choose('colour', ''));
    expect(closed.panel).toEqual({ variation: UK1_BLACK, open: false, reveal: null });
  });
});

describe('get_variation answers', () => {
  const asking = () => run(checked(remote()), choose('size', 'uk-1'), choose('colour', 'Black'));

  it('fetched: found', () => {
    const state = asking();
    const request = state.serial;
    expect(effectsOf(state, { type: 'fetched', request, variation: UK1_BLACK })).toEqual(['found']);
    expect(run(state, { type: 'fetched', request, variation: UK1_BLACK }).variationId).toBe('20');
  });

  it('fetched null (false, an empty body): no match, the data reset and the notice announced', () => {
    const state = asking();
    const next = run(state, { type: 'fetched', request: state.serial, variation: null });
    expect(next.check).toEqual({ kind: 'none' });
    expect(effectsOf(state, { type: 'fetched', request: state.serial, variation: null })).toEqual([
      'reset-data',
      'announce',
    ]);
    expect(next.effects.at(-1)).toEqual({ kind: 'announce', text: 'noMatch' });
  });

  it('fetch-failed: the fault, the data reset, add-to-cart enabled (the form posts natively)', () => {
    const state = asking();
    const next = run(state, { type: 'fetch-failed', request: state.serial });
    expect(next.check).toEqual({ kind: 'error' });
    expect(next.effects.at(-1)).toEqual({ kind: 'reset-data' });
    expect(blockedBy(next)).toBeNull();
  });

  it('ignores the answer to a request a newer selection replaced', () => {
    const state = asking();
    const request = state.serial;
    const newer = run(state, choose('colour', 'Blue'));
    expect(run(newer, { type: 'fetched', request, variation: UK1_BLACK })).toBe(newer);
    expect(run(newer, { type: 'fetch-failed', request })).toBe(newer);
  });

  it('retry asks again for the same selection', () => {
    const failed = run(asking(), { type: 'fetch-failed', request: asking().serial });
    const again = run(failed, { type: 'retry' });
    expect(again.check).toMatchObject({ kind: 'loading', selection: failed.selection });
    expect(effectsOf(failed, { type: 'retry' })).toEqual([]); // no changed event on retry
  });
});

describe('reset', () => {
  it('clears every select, resets the data, says changed, then announces the reset', () => {
    const state = run(checked(local()), choose('size', 'uk-1'), choose('colour', 'Black'));
    expect(effectsOf(state, { type: 'reset' })).toEqual(['reset-data', 'changed', 'announce']);
    const next = run(state, { type: 'reset' });
    expect(next.selection).toEqual({ attribute_pa_size: '', attribute_colour: '' });
    expect(next.variationId).toBe('');
    expect(next.effects.at(-1)).toEqual({ kind: 'announce', text: 'reset' });
  });
});

describe('quantity and blocked clicks', () => {
  it('keeps what the shopper typed', () => {
    expect(run(local(), { type: 'quantity', value: '' }).quantity).toBe('');
  });

  it('sold individually: 1 and hidden (the product’s flag, then the match’s)', () => {
    expect(quantityField(local(), true)).toEqual({ value: '1', min: 1, max: 1, hidden: true });
    const state = run(checked(local()), choose('size', 'uk-2'), choose('colour', 'Black'));
    expect(quantityField(state, false)).toMatchObject({ value: '1', hidden: true });
  });

  it('a blocked click sets the alert of why; busy or enabled, none', () => {
    const unavailable = run(checked(local()), choose('size', 'uk-1'), choose('colour', 'Blue'));
    expect(run(unavailable, { type: 'blocked-click' }).alert).toBe('unavailable');
    const busy = run(checked(remote()), choose('size', 'uk-1'), choose('colour', 'Black'));
    expect(run(busy, { type: 'blocked-click' })).toBe(busy);
    expect(run(local(), { type: 'blocked-click' }).alert).toBeNull();
  });

  it('add-to-cart shows loading while adds are in flight, then added', () => {
    const state = run(checked(local()), choose('size', 'uk-1'), choose('colour', 'Black'));
    expect(addButtonClassName(state, { pending: 1, added: false })).toBe(
      'single_add_to_cart_button button alt loading',
    );
    expect(addButtonClassName(state, { pending: 0, added: true })).toBe(
      'single_add_to_cart_button button alt added',
    );
    expect(buttonsRowClassName(state)).toContain('woocommerce-variation-add-to-cart-enabled');
  });
});

describe('effects', () => {
  it('accumulate, numbered, until an action says how far they ran', () => {
    const state = run(checked(local()), choose('size', 'uk-1'));
    expect(state.effects.map((e) => e.kind)).toEqual(['reset-data', 'reset-data', 'changed']);
    expect(state.effectsFrom).toBe(0);
    const next = reducer(state, { ...choose('colour', 'Black'), ran: 1 });
    expect(next.effectsFrom).toBe(2);
    expect(next.effects.map((e) => e.kind)).toEqual(['changed', 'found', 'changed']);
  });

  it('an action that changes nothing and acknowledges nothing new keeps the state', () => {
    const state = checked(local());
    expect(reducer(state, { type: 'first-check', ran: -1 })).toBe(state);
    expect(reducer(state, { type: 'first-check', ran: 0 })).not.toBe(state);
    expect(reducer(state, { type: 'first-check', ran: 0 }).effects).toEqual([]);
  });
});
