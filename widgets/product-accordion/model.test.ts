import { describe, expect, it } from 'vitest';
import { ACCORDION_ANIMATION_MS, animationDuration, initialSection, toggleSection } from './model';

describe('toggleSection: one section open at a time', () => {
  it.each([
    [null, 0, 3, 0],
    [null, 2, 3, 2],
    [0, 1, 3, 1],
    [2, 0, 3, 0],
    [1, 1, 3, null],
    [0, 0, 1, null],
  ] as const)('open %s, toggle %i of %i → %s', (open, index, count, expected) => {
    expect(toggleSection(open, index, count)).toBe(expected);
  });

  it.each([-1, 3, 1.5, Number.NaN])('an index outside the sections (%s) changes nothing', (index) => {
    expect(toggleSection(1, index, 3)).toBe(1);
    expect(toggleSection(null, index, 3)).toBeNull();
  });
});

describe('initialSection', () => {
  it('opens the section named, if it exists', () => {
    expect(initialSection(1, 3)).toBe(1);
    expect(initialSection(0, 1)).toBe(0);
  });
  it.each([null, undefined, -1, 3, 0.5])('%s opens none', (open) => {
    expect(initialSection(open, 3)).toBeNull();
  });
});

it('animates in 200 ms (§9), not at all with reduced motion', () => {
  expect(ACCORDION_ANIMATION_MS).toBe(200);
  expect(animationDuration(false)).toBe(200);
  expect(animationDuration(true)).toBe(0);
});
