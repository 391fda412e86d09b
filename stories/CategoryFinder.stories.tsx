import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, fireEvent, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { categoryFinderFallback, categoryFinderProps } from '../demo/discovery/category-finder';
import { renderIsland } from '../demo/html';
import { navigation } from '../src/navigation';
import { REFUSED_NAVIGATION_MESSAGE } from '../src/security/url';
import { startIslands } from '../src/islands/runtime';
import { islandSrc, testRuntime } from '../src/test/islands';
import { CategoryFinder } from '../widgets/category-finder/CategoryFinder';
import { CategoryFinderPropsSchema } from '../widgets/category-finder/schema';

const TRAIL_URL = '/product-category/running/running-shoes/trail-shoes/';
const CHOOSE = 'Please choose a category.';

const canvas = (canvasElement: HTMLElement) => within(canvasElement);
const first = (canvasElement: HTMLElement) =>
  canvas(canvasElement).getByRole('combobox', { name: 'Category' });
const sub = (canvasElement: HTMLElement, parent: string) =>
  canvas(canvasElement).getByRole('combobox', { name: `Subcategory of ${parent}` });
const go = (canvasElement: HTMLElement) => canvas(canvasElement).getByRole('button', { name: 'Go' });
const dropdowns = (canvasElement: HTMLElement) => canvas(canvasElement).getAllByRole('combobox');

/** The shop page's header, where the demo store prints the finder. */
function ShopHeader(props: Parameters<typeof CategoryFinder>[0] & { width?: number }) {
  const { width, ...finder } = props;
  return (
    <div style={width ? { width, maxWidth: '100%' } : undefined}>
      <header className="woocommerce-products-header">
        <h1 className="woocommerce-products-header__title page-title">Shop</h1>
      </header>
      <CategoryFinder {...finder} />
      <p>Products follow here.</p>
    </div>
  );
}

/** The island runtime over server markup (container, JSON props, fallback), as on a page. */
const ISLANDS = testRuntime({ 'category-finder': () => import('../widgets/category-finder/island') });
let stopRuntime: (() => void) | undefined;
function ServerMarkup({ html }: { html: string }) {
  useLayoutEffect(() => {
    stopRuntime?.();
    stopRuntime = startIslands(ISLANDS);
    return () => {
      stopRuntime?.();
      stopRuntime = undefined;
    };
  }, []);
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
const container = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('[data-island]')!;
const LOAD = { timeout: 5000 };

const meta = {
  title: 'Widgets/Category finder',
  component: ShopHeader,
  args: CategoryFinderPropsSchema.parse(categoryFinderProps()),
  beforeEach: () => {
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const error = spyOn(console, 'error');
    return () => {
      assign.mockRestore();
      error.mockRestore();
    };
  },
} satisfies Meta<typeof ShopHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstLevel: Story = {
  name: 'First level (nothing chosen)',
  play: async ({ canvasElement }) => {
    expect(dropdowns(canvasElement)).toHaveLength(1);
    expect(
      within(first(canvasElement))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Football', 'Running', 'Tennis']);
    expect(go(canvasElement)).toBeVisible();
  },
};

export const SecondLevel: Story = {
  name: 'Depth 2: Running chosen',
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(first(canvasElement), 'Running');
    expect(
      within(sub(canvasElement, 'Running'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Apparel', 'Running Shoes']);
    expect(first(canvasElement)).toHaveFocus();
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const ThirdLevel: Story = {
  name: "Depth 3: Running Shoes chosen ('road shoes' sorted ignoring case)",
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(first(canvasElement), 'Running');
    await userEvent.selectOptions(sub(canvasElement, 'Running'), 'Running Shoes');
    expect(dropdowns(canvasElement)).toHaveLength(3);
    expect(
      within(sub(canvasElement, 'Running Shoes'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'road shoes', 'Trail Shoes']);
  },
};

export const ThirdLevelFootball: Story = {
  name: 'Depth 3: Football › Accessories chosen',
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(first(canvasElement), 'Football');
    await userEvent.selectOptions(sub(canvasElement, 'Football'), 'Accessories');
    expect(
      within(sub(canvasElement, 'Accessories'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Bags', 'Goalkeeping']);
  },
};

export const Preselected: Story = {
  name: 'Preselected (selectedIds: Running › Running Shoes › road shoes)',
  args: { selectedIds: [30, 31, 33] },
  play: async ({ canvasElement }) => {
    expect(first(canvasElement)).toHaveDisplayValue('Running');
    expect(sub(canvasElement, 'Running')).toHaveDisplayValue('Running Shoes');
    expect(sub(canvasElement, 'Running Shoes')).toHaveDisplayValue('road shoes');
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const NothingChosen: Story = {
  name: 'Go with nothing chosen: says so',
  play: async ({ canvasElement }) => {
    await userEvent.click(go(canvasElement));
    expect(canvas(canvasElement).getByText(CHOOSE)).toBeVisible();
    expect(first(canvasElement)).toHaveAccessibleDescription(CHOOSE);
    expect(first(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    expect(first(canvasElement)).toHaveFocus();
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const LeafNavigation: Story = {
  name: 'A leaf goes to its page (navigation stubbed)',
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(first(canvasElement), 'Running');
    await userEvent.selectOptions(sub(canvasElement, 'Running'), 'Running Shoes');
    await userEvent.selectOptions(sub(canvasElement, 'Running Shoes'), 'Trail Shoes');
    expect(navigation.assign).toHaveBeenCalledTimes(1);
    expect(navigation.assign).toHaveBeenCalledWith(TRAIL_URL);
  },
};

export const KeyboardBrowsing: Story = {
  name: 'Keyboard: arrowing onto a leaf waits for Enter',
  args: { selectedIds: [30, 31] },
  play: async ({ canvasElement }) => {
    const shoes = sub(canvasElement, 'Running Shoes');
    shoes.focus();
    // What Chrome does for ArrowDown on a closed select: keydown, then change.
    for (const value of ['33', '32']) {
      fireEvent.keyDown(shoes, { key: 'ArrowDown' });
      fireEvent.change(shoes, { target: { value } });
    }
    expect(shoes).toHaveDisplayValue('Trail Shoes');
    expect(navigation.assign).not.toHaveBeenCalled();
    fireEvent.keyDown(shoes, { key: 'Enter' });
    expect(navigation.assign).toHaveBeenCalledTimes(1);
    expect(navigation.assign).toHaveBeenCalledWith(TRAIL_URL);
  },
};

export const RefusedOffSite: Story = {
  name: 'A page of another site is refused',
  args: {
    rootCategoryIds: [1],
    categories: { '1': { id: 1, title: 'Partner shop', children: [], url: 'https://partner.example/shop/' } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(first(canvasElement), 'Partner shop');
    expect(navigation.assign).not.toHaveBeenCalled();
    expect(first(canvasElement)).toHaveAccessibleDescription(REFUSED_NAVIGATION_MESSAGE);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('refused to go to'));
  },
};

export const Narrow: Story = {
  name: 'Narrow (320 px): dropdowns stacked, full width',
  args: { selectedIds: [30, 31], width: 320 },
  play: async ({ canvasElement }) => {
    expect(dropdowns(canvasElement)).toHaveLength(3);
  },
};

export const MountsOverFallback: Story = {
  name: 'Island over its fallback (runtime)',
  render: () => (
    <ServerMarkup
      html={renderIsland('category-finder', categoryFinderProps(), categoryFinderFallback(), {
        hydrate: 'load',
        src: islandSrc('category-finder'),
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'),
      LOAD,
    );
    expect(canvasElement.querySelector('select[name="product_cat"]')).toBeNull();
    await userEvent.selectOptions(first(canvasElement), 'Tennis');
    expect(sub(canvasElement, 'Tennis')).toBeVisible();
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the fallback stays (runtime)',
  render: () => (
    <ServerMarkup
      html={renderIsland(
        'category-finder',
        { ...categoryFinderProps(), rootCategoryIds: [-1] },
        categoryFinderFallback(),
        { hydrate: 'load', src: islandSrc('category-finder') },
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    const select = first(canvasElement);
    expect(select).toHaveAttribute('name', 'product_cat');
    expect(within(select).getAllByRole('option')).toHaveLength(17);
    expect(go(canvasElement).closest('form')).toHaveAttribute('method', 'get');
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "category-finder" was not mounted: invalid props: "rootCategoryIds\.0"/),
    );
  },
};
