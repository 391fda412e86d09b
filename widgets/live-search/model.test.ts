import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  countMessage,
  DEBOUNCE_MS,
  planFor,
  popupShown,
  productsOnly,
  shortQueryHint,
  type Answer,
} from './model';

const ANSWER: Answer = {
  suggestions: [{ html: '<a>Boots</a>', href: 'http://localhost:3000/p/' }],
  viewAll: null,
};
const EMPTY: Answer = { suggestions: [], viewAll: null };
const none = () => undefined;

describe('planFor', () => {
  it('clears below 3 characters (§9), outer spaces not counting', () => {
    expect(planFor('', null, none)).toEqual({ kind: 'clear' });
    expect(planFor('bo', null, none)).toEqual({ kind: 'clear' });
    expect(planFor('  bo   ', null, none)).toEqual({ kind: 'clear' });
  });

  it('searches the query with its spaces collapsed (§5)', () => {
    expect(planFor('boo', null, none)).toEqual({ kind: 'search', query: 'boo' });
    expect(planFor('  trail   shoes ', null, none)).toEqual({ kind: 'search', query: 'trail shoes' });
  });

  it('paints a known query at once, without a request (§7: cached per query)', () => {
    const cached = (q: string) => (q === 'boots' ? ANSWER : undefined);
    expect(planFor('boots ', 'boots', cached)).toEqual({ kind: 'paint', query: 'boots', answer: ANSWER });
    expect(planFor('boots', null, cached)).toEqual({ kind: 'paint', query: 'boots', answer: ANSWER });
  });

  it('waits when the query is the one already scheduled or in flight (a space typed after it)', () => {
    expect(planFor('trail ', 'trail', none)).toEqual({ kind: 'wait' });
    expect(planFor('trail  x', 'trail', none)).toEqual({ kind: 'search', query: 'trail x' });
  });
});

describe('canSubmit (§5)', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['ab', false],
    ['a  b', true],
    ['abc', true],
    [' ab ', false],
  ])('%j → %s', (raw, ok) => expect(canSubmit(raw)).toBe(ok));
});

describe('popupShown', () => {
  it('needs the popup open and an answer', () => {
    expect(popupShown(false, ANSWER, 'No results')).toBe(false);
    expect(popupShown(true, null, 'No results')).toBe(false);
    expect(popupShown(true, ANSWER, '')).toBe(true);
  });
  it('shows an empty answer only with a no-results text (§4)', () => {
    expect(popupShown(true, EMPTY, 'No results')).toBe(true);
    expect(popupShown(true, EMPTY, '')).toBe(false);
  });
});

describe('countMessage', () => {
  it('counts the results, or says the no-results text (§8)', () => {
    expect(countMessage(0, 'No results')).toBe('No results');
    expect(countMessage(0, 'Nothing found')).toBe('Nothing found');
    expect(countMessage(0, '')).toBe('No results');
    expect(countMessage(1, '')).toBe('1 result available.');
    expect(countMessage(3, '')).toBe('3 results available.');
  });
});

describe('productsOnly (§2.4)', () => {
  it('adds post_type=product when the link has none, and keeps one that is there', () => {
    expect(productsOnly(new URL('http://shop.test/?s=boots'))).toBe(
      'http://shop.test/?s=boots&post_type=product',
    );
    expect(productsOnly(new URL('http://shop.test/?s=boots&post_type=product'))).toBe(
      'http://shop.test/?s=boots&post_type=product',
    );
  });
});

it('has the constants of §9 and the hint of §5', () => {
  expect(DEBOUNCE_MS).toBe(200);
  expect(shortQueryHint()).toBe('Please enter at least 3 characters.');
});
