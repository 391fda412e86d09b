import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';
import { CAROUSEL } from '../../src/ui/carousel-model';

/** Text with something to read (an accessible name). */
const Label = z.string().check(z.regex(/\S/, 'must not be empty'), z.maxLength(200));

/** Slides side by side on one device (1 to 8). */
const PerView = z.int().check(z.gte(1), z.lte(8));

/**
 * Props of the carousel (storefront.md §9 "Carousel defaults", "Layout"). The container holds the
 * server's `<ul class="slides">`, one `<li>` per slide: without JavaScript a horizontally scrolling
 * list. Mounted (with 2 slides or more; with fewer the list stays as it is), it shows
 * `slidesToShow` side by side and moves `slidesToScroll` at a time with 'Previous' / 'Next' or a
 * swipe; never on its own, and without looping.
 */
export const CarouselPropsSchema = z.object({
  /** The carousel's accessible name (WAI-ARIA carousel pattern: a region named this way). */
  label: Label,
  /** Slides side by side: desktop, tablet (up to 1024 px), mobile (up to 767 px). */
  slidesToShow: optionalFromPhp(
    z._default(z.object({ desktop: PerView, tablet: PerView, mobile: PerView }), {
      desktop: CAROUSEL.desktop,
      tablet: CAROUSEL.tablet,
      mobile: CAROUSEL.mobile,
    }),
  ),
  /** Slides moved by one 'Previous' / 'Next' (1 to 8). */
  slidesToScroll: optionalFromPhp(z._default(z.int().check(z.gte(1), z.lte(8)), CAROUSEL.step)),
  /** Milliseconds of a move (0 to 5000). */
  animationSpeed: optionalFromPhp(z._default(z.int().check(z.gte(0), z.lte(5000)), CAROUSEL.animationSpeed)),
});
export type CarouselProps = z.input<typeof CarouselPropsSchema>;
export type CarouselOptions = z.output<typeof CarouselPropsSchema>;
