/**
 * The demo catalogue: a sporting-goods shop in EUR, modelled on the recorded WooCommerce 9.9 store
 * (/work/shared/woocommerce-samples: same product ids, names, SKUs, prices and stock as steps 04, 13-15,
 * 28, 29 and 31), with a deeper category tree, reviews and local SVG images added.
 *
 * Read-only data: the in-memory store (store.ts) keeps per-session state and never mutates these.
 */
import { generateCatalogue } from './discovery/generate';

export const SITE_TITLE = 'Shop Islands Demo';
/** Storefront's theme slug: part of WooCommerce's `cart_hash_key` (see pageSettings in layout.ts). */
export const THEME_SLUG = 'storefront';
/** WooCommerce's store notice (Customizer > WooCommerce > Store notice). */
export const STORE_NOTICE_MESSAGE =
  'Free delivery on orders over €50 — this is a demo store, no orders are fulfilled.';
/** WooCommerce's coming-soon footer banner text (shown to users who can see the store). */
export const COMING_SOON_MESSAGE =
  'This store is in “Coming soon” mode and is only visible to you and those who have permission. ' +
  '<a href="/my-account/">Change visibility settings</a>';
/** The user whose meta stores the banner dismissal (`/wp-json/wp/v2/users/1`). */
export const DEMO_USER = {
  id: 1,
  name: 'Demo Shop Manager',
  slug: 'demo',
  email: 'shop@example.com',
} as const;
/** Credentials accepted by the /my-account/ login form. */
export const DEMO_LOGIN = { username: 'demo', password: 'demo' } as const;

export interface Image {
  id: number;
  /** URL path of the SVG the demo server (and the MSW handlers) serve. */
  src: string;
  alt: string;
  title: string;
  caption: string;
  /** Width and height of the full-size (square) image the gallery zooms into; 1200 unless set. */
  fullSize?: number;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
}

export interface Review {
  id: number;
  productId: number;
  author: string;
  /** ISO 8601. */
  date: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
}

interface ProductBase {
  id: number;
  name: string;
  slug: string;
  sku: string;
  shortDescription: string;
  description: string;
  categoryIds: number[];
  image: Image;
  /** More images of the product gallery, after `image` (WooCommerce's gallery image ids). */
  gallery?: Image[];
  /** ISO 8601 publication date (sort by latest). */
  date: string;
  /** Menu order (default sorting) and sales count (sort by popularity). */
  menuOrder: number;
  totalSales: number;
  weight: string;
  dimensions: { length: string; width: string; height: string };
}

export interface SimpleProduct extends ProductBase {
  type: 'simple';
  regularPrice: number;
  salePrice: number | null;
  /** Managed stock quantity, or null when stock is not managed. */
  stockQuantity: number | null;
  stockStatus: 'instock' | 'outofstock';
  soldIndividually: boolean;
}

export interface ProductAttribute {
  /** `pa_size` for a global (taxonomy) attribute, the sanitized name (`colour`) for a local one. */
  name: string;
  label: string;
  isTaxonomy: boolean;
  /** Term slug (global) or the value itself (local) → label shown in selects and cart item names. */
  options: { value: string; label: string }[];
}

export interface VariationFixture {
  id: number;
  /** `attribute_pa_size` → `uk-2` … ; an empty value means "any". */
  attributes: Record<string, string>;
  sku: string;
  regularPrice: number;
  salePrice: number | null;
  stockStatus: 'instock' | 'outofstock';
  /** WooCommerce's `variation_is_active` (false: listed but disabled in the selects). */
  active: boolean;
  image: Image;
  weight: string;
}

export interface VariableProduct extends ProductBase {
  type: 'variable';
  attributes: ProductAttribute[];
  variations: VariationFixture[];
  /** Sold individually: every variation prints `is_sold_individually: 'yes'` (WooCommerce inherits it). */
  soldIndividually: boolean;
}

export type Product = SimpleProduct | VariableProduct;

// ---------------------------------------------------------------------------------------------
// Categories: three levels. Ids 16-19 are the recorded store's (step 31); 20-22 add a third level.

export const CATEGORIES: Category[] = [
  { id: 16, name: 'Football', slug: 'football', parent: 0, description: 'Everything for the pitch.' },
  { id: 17, name: 'Boots', slug: 'boots', parent: 16, description: 'Boots for firm and soft ground.' },
  { id: 20, name: 'Junior Boots', slug: 'junior-boots', parent: 17, description: 'Boots in junior sizes.' },
  { id: 18, name: 'Balls', slug: 'balls', parent: 16, description: 'Match and training balls.' },
  { id: 19, name: 'Accessories', slug: 'accessories', parent: 16, description: 'Pads, gloves and bags.' },
  { id: 21, name: 'Bags', slug: 'bags', parent: 19, description: 'Kit bags.' },
  { id: 22, name: 'Goalkeeping', slug: 'goalkeeping', parent: 19, description: 'Gloves for keepers.' },
  // Issue #15: two more roots for the generated catalogue (demo/discovery/generate.ts), three levels deep.
  {
    id: 30,
    name: 'Running',
    slug: 'running',
    parent: 0,
    description: 'Shoes and kit for the road and the trail.',
  },
  { id: 31, name: 'Running Shoes', slug: 'running-shoes', parent: 30, description: 'Road and trail shoes.' },
  { id: 32, name: 'Trail Shoes', slug: 'trail-shoes', parent: 31, description: 'Grip for mud and rock.' },
  { id: 33, name: 'road shoes', slug: 'road-shoes', parent: 31, description: 'Cushioned shoes for tarmac.' },
  { id: 34, name: 'Apparel', slug: 'running-apparel', parent: 30, description: 'Tees, shorts and jackets.' },
  { id: 40, name: 'Tennis', slug: 'tennis', parent: 0, description: 'Rackets and balls.' },
  { id: 41, name: 'Rackets', slug: 'rackets', parent: 40, description: 'Rackets for every level.' },
  {
    id: 42,
    name: 'Junior Rackets',
    slug: 'junior-rackets',
    parent: 41,
    description: 'Shorter, lighter rackets.',
  },
  { id: 43, name: 'Tennis Balls', slug: 'tennis-balls', parent: 40, description: 'Pressurised balls.' },
];

// ---------------------------------------------------------------------------------------------
// Images: simple SVG placeholders drawn by svg.ts, served at /demo-assets/img/{key}.svg.

export interface ImageArt {
  /** Background colour (dark enough for white text, see svg.ts). */
  background: string;
  label: string;
}

/** What svg.ts draws for each image key. */
export const IMAGE_ART: Record<string, ImageArt> = {
  'pro-match-football': { background: '#1f5130', label: 'Match ball' },
  'shin-pads': { background: '#3b3f8f', label: 'Shin pads' },
  'goalkeeper-gloves': { background: '#7a2e2e', label: 'Gloves' },
  'training-ball': { background: '#8a4b08', label: 'Training ball' },
  'kit-bag': { background: '#334155', label: 'Kit bag' },
  'junior-football-boots': { background: '#1e293b', label: 'Junior boots' },
  'junior-football-boots-black': { background: '#111827', label: 'Boots: black' },
  'junior-football-boots-blue': { background: '#1d4ed8', label: 'Boots: blue' },
  // More gallery images (demo/product/gallery.ts).
  'junior-football-boots-side': { background: '#374151', label: 'Boots: side' },
  'junior-football-boots-sole': { background: '#4c1d95', label: 'Boots: sole' },
  'junior-football-boots-pair': { background: '#0f766e', label: 'Boots: pair' },
  'pro-match-football-panels': { background: '#14532d', label: 'Ball: panels' },
  'pro-match-football-valve': { background: '#365314', label: 'Ball: valve' },
  // The training jersey and the captain's armband (demo/product/variation-form.ts), per colour.
  'training-jersey': { background: '#7f1d1d', label: 'Training jersey' },
  'training-jersey-red': { background: '#b91c1c', label: 'Jersey: red' },
  'training-jersey-navy': { background: '#1e3a8a', label: 'Jersey: navy' },
  'training-jersey-white': { background: '#475569', label: 'Jersey: white' },
  'training-jersey-green': { background: '#166534', label: 'Jersey: green' },
  'captains-armband': { background: '#854d0e', label: 'Armband' },
  'captains-armband-black': { background: '#18181b', label: 'Armband: black' },
  // The generated catalogue (demo/discovery/generate.ts).
  'running-shoe': { background: '#9a3412', label: 'Running shoe' },
  'running-shoe-trail': { background: '#3f6212', label: 'Trail shoe' },
  'running-apparel': { background: '#0e7490', label: 'Running kit' },
  'tennis-racket': { background: '#6b21a8', label: 'Racket' },
  'tennis-ball': { background: '#4d7c0f', label: 'Tennis balls' },
};

function image(id: number, key: string, alt: string, extra: Partial<Image> = {}): Image {
  return { id, src: `/demo-assets/img/${key}.svg`, alt, title: alt, caption: '', ...extra };
}

const NO_DIMENSIONS = { length: '', width: '', height: '' };

/** A local (custom) attribute: each value is its own label. */
function localAttribute(name: string, label: string, values: readonly string[]): ProductAttribute {
  return { name, label, isTaxonomy: false, options: values.map((value) => ({ value, label: value })) };
}

// ---------------------------------------------------------------------------------------------
// Products: ids, names, SKUs, prices and stock as recorded (steps 04, 29).

const BOOTS_BLACK = image(102, 'junior-football-boots-black', 'Junior Football Boots in black');
const BOOTS_BLUE = image(103, 'junior-football-boots-blue', 'Junior Football Boots in blue');

function bootVariation(
  id: number,
  size: string,
  colour: 'Black' | 'Blue',
  regularPrice: number,
  extra: Partial<VariationFixture> = {},
): VariationFixture {
  return {
    id,
    attributes: { attribute_pa_size: size, attribute_colour: colour },
    sku: `BOOT-JR-${size.replace('uk-', '')}-${colour === 'Black' ? 'BLK' : 'BLU'}`,
    regularPrice,
    salePrice: null,
    stockStatus: 'instock',
    active: true,
    image: colour === 'Black' ? BOOTS_BLACK : BOOTS_BLUE,
    weight: '0.8',
    ...extra,
  };
}

// The training jersey: 31 variations, one more than WooCommerce's `woocommerce_ajax_variation_threshold`
// (30), so its form prints `data-product_variations="false"` and asks `/?wc-ajax=get_variation`.
const JERSEY_SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'] as const;
const JERSEY_IMAGES = {
  Red: image(141, 'training-jersey-red', 'Training Jersey in red'),
  Navy: image(142, 'training-jersey-navy', 'Training Jersey in navy'),
  White: image(143, 'training-jersey-white', 'Training Jersey in white'),
  Green: image(144, 'training-jersey-green', 'Training Jersey in goalkeeper green'),
};
type JerseyColour = keyof typeof JERSEY_IMAGES;

/** A jersey variation; '' for size or sleeve means "any" (its SKU says ANY). */
function jerseyVariation(
  id: number,
  size: (typeof JERSEY_SIZES)[number] | '',
  colour: JerseyColour,
  sleeve: 'Short sleeve' | 'Long sleeve' | '',
  extra: Partial<VariationFixture> = {},
): VariationFixture {
  const part = (value: string) => (value === '' ? 'ANY' : value.toUpperCase());
  return {
    id,
    attributes: { attribute_pa_size: size, attribute_colour: colour, 'attribute_sleeve-length': sleeve },
    sku: `JERSEY-${part(size)}-${colour.slice(0, 3).toUpperCase()}-${sleeve === '' ? 'ANY' : sleeve[0]}`,
    regularPrice: sleeve === 'Long sleeve' ? 32 : 28,
    salePrice: null,
    stockStatus: 'instock',
    active: true,
    image: JERSEY_IMAGES[colour],
    weight: sleeve === 'Long sleeve' ? '0.25' : '0.2',
    ...extra,
  };
}

/** Red and navy in every size and sleeve (24); white in every size with any sleeve (6); green in any size, long sleeve (1). */
function jerseyVariations(): VariationFixture[] {
  const out: VariationFixture[] = [];
  let id = 41;
  for (const colour of ['Red', 'Navy'] as const) {
    for (const size of JERSEY_SIZES) {
      for (const sleeve of ['Short sleeve', 'Long sleeve'] as const) {
        const extra: Partial<VariationFixture> = {};
        // Out of stock: red M long sleeve, navy XS long sleeve.
        if (
          (colour === 'Red' && size === 'm' && sleeve === 'Long sleeve') ||
          (colour === 'Navy' && size === 'xs' && sleeve === 'Long sleeve')
        ) {
          extra.stockStatus = 'outofstock';
        }
        // Inactive (listed but disabled): red XXL short sleeve.
        if (colour === 'Red' && size === 'xxl' && sleeve === 'Short sleeve') extra.active = false;
        // On sale: navy L short sleeve.
        if (colour === 'Navy' && size === 'l' && sleeve === 'Short sleeve') extra.salePrice = 21;
        out.push(jerseyVariation(id, size, colour, sleeve, extra));
        id += 1;
      }
    }
  }
  for (const size of JERSEY_SIZES) {
    out.push(jerseyVariation(id, size, 'White', ''));
    id += 1;
  }
  // Green is long sleeve only: green with short sleeve matches nothing.
  out.push(jerseyVariation(id, '', 'Green', 'Long sleeve', { regularPrice: 36 }));
  return out;
}

export const PRODUCTS: Product[] = [
  {
    type: 'simple',
    id: 13,
    name: 'Pro Match Football',
    slug: 'pro-match-football',
    sku: 'BALL-001',
    shortDescription: '<p>A size 5 match ball with a thermo-bonded casing.</p>',
    description: '<p>Thermo-bonded panels, butyl bladder, FIFA Quality Pro. Size 5.</p>',
    categoryIds: [18],
    image: image(101, 'pro-match-football', 'Pro Match Football'),
    gallery: [
      image(111, 'pro-match-football-panels', 'Pro Match Football panels', {
        caption: 'Thermo-bonded panels: no stitches to let water in.',
      }),
      image(112, 'pro-match-football-valve', 'Pro Match Football valve'),
    ],
    date: '2026-09-01T10:00:00Z',
    menuOrder: 1,
    totalSales: 40,
    weight: '0.43',
    dimensions: { length: '22', width: '22', height: '22' },
    regularPrice: 49.99,
    salePrice: null,
    stockQuantity: null,
    stockStatus: 'instock',
    soldIndividually: false,
  },
  {
    type: 'simple',
    id: 14,
    name: 'Shin Pads',
    slug: 'shin-pads',
    sku: 'PADS-001',
    shortDescription: '<p>Light shin pads with ankle guards.</p>',
    description: '<p>Shell of polypropylene over EVA foam, with ankle guards and straps.</p>',
    categoryIds: [19],
    // One image whose full size is no wider than the gallery: no slider, no zoom.
    image: image(104, 'shin-pads', 'Shin Pads', { fullSize: 400 }),
    date: '2026-09-02T10:00:00Z',
    menuOrder: 2,
    totalSales: 12,
    weight: '0.3',
    dimensions: NO_DIMENSIONS,
    regularPrice: 12.5,
    salePrice: null,
    // Stock 3: asking for 5 fails (step 10).
    stockQuantity: 3,
    stockStatus: 'instock',
    soldIndividually: false,
  },
  {
    type: 'simple',
    id: 15,
    name: 'Goalkeeper Gloves',
    slug: 'goalkeeper-gloves',
    sku: 'GLOVE-001',
    shortDescription: '<p>Latex palm gloves with finger protection.</p>',
    description: '<p>4 mm German latex palm, negative cut, finger saves.</p>',
    categoryIds: [22],
    image: image(105, 'goalkeeper-gloves', 'Goalkeeper Gloves'),
    date: '2026-09-03T10:00:00Z',
    menuOrder: 3,
    totalSales: 25,
    weight: '0.2',
    dimensions: NO_DIMENSIONS,
    regularPrice: 24,
    salePrice: null,
    // Out of stock: add to cart fails (step 09).
    stockQuantity: 0,
    stockStatus: 'outofstock',
    soldIndividually: false,
  },
  {
    type: 'simple',
    id: 16,
    name: 'Training Ball',
    slug: 'training-ball',
    sku: 'BALL-002',
    shortDescription: '<p>A durable machine-stitched training ball.</p>',
    description: '<p>Machine-stitched TPU casing for everyday training. Size 5.</p>',
    categoryIds: [18],
    image: image(106, 'training-ball', 'Training Ball'),
    date: '2026-09-04T10:00:00Z',
    menuOrder: 4,
    totalSales: 60,
    weight: '0.42',
    dimensions: NO_DIMENSIONS,
    // On sale 14.99, regular 19.99 (step 08).
    regularPrice: 19.99,
    salePrice: 14.99,
    stockQuantity: null,
    stockStatus: 'instock',
    soldIndividually: false,
  },
  {
    type: 'simple',
    id: 17,
    name: 'Kit Bag (one per order)',
    slug: 'kit-bag',
    sku: 'BAG-001',
    shortDescription: '<p>A roomy kit bag with a boot compartment.</p>',
    description: '<p>45 litres, separate ventilated boot compartment, padded strap.</p>',
    categoryIds: [21],
    image: image(107, 'kit-bag', 'Kit Bag'),
    date: '2026-09-05T10:00:00Z',
    menuOrder: 5,
    totalSales: 8,
    weight: '0.9',
    dimensions: { length: '60', width: '30', height: '30' },
    regularPrice: 35,
    salePrice: null,
    stockQuantity: null,
    stockStatus: 'instock',
    soldIndividually: true,
  },
  {
    type: 'variable',
    id: 18,
    name: 'Junior Football Boots',
    slug: 'junior-football-boots',
    sku: 'BOOT-JR',
    shortDescription: '<p>Junior boots in three sizes and two colours.</p>',
    description: '<p>Firm-ground junior boots with a synthetic upper and moulded studs.</p>',
    categoryIds: [20],
    image: image(108, 'junior-football-boots', 'Junior Football Boots'),
    gallery: [
      image(113, 'junior-football-boots-side', 'Junior Football Boots from the side', {
        caption: 'Synthetic upper with a padded collar.',
      }),
      image(114, 'junior-football-boots-sole', 'Junior Football Boots sole', { title: 'Moulded studs' }),
      image(115, 'junior-football-boots-pair', 'A pair of Junior Football Boots'),
    ],
    date: '2026-09-06T10:00:00Z',
    menuOrder: 0,
    totalSales: 33,
    weight: '0.8',
    dimensions: NO_DIMENSIONS,
    soldIndividually: false,
    attributes: [
      {
        name: 'pa_size',
        label: 'Size',
        isTaxonomy: true,
        options: [
          { value: 'uk-1', label: 'UK 1' },
          { value: 'uk-2', label: 'UK 2' },
          { value: 'uk-3', label: 'UK 3' },
          { value: 'uk-4', label: 'UK 4' },
        ],
      },
      localAttribute('colour', 'Colour', ['Black', 'Blue']),
    ],
    // Ids 19-24 and their values are the recorded ones (params/product-variable.data-product_variations.json).
    variations: [
      bootVariation(19, 'uk-1', 'Black', 39.99),
      bootVariation(20, 'uk-1', 'Blue', 39.99),
      bootVariation(21, 'uk-2', 'Black', 39.99),
      // UK 2 / Blue on sale (step 13).
      bootVariation(22, 'uk-2', 'Blue', 39.99, { salePrice: 29.99 }),
      bootVariation(23, 'uk-3', 'Black', 42.99),
      // UK 3 / Blue out of stock (step 14).
      bootVariation(24, 'uk-3', 'Blue', 42.99, { stockStatus: 'outofstock' }),
      // Demo addition: an inactive variation (variation_is_active false), so "UK 4" is listed but
      // disabled; UK 4 / Blue has no variation at all (a "no match", like step 16).
      bootVariation(25, 'uk-4', 'Black', 44.99, { active: false }),
    ],
  },
  {
    type: 'variable',
    id: 40,
    name: 'Training Jersey',
    slug: 'training-jersey',
    sku: 'JERSEY',
    shortDescription: '<p>A breathable training jersey in four colours, short or long sleeved.</p>',
    description:
      '<p>Lightweight recycled polyester with mesh panels. Goalkeeper green comes with long sleeves only.</p>',
    categoryIds: [16],
    image: image(140, 'training-jersey', 'Training Jersey'),
    date: '2026-09-07T10:00:00Z',
    menuOrder: 6,
    totalSales: 21,
    weight: '0.2',
    dimensions: { length: '70', width: '50', height: '1' },
    soldIndividually: false,
    attributes: [
      {
        name: 'pa_size',
        label: 'Size',
        isTaxonomy: true,
        options: JERSEY_SIZES.map((value) => ({ value, label: value.toUpperCase() })),
      },
      localAttribute('colour', 'Colour', ['Red', 'Navy', 'White', 'Green']),
      localAttribute('sleeve-length', 'Sleeve length', ['Short sleeve', 'Long sleeve']),
    ],
    // Ids 41-71.
    variations: jerseyVariations(),
  },
  {
    // Sold individually: the quantity is fixed at 1 and hidden (storefront.md §4).
    type: 'variable',
    id: 80,
    name: 'Captain’s Armband',
    slug: 'captains-armband',
    sku: 'ARMBAND',
    shortDescription: '<p>An elastic captain’s armband, one per order.</p>',
    description: '<p>Elastic band with a hook-and-loop fastening; fits juniors and adults.</p>',
    categoryIds: [19],
    image: image(145, 'captains-armband', 'Captain’s Armband'),
    date: '2026-09-08T10:00:00Z',
    menuOrder: 7,
    totalSales: 5,
    weight: '0.05',
    dimensions: NO_DIMENSIONS,
    soldIndividually: true,
    attributes: [localAttribute('colour', 'Colour', ['Yellow', 'Black'])],
    variations: [
      {
        id: 81,
        attributes: { attribute_colour: 'Yellow' },
        sku: 'ARMBAND-YEL',
        regularPrice: 6.5,
        salePrice: null,
        stockStatus: 'instock',
        active: true,
        image: image(145, 'captains-armband', 'Captain’s Armband'),
        weight: '0.05',
      },
      {
        id: 82,
        attributes: { attribute_colour: 'Black' },
        sku: 'ARMBAND-BLK',
        regularPrice: 6.5,
        salePrice: null,
        stockStatus: 'instock',
        active: true,
        image: image(146, 'captains-armband-black', 'Captain’s Armband in black'),
        weight: '0.05',
      },
    ],
  },
];

export const REVIEWS: Review[] = [
  {
    id: 1,
    productId: 13,
    author: 'Aoife',
    date: '2026-10-02T18:20:00Z',
    rating: 5,
    text: 'True flight, holds its shape after a season.',
  },
  {
    id: 2,
    productId: 13,
    author: 'Liam',
    date: '2026-10-09T09:05:00Z',
    rating: 4,
    text: 'Great ball, a little firm when cold.',
  },
  {
    id: 3,
    productId: 14,
    author: 'Niamh',
    date: '2026-10-11T12:00:00Z',
    rating: 4,
    text: 'Light and they stay in place.',
  },
  {
    id: 4,
    productId: 14,
    author: 'Sean',
    date: '2026-10-15T16:40:00Z',
    rating: 3,
    text: 'Straps could be longer.',
  },
  {
    id: 5,
    productId: 15,
    author: 'Ciara',
    date: '2026-09-20T08:30:00Z',
    rating: 5,
    text: 'Excellent grip in the wet.',
  },
  {
    id: 6,
    productId: 15,
    author: 'Darragh',
    date: '2026-09-28T19:10:00Z',
    rating: 4,
    text: 'Run a half size small.',
  },
  {
    id: 7,
    productId: 16,
    author: 'Emma',
    date: '2026-10-01T07:45:00Z',
    rating: 4,
    text: 'Survives concrete pitches.',
  },
  {
    id: 8,
    productId: 16,
    author: 'Jack',
    date: '2026-10-21T20:00:00Z',
    rating: 2,
    text: 'Lost air after a month.',
  },
  {
    id: 9,
    productId: 17,
    author: 'Sophie',
    date: '2026-10-05T13:15:00Z',
    rating: 5,
    text: 'Fits two kits and boots.',
  },
  {
    id: 10,
    productId: 18,
    author: 'Conor',
    date: '2026-10-12T17:00:00Z',
    rating: 5,
    text: 'My son loves the blue ones.',
  },
  {
    id: 11,
    productId: 18,
    author: 'Grace',
    date: '2026-10-18T10:30:00Z',
    rating: 4,
    text: 'Sizes are accurate.',
  },
  {
    id: 12,
    productId: 18,
    author: 'Oisín',
    date: '2026-10-25T15:20:00Z',
    rating: 1,
    text: 'Studs wore down quickly on astro.',
  },
];

/**
 * A threaded reply to a review (WordPress `comment_parent`): no rating, not counted as a review
 * (WooCommerce counts top-level reviews only).
 */
export interface ReviewReply {
  id: number;
  productId: number;
  /** The review (or reply) answered. */
  parentId: number;
  author: string;
  /** ISO 8601. */
  date: string;
  text: string;
  /** Written by the shop (WordPress's `bypostauthor` class). */
  byShop: boolean;
}

export const REVIEW_REPLIES: ReviewReply[] = [
  {
    id: 13,
    productId: 18,
    parentId: 12,
    author: DEMO_USER.name,
    date: '2026-10-26T09:00:00Z',
    byShop: true,
    text: 'Sorry to hear that, Oisín. These boots are made for firm ground; for astro turf we recommend our AG studs. Please get in touch and we will swap them.',
  },
  {
    id: 14,
    productId: 18,
    parentId: 13,
    author: 'Oisín',
    date: '2026-10-27T18:45:00Z',
    byShop: false,
    text: 'Thanks, swapped them and the new ones are fine.',
  },
  {
    id: 15,
    productId: 13,
    parentId: 2,
    author: DEMO_USER.name,
    date: '2026-10-10T08:15:00Z',
    byShop: true,
    text: 'Thanks, Liam! Letting a little air out on cold days helps.',
  },
];

// ---------------------------------------------------------------------------------------------
// Lookups.

/**
 * Every product of the store: the recorded ones above and the generated catalogue (issue #15). The
 * shop page and the football categories list the recorded ones (their pages stay as recorded);
 * search, the new categories and the loop grid reach them all, and each has its product page.
 */
export const CATALOGUE: Product[] = [...PRODUCTS, ...generateCatalogue()];

export function findProduct(id: number): Product | undefined {
  return CATALOGUE.find((p) => p.id === id);
}

export function findProductBySlug(slug: string): Product | undefined {
  return CATALOGUE.find((p) => p.slug === slug);
}

/** A variation and its parent, by variation id. */
export function findVariation(
  id: number,
): { parent: VariableProduct; variation: VariationFixture } | undefined {
  for (const p of PRODUCTS) {
    if (p.type !== 'variable') continue;
    const variation = p.variations.find((v) => v.id === id);
    if (variation) return { parent: p, variation };
  }
  return undefined;
}

export function findCategory(id: number): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

export function childCategories(parentId: number): Category[] {
  return CATEGORIES.filter((c) => c.parent === parentId).sort((a, b) =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}

/** Root → … → category. */
export function categoryTrail(id: number): Category[] {
  const trail: Category[] = [];
  for (let c = findCategory(id); c; c = c.parent ? findCategory(c.parent) : undefined) trail.unshift(c);
  return trail;
}

/** WooCommerce's hierarchical term link: `/product-category/{parent}/{child}/`. */
export function categoryUrl(id: number): string {
  return `/product-category/${categoryTrail(id)
    .map((c) => c.slug)
    .join('/')}/`;
}

export function productUrl(product: Product): string {
  return `/product/${product.slug}/`;
}

/** The category and every category below it. */
export function categoryWithDescendants(id: number): number[] {
  const ids = [id];
  for (const child of CATEGORIES.filter((c) => c.parent === id))
    ids.push(...categoryWithDescendants(child.id));
  return ids;
}

export function reviewsOf(productId: number): Review[] {
  return REVIEWS.filter((r) => r.productId === productId);
}

/** The replies to a product's reviews, oldest first. */
export function repliesOf(productId: number): ReviewReply[] {
  return REVIEW_REPLIES.filter((r) => r.productId === productId);
}

export function averageRating(productId: number): number {
  const reviews = reviewsOf(productId);
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 100) / 100;
}

/** The price a shopper pays (sale price when set). */
export function activePrice(item: { regularPrice: number; salePrice: number | null }): number {
  return item.salePrice ?? item.regularPrice;
}

/** Label of an attribute value (`uk-2` → `UK 2`). */
export function attributeValueLabel(product: VariableProduct, attributeKey: string, value: string): string {
  const attribute = product.attributes.find((a) => `attribute_${a.name}` === attributeKey);
  return attribute?.options.find((o) => o.value === value)?.label ?? value;
}

/** WooCommerce's variation name: "Junior Football Boots - UK 2, Blue" (steps 19, 34). */
export function variationName(
  product: VariableProduct,
  variation: VariationFixture,
  /** The values in the cart: a variation's 'any' attribute holds the shopper's choice there. */
  chosen: Record<string, string> = variation.attributes,
): string {
  const labels = Object.entries(variation.attributes).map(([key, value]) =>
    attributeValueLabel(product, key, value || chosen[key] || ''),
  );
  return `${product.name} - ${labels.join(', ')}`;
}
