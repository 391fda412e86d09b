import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_IDS } from '../../../src/a11y/announce';
import {
  addRecentSearch,
  forgetRecentSearchesForTests,
  readRecentSearches,
} from '../../../src/search/recent-searches';
import FullScreenExtras, { type FullScreenExtrasProps } from './FullScreenExtras';
import { parseOverlayConfig, type OverlayConfig } from './schema';

const product = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Product ${id}`,
  permalink: `/product/product-${id}/`,
  image: `/demo-assets/img/product-${id}.svg`,
  category: 'Balls',
  price: `<span class="woocommerce-Price-amount amount">€${id}.00</span>`,
  type: 'simple',
  rating_count: 0,
  average_rating: 0,
  ...extra,
});

const CATEGORIES = [
  { name: 'Boots', url: '/product-category/football/boots/', count: 12 },
  { name: 'Fish &amp; Chips <b>bar</b>', url: '/product-category/fish/', count: 1 },
];

function renderExtras(config: Record<string, unknown> = {}, props: Partial<FullScreenExtrasProps> = {}) {
  const onPick = vi.fn();
  const all: FullScreenExtrasProps = {
    config: parseOverlayConfig(config),
    keywords: [],
    showingKeywords: false,
    onPick,
    ...props,
  };
  const view = render(
    <div role="dialog" aria-label="Search">
      <input type="search" aria-label="Search for:" />
      <FullScreenExtras {...all} />
    </div>,
  );
  const rerender = (more: Partial<FullScreenExtrasProps>) =>
    view.rerender(
      <div role="dialog" aria-label="Search">
        <input type="search" aria-label="Search for:" />
        <FullScreenExtras {...all} {...more} />
      </div>,
    );
  return { onPick, rerender, container: view.container };
}

const region = (name: string) => screen.getByRole('region', { name });
const liveText = () => document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

let width: number;
beforeEach(() => {
  width = window.innerWidth;
  localStorage.clear();
  forgetRecentSearchesForTests();
});
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  localStorage.clear();
  forgetRecentSearchesForTests();
});

describe('nothing configured', () => {
  it('renders no section', () => {
    const { container } = renderExtras();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.querySelector('.smart-search-extras')).toBeEmptyDOMElement();
  });
});

describe('recent searches', () => {
  const seed = (...terms: string[]) => [...terms].reverse().forEach(addRecentSearch);

  it('shows the last 5 under their title; choosing one searches for it', async () => {
    seed('t1', 't2', 't3', 't4', 't5', 't6', 't7');
    const { onPick } = renderExtras({ recentSearches: true, recentSearchesTitle: 'You searched for' });
    const section = region('You searched for');
    expect(within(section).getByRole('heading', { name: 'You searched for' })).toBeInTheDocument();
    const picks = within(section)
      .getAllByRole('button')
      .filter((b) => !b.getAttribute('aria-label'));
    expect(picks.map((b) => b.textContent)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    await userEvent.click(within(section).getByRole('button', { name: 't2' }));
    expect(onPick).toHaveBeenCalledWith('t2');
  });

  it('is hidden when off, when empty, and while keyword suggestions show', () => {
    const { rerender } = renderExtras({ recentSearches: true });
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    act(() => addRecentSearch('boots'));
    expect(region('Recent searches')).toBeInTheDocument();
    rerender({ showingKeywords: true });
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    rerender({ showingKeywords: false, config: parseOverlayConfig({ recentSearches: false }) });
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('deletes an entry; the focus moves to the next one, then the previous, and the title announces it', async () => {
    seed('boots', 'gloves', 'balls');
    renderExtras({ recentSearches: true });
    await userEvent.click(screen.getByRole('button', { name: 'Remove “gloves” from recent searches' }));
    expect(readRecentSearches()).toEqual(['boots', 'balls']);
    expect(screen.queryByRole('button', { name: 'gloves' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove “balls” from recent searches' })).toHaveFocus();
    await waitFor(() => expect(liveText()).toBe('“gloves” removed from recent searches'));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove “boots” from recent searches' })).toHaveFocus();
  });

  it('brings the 6th stored entry into view when one is deleted', async () => {
    seed('t1', 't2', 't3', 't4', 't5', 't6');
    renderExtras({ recentSearches: true });
    expect(screen.queryByRole('button', { name: 't6' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove “t5” from recent searches' }));
    expect(screen.getByRole('button', { name: 't6' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove “t6” from recent searches' })).toHaveFocus();
  });

  it("deleting the last entry hides the section and moves the focus to the section's successor", async () => {
    seed('boots');
    renderExtras({ recentSearches: true, selectedCategories: CATEGORIES });
    await userEvent.click(screen.getByRole('button', { name: 'Remove “boots” from recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Boots (12)' })).toHaveFocus();
  });

  it('with nothing after it, the focus goes to the dialog (its search field)', async () => {
    seed('boots');
    renderExtras({ recentSearches: true });
    await userEvent.click(screen.getByRole('button', { name: 'Remove “boots” from recent searches' }));
    expect(screen.getByRole('searchbox', { name: 'Search for:' })).toHaveFocus();
  });

  it('renders stored markup as text', () => {
    seed('<img src=x onerror=alert(1)>');
    const { container } = renderExtras({ recentSearches: true });
    expect(screen.getByRole('button', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('keyword suggestions', () => {
  it('show under their label when on and the answer has some; choosing one searches for it', async () => {
    const { onPick } = renderExtras(
      { keywords: true, keywordsLabel: 'Try' },
      { keywords: ['boots', ' Boots ', 'shin  pads', ''], showingKeywords: true },
    );
    const section = region('Try');
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['boots', 'shin pads']);
    await userEvent.click(within(section).getByRole('button', { name: 'shin pads' }));
    expect(onPick).toHaveBeenCalledWith('shin pads');
  });

  it('are not shown when off or when there are none', () => {
    const { rerender } = renderExtras({ keywords: false }, { keywords: ['boots'] });
    expect(screen.queryByRole('region', { name: 'Popular searches' })).not.toBeInTheDocument();
    rerender({ config: parseOverlayConfig({ keywords: true }), keywords: [] });
    expect(screen.queryByRole('region', { name: 'Popular searches' })).not.toBeInTheDocument();
  });
});

describe('featured categories and the promo banner', () => {
  const order = () =>
    screen
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label') ?? r.querySelector('h2')?.textContent);

  it('lists categories with their counts (names as their text)', () => {
    renderExtras({ selectedCategories: CATEGORIES, selectedCategoriesLabel: 'Shop by sport' });
    const section = region('Shop by sport');
    expect(within(section).getByRole('link', { name: 'Boots (12)' })).toHaveAttribute(
      'href',
      new URL('/product-category/football/boots/', document.baseURI).href,
    );
    expect(within(section).getByRole('link', { name: 'Fish & Chips bar (1)' })).toBeInTheDocument();
  });

  it('leaves the counts out when the count setting is off', () => {
    renderExtras({ selectedCategories: CATEGORIES, selectedCategoriesCount: false });
    expect(screen.getByRole('link', { name: 'Boots' })).toBeInTheDocument();
  });

  it('places categories and the banner above or below the featured products', () => {
    const config = {
      selectedCategories: CATEGORIES,
      selectedProducts: [product(1)],
      promoBannerImage: '/banner.jpg',
      promoBannerLink: '/sale/',
    };
    const { rerender } = renderExtras(config);
    expect(order()).toEqual(['Categories', 'Featured products', 'Promotion']);
    rerender({
      config: parseOverlayConfig({
        ...config,
        selectedCategoriesLocation: 'bottom',
        promoBannerLocation: 'top',
      }),
    });
    expect(order()).toEqual(['Promotion', 'Featured products', 'Categories']);
  });

  it('shows the banner image, linked when there is a link', () => {
    const { rerender } = renderExtras({ promoBannerImage: '/banner.jpg', promoBannerLink: '/sale/' });
    const link = within(region('Promotion')).getByRole('link', { name: 'Promotion' });
    expect(link).toHaveAttribute('href', new URL('/sale/', document.baseURI).href);
    expect(within(link).getByRole('img', { name: 'Promotion' })).toHaveAttribute(
      'src',
      new URL('/banner.jpg', document.baseURI).href,
    );
    rerender({ config: parseOverlayConfig({ promoBannerImage: '/banner.jpg' }) });
    expect(within(region('Promotion')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(region('Promotion')).getByRole('img', { name: 'Promotion' })).toBeInTheDocument();
    rerender({ config: parseOverlayConfig({ promoBannerLink: '/sale/' }) });
    expect(screen.queryByRole('region', { name: 'Promotion' })).not.toBeInTheDocument();
  });

  it('renders no non-http(s) URL even when handed one unchecked', () => {
    const hostile = {
      ...parseOverlayConfig({}),
      selectedCategories: [{ name: 'Evil', url: 'javascript:alert(1)', count: 1 }, CATEGORIES[0]!],
      promoBannerImage: 'https://cdn.example/banner.jpg',
      promoBannerLink: 'javascript:alert(1)',
    } as OverlayConfig;
    renderExtras({}, { config: hostile });
    expect(screen.queryByRole('link', { name: /Evil/ })).not.toBeInTheDocument();
    expect(within(region('Promotion')).queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('[href^="javascript"]')).toBeNull();
  });
});

describe('featured products', () => {
  it('shows one product as a plain list, without carousel controls', () => {
    renderExtras({
      selectedProducts: [
        product(15, { name: 'Pro Match Football', average_rating: '4.50', rating_count: 3 }),
      ],
    });
    const section = region('Featured products');
    expect(section).not.toHaveAttribute('aria-roledescription');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).getByRole('list')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Pro Match Football' })).toHaveAttribute(
      'href',
      new URL('/product/product-15/', document.baseURI).href,
    );
    expect(within(section).getByText('Balls')).toBeInTheDocument();
    expect(
      within(section).getByRole('img', { name: 'Rated 4.50 out of 5 based on 3 customer ratings' }),
    ).toBeInTheDocument();
    expect(within(section).getByText('€15.00')).toBeInTheDocument();
    const add = within(section).getByRole('link', { name: 'Add to cart: “Pro Match Football”' });
    expect(new URL(add.getAttribute('href')!).searchParams.get('add-to-cart')).toBe('15');
    expect(add).toHaveTextContent('Add to cart');
  });

  it('links variable products to their page', () => {
    renderExtras({ selectedProducts: [product(24, { name: 'Junior Boots', type: 'variable' })] });
    expect(screen.getByRole('link', { name: 'Select options for “Junior Boots”' })).toHaveAttribute(
      'href',
      new URL('/product/product-24/', document.baseURI).href,
    );
    expect(screen.queryByRole('link', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it('shows no stars for an unrated product', () => {
    renderExtras({ selectedProducts: [product(1)] });
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  });

  it('sanitises the price and shows names as their text', () => {
    const { container } = renderExtras({
      selectedProducts: [
        product(1, {
          name: '<img src=x onerror=alert(1)> Sweatband',
          category: '<script>alert(1)</script>Accessories',
          price:
            '<span>€5.00</span><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
        }),
        product(2, { name: '<script>alert(1)</script>' }),
      ],
    });
    expect(screen.getByRole('link', { name: 'Sweatband' })).toBeInTheDocument();
    expect(screen.getByText('Accessories')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('[href^="javascript"]')).toBeNull();
    // A product whose name has no text is left out (nothing to call it).
    expect(screen.queryByRole('link', { name: /Product 2|alert/ })).not.toBeInTheDocument();
  });

  describe('carousel', () => {
    const six = Array.from({ length: 6 }, (_, i) => product(i + 1));
    const slides = () => screen.getAllByRole('group');
    const shown = () =>
      slides()
        .filter((s) => !s.hasAttribute('inert'))
        .map((s) => s.getAttribute('aria-label'));

    it('is a carousel of slides named N of M, 3 in view on desktop, moved one at a time', async () => {
      setWidth(1280);
      renderExtras({ selectedProducts: six });
      const carousel = region('Featured products');
      expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      expect(slides()).toHaveLength(6);
      expect(slides()[0]).toHaveAttribute('aria-roledescription', 'slide');
      expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual([
        '1 of 6',
        '2 of 6',
        '3 of 6',
        '4 of 6',
        '5 of 6',
        '6 of 6',
      ]);
      expect(shown()).toEqual(['1 of 6', '2 of 6', '3 of 6']);
      const previous = screen.getByRole('button', { name: 'Previous' });
      const next = screen.getByRole('button', { name: 'Next' });
      expect(previous).toHaveAttribute('aria-disabled', 'true');
      expect(next).toHaveAttribute('aria-disabled', 'false');
      expect(previous).toHaveAttribute('aria-controls', next.getAttribute('aria-controls'));
      expect(document.getElementById(next.getAttribute('aria-controls')!)).toContainElement(slides()[0]!);

      await userEvent.click(next);
      expect(shown()).toEqual(['2 of 6', '3 of 6', '4 of 6']);
      expect(next).toHaveFocus();
      await waitFor(() => expect(liveText()).toBe('2 to 4 of 6'));
      await userEvent.keyboard('{Enter}');
      await userEvent.keyboard(' ');
      expect(shown()).toEqual(['4 of 6', '5 of 6', '6 of 6']);
      expect(next).toHaveAttribute('aria-disabled', 'true');
      // At the end: no looping, the focus stays.
      await userEvent.click(next);
      expect(shown()).toEqual(['4 of 6', '5 of 6', '6 of 6']);
      expect(next).toHaveFocus();
      await userEvent.click(previous);
      expect(shown()).toEqual(['3 of 6', '4 of 6', '5 of 6']);
    });

    it('keeps the slides out of view out of the Tab order (inert), with controls first', async () => {
      setWidth(1280);
      renderExtras({ selectedProducts: six });
      const carousel = region('Featured products');
      const [previous, next] = within(carousel).getAllByRole('button');
      expect(previous).toHaveAccessibleName('Previous');
      expect(next).toHaveAccessibleName('Next');
      expect(slides()[3]).toHaveAttribute('inert');
      expect(slides()[2]).not.toHaveAttribute('inert');
    });

    it('shows 2 on tablet and 1 on mobile, following resizes', async () => {
      setWidth(1024);
      renderExtras({ selectedProducts: six });
      expect(shown()).toEqual(['1 of 6', '2 of 6']);
      act(() => setWidth(320));
      expect(shown()).toEqual(['1 of 6']);
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(shown()).toEqual(['2 of 6']);
      await waitFor(() => expect(liveText()).toBe('2 of 6'));
      act(() => setWidth(1440));
      expect(shown()).toEqual(['2 of 6', '3 of 6', '4 of 6']);
    });

    it('starts with 2 products, nothing to move when both fit', () => {
      setWidth(1280);
      renderExtras({ selectedProducts: six.slice(0, 2) });
      expect(region('Featured products')).toHaveAttribute('aria-roledescription', 'carousel');
      expect(shown()).toEqual(['1 of 2', '2 of 2']);
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('moves with a swipe (touch), not with a mouse drag', () => {
      setWidth(320);
      const { container } = renderExtras({ selectedProducts: six });
      const viewport = container.querySelector('.smart-search-extras__viewport')!;
      const swipe = (pointerType: string, fromX: number, toX: number, toY = 100) => {
        fireEvent.pointerDown(viewport, { pointerId: 1, pointerType, clientX: fromX, clientY: 100 });
        fireEvent.pointerUp(viewport, { pointerId: 1, pointerType, clientX: toX, clientY: toY });
      };
      swipe('touch', 200, 100);
      expect(shown()).toEqual(['2 of 6']);
      swipe('mouse', 200, 100);
      expect(shown()).toEqual(['2 of 6']);
      swipe('touch', 200, 180);
      expect(shown()).toEqual(['2 of 6']);
      swipe('touch', 200, 120, 250);
      expect(shown()).toEqual(['2 of 6']);
      swipe('touch', 100, 200);
      expect(shown()).toEqual(['1 of 6']);
    });
  });
});
