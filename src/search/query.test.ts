import { describe, expect, it } from 'vitest';
import { isSearchable, LatestRequest, MIN_QUERY_LENGTH, normalizeQuery, SearchMemo } from './query';

describe('normalizeQuery', () => {
  it.each([
    ['trail  shoes', 'trail shoes'],
    ['  boots ', 'boots'],
    ['a\t\nb', 'a b'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (raw, query) => expect(normalizeQuery(raw)).toBe(query));
});

describe('isSearchable', () => {
  it('needs the minimum of 3 characters by default', () => {
    expect(MIN_QUERY_LENGTH).toBe(3);
    expect(isSearchable('ba')).toBe(false);
    expect(isSearchable('bal')).toBe(true);
  });
  it('takes a configured minimum, never below 1', () => {
    expect(isSearchable('ab', 2)).toBe(true);
    expect(isSearchable('', 0)).toBe(false);
    expect(isSearchable('a', -5)).toBe(true);
  });
});

describe('SearchMemo', () => {
  it('keeps answers per query, ignoring case and spaces', () => {
    const memo = new SearchMemo<string[]>();
    memo.set('Boots', ['a'], true);
    expect(memo.get('boots')).toEqual(['a']);
    expect(memo.get(' BOOTS  ')).toEqual(['a']);
    expect(memo.get('boot')).toBeUndefined();
  });
  it('knows which queries extend one that found nothing', () => {
    const memo = new SearchMemo<string[]>();
    memo.set('xyz', [], false);
    expect(memo.extendsEmpty('xyzw')).toBe(true);
    expect(memo.extendsEmpty('XYZ w')).toBe(true);
    expect(memo.extendsEmpty('xy')).toBe(false);
    expect(memo.extendsEmpty('axyz')).toBe(false);
    memo.set('ball', ['a'], true);
    expect(memo.extendsEmpty('balls')).toBe(false);
  });
  it('forgets the oldest answers beyond its size', () => {
    const memo = new SearchMemo<number>();
    for (let i = 0; i < 70; i++) memo.set(`query ${i}`, i, true);
    expect(memo.get('query 0')).toBeUndefined();
    expect(memo.get('query 69')).toBe(69);
  });
});

describe('LatestRequest', () => {
  it('aborts the previous signal when the next is asked for, and on cancel', () => {
    const latest = new LatestRequest();
    const first = latest.next();
    const second = latest.next();
    expect(first.aborted).toBe(true);
    expect(second.aborted).toBe(false);
    latest.cancel();
    expect(second.aborted).toBe(true);
  });
});
