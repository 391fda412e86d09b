import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { nextSelectable, useCombobox } from './useCombobox';

const ITEMS = ['Boots', 'Not selectable', 'Balls', 'Bags'];

function Harness({ onChoose }: { onChoose: (i: number) => void }) {
  const [open, setOpen] = useState(true);
  const box = useCombobox({
    idPrefix: 't',
    count: ITEMS.length,
    isSelectable: (i) => i !== 1,
    open,
    onOpenChange: setOpen,
    onChoose,
  });
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="q">Search</label>
      <input id="q" {...box.inputProps} />
      <ul {...box.listboxProps} hidden={!open} aria-label="Suggestions">
        {ITEMS.map((item, i) => (
          <li key={item} {...box.optionProps(i)}>
            {item}
          </li>
        ))}
      </ul>
    </form>
  );
}

describe('nextSelectable', () => {
  const all = () => true;
  it('moves and falls off either end to the text box (-1)', () => {
    expect(nextSelectable(-1, 1, 3, all)).toBe(0);
    expect(nextSelectable(2, 1, 3, all)).toBe(-1);
    expect(nextSelectable(3, -1, 3, all)).toBe(2);
    expect(nextSelectable(0, -1, 3, all)).toBe(-1);
  });
  it('skips what cannot be chosen', () => {
    expect(nextSelectable(0, 1, 3, (i) => i !== 1)).toBe(2);
    expect(nextSelectable(-1, 1, 2, () => false)).toBe(-1);
  });
});

describe('useCombobox', () => {
  it('moves over the selectable suggestions with the arrows and chooses with Enter', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 't-option-0');
    expect(screen.getByRole('option', { name: 'Boots' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 't-option-2');
    expect(screen.getByRole('option', { name: 'Not selectable' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(3);
  });

  it('closes with Escape and opens again with ArrowDown', async () => {
    render(<Harness onChoose={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', 't-option-0');
  });

  it('chooses with a click, not one that cannot be chosen, and keeps the focus in the text box', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Not selectable' }));
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('option', { name: 'Balls' }));
    expect(onChoose).toHaveBeenCalledWith(2);
    expect(input).toHaveFocus();
  });

  it('lets Enter submit the form when no suggestion is active', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Search' }));
    await userEvent.keyboard('{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
  });
});
