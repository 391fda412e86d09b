/**
 * The demo's generated catalogue (issue #15: "realistic catalogues, hundreds of products"): simple
 * products across the category tree, made the same way on every run (no randomness), with names
 * that hold markup, quotes and apostrophes as real catalogues do. Imported by fixtures.ts, so this
 * file imports types only (no cycle at runtime).
 */
import type { Image, SimpleProduct } from '../fixtures';

/** Ids of generated products start here (the recorded store's products are below 100). */
export const FIRST_GENERATED_ID = 1000;

/** Image keys drawn by svg.ts (IMAGE_ART in fixtures.ts) by category. */
const IMAGE_BY_CATEGORY: Record<number, string> = {
  16: 'training-jersey',
  17: 'junior-football-boots',
  20: 'junior-football-boots-blue',
  18: 'training-ball',
  19: 'shin-pads',
  21: 'kit-bag',
  22: 'goalkeeper-gloves',
  31: 'running-shoe',
  32: 'running-shoe-trail',
  33: 'running-shoe',
  34: 'running-apparel',
  41: 'tennis-racket',
  42: 'tennis-racket',
  43: 'tennis-ball',
};

/** Tags (product_tag) the loop filters offer besides categories. */
export const TAGS = [
  { slug: 'junior', name: 'Junior' },
  { slug: 'waterproof', name: 'Waterproof' },
  { slug: 'lightweight', name: 'Lightweight' },
  { slug: 'training', name: 'Training' },
  { slug: 'match', name: 'Match' },
] as const;

interface Line {
  categoryId: number;
  /** Product kinds of the line; each is crossed with every brand and model. */
  kinds: string[];
  base: number;
}

const BRANDS = ['Apex', 'Northline', 'Volt', 'Stride'];
const MODELS = ['Glide', 'Tempo', 'Ridge', 'Pulse'];

const LINES: Line[] = [
  { categoryId: 17, kinds: ['Firm Ground Boots', 'Soft Ground Boots'], base: 69 },
  { categoryId: 20, kinds: ['Junior Boots'], base: 39 },
  { categoryId: 18, kinds: ['Match Ball', 'Futsal Ball'], base: 19 },
  { categoryId: 21, kinds: ['Duffel Bag'], base: 29 },
  { categoryId: 22, kinds: ['Keeper Gloves'], base: 24 },
  { categoryId: 19, kinds: ['Shin Guards', 'Water Bottle'], base: 9 },
  { categoryId: 32, kinds: ['Trail Shoes'], base: 89 },
  { categoryId: 33, kinds: ['Road Shoes', 'Racing Flats'], base: 99 },
  { categoryId: 34, kinds: ['Running Tee', 'Running Shorts', 'Running Jacket'], base: 25 },
  { categoryId: 42, kinds: ['Junior Racket'], base: 35 },
  { categoryId: 41, kinds: ['Tour Racket', 'Power Racket'], base: 119 },
  { categoryId: 43, kinds: ['Tennis Balls (4-pack)'], base: 6 },
];

/**
 * A few names as a shop owner really types them: markup WordPress allows in titles, quotes,
 * apostrophes, an ampersand, and one that tries its luck (escaped on every page, never run).
 */
const ODD_NAMES: { name: string; categoryId: number; base: number }[] = [
  { name: 'Keeper Gloves <em>Pro</em> Edition', categoryId: 22, base: 44 },
  { name: 'Striker "Elite" Shin Pads', categoryId: 19, base: 19 },
  { name: 'O\u2019Neill\u2019s Training Bib', categoryId: 16, base: 7 },
  { name: "Coach's Tactics Board & Pen", categoryId: 19, base: 24 },
  { name: 'Trail Shoes <b>GTX</b> "Storm"', categoryId: 32, base: 139 },
  { name: '<img src=x onerror=alert(1)> Sweatband', categoryId: 34, base: 5 },
];

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\u2019']/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function image(id: number, categoryId: number, alt: string): Image {
  const key = IMAGE_BY_CATEGORY[categoryId] ?? 'kit-bag';
  return { id: id + 50_000, src: `/demo-assets/img/${key}.svg`, alt, title: alt, caption: '' };
}

/** The product's tags: a function of its id and category, stable across runs. */
export function generatedTags(id: number, categoryId: number): string[] {
  const tags: string[] = [];
  if (categoryId === 20 || categoryId === 42) tags.push('junior');
  if (id % 3 === 0) tags.push('waterproof');
  if (id % 4 === 1) tags.push('lightweight');
  tags.push(id % 2 === 0 ? 'training' : 'match');
  return tags;
}

export function generateCatalogue(): SimpleProduct[] {
  const products: SimpleProduct[] = [];
  const used = new Set<string>();
  const add = (name: string, categoryId: number, base: number) => {
    const id = FIRST_GENERATED_ID + products.length;
    let slug = slugify(name);
    while (used.has(slug)) slug = `${slug}-${id}`;
    used.add(slug);
    const n = products.length;
    const regularPrice = Math.round((base + (n % 7) * 4 + (n % 3) * 0.5) * 100) / 100 - 0.01;
    const onSale = n % 9 === 4;
    products.push({
      type: 'simple',
      id,
      name,
      slug,
      sku: `GEN-${id}`,
      shortDescription: `<p>${name.replace(/<[^>]*>/g, '').replace(/[<>&"]/g, '')}: a demo catalogue product.</p>`,
      description: '<p>Generated for the demo catalogue.</p>',
      categoryIds: [categoryId],
      image: image(id, categoryId, name.replace(/<[^>]*>/g, '')),
      date: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000 * 0.7).toISOString().replace('.000', ''),
      menuOrder: 100 + n,
      totalSales: (n * 37) % 211,
      weight: '',
      dimensions: { length: '', width: '', height: '' },
      regularPrice,
      salePrice: onSale ? Math.round(regularPrice * 80) / 100 : null,
      stockQuantity: null,
      stockStatus: n % 23 === 11 ? 'outofstock' : 'instock',
      soldIndividually: false,
    });
  };
  for (const line of LINES)
    for (const kind of line.kinds)
      for (const brand of BRANDS)
        for (const model of MODELS) add(`${brand} ${model} ${kind}`, line.categoryId, line.base);
  for (const odd of ODD_NAMES) add(odd.name, odd.categoryId, odd.base);
  return products;
}
