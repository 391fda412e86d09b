/**
 * The product gallery's pure rules (storefront.md §2.5 "Image gallery", §9 "Gallery and lightbox"):
 * slide positions without looping, keyboard steps, the zoom rule and offsets, and the variation
 * image swap of WooCommerce's `wc_variations_image_update` / `wc_maybe_trigger_slide_position_reset`.
 * No React, no DOM.
 */
import { captionOf } from '../../src/lightbox/model';
import { httpUrl, isSafeSrcset } from '../../src/security/url';

/** §9: the slider animates in 500 ms, never on its own, and does not loop. */
export const SLIDE_MS = 500;
/** A horizontal swipe shorter than this (CSS pixels) is a tap. */
export const SWIPE_MIN_PX = 40;

export interface GalleryImage {
  /** The gallery-size image (`woocommerce_single`). */
  src: string;
  srcset?: string | undefined;
  sizes?: string | undefined;
  width: number;
  height: number;
  /** The thumbnail (`data-thumb`, `woocommerce_gallery_thumbnail`). */
  thumb: string;
  /** The full-size image (`data-large_image`) and its size. */
  full: string;
  fullWidth: number;
  fullHeight: number;
  alt: string;
  title: string;
  caption: string;
}

/** Sliders are used only with more than one image (§2.5, flexslider's `allowOneSlide: false`). */
export const hasSlider = (count: number): boolean => count > 1;

/** No looping (§9): an index outside the gallery stops at its ends. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), count - 1);
}

/**
 * The slide a key leads to, or null when the key is not ours: arrows step (mirrored right to left,
 * as the slider itself is), Home and End jump to the ends.
 */
export function indexForKey(key: string, index: number, count: number, rtl = false): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return clampIndex(index + 1, count);
    case back:
      return clampIndex(index - 1, count);
    case 'Home':
      return 0;
    case 'End':
      return clampIndex(count - 1, count);
    default:
      return null;
  }
}

/** A swipe of `dx` pixels (negative: to the left) from `index`; null when it is no swipe. */
export function indexForSwipe(dx: number, index: number, count: number, rtl = false): number | null {
  if (!Number.isFinite(dx) || Math.abs(dx) < SWIPE_MIN_PX) return null;
  const step = (dx < 0 ? 1 : -1) * (rtl ? -1 : 1);
  return clampIndex(index + step, count);
}

/** §2.5, §9: zoom only when the large image is wider than the gallery (WooCommerce's own test). */
export function isZoomable(fullWidth: number, galleryWidth: number): boolean {
  return Number.isFinite(fullWidth) && Number.isFinite(galleryWidth) && fullWidth > galleryWidth;
}

/**
 * Where the large image sits while zoomed (jQuery Zoom's `move`): the pointer's relative place
 * over the slide maps to the same relative place of the large image.
 */
export function zoomOffset(
  pointer: { x: number; y: number },
  box: { width: number; height: number },
  large: { width: number; height: number },
): { left: number; top: number } {
  const ratio = (p: number, size: number) => (size > 0 ? Math.min(Math.max(p / size, 0), 1) : 0);
  return {
    left: -ratio(pointer.x, box.width) * Math.max(0, large.width - box.width),
    top: -ratio(pointer.y, box.height) * Math.max(0, large.height - box.height),
  };
}

/** The caption a slide shows (§2.5: caption, else title). */
export const slideCaption = (image: GalleryImage): string => captionOf(image);

/** What a variation carries about its image (`get_available_variation()`'s `image`, `image_id`). */
export interface VariationImageInput {
  image_id?: number | string | undefined;
  image?:
    | {
        src?: string | undefined;
        srcset?: string | false | undefined;
        sizes?: string | false | undefined;
        src_w?: number | string | undefined;
        src_h?: number | string | undefined;
        full_src?: string | undefined;
        full_src_w?: number | string | undefined;
        full_src_h?: number | string | undefined;
        gallery_thumbnail_src?: string | undefined;
        title?: string | undefined;
        caption?: string | undefined;
        alt?: string | undefined;
      }
    | undefined;
}

const toNumber = (value: unknown, fallback: number): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** WooCommerce's test: a variation has its own image when `image.src` is longer than one character. */
export const hasVariationImage = (variation: VariationImageInput | null | undefined): boolean =>
  (variation?.image?.src ?? '').length > 1 && httpUrl(variation?.image?.src) !== null;

/** A URL of the variation's answer, if it is http(s) (it is rendered, and the full one followed). */
const http = (value: string | undefined): string | undefined => (httpUrl(value) ? value : undefined);

/**
 * The first slide with the variation's image (`wc_variations_image_update` sets src, srcset, sizes,
 * title, data-caption, alt, data-src/data-large_image (full_src and its size) and the thumbnail).
 * Sizes the variation leaves out are the original slide's.
 */
export function imageOfVariation(original: GalleryImage, variation: VariationImageInput): GalleryImage {
  const image = variation.image ?? {};
  const src = image.src ?? original.src;
  return {
    src,
    srcset: image.srcset && isSafeSrcset(image.srcset) ? image.srcset : undefined,
    sizes: image.sizes || undefined,
    width: toNumber(image.src_w, original.width),
    height: toNumber(image.src_h, original.height),
    thumb: http(image.gallery_thumbnail_src) || src,
    full: http(image.full_src) || src,
    fullWidth: toNumber(image.full_src_w, original.fullWidth),
    fullHeight: toNumber(image.full_src_h, original.fullHeight),
    alt: image.alt ?? '',
    title: image.title ?? '',
    caption: image.caption ?? '',
  };
}

export interface GalleryState {
  images: GalleryImage[];
  index: number;
  /** The image id last applied (WooCommerce's `current-image` attribute on the form). */
  currentImageId: string;
}

export const initialState = (images: GalleryImage[]): GalleryState => ({
  images,
  index: 0,
  currentImageId: '',
});

/**
 * `found_variation` (with the variation) or `reset_image` (null), as WooCommerce does it:
 * - a variation image that the gallery already has (same thumbnail): the original images come
 *   back and the slider goes to that image;
 * - another variation image: it replaces the first slide;
 * - no variation image (or reset): the original images come back.
 * In the last two cases the slider goes back to the first slide when the image id changed.
 */
export function applyVariation(
  state: GalleryState,
  original: GalleryImage[],
  variation: VariationImageInput | null,
): GalleryState {
  const imageId = variation?.image_id ? String(variation.image_id) : '';
  if (variation && hasVariationImage(variation)) {
    const thumb = variation.image?.gallery_thumbnail_src;
    const existing = thumb ? original.findIndex((image) => image.thumb === thumb) : -1;
    if (existing !== -1) return { images: original, index: existing, currentImageId: imageId };
    const first = original[0];
    if (first) {
      const images = [imageOfVariation(first, variation), ...original.slice(1)];
      const index = imageId !== state.currentImageId ? 0 : clampIndex(state.index, images.length);
      return { images, index, currentImageId: imageId };
    }
  }
  const index = imageId !== state.currentImageId ? 0 : clampIndex(state.index, original.length);
  return { images: original, index, currentImageId: imageId };
}
