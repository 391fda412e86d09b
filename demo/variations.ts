/**
 * Variation objects exactly as WooCommerce's `WC_Product_Variable::get_available_variation()` prints
 * them, in `data-product_variations` and in `/?wc-ajax=get_variation` answers (steps 13-15): every key
 * of those samples, in the same order, plus the full image props of storefront.md §3 "Variation"
 * (the recorded variations had no image, so their `image` held only 7 keys).
 */
import { activePrice, type Image, type VariableProduct, type VariationFixture } from './fixtures';
import { formatAmount, priceHtml } from './html';

/** A type (not an interface): assignable to the contract's loose objects (widgets' props). */
export type VariationImage = {
  title: string;
  caption: string;
  url: string;
  alt: string;
  src: string;
  srcset: string | false;
  sizes: string | false;
  full_src: string;
  full_src_w: number;
  full_src_h: number;
  gallery_thumbnail_src: string;
  gallery_thumbnail_src_w: number;
  gallery_thumbnail_src_h: number;
  thumb_src: string;
  thumb_src_w: number;
  thumb_src_h: number;
  src_w: number;
  src_h: number;
};

export type VariationData = {
  attributes: Record<string, string>;
  availability_html: string;
  backorders_allowed: boolean;
  dimensions: { length: string; width: string; height: string };
  dimensions_html: string;
  display_price: number;
  display_regular_price: number;
  image: VariationImage;
  image_id: number;
  is_downloadable: boolean;
  is_in_stock: boolean;
  is_purchasable: boolean;
  is_sold_individually: 'yes' | 'no';
  is_virtual: boolean;
  max_qty: number | '';
  min_qty: number;
  price_html: string;
  sku: string;
  variation_description: string;
  variation_id: number;
  variation_is_active: boolean;
  variation_is_visible: boolean;
  weight: string;
  weight_html: string;
};

/** `wc_get_product_attachment_props()` for one of the demo's square SVGs. */
export function imageProps(image: Image, origin: string): VariationImage {
  const url = origin + image.src;
  return {
    title: image.title,
    caption: image.caption,
    url,
    alt: image.alt,
    src: url,
    srcset: `${url} 600w`,
    sizes: '(max-width: 600px) 100vw, 600px',
    full_src: url,
    full_src_w: 1200,
    full_src_h: 1200,
    gallery_thumbnail_src: url,
    gallery_thumbnail_src_w: 100,
    gallery_thumbnail_src_h: 100,
    thumb_src: url,
    thumb_src_w: 324,
    thumb_src_h: 324,
    src_w: 600,
    src_h: 600,
  };
}

/** The `<span class="price">` of a variation, sale markup as in step 13. */
export function variationPriceHtml(item: { regularPrice: number; salePrice: number | null }): string {
  if (item.salePrice === null) return `<span class="price">${priceHtml(item.regularPrice)}</span>`;
  return (
    `<span class="price"><del aria-hidden="true">${priceHtml(item.regularPrice)}</del> ` +
    `<span class="screen-reader-text">Original price was: &euro;${formatAmount(item.regularPrice)}.</span>` +
    `<ins aria-hidden="true">${priceHtml(item.salePrice)}</ins>` +
    `<span class="screen-reader-text">Current price is: &euro;${formatAmount(item.salePrice)}.</span></span>`
  );
}

export function variationData(
  product: VariableProduct,
  variation: VariationFixture,
  origin: string,
): VariationData {
  const inStock = variation.stockStatus === 'instock';
  return {
    attributes: { ...variation.attributes },
    // Step 14: out of stock prints the stock paragraph (with WordPress's "\r\n").
    availability_html: inStock ? '' : '<p class="stock out-of-stock">Out of stock</p>\r\n',
    backorders_allowed: false,
    dimensions: { ...product.dimensions },
    dimensions_html: 'N/A',
    display_price: activePrice(variation),
    display_regular_price: variation.regularPrice,
    image: imageProps(variation.image, origin),
    image_id: variation.image.id,
    is_downloadable: false,
    is_in_stock: inStock,
    is_purchasable: true,
    is_sold_individually: product.soldIndividually ? 'yes' : 'no',
    is_virtual: false,
    // `get_max_purchase_quantity()`: 1 when sold individually, else '' (no limit: stock not managed).
    max_qty: product.soldIndividually ? 1 : '',
    min_qty: 1,
    price_html: variationPriceHtml(variation),
    sku: variation.sku,
    variation_description: '',
    variation_id: variation.id,
    variation_is_active: variation.active,
    variation_is_visible: true,
    weight: variation.weight,
    weight_html: `${variation.weight} kg`,
  };
}

/**
 * WooCommerce's `find_matching_product_variation()`: the first variation whose every attribute equals
 * the chosen value, an empty variation value meaning "any". Every attribute must be chosen.
 */
export function findMatchingVariation(
  product: VariableProduct,
  chosen: Record<string, string | undefined>,
): VariationFixture | undefined {
  for (const attribute of product.attributes) {
    if (!chosen[`attribute_${attribute.name}`]) return undefined;
  }
  return product.variations.find((v) =>
    Object.entries(v.attributes).every(([key, value]) => value === '' || value === chosen[key]),
  );
}
