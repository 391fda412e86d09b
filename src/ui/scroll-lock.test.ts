import { describe, expect, it } from 'vitest';
import { scrollbarGap } from './scroll-lock';

describe('scrollbarGap', () => {
  it("is the scrollbar's width, never negative", () => {
    expect(scrollbarGap(1280, 1265)).toBe(15);
    expect(scrollbarGap(390, 390)).toBe(0);
    expect(scrollbarGap(390, 400)).toBe(0);
  });

  it.each([
    [1280, 1265, 15],
    [390, 390, 0],
    [1000, 1001, 0],
  ])('window %d, client %d → %d', (w, c, gap) => {
    expect(scrollbarGap(w, c)).toBe(gap);
  });
});
