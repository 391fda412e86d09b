import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  GEAR,
  gearFilterProps,
  gearGridHtml,
  gearGridProps,
  gearProducts,
  gearQuery,
  refreshLoopAnswer,
} from '../demo/discovery/loop-filter';
import { IslandCollector } from '../demo/islands';
import { resetListingStore } from '../src/listing/store';
import { LoopFilter } from '../widgets/loop-filter/LoopFilter';
import { LoopFilterPropsSchema, type LoopFilterProps } from '../widgets/loop-filter/schema';
import { LoopGrid } from '../widgets/loop-grid/LoopGrid';
import { LoopGridPropsSchema } from '../widgets/loop-grid/schema';
import { demoHandlers } from './support/msw';
import { silenceConsoleError } from './support/console';

const ROUTE = '*/wp-json/elementor-pro/v1/refresh-loop';

/** The demo's refresh-loop, its page read from the request's query as Elementor Pro reads it. */
const refreshLoop = http.post(ROUTE, async ({ request }) => {
  const url = new URL(request.url);
  const answer = refreshLoopAnswer(await request.json(), url.origin, { query: url.searchParams });
  return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
});

interface GearArgs {
  /** The page's query string when the story starts (what the server printed the grid for). */
  search: string;
  /** Changes to the category filter's props. */
  category?: Partial<LoopFilterProps>;
}

/**
 * The demo's `/gear/` page (demo/discovery/loop-filter.ts) as the server prints it: the two filters,
 * the grid island's root and the grid widget holding the server's grid (which the island replaces).
 */
function GearPage({ search, category = {} }: GearArgs) {
  const [page] = useState(() => {
    const query = gearQuery(new URLSearchParams(search));
    // The frame is the page: the grid's links lead to it (the demo's lead to /gear/).
    const here = `${location.origin}${location.pathname}`;
    return {
      grid: LoopGridPropsSchema.parse({
        ...gearGridProps(new URL(location.href), query.filters, query.page),
        paginationBaseUrl: here,
      }),
      html: gearGridHtml(new IslandCollector(), query.filters, query.page, location.pathname),
    };
  });
  const [categoryProps, tagProps] = gearFilterProps();
  return (
    <div className={`elementor elementor-${GEAR.postId}`} data-elementor-id={GEAR.postId}>
      <h1 className="entry-title">{GEAR.title}</h1>
      <div className="e-loop-filters">
        <LoopFilter {...LoopFilterPropsSchema.parse({ ...categoryProps, ...category })} />
        <LoopFilter {...LoopFilterPropsSchema.parse(tagProps)} />
      </div>
      <div className="loop-grid-island">
        <LoopGrid {...page.grid} />
      </div>
      <div
        className={`elementor-element elementor-element-${GEAR.gridId} elementor-widget elementor-widget-loop-grid`}
        data-id={GEAR.gridId}
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </div>
  );
}

/** Puts the story's query string into the frame's URL (keeping Storybook's own arguments). */
function loadAt(search: string): () => void {
  const clean = () => {
    const params = new URLSearchParams(location.search);
    for (const key of [...params.keys()])
      if (key.startsWith('e-filter-') || key.startsWith('e-page-')) params.delete(key);
    return params;
  };
  const params = clean();
  for (const [key, value] of new URLSearchParams(search)) params.append(key, value);
  const query = params.toString().replace(/%7E/gi, '~');
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
  resetListingStore();
  return () => {
    const rest = clean().toString();
    history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
    resetListingStore();
  };
}

const canvas = (el: HTMLElement) => within(el);
const bar = (el: HTMLElement, name: string) => canvas(el).getByRole('search', { name });
const term = (el: HTMLElement, filter: string, name: string | RegExp) =>
  within(bar(el, filter)).getByRole('button', { name });
const region = (el: HTMLElement) =>
  el.querySelector<HTMLElement>(`.elementor-element-${GEAR.gridId} > .elementor-widget-container`)!;
const resultCount = (el: HTMLElement) => region(el).querySelector('.woocommerce-result-count')?.textContent;
const filterValue = (taxonomy: string) =>
  new URLSearchParams(location.search).get(`e-filter-${GEAR.gridId}-${taxonomy}`);

const meta = {
  title: 'Widgets/Loop filter',
  component: GearPage,
  args: { search: '' },
  parameters: { msw: { handlers: [refreshLoop, ...demoHandlers] } },
  beforeEach: ({ args }) => {
    const restore = loadAt(args.search);
    return () => {
      restore();
      // A story that ends with the drawer open leaves the page scrollable again.
      document.documentElement.style.overflow = '';
    };
  },
} satisfies Meta<typeof GearPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoFilter: Story = {
  name: 'No filter',
  play: async ({ canvasElement }) => {
    expect(term(canvasElement, 'Category', 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(term(canvasElement, 'Tag', 'All')).toHaveAttribute('aria-pressed', 'true');
    expect(term(canvasElement, 'Category', /^Football/)).toHaveAttribute('aria-pressed', 'false');
    expect(region(canvasElement).querySelectorAll('li.product')).toHaveLength(12);
  },
};

export const FiltersAppliedOr: Story = {
  name: 'Filters applied: categories joined by OR',
  args: { search: `e-filter-${GEAR.gridId}-product_cat=football~tennis` },
  play: async ({ canvasElement }) => {
    expect(term(canvasElement, 'Category', /^Football/)).toHaveAttribute('aria-pressed', 'true');
    expect(term(canvasElement, 'Category', /^Tennis \(/)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(term(canvasElement, 'Category', /^Running \(/));
    expect(filterValue('product_cat')).toBe('football~tennis~running');
    const total = gearProducts({
      product_cat: { terms: ['football', 'tennis', 'running'], join: 'OR' },
    }).length;
    await waitFor(() => expect(resultCount(canvasElement)).toBe(`Showing 1–12 of ${total} results`));
  },
};

export const FiltersAppliedAnd: Story = {
  name: 'Filters applied: tags joined by AND',
  args: { search: `e-filter-${GEAR.gridId}-product_tag=junior` },
  play: async ({ canvasElement }) => {
    expect(term(canvasElement, 'Tag', /^Junior/)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(term(canvasElement, 'Tag', /^Waterproof/));
    expect(filterValue('product_tag')).toBe('junior waterproof');
    const total = gearProducts({ product_tag: { terms: ['junior', 'waterproof'], join: 'AND' } }).length;
    await waitFor(() =>
      expect(resultCount(canvasElement)).toBe(
        total > 12 ? `Showing 1–12 of ${total} results` : `Showing all ${total} results`,
      ),
    );
  },
};

export const DisabledJoin: Story = {
  name: 'Disabled join: one term at a time',
  args: { category: { logicalJoin: 'XOR' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(term(canvasElement, 'Category', /^Football/));
    await userEvent.click(term(canvasElement, 'Category', /^Tennis \(/));
    expect(filterValue('product_cat')).toBe('tennis');
    expect(term(canvasElement, 'Category', /^Football/)).toHaveAttribute('aria-pressed', 'false');
    expect(term(canvasElement, 'Category', /^Tennis \(/)).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Loading: Story = {
  name: 'Loading: the grid dimmed and busy',
  parameters: {
    msw: {
      handlers: [
        http.post(ROUTE, async () => {
          await delay('infinite');
          return HttpResponse.json({ data: '' });
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(term(canvasElement, 'Category', /^Balls/));
    await waitFor(() => expect(region(canvasElement)).toHaveAttribute('aria-busy', 'true'));
    expect(region(canvasElement).querySelectorAll('li.product')).toHaveLength(12);
  },
};

export const Error: Story = {
  name: 'Error: the grid kept, an alert and Try again',
  parameters: {
    msw: {
      handlers: [
        http.post(ROUTE, () => new HttpResponse(null, { status: 500 }), { once: true }),
        refreshLoop,
        ...demoHandlers,
      ],
    },
  },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    const before = resultCount(canvasElement);
    await userEvent.click(term(canvasElement, 'Category', /^Balls/));
    const alert = await canvas(canvasElement).findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be updated. Please try again.');
    expect(resultCount(canvasElement)).toBe(before);
    expect(canvas(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const EmptyResult: Story = {
  name: 'Empty result',
  play: async ({ canvasElement }) => {
    await userEvent.click(term(canvasElement, 'Tag', /^Training/));
    await userEvent.click(term(canvasElement, 'Tag', /^Match/));
    await waitFor(() =>
      expect(region(canvasElement)).toHaveTextContent('No products were found matching your selection.'),
    );
  },
};

export const DrawerOpen: Story = {
  name: 'Drawer open (mobile)',
  args: { search: `e-filter-${GEAR.gridId}-product_cat=football&e-filter-${GEAR.gridId}-product_tag=junior` },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const toggle = canvas(canvasElement).getByRole('button', { name: 'Filters (2)' });
    await userEvent.click(toggle);
    // The dialog is rendered at the end of <body>; its code comes when it first opens.
    const dialog = await within(document.body).findByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getAllByRole('search')).toHaveLength(2);
    expect(
      within(within(dialog).getByRole('search', { name: 'Tag' })).getByRole('button', { name: /^Junior/ }),
    ).toHaveAttribute('aria-pressed', 'true');
  },
};

export const PageTwo: Story = {
  name: 'Page 2',
  args: { search: `e-filter-${GEAR.gridId}-product_cat=football~tennis` },
  play: async ({ canvasElement }) => {
    const total = gearProducts({ product_cat: { terms: ['football', 'tennis'], join: 'OR' } }).length;
    await userEvent.click(canvas(canvasElement).getByRole('link', { name: /^Page ?2$/ }));
    await waitFor(() => expect(resultCount(canvasElement)).toBe(`Showing 13–24 of ${total} results`));
    expect(new URLSearchParams(location.search).get(`e-page-${GEAR.gridId}`)).toBe('2');
    expect(filterValue('product_cat')).toBe('football~tennis');
    expect(region(canvasElement)).toHaveFocus();
  },
};
