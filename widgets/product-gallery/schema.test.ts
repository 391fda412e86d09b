import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ProductGalleryPropsSchema } from './schema';

const IMAGE = {
  src: 'https://shop.example/boots-600x600.jpg',
  width: 600,
  height: 600,
  thumb: 'https://shop.example/boots-100x100.jpg',
  full: 'https://shop.example/boots.jpg',
  fullWidth: 1200,
  fullHeight: 1200,
};

/** The props with only what is required. */
const MINIMAL = { images: [IMAGE] };

describe('product-gallery props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ProductGalleryPropsSchema, MINIMAL, { rtl: [false] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ProductGalleryPropsSchema, MINIMAL);
  });

  it("takes an image's srcset and sizes as false (wp_get_attachment_image_srcset() of nothing), alt as null", () => {
    const php = { ...IMAGE, srcset: false, sizes: false, alt: null, title: [], caption: null };
    expect(ProductGalleryPropsSchema.parse({ images: [php] })).toEqual(
      ProductGalleryPropsSchema.parse(MINIMAL),
    );
  });

  it('takes sizes printed as strings ("600") as those numbers, and refuses a wrong one', () => {
    const php = { ...IMAGE, width: '600', height: '600', fullWidth: '1200', fullHeight: '1200' };
    expect(ProductGalleryPropsSchema.parse({ images: [php] })).toEqual(
      ProductGalleryPropsSchema.parse(MINIMAL),
    );
    const wrong = ProductGalleryPropsSchema.safeParse({ images: [{ ...IMAGE, width: 'wide' }] });
    expect(wrong.success || describeIssue(wrong.error).field).toBe('images.0.width');
  });
});
