import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { useEffect, useRef } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  createExpressCheckoutHandlers,
  expressCheckoutParams,
  payForOrderParams,
} from '../demo/checkout/express';
import { findOrder, PAY_FOR_ORDER_ID } from '../demo/checkout/orders';
import { createCheckoutHandlers } from '../demo/checkout/handlers';
import { store } from '../demo/store';
import { locatorOf, resolve } from '../src/islands/locate';
import { navigation } from '../src/navigation';
import island from '../widgets/express-checkout/island';
import { demoHandlers } from './support/msw';
import { freshStripe, stripeDouble } from './support/stripe';

/**
 * The express checkout buttons (checkout.md §7 "Express checkout", "Store API") on the demo's Pro
 * Match Football page: the params the demo prints for the story's session, the island mounted on its
 * container as the runtime does, the demo's gateway endpoints and Store API answering for that
 * session. Stripe.js is the test double: its 'Pay with test wallet' button opens a 'Test wallet'
 * sheet (Google Pay's stand-in). Leaving for the order page is held back.
 */

const PRODUCT_ID = 13;

interface ProductPage {
  cookie: string;
  restNonce: string;
  props: {
    params: ReturnType<typeof expressCheckoutParams>;
    productId?: number;
    payForOrder?: ReturnType<typeof payForOrderParams>;
  };
  form: string;
}

let page: ProductPage | null = null;
let unmountIsland = () => {};

function printPage(variable: boolean, orderPay = false): ProductPage {
  const { session, setCookie } = store.ensureSession('');
  if (orderPay) {
    const order = findOrder(store, PAY_FOR_ORDER_ID, session);
    if (!order) throw new Error('The demo has no order to pay.');
    return {
      cookie: (setCookie[0] ?? '').split(';')[0] ?? '',
      restNonce: store.nonce(session, 'wp_rest'),
      props: {
        params: expressCheckoutParams(store, session, window.location.origin, { kind: 'order-pay', order }),
        payForOrder: payForOrderParams(order),
      },
      form: '',
    };
  }
  const params = expressCheckoutParams(store, session, window.location.origin, {
    kind: 'product',
    productId: PRODUCT_ID,
  });
  const form = variable
    ? '<form class="cart variations_form"><label>Size <select name="attribute_pa_size"><option value="">Choose an option</option><option value="uk-2">UK 2</option></select></label>' +
      '<input type="number" name="quantity" value="1" aria-label="Quantity"><button type="button">Add to cart</button></form>'
    : '<form class="cart"><input type="number" name="quantity" value="1" aria-label="Quantity"><button type="button">Add to cart</button></form>';
  return {
    cookie: (setCookie[0] ?? '').split(';')[0] ?? '',
    restNonce: store.nonce(session, 'wp_rest'),
    props: { params, productId: PRODUCT_ID },
    form,
  };
}

/** The demo's express and checkout endpoints for the story's session (no cookie reaches them). */
const cookieHeader = () => page?.cookie ?? '';
const sessionHandlers = [
  ...createExpressCheckoutHandlers({ store, cookieHeader }),
  ...createCheckoutHandlers({ store, cookieHeader }),
];
const msw = (...first: RequestHandler[]) => ({ handlers: [...first, ...sessionHandlers, ...demoHandlers] });

function ExpressStory({ page }: { page: ProductPage | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>('[data-island="express-checkout"]');
    if (!page || !container) return;
    let gone = false;
    const task = setTimeout(() => {
      void (async () => {
        const result = await island.mount(container, page.props, {
          name: 'express-checkout',
          locate: { locatorOf, resolve },
        });
        if (!result.ok) throw new Error(`props: ${result.field}: ${result.problem}`);
        if (gone) return result.unmount();
        unmountIsland = result.unmount;
        container.setAttribute('data-island-state', 'mounted');
      })();
    }, 0);
    return () => {
      gone = true;
      clearTimeout(task);
    };
  }, [page]);
  if (!page) return null;
  return (
    <div ref={ref} style={{ maxWidth: 420 }}>
      <h1>Pro Match Football</h1>
      <div dangerouslySetInnerHTML={{ __html: page.form }} />
      <div data-island="express-checkout">
        <div
          className="shop-islands-express"
          style={{ ['--shop-islands-express-height' as string]: '48px' }}
        />
      </div>
      <p data-testid="left" aria-live="polite" />
    </div>
  );
}

const meta = {
  title: 'Widgets/ExpressCheckout',
  args: { variable: false, orderPay: false },
  argTypes: { variable: { control: false }, orderPay: { control: false } },
  render: () => <ExpressStory page={page} />,
  // The session's REST nonce (WordPress checks it with the session's cookie), after beforeEach made it.
  loaders: [() => ({ settings: { rest_nonce: page?.restNonce ?? '' } })],
  parameters: { msw: msw() },
  beforeEach: ({ args }) => {
    freshStripe({});
    page = printPage(args.variable, args.orderPay);
    const assign = spyOn(navigation, 'assign').mockImplementation((url) => {
      const line = document.querySelector('[data-testid="left"]');
      if (line) line.textContent = `The order page: ${url}`;
    });
    return () => {
      unmountIsland();
      unmountIsland = () => {};
      assign.mockRestore();
      document
        .querySelectorAll('.stripe-double__sheet, .stripe-double__challenge')
        .forEach((n) => n.remove());
      page = null;
    };
  },
} satisfies Meta<{ variable: boolean; orderPay: boolean }>;

export default meta;
type Story = StoryObj<typeof meta>;

const wallet = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: 'Pay with test wallet' }, { timeout: 10000 });
const sheet = () => within(document.body).findByRole('dialog', { name: 'Test wallet' }, { timeout: 5000 });

export const Ready: Story = {
  name: 'The wallet buttons',
  play: async ({ canvasElement }) => {
    expect(await wallet(canvasElement)).toBeVisible();
  },
};

export const SheetOpen: Story = {
  name: 'Pressed: the wallet’s sheet with the rates for its address',
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    await within(dialog).findByRole(
      'radio',
      { name: /Flat rate|Free shipping|Local pickup/ },
      { timeout: 5000 },
    );
  },
};

export const Paid: Story = {
  name: 'Paid: one order, then the order page',
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    await within(dialog).findAllByRole('radio', {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(
      () => expect(within(canvasElement).getByTestId('left')).toHaveTextContent(/order-received/),
      {
        timeout: 5000,
      },
    );
  },
};

export const Refused: Story = {
  name: 'Refused by the store (its message above the buttons)',
  parameters: {
    msw: msw(
      http.post('*/wp-json/wc/store/v1/checkout', () =>
        HttpResponse.json(
          {
            code: 'woocommerce_rest_payment_error',
            message: 'There was an error processing the payment: The card was declined.',
            data: { status: 400 },
          },
          { status: 400 },
        ),
      ),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    await within(dialog).findAllByRole('radio', {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The card was declined.'),
    );
  },
};

export const ConnectionError: Story = {
  name: 'The store cannot be reached (HTTP 500)',
  parameters: {
    msw: msw(
      http.post('*/wp-json/wc/store/v1/checkout', () => new HttpResponse('Fatal error', { status: 500 })),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    await within(dialog).findAllByRole('radio', {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'An error occurred while connecting to the server. Please try again.',
      ),
    );
  },
};

export const SelectionNeeded: Story = {
  name: 'A variable product without a choice',
  args: { variable: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
        'Please select some product options before adding this product to your cart.',
      ),
    );
    expect(within(document.body).queryByRole('dialog', { name: 'Test wallet' })).toBeNull();
  },
};

export const NoWallet: Story = {
  name: 'No wallet in this browser (the place stays, empty)',
  beforeEach: () => {
    stripeDouble.options = { noWallet: true };
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('.shop-islands-express__buttons')).toHaveAttribute('hidden'),
    );
    expect(within(canvasElement).queryByRole('button', { name: 'Pay with test wallet' })).toBeNull();
  },
};

export const AnswerNotAnOrder: Story = {
  name: 'The store answers something that is not an order (the default message)',
  parameters: {
    msw: msw(http.post('*/wp-json/wc/store/v1/checkout', () => HttpResponse.json({ unexpected: true }))),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    await within(dialog).findAllByRole('radio', {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Payment failed. Please try again.'),
    );
  },
};

export const OrderPay: Story = {
  name: 'On the order-pay page: that order paid, no address asked',
  args: { variable: false, orderPay: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(await wallet(canvasElement));
    const dialog = await sheet();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(
      () => expect(within(canvasElement).getByTestId('left')).toHaveTextContent(/order-received\/99\//),
      {
        timeout: 5000,
      },
    );
  },
};
