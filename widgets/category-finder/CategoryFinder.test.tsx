import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { categoryFinderFallback, categoryFinderProps } from '../../demo/discovery/category-finder';
import { LIVE_REGION_IDS } from '../../src/a11y';
import { locatorOf, resolve } from '../../src/islands/locate';
import { navigation } from '../../src/navigation';
import { REFUSED_NAVIGATION_MESSAGE } from '../../src/security/url';
import { CATEGORY_FINDER_TEXT, CategoryFinder } from './CategoryFinder';
import island from './island';
import { CategoryFinderPropsSchema } from './schema';

const props = (overrides: Record<string, unknown> = {}) =>
  CategoryFinderPropsSchema.parse({ ...categoryFinderProps(), ...overrides });

const URLS = {
  running: '/product-category/running/',
  runningShoes: '/product-category/running/running-shoes/',
  trail: '/product-category/running/running-shoes/trail-shoes/',
  apparel: '/product-category/running/running-apparel/',
};

const first = () => screen.getByRole('combobox', { name: 'Category' });
const sub = (parent: string) => screen.getByRole('combobox', { name: `Subcategory of ${parent}` });
const go = () => screen.getByRole('button', { name: 'Go' });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
const polite = () => document.getElementById(LIVE_REGION_IDS.polite);

/** A change as Chrome makes it from an arrow key on a closed select: keydown, then change. */
function arrowTo(select: HTMLElement, value: string, key = 'ArrowDown') {
  fireEvent.keyDown(select, { key });
  fireEvent.change(select, { target: { value } });
}

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CategoryFinder: the dropdowns (storefront.md §2.2)', () => {
  it('shows one labelled dropdown of the root categories, the default option first, and Go', () => {
    render(<CategoryFinder {...props()} />);
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(first()).toHaveValue('');
    expect(optionTexts(first())).toEqual(['Select a category', 'Football', 'Running', 'Tennis']);
    expect(go()).toHaveAttribute('type', 'submit');
    expect(first()).not.toHaveAttribute('aria-describedby');
  });

  it('adds a dropdown of the children of a category that has some, without moving the focus, and announces it', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Running');
    expect(first()).toHaveFocus();
    expect(optionTexts(sub('Running'))).toEqual(['Select a category', 'Apparel', 'Running Shoes']);
    await waitFor(() => expect(polite()).toHaveTextContent('2 subcategories of Running'));
    expect(assign).not.toHaveBeenCalled();

    await userEvent.selectOptions(sub('Running'), 'Running Shoes');
    // Sorted ignoring case: 'road shoes' is a lower-case name.
    expect(optionTexts(sub('Running Shoes'))).toEqual(['Select a category', 'road shoes', 'Trail Shoes']);
    await waitFor(() => expect(polite()).toHaveTextContent('2 subcategories of Running Shoes'));
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says "1 subcategory" for a single child', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Tennis');
    await userEvent.selectOptions(sub('Tennis'), 'Rackets');
    await waitFor(() => expect(polite()).toHaveTextContent('1 subcategory of Rackets'));
  });

  it('goes straight to the page of a category without children (a leaf)', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Running');
    await userEvent.selectOptions(sub('Running'), 'Running Shoes');
    await userEvent.selectOptions(sub('Running Shoes'), 'Trail Shoes');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it('a leaf at the second level goes too', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Running');
    await userEvent.selectOptions(sub('Running'), 'Apparel');
    expect(assign).toHaveBeenCalledWith(URLS.apparel);
  });

  it('changing a dropdown removes every dropdown after it', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Running');
    await userEvent.selectOptions(sub('Running'), 'Running Shoes');
    expect(screen.getAllByRole('combobox')).toHaveLength(3);

    await userEvent.selectOptions(first(), 'Football');
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    expect(sub('Football')).toHaveValue('');
    expect(optionTexts(sub('Football'))).toEqual(['Select a category', 'Accessories', 'Balls', 'Boots']);

    await userEvent.selectOptions(sub('Football'), 'Boots');
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    await userEvent.selectOptions(sub('Football'), 'Select a category');
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    await userEvent.selectOptions(first(), 'Select a category');
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('applies selectedIds in order on load, without navigating (a leaf included)', () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31, 32] })} />);
    expect(first()).toHaveDisplayValue('Running');
    expect(sub('Running')).toHaveDisplayValue('Running Shoes');
    expect(sub('Running Shoes')).toHaveDisplayValue('Trail Shoes');
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect(assign).not.toHaveBeenCalled();
  });

  it('stops applying selectedIds at the first that is not a child of the one before', () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 42, 31] })} />);
    expect(first()).toHaveDisplayValue('Running');
    expect(sub('Running')).toHaveValue('');
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });

  it('ignores unknown ids and survives a cycle', async () => {
    const categories = {
      '1': { id: 1, title: 'One', children: [2, 99], url: '/one/' },
      '2': { id: 2, title: 'Two', children: [1, 3], url: '/two/' },
      '3': { id: 3, title: 'Three', children: [2], url: '/three/' },
    };
    render(
      <CategoryFinder {...props({ rootCategoryIds: [1, 404], categories, selectedIds: [1, 2, 1, 2] })} />,
    );
    // Applied up to the second 1, already chosen above.
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect(optionTexts(first())).toEqual(['Select a category', 'One']);
    expect(optionTexts(sub('One'))).toEqual(['Select a category', 'Two']);
    // Two's children: One (chosen above: left out) and Three.
    expect(optionTexts(sub('Two'))).toEqual(['Select a category', 'Three']);
    // Three's only child is Two, chosen above: Three is a leaf.
    await userEvent.selectOptions(sub('Two'), 'Three');
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect(assign).toHaveBeenCalledWith('/three/');
  });

  it('shows titles as text, whatever they hold', async () => {
    const categories = {
      '1': { id: 1, title: 'Bags $& <b>Cases</b> %s', children: [2], url: '/bags/' },
      '2': { id: 2, title: 'Small', children: [], url: '/small/' },
    };
    render(<CategoryFinder {...props({ rootCategoryIds: [1], categories })} />);
    await userEvent.selectOptions(first(), '1');
    expect(sub('Bags $& <b>Cases</b> %s')).toBeInTheDocument();
    await waitFor(() => expect(polite()).toHaveTextContent('1 subcategory of Bags $& <b>Cases</b> %s'));
    expect(document.querySelector('b')).toBeNull();
  });

  it('uses the texts of the props', () => {
    render(
      <CategoryFinder
        {...props({ label: 'Browse', defaultOptionTitle: 'Choose…', submitLabel: 'Show', selectedIds: [30] })}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Browse' })).toBeInTheDocument();
    expect(optionTexts(sub('Running'))[0]).toBe('Choose…');
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
  });

  it('a leaf without a page changes nothing but the dropdowns', async () => {
    const categories = {
      '1': { id: 1, title: 'Root', children: [2], url: '/root/' },
      '2': { id: 2, title: 'No page', children: [], url: '' },
    };
    render(<CategoryFinder {...props({ rootCategoryIds: [1], categories })} />);
    await userEvent.selectOptions(first(), 'Root');
    await userEvent.selectOptions(sub('Root'), 'No page');
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(go());
    expect(assign).toHaveBeenCalledWith('/root/');
  });

  it('ignores a value that is not one of the options (a script setting it)', () => {
    render(<CategoryFinder {...props({ selectedIds: [30] })} />);
    fireEvent.change(sub('Running'), { target: { value: '16' } });
    expect(first()).toHaveDisplayValue('Running');
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('CategoryFinder: the keyboard (WCAG 3.2.2: browsing the options does not navigate)', () => {
  it('arrowing onto a leaf does not navigate; Enter then goes there', async () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    shoes.focus();
    arrowTo(shoes, '33');
    arrowTo(shoes, '32');
    expect(shoes).toHaveDisplayValue('Trail Shoes');
    expect(assign).not.toHaveBeenCalled();
    fireEvent.keyDown(shoes, { key: 'Enter' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it('arrowing onto categories with children still adds their dropdown', async () => {
    render(<CategoryFinder {...props()} />);
    first().focus();
    arrowTo(first(), '16');
    expect(sub('Football')).toBeInTheDocument();
    arrowTo(first(), '30');
    expect(sub('Running')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Subcategory of Football' })).toBeNull();
    expect(first()).toHaveFocus();
    // Only the last is said: the earlier one had not been said yet.
    await waitFor(() => expect(polite()).toHaveTextContent('2 subcategories of Running'));
  });

  it.each([
    ['Home', 'Home'],
    ['End', 'End'],
    ['PageDown', 'PageDown'],
    ['a type-ahead letter', 't'],
  ])('%s browses too', (_what, key) => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    arrowTo(sub('Running Shoes'), '32', key);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaving the dropdown does not navigate; Tab reaches Go, which does', async () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    shoes.focus();
    arrowTo(shoes, '32');
    await userEvent.tab();
    expect(go()).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it('after leaving, a change without keys (a pointer, assistive technology) navigates again', async () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    shoes.focus();
    arrowTo(shoes, '33');
    fireEvent.blur(shoes);
    fireEvent.change(shoes, { target: { value: '32' } });
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it('a pointer after browsing keys navigates at once', async () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    arrowTo(shoes, '33');
    fireEvent.pointerDown(shoes);
    fireEvent.change(shoes, { target: { value: '32' } });
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it.each([
    ['Space', { key: ' ' }],
    ['Alt+ArrowDown', { key: 'ArrowDown', altKey: true }],
    ['F4', { key: 'F4' }],
  ])('a choice in the list opened with %s navigates', (_what, open) => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    arrowTo(shoes, '33');
    fireEvent.keyDown(shoes, open);
    fireEvent.change(shoes, { target: { value: '32' } });
    expect(assign).toHaveBeenCalledWith(URLS.trail);
  });

  it('Space right after a type-ahead letter is part of the search ("road shoes")', () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    const shoes = sub('Running Shoes');
    fireEvent.keyDown(shoes, { key: 'r' });
    fireEvent.keyDown(shoes, { key: 'o' });
    fireEvent.keyDown(shoes, { key: 'a' });
    fireEvent.keyDown(shoes, { key: 'd' });
    fireEvent.keyDown(shoes, { key: ' ' });
    fireEvent.change(shoes, { target: { value: '33' } });
    expect(assign).not.toHaveBeenCalled();
  });

  it('Enter on a dropdown does what Go does: the deepest chosen category with a page', () => {
    render(<CategoryFinder {...props({ selectedIds: [30, 31] })} />);
    fireEvent.keyDown(first(), { key: 'Enter' });
    expect(assign).toHaveBeenCalledWith(URLS.runningShoes);
  });
});

describe('CategoryFinder: Go', () => {
  it('goes to the deepest chosen category that has a page', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.selectOptions(first(), 'Running');
    await userEvent.click(go());
    expect(assign).toHaveBeenCalledWith(URLS.running);
    await userEvent.selectOptions(sub('Running'), 'Running Shoes');
    await userEvent.click(go());
    expect(assign).toHaveBeenLastCalledWith(URLS.runningShoes);
  });

  it('with nothing chosen, goes nowhere and says so next to the first dropdown, which gets the focus', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.click(go());
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByText(CATEGORY_FINDER_TEXT.chooseCategory)).toBeVisible();
    expect(first()).toHaveAccessibleDescription('Please choose a category.');
    expect(first()).toHaveAttribute('aria-invalid', 'true');
    expect(first()).toHaveFocus();

    // Pressed again: still said, still nowhere.
    await userEvent.click(go());
    expect(screen.getAllByText(CATEGORY_FINDER_TEXT.chooseCategory)).toHaveLength(1);
    expect(first()).toHaveFocus();

    // A choice clears it.
    await userEvent.selectOptions(first(), 'Running');
    expect(screen.queryByText(CATEGORY_FINDER_TEXT.chooseCategory)).toBeNull();
    expect(first()).not.toHaveAttribute('aria-describedby');
    expect(first()).not.toHaveAttribute('aria-invalid');
  });

  it('the keyboard path: Tab to Go, Enter', async () => {
    render(<CategoryFinder {...props()} />);
    await userEvent.tab();
    expect(first()).toHaveFocus();
    await userEvent.tab();
    expect(go()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(first()).toHaveFocus();
    expect(first()).toHaveAccessibleDescription('Please choose a category.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks for a subcategory when no chosen category has a page', async () => {
    const categories = {
      '1': { id: 1, title: 'Root', children: [2], url: '' },
      '2': { id: 2, title: 'Child', children: [3], url: '' },
      '3': { id: 3, title: 'Leaf', children: [], url: '' },
    };
    render(<CategoryFinder {...props({ rootCategoryIds: [1], categories, selectedIds: [1] })} />);
    await userEvent.click(go());
    expect(sub('Root')).toHaveAccessibleDescription(CATEGORY_FINDER_TEXT.chooseSubcategory);
    expect(sub('Root')).toHaveFocus();
    await userEvent.selectOptions(sub('Root'), 'Child');
    await userEvent.selectOptions(sub('Child'), 'Leaf');
    await userEvent.click(go());
    expect(sub('Child')).toHaveAccessibleDescription(CATEGORY_FINDER_TEXT.chooseOther);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses a page of another site, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const categories = {
      '1': { id: 1, title: 'Elsewhere', children: [], url: 'https://evil.example/phish/' },
    };
    render(<CategoryFinder {...props({ rootCategoryIds: [1], categories })} />);
    await userEvent.selectOptions(first(), 'Elsewhere');
    expect(assign).not.toHaveBeenCalled();
    expect(first()).toHaveAccessibleDescription(REFUSED_NAVIGATION_MESSAGE);
    expect(first()).not.toHaveAttribute('aria-invalid');
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('refused to go to "https://evil.example/phish/"'),
    );
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.assertive)).toHaveTextContent(
        REFUSED_NAVIGATION_MESSAGE,
      ),
    );
    await userEvent.click(go());
    expect(assign).not.toHaveBeenCalled();
  });

  it('says a refused page of Go under the dropdown of the category it would open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const categories = {
      '1': { id: 1, title: 'Elsewhere', children: [2], url: 'https://evil.example/' },
      '2': { id: 2, title: 'No page', children: [3], url: '' },
      '3': { id: 3, title: 'Leaf', children: [], url: '' },
    };
    render(<CategoryFinder {...props({ rootCategoryIds: [1], categories, selectedIds: [1, 2] })} />);
    await userEvent.click(go());
    expect(assign).not.toHaveBeenCalled();
    expect(first()).toHaveAccessibleDescription(REFUSED_NAVIGATION_MESSAGE);
    expect(sub('Elsewhere')).not.toHaveAttribute('aria-describedby');
  });

  it('works with no categories at all', async () => {
    render(<CategoryFinder {...props({ rootCategoryIds: [], categories: {} })} />);
    expect(optionTexts(first())).toEqual(['Select a category']);
    await userEvent.click(go());
    expect(first()).toHaveAccessibleDescription('Please choose a category.');
  });
});

describe('category-finder island over its fallback', () => {
  const locate = { locatorOf, resolve };

  function serverMarkup(options: { selectedIds?: number[] } = {}) {
    const container = document.createElement('div');
    container.setAttribute('data-island', 'category-finder');
    container.innerHTML = categoryFinderFallback(options);
    document.body.append(container);
    return container;
  }

  it('replaces the fallback with the same box, keeping the focus on the first dropdown', async () => {
    const container = serverMarkup();
    const fallbackSelect = container.querySelector('select')!;
    expect(fallbackSelect).toHaveAttribute('name', 'product_cat');
    fallbackSelect.focus();
    const mounted: { result?: Awaited<ReturnType<typeof island.mount>> } = {};
    await act(async () => {
      mounted.result = await island.mount(container, categoryFinderProps(), {
        name: 'category-finder',
        locate,
      });
    });
    const result = mounted.result!;
    expect(result.ok).toBe(true);
    expect(container.querySelector('select[name="product_cat"]')).toBeNull();
    const box = container.firstElementChild!;
    expect(box).toHaveClass('shop-islands-category-finder');
    expect(box.id).toBe('category-finder');
    expect(box.querySelector('form')).toHaveClass('shop-islands-category-finder__form');
    expect(box.querySelectorAll('.shop-islands-category-finder__field')).toHaveLength(1);
    expect(box.querySelectorAll('.shop-islands-category-finder__submit')).toHaveLength(1);
    expect(first()).toHaveFocus();
    expect(first().id).toBe(fallbackSelect.id);
    act(() => {
      if (result.ok) result.unmount();
    });
  });

  it('invalid props: nothing is mounted, the fallback stays', async () => {
    const container = serverMarkup();
    const before = container.innerHTML;
    const result = await island.mount(
      container,
      { ...categoryFinderProps(), rootCategoryIds: [-1] },
      { name: 'category-finder', locate },
    );
    expect(result).toEqual({ ok: false, field: 'rootCategoryIds.0', problem: expect.any(String) });
    expect(container.innerHTML).toBe(before);
  });

  it("the fallback lists every category as WooCommerce's dropdown does, the chosen one selected", () => {
    serverMarkup({ selectedIds: [30, 31, 33] });
    const select = screen.getByRole('combobox', { name: 'Category' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual([
      '',
      'football',
      'accessories',
      'bags',
      'goalkeeping',
      'balls',
      'boots',
      'junior-boots',
      'running',
      'running-apparel',
      'running-shoes',
      'road-shoes',
      'trail-shoes',
      'tennis',
      'rackets',
      'junior-rackets',
      'tennis-balls',
    ]);
    expect(options[12]!.textContent).toBe('\u00a0'.repeat(6) + 'Trail Shoes');
    expect(select).toHaveValue('road-shoes');
    expect(select.closest('form')).toHaveAttribute('method', 'get');
    expect(select.closest('form')).toHaveAttribute('action', '/');
  });
});
