/**
 * The catalogue ordering form's rules (storefront.md §2.3: "A sort select named 'orderby'; changing
 * it submits the form at once"): which options and hidden fields the form has, and when a change of
 * the select sends the form. No React, no DOM.
 *
 * When a change sends the form. A change the shopper commits (a pick in the select's list, with the
 * mouse, a finger, or Enter inside the open list) sends it at once. A change made by a key on the
 * closed select (Chrome and Firefox on Windows and Linux change the value, and fire `change`, on
 * every arrow key) is browsing: reloading the page there would take a keyboard user to the second
 * option and no further (WCAG 3.2.2 On Input). Their choice is sent by Enter, or when the select
 * loses the focus (Tab). One navigation per choice: an ordering already sent (or already shown)
 * is not sent again, whichever of change, Enter, blur or the Sort button asks for it.
 */

/** WooCommerce's own exclusions from the form's hidden fields (loop/orderby.php). */
export const EXCLUDED_ARGS: readonly string[] = ['orderby', 'submit', 'paged', 'product-page'];

/**
 * Left out by the island too: an `add-to-cart` still in the URL (WooCommerce adds to cart on a GET
 * and, without its cart redirect, stays on the page) would add the product again with every sort.
 */
export const DROPPED_ARGS: readonly string[] = ['add-to-cart'];

/**
 * A query argument name as a server prints one: letters (any script), digits, `_ . ~ -`, then up to
 * 5 `[key]` parts (WooCommerce flattens arrays to `name[key]`); 100 characters at most per part.
 */
const QUERY_ARG_NAME = /^[\p{L}\p{N}_.~-]{1,100}(?:\[[\p{L}\p{N}_.~-]{0,100}\]){0,5}$/u;

export const isQueryArgName = (name: string): boolean => QUERY_ARG_NAME.test(name);

/** `product-page[x]` is `product-page` to PHP: exclusions apply to the name before its `[`. */
const baseName = (name: string): string => name.split('[', 1)[0] ?? name;

/**
 * The form's hidden fields, in order: `paged=1` first (WooCommerce's template: a new ordering starts
 * at page 1), then each of `fields` whose name is a query argument name and not excluded.
 */
export function hiddenFieldsOf(fields: Readonly<Record<string, string>>): [string, string][] {
  const kept = Object.entries(fields).filter(([name]) => {
    const base = baseName(name);
    return isQueryArgName(name) && !EXCLUDED_ARGS.includes(base) && !DROPPED_ARGS.includes(base);
  });
  return [['paged', '1'], ...kept];
}

/** The options, each value once (the first wins: a repeated value would be two same choices). */
export function orderingOptions(options: readonly (readonly [string, string])[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const [value, label] of options) {
    if (seen.has(value)) continue;
    seen.add(value);
    out.push([value, label]);
  }
  return out;
}

/** The ordering shown: `selected` when it is an option, else the first option (WooCommerce's rule). */
export function shownOrdering(options: readonly (readonly [string, string])[], selected: string): string {
  if (options.some(([value]) => value === selected)) return selected;
  return options[0]?.[0] ?? '';
}

// -- when the form is sent ---------------------------------------------------------------------------

/**
 * What a `change` of the select is:
 * - `commit`: the shopper picked an ordering: send it;
 * - `browse`: a key changed it on the closed select, or the island carried over a value changed in
 *   the fallback before it mounted: shown, sent on Enter or when the select loses the focus;
 * - `history`: a value the browser put back in the fallback (back/forward, reload: the value of
 *   the page the shopper left), not a choice: the select shows the page's ordering again.
 */
export type ChangeKind = 'commit' | 'browse' | 'history';

export interface ChangeContext {
  /** A key went down on the select in the task that changed it. */
  byKey: boolean;
  /** The change came while the island was mounting (the carried-over value of the fallback). */
  mounting: boolean;
  /** The page was reached by back/forward or reload (`PerformanceNavigationTiming.type`). */
  historyNavigation: boolean;
}

export function changeKind({ byKey, mounting, historyNavigation }: ChangeContext): ChangeKind {
  if (mounting) return historyNavigation ? 'history' : 'browse';
  return byKey ? 'browse' : 'commit';
}

/** Navigation types whose fields the browser fills with what they held before (form restoration). */
export const isHistoryNavigation = (type: string | undefined): boolean =>
  type === 'back_forward' || type === 'reload';

export interface OrderingState {
  /** The ordering of the page as the server showed it. */
  applied: string;
  /** What the select shows. */
  value: string;
  /** The ordering whose submission went out (the page is leaving for it), or null. */
  sent: string | null;
}

export type OrderingEvent =
  | { type: 'change'; value: string; kind: ChangeKind }
  /** Enter on the closed select. */
  | { type: 'enter' }
  /** The select lost the focus to something else on the page. */
  | { type: 'blur' }
  /** A submission the island did not start (the Sort button, a script). */
  | { type: 'submit' }
  /** A page script cancelled the submission (`preventDefault`): the page stays. */
  | { type: 'cancelled' }
  /** The page came back from the back/forward cache. */
  | { type: 'restored' };

export interface Transition {
  state: OrderingState;
  /** The island sends the form now (the ordering is in `state.sent`). */
  send: boolean;
  /** A submission under way must be stopped: its ordering is already sent. */
  block: boolean;
}

export const initialState = (applied: string): OrderingState => ({ applied, value: applied, sent: null });

/** The ordering the page has, or is leaving for. */
const target = (state: OrderingState): string => state.sent ?? state.applied;

/** The select shows an ordering the page neither has nor is leaving for. */
export const isPending = (state: OrderingState): boolean => state.value !== target(state);

const sendIfPending = (state: OrderingState): Transition =>
  isPending(state)
    ? { state: { ...state, sent: state.value }, send: true, block: false }
    : { state, send: false, block: false };

export function nextState(state: OrderingState, event: OrderingEvent): Transition {
  const stay: Transition = { state, send: false, block: false };
  switch (event.type) {
    case 'change':
      if (event.kind === 'history') return { ...stay, state: { ...state, value: state.applied } };
      if (event.kind === 'browse') return { ...stay, state: { ...state, value: event.value } };
      return sendIfPending({ ...state, value: event.value });
    case 'enter':
    case 'blur':
      return sendIfPending(state);
    case 'submit':
      if (state.sent !== null && state.value === state.sent) return { ...stay, block: true };
      return { ...stay, state: { ...state, sent: state.value } };
    case 'cancelled':
      return { ...stay, state: { ...state, sent: null } };
    case 'restored':
      return { ...stay, state: initialState(state.applied) };
  }
}
