import { useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AddressRules } from '../contract/address';
import { SearchSelect, type SearchOption } from '../ui/SearchSelect';
import { applyLayout, fieldRow, labelText, setLabel } from './layout-dom';
import { layoutFields, sortByPriority, stateInput, ADDRESS_KEYS } from './rules';

/** The printed control a picker stands in for, put back when the island goes. */
interface Replaced {
  node: Element;
  parent: Element;
  next: Node | null;
}

/** Where one address's pickers go, read once from the server's markup. */
interface Slots {
  countryWrapper: HTMLElement | null;
  countryOptions: SearchOption[];
  countryLabel: string;
  /** The printed select's placeholder option ('Select a country / region…'), '' when it has none. */
  countryPlaceholder: string;
  stateRow: HTMLElement | null;
  stateWrapper: HTMLElement | null;
  stateLabel: string;
  /** The printed state control's autocomplete token and classes (kept on ours). */
  stateAutocomplete: string;
  replaced: Replaced[];
}

const wrapperOf = (row: HTMLElement | null): HTMLElement | null =>
  row?.querySelector<HTMLElement>('.woocommerce-input-wrapper') ?? row;

function readSlots(form: HTMLFormElement, prefix: string): Slots {
  const countryRow = fieldRow(form, `${prefix}_country`);
  const country = countryRow?.querySelector(`select#${prefix}_country`);
  const stateRow = fieldRow(form, `${prefix}_state`);
  const state = stateRow?.querySelector(`#${prefix}_state`);
  const replaced: Replaced[] = [];
  const keep = (node: Element | null | undefined) => {
    if (node?.parentElement) replaced.push({ node, parent: node.parentElement, next: node.nextSibling });
  };
  let countryOptions: SearchOption[] = [];
  let countryPlaceholder = '';
  if (country instanceof HTMLSelectElement) {
    const options = Array.from(country.options);
    // The placeholder option: '' on the checkout, `default` in the cart's shipping calculator.
    const isPlaceholder = (o: HTMLOptionElement) => o.value === '' || o.value === 'default';
    countryPlaceholder = options.find(isPlaceholder)?.text.trim() ?? '';
    countryOptions = options.filter((o) => !isPlaceholder(o)).map((o) => [o.value, o.text.trim()] as const);
    keep(country);
  }
  if (state && country instanceof HTMLSelectElement) keep(state);
  return {
    countryWrapper: country instanceof HTMLSelectElement ? wrapperOf(countryRow) : null,
    countryOptions,
    countryLabel: countryRow ? labelText(countryRow) : '',
    countryPlaceholder,
    stateRow,
    stateWrapper: country instanceof HTMLSelectElement ? wrapperOf(stateRow) : null,
    stateLabel: stateRow ? labelText(stateRow) : '',
    stateAutocomplete: state?.getAttribute('autocomplete') ?? 'address-level1',
    replaced,
  };
}

export interface AddressFieldsProps {
  form: HTMLFormElement;
  /** `billing` or `shipping` (the checkout), `calc_shipping` (the cart's shipping calculator). */
  prefix: string;
  rules: AddressRules;
  country: string;
  state: string;
  onCountry(country: string): void;
  onState(state: string, how: 'typed' | 'chosen'): void;
  /** After a country's layout is applied (WooCommerce's `country_to_state_changed`). */
  onLaidOut(country: string, wrapper: Element | null): void;
}

/**
 * One address's country and state pickers (§4 "Address form", §5 messages), drawn in the server's
 * rows in place of its selects (which go back when the island does), and the country's layout
 * applied to the server's rows (`#{prefix}_{key}_field`; rows the form does not have are skipped:
 * the shipping calculator has country, state, city and postcode only).
 */
export function AddressFields({
  form,
  prefix,
  rules,
  country,
  state,
  onCountry,
  onState,
  onLaidOut,
}: AddressFieldsProps) {
  const [slots] = useState(() => readSlots(form, prefix));
  const kind = useMemo(() => stateInput(rules.states, country), [rules.states, country]);
  const layout = useMemo(() => layoutFields(rules.locale, country, ADDRESS_KEYS), [rules.locale, country]);
  const stateRule = layout.find((f) => f.key === 'state');
  const stateRequired = kind.kind !== 'hidden' && (stateRule?.required ?? false);
  const stateLabel = stateRule?.label || slots.stateLabel;

  // The printed selects leave before the first paint, and come back when the island goes.
  useLayoutEffect(() => {
    for (const { node } of slots.replaced) node.remove();
    // A state row printed without a label (the shipping calculator's, for a country without states)
    // gets one while the island is there: the picker or text input it may hold needs its name.
    const row = slots.stateWrapper ? slots.stateRow : null;
    let added: HTMLLabelElement | null = null;
    if (row && !row.querySelector('label')) {
      added = document.createElement('label');
      added.htmlFor = `${prefix}_state`;
      row.prepend(added);
    }
    return () => {
      added?.remove();
      for (const { node, parent, next } of [...slots.replaced].reverse()) {
        parent.insertBefore(node, next && next.parentNode === parent ? next : null);
      }
    };
  }, [slots, prefix]);

  useLayoutEffect(() => {
    applyLayout(form, prefix, layout, sortByPriority(layout), rules.optionalText);
    const row = fieldRow(form, `${prefix}_state`);
    if (row) {
      row.hidden = kind.kind === 'hidden';
      if (kind.kind !== 'hidden') setLabel(row, stateLabel, stateRequired, rules.optionalText);
      row.classList.toggle('validate-required', stateRequired);
    }
    onLaidOut(country, form.querySelector(`.woocommerce-${prefix}-fields`) ?? form);
    // Only when the country (so the layout) changes: the callbacks are the parent's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout, kind]);

  const stateOptions = useMemo<SearchOption[]>(
    () => (kind.kind === 'select' ? kind.options.map(([code, name]) => [code, name] as const) : []),
    [kind],
  );
  const noMatches = rules.messages.i18n_no_matches ?? 'No matches found';
  const stateId = `${prefix}_state`;

  let stateControl: React.ReactNode = null;
  if (slots.stateWrapper) {
    if (kind.kind === 'select') {
      stateControl = (
        <SearchSelect
          key={`${country}-select`}
          id={stateId}
          name={stateId}
          label={stateLabel}
          options={stateOptions}
          value={state}
          onChange={(value) => onState(value, 'chosen')}
          placeholder={rules.messages.i18n_select_state_text ?? 'Select an option…'}
          required={stateRequired}
          messages={{ noMatches }}
        />
      );
    } else if (kind.kind === 'text') {
      stateControl = (
        <input
          key={`${country}-text`}
          type="text"
          className="input-text"
          id={stateId}
          name={stateId}
          value={state}
          placeholder={stateRule?.placeholder ?? ''}
          autoComplete={slots.stateAutocomplete}
          aria-required={stateRequired || undefined}
          onChange={(event) => onState(event.target.value, 'typed')}
        />
      );
    } else {
      stateControl = <input key={`${country}-hidden`} type="hidden" id={stateId} name={stateId} value="" />;
    }
  }

  return (
    <>
      {slots.countryWrapper &&
        createPortal(
          <SearchSelect
            id={`${prefix}_country`}
            name={`${prefix}_country`}
            label={slots.countryLabel}
            options={slots.countryOptions}
            value={country}
            onChange={onCountry}
            placeholder={slots.countryPlaceholder || 'Select a country / region…'}
            required
            messages={{ noMatches }}
          />,
          slots.countryWrapper,
        )}
      {slots.stateWrapper && stateControl && createPortal(stateControl, slots.stateWrapper)}
    </>
  );
}

/** The country and state the server printed for an address ('' when it printed none). */
export function printedAddress(form: HTMLFormElement, prefix: string): { country: string; state: string } {
  const country = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#${prefix}_country`);
  const state = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#${prefix}_state`);
  return { country: country?.value ?? '', state: state?.value ?? '' };
}
