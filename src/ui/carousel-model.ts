/**
 * The pure rules of sliders and carousels (storefront.md §9 "Sliders and carousels", "Layout"):
 * defaults, slides per view by device, where a move lands, which slides are in view, swipes, and
 * the texts a screen reader hears. No DOM, no React: the slider and carousel widgets (and any other
 * carousel, such as the smart search overlay's featured products) share it.
 */
import { __ } from '../i18n';

/** §9 "Slider defaults". */
export const SLIDER = {
  /** Milliseconds a slide stays before the next one (autoplay). */
  slideshowSpeed: 7000,
  /** Milliseconds of the change from one slide to the next. */
  animationSpeed: 600,
} as const;

/** §9 "Carousel defaults" with §9 "Layout"'s breakpoints. */
export const CAROUSEL = {
  desktop: 3,
  /** Up to 1024 px wide. */
  tablet: 2,
  tabletMaxWidth: 1024,
  /** Up to 767 px wide. */
  mobile: 1,
  mobileMaxWidth: 767,
  /** Slides moved by one 'Previous' / 'Next'. */
  step: 1,
  /** Fewer slides than this: no carousel, the server's list stays as it is. */
  minSlides: 2,
  /** Milliseconds of a move (the slider's animation speed). */
  animationSpeed: SLIDER.animationSpeed,
} as const;

/** A horizontal move at least this long (CSS px) with a finger or a pen is a swipe (ours). */
export const SWIPE_MIN_PX = 40;

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Slides shown side by side on each device. */
export interface SlidesToShow {
  desktop: number;
  tablet: number;
  mobile: number;
}

/** §9 "Layout": mobile up to 767 px, tablet up to 1024 px, desktop above (viewport width, CSS px). */
export function deviceOf(viewportWidth: number): Device {
  if (viewportWidth <= CAROUSEL.mobileMaxWidth) return 'mobile';
  if (viewportWidth <= CAROUSEL.tabletMaxWidth) return 'tablet';
  return 'desktop';
}

/** How many slides are shown side by side at this viewport width (at least 1). */
export function slidesPerView(viewportWidth: number, show: SlidesToShow = CAROUSEL): number {
  const count = show[deviceOf(viewportWidth)];
  return Number.isFinite(count) ? Math.max(1, Math.trunc(count)) : 1;
}

/** Whether this many slides make a carousel (at least 2); with fewer the list stays as it is. */
export const isCarousel = (count: number): boolean => count >= CAROUSEL.minSlides;

/** The last first-visible index: the carousel stops when its last slide is in view (no looping). */
export const lastStart = (count: number, perView: number): number =>
  Math.max(0, count - Math.max(1, perView));

/** The first visible slide, kept within 0..lastStart (after a resize showed more per view). */
export function clampStart(start: number, count: number, perView: number): number {
  if (!Number.isFinite(start)) return 0;
  return Math.min(Math.max(0, Math.trunc(start)), lastStart(count, perView));
}

/**
 * The first visible slide after 'Previous' (-1) or 'Next' (+1): `step` slides (§9: 1) at a time,
 * no wrapping.
 */
export function moveStart(
  start: number,
  direction: -1 | 1,
  count: number,
  perView: number,
  step: number = CAROUSEL.step,
): number {
  const by = Number.isFinite(step) ? Math.max(1, Math.trunc(step)) : CAROUSEL.step;
  return clampStart(clampStart(start, count, perView) + direction * by, count, perView);
}

export const canMovePrevious = (start: number, count: number, perView: number): boolean =>
  clampStart(start, count, perView) > 0;

export const canMoveNext = (start: number, count: number, perView: number): boolean =>
  clampStart(start, count, perView) < lastStart(count, perView);

/** Whether slide `index` is in view. */
export function isSlideVisible(index: number, start: number, count: number, perView: number): boolean {
  const first = clampStart(start, count, perView);
  return index >= first && index < first + Math.max(1, perView);
}

/**
 * The slider's slide after 'Previous' (-1) or 'Next' (+1): with `loop`, past the last comes the
 * first (and before the first the last); without, it stays at the ends. An index out of range
 * (hostile, or from a list that shrank) is brought back in first.
 */
export function stepSlide(index: number, direction: -1 | 1, count: number, loop: boolean): number {
  if (!(count > 0)) return 0;
  const current = Number.isFinite(index) ? Math.min(Math.max(0, Math.trunc(index)), count - 1) : 0;
  const next = current + direction;
  if (loop) return (next + count) % count;
  return Math.min(Math.max(0, next), count - 1);
}

/** Whether the slider can move that way (always with `loop` and 2 or more slides). */
export const canStep = (index: number, direction: -1 | 1, count: number, loop: boolean): boolean =>
  count > 1 && stepSlide(index, direction, count, loop) !== index;

/**
 * The slide a horizontally scrolled list shows (the no-JS fallback the shopper may have scrolled
 * before the island mounted): the nearest snap point.
 */
export function slideAtScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (!(slideWidth > 0) || !Number.isFinite(scrollLeft) || !(count > 0)) return 0;
  // Right-to-left pages scroll to negative offsets.
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(scrollLeft) / slideWidth)));
}

/**
 * What a finger or pen move from (0, 0) to (dx, dy) asks for: +1 next, -1 previous, 0 nothing (too
 * short, or more vertical than horizontal: the page scrolls). Left means next, unless right-to-left.
 */
export function swipeDirection(dx: number, dy: number, rtl = false, threshold = SWIPE_MIN_PX): -1 | 0 | 1 {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return 0;
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 !== rtl ? 1 : -1;
}

/** `%1$s`, `%2$s`… replaced in one pass (a value holding `%2$s` or `$&` stays as it is). */
const fill = (template: string, ...values: (string | number)[]): string =>
  template.replace(/%(\d)\$s/g, (placeholder, n: string) => String(values[Number(n) - 1] ?? placeholder));

/** A slide's accessible name (WAI-ARIA carousel pattern): '2 of 6'. */
export const slideLabel = (index: number, count: number): string =>
  fill(__('%1$s of %2$s'), index + 1, count);

/** What the slider announces after the shopper moved it: 'Slide 2 of 5'. */
export const slidePositionText = (index: number, count: number): string =>
  fill(__('Slide %1$s of %2$s'), index + 1, count);

/** What the carousel announces after a move: 'Slide 2 of 6' with one in view, 'Slides 2 to 4 of 6' with more. */
export function visibleSlidesText(start: number, count: number, perView: number): string {
  const first = clampStart(start, count, perView) + 1;
  const last = Math.min(count, first + Math.max(1, perView) - 1);
  return first === last
    ? slidePositionText(first - 1, count)
    : fill(__('Slides %1$s to %2$s of %3$s'), first, last, count);
}
