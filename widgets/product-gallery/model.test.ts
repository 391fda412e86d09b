import { describe, expect, test } from 'vitest';
import {
  applyVariation,
  clampIndex,
  hasSlider,
  hasVariationImage,
  imageOfVariation,
  indexForKey,
  indexForSwipe,
  initialState,
  isZoomable,
  SLIDE_MS,
  slideCaption,
  zoomOffset,
  type GalleryImage,
} from './model';

const img = (n: number, over: Partial<GalleryImage> = {}): GalleryImage => ({
  src: `/img/${n}.jpg`,
  width: 600,
  height: 600,
  thumb: `/img/${n}-100.jpg`,
  full: `/img/${n}-full.jpg`,
  fullWidth: 1200,
  fullHeight: 1200,
  alt: `Image ${n}`,
  title: `Title ${n}`,
  caption: '',
  ...over,
});
const IMAGES = [img(1), img(2), img(3), img(4)];

test('constants (§9)', () => expect(SLIDE_MS).toBe(500));

test('a slider only with more than one image', () => {
  expect(hasSlider(0)).toBe(false);
  expect(hasSlider(1)).toBe(false);
  expect(hasSlider(2)).toBe(true);
});

describe('clampIndex: no looping', () => {
  test.each([
    [0, 4, 0],
    [3, 4, 3],
    [4, 4, 3],
    [-1, 4, 0],
    [2.7, 4, 2],
    [Number.NaN, 4, 0],
    [Infinity, 4, 0],
    [2, 0, 0],
  ])('%s of %s → %s', (index, count, expected) => expect(clampIndex(index, count)).toBe(expected));
});

describe('indexForKey', () => {
  test('arrows step without looping; Home and End jump', () => {
    expect(indexForKey('ArrowRight', 1, 4)).toBe(2);
    expect(indexForKey('ArrowRight', 3, 4)).toBe(3);
    expect(indexForKey('ArrowLeft', 1, 4)).toBe(0);
    expect(indexForKey('ArrowLeft', 0, 4)).toBe(0);
    expect(indexForKey('Home', 3, 4)).toBe(0);
    expect(indexForKey('End', 0, 4)).toBe(3);
  });
  test('mirrored right to left', () => {
    expect(indexForKey('ArrowLeft', 1, 4, true)).toBe(2);
    expect(indexForKey('ArrowRight', 1, 4, true)).toBe(0);
  });
  test('other keys are not ours', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'a'])
      expect(indexForKey(key, 1, 4)).toBeNull();
  });
});

describe('indexForSwipe', () => {
  test('left goes on, right goes back, short moves are taps', () => {
    expect(indexForSwipe(-100, 1, 4)).toBe(2);
    expect(indexForSwipe(100, 1, 4)).toBe(0);
    expect(indexForSwipe(-100, 3, 4)).toBe(3);
    expect(indexForSwipe(100, 0, 4)).toBe(0);
    expect(indexForSwipe(-39, 1, 4)).toBeNull();
    expect(indexForSwipe(39, 1, 4)).toBeNull();
    expect(indexForSwipe(Number.NaN, 1, 4)).toBeNull();
  });
  test('mirrored right to left', () => {
    expect(indexForSwipe(-100, 1, 4, true)).toBe(0);
    expect(indexForSwipe(100, 1, 4, true)).toBe(2);
  });
});

describe('isZoomable (§9): only when the large image is wider than the gallery', () => {
  test.each([
    [1200, 500, true],
    [501, 500, true],
    [500, 500, false],
    [400, 500, false],
    [Number.NaN, 500, false],
    [1200, Number.NaN, false],
  ])('%s over %s → %s', (full, gallery, expected) => expect(isZoomable(full, gallery)).toBe(expected));
});

describe('zoomOffset', () => {
  const box = { width: 500, height: 500 };
  const large = { width: 1000, height: 1500 };
  test("the pointer's relative place maps to the large image's", () => {
    expect(zoomOffset({ x: 0, y: 0 }, box, large)).toEqual({ left: -0, top: -0 });
    expect(zoomOffset({ x: 250, y: 250 }, box, large)).toEqual({ left: -250, top: -500 });
    expect(zoomOffset({ x: 500, y: 500 }, box, large)).toEqual({ left: -500, top: -1000 });
  });
  test('clamped to the box; a smaller image does not move; an empty box is safe', () => {
    expect(zoomOffset({ x: -50, y: 900 }, box, large)).toEqual({ left: -0, top: -1000 });
    expect(zoomOffset({ x: 250, y: 250 }, box, { width: 300, height: 300 })).toEqual({ left: -0, top: -0 });
    expect(zoomOffset({ x: 10, y: 10 }, { width: 0, height: 0 }, large)).toEqual({ left: -0, top: -0 });
  });
});

test('slideCaption: caption, else title (§2.5)', () => {
  expect(slideCaption(img(1, { caption: 'C' }))).toBe('C');
  expect(slideCaption(img(1))).toBe('Title 1');
  expect(slideCaption(img(1, { title: '' }))).toBe('');
});

const variation = (image: Record<string, unknown>, imageId: number | string = 50) => ({
  image_id: imageId,
  image,
});
const BLUE = {
  src: '/img/blue.jpg',
  srcset: '/img/blue.jpg 600w',
  sizes: '(max-width: 600px) 100vw, 600px',
  src_w: 600,
  src_h: 600,
  full_src: '/img/blue-full.jpg',
  full_src_w: '1600',
  full_src_h: 1600,
  gallery_thumbnail_src: '/img/blue-100.jpg',
  title: 'Blue',
  caption: 'In blue',
  alt: 'Blue boots',
};

describe('imageOfVariation (wc_variations_image_update)', () => {
  test('every attribute WooCommerce sets', () => {
    expect(imageOfVariation(img(1), variation(BLUE))).toEqual({
      src: '/img/blue.jpg',
      srcset: '/img/blue.jpg 600w',
      sizes: '(max-width: 600px) 100vw, 600px',
      width: 600,
      height: 600,
      thumb: '/img/blue-100.jpg',
      full: '/img/blue-full.jpg',
      fullWidth: 1600,
      fullHeight: 1600,
      alt: 'Blue boots',
      title: 'Blue',
      caption: 'In blue',
    });
  });
  test('missing sizes and URLs fall back', () => {
    const out = imageOfVariation(
      img(1),
      variation({ src: '/img/x.jpg', srcset: false, sizes: false, full_src_w: 'n/a' }),
    );
    expect(out).toMatchObject({
      src: '/img/x.jpg',
      srcset: undefined,
      sizes: undefined,
      thumb: '/img/x.jpg',
      full: '/img/x.jpg',
      fullWidth: 1200,
      width: 600,
      alt: '',
    });
  });
  test('hasVariationImage: src longer than one character', () => {
    expect(hasVariationImage(variation(BLUE))).toBe(true);
    expect(hasVariationImage(variation({ src: '' }))).toBe(false);
    expect(hasVariationImage(variation({ src: 'x' }))).toBe(false);
    expect(hasVariationImage({})).toBe(false);
    expect(hasVariationImage(null)).toBe(false);
  });
  test('hostile URLs of a variation answer are never rendered nor followed', () => {
    expect(hasVariationImage(variation({ src: 'javascript:alert(1)' }))).toBe(false);
    expect(hasVariationImage(variation({ src: 'data:image/svg+xml,<svg onload=alert(1)>' }))).toBe(false);
    const out = imageOfVariation(
      img(1),
      variation({
        src: '/img/x.jpg',
        srcset: 'javascript:alert(1) 2x',
        full_src: 'javascript:alert(1)',
        gallery_thumbnail_src: 'data:text/html,x',
      }),
    );
    expect(out).toMatchObject({
      src: '/img/x.jpg',
      srcset: undefined,
      thumb: '/img/x.jpg',
      full: '/img/x.jpg',
    });
  });
});

describe('applyVariation', () => {
  const start = { ...initialState(IMAGES), index: 2 };
  test('a new image replaces the first slide and the slider goes to it', () => {
    const next = applyVariation(start, IMAGES, variation(BLUE, 103));
    expect(next.index).toBe(0);
    expect(next.images[0]!.src).toBe('/img/blue.jpg');
    expect(next.images.slice(1)).toEqual(IMAGES.slice(1));
    expect(next.currentImageId).toBe('103');
  });
  test('the same variation image again keeps the position', () => {
    const once = { ...applyVariation(start, IMAGES, variation(BLUE, 103)), index: 3 };
    expect(applyVariation(once, IMAGES, variation(BLUE, 103)).index).toBe(3);
  });
  test('an image the gallery has: original images, slide to it', () => {
    const next = applyVariation(
      start,
      IMAGES,
      variation({ src: '/img/4.jpg', gallery_thumbnail_src: '/img/4-100.jpg' }, 9),
    );
    expect(next.images).toBe(IMAGES);
    expect(next.index).toBe(3);
  });
  test('reset: the original images, back to the first slide when the image changed', () => {
    const changed = applyVariation(start, IMAGES, variation(BLUE, 103));
    const reset = applyVariation({ ...changed, index: 2 }, IMAGES, null);
    expect(reset.images).toBe(IMAGES);
    expect(reset.index).toBe(0);
    expect(reset.currentImageId).toBe('');
    // Nothing changed: the slider stays.
    expect(applyVariation(start, IMAGES, null).index).toBe(2);
  });
  test("a variation without an image restores the product's", () => {
    const changed = applyVariation(start, IMAGES, variation(BLUE, 103));
    const next = applyVariation(changed, IMAGES, variation({ src: '' }, 0));
    expect(next.images).toBe(IMAGES);
    expect(next.index).toBe(0);
  });
});
