import { describe, expect, it } from 'vitest';
import { nextLineKeys } from './mini-cart-fragment';

describe('nextLineKeys: where the focus goes after a removal', () => {
  it('the lines after the removed one, nearest first, then those before it, nearest first', () => {
    expect(nextLineKeys(['a', 'b', 'c', 'd'], 'b')).toEqual(['c', 'd', 'a']);
  });
  it('the last line removed: the one before it first', () => {
    expect(nextLineKeys(['a', 'b', 'c'], 'c')).toEqual(['b', 'a']);
  });
  it('the only line removed: nothing', () => {
    expect(nextLineKeys(['a'], 'a')).toEqual([]);
  });
  it('a key that is not in the list: nothing', () => {
    expect(nextLineKeys(['a', 'b'], 'z')).toEqual([]);
  });
});
