import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { useRef } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { salePricesResponse } from '../demo/sale-prices';
import type { Variation } from '../src/contract/variation';
import { emit } from '../src/events/bus';
import { SaleBadge } from '../widgets/sale-badge/SaleBadge';
import { SaleBadgePropsSchema, type SaleBadgeProps } from '../widgets/sale-badge/schema';
import { adminAjaxAction, malformed, never, posted, resetPosted, serverError } from './support/commercekit';
import { demoHandlers } from './support/msw';

const ACTION = 'shoptimizer_get_sale_prices';
const SLOW_MS = 1200;

/** The boots' variations (demo fixtures): only UK 2 / Blue (22) is on sale, 29.99 of 39.99. */
const CHOICES = [
  { id: 19, label: 'UK 1, Black' },
  { id: 21, label: 'UK 2, Black' },
  { id: 22, label: 'UK 2, Blue (on sale)' },
  { id: 23, label: 'UK 3, Black' },
];

/**
 * The product page around the badge: a stand-in variations form (`form.variations_form`) whose one
 * select fires WooCommerce's `found_variation` for the chosen variation and `reset_data` for none, as
 * add-to-cart-variation.js does.
 */
function BootsPage(props: SaleBadgeProps) {
  const form = useRef<HTMLFormElement>(null);
  return (
    <div className="product type-product product-type-variable" style={{ maxWidth: '28rem' }}>
      <SaleBadge {...SaleBadgePropsSchema.parse(props)} />
      <h1 className="product_title entry-title">Junior Football Boots</h1>
      <form ref={form} className="variations_form cart" data-product_id="18">
        <label htmlFor="story-variation">Variation</label>{' '}
        <select
          id="story-variation"
          defaultValue=""
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            if (id) emit('found_variation', [{ variation_id: id } as unknown as Variation], form.current!);
            else emit('reset_data', [], form.current!);
          }}
        >
          <option value="">Choose an option</option>
          {CHOICES.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <input type="hidden" name="variation_id" className="variation_id" defaultValue="0" />
      </form>
    </div>
  );
}

const variation = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Variation' });
const badge = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.onsale')!;
const choose = (canvasElement: HTMLElement, label: string) =>
  userEvent.selectOptions(variation(canvasElement), label);
const answered = () => waitFor(() => expect(posted).toHaveLength(1), { timeout: 3000 });

/** Records the action's requests; answers as the demo store does (demo/sale-prices.ts). */
const recorded = adminAjaxAction(ACTION, (fields) => HttpResponse.json(salePricesResponse(fields)));

const meta = {
  title: 'Widgets/Sale badge',
  component: BootsPage,
  args: { productId: 18, label: 'Sale!' },
  parameters: { msw: { handlers: [recorded, ...demoHandlers] } },
  beforeEach: () => {
    resetPosted();
    const error = spyOn(console, 'error');
    return () => error.mockRestore();
  },
} satisfies Meta<typeof BootsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  name: 'Loading (slow server): the server’s badge meanwhile',
  parameters: {
    msw: {
      handlers: [
        adminAjaxAction(ACTION, async () => {
          await delay(SLOW_MS);
          return HttpResponse.json({ percents: { 22: '-25%' } });
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'UK 2, Blue (on sale)');
    expect(badge(canvasElement)).toHaveTextContent('Sale!');
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent('-25%'), { timeout: SLOW_MS + 2000 });
    expect(Object.fromEntries(posted[0]!)).toEqual({ action: ACTION, product_id: '18' });
  },
};

export const PercentShown: Story = {
  name: 'Percent shown (UK 2 / Blue, 29.99 of 39.99)',
  play: async ({ canvasElement }) => {
    await answered();
    await choose(canvasElement, 'UK 2, Blue (on sale)');
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent('-25%'));
    expect(badge(canvasElement)).toBeVisible();
    // Not a live region: the change is not announced (the price panel says it already).
    expect(badge(canvasElement).closest('[aria-live],[role="status"],[role="alert"]')).toBeNull();
  },
};

export const VariationNotOnSale: Story = {
  name: 'Variation not on sale: the badge hides (keeping its room)',
  play: async ({ canvasElement }) => {
    await answered();
    await choose(canvasElement, 'UK 2, Blue (on sale)');
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent('-25%'));
    await choose(canvasElement, 'UK 1, Black');
    expect(badge(canvasElement)).not.toBeVisible();
    expect(badge(canvasElement)).toHaveStyle({ visibility: 'hidden' });
  },
};

export const Reset: Story = {
  name: 'Reset: the server’s badge is back',
  play: async ({ canvasElement }) => {
    await answered();
    await choose(canvasElement, 'UK 2, Blue (on sale)');
    await waitFor(() => expect(badge(canvasElement)).toHaveTextContent('-25%'));
    await choose(canvasElement, 'Choose an option');
    expect(badge(canvasElement)).toHaveTextContent('Sale!');
    expect(badge(canvasElement)).toBeVisible();
  },
};

const failing = (name: string, answer: () => Response | Promise<Response>, timeout?: number): Story => ({
  name,
  args: timeout ? { timeout } : {},
  parameters: { msw: { handlers: [adminAjaxAction(ACTION, answer), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(console.error).toHaveBeenCalled(), { timeout: 3000 });
    await choose(canvasElement, 'UK 2, Blue (on sale)');
    await choose(canvasElement, 'UK 1, Black');
    expect(badge(canvasElement)).toHaveTextContent('Sale!');
    expect(badge(canvasElement)).toBeVisible();
    expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
  },
});

export const Failure = failing('Failure (500): the server’s badge stays, no error shown', serverError);
export const Malformed = failing('Malformed answer: the server’s badge stays', malformed);
export const Timeout = failing('Timeout: the server’s badge stays', never, 300);
