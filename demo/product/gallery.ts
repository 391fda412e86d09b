/**
 * The product gallery on the single product page (storefront.md §2.5 "Image gallery", §3 "Gallery
 * image"): WooCommerce's `woocommerce_show_product_images` markup, every image linked to its full
 * size (it works without JavaScript), inside the product-gallery island.
 */
import type { ProductGalleryProps } from '../../widgets/product-gallery/schema';
import type { Image, Product } from '../fixtures';
import { attrs, escapeHtml } from '../html';
import type { PageContext } from '../layout';

/** The demo's images are square SVGs, 600 px in the gallery (vectors: the thumbnail is the same file). */
const GALLERY_SIZE = 600;
/** Full size unless the fixture says otherwise: twice the gallery's, so it zooms. */
const FULL_SIZE = 1200;

export type GalleryImageProps = ProductGalleryProps['images'][number];

/** The product's gallery images in order: the main image first. */
export function productImages(product: Product): Image[] {
  return [product.image, ...(product.gallery ?? [])];
}

/** What WooCommerce prints for one image (`wc_get_gallery_image_html()`), as island props. */
export function galleryImageProps(image: Image): GalleryImageProps {
  const full = image.fullSize ?? FULL_SIZE;
  return {
    src: image.src,
    srcset: `${image.src} ${GALLERY_SIZE}w`,
    sizes: `(max-width: ${GALLERY_SIZE}px) 100vw, ${GALLERY_SIZE}px`,
    width: GALLERY_SIZE,
    height: GALLERY_SIZE,
    thumb: image.src,
    // SVG: the same file draws crisply at the full size.
    full: image.src,
    fullWidth: full,
    fullHeight: full,
    alt: image.alt,
    title: image.title,
    caption: image.caption,
  };
}

/** One `div.woocommerce-product-gallery__image`, as `wc_get_gallery_image_html()` prints it. */
export function galleryImageHtml(image: GalleryImageProps, main: boolean): string {
  return (
    `<div${attrs({ 'data-thumb': image.thumb, 'data-thumb-alt': image.alt, class: 'woocommerce-product-gallery__image' })}>` +
    `<a href="${escapeHtml(image.full)}"><img${attrs({
      width: image.width,
      height: image.height,
      src: image.src,
      class: main ? 'wp-post-image' : undefined,
      alt: image.alt,
      title: image.title || undefined,
      'data-caption': image.caption,
      'data-src': image.full,
      'data-large_image': image.full,
      'data-large_image_width': image.fullWidth,
      'data-large_image_height': image.fullHeight,
      decoding: 'async',
      srcset: image.srcset,
      sizes: image.sizes,
    })}></a></div>`
  );
}

/**
 * The gallery's fallback: every image, the first one large, the others as tiles. WooCommerce
 * prints it transparent (its flexslider script fades it in); the island's stylesheet, linked
 * whether scripts run or not, shows it at once.
 */
export function galleryFallbackHtml(images: GalleryImageProps[]): string {
  return (
    '<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">' +
    '<div class="woocommerce-product-gallery__wrapper">' +
    images.map((image, i) => galleryImageHtml(image, i === 0)).join('') +
    '</div></div>'
  );
}

export function productGalleryProps(product: Product): ProductGalleryProps {
  return {
    images: productImages(product).map(galleryImageProps),
    gid: '1',
    triggerLabel: 'View full-screen image gallery',
    label: `${product.name} images`,
  };
}

/** `woocommerce_show_product_images` in the product-gallery island (mounts when seen). */
export function productGalleryHtml(ctx: PageContext, product: Product): string {
  const props = productGalleryProps(product);
  return ctx.islands.render('product-gallery', props, galleryFallbackHtml(props.images), {
    hydrate: 'visible',
  });
}

/** Base64 of UTF-8 JSON, as Elementor's `create_action_hash()` encodes action settings. */
export function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `#elementor-action:action=lightbox&settings=…` (Elementor's `create_action_hash( 'lightbox', … )`). */
export function lightboxActionHref(settings: Record<string, string>): string {
  return `#elementor-action:action=lightbox&settings=${base64Json(settings)}`;
}

/**
 * A page section with what the site-wide lightbox opens (storefront.md §2.6): two image links of
 * one Elementor slideshow with their titles and descriptions, and an `#elementor-action` link.
 */
export function lightboxShowcaseHtml(): string {
  const photos = [
    {
      src: '/demo-assets/img/junior-football-boots-pair.svg',
      alt: 'A pair of Junior Football Boots',
      title: 'Junior boots',
      description: 'Firm-ground boots in junior sizes.',
    },
    {
      src: '/demo-assets/img/pro-match-football.svg',
      alt: 'Pro Match Football',
      title: 'Match ball',
      description: 'A size 5 ball with a thermo-bonded casing.',
    },
  ];
  const links = photos
    .map(
      (photo) =>
        `<li><a${attrs({
          href: photo.src,
          'data-elementor-open-lightbox': 'yes',
          'data-elementor-lightbox-slideshow': 'home-pitch',
          'data-elementor-lightbox-title': photo.title,
          'data-elementor-lightbox-description': photo.description,
        })}><img${attrs({ src: photo.src, alt: photo.alt, width: 150, height: 150, loading: 'lazy' })}></a></li>`,
    )
    .join('');
  const action = lightboxActionHref({
    type: 'image',
    url: '/demo-assets/img/shin-pads.svg',
    title: 'Shin pads',
    description: 'Light shin pads with ankle guards.',
  });
  return (
    '<section class="lightbox-showcase" aria-labelledby="lightbox-showcase-title">' +
    '<h2 id="lightbox-showcase-title">From the pitch</h2>' +
    `<ul style="display:flex;flex-wrap:wrap;gap:1rem;margin:0 0 1rem;padding:0;list-style:none">${links}</ul>` +
    `<p><a href="${escapeHtml(action)}">See the shin pads up close</a></p></section>`
  );
}
