import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addRecentSearch,
  cleanSearchTerm,
  forgetRecentSearchesForTests,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  removeRecentSearch,
  useRecentSearches,
} from './recent-searches';

const stored = (): unknown => JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null');
const seed = (value: string) => localStorage.setItem(RECENT_SEARCHES_KEY, value);

beforeEach(() => {
  localStorage.clear();
  forgetRecentSearchesForTests();
});
afterEach(() => {
  localStorage.clear();
  forgetRecentSearchesForTests();
});

describe('cleanSearchTerm: text only', () => {
  it('trims and collapses spaces', () => {
    expect(cleanSearchTerm('  running   shoes \t ')).toBe('running shoes');
  });
  it('treats control characters as spaces and drops bidirectional overrides', () => {
    expect(cleanSearchTerm('boots\nblack\u0000x\u007f\u0085y')).toBe('boots black x y');
    expect(cleanSearchTerm('abc\u202Egpj.exe\u2066\u2069')).toBe('abcgpj.exe');
  });
  it('cuts at 100 characters without splitting one', () => {
    expect(cleanSearchTerm('a'.repeat(250))).toBe('a'.repeat(100));
    const emoji = '⚽'.repeat(99) + '🥅🥅';
    expect(Array.from(cleanSearchTerm(emoji))).toHaveLength(100);
    expect(cleanSearchTerm(emoji).endsWith('🥅')).toBe(true);
    expect(cleanSearchTerm(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });
  it('keeps markup as text (it is rendered escaped)', () => {
    expect(cleanSearchTerm('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
  it('gives "" for blanks and non-strings', () => {
    expect(cleanSearchTerm('   ')).toBe('');
    expect(cleanSearchTerm(42)).toBe('');
    expect(cleanSearchTerm(null)).toBe('');
    expect(cleanSearchTerm({ toString: () => 'x' })).toBe('');
  });
  it('normalises to NFC', () => {
    expect(cleanSearchTerm('cafe\u0301')).toBe('café');
  });
});

describe('the stored list', () => {
  it('starts empty', () => {
    expect(readRecentSearches()).toEqual([]);
  });

  it('stores terms newest first, as a JSON array of strings under its key', () => {
    addRecentSearch('boots');
    addRecentSearch('  football  ');
    expect(readRecentSearches()).toEqual(['football', 'boots']);
    expect(stored()).toEqual(['football', 'boots']);
  });

  it('ignores blank terms', () => {
    addRecentSearch('   ');
    addRecentSearch('');
    expect(readRecentSearches()).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('deduplicates ignoring case, keeping the newest (its spelling, in front)', () => {
    addRecentSearch('boots');
    addRecentSearch('gloves');
    addRecentSearch('BOOTS');
    expect(readRecentSearches()).toEqual(['BOOTS', 'gloves']);
    addRecentSearch('Boots  ');
    expect(readRecentSearches()).toEqual(['Boots', 'gloves']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    for (let i = 1; i <= 12; i += 1) addRecentSearch(`term ${i}`);
    expect(readRecentSearches()).toEqual([
      'term 12',
      'term 11',
      'term 10',
      'term 9',
      'term 8',
      'term 7',
      'term 6',
      'term 5',
      'term 4',
      'term 3',
    ]);
    expect(stored()).toHaveLength(10);
  });

  it('removes a term, ignoring case and spaces', () => {
    addRecentSearch('boots');
    addRecentSearch('Junior boots');
    removeRecentSearch(' junior   BOOTS ');
    expect(readRecentSearches()).toEqual(['boots']);
    removeRecentSearch('not there');
    expect(readRecentSearches()).toEqual(['boots']);
    removeRecentSearch('boots');
    expect(readRecentSearches()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('returns the same array while nothing changes', () => {
    addRecentSearch('boots');
    expect(readRecentSearches()).toBe(readRecentSearches());
  });
});

describe('malformed storage reads as an empty (or cleaned) list, never a crash', () => {
  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"0":"boots"}'],
    ['a string', '"boots"'],
    ['a number', '42'],
    ['null', 'null'],
    ['empty', ''],
  ])('%s', (_name, raw) => {
    seed(raw);
    expect(readRecentSearches()).toEqual([]);
    addRecentSearch('boots');
    expect(stored()).toEqual(['boots']);
  });

  it('keeps only the clean, distinct strings of an array, at most 10', () => {
    seed(
      JSON.stringify([
        ' boots ',
        42,
        null,
        { term: 'x' },
        ['nested'],
        'BOOTS',
        '',
        'a\u0000b',
        'x'.repeat(300),
        ...Array.from({ length: 15 }, (_, i) => `t${i}`),
      ]),
    );
    expect(readRecentSearches()).toEqual([
      'boots',
      'a b',
      'x'.repeat(100),
      't0',
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
    ]);
  });
});

describe('blocked storage: the list lives in memory for the page', () => {
  it('works when every storage call throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(readRecentSearches()).toEqual([]);
    addRecentSearch('boots');
    addRecentSearch('gloves');
    expect(readRecentSearches()).toEqual(['gloves', 'boots']);
    removeRecentSearch('boots');
    expect(readRecentSearches()).toEqual(['gloves']);
  });

  it('works when only writing throws (a full quota): the newest list wins', () => {
    addRecentSearch('boots');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    addRecentSearch('gloves');
    expect(readRecentSearches()).toEqual(['gloves', 'boots']);
  });

  it('the hook shows the in-memory list', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual([]);
    act(() => addRecentSearch('boots'));
    expect(result.current).toEqual(['boots']);
  });
});

describe('useRecentSearches', () => {
  it('shows the last 5, newest first, and follows changes', () => {
    for (let i = 1; i <= 7; i += 1) addRecentSearch(`term ${i}`);
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual(['term 7', 'term 6', 'term 5', 'term 4', 'term 3']);
    act(() => removeRecentSearch('term 5'));
    // The 6th stored one comes into view.
    expect(result.current).toEqual(['term 7', 'term 6', 'term 4', 'term 3', 'term 2']);
    act(() => addRecentSearch('boots'));
    expect(result.current[0]).toBe('boots');
  });

  it('keeps the same array between renders while nothing changes', () => {
    addRecentSearch('boots');
    const { result, rerender } = renderHook(() => useRecentSearches());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it("follows another tab's changes (the storage event)", () => {
    addRecentSearch('boots');
    const { result } = renderHook(() => useRecentSearches());
    act(() => {
      seed(JSON.stringify(['from another tab', 'boots']));
      window.dispatchEvent(new StorageEvent('storage', { key: RECENT_SEARCHES_KEY }));
    });
    expect(result.current).toEqual(['from another tab', 'boots']);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toEqual([]);
  });

  it('ignores storage events of other keys, and stops listening when unmounted', () => {
    const { result, unmount } = renderHook(() => useRecentSearches());
    const remove = vi.spyOn(window, 'removeEventListener');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    });
    expect(result.current).toEqual([]);
    unmount();
    expect(remove).toHaveBeenCalledWith('storage', expect.any(Function));
  });
});
