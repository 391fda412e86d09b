import { describe, expect, it } from 'vitest';
import { CategoryFinderPropsSchema } from '../../widgets/category-finder/schema';
import { CATEGORIES, categoryUrl } from '../fixtures';
import { IslandCollector } from '../islands';
import type { PageContext } from '../layout';
import { NO_ASSETS } from '../manifest';
import { renderShop } from '../pages/shop';
import { store } from '../store';
import {
  CATEGORY_FINDER_TEXT,
  categoryFinderFallback,
  categoryFinderIsland,
  categoryFinderProps,
} from './category-finder';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The props printed in the container of `html`. */
function printedProps(html: string): unknown {
  const json = parse(html).querySelector(
    '[data-island="category-finder"] script[data-island-props]',
  )?.textContent;
  return JSON.parse(json ?? 'null');
}

describe('categoryFinderProps: the fixtures as the island reads them', () => {
  const props = categoryFinderProps();

  it('are valid props with the defaults', () => {
    expect(CategoryFinderPropsSchema.parse(props)).toEqual(props);
    expect(props).toMatchObject({
      idPrefix: 'category-finder',
      selectedIds: [],
      label: CATEGORY_FINDER_TEXT.label,
      defaultOptionTitle: CATEGORY_FINDER_TEXT.defaultOptionTitle,
      submitLabel: CATEGORY_FINDER_TEXT.submitLabel,
    });
  });

  it('hold every category, keyed by id, with its children and its page', () => {
    expect(Object.keys(props.categories)).toHaveLength(CATEGORIES.length);
    expect([...props.rootCategoryIds].sort((a, b) => a - b)).toEqual([16, 30, 40]);
    expect(props.categories['30']).toEqual({
      id: 30,
      title: 'Running',
      children: [31, 34],
      url: '/product-category/running/',
    });
    for (const category of CATEGORIES) {
      expect(props.categories[String(category.id)]?.url).toBe(categoryUrl(category.id));
    }
  });

  it('form a tree three levels deep, with a lower-case name', () => {
    const depth = (id: number): number =>
      1 + Math.max(0, ...props.categories[String(id)]!.children.map((child) => depth(child)));
    expect(Math.max(...props.rootCategoryIds.map(depth))).toBe(3);
    expect(props.categories['31']!.children).toEqual([32, 33]);
    expect(props.categories['33']!.title).toBe('road shoes');
    expect(props.categories['32']).toMatchObject({
      title: 'Trail Shoes',
      children: [],
      url: '/product-category/running/running-shoes/trail-shoes/',
    });
  });

  it('take the options', () => {
    expect(categoryFinderProps({ selectedIds: [30, 31], idPrefix: 'shop-finder' })).toMatchObject({
      selectedIds: [30, 31],
      idPrefix: 'shop-finder',
    });
  });
});

describe('categoryFinderFallback: WooCommerce’s dropdown in a GET form', () => {
  it('is one select named product_cat of every category, values the slugs, children indented', () => {
    const doc = parse(categoryFinderFallback());
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    const selects = form.querySelectorAll('select');
    expect(selects).toHaveLength(1);
    const select = selects[0]!;
    expect(select.name).toBe('product_cat');
    expect(select.id).toBe('category-finder-level-1');
    expect(doc.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Category');
    const options = Array.from(select.options);
    expect(options).toHaveLength(CATEGORIES.length + 1);
    expect(options[0]).toMatchObject({ value: '', textContent: 'Select a category' });
    const running = options.findIndex((o) => o.value === 'running');
    expect(options.slice(running, running + 5).map((o) => [o.className, o.textContent])).toEqual([
      ['level-0', 'Running'],
      ['level-1', '\u00a0\u00a0\u00a0Apparel'],
      ['level-1', '\u00a0\u00a0\u00a0Running Shoes'],
      ['level-2', `${'\u00a0'.repeat(6)}road shoes`],
      ['level-2', `${'\u00a0'.repeat(6)}Trail Shoes`],
    ]);
    expect(options.some((o) => o.selected && o.value !== '')).toBe(false);
    const button = form.querySelector('button')!;
    expect(button.type).toBe('submit');
    expect(button.textContent).toBe('Go');
  });

  it('selects the deepest category chosen in advance, and takes the id prefix', () => {
    const doc = parse(categoryFinderFallback({ selectedIds: [30, 31, 32], idPrefix: 'finder-2' }));
    expect(doc.querySelector('select')!.value).toBe('trail-shoes');
    expect(doc.querySelector('select')!.id).toBe('finder-2-level-1');
    expect(doc.querySelector('.shop-islands-category-finder')!.id).toBe('finder-2');
  });

  it('has the island’s box: the same classes', () => {
    const doc = parse(categoryFinderFallback());
    expect(doc.body.firstElementChild!.className).toBe('shop-islands-category-finder');
    expect(doc.querySelectorAll('.shop-islands-category-finder__field')).toHaveLength(1);
    expect(doc.querySelectorAll('select.shop-islands-category-finder__select')).toHaveLength(1);
    expect(doc.querySelectorAll('button.shop-islands-category-finder__submit')).toHaveLength(1);
  });
});

describe('categoryFinderIsland', () => {
  it('prints the container with its props and the fallback, and collects the island', () => {
    const islands = new IslandCollector();
    const html = categoryFinderIsland(islands, { selectedIds: [40] });
    expect(islands.names.has('category-finder')).toBe(true);
    const container = parse(html).querySelector('[data-island="category-finder"]')!;
    expect(container.querySelector('select[name="product_cat"]')).not.toBeNull();
    expect(printedProps(html)).toEqual(categoryFinderProps({ selectedIds: [40] }));
  });
});

describe('the shop page', () => {
  it('shows the finder under the title, before the category links', () => {
    const ctx: PageContext = {
      url: new URL('/shop/', 'http://demo.localhost'),
      session: store.ensureSession('').session,
      cookies: {},
      assets: NO_ASSETS,
      notices: [],
      islands: new IslandCollector(),
    };
    const doc = parse(renderShop(ctx));
    const title = doc.querySelector('h1.page-title')!;
    const finder = doc.querySelector('[data-island="category-finder"]')!;
    const links = doc.querySelector('nav.product-categories-nav')!;
    expect(title.compareDocumentPosition(finder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(finder.compareDocumentPosition(links) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ctx.islands.names.has('category-finder')).toBe(true);
  });
});
