import type { KeyboardEvent, Ref } from 'react';
import { __ } from '../../src/i18n';
import type { AttributeOptions, Selection } from './model';
import { TEXT } from './text';
import type { AttributeProps } from './schema';

/** The select's field name for an attribute (WooCommerce: `attribute_{name}`). */
export const fieldOf = (name: string): string => `attribute_${name}`;

interface Props {
  attributes: readonly AttributeProps[];
  selection: Selection;
  /** Per select, the values it lists (null: every value, as the server printed them). */
  lists: AttributeOptions[] | null;
  onChoose(field: string, value: string): void;
  onReset(): void;
  resetUrl: string;
  firstSelect: Ref<HTMLSelectElement>;
}

/**
 * The attribute selects of WooCommerce's `table.variations`, one row per attribute, and the
 * 'Clear' link after the last one (role=button: Enter and Space reset the selection).
 */
export function VariationSelects({
  attributes,
  selection,
  lists,
  onChoose,
  onReset,
  resetUrl,
  firstSelect,
}: Props) {
  const anyChosen = Object.values(selection).some((value) => value !== '');

  const onResetKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    // Enter clicks a link by itself; Space (a button's key: the link has role=button) does not.
    if (event.key !== ' ' && event.key !== 'Spacebar') return;
    event.preventDefault();
    onReset();
  };

  return (
    <table className="variations" role="presentation">
      <tbody>
        {attributes.map((attribute, i) => {
          const field = fieldOf(attribute.name);
          const value = selection[field] ?? '';
          const labels = new Map(attribute.options.map((o) => [o.value, o.label]));
          const options = lists
            ? lists[i]!.options
            : attribute.options.map((o) => ({ value: o.value, state: 'enabled' as const }));
          const last = i === attributes.length - 1;
          return (
            // 'is-selected': the row's select holds a real option, not the 'Choose an option'
            // placeholder (storefront.md §2.5: "A row is marked as selected…"); reset clears it.
            <tr key={field} className={value ? 'is-selected' : undefined}>
              <th className="label">
                <label htmlFor={attribute.name}>{attribute.label}</label>
              </th>
              <td className="value">
                <select
                  ref={i === 0 ? firstSelect : undefined}
                  id={attribute.name}
                  name={field}
                  data-attribute_name={field}
                  data-show_option_none="yes"
                  value={value}
                  onChange={(event) => onChoose(field, event.target.value)}
                >
                  <option value="">{__(TEXT.chooseOption)}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.state === 'disabled'}>
                      {labels.get(o.value) ?? o.value}
                    </option>
                  ))}
                </select>
                {last && (
                  <a
                    className="reset_variations"
                    href={resetUrl}
                    role="button"
                    aria-label={__('Clear options')}
                    // Hidden (and out of the tab order) until something is chosen, in its place:
                    // WooCommerce toggles `visibility` so the row never changes size.
                    style={{ visibility: anyChosen ? 'visible' : 'hidden' }}
                    onClick={(event) => {
                      event.preventDefault();
                      onReset();
                    }}
                    onKeyDown={onResetKeyDown}
                  >
                    {__('Clear')}
                  </a>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
