import { useCallback, useState, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * The WAI-ARIA combobox with a listbox popup (APG "Editable Combobox With List Autocomplete"), for
 * the two search experiences (storefront.md §2.4): the focus stays in the text box, the active
 * suggestion is pointed at with `aria-activedescendant`; ArrowDown/ArrowUp move over the suggestions
 * that can be chosen (a suggestion with id -1 cannot, §2.4: it is skipped), wrapping through the text
 * box; Enter chooses the active suggestion, or, with none active, lets the form submit; Escape closes
 * the popup (a second Escape is the page's). A pointer chooses with a click; pressing a suggestion
 * does not take the focus from the text box.
 */
export interface ComboboxOptions {
  /** Unique on the page: the listbox is `{idPrefix}-listbox`, option i `{idPrefix}-option-{i}`. */
  idPrefix: string;
  /** How many suggestions the popup lists. */
  count: number;
  isSelectable(index: number): boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
  onChoose(index: number): void;
}

export interface ComboboxInputProps {
  role: 'combobox';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-autocomplete': 'list';
  'aria-activedescendant': string | undefined;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

export interface ComboboxOptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  'aria-disabled': true | undefined;
  onMouseDown(event: MouseEvent): void;
  onMouseMove(): void;
  onClick(event: MouseEvent): void;
}

/** The next selectable index from `from` in `step` direction, or -1 (the text box) past either end. */
export function nextSelectable(
  from: number,
  step: 1 | -1,
  count: number,
  isSelectable: (index: number) => boolean,
): number {
  for (let i = from + step; i >= 0 && i < count; i += step) if (isSelectable(i)) return i;
  return -1;
}

export function useCombobox(options: ComboboxOptions) {
  const { idPrefix, count, isSelectable, open, onOpenChange, onChoose } = options;
  const [activeIndex, setActiveIndex] = useState(-1);
  const listboxId = `${idPrefix}-listbox`;
  const optionId = (index: number) => `${idPrefix}-option-${index}`;

  // New suggestions, or a closed popup: nothing is active any more (opening keeps the index the
  // ArrowDown that opened it chose). Adjusted while rendering, as React advises for derived resets.
  const [seen, setSeen] = useState({ count, open });
  if (seen.count !== count || seen.open !== open) {
    setSeen({ count, open });
    if (seen.count !== count || !open) setActiveIndex(-1);
  }

  const active = open && activeIndex >= 0 && activeIndex < count ? activeIndex : -1;

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.nativeEvent.isComposing) return;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          if (event.altKey) {
            // Alt+ArrowDown opens without moving; Alt+ArrowUp closes (APG).
            event.preventDefault();
            onOpenChange(event.key === 'ArrowDown' && count > 0);
            return;
          }
          if (count === 0) return;
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          if (!open) {
            onOpenChange(true);
            setActiveIndex(nextSelectable(step === 1 ? -1 : count, step, count, isSelectable));
            return;
          }
          const from = active === -1 ? (step === 1 ? -1 : count) : active;
          setActiveIndex(nextSelectable(from, step, count, isSelectable));
          return;
        }
        case 'Enter':
          if (active >= 0 && isSelectable(active)) {
            event.preventDefault();
            onChoose(active);
          }
          return;
        case 'Escape':
          if (open) {
            event.preventDefault();
            event.stopPropagation();
            onOpenChange(false);
          }
          return;
        default:
      }
    },
    [active, count, isSelectable, onChoose, onOpenChange, open],
  );

  const inputProps: ComboboxInputProps = {
    role: 'combobox',
    'aria-expanded': open,
    'aria-controls': listboxId,
    'aria-autocomplete': 'list',
    'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
    onKeyDown,
  };

  const listboxProps = { id: listboxId, role: 'listbox' as const };

  const optionProps = (index: number): ComboboxOptionProps => {
    const selectable = isSelectable(index);
    return {
      id: optionId(index),
      role: 'option',
      'aria-selected': index === active,
      'aria-disabled': selectable ? undefined : true,
      // Keeps the focus (and the caret) in the text box.
      onMouseDown: (event) => event.preventDefault(),
      onMouseMove: () => {
        if (selectable && index !== active) setActiveIndex(index);
      },
      onClick: (event) => {
        if (!selectable) return;
        // A modified click (new tab…) on a link inside the option is the browser's.
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onChoose(index);
      },
    };
  };

  return { activeIndex: active, setActiveIndex, inputProps, listboxProps, optionProps };
}
