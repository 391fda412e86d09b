import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { useEffect, useRef } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { IslandCollector } from '../demo/islands';
import { cartTotalsIsland } from '../demo/shipping-calculator';
import { createSite } from '../demo/site';
import { store } from '../demo/store';
import { locatorOf, resolve } from '../src/islands/locate';
import island from '../widgets/shipping-calculator/island';
import { CALCULATE_FAILED } from '../widgets/shipping-calculator/model';
import { browser } from '../widgets/shipping-calculator/ShippingCalculator';
import { inJsdom } from './support/lightbox';
import { demoHandlers } from './support/msw';

/**
 * The cart page's shipping calculator island over the cart totals the demo store prints for a
 * session with Pro Match Football in its cart (demo/shipping-calculator.ts: WooCommerce 9.9's
 * `div.cart_totals` with its calculator, sample 36). The island is defined with `adopt`: each story
 * prints the page's notices wrapper and totals into the canvas and mounts the island module on its
 * container, as the runtime does, and unmounts it when the story ends.
 *
 * The calculator posts to the cart page: the demo store's own page controller (demo/site.ts, which
 * handles the post as WooCommerce's cart shortcode does) answers it for the story's session, so the
 * printed nonce is the one it accepts. A story that answers otherwise lists its handler first.
 */

interface CartPage {
  /** The session's cookie (`name=value`): the demo's cart page answers for that session. */
  cookie: string;
  markup: string;
}

/** The page of the story being shown (made in `beforeEach`, after the project's `resetStore()`). */
let page: CartPage | null = null;
/** The calculator's posts since the story began. */
const posts: URLSearchParams[] = [];

function printCart(): CartPage {
  const { session, setCookie } = store.ensureSession('');
  const added = store.addToCart(session, { productId: 13, quantity: 1 });
  if (!added.ok) throw new Error('Pro Match Football could not be added to the demo cart.');
  return {
    cookie: (setCookie[0] ?? '').split(';')[0] ?? '',
    markup:
      '<div class="woocommerce-notices-wrapper"></div>' +
      `<div class="cart-collaterals">${cartTotalsIsland(new IslandCollector(), store, session)}</div>`,
  };
}

/** Notes every post to the cart page and lets the next handler answer it. */
const recorder = http.post('*/cart/', async ({ request }) => {
  posts.push(new URLSearchParams(await request.clone().text()));
  return undefined;
});

/** The demo store's cart page, for the story's session (no cookie reaches it from the canvas). */
const cartPage = http.post('*/cart/', async ({ request }) => {
  const forwarded = new Request(request.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: page?.cookie ?? '' },
    body: await request.text(),
  });
  return createSite({ store })(forwarded);
});

/** `parameters.msw` for the story: `first` ahead of the demo store's cart page. */
const msw = (...first: RequestHandler[]) => ({ handlers: [recorder, ...first, cartPage, ...demoHandlers] });

/** The post of the Busy story: held until the story ends. */
let heldRelease: (() => void) | null = null;
const held = http.post('*/cart/', async () => {
  await new Promise<void>((resolve) => (heldRelease = resolve));
  return new HttpResponse(null, { status: 503 });
});

/**
 * WooCommerce prints its error notices as `<ul class="woocommerce-error" role="alert">`: axe reports
 * the role as not allowed on a list (`aria-allowed-role`) and its items as outside a list
 * (`listitem`). Those two rules are off in the story showing one; every other rule still runs.
 */
const WOOCOMMERCE_ERROR_LIST = {
  a11y: {
    config: {
      rules: [
        { id: 'aria-allowed-role', enabled: false },
        { id: 'listitem', enabled: false },
        ...(inJsdom() ? [{ id: 'color-contrast', enabled: false }] : []),
      ],
    },
  },
};

/** Unmounts the story's island (meta `beforeEach`'s cleanup, after Storybook unmounted the canvas). */
let unmountIsland = () => {};

/** The page in the canvas, the island mounted on its container as the runtime would. */
function CalculatorStory({ page }: { page: CartPage | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>('[data-island="shipping-calculator"]');
    if (!page || !container) return;
    let gone = false;
    container.setAttribute('data-island-state', 'loading');
    const start = async () => {
      const result = await island.mount(
        container,
        JSON.parse(container.querySelector('script[data-island-props]')?.textContent ?? 'null') as unknown,
        { name: 'shipping-calculator', locate: { locatorOf, resolve } },
      );
      if (!result.ok) {
        container.setAttribute('data-island-state', 'failed');
        throw new Error(`shipping-calculator props: ${result.field}: ${result.problem}`);
      }
      if (gone) return result.unmount();
      unmountIsland = result.unmount;
      container.setAttribute('data-island-state', 'mounted');
    };
    // As the runtime does, from a task of its own (the island renders synchronously).
    const task = setTimeout(() => void start(), 0);
    return () => {
      gone = true;
      clearTimeout(task);
    };
  }, [page]);
  if (!page) return null;
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: page.markup }} />;
}

async function mounted(canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-island="shipping-calculator"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    ),
  );
  return within(canvasElement);
}

type Canvas = Awaited<ReturnType<typeof mounted>>;

const toggle = (canvas: Canvas) =>
  canvas.getByRole('button', { name: /^(Calculate shipping|Change address)$/ });
const countryPicker = (canvas: Canvas) => canvas.getByRole('combobox', { name: /^Country \/ region/ });
const shipping = (canvas: Canvas) => canvas.getByRole('row', { name: /^Shipping/ });
const total = (canvas: Canvas) => canvas.getByRole('row', { name: /^Total/ });

async function open(canvas: Canvas) {
  await userEvent.click(toggle(canvas));
  await waitFor(() => expect(countryPicker(canvas)).toBeVisible());
}

/** Chooses `option` in a searchable picker: click, type part of its name, click it in the list. */
async function pick(canvas: Canvas, picker: HTMLElement, option: string) {
  await userEvent.click(picker);
  await userEvent.clear(picker);
  await userEvent.keyboard(option);
  await userEvent.click(await canvas.findByRole('option', { name: option }));
  await waitFor(() => expect(picker).toHaveValue(option));
}

const meta = {
  title: 'Widgets/ShippingCalculator',
  render: () => <CalculatorStory page={page} />,
  parameters: { msw: msw() },
  beforeEach: () => {
    posts.length = 0;
    page = printCart();
    const reload = spyOn(browser, 'reload').mockImplementation(() => {});
    return () => {
      heldRelease?.();
      heldRelease = null;
      unmountIsland();
      unmountIsland = () => {};
      reload.mockRestore();
      page = null;
    };
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  name: 'Closed (as WooCommerce prints it)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    expect(toggle(canvas)).toHaveAccessibleName('Calculate shipping');
    expect(toggle(canvas)).toHaveAttribute('aria-expanded', 'false');
    expect(canvas.queryByRole('combobox', { name: /^Country \/ region/ })).toBeNull();
    expect(within(shipping(canvas)).getByText(/Flat rate/)).toBeVisible();
    expect(total(canvas)).toHaveTextContent('€54.99');
    expect(canvas.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
  },
};

export const Open: Story = {
  name: 'Open (the store’s country, Ireland)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    expect(toggle(canvas)).toHaveAttribute('aria-expanded', 'true');
    expect(countryPicker(canvas)).toHaveValue('Ireland');
    expect(canvas.getByRole('combobox', { name: /^County/ })).toHaveAttribute(
      'placeholder',
      'Select an option…',
    );
    expect(canvas.getByRole('textbox', { name: /^Town \/ City/ })).toHaveValue('');
    expect(canvas.getByRole('textbox', { name: /^Eircode/ })).toBeVisible();
    expect(canvas.getByRole('button', { name: 'Update' })).toBeEnabled();
  },
};

export const UnitedStatesStatePicker: Story = {
  name: 'US: the state picker, then Update',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    await pick(canvas, countryPicker(canvas), 'United States (US)');
    const state = canvas.getByRole('combobox', { name: /^State/ });
    expect(state).toHaveAttribute('placeholder', 'Select an option…');
    await pick(canvas, state, 'California');
    await userEvent.type(canvas.getByRole('textbox', { name: /^ZIP Code/ }), '90210');
    await userEvent.click(canvas.getByRole('button', { name: 'Update' }));
    // The cart page's answer: its totals (the US rate) and its notice.
    await waitFor(() => expect(total(canvas)).toHaveTextContent('€64.99'), { timeout: 5000 });
    expect(within(shipping(canvas)).getByText(/Flat rate/)).toHaveTextContent('Flat rate: €15.00');
    expect(within(shipping(canvas)).getByText(/Shipping to/)).toHaveTextContent(
      'Shipping to CA 90210, United States (US).',
    );
    expect(canvas.getByText('Shipping costs updated.')).toBeVisible();
    expect(toggle(canvas)).toHaveAccessibleName('Change address');
    expect(toggle(canvas)).toHaveAttribute('aria-expanded', 'false');
    expect(toggle(canvas)).toHaveFocus();
    expect(posts).toHaveLength(1);
  },
};

export const FranceHiddenState: Story = {
  name: 'France: no state field, the postcode before the city',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    await pick(canvas, countryPicker(canvas), 'France');
    expect(canvas.queryByRole('combobox', { name: /^(State|County)/ })).toBeNull();
    expect(canvas.queryByRole('textbox', { name: /^(State|County)/ })).toBeNull();
    const fields = canvas.getAllByRole('textbox').map((el) => el.id);
    expect(fields).toEqual(['calc_shipping_postcode', 'calc_shipping_city']);
  },
};

export const InvalidPostcode: Story = {
  name: 'WooCommerce refuses the postcode (its error notice)',
  parameters: { ...WOOCOMMERCE_ERROR_LIST },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    await pick(canvas, countryPicker(canvas), 'United States (US)');
    await userEvent.type(canvas.getByRole('textbox', { name: /^ZIP Code/ }), 'ABC');
    await userEvent.click(canvas.getByRole('button', { name: 'Update' }));
    expect(
      await canvas.findByText('Please enter a valid postcode / ZIP.', {}, { timeout: 5000 }),
    ).toBeVisible();
    // Open again, with what was typed; the totals as they were.
    expect(countryPicker(canvas)).toHaveValue('United States (US)');
    expect(canvas.getByRole('textbox', { name: /^ZIP Code/ })).toHaveValue('ABC');
    expect(total(canvas)).toHaveTextContent('€54.99');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Update' })).toHaveFocus());
  },
};

export const ErrorAnswer: Story = {
  name: 'Error answer (HTTP 500): nothing lost',
  parameters: {
    msw: msw(http.post('*/cart/', () => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 }))),
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    await pick(canvas, countryPicker(canvas), 'United States (US)');
    await userEvent.type(canvas.getByRole('textbox', { name: /^ZIP Code/ }), '90210');
    await userEvent.click(canvas.getByRole('button', { name: 'Update' }));
    expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(CALCULATE_FAILED);
    expect(countryPicker(canvas)).toHaveValue('United States (US)');
    expect(canvas.getByRole('textbox', { name: /^ZIP Code/ })).toHaveValue('90210');
    expect(total(canvas)).toHaveTextContent('€54.99');
    expect(canvasElement.querySelector('div.cart_totals')).not.toHaveAttribute('aria-busy');
  },
};

export const Busy: Story = {
  name: 'Busy (waiting for the cart page): blocked, one post',
  parameters: { msw: msw(held) },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await open(canvas);
    const update = canvas.getByRole('button', { name: 'Update' });
    await userEvent.click(update);
    const totals = canvasElement.querySelector<HTMLElement>('div.cart_totals')!;
    await waitFor(() => expect(totals).toHaveAttribute('aria-busy', 'true'));
    // WooCommerce's block: the white overlay, no input until the answer.
    expect(totals).toHaveClass('processing', 'shop-islands-blocked');
    expect(totals).toHaveAttribute('inert');
    // A second submit (a double click reaching the form, Enter) sends nothing.
    update.closest('form')?.requestSubmit();
    await waitFor(() => expect(posts).toHaveLength(1));
  },
};
