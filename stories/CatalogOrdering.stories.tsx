import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { IslandCollector } from '../demo/islands';
import { catalogOrderingIsland, ORDERBY_OPTIONS, SEARCH_ORDERBY_OPTIONS } from '../demo/pages/listing';
import { startIslands } from '../src/islands/runtime';
import { navigation } from '../src/navigation';
import { islandSrc, testRuntime } from '../src/test/islands';
import { CatalogOrdering } from '../widgets/catalog-ordering/CatalogOrdering';
import { CatalogOrderingPropsSchema, type CatalogOrderingProps } from '../widgets/catalog-ordering/schema';
import { silenceConsoleError } from './support/console';

/** What the form sends (its GET query string) each time the island submits it. */
const sent: string[] = [];
const queryOf = (form: HTMLFormElement) => new URLSearchParams(new FormData(form) as never).toString();

/** The ordering form where Storefront prints it, above a listing (`.storefront-sorting`). */
function Listing(props: CatalogOrderingProps) {
  return (
    <div className="storefront-sorting">
      <CatalogOrdering {...CatalogOrderingPropsSchema.parse(props)} />
      <p className="woocommerce-result-count">Showing all 24 results</p>
    </div>
  );
}

const select = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole<HTMLSelectElement>('combobox', { name: 'Shop order' });
const sortButton = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Sort' });
/** The island's first task (its mount) is over: a change now is the shopper's. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * An arrow key on the closed select as Chromium and Firefox on Windows and Linux handle it (a
 * script's key events change nothing by themselves): keydown, then the value moves and `input` and
 * `change` come in the same task, then keyup.
 */
function arrowDown(el: HTMLSelectElement) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  el.selectedIndex = Math.min(el.options.length - 1, el.selectedIndex + 1);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  el.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown', bubbles: true }));
}
/** Enter on the select; false when the island took it (its default prevented). */
const pressEnter = (el: HTMLSelectElement) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

const meta = {
  title: 'Widgets/Catalog ordering',
  component: Listing,
  args: { options: ORDERBY_OPTIONS },
  beforeEach: () => {
    sent.length = 0;
    // The story's frame must not leave: the island's submissions are recorded instead.
    const submit = spyOn(navigation, 'submit').mockImplementation((form) => {
      sent.push(queryOf(form));
    });
    return () => submit.mockRestore();
  },
} satisfies Meta<typeof Listing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Default sorting',
  play: async ({ canvasElement }) => {
    expect(select(canvasElement)).toHaveValue('menu_order');
    expect(within(canvasElement).getAllByRole('option')).toHaveLength(6);
    // There for assistive technology and the keyboard; shown only while focused (catalog-ordering.css).
    expect(sortButton(canvasElement)).toHaveClass('shop-islands-ordering-submit');
    expect(queryOf(select(canvasElement).form!)).toBe('orderby=menu_order&paged=1');
  },
};

export const ChosenOrdering: Story = {
  name: 'A chosen ordering (price, low to high)',
  args: { selected: 'price' },
  play: async ({ canvasElement }) => {
    expect(select(canvasElement)).toHaveValue('price');
    expect(within(canvasElement).getByRole('option', { name: 'Sort by price: low to high' })).toHaveProperty(
      'selected',
      true,
    );
  },
};

export const PickSends: Story = {
  name: 'A pick sends the form at once, once',
  play: async ({ canvasElement }) => {
    await settled();
    await userEvent.selectOptions(select(canvasElement), 'Sort by price: low to high');
    expect(sent).toEqual(['orderby=price&paged=1']);
    // Enter or a click on Sort right after: nothing more.
    expect(pressEnter(select(canvasElement))).toBe(true);
    await userEvent.click(sortButton(canvasElement));
    expect(sent).toEqual(['orderby=price&paged=1']);
  },
};

export const KeyboardBrowsing: Story = {
  name: 'Keyboard: arrows browse, Enter sends (WCAG 3.2.2)',
  play: async ({ canvasElement }) => {
    await settled();
    const el = select(canvasElement);
    el.focus();
    arrowDown(el);
    arrowDown(el);
    expect(el).toHaveValue('rating');
    expect(sent).toEqual([]);
    expect(pressEnter(el)).toBe(false);
    expect(sent).toEqual(['orderby=rating&paged=1']);
  },
};

export const KeyboardLeaving: Story = {
  name: 'Keyboard: arrows browse, Tab sends',
  play: async ({ canvasElement }) => {
    await settled();
    const el = select(canvasElement);
    el.focus();
    arrowDown(el);
    expect(sent).toEqual([]);
    await userEvent.tab();
    expect(sortButton(canvasElement)).toHaveFocus();
    await waitFor(() => expect(sent).toEqual(['orderby=popularity&paged=1']));
  },
};

export const WithHiddenFields: Story = {
  name: 'With hidden fields (a product search): kept, paged reset to 1',
  args: {
    options: SEARCH_ORDERBY_OPTIONS,
    selected: 'relevance',
    hiddenFields: { s: 'boots', post_type: 'product', paged: '3', 'filter_colour[0]': 'blue' },
  },
  play: async ({ canvasElement }) => {
    await settled();
    expect(within(canvasElement).getAllByRole('option')[0]).toHaveTextContent('Relevance');
    await userEvent.selectOptions(select(canvasElement), 'Sort by latest');
    expect(sent).toEqual([
      new URLSearchParams([
        ['orderby', 'date'],
        ['paged', '1'],
        ['s', 'boots'],
        ['post_type', 'product'],
        ['filter_colour[0]', 'blue'],
      ]).toString(),
    ]);
  },
};

export const HostileProps: Story = {
  name: 'Hostile props: unknown ordering → first option, odd field names left out',
  args: {
    selected: '"><img src=x onerror=alert(1)>',
    hiddenFields: {
      '"><script>alert(1)</script>': 'x',
      'add-to-cart': '13',
      orderby: 'date',
      q: '<b>kept as text</b>',
    },
  },
  play: async ({ canvasElement }) => {
    expect(select(canvasElement)).toHaveValue('menu_order');
    expect(canvasElement.querySelector('script, img, b')).toBeNull();
    expect(queryOf(select(canvasElement).form!)).toBe(
      new URLSearchParams({ orderby: 'menu_order', paged: '1', q: '<b>kept as text</b>' }).toString(),
    );
  },
};

// -- over the server's markup ------------------------------------------------------------------------

const ISLANDS = testRuntime({ 'catalog-ordering': () => import('../widgets/catalog-ordering/island') });
let stopRuntime: (() => void) | undefined;

/** The demo's server markup (container, props, fallback form), then the runtime over the page. */
function ServerMarkup({ html }: { html: string }) {
  useLayoutEffect(() => {
    stopRuntime = startIslands(ISLANDS);
    return () => {
      stopRuntime?.();
      stopRuntime = undefined;
    };
  }, []);
  return <div className="storefront-sorting" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The server's container, mounting at once, with `props` instead of the demo's when given. */
const serverHtml = (props?: unknown) => {
  const html = catalogOrderingIsland(new IslandCollector(), {
    options: ORDERBY_OPTIONS,
    orderby: 'menu_order',
    hiddenFields: [['s', 'boots']],
  })
    .replace('data-island="catalog-ordering"', `$& data-island-src="${islandSrc('catalog-ordering')}"`)
    .replace('data-hydrate="visible"', 'data-hydrate="load"');
  return props === undefined
    ? html
    : html.replace(/(<script[^>]*>)[^<]*/, `$1${JSON.stringify(props).replace(/</g, '\\u003c')}`);
};

const container = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-island="catalog-ordering"]')!;

export const OverTheFallback: StoryObj<typeof ServerMarkup> = {
  name: 'Island over the server’s form: same markup, live',
  render: (args) => <ServerMarkup {...args} />,
  args: { html: serverHtml() },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'), {
      timeout: 5000,
    });
    expect(container(canvasElement).querySelector('script[data-island-props]')).toBeNull();
    await settled();
    await userEvent.selectOptions(select(canvasElement), 'Sort by popularity');
    expect(sent).toEqual(['orderby=popularity&paged=1&s=boots']);
  },
};

export const InvalidProps: StoryObj<typeof ServerMarkup> = {
  name: 'Invalid props (no options): the server’s form stays as it was',
  render: (args) => <ServerMarkup {...args} />,
  args: { html: serverHtml({ options: [] }) },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'), {
      timeout: 5000,
    });
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "catalog-ordering" was not mounted: invalid props: "options/),
    );
    // WooCommerce's form, untouched: its own script submits it on change (on a WordPress store), and
    // without JavaScript the Sort button in its <noscript> does.
    expect(select(canvasElement)).toHaveValue('menu_order');
    expect(container(canvasElement).querySelector('noscript')?.innerHTML).toContain(
      '<button type="submit" class="button orderby-submit">Sort</button>',
    );
    expect(queryOf(select(canvasElement).form!)).toBe('orderby=menu_order&paged=1&s=boots');
  },
};
