import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinsOf, registerGrid, resetListingStore } from '../../src/listing/store';
import { navigation } from '../../src/navigation';
import { LoopFilter } from './LoopFilter';
import { LoopFilterPropsSchema, type LoopFilterProps } from './schema';

const GRID = '5e3c2a1';

const CATEGORY: LoopFilterProps = {
  widgetId: 'c47f9e2',
  targetWidgetId: GRID,
  taxonomy: 'product_cat',
  label: 'Category',
  multiple: true,
  logicalJoin: 'OR',
  terms: [
    { slug: 'football', label: 'Football', count: 87 },
    { slug: 'running', label: 'Running', count: 60 },
    { slug: 'tennis', label: 'Tennis', count: 40 },
  ],
};
const TAG: LoopFilterProps = {
  widgetId: '7d1b0f3',
  targetWidgetId: GRID,
  taxonomy: 'product_tag',
  label: 'Tag',
  multiple: true,
  logicalJoin: 'AND',
  terms: [
    { slug: 'junior', label: 'Junior' },
    { slug: 'waterproof', label: 'Waterproof' },
  ],
};

const parse = (props: LoopFilterProps) => LoopFilterPropsSchema.parse(props);
const here = () => `${location.pathname}${location.search}`;
const group = (name: string) => screen.getByRole('search', { name });
const button = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('button', { name });

let removeGrid: () => void = () => undefined;

/** The page loaded at `url`, with a grid island on it that shows the changes. */
function loadedAt(url: string) {
  removeGrid();
  resetListingStore();
  history.replaceState(null, '', url);
  removeGrid = registerGrid(GRID);
}

beforeEach(() => loadedAt('/gear/'));
afterEach(() => {
  removeGrid();
  resetListingStore();
  vi.restoreAllMocks();
});

describe('LoopFilter: the buttons', () => {
  it('shows the terms as toggle buttons in a labelled group, All pressed with nothing selected', () => {
    render(<LoopFilter {...parse(CATEGORY)} />);
    const bar = group('Category');
    expect(button(bar, 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(button(bar, 'Football (87)')).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.dataset.filter),
    ).toEqual(['__all', 'football', 'running', 'tennis']);
  });

  it('shows the selection the URL holds, Back and Forward included', () => {
    loadedAt('/gear/?e-filter-5e3c2a1-product_cat=football~tennis');
    render(<LoopFilter {...parse(CATEGORY)} />);
    const bar = group('Category');
    expect(button(bar, 'Football (87)')).toHaveAttribute('aria-pressed', 'true');
    expect(button(bar, 'Tennis (40)')).toHaveAttribute('aria-pressed', 'true');
    expect(button(bar, 'All')).toHaveAttribute('aria-pressed', 'false');
    act(() => {
      history.replaceState(null, '', '/gear/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(button(bar, 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(button(bar, 'Football (87)')).toHaveAttribute('aria-pressed', 'false');
  });

  it("OR: each press adds a term, written with '~'; a press on a selected term removes it", async () => {
    render(<LoopFilter {...parse(CATEGORY)} />);
    const bar = group('Category');
    await userEvent.click(button(bar, 'Football (87)'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=football');
    await userEvent.click(button(bar, 'Tennis (40)'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=football~tennis');
    expect(button(bar, 'Football (87)')).toHaveAttribute('aria-pressed', 'true');
    expect(button(bar, 'Tennis (40)')).toHaveFocus();
    await userEvent.click(button(bar, 'Football (87)'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=tennis');
    await userEvent.click(button(bar, 'All'));
    expect(here()).toBe('/gear/');
  });

  it("AND: terms written with '+', and the page dropped", async () => {
    loadedAt('/gear/?paged=2&e-page-5e3c2a1=3');
    render(<LoopFilter {...parse(TAG)} />);
    const bar = group('Tag');
    await userEvent.click(button(bar, 'Junior'));
    await userEvent.click(button(bar, 'Waterproof'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_tag=junior+waterproof');
  });

  it.each([
    ['a join other than AND or OR', { logicalJoin: 'XOR' }],
    ['NOT', { logicalJoin: 'NOT' }],
    ['single selection', { multiple: false }],
  ])('%s: one term at a time (the join is disabled)', async (_name, change) => {
    render(<LoopFilter {...parse({ ...CATEGORY, ...change })} />);
    const bar = group('Category');
    await userEvent.click(button(bar, 'Football (87)'));
    await userEvent.click(button(bar, 'Tennis (40)'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=tennis');
    expect(button(bar, 'Football (87)')).toHaveAttribute('aria-pressed', 'false');
    expect(joinsOf(GRID)).toEqual({ product_cat: 'DISABLED' });
  });

  it("says its join to the grid (for widget_filters), and no 'All' button when its label is ''", () => {
    render(<LoopFilter {...parse({ ...TAG, allLabel: '' })} />);
    expect(joinsOf(GRID)).toEqual({ product_tag: 'AND' });
    expect(within(group('Tag')).queryByRole('button', { name: 'All' })).toBeNull();
  });

  it('a press on All while nothing is selected does nothing', async () => {
    const push = vi.spyOn(history, 'pushState');
    render(<LoopFilter {...parse(CATEGORY)} />);
    await userEvent.click(button(group('Category'), 'All'));
    expect(push).not.toHaveBeenCalled();
  });

  it('with no grid island on the page, a press loads the filtered page', async () => {
    removeGrid();
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    render(<LoopFilter {...parse(CATEGORY)} />);
    await userEvent.click(button(group('Category'), 'Running (60)'));
    expect(assign).toHaveBeenCalledWith('/gear/?e-filter-5e3c2a1-product_cat=running');
  });

  it('escapes term names', () => {
    render(
      <LoopFilter
        {...parse({ ...CATEGORY, terms: [{ slug: 'x', label: '<img src=x onerror=alert(1)>' }] })}
      />,
    );
    expect(button(group('Category'), '<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('LoopFilter: the mobile drawer', () => {
  /** The second filter as the page prints it, not mounted yet (an island that waits to be seen). */
  function pendingTagContainer(): HTMLElement {
    const container = document.createElement('div');
    container.setAttribute('data-island', 'loop-filter');
    container.innerHTML = `<script type="application/json" data-island-props>${JSON.stringify(TAG)}</script><p>fallback</p>`;
    document.body.append(container);
    return container;
  }

  it('shows the count of selected terms on its button', () => {
    loadedAt('/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior');
    render(<LoopFilter {...parse({ ...CATEGORY, drawer: true })} />);
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('opens a dialog with every filter of the grid; a choice there updates the page; Escape closes it and the focus returns', async () => {
    const container = document.createElement('div');
    container.setAttribute('data-island', 'loop-filter');
    document.body.append(container);
    render(<LoopFilter {...parse({ ...CATEGORY, drawer: true })} />, { container });
    pendingTagContainer();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const inDrawer = within(dialog);
    expect(inDrawer.getAllByRole('search').map((bar) => bar.getAttribute('aria-labelledby'))).toEqual([
      'c47f9e2-drawer-label',
      '7d1b0f3-drawer-label',
    ]);
    await userEvent.click(button(inDrawer.getByRole('search', { name: 'Tag' }), 'Junior'));
    await userEvent.click(button(inDrawer.getByRole('search', { name: 'Category' }), 'Running (60)'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_tag=junior&e-filter-5e3c2a1-product_cat=running');
    // Meanwhile the filter is in the drawer only.
    expect(within(container).queryByRole('search')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus();
    // Back in the page, it shows the choices made in the drawer.
    const pageBar = within(container).getByRole('search', { name: 'Category' });
    expect(button(pageBar, 'Running (60)')).toHaveAttribute('aria-pressed', 'true');
  });

  it("'Show results' and the close button close it", async () => {
    render(<LoopFilter {...parse({ ...CATEGORY, drawer: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('leaves out filters of other grids and containers whose props are invalid', async () => {
    render(<LoopFilter {...parse({ ...CATEGORY, drawer: true })} />);
    const other = document.createElement('div');
    other.setAttribute('data-island', 'loop-filter');
    other.setAttribute('data-props', JSON.stringify({ ...TAG, targetWidgetId: '0000000' }));
    const broken = document.createElement('div');
    broken.setAttribute('data-island', 'loop-filter');
    broken.innerHTML = '<script type="application/json" data-island-props>{"widgetId":</script>';
    document.body.append(other, broken);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(
      within(dialog)
        .getAllByRole('search')
        .map((bar) => bar.getAttribute('aria-labelledby')),
    ).toEqual(['c47f9e2-drawer-label']);
  });

  it('a filter without the drawer has no button', () => {
    render(<LoopFilter {...parse(TAG)} />);
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });
});
