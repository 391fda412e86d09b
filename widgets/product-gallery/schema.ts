import * as z from 'zod/mini';
import { fromPhp, optionalFromPhp } from '../../src/contract/props';
import { HttpUrl, Srcset } from '../../src/contract/url';

const size = fromPhp(z.number().check(z.positive()));

/** One image, as WooCommerce prints it in `div.woocommerce-product-gallery__image` (§3 "Gallery image"). */
export const GalleryImageSchema = z.object({
  src: HttpUrl,
  srcset: optionalFromPhp(z.optional(Srcset)),
  sizes: optionalFromPhp(z.optional(z.string())),
  width: size,
  height: size,
  /** `data-thumb`. */
  thumb: HttpUrl,
  /** `data-large_image`, `data-large_image_width`, `data-large_image_height`. */
  full: HttpUrl,
  fullWidth: size,
  fullHeight: size,
  alt: optionalFromPhp(z._default(z.string(), '')),
  title: optionalFromPhp(z._default(z.string(), '')),
  /** `data-caption`. */
  caption: optionalFromPhp(z._default(z.string(), '')),
});

/**
 * Props of the product gallery (storefront.md §2.5 "Image gallery", §2.6, §9): the product's
 * images in order, the main one first. The container holds the same images as WooCommerce's
 * gallery markup, every one linked to its full size (working without JavaScript).
 */
export const ProductGalleryPropsSchema = z.object({
  /** The gallery's images in order, the main one first. */
  images: z.array(GalleryImageSchema).check(z.minLength(1)),
  /** The gallery id of the viewer's URL hash (`#&gid=1&pid=2`); 1 for the product gallery. */
  gid: optionalFromPhp(z._default(z.string().check(z.regex(/^[\w-]+$/, 'letters, digits, "_" or "-"')), '1')),
  /** `wc_single_product_params.i18n_product_gallery_trigger_text`. */
  triggerLabel: optionalFromPhp(
    z._default(z.string().check(z.minLength(1)), 'View full-screen image gallery'),
  ),
  /** The images' region and the viewer dialog's accessible name. */
  label: optionalFromPhp(z._default(z.string().check(z.minLength(1)), 'Product images')),
  /** Right-to-left page: arrows and swipes are mirrored. */
  rtl: optionalFromPhp(z._default(z.boolean(), false)),
});
export type ProductGalleryProps = z.input<typeof ProductGalleryPropsSchema>;
