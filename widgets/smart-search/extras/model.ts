/**
 * The full-screen overlay's pure rules (storefront.md §2.4, §9 "Search", "Sliders and carousels",
 * "Layout"): the results' height budget, the featured products carousel, star rating texts and the
 * featured products' links.
 */
import { __ } from '../../../src/i18n';
import { safeHref } from '../../../src/security/url';

/** §9 "Full-screen height budget". */
export const FULL_SCREEN_HEIGHT = {
  /** Taken from the window height in every case (the overlay's input and its margins). */
  base: 180,
  /** More when there is a 'view all' link. */
  viewAll: 60,
  /** More when recent searches or keywords are on: desktop… */
  extrasDesktop: 45,
  /** …and mobile. */
  extrasMobile: 110,
  /**
   * Ours, not the spec's: on a very short window (a phone held sideways, a zoomed page) the budget
   * would reach 0 or less and the results would vanish; they keep at least this much, and scroll.
   */
  minimum: 120,
} as const;

export interface ResultsHeightInput {
  /** `window.innerHeight`, in CSS pixels. */
  windowHeight: number;
  /** The answer has a 'view all' link. */
  hasViewAll: boolean;
  /** Recent searches or keywords are on (the widget's settings). */
  recentOrKeywordsOn: boolean;
  /** Below the 768 px mobile breakpoint. */
  mobile: boolean;
}

/**
 * The full-screen results' maximum height in pixels (§9): the window height minus 180, minus 60
 * with a 'view all' link, minus 45 (desktop) or 110 (mobile) when recent searches or keywords are
 * on; never below {@link FULL_SCREEN_HEIGHT.minimum} (ours), nor fractional.
 */
export function fullScreenResultsHeight({
  windowHeight,
  hasViewAll,
  recentOrKeywordsOn,
  mobile,
}: ResultsHeightInput): number {
  const { base, viewAll, extrasDesktop, extrasMobile, minimum } = FULL_SCREEN_HEIGHT;
  if (!Number.isFinite(windowHeight)) return minimum;
  const budget =
    windowHeight -
    base -
    (hasViewAll ? viewAll : 0) -
    (recentOrKeywordsOn ? (mobile ? extrasMobile : extrasDesktop) : 0);
  return Math.max(minimum, Math.floor(budget));
}

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
  /** Fewer slides than this: no carousel, a plain list. */
  minSlides: 2,
} as const;

/** How many slides are shown side by side at this viewport width (CSS pixels). */
export function slidesPerView(viewportWidth: number): number {
  if (viewportWidth <= CAROUSEL.mobileMaxWidth) return CAROUSEL.mobile;
  if (viewportWidth <= CAROUSEL.tabletMaxWidth) return CAROUSEL.tablet;
  return CAROUSEL.desktop;
}

/** Whether this many products make a carousel (at least 2), rather than a plain list. */
export const isCarousel = (count: number): boolean => count >= CAROUSEL.minSlides;

/** The last first-visible index: the carousel stops when its last slide is in view (no looping). */
export const lastStart = (count: number, perView: number): number =>
  Math.max(0, count - Math.max(1, perView));

/** The first visible slide, kept within 0..lastStart (after a resize showed more per view). */
export function clampStart(start: number, count: number, perView: number): number {
  if (!Number.isFinite(start)) return 0;
  return Math.min(Math.max(0, Math.trunc(start)), lastStart(count, perView));
}

/** The first visible slide after 'Previous' (-1) or 'Next' (+1): one slide at a time, no wrapping. */
export const moveStart = (start: number, direction: -1 | 1, count: number, perView: number): number =>
  clampStart(clampStart(start, count, perView) + direction * CAROUSEL.step, count, perView);

export const canMovePrevious = (start: number, count: number, perView: number): boolean =>
  clampStart(start, count, perView) > 0;

export const canMoveNext = (start: number, count: number, perView: number): boolean =>
  clampStart(start, count, perView) < lastStart(count, perView);

/** Whether slide `index` is in view. */
export function isSlideVisible(index: number, start: number, count: number, perView: number): boolean {
  const first = clampStart(start, count, perView);
  return index >= first && index < first + perView;
}

/** `%1$s`, `%2$s`… replaced in one pass (a value holding `%2$s` or `$&` stays as it is). */
const fill = (template: string, ...values: (string | number)[]): string =>
  template.replace(/%(\d)\$s/g, (placeholder, n: string) => String(values[Number(n) - 1] ?? placeholder));

/** A slide's accessible name: '2 of 6'. */
export const slideLabel = (index: number, count: number): string =>
  fill(__('%1$s of %2$s'), index + 1, count);

/** What a move announces: '2 of 6' with one slide in view, '2 to 4 of 6' with more. */
export function visibleSlidesText(start: number, count: number, perView: number): string {
  const first = clampStart(start, count, perView) + 1;
  const last = Math.min(count, first + perView - 1);
  return first === last ? slideLabel(first - 1, count) : fill(__('%1$s to %2$s of %3$s'), first, last, count);
}

/** An average rating as WooCommerce prints it: two decimals ('4.50'), within 0..5. */
export const formatRating = (average: number): string =>
  (Number.isFinite(average) ? Math.min(5, Math.max(0, average)) : 0).toFixed(2);

/**
 * The stars' accessible text, WooCommerce's (`wc_get_star_rating_html`): 'Rated 4.50 out of 5',
 * with 'based on 3 customer ratings' (1: 'rating') when the number of ratings is known.
 */
export function ratingText(average: number, count = 0): string {
  const rated = fill(__('Rated %1$s out of 5'), formatRating(average));
  if (!(count > 0)) return rated;
  return fill(
    count === 1
      ? __('Rated %1$s out of 5 based on %2$s customer rating')
      : __('Rated %1$s out of 5 based on %2$s customer ratings'),
    formatRating(average),
    Math.trunc(count),
  );
}

/** The filled share of the stars, as a CSS percentage ('90%'). */
export const ratingWidth = (average: number): string => `${(Number(formatRating(average)) / 5) * 100}%`;

/** Stars are shown for a rated product only (WooCommerce prints none for 0). */
export const hasRating = (average: number): boolean => Number.isFinite(average) && average > 0;

/**
 * A URL from the configuration as an attribute: http(s) only (relative ones resolved against the
 * page), and '' (not set) is no URL at all, not the page itself.
 */
export const linkTo = (url: string): string | undefined => (url.trim() ? safeHref(url) : undefined);

export interface ProductLinkInput {
  id: number;
  type: string;
  permalink: string;
}

export interface ProductAction {
  /** An http(s) URL; undefined: no link (a refused permalink or id). */
  href: string | undefined;
  /** The link's text. */
  text: string;
  /** Its accessible name, with the product's name. */
  label: string;
  /** 'add-to-cart': `?add-to-cart={id}` on the current page; 'options': the product's page. */
  kind: 'add-to-cart' | 'options';
}

/**
 * A featured product's action (§2.4): variable products link to their page ('Select options', as
 * WooCommerce words it), every other to `?add-to-cart={id}` on the current page ('Add to cart').
 * Only http(s) URLs (the permalink is checked again here) and positive integer ids make a link.
 */
export function productAction(product: ProductLinkInput, name: string): ProductAction {
  if (product.type === 'variable') {
    return {
      kind: 'options',
      href: linkTo(product.permalink),
      text: __('Select options'),
      label: fill(__('Select options for “%1$s”'), name),
    };
  }
  const validId = Number.isSafeInteger(product.id) && product.id > 0;
  return {
    kind: 'add-to-cart',
    href: validId ? safeHref(`?add-to-cart=${product.id}`) : undefined,
    text: __('Add to cart'),
    label: fill(__('Add to cart: “%1$s”'), name),
  };
}

/** Which sections go above the featured products ('top') and which below ('bottom'). */
export type Location = 'top' | 'bottom';

/** The accessible name of a recent search's delete button. */
export const removeRecentLabel = (term: string): string =>
  fill(__('Remove “%1$s” from recent searches'), term);

/** What is announced once a recent search is deleted. */
export const removedRecentText = (term: string): string =>
  fill(__('“%1$s” removed from recent searches'), term);
