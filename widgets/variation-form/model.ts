/**
 * The variation form's state and its transitions (storefront.md §4 "Variation selection",
 * "Quantity for the chosen variation", §5, §8, §9 "Variations"), as add-to-cart-variation.js moves
 * through them (`check_variations`, `found_variation`, `reset_data`, `show_variation`): a pure
 * reducer. No React, no DOM, no fetch. What must happen outside the state (the page's SKU, weight
 * and dimensions, WooCommerce's events, announcements) is put in `effects`, in order, for the
 * component to run once the state is committed; timers and the get_variation request follow the
 * state (`panel.reveal`, `check.kind === 'loading'`). The matching rules are in matching.ts and
 * variation-index.ts, re-exported here.
 */
import type { Variation } from '../../src/contract/variation';
import {
  availabilityOf,
  isSelectionComplete,
  quantityFor,
  sanitizeSelection,
  type AttributeDef,
  type AttributeOptions,
  type Selection,
} from './matching';
import type { VariationIndex } from './variation-index';

export {
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
  type Availability,
  type OptionState,
  type SanitizeOptions,
  type Selection,
  type VariationLike,
} from './matching';
export { VariationIndex } from './variation-index';

/** §9 "Variations": the first check runs this long after load… */
export const FIRST_CHECK_DELAY = 100;
/** …and the panel is shown this long after a match (then slides down in 200 ms, see the CSS). */
export const PANEL_DELAY = 300;

/**
 * Where the check stands. 'pending': the first check has not run yet (the form is the server's).
 * 'loading': get_variation asked for `selection` (request number `request`). 'error': it failed
 * (HTTP error, timeout, a body that is not the contract).
 */
export type Check =
  | { kind: 'pending' }
  | { kind: 'incomplete' }
  | { kind: 'loading'; request: number; selection: Selection }
  | { kind: 'match'; variation: Variation }
  | { kind: 'none' }
  | { kind: 'error' };

/** What happens outside the state once it is committed (run in this order). */
export type Effect =
  /** WooCommerce's `reset_data`: the product's own data back in the page; reset_data, reset_image, hide_variation. */
  | { kind: 'reset-data' }
  /** `found_variation`: the variation's data in the page, then the event. */
  | { kind: 'found'; variation: Variation }
  /** `show_variation`, once the panel shows it. */
  | { kind: 'shown'; variation: Variation; purchasable: boolean }
  /** `woocommerce_variation_has_changed`, after a change or a reset. */
  | { kind: 'changed' }
  /** One of TEXT's strings (text.ts). */
  | { kind: 'announce'; text: 'noMatch' | 'reset' };

export interface FormState {
  /** The selects (field names `attribute_…`) and the index of the variations (null: asked from the server). */
  fields: readonly AttributeDef[];
  index: VariationIndex<Variation> | null;
  selection: Selection;
  check: Check;
  /** The variation the panel shows (kept while it slides up), whether it is open, and the reveal waited for. */
  panel: { variation: Variation | null; open: boolean; reveal: number | null };
  /** The posted variation_id: '0' as printed, '' after a change, the match's id. */
  variationId: string;
  /** The quantity field's text. */
  quantity: string;
  /** §5's alert after a click on the disabled button. */
  alert: 'unavailable' | 'selectionNeeded' | null;
  /** Effects not yet run, numbered: `effects[i]` is number `effectsFrom + i`. */
  effects: readonly Effect[];
  effectsFrom: number;
  /** Numbers requests and reveals, so that a late answer or timer is recognised. */
  serial: number;
}

export type Action = (
  | { type: 'first-check' }
  | { type: 'choose'; field: string; value: string }
  | { type: 'reset' }
  | { type: 'retry' }
  /** get_variation answered: the variation, or null for no match (`false`, an empty body). */
  | { type: 'fetched'; request: number; variation: Variation | null }
  | { type: 'fetch-failed'; request: number }
  /** The panel's delay has passed. */
  | { type: 'reveal'; reveal: number }
  | { type: 'quantity'; value: string }
  /** A click on the disabled add-to-cart button. */
  | { type: 'blocked-click' }
) & {
  /** The effects the component has run, up to this number (they are dropped from the state). */
  ran?: number;
};

type Reason = 'load' | 'change' | 'reset' | 'retry';

export function initialState(
  fields: readonly AttributeDef[],
  index: VariationIndex<Variation> | null,
  preselected: Readonly<Record<string, string>>,
): FormState {
  return {
    fields,
    index,
    selection: Object.fromEntries(fields.map(({ name }) => [name, preselected[name] ?? ''])),
    check: { kind: 'pending' },
    panel: { variation: null, open: false, reveal: null },
    variationId: '0',
    quantity: '1',
    alert: null,
    effects: [],
    effectsFrom: 0,
    serial: 0,
  };
}

const withEffects = (state: FormState, ...effects: Effect[]): FormState => ({
  ...state,
  effects: [...state.effects, ...effects],
});

/** WooCommerce's `reset_data`: the panel closes (its content kept while it slides up). */
const resetData = (state: FormState): FormState =>
  withEffects(
    { ...state, panel: { variation: state.panel.variation, open: false, reveal: null } },
    { kind: 'reset-data' },
  );

/** `found_variation`: data, variation_id and quantity now, the panel emptied and revealed later. */
function found(state: FormState, variation: Variation): FormState {
  const serial = state.serial + 1;
  return withEffects(
    {
      ...state,
      check: { kind: 'match', variation },
      variationId: String(variation.variation_id),
      quantity: String(quantityFor(variation, state.quantity).value),
      // Emptied now and filled when shown: the panel is a live region, announced when filled.
      panel: { variation: null, open: false, reveal: serial },
      serial,
    },
    { kind: 'found', variation },
  );
}

const noMatch = (state: FormState): FormState =>
  withEffects(resetData({ ...state, check: { kind: 'none' } }), { kind: 'announce', text: 'noMatch' });

/** WooCommerce's `check_variations` (after `update_variation_values`) for `wanted`. */
function apply(state: FormState, wanted: Selection, reason: Reason): FormState {
  const { fields, index } = state;
  const selection = index ? sanitizeSelection(index, wanted).selection : wanted;
  let next: FormState = {
    ...state,
    selection,
    alert: null,
    // Any change clears variation_id until a match sets it (WooCommerce's `onChange`).
    variationId: reason === 'load' ? state.variationId : '',
    panel: { ...state.panel, reveal: null },
  };
  if (!isSelectionComplete(fields, selection)) {
    next = resetData({ ...next, check: { kind: 'incomplete' } });
  } else if (index) {
    const variation = index.first(selection);
    next = variation ? found(next, variation) : noMatch(next);
  } else {
    const request = next.serial + 1;
    next = { ...next, serial: request, check: { kind: 'loading', request, selection } };
  }
  return reason === 'change' || reason === 'reset' ? withEffects(next, { kind: 'changed' }) : next;
}

const isCurrent = (state: FormState, request: number): boolean =>
  state.check.kind === 'loading' && state.check.request === request;

function transition(state: FormState, action: Action): FormState {
  switch (action.type) {
    case 'first-check':
      return state.check.kind === 'pending' ? apply(state, state.selection, 'load') : state;
    case 'choose':
      return apply(state, { ...state.selection, [action.field]: action.value }, 'change');
    case 'reset': {
      const cleared = Object.fromEntries(state.fields.map(({ name }) => [name, '']));
      return withEffects(apply(state, cleared, 'reset'), { kind: 'announce', text: 'reset' });
    }
    case 'retry':
      return apply(state, state.selection, 'retry');
    case 'fetched':
      if (!isCurrent(state, action.request)) return state;
      return action.variation ? found(state, action.variation) : noMatch(state);
    case 'fetch-failed':
      // No variation is known: the product's own data, no panel of an earlier match.
      return isCurrent(state, action.request) ? resetData({ ...state, check: { kind: 'error' } }) : state;
    case 'reveal': {
      const { check } = state;
      if (state.panel.reveal !== action.reveal || check.kind !== 'match') return state;
      const { variation } = check;
      return withEffects(
        { ...state, panel: { variation, open: true, reveal: null } },
        { kind: 'shown', variation, purchasable: availabilityOf(variation) === 'purchasable' },
      );
    }
    case 'quantity':
      return { ...state, quantity: action.value };
    case 'blocked-click': {
      const blocked = blockedBy(state);
      if (blocked === 'unavailable') return { ...state, alert: 'unavailable' };
      if (blocked === 'selection') return { ...state, alert: 'selectionNeeded' };
      return state;
    }
  }
}

/** The reducer: drops the effects the component says it ran, then applies the action. */
export function reducer(state: FormState, action: Action): FormState {
  let current = state;
  if (action.ran !== undefined && action.ran >= state.effectsFrom) {
    const drop = Math.min(action.ran - state.effectsFrom + 1, state.effects.length);
    current = { ...state, effects: state.effects.slice(drop), effectsFrom: state.effectsFrom + drop };
  }
  const next = transition(current, action);
  return next === current && current.effects === state.effects ? state : next;
}

// ---- what the state shows ----

/** The matched variation, or null. */
export const matchOf = (state: FormState): Variation | null =>
  state.check.kind === 'match' ? state.check.variation : null;

/**
 * null: add-to-cart is enabled (before the first check, whose click runs the check at once, and
 * after a get_variation fault, whose click checks again); otherwise why it is disabled.
 */
export function blockedBy(state: FormState): 'selection' | 'unavailable' | 'busy' | null {
  switch (state.check.kind) {
    case 'pending':
    case 'error':
      return null;
    case 'loading':
      return 'busy';
    case 'match':
      return availabilityOf(state.check.variation) === 'purchasable' ? null : 'unavailable';
    default:
      return 'selection';
  }
}

/** Per select, the values it lists once checked (null: every value, as the server printed them). */
export const optionLists = (state: FormState): AttributeOptions[] | null =>
  state.index && state.check.kind !== 'pending' ? state.index.options(state.selection) : null;

/**
 * The quantity field: the match's limits (min 1, no max without one); fixed at 1 and hidden when
 * sold individually (the product's flag until a variation says otherwise).
 */
export function quantityField(
  state: FormState,
  soldIndividually: boolean,
): { value: string; min: number; max: number | null; hidden: boolean } {
  const match = matchOf(state);
  const limits = quantityFor(match, state.quantity);
  const hidden = match ? limits.hidden : soldIndividually;
  return hidden
    ? { value: '1', min: limits.min, max: 1, hidden }
    : { value: state.quantity, min: limits.min, max: limits.max, hidden };
}

/** The add-to-cart button's classes: WooCommerce's disabled states, then `loading` / `added`. */
export function addButtonClassName(state: FormState, adding: { pending: number; added: boolean }): string {
  const blocked = blockedBy(state);
  const classes = ['single_add_to_cart_button', 'button', 'alt'];
  if (blocked === 'selection' || blocked === 'busy')
    classes.push('disabled', 'wc-variation-selection-needed');
  if (blocked === 'unavailable') classes.push('disabled', 'wc-variation-is-unavailable');
  if (adding.pending > 0) classes.push('loading');
  else if (adding.added) classes.push('added');
  return classes.join(' ');
}

/** The buttons row's classes: enabled / disabled once checked. */
export function buttonsRowClassName(state: FormState): string {
  const base = 'woocommerce-variation-add-to-cart variations_button';
  if (state.check.kind === 'pending') return base;
  return blockedBy(state) === null
    ? `${base} woocommerce-variation-add-to-cart-enabled`
    : `${base} woocommerce-variation-add-to-cart-disabled`;
}
