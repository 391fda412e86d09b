import { describe, expect, it } from 'vitest';
import {
  CAROUSEL,
  canMoveNext,
  canMovePrevious,
  clampStart,
  formatRating,
  FULL_SCREEN_HEIGHT,
  fullScreenResultsHeight,
  hasRating,
  isCarousel,
  isSlideVisible,
  lastStart,
  moveStart,
  productAction,
  ratingText,
  ratingWidth,
  removedRecentText,
  removeRecentLabel,
  slideLabel,
  slidesPerView,
  visibleSlidesText,
} from './model';

describe('fullScreenResultsHeight (§9 full-screen height budget)', () => {
  const h = (windowHeight: number, hasViewAll: boolean, recentOrKeywordsOn: boolean, mobile: boolean) =>
    fullScreenResultsHeight({ windowHeight, hasViewAll, recentOrKeywordsOn, mobile });

  it('is the window height minus 180 px', () => {
    expect(h(900, false, false, false)).toBe(720);
    expect(h(900, false, false, true)).toBe(720);
  });
  it('takes 60 px more with a view-all link', () => {
    expect(h(900, true, false, false)).toBe(660);
    expect(h(900, true, false, true)).toBe(660);
  });
  it('takes 45 px (desktop) or 110 px (mobile) more when recent searches or keywords are on', () => {
    expect(h(900, false, true, false)).toBe(675);
    expect(h(900, false, true, true)).toBe(610);
  });
  it('adds the deductions up', () => {
    expect(h(900, true, true, false)).toBe(900 - 180 - 60 - 45);
    expect(h(900, true, true, true)).toBe(900 - 180 - 60 - 110);
  });
  it('never goes below the minimum (ours), on a short window', () => {
    expect(FULL_SCREEN_HEIGHT.minimum).toBe(120);
    expect(h(400, true, true, true)).toBe(120);
    expect(h(300, false, false, false)).toBe(120);
    expect(h(0, false, false, false)).toBe(120);
    expect(h(-50, true, true, true)).toBe(120);
    // Exactly at the edge.
    expect(h(300, false, false, false)).toBe(120);
    expect(h(301, false, false, false)).toBe(121);
  });
  it('is a whole number of pixels, and the minimum for a non-finite height', () => {
    expect(h(800.7, false, false, false)).toBe(620);
    expect(h(Number.NaN, false, false, false)).toBe(120);
    expect(h(Number.POSITIVE_INFINITY, false, false, false)).toBe(120);
  });
  it('keeps the spec constants', () => {
    expect(FULL_SCREEN_HEIGHT).toEqual({
      base: 180,
      viewAll: 60,
      extrasDesktop: 45,
      extrasMobile: 110,
      minimum: 120,
    });
  });
});

describe('slidesPerView (§9 carousel defaults, §9 layout breakpoints)', () => {
  it.each([
    [320, 1],
    [767, 1],
    [768, 2],
    [1024, 2],
    [1025, 3],
    [1440, 3],
    [2560, 3],
    [0, 1],
  ])('%i px wide: %i', (width, expected) => {
    expect(slidesPerView(width)).toBe(expected);
  });
  it('keeps the spec constants', () => {
    expect(CAROUSEL).toEqual({
      desktop: 3,
      tablet: 2,
      tabletMaxWidth: 1024,
      mobile: 1,
      mobileMaxWidth: 767,
      step: 1,
      minSlides: 2,
    });
  });
});

describe('isCarousel: at least 2 slides', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [12, true],
  ])('%i products: %s', (count, expected) => {
    expect(isCarousel(count)).toBe(expected);
  });
});

describe('carousel positions (one at a time, no looping)', () => {
  it('stops when the last slide is in view', () => {
    expect(lastStart(6, 3)).toBe(3);
    expect(lastStart(6, 1)).toBe(5);
    expect(lastStart(2, 3)).toBe(0);
    expect(lastStart(3, 3)).toBe(0);
    expect(lastStart(0, 3)).toBe(0);
    expect(lastStart(4, 0)).toBe(3);
  });
  it('clamps the first visible slide (a resize to more per view, a bad value)', () => {
    expect(clampStart(5, 6, 3)).toBe(3);
    expect(clampStart(-2, 6, 3)).toBe(0);
    expect(clampStart(2, 6, 3)).toBe(2);
    expect(clampStart(2.7, 6, 1)).toBe(2);
    expect(clampStart(Number.NaN, 6, 1)).toBe(0);
    expect(clampStart(Number.POSITIVE_INFINITY, 6, 1)).toBe(0);
  });
  it('moves by one slide, never past either end', () => {
    expect(moveStart(0, 1, 6, 3)).toBe(1);
    expect(moveStart(1, -1, 6, 3)).toBe(0);
    expect(moveStart(0, -1, 6, 3)).toBe(0);
    expect(moveStart(3, 1, 6, 3)).toBe(3);
    expect(moveStart(4, 1, 6, 1)).toBe(5);
    expect(moveStart(5, 1, 6, 1)).toBe(5);
    // From a position a resize left out of range.
    expect(moveStart(5, -1, 6, 3)).toBe(2);
  });
  it('says whether Previous and Next can move', () => {
    expect(canMovePrevious(0, 6, 3)).toBe(false);
    expect(canMoveNext(0, 6, 3)).toBe(true);
    expect(canMovePrevious(3, 6, 3)).toBe(true);
    expect(canMoveNext(3, 6, 3)).toBe(false);
    // Everything fits: neither moves.
    expect(canMovePrevious(0, 2, 3)).toBe(false);
    expect(canMoveNext(0, 2, 3)).toBe(false);
    expect(canMoveNext(0, 2, 1)).toBe(true);
  });
  it('says which slides are in view', () => {
    const visible = (start: number, count: number, perView: number) =>
      Array.from({ length: count }, (_, i) => isSlideVisible(i, start, count, perView));
    expect(visible(0, 6, 3)).toEqual([true, true, true, false, false, false]);
    expect(visible(2, 6, 3)).toEqual([false, false, true, true, true, false]);
    expect(visible(9, 6, 3)).toEqual([false, false, false, true, true, true]);
    expect(visible(1, 4, 1)).toEqual([false, true, false, false]);
    expect(visible(0, 2, 3)).toEqual([true, true]);
  });
  it('names slides and announces moves', () => {
    expect(slideLabel(0, 6)).toBe('1 of 6');
    expect(slideLabel(5, 6)).toBe('6 of 6');
    expect(visibleSlidesText(1, 6, 3)).toBe('2 to 4 of 6');
    expect(visibleSlidesText(3, 6, 3)).toBe('4 to 6 of 6');
    expect(visibleSlidesText(9, 6, 3)).toBe('4 to 6 of 6');
    expect(visibleSlidesText(2, 6, 1)).toBe('3 of 6');
    expect(visibleSlidesText(0, 2, 3)).toBe('1 to 2 of 2');
  });
});

describe('ratings', () => {
  it('prints two decimals within 0..5', () => {
    expect(formatRating(4.5)).toBe('4.50');
    expect(formatRating(4)).toBe('4.00');
    expect(formatRating(3.333)).toBe('3.33');
    expect(formatRating(7)).toBe('5.00');
    expect(formatRating(-1)).toBe('0.00');
    expect(formatRating(Number.NaN)).toBe('0.00');
  });
  it("gives WooCommerce's accessible text", () => {
    expect(ratingText(4.5)).toBe('Rated 4.50 out of 5');
    expect(ratingText(4.5, 0)).toBe('Rated 4.50 out of 5');
    expect(ratingText(4.5, 1)).toBe('Rated 4.50 out of 5 based on 1 customer rating');
    expect(ratingText(3, 12)).toBe('Rated 3.00 out of 5 based on 12 customer ratings');
    expect(ratingText(9, -3)).toBe('Rated 5.00 out of 5');
  });
  it('fills the stars in proportion', () => {
    expect(ratingWidth(4.5)).toBe('90%');
    expect(ratingWidth(5)).toBe('100%');
    expect(ratingWidth(0)).toBe('0%');
    expect(ratingWidth(12)).toBe('100%');
  });
  it('shows stars for a rated product only', () => {
    expect(hasRating(0)).toBe(false);
    expect(hasRating(-1)).toBe(false);
    expect(hasRating(Number.NaN)).toBe(false);
    expect(hasRating(0.5)).toBe(true);
    expect(hasRating(5)).toBe(true);
  });
});

describe('productAction (§2.4)', () => {
  const page = new URL(document.baseURI);
  const addUrl = (id: number) => new URL(`?add-to-cart=${id}`, page).href;

  it('links simple products to ?add-to-cart={id} on this page', () => {
    expect(productAction({ id: 15, type: 'simple', permalink: '/product/ball/' }, 'Ball')).toEqual({
      kind: 'add-to-cart',
      href: addUrl(15),
      text: 'Add to cart',
      label: 'Add to cart: “Ball”',
    });
    expect(new URL(addUrl(15)).searchParams.get('add-to-cart')).toBe('15');
  });
  it('treats every type but variable as addable (grouped, external, unknown)', () => {
    for (const type of ['grouped', 'external', 'subscription', ''])
      expect(productAction({ id: 3, type, permalink: '/p/' }, 'X').kind).toBe('add-to-cart');
  });
  it("links variable products to their page ('Select options')", () => {
    expect(productAction({ id: 24, type: 'variable', permalink: '/product/boots/' }, 'Boots')).toEqual({
      kind: 'options',
      href: new URL('/product/boots/', page).href,
      text: 'Select options',
      label: 'Select options for “Boots”',
    });
  });
  it('makes no link of a non-http(s) permalink or a bad id', () => {
    expect(
      productAction({ id: 24, type: 'variable', permalink: 'javascript:alert(1)' }, 'B').href,
    ).toBeUndefined();
    expect(
      productAction({ id: 24, type: 'variable', permalink: 'data:text/html,x' }, 'B').href,
    ).toBeUndefined();
    expect(productAction({ id: 0, type: 'simple', permalink: '/p/' }, 'B').href).toBeUndefined();
    expect(productAction({ id: -4, type: 'simple', permalink: '/p/' }, 'B').href).toBeUndefined();
    expect(productAction({ id: 1.5, type: 'simple', permalink: '/p/' }, 'B').href).toBeUndefined();
  });
  it('keeps names with placeholders or replacement patterns as they are', () => {
    expect(productAction({ id: 1, type: 'simple', permalink: '/p/' }, "%1$s $& $' x").label).toBe(
      "Add to cart: “%1$s $& $' x”",
    );
  });
});

describe('recent search texts', () => {
  it('names the delete button and the announcement', () => {
    expect(removeRecentLabel('boots')).toBe('Remove “boots” from recent searches');
    expect(removedRecentText('boots')).toBe('“boots” removed from recent searches');
    expect(removeRecentLabel('$&%2$s')).toBe('Remove “$&%2$s” from recent searches');
  });
});
