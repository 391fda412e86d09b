import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useAnnounce } from '../a11y/useAnnounce';
import { __ } from '../i18n';
import {
  filterOptions,
  indexOfValue,
  keyAction,
  labelOf,
  postedValue,
  prepareOptions,
  type ListEntry,
  type SearchOption,
} from './SearchSelect.model';

export type { SearchOption } from './SearchSelect.model';

export interface SearchSelectMessages {
  /** Shown (and announced) when nothing matches what was typed. */
  noMatches: string;
}

export interface SearchSelectProps {
  /** The visible input's id: the caller's `<label for={id}>` names the field. */
  id: string;
  /** The name the value is posted under (`billing_country`, `shipping_state`…), by a hidden input. */
  name: string;
  /** The field's name without markers ('Country / Region'): names the list of options. */
  label: string;
  /** The choices, `[value, label]`, labels as plain text. An option whose value is '' is not listed. */
  options: readonly SearchOption[];
  /** The chosen value ('' for none). A value that is not an option shows as empty and posts ''. */
  value: string;
  /** A choice (a click, Enter, or Tab after the arrow keys); not called when it is the same value. */
  onChange(value: string): void;
  /** Shown while nothing is chosen (WooCommerce's states: 'Select an option…'). */
  placeholder?: string;
  /** `aria-required` (the form's own validation says what is missing). */
  required?: boolean;
  /** `aria-invalid`; give the error text's id in `describedBy`. */
  invalid?: boolean;
  /** Ids of the texts describing the field (hint, error). */
  describedBy?: string;
  /** Nothing can be changed, and, as a disabled native select, the value is not posted. */
  disabled?: boolean;
  /** Classes added to the wrapper (`shop-islands-search-select`). */
  className?: string;
  messages?: SearchSelectMessages;
  inputRef?: Ref<HTMLInputElement>;
}

/** How long typing must pause before the number of results is read out (one per pause, not per key). */
export const RESULTS_ANNOUNCE_DELAY_MS = 500;

interface Ui {
  /** What the shopper typed; null while the chosen option's label is shown. */
  query: string | null;
  open: boolean;
  /** The active option's index among the shown ones; -1 for none. */
  active: number;
  /** The active option was reached with the arrow or page keys (Tab chooses it then). */
  navigated: boolean;
}

const REST: Ui = { query: null, open: false, active: -1, navigated: false };

function resultsMessage(count: number, noMatches: string): string {
  if (count === 0) return noMatches;
  if (count === 1) return __('1 result available.');
  return __('%d results available.').replace('%d', String(count));
}

/**
 * A searchable select (WAI-ARIA APG's editable combobox with list autocomplete) for the checkout's
 * country and state pickers, in place of WooCommerce's selectWoo. Styles: `search-select.css`
 * (`@import`ed by the stylesheet of the widget using it). Rules: SearchSelect.model.ts.
 *
 * - The visible input (`role="combobox"`, no name) shows the chosen option's label; the value is
 *   posted by `<input type="hidden" name={name}>`. Its accessible name is the caller's
 *   `<label for={id}>`; `label` names the list.
 * - Typing filters the options (case and accents ignored, anywhere in the label, those starting with
 *   the text first), opens the list and makes the first match active: Enter chooses it. The number
 *   of results is announced once typing pauses. Nothing matching: a 'No matches found' line under the
 *   field, outside the listbox (which is then not shown: `aria-expanded` is false), and announced.
 * - Keys: ArrowDown / ArrowUp open and move, PageDown / PageUp move by 10, Home / End stay the
 *   caret's; Enter chooses; Escape closes, a second Escape brings the chosen label back; Tab chooses
 *   only an option reached with the arrow keys, else leaves the value as it was (see `keyAction`).
 * - A click on the field opens (or closes) the list and selects its text, so typing replaces it; a
 *   click on an option chooses it; leaving the field closes the list and shows the chosen label.
 * - Every element is a `span` (the list and options shown as blocks by the stylesheet): the field
 *   sits in WooCommerce's `p.form-row`, where a `ul` or a `div` is not allowed.
 */
export function SearchSelect({
  id,
  name,
  label,
  options,
  value,
  onChange,
  placeholder,
  required = false,
  invalid = false,
  describedBy,
  disabled = false,
  className,
  messages,
  inputRef,
}: SearchSelectProps) {
  const say = useAnnounce();
  const noMatches = messages?.noMatches ?? __('No matches found');
  const [ui, setUi] = useState<Ui>(REST);
  // Disabled under the shopper's hands (the checkout updating): what was typed or opened is dropped.
  if (disabled && ui !== REST) setUi(REST);
  const listRef = useRef<HTMLSpanElement>(null);

  const entries = useMemo(() => prepareOptions(options), [options]);
  const shown = useMemo(() => filterOptions(entries, ui.query ?? ''), [entries, ui.query]);
  const chosenLabel = labelOf(options, value);
  const posted = postedValue(options, value);
  const open = ui.open && !disabled;
  // The options may have changed under an active index (another country's states).
  const active = open && ui.active < shown.length ? ui.active : -1;
  const listShown = open && shown.length > 0;
  const listId = `${id}-listbox`;
  const optionId = (entry: ListEntry) => `${id}-option-${entry.index}`;
  const activeEntry = active >= 0 ? shown[active] : undefined;

  // The number of results, read out once typing pauses; what is pending ends with the list or the
  // component (the timer here, the announcement itself with useAnnounce).
  const count = shown.length;
  const typed = ui.query !== null;
  useEffect(() => {
    if (!open || !typed) return;
    const timer = setTimeout(() => say(resultsMessage(count, noMatches)), RESULTS_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, typed, ui.query, count, noMatches, say]);

  // The active option kept in view (jsdom has no scrollIntoView).
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.children[active];
    if (option instanceof HTMLElement && typeof option.scrollIntoView === 'function') {
      option.scrollIntoView({ block: 'nearest' });
    }
    // Again when the filter changes: the first match is active and the list may be scrolled away.
  }, [active, listShown, ui.query]);

  const choose = (entry: ListEntry | undefined) => {
    if (!entry) return;
    setUi(REST);
    if (entry.value !== posted) onChange(entry.value);
  };

  const openAt = (index: number) =>
    setUi((current) => ({ ...current, open: true, active: index, navigated: false }));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled || event.nativeEvent.isComposing) return;
    const action = keyAction(event, {
      open,
      active,
      count: shown.length,
      selected: indexOfValue(shown, posted),
      typed,
      navigated: ui.navigated,
    });
    if (!action) return;
    if (event.key !== 'Tab') event.preventDefault();
    // Handled here: a dialog around the field must not close too.
    if (event.key === 'Escape') event.stopPropagation();
    switch (action.type) {
      case 'open':
        openAt(action.active);
        break;
      case 'move':
        setUi((current) => ({ ...current, active: action.active, navigated: true }));
        break;
      case 'choose':
        choose(shown[action.index]);
        break;
      case 'close':
        setUi((current) => ({ ...current, open: false, active: -1, navigated: false }));
        break;
      case 'restore':
        setUi(REST);
        break;
      case 'swallow':
        break;
    }
  };

  return (
    <span className={['shop-islands-search-select', className].filter(Boolean).join(' ')}>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        className="input-text shop-islands-search-select__input"
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-activedescendant={activeEntry ? optionId(activeEntry) : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={ui.query ?? chosenLabel}
        onChange={(event) => {
          // The first match is active (Enter chooses it); none when nothing matches (clamped above).
          setUi({ query: event.target.value, open: true, active: 0, navigated: false });
        }}
        onClick={(event) => {
          if (disabled) return;
          if (open) {
            setUi((current) => ({ ...current, open: false, active: -1, navigated: false }));
            return;
          }
          openAt(indexOfValue(shown, posted));
          // Typing replaces the label rather than adding to it.
          event.currentTarget.select();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setUi(REST)}
      />
      <input type="hidden" name={name} value={posted} disabled={disabled} />
      <span
        className="shop-islands-search-select__popup"
        hidden={!open}
        // The field keeps the focus while an option (or the list's scroll bar) is pressed.
        onMouseDown={(event) => event.preventDefault()}
      >
        <span
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="shop-islands-search-select__list"
          hidden={!listShown}
        >
          {listShown
            ? shown.map((entry, index) => (
                <span
                  key={entry.index}
                  id={optionId(entry)}
                  role="option"
                  aria-selected={entry.value === posted}
                  className={
                    index === active
                      ? 'shop-islands-search-select__option is-active'
                      : 'shop-islands-search-select__option'
                  }
                  onClick={() => choose(entry)}
                  // Not onMouseEnter: the list scrolling under a still pointer must not move the
                  // active option away from the keyboard's.
                  onMouseMove={() => {
                    if (index !== active)
                      setUi((current) => ({ ...current, active: index, navigated: false }));
                  }}
                >
                  {entry.label}
                </span>
              ))
            : null}
        </span>
        {open && shown.length === 0 ? (
          <span className="shop-islands-search-select__empty">{noMatches}</span>
        ) : null}
      </span>
    </span>
  );
}
