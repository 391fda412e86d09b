// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  decrease,
  floorOf,
  increase,
  initialQuantity,
  limitsOf,
  parseNumber,
  parseQuantity,
  parseStep,
} from './QuantityInput.model';

describe('parseNumber', () => {
  it.each([
    [3, 3],
    [0, 0],
    [-2, -2],
    [1.5, 1.5],
    ['3', 3],
    [' 3 ', 3],
    ['+3', 3],
    ['-1', -1],
    ['0.25', 0.25],
    ['.5', 0.5],
    ['2.', 2],
    ['1e2', 100],
  ])('%j → %j', (value, expected) => {
    expect(parseNumber(value)).toBe(expected);
  });

  it.each([
    [''],
    ['  '],
    ['any'],
    ['abc'],
    ['3abc'],
    ['0x10'],
    ['1,5'],
    [NaN],
    [Infinity],
    [null],
    [undefined],
  ])('%j is not a number', (value) => {
    expect(parseNumber(value)).toBeNull();
  });

  it('parseQuantity reads the field the same way', () => {
    expect(parseQuantity('4')).toBe(4);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('four')).toBeNull();
  });
});

describe('parseStep: 1 when the step is any, empty or invalid', () => {
  it.each([
    ['any', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
    ['abc', 1],
    [0, 1],
    ['0', 1],
    [-2, 1],
    [NaN, 1],
    [2, 2],
    ['3', 3],
    ['0.5', 0.5],
  ])('step %j → %j', (step, expected) => {
    expect(parseStep(step)).toBe(expected);
  });
});

describe('limitsOf', () => {
  it('reads numbers and attribute strings; empty means no bound', () => {
    expect(limitsOf({ min: '1', max: '', step: 'any' })).toEqual({ min: 1, max: null, step: 1 });
    expect(limitsOf({ min: 0, max: 10, step: 2 })).toEqual({ min: 0, max: 10, step: 2 });
    expect(limitsOf({})).toEqual({ min: null, max: null, step: 1 });
  });

  it('a max below the min is raised to the min', () => {
    expect(limitsOf({ min: 5, max: 2 })).toEqual({ min: 5, max: 5, step: 1 });
  });

  it('the floor is min, or 0 without a min', () => {
    expect(floorOf(limitsOf({ min: 2 }))).toBe(2);
    expect(floorOf(limitsOf({ min: '' }))).toBe(0);
    expect(floorOf(limitsOf({ min: -3 }))).toBe(-3);
  });
});

describe('initialQuantity: a value below min is raised to min on load', () => {
  it.each([
    [0, { min: 1 }, '1'],
    ['0', { min: '1' }, '1'],
    [-4, { min: 0 }, '0'],
    [2, { min: 5, max: 10 }, '5'],
    [3, { min: 1 }, '3'],
    [1, { min: 1 }, '1'],
    [3, {}, '3'],
    [-1, {}, '-1'],
    [12, { min: 1, max: 10 }, '12'],
    ['07', { min: 1 }, '7'],
  ])('%j with %j → %j', (value, bounds, expected) => {
    expect(initialQuantity(value, bounds)).toBe(expected);
  });

  it('leaves what is not a number for the shopper to see', () => {
    expect(initialQuantity('', { min: 1 })).toBe('');
    expect(initialQuantity(' abc ', { min: 1 })).toBe('abc');
  });
});

describe('increase: the plus button caps at max', () => {
  it.each([
    ['1', {}, '2'],
    ['1', { min: 1, max: 3 }, '2'],
    ['2', { min: 1, max: 3 }, '3'],
    ['3', { min: 1, max: 3 }, '3'],
    ['5', { min: 1, max: 3 }, '3'],
    ['9', { max: 10, step: 2 }, '10'],
    ['2', { step: 2 }, '4'],
    ['2', { step: 'any' }, '3'],
    ['2', { step: '' }, '3'],
    ['2', { step: 'abc' }, '3'],
    ['0.5', { step: 0.5 }, '1'],
    ['0.1', { step: 0.2 }, '0.3'],
    ['0', { min: 2 }, '2'],
    ['-5', {}, '0'],
  ])('%j with %j → %j', (text, bounds, expected) => {
    expect(increase(text, bounds)).toBe(expected);
  });

  it('starts from the floor when the field holds no number', () => {
    expect(increase('', {})).toBe('1');
    expect(increase('abc', { min: 1 })).toBe('2');
    expect(increase('', { min: 3, max: 3 })).toBe('3');
  });

  it('canIncrease is false at or above max only', () => {
    expect(canIncrease('2', { max: 3 })).toBe(true);
    expect(canIncrease('3', { max: 3 })).toBe(false);
    expect(canIncrease('4', { max: '3' })).toBe(false);
    expect(canIncrease('999', {})).toBe(true);
    expect(canIncrease('999', { max: '' })).toBe(true);
    expect(canIncrease('', { max: 3 })).toBe(true);
  });
});

describe('decrease: the minus button floors at min, never below 0 without a min', () => {
  it.each([
    ['3', { min: 1 }, '2'],
    ['2', { min: 1 }, '1'],
    ['1', { min: 1 }, '1'],
    ['0', { min: 1 }, '1'],
    ['1', {}, '0'],
    ['0', {}, '0'],
    ['0', { min: '' }, '0'],
    ['-3', {}, '0'],
    ['1', { min: 0 }, '0'],
    ['3', { min: 2, step: 2 }, '2'],
    ['5', { step: 'any' }, '4'],
    ['1', { step: 0.25 }, '0.75'],
    ['0.3', { step: 0.1 }, '0.2'],
    ['12', { min: 1, max: 10 }, '10'],
    ['-1', { min: -3 }, '-2'],
  ])('%j with %j → %j', (text, bounds, expected) => {
    expect(decrease(text, bounds)).toBe(expected);
  });

  it('goes to the floor when the field holds no number', () => {
    expect(decrease('', {})).toBe('0');
    expect(decrease('abc', { min: 1 })).toBe('1');
  });

  it('canDecrease is false at or below the floor only', () => {
    expect(canDecrease('2', { min: 1 })).toBe(true);
    expect(canDecrease('1', { min: 1 })).toBe(false);
    expect(canDecrease('0', {})).toBe(false);
    expect(canDecrease('1', {})).toBe(true);
    expect(canDecrease('-1', {})).toBe(false);
    expect(canDecrease('', { min: 1 })).toBe(true);
  });
});
