// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  filterOptions,
  indexOfValue,
  keyAction,
  labelOf,
  moveActive,
  normalize,
  PAGE_SIZE,
  postedValue,
  prepareOptions,
  type KeyPress,
  type ListState,
  type SearchOption,
} from './SearchSelect.model';

const COUNTRIES: SearchOption[] = [
  ['AX', 'Åland Islands'],
  ['DZ', 'Algeria'],
  ['CI', 'Côte d’Ivoire'],
  ['DE', 'Germany'],
  ['NE', 'Niger'],
  ['NG', 'Nigeria'],
  ['PL', 'Poland'],
  ['RE', 'Réunion'],
  ['GB', 'United Kingdom (UK)'],
  ['US', 'United States (US)'],
];
const ENTRIES = prepareOptions(COUNTRIES);
const labels = (query: string) => filterOptions(ENTRIES, query).map((entry) => entry.label);

describe('normalize', () => {
  it.each([
    ['Germany', 'germany'],
    ['ÅLAND', 'aland'],
    ['Côte d’Ivoire', "cote d'ivoire"],
    ['Réunion', 'reunion'],
    ['São Tomé and Príncipe', 'sao tome and principe'],
    ['Curaçao', 'curacao'],
    ['Türkiye', 'turkiye'],
    ['İstanbul', 'istanbul'],
    ['Ñuñoa', 'nunoa'],
    ['Łódź', 'lodz'],
    ['Ørsta', 'orsta'],
    ['Đà Nẵng', 'da nang'],
    ['Ærø', 'aero'],
    ['Œuvre', 'oeuvre'],
    ['Straße', 'strasse'],
    ['Þórshöfn', 'thorshofn'],
    ['Ħamrun', 'hamrun'],
    ['  United   Kingdom\t(UK) ', 'united kingdom (uk)'],
    ['Guinea‘Bissau’', "guinea'bissau'"],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(normalize(text)).toBe(expected);
  });

  it('leaves scripts without case alone, and strips their combining marks (Arabic harakat)', () => {
    expect(normalize('مِصر')).toBe('مصر');
    expect(normalize('日本')).toBe('日本');
  });
});

describe('prepareOptions', () => {
  it('normalises each label once and keeps each option’s index', () => {
    expect(prepareOptions([['AX', 'Åland Islands']])).toEqual([
      { value: 'AX', label: 'Åland Islands', key: 'aland islands', index: 0 },
    ]);
  });

  it("leaves out the placeholder option (value ''), the indexes still the options’", () => {
    const entries = prepareOptions([
      ['', 'Select an option…'],
      ['CA', 'California'],
    ]);
    expect(entries).toEqual([{ value: 'CA', label: 'California', key: 'california', index: 1 }]);
  });

  it('no options: none', () => {
    expect(prepareOptions([])).toEqual([]);
  });
});

describe('filterOptions', () => {
  it('an empty or blank query shows every option, in order (a copy)', () => {
    expect(labels('')).toEqual(COUNTRIES.map(([, label]) => label));
    expect(labels('   ')).toHaveLength(COUNTRIES.length);
    expect(filterOptions(ENTRIES, '')).not.toBe(ENTRIES);
  });

  it('matches anywhere in the label (selectWoo’s rule)', () => {
    expect(labels('kingdom')).toEqual(['United Kingdom (UK)']);
    expect(labels('(us)')).toEqual(['United States (US)']);
    expect(labels('land')).toEqual(['Åland Islands', 'Poland']);
  });

  it('ignores case and accents, both ways', () => {
    expect(labels('ALAND')).toEqual(['Åland Islands']);
    expect(labels('reunion')).toEqual(['Réunion']);
    expect(labels('Réunion')).toEqual(['Réunion']);
    expect(labels('RÉUNIÓN')).toEqual(['Réunion']);
    expect(labels("cote d'iv")).toEqual(['Côte d’Ivoire']);
  });

  it('ranks labels starting with the query first, each group in the options’ order', () => {
    expect(labels('ger')).toEqual(['Germany', 'Algeria', 'Niger', 'Nigeria']);
    expect(labels('ni')).toEqual([
      'Niger',
      'Nigeria',
      'Réunion',
      'United Kingdom (UK)',
      'United States (US)',
    ]);
    expect(labels('united')).toEqual(['United Kingdom (UK)', 'United States (US)']);
  });

  it('folds white space in the query', () => {
    expect(labels('  united   states ')).toEqual(['United States (US)']);
  });

  it('nothing matching: an empty list', () => {
    expect(labels('zzz')).toEqual([]);
    expect(filterOptions([], 'a')).toEqual([]);
  });

  it('treats the query as text, not as a pattern', () => {
    expect(labels('.*')).toEqual([]);
    expect(labels('(')).toEqual(['United Kingdom (UK)', 'United States (US)']);
  });

  it('keeps the entries themselves (their index is their id)', () => {
    const [germany] = filterOptions(ENTRIES, 'germany');
    expect(germany).toBe(ENTRIES[3]);
    expect(germany?.index).toBe(3);
  });

  it('stays linear on 250 options × a typed word', () => {
    const many = prepareOptions(Array.from({ length: 250 }, (_, i) => [`C${i}`, `Country ${i}`] as const));
    const started = performance.now();
    for (const query of ['c', 'co', 'cou', 'coun', 'count', 'countr', 'country', 'country 1']) {
      filterOptions(many, query);
    }
    expect(filterOptions(many, 'country 24')).toHaveLength(11);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('labelOf and postedValue', () => {
  it('a chosen option: its label, and its value is posted', () => {
    expect(labelOf(COUNTRIES, 'DE')).toBe('Germany');
    expect(postedValue(COUNTRIES, 'DE')).toBe('DE');
  });

  it('nothing chosen: no label, nothing posted', () => {
    expect(labelOf(COUNTRIES, '')).toBe('');
    expect(postedValue(COUNTRIES, '')).toBe('');
  });

  it('a stale or hostile value: no label (the placeholder shows), nothing posted', () => {
    for (const value of ['XX', 'de', '<img src=x onerror=alert(1)>', 'Germany', ' DE']) {
      expect(labelOf(COUNTRIES, value)).toBe('');
      expect(postedValue(COUNTRIES, value)).toBe('');
    }
  });

  it("the placeholder option’s value ('') is none, even when it is listed", () => {
    const states: SearchOption[] = [
      ['', 'Select an option…'],
      ['CA', 'California'],
    ];
    expect(labelOf(states, '')).toBe('');
    expect(postedValue(states, '')).toBe('');
    expect(labelOf(states, 'CA')).toBe('California');
  });
});

describe('moveActive', () => {
  it.each([
    // count, current, delta, expected
    [5, -1, 1, 0],
    [5, -1, -1, 4],
    [5, 0, 1, 1],
    [5, 3, 1, 4],
    [5, 4, 1, 4],
    [5, 4, -1, 3],
    [5, 0, -1, 0],
    [5, 2, 10, 4],
    [5, 2, -10, 0],
    [30, 2, 10, 12],
    [30, 25, -10, 15],
    [5, -1, 10, 0],
    [5, -1, -10, 4],
    [5, 9, 1, 0],
    [1, 0, 1, 0],
    [0, -1, 1, -1],
    [0, 3, -1, -1],
  ])('%i shown, from %i by %i → %i', (count, current, delta, expected) => {
    expect(moveActive(count, current, delta)).toBe(expected);
  });
});

describe('indexOfValue', () => {
  it('the chosen value’s place among the shown options, -1 when not shown', () => {
    expect(indexOfValue(ENTRIES, 'DE')).toBe(3);
    expect(indexOfValue(filterOptions(ENTRIES, 'ger'), 'DE')).toBe(0);
    expect(indexOfValue(filterOptions(ENTRIES, 'ger'), 'PL')).toBe(-1);
    expect(indexOfValue(ENTRIES, '')).toBe(-1);
    expect(indexOfValue(ENTRIES, 'XX')).toBe(-1);
  });
});

describe('keyAction', () => {
  const closed: ListState = {
    open: false,
    active: -1,
    count: 10,
    selected: -1,
    typed: false,
    navigated: false,
  };
  const opened: ListState = { ...closed, open: true, active: 2 };
  const key = (k: string, modifiers: Omit<KeyPress, 'key'> = {}): KeyPress => ({ key: k, ...modifiers });

  describe('in a closed list', () => {
    it('ArrowDown opens at the chosen option, else the first (none when nothing is shown)', () => {
      expect(keyAction(key('ArrowDown'), { ...closed, selected: 4 })).toEqual({ type: 'open', active: 4 });
      expect(keyAction(key('ArrowDown'), closed)).toEqual({ type: 'open', active: 0 });
      expect(keyAction(key('ArrowDown'), { ...closed, count: 0 })).toEqual({ type: 'open', active: -1 });
    });

    it('Alt+ArrowDown opens at the chosen option only (no active option when none is chosen)', () => {
      expect(keyAction(key('ArrowDown', { altKey: true }), { ...closed, selected: 4 })).toEqual({
        type: 'open',
        active: 4,
      });
      expect(keyAction(key('ArrowDown', { altKey: true }), closed)).toEqual({ type: 'open', active: -1 });
    });

    it('ArrowUp opens at the chosen option, else the last', () => {
      expect(keyAction(key('ArrowUp'), { ...closed, selected: 4 })).toEqual({ type: 'open', active: 4 });
      expect(keyAction(key('ArrowUp'), closed)).toEqual({ type: 'open', active: 9 });
      expect(keyAction(key('ArrowUp'), { ...closed, count: 0 })).toEqual({ type: 'open', active: -1 });
    });

    it('Alt+ArrowUp, PageDown, PageUp, Enter, Home, End are not the select’s', () => {
      for (const press of [
        key('ArrowUp', { altKey: true }),
        key('PageDown'),
        key('PageUp'),
        key('Enter'),
        key('Home'),
        key('End'),
      ]) {
        expect(keyAction(press, closed)).toBeNull();
      }
    });

    it('Escape: with the text typed, restores the chosen label (the second Escape); else the page’s', () => {
      expect(keyAction(key('Escape'), { ...closed, typed: true })).toEqual({ type: 'restore' });
      expect(keyAction(key('Escape'), closed)).toBeNull();
    });

    it('Tab: restores the chosen label when text was typed; else nothing', () => {
      expect(keyAction(key('Tab'), { ...closed, typed: true })).toEqual({ type: 'restore' });
      expect(keyAction(key('Tab'), closed)).toBeNull();
      expect(keyAction(key('Tab', { shiftKey: true }), closed)).toBeNull();
    });
  });

  describe('in an open list', () => {
    it('ArrowDown and ArrowUp move by one, stopping at the ends', () => {
      expect(keyAction(key('ArrowDown'), opened)).toEqual({ type: 'move', active: 3 });
      expect(keyAction(key('ArrowUp'), opened)).toEqual({ type: 'move', active: 1 });
      expect(keyAction(key('ArrowDown'), { ...opened, active: 9 })).toEqual({ type: 'move', active: 9 });
      expect(keyAction(key('ArrowUp'), { ...opened, active: 0 })).toEqual({ type: 'move', active: 0 });
    });

    it('from no active option, ArrowDown goes to the first and ArrowUp to the last', () => {
      expect(keyAction(key('ArrowDown'), { ...opened, active: -1 })).toEqual({ type: 'move', active: 0 });
      expect(keyAction(key('ArrowUp'), { ...opened, active: -1 })).toEqual({ type: 'move', active: 9 });
    });

    it('PageDown and PageUp move by ten, stopping at the ends', () => {
      const long = { ...opened, count: 250, active: 5 };
      expect(PAGE_SIZE).toBe(10);
      expect(keyAction(key('PageDown'), long)).toEqual({ type: 'move', active: 15 });
      expect(keyAction(key('PageUp'), long)).toEqual({ type: 'move', active: 0 });
      expect(keyAction(key('PageDown'), { ...long, active: 245 })).toEqual({ type: 'move', active: 249 });
    });

    it('Alt+ArrowUp closes; Alt+ArrowDown changes nothing', () => {
      expect(keyAction(key('ArrowUp', { altKey: true }), opened)).toEqual({ type: 'close' });
      expect(keyAction(key('ArrowDown', { altKey: true }), opened)).toEqual({ type: 'swallow' });
    });

    it('Enter chooses the active option; with none, it only keeps the form from being submitted', () => {
      expect(keyAction(key('Enter'), opened)).toEqual({ type: 'choose', index: 2 });
      expect(keyAction(key('Enter'), { ...opened, active: -1 })).toEqual({ type: 'swallow' });
      expect(keyAction(key('Enter'), { ...opened, count: 0, active: -1 })).toEqual({ type: 'swallow' });
      // An index the shown options no longer reach is no option.
      expect(keyAction(key('Enter'), { ...opened, count: 2 })).toEqual({ type: 'swallow' });
    });

    it('Escape closes the list and keeps the text', () => {
      expect(keyAction(key('Escape'), opened)).toEqual({ type: 'close' });
      expect(keyAction(key('Escape'), { ...opened, typed: true })).toEqual({ type: 'close' });
    });

    it('Tab chooses the active option only when the shopper navigated to it with the keys', () => {
      expect(keyAction(key('Tab'), { ...opened, navigated: true })).toEqual({ type: 'choose', index: 2 });
      expect(keyAction(key('Tab', { shiftKey: true }), { ...opened, navigated: true })).toEqual({
        type: 'choose',
        index: 2,
      });
    });

    it('Tab after typing (the first match active) or the mouse: closes, the chosen label back', () => {
      expect(keyAction(key('Tab'), { ...opened, typed: true, active: 0 })).toEqual({ type: 'restore' });
      expect(keyAction(key('Tab'), opened)).toEqual({ type: 'restore' });
      expect(keyAction(key('Tab'), { ...opened, active: -1, navigated: true })).toEqual({ type: 'restore' });
    });

    it('Home and End are the caret’s; Shift+arrows select text; Ctrl / Cmd shortcuts are left alone', () => {
      for (const press of [
        key('Home'),
        key('End'),
        key('ArrowLeft'),
        key('ArrowRight'),
        key('a'),
        key(' '),
        key('Backspace'),
        key('ArrowDown', { shiftKey: true }),
        key('ArrowUp', { shiftKey: true }),
        key('PageDown', { shiftKey: true }),
        key('ArrowDown', { ctrlKey: true }),
        key('Enter', { metaKey: true }),
        key('Escape', { ctrlKey: true }),
        key('PageDown', { altKey: true }),
        key('Enter', { altKey: true }),
      ]) {
        expect(keyAction(press, opened)).toBeNull();
      }
    });
  });
});
