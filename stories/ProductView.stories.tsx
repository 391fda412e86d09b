import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useState } from 'react';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { findProduct } from '../demo/fixtures';
import { productViewProps } from '../demo/product/extras';
import island from '../widgets/product-view/island';
import { PRODUCT_VIEW_EVENT, type ProductViewDetail } from '../widgets/product-view/model';
import { ProductView, resetProductViewsForTesting } from '../widgets/product-view/ProductView';
import { ProductViewPropsSchema, type ProductViewProps } from '../widgets/product-view/schema';

type Win = Window & { dataLayer?: unknown[] };

/**
 * The island renders nothing; the story shows what an analytics script would receive: the DOM
 * events on `document`, and what reached `window.dataLayer` (when the page has one).
 */
function EventLog({ props, valid = true }: { props: ProductViewProps; valid?: boolean }) {
  const [events, setEvents] = useState<ProductViewDetail[]>([]);
  // A layout effect: listening before the island's own (passive) effect sends the event.
  useLayoutEffect(() => {
    const listener = (event: Event) =>
      setEvents((list) => [...list, (event as CustomEvent<ProductViewDetail>).detail]);
    document.addEventListener(PRODUCT_VIEW_EVENT, listener);
    return () => document.removeEventListener(PRODUCT_VIEW_EVENT, listener);
  }, []);
  const dataLayer = (window as Win).dataLayer;
  return (
    <section aria-labelledby="story-log">
      <h2 id="story-log">Product views reported</h2>
      {valid && <ProductView {...ProductViewPropsSchema.parse(props)} />}
      <ul aria-label="DOM events">
        {events.map((detail, index) => (
          <li key={index}>
            <code>{JSON.stringify(detail)}</code>
          </li>
        ))}
      </ul>
      <p>
        window.dataLayer:{' '}
        <output aria-label="dataLayer">{dataLayer ? JSON.stringify(dataLayer) : 'not on this page'}</output>
      </p>
    </section>
  );
}

const BOOTS = productViewProps(findProduct(18)!);
const DETAIL = {
  store_currency: 'EUR',
  is_guest: true,
  product_id: 18,
  name: 'Junior Football Boots',
  category: 'Junior Boots',
  price: BOOTS.price,
  type: 'variable',
};
const eventItems = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'DOM events' })).queryAllByRole('listitem');

const meta = {
  title: 'Widgets/Product view (analytics)',
  component: EventLog,
  args: { props: BOOTS },
  beforeEach: () => {
    resetProductViewsForTesting();
    return () => {
      delete (window as Win).dataLayer;
    };
  },
} satisfies Meta<typeof EventLog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Fired: Story = {
  name: 'Fired once on document',
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(eventItems(canvasElement)).toHaveLength(1));
    expect(JSON.parse(eventItems(canvasElement)[0]!.textContent!)).toEqual(DETAIL);
  },
};

export const DataLayerPresent: Story = {
  name: 'dataLayer on the page: the same pushed to it',
  beforeEach: () => {
    (window as Win).dataLayer = [];
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(eventItems(canvasElement)).toHaveLength(1));
    expect((window as Win).dataLayer).toEqual([{ event: 'shop-islands:product-view', ...DETAIL }]);
  },
};

export const DataLayerAbsent: Story = {
  name: 'No dataLayer: none is created',
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(eventItems(canvasElement)).toHaveLength(1));
    expect('dataLayer' in window).toBe(false);
    expect(within(canvasElement).getByRole('status', { name: 'dataLayer' })).toHaveTextContent(
      'not on this page',
    );
  },
};

export const BadProps: Story = {
  name: 'Bad props: not mounted, no event, the field named',
  args: { props: { ...BOOTS, price: -5 }, valid: false },
  play: async ({ canvasElement, args }) => {
    const error = spyOn(console, 'error');
    const container = document.createElement('div');
    const locate = { locatorOf: () => null, resolve: () => null } as never;
    const result = await island.mount(container, args.props, { name: 'product-view', locate });
    expect(result).toMatchObject({ ok: false, field: 'price' });
    expect(eventItems(canvasElement)).toHaveLength(0);
    error.mockRestore();
  },
};
