/**
 * The searchable select's rules (SearchSelect.tsx: the checkout's country and state pickers, in place
 * of WooCommerce's selectWoo). Pure functions: no React, no DOM.
 *
 * - Filtering: an option is shown when its label holds the query anywhere (selectWoo's rule),
 *   ignoring case and accents. Options whose label starts with the query come first; each group
 *   keeps the options' order ('ger' → Germany, then Algeria, Niger, Nigeria). An empty query shows
 *   every option.
 * - An option whose value is '' is the placeholder (WooCommerce prints `'' => 'Select an option…'`
 *   first): it is never listed; the field shows its `placeholder` instead.
 * - A value that is not one of the options (stale, or hostile) has no label: the field shows as
 *   empty and posts ''.
 * - Keys (`keyAction`): see there. Moves stop at either end (no wrapping, as selectWoo).
 */

/** One choice: the value posted, and the text shown (plain text, never HTML). */
export type SearchOption = readonly [value: string, label: string];

/** An option ready to be filtered: its label normalised once, and its place among the options. */
export interface ListEntry {
  value: string;
  label: string;
  /** `normalize(label)`. */
  key: string;
  /** Its index in the options given (a stable id while the list is filtered). */
  index: number;
}

/** Letters that NFD does not split into a base letter and a mark (as Select2's diacritics map). */
const FOLDED: Readonly<Record<string, string>> = {
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};

/**
 * Text as the filter compares it: lower case; accents and other combining marks removed (NFD, then
 * the marks dropped: 'Åland' → 'aland', 'Côte' → 'cote'); ø ł đ ħ ı æ œ ß þ spelt in plain letters;
 * typographic apostrophes made straight; runs of white space made one space; trimmed.
 */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øđðħıłæœßþ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The options as the filter reads them (O(n), once per options list); the placeholder ('') left out. */
export function prepareOptions(options: readonly SearchOption[]): ListEntry[] {
  const entries: ListEntry[] = [];
  options.forEach(([value, label], index) => {
    if (value !== '') entries.push({ value, label, key: normalize(label), index });
  });
  return entries;
}

/**
 * The options a query shows (O(n)): those whose label holds the query anywhere, ignoring case and
 * accents; those whose label starts with it first, each group in the options' order. An empty (or
 * blank) query shows them all.
 */
export function filterOptions(entries: readonly ListEntry[], query: string): ListEntry[] {
  const wanted = normalize(query);
  if (wanted === '') return entries.slice();
  const first: ListEntry[] = [];
  const then: ListEntry[] = [];
  for (const entry of entries) {
    const at = entry.key.indexOf(wanted);
    if (at === 0) first.push(entry);
    else if (at > 0) then.push(entry);
  }
  return first.concat(then);
}

/**
 * The label of `value`: '' when nothing is chosen ('') or the value is not one of the options (a
 * stale or hostile value shows as empty, with the placeholder).
 */
export function labelOf(options: readonly SearchOption[], value: string): string {
  if (value === '') return '';
  return options.find(([v]) => v === value)?.[1] ?? '';
}

/** The value the form posts: `value` when it is one of the options, else ''. */
export function postedValue(options: readonly SearchOption[], value: string): string {
  return value !== '' && options.some(([v]) => v === value) ? value : '';
}

/**
 * The active option after a move of `delta` (±1, ±10) among `count` shown options. From none (-1),
 * down goes to the first and up to the last; moves stop at either end. -1 when none is shown.
 */
export function moveActive(count: number, current: number, delta: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + delta));
}

/** The index of `value` among the shown options, -1 when it is not shown ('' is never shown). */
export function indexOfValue(shown: readonly ListEntry[], value: string): number {
  return value === '' ? -1 : shown.findIndex((entry) => entry.value === value);
}

/** The key pressed in the field, with its modifiers (a KeyboardEvent fits). */
export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** What the field shows when the key is pressed. */
export interface ListState {
  /** Whether the list is open. */
  open: boolean;
  /** The active option's index among the shown ones; -1 for none. */
  active: number;
  /** How many options are shown (the filter's result). */
  count: number;
  /** The chosen value's index among the shown ones; -1 when it is not shown or nothing is chosen. */
  selected: number;
  /** Whether the text is the shopper's (typed), rather than the chosen option's label. */
  typed: boolean;
  /** Whether the active option was reached with the arrow or page keys (not by typing or the mouse). */
  navigated: boolean;
}

/**
 * What a key does:
 * - `open`: open the list with `active` as the active option;
 * - `move`: make `active` the active option (the shopper navigated to it);
 * - `choose`: choose the shown option `index` and close the list;
 * - `close`: close the list, keeping what was typed;
 * - `restore`: close the list and show the chosen option's label again (the value is unchanged);
 * - `swallow`: nothing, but the key's default is prevented (Enter while the list is open with no
 *   active option does not submit the form).
 */
export type KeyAction =
  | { type: 'open'; active: number }
  | { type: 'move'; active: number }
  | { type: 'choose'; index: number }
  | { type: 'close' }
  | { type: 'restore' }
  | { type: 'swallow' };

/** How far PageDown / PageUp move. */
export const PAGE_SIZE = 10;

/**
 * The key's action, or null when the key is not the select's (typing, Home / End and the arrows with
 * Shift for the caret and the text's selection, Ctrl / Cmd shortcuts, Enter in a closed field for the
 * form). Except for Tab, which moves the focus on as usual, the caller prevents the default of every
 * key given an action.
 *
 * - ArrowDown opens the list at the chosen option, else the first; ArrowUp at the chosen option, else
 *   the last; Alt+ArrowDown opens it at the chosen option only (no active option when none is
 *   chosen). Opening is not navigating.
 * - In the open list, ArrowDown / ArrowUp move by one, PageDown / PageUp by ten; Alt+ArrowUp closes.
 * - Enter chooses the active option (and closes); with none active it only keeps the form from being
 *   submitted.
 * - Escape closes the open list, keeping the text; in a closed list, it restores the chosen label
 *   (a second Escape). With nothing to undo it is left to the page (a dialog around it may close).
 * - Tab: the active option is chosen only when the shopper navigated to it with the arrow or page
 *   keys (as a native select follows the arrows); an option made active by typing or by the mouse is
 *   not: the list closes and the chosen label comes back, the value unchanged.
 */
export function keyAction(press: KeyPress, state: ListState): KeyAction | null {
  if (press.ctrlKey || press.metaKey) return null;
  const { open, active, count, selected } = state;
  const hasActive = open && active >= 0 && active < count;
  const arrows = press.key === 'ArrowDown' || press.key === 'ArrowUp';
  if (press.shiftKey && (arrows || press.key === 'PageDown' || press.key === 'PageUp')) return null;
  switch (press.key) {
    case 'ArrowDown':
      if (!open) {
        if (press.altKey) return { type: 'open', active: selected };
        return { type: 'open', active: selected >= 0 ? selected : count > 0 ? 0 : -1 };
      }
      if (press.altKey) return { type: 'swallow' };
      return { type: 'move', active: moveActive(count, active, 1) };
    case 'ArrowUp':
      if (press.altKey) return open ? { type: 'close' } : null;
      if (!open) return { type: 'open', active: selected >= 0 ? selected : count - 1 };
      return { type: 'move', active: moveActive(count, active, -1) };
    case 'PageDown':
    case 'PageUp':
      if (!open || press.altKey) return null;
      return {
        type: 'move',
        active: moveActive(count, active, press.key === 'PageDown' ? PAGE_SIZE : -PAGE_SIZE),
      };
    case 'Enter':
      if (!open || press.altKey) return null;
      return hasActive ? { type: 'choose', index: active } : { type: 'swallow' };
    case 'Escape':
      if (open) return { type: 'close' };
      return state.typed ? { type: 'restore' } : null;
    case 'Tab':
      if (hasActive && state.navigated) return { type: 'choose', index: active };
      return open || state.typed ? { type: 'restore' } : null;
    default:
      return null;
  }
}
