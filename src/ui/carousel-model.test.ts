import { describe, expect, it } from 'vitest';
import {
  CAROUSEL,
  SLIDER,
  SWIPE_MIN_PX,
  canMoveNext,
  canMovePrevious,
  canStep,
  clampStart,
  deviceOf,
  isCarousel,
  isSlideVisible,
  lastStart,
  moveStart,
  slideAtScroll,
  slideLabel,
  slidePositionText,
  slidesPerView,
  stepSlide,
  swipeDirection,
  visibleSlidesText,
} from './carousel-model';

describe('§9 defaults', () => {
  it('slider: 7000 ms per slide, 600 ms animation', () => {
    expect(SLIDER).toEqual({ slideshowSpeed: 7000, animationSpeed: 600 });
  });
  it('carousel: 3 / 2 / 1 per view, 1 at a time, at least 2 slides, 600 ms', () => {
    expect(CAROUSEL).toMatchObject({
      desktop: 3,
      tablet: 2,
      mobile: 1,
      step: 1,
      minSlides: 2,
      animationSpeed: 600,
    });
  });
});

describe('deviceOf / slidesPerView (mobile ≤ 767 px, tablet ≤ 1024 px)', () => {
  it.each([
    [320, 'mobile', 1],
    [390, 'mobile', 1],
    [767, 'mobile', 1],
    [768, 'tablet', 2],
    [900, 'tablet', 2],
    [1024, 'tablet', 2],
    [1025, 'desktop', 3],
    [1280, 'desktop', 3],
    [2560, 'desktop', 3],
  ] as const)('%i px: %s, %i per view', (width, device, perView) => {
    expect(deviceOf(width)).toBe(device);
    expect(slidesPerView(width)).toBe(perView);
  });

  it('takes the configured counts, never less than 1', () => {
    const show = { desktop: 4, tablet: 0, mobile: Number.NaN };
    expect(slidesPerView(1280, show)).toBe(4);
    expect(slidesPerView(900, show)).toBe(1);
    expect(slidesPerView(390, show)).toBe(1);
  });
});

describe('carousel moves', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [8, true],
  ])('%i slides make a carousel: %s', (count, yes) => {
    expect(isCarousel(count)).toBe(yes);
  });

  it.each([
    // count, perView, lastStart
    [8, 3, 5],
    [8, 1, 7],
    [2, 3, 0],
    [3, 3, 0],
    [0, 3, 0],
    [5, 0, 4],
  ])('%i slides, %i per view: last start %i', (count, perView, last) => {
    expect(lastStart(count, perView)).toBe(last);
  });

  it.each([
    // start, count, perView, clamped
    [0, 8, 3, 0],
    [5, 8, 3, 5],
    [7, 8, 3, 5],
    [-2, 8, 3, 0],
    [2.7, 8, 3, 2],
    [Number.NaN, 8, 3, 0],
    [Number.POSITIVE_INFINITY, 8, 3, 0],
  ])('start %s of %i (%i per view) → %i', (start, count, perView, clamped) => {
    expect(clampStart(start, count, perView)).toBe(clamped);
  });

  it.each([
    // start, direction, count, perView, step, next
    [0, 1, 8, 3, 1, 1],
    [4, 1, 8, 3, 1, 5],
    [5, 1, 8, 3, 1, 5],
    [0, -1, 8, 3, 1, 0],
    [3, -1, 8, 3, 1, 2],
    [0, 1, 8, 3, 2, 2],
    [4, 1, 8, 3, 2, 5],
    [0, 1, 8, 3, 0, 1],
    [0, 1, 8, 3, Number.NaN, 1],
  ] as const)(
    'from %i, %i with %i slides (%i per view, step %s) → %i',
    (start, dir, count, perView, step, to) => {
      expect(moveStart(start, dir, count, perView, step)).toBe(to);
    },
  );

  it('disables Previous at the start and Next at the end', () => {
    expect(canMovePrevious(0, 8, 3)).toBe(false);
    expect(canMoveNext(0, 8, 3)).toBe(true);
    expect(canMovePrevious(5, 8, 3)).toBe(true);
    expect(canMoveNext(5, 8, 3)).toBe(false);
    // All in view: nowhere to go.
    expect(canMovePrevious(0, 2, 3)).toBe(false);
    expect(canMoveNext(0, 2, 3)).toBe(false);
  });

  it('tells which slides are in view', () => {
    const inView = (start: number, perView: number) =>
      Array.from({ length: 8 }, (_, i) => i).filter((i) => isSlideVisible(i, start, 8, perView));
    expect(inView(0, 3)).toEqual([0, 1, 2]);
    expect(inView(2, 2)).toEqual([2, 3]);
    expect(inView(7, 3)).toEqual([5, 6, 7]);
    expect(inView(7, 1)).toEqual([7]);
  });
});

describe('slider steps', () => {
  it.each([
    // index, direction, count, loop, next
    [0, 1, 5, true, 1],
    [4, 1, 5, true, 0],
    [0, -1, 5, true, 4],
    [4, 1, 5, false, 4],
    [0, -1, 5, false, 0],
    [2, -1, 5, false, 1],
    [9, 1, 5, true, 0],
    [-3, 1, 5, true, 1],
    [Number.NaN, 1, 5, true, 1],
    [0, 1, 1, true, 0],
    [0, 1, 0, true, 0],
  ] as const)('from %s, %i with %i slides (loop %s) → %i', (index, dir, count, loop, next) => {
    expect(stepSlide(index, dir, count, loop)).toBe(next);
  });

  it('can always step with loop and 2 or more slides; not past the ends without', () => {
    expect(canStep(4, 1, 5, true)).toBe(true);
    expect(canStep(0, -1, 5, true)).toBe(true);
    expect(canStep(4, 1, 5, false)).toBe(false);
    expect(canStep(0, -1, 5, false)).toBe(false);
    expect(canStep(0, 1, 1, true)).toBe(false);
  });
});

describe('slideAtScroll (the fallback list scrolled before mounting)', () => {
  it.each([
    [0, 800, 5, 0],
    [790, 800, 5, 1],
    [1650, 800, 5, 2],
    [99999, 800, 5, 4],
    [-1600, 800, 5, 2],
    [100, 0, 5, 0],
    [Number.NaN, 800, 5, 0],
  ])('scrollLeft %s, slides %s px wide, %i slides → %i', (left, width, count, index) => {
    expect(slideAtScroll(left, width, count)).toBe(index);
  });
});

describe('swipeDirection', () => {
  it.each([
    [-SWIPE_MIN_PX, 0, false, 1],
    [-120, 30, false, 1],
    [120, 30, false, -1],
    [-120, 30, true, -1],
    [120, 30, true, 1],
    [-(SWIPE_MIN_PX - 1), 0, false, 0],
    [-60, 80, false, 0],
    [-60, -60, false, 0],
    [Number.NaN, 0, false, 0],
  ] as const)('dx %s, dy %s (rtl %s) → %i', (dx, dy, rtl, direction) => {
    expect(swipeDirection(dx, dy, rtl)).toBe(direction);
  });
});

describe('texts', () => {
  it('names slides "N of M" and announces "Slide N of M"', () => {
    expect(slideLabel(1, 5)).toBe('2 of 5');
    expect(slidePositionText(1, 5)).toBe('Slide 2 of 5');
  });
  it('announces the slides in view after a carousel move', () => {
    expect(visibleSlidesText(1, 8, 3)).toBe('Slides 2 to 4 of 8');
    expect(visibleSlidesText(7, 8, 1)).toBe('Slide 8 of 8');
    expect(visibleSlidesText(9, 8, 3)).toBe('Slides 6 to 8 of 8');
  });
});
