import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_SETTLE_MS, LIVE_REGION_IDS } from '../a11y/announce';
import { RESULTS_ANNOUNCE_DELAY_MS, SearchSelect, type SearchSelectProps } from './SearchSelect';
import type { SearchOption } from './SearchSelect.model';

const COUNTRIES: SearchOption[] = [
  ['AX', 'Åland Islands'],
  ['AT', 'Austria'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IE', 'Ireland'],
  ['NG', 'Nigeria'],
  ['RE', 'Réunion'],
  ['GB', 'United Kingdom (UK)'],
  ['US', 'United States (US)'],
];

type Options = Partial<Omit<SearchSelectProps, 'value' | 'onChange'>> & {
  initial?: string;
  onValue?: (value: string) => void;
  onSubmit?: (data: FormData) => void;
};

/** The select in a form with its label and a field after it, holding its value as the checkout will. */
function Field({ initial = 'IE', onValue, onSubmit, ...props }: Options) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(new FormData(event.currentTarget));
      }}
    >
      <label htmlFor="billing_country">Country / Region</label>
      <SearchSelect
        id="billing_country"
        name="billing_country"
        label="Country / Region"
        options={COUNTRIES}
        placeholder="Select a country / region…"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <label htmlFor="billing_city">Town / City</label>
      <input id="billing_city" name="billing_city" />
      <button type="submit">Place order</button>
    </form>
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Country / Region' });
const list = () => screen.getByRole('listbox', { name: 'Country / Region' });
const option = (name: string | RegExp) => screen.getByRole('option', { name });
const shownOptions = () => screen.queryAllByRole('option').map((o) => o.textContent);
const posted = () => document.querySelector<HTMLInputElement>('input[type=hidden][name=billing_country]')!;
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id);
};
const liveRegion = () => document.getElementById(LIVE_REGION_IDS.polite);

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchSelect: what it renders', () => {
  it('a combobox named by the caller’s label, showing the chosen label; a hidden input posts the value', () => {
    render(<Field />);
    expect(box()).toHaveValue('Ireland');
    expect(box()).toHaveAttribute('id', 'billing_country');
    expect(box()).toHaveAttribute('type', 'text');
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAttribute('autocomplete', 'off');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(box()).not.toHaveAttribute('name');
    expect(posted()).toHaveValue('IE');
    expect(box().closest('span')).toHaveClass('shop-islands-search-select');
  });

  it('aria-controls names the listbox, which exists (hidden) while closed', () => {
    render(<Field />);
    const listbox = document.getElementById(box().getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
    expect(listbox).toHaveAttribute('id', 'billing_country-listbox');
    expect(listbox).not.toBeVisible();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('posts the value with the form; the visible input posts nothing', async () => {
    const onSubmit = vi.fn();
    render(<Field onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const data = onSubmit.mock.calls[0]![0] as FormData;
    expect(data.getAll('billing_country')).toEqual(['IE']);
    expect([...data.keys()]).toEqual(['billing_country', 'billing_city']);
  });

  it('required, invalid, described by its error: aria-required, aria-invalid, aria-describedby', () => {
    render(
      <>
        <Field required invalid describedBy="billing_country_error" />
        <p id="billing_country_error">Billing Country / Region is a required field.</p>
      </>,
    );
    expect(box()).toHaveAttribute('aria-required', 'true');
    expect(box()).toBeInvalid();
    expect(box()).toHaveAccessibleDescription('Billing Country / Region is a required field.');
  });

  it('not required, valid: neither attribute', () => {
    render(<Field />);
    expect(box()).not.toHaveAttribute('aria-required');
    expect(box()).not.toHaveAttribute('aria-invalid');
    expect(box()).not.toHaveAttribute('aria-describedby');
  });

  it('takes the wrapper’s classes and gives inputRef the field', () => {
    const inputRef = { current: null as HTMLInputElement | null };
    render(<Field className="country_select" inputRef={inputRef} />);
    expect(box().closest('span')).toHaveClass('shop-islands-search-select', 'country_select');
    expect(inputRef.current).toBe(box());
  });

  it('nothing chosen: the placeholder, an empty field, nothing posted', () => {
    render(<Field initial="" />);
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('placeholder', 'Select a country / region…');
    expect(posted()).toHaveValue('');
  });
});

describe('SearchSelect: hostile or stale input', () => {
  it('a value that is not an option shows as none (the placeholder) and posts nothing', async () => {
    render(<Field initial="XX" />);
    expect(box()).toHaveValue('');
    expect(posted()).toHaveValue('');
    box().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.queryAllByRole('option', { selected: true })).toHaveLength(0);
    expect(activeOption()).toBe(option('Åland Islands'));
  });

  it('labels are text, never markup', async () => {
    const hostile = '<img src=x onerror="window.__hit=1">';
    render(<Field options={[['X', hostile]]} initial="X" />);
    expect(box()).toHaveValue(hostile);
    await userEvent.click(box());
    expect(screen.getByRole('option').textContent).toBe(hostile);
    expect(document.querySelector('img')).toBeNull();
  });

  it('the placeholder option (value "") is not listed', async () => {
    render(
      <Field
        initial=""
        options={[
          ['', 'Select an option…'],
          ['CA', 'California'],
          ['NY', 'New York'],
        ]}
      />,
    );
    expect(box()).toHaveValue('');
    await userEvent.click(box());
    expect(shownOptions()).toEqual(['California', 'New York']);
  });
});

describe('SearchSelect: typing', () => {
  it('filters (case and accents ignored, anywhere), opens, and makes the first match active', async () => {
    render(<Field />);
    await userEvent.click(box());
    await userEvent.keyboard('REU');
    expect(box()).toHaveValue('REU');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(shownOptions()).toEqual(['Réunion']);
    expect(activeOption()).toBe(option('Réunion'));
    await userEvent.clear(box());
    await userEvent.type(box(), 'land');
    expect(shownOptions()).toEqual(['Åland Islands', 'Ireland']);
  });

  it('labels starting with the text come first', async () => {
    render(<Field />);
    await userEvent.click(box());
    await userEvent.keyboard('ni');
    expect(shownOptions()).toEqual(['Nigeria', 'Réunion', 'United Kingdom (UK)', 'United States (US)']);
  });

  it('a click selects the label, so typing replaces it', async () => {
    render(<Field />);
    await userEvent.click(box());
    expect(box().selectionStart).toBe(0);
    expect(box().selectionEnd).toBe('Ireland'.length);
    await userEvent.keyboard('ger');
    expect(box()).toHaveValue('ger');
  });

  it('Enter chooses the active match, closes, and does not submit the form', async () => {
    const onValue = vi.fn();
    const onSubmit = vi.fn();
    render(<Field onValue={onValue} onSubmit={onSubmit} />);
    await userEvent.click(box());
    await userEvent.keyboard('united{ArrowDown}');
    expect(activeOption()).toBe(option('United States (US)'));
    await userEvent.keyboard('{Enter}');
    expect(onValue.mock.calls).toEqual([['US']]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box()).toHaveValue('United States (US)');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(posted()).toHaveValue('US');
    expect(box()).toHaveFocus();
  });

  it('Enter in the closed field is the form’s (it submits)', async () => {
    const onSubmit = vi.fn();
    render(<Field onSubmit={onSubmit} />);
    box().focus();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('choosing the value already chosen calls nothing', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValue).not.toHaveBeenCalled();
    expect(box()).toHaveValue('Ireland');
  });
});

describe('SearchSelect: keys', () => {
  it('ArrowDown opens at the chosen option (aria-selected); the arrows move and stop at the ends', async () => {
    render(<Field />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(list()).toBeVisible();
    expect(option('Ireland')).toHaveAttribute('aria-selected', 'true');
    expect(option('France')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('option', { selected: true })).toEqual([option('Ireland')]);
    expect(activeOption()).toBe(option('Ireland'));
    expect(option('Ireland')).toHaveClass('is-active');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(option('Nigeria'));
    expect(option('Ireland')).not.toHaveClass('is-active');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(activeOption()).toBe(option('Åland Islands'));
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(option('Åland Islands'));
  });

  it('nothing chosen: ArrowDown opens at the first option, ArrowUp at the last', async () => {
    const { unmount } = render(<Field initial="" />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(option('Åland Islands'));
    unmount();
    render(<Field initial="" />);
    box().focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(option('United States (US)'));
  });

  it('Alt+ArrowDown opens without an active option when nothing is chosen; Alt+ArrowUp closes', async () => {
    render(<Field initial="" />);
    box().focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(option('Åland Islands'));
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('PageDown and PageUp move by ten', async () => {
    const many = Array.from({ length: 30 }, (_, i) => [`C${i}`, `Country ${i}`] as const);
    render(<Field options={many} initial="C0" />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}{PageDown}');
    expect(activeOption()).toBe(option('Country 10'));
    await userEvent.keyboard('{PageDown}{PageDown}');
    expect(activeOption()).toBe(option('Country 29'));
    await userEvent.keyboard('{PageUp}');
    expect(activeOption()).toBe(option('Country 19'));
  });

  it('Home and End move the caret, not the active option', async () => {
    render(<Field />);
    await userEvent.click(box());
    await userEvent.keyboard('fra{ArrowLeft}{ArrowLeft}{Home}');
    expect(box().selectionStart).toBe(0);
    expect(activeOption()).toBe(option('France'));
    await userEvent.keyboard('{End}');
    expect(box().selectionStart).toBe(3);
    expect(activeOption()).toBe(option('France'));
  });

  it('Escape closes and keeps the text; a second Escape brings the label back; a third is the page’s', async () => {
    const onValue = vi.fn();
    const heard = vi.fn();
    const onDocumentKey = (event: KeyboardEvent) => heard(event.key);
    document.addEventListener('keydown', onDocumentKey);
    try {
      render(<Field onValue={onValue} />);
      await userEvent.click(box());
      await userEvent.keyboard('fra');
      await userEvent.keyboard('{Escape}');
      expect(box()).toHaveAttribute('aria-expanded', 'false');
      expect(box()).not.toHaveAttribute('aria-activedescendant');
      expect(box()).toHaveValue('fra');
      await userEvent.keyboard('{Escape}');
      expect(box()).toHaveValue('Ireland');
      expect(heard).not.toHaveBeenCalledWith('Escape');
      await userEvent.keyboard('{Escape}');
      expect(heard).toHaveBeenCalledWith('Escape');
      expect(onValue).not.toHaveBeenCalled();
      expect(posted()).toHaveValue('IE');
    } finally {
      document.removeEventListener('keydown', onDocumentKey);
    }
  });

  it('ArrowDown after Escape opens the typed filter again', async () => {
    render(<Field />);
    await userEvent.click(box());
    await userEvent.keyboard('united{Escape}{ArrowDown}');
    expect(shownOptions()).toEqual(['United Kingdom (UK)', 'United States (US)']);
    expect(activeOption()).toBe(option('United Kingdom (UK)'));
  });

  it('Tab after typing changes nothing: the label comes back, the focus moves on', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await userEvent.click(box());
    await userEvent.keyboard('fra');
    expect(activeOption()).toBe(option('France'));
    await userEvent.tab();
    expect(onValue).not.toHaveBeenCalled();
    expect(box()).toHaveValue('Ireland');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'Town / City' })).toHaveFocus();
  });

  it('Tab chooses an option the shopper moved to with the arrow keys, and moves on', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(option('Nigeria'));
    await userEvent.tab();
    expect(onValue.mock.calls).toEqual([['NG']]);
    expect(box()).toHaveValue('Nigeria');
    expect(posted()).toHaveValue('NG');
    expect(screen.getByRole('textbox', { name: 'Town / City' })).toHaveFocus();
  });

  it('Tab right after opening (no move) changes nothing', async () => {
    const onValue = vi.fn();
    render(<Field initial="" onValue={onValue} />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    expect(onValue).not.toHaveBeenCalled();
    expect(box()).toHaveValue('');
  });
});

describe('SearchSelect: mouse and focus', () => {
  it('a click on the field opens the list at the chosen option; another click closes it', async () => {
    render(<Field />);
    await userEvent.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe(option('Ireland'));
    expect(shownOptions()).toHaveLength(COUNTRIES.length);
    await userEvent.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on an option chooses it; the focus stays in the field', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await userEvent.click(box());
    await userEvent.click(option('France'));
    expect(onValue.mock.calls).toEqual([['FR']]);
    expect(box()).toHaveValue('France');
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(posted()).toHaveValue('FR');
  });

  it('a filtered option chosen by a click', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await userEvent.click(box());
    await userEvent.keyboard('gér');
    await userEvent.click(option('Germany'));
    expect(onValue.mock.calls).toEqual([['DE']]);
    expect(box()).toHaveValue('Germany');
  });

  it('the pointer makes an option active, but Tab does not choose it', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await userEvent.click(box());
    await userEvent.hover(option('Austria'));
    expect(activeOption()).toBe(option('Austria'));
    await userEvent.tab();
    expect(onValue).not.toHaveBeenCalled();
    expect(box()).toHaveValue('Ireland');
  });

  it('leaving the field (a click elsewhere) closes the list and brings the label back', async () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await userEvent.click(box());
    await userEvent.keyboard('fra');
    await userEvent.click(screen.getByRole('textbox', { name: 'Town / City' }));
    expect(box()).toHaveValue('Ireland');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('keeps the active option in view (scrollIntoView, nearest)', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      render(<Field />);
      box().focus();
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest' });
      expect(scrolled.at(-1)).toBe(option('Nigeria'));
      expect(scrolled).toContain(option('Ireland'));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('without scrollIntoView (jsdom) nothing breaks', async () => {
    expect('scrollIntoView' in Element.prototype).toBe(false);
    render(<Field />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(option('Nigeria'));
  });
});

describe('SearchSelect: no matches', () => {
  it('shows "No matches found" outside the listbox, which is not shown; nothing to choose', async () => {
    const onValue = vi.fn();
    const onSubmit = vi.fn();
    render(<Field onValue={onValue} onSubmit={onSubmit} />);
    await userEvent.click(box());
    await userEvent.keyboard('zzz');
    expect(screen.getByText('No matches found')).toBeVisible();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValue).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box()).toHaveValue('zzz');
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(screen.queryByText('No matches found')).toBeNull();
    expect(shownOptions()).toHaveLength(COUNTRIES.length);
  });

  it('its text can be given', async () => {
    render(<Field messages={{ noMatches: 'Aucun résultat' }} />);
    await userEvent.click(box());
    await userEvent.keyboard('zzz');
    expect(screen.getByText('Aucun résultat')).toBeVisible();
  });
});

describe('SearchSelect: announcements', () => {
  /**
   * Fully fake timers and synchronous events (no user-event: its own waits need real time), so the
   * debounce is measured on the fake clock alone, whatever the machine's load.
   */
  function fakeTime() {
    vi.useFakeTimers();
    const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const open = () => fireEvent.click(box());
    /** The field's text becomes `text`, as when a key is typed. */
    const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
    const key = (name: string) => fireEvent.keyDown(box(), { key: name });
    return { pass, open, type, key };
  }
  /** The debounce, then the live region's settling. */
  const SPOKEN_AFTER = RESULTS_ANNOUNCE_DELAY_MS + ANNOUNCE_SETTLE_MS;

  it('reads the number of results once typing pauses, not once per key', async () => {
    const { pass, open, type } = fakeTime();
    render(<Field />);
    open();
    type('u');
    await pass(RESULTS_ANNOUNCE_DELAY_MS / 2);
    type('un');
    await pass(RESULTS_ANNOUNCE_DELAY_MS / 2);
    type('uni');
    await pass(RESULTS_ANNOUNCE_DELAY_MS / 2);
    // 1.5 delays since the first key: a count per key would have been read by now.
    expect(liveRegion()?.textContent ?? '').toBe('');
    await pass(SPOKEN_AFTER);
    // 'uni': United Kingdom, United States, and Réunion.
    expect(liveRegion()).toHaveTextContent('3 results available.');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    type('united');
    await pass(SPOKEN_AFTER);
    expect(liveRegion()).toHaveTextContent('2 results available.');
  });

  it('one result, and no matches', async () => {
    const { pass, open, type } = fakeTime();
    render(<Field />);
    open();
    type('fra');
    await pass(SPOKEN_AFTER);
    expect(liveRegion()).toHaveTextContent('1 result available.');
    type('frazz');
    await pass(SPOKEN_AFTER);
    expect(liveRegion()).toHaveTextContent('No matches found');
  });

  it('nothing is read when the list closes before typing pauses, nor when it opens by a key', async () => {
    const { pass, open, type, key } = fakeTime();
    render(<Field />);
    open();
    type('fra');
    key('Escape');
    key('Escape');
    key('ArrowDown');
    await pass(SPOKEN_AFTER * 2);
    expect(liveRegion()?.textContent ?? '').toBe('');
  });
});

describe('SearchSelect: changes from outside, disabled, unmount', () => {
  it('new options while the list is open (another country’s states): the active option stays valid', async () => {
    const states = (options: SearchOption[]) => (
      <SearchSelect
        id="billing_state"
        name="billing_state"
        label="State"
        options={options}
        value=""
        onChange={() => {}}
      />
    );
    const { rerender } = render(
      states([
        ['CA', 'California'],
        ['NY', 'New York'],
        ['TX', 'Texas'],
      ]),
    );
    const field = screen.getByRole('combobox');
    field.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.getElementById(field.getAttribute('aria-activedescendant')!)).toHaveTextContent('Texas');
    rerender(states([['BW', 'Baden-Württemberg']]));
    expect(field).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.getElementById(field.getAttribute('aria-activedescendant')!)).toHaveTextContent(
      'Baden-Württemberg',
    );
  });

  it('a new value from outside shows its label', () => {
    const { rerender } = render(
      <SearchSelect id="c" name="c" label="Country" options={COUNTRIES} value="FR" onChange={() => {}} />,
    );
    expect(screen.getByRole('combobox')).toHaveValue('France');
    rerender(
      <SearchSelect id="c" name="c" label="Country" options={COUNTRIES} value="DE" onChange={() => {}} />,
    );
    expect(screen.getByRole('combobox')).toHaveValue('Germany');
  });

  it('disabled: nothing opens or changes, and (as a disabled select) the value is not posted', async () => {
    const onValue = vi.fn();
    const onSubmit = vi.fn();
    render(<Field disabled onValue={onValue} onSubmit={onSubmit} />);
    expect(box()).toBeDisabled();
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
    expect(posted()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((onSubmit.mock.calls[0]![0] as FormData).has('billing_country')).toBe(false);
  });

  it('disabled while open with typed text: the list and the text are dropped, and stay so', async () => {
    const select = (disabled: boolean) => (
      <SearchSelect
        id="c"
        name="c"
        label="Country"
        options={COUNTRIES}
        value="FR"
        onChange={() => {}}
        disabled={disabled}
      />
    );
    const { rerender } = render(select(false));
    const field = screen.getByRole('combobox');
    await userEvent.click(field);
    await userEvent.keyboard('ger');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    rerender(select(true));
    expect(field).toHaveValue('France');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    rerender(select(false));
    expect(field).toHaveValue('France');
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('unmounted while a count waits to be read: no timer is left, nothing is said', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Field />);
    fireEvent.click(box());
    fireEvent.change(box(), { target: { value: 'fra' } });
    await act(() => vi.advanceTimersByTimeAsync(0)); // React's own scheduling, not the debounce
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(RESULTS_ANNOUNCE_DELAY_MS + ANNOUNCE_SETTLE_MS + 50));
    expect(liveRegion()?.textContent ?? '').toBe('');
  });

  it('unmounted after a count was scheduled with the announcer: that is cancelled too', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Field />);
    fireEvent.click(box());
    fireEvent.change(box(), { target: { value: 'fra' } });
    // The debounce is over: the announcer holds the text until the live region has settled.
    await act(() => vi.advanceTimersByTimeAsync(RESULTS_ANNOUNCE_DELAY_MS + 10));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_SETTLE_MS + 50));
    expect(liveRegion()?.textContent ?? '').toBe('');
  });
});
