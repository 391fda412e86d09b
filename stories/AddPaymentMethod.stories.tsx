import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { useEffect, useRef } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  addPaymentMethodForm,
  addPaymentMethodIslandProps,
  createAndConfirmSetupIntent,
} from '../demo/checkout/account-payment';
import { DEMO_LOGIN } from '../demo/fixtures';
import { IslandCollector } from '../demo/islands';
import { store, type Session } from '../demo/store';
import { locatorOf, resolve } from '../src/islands/locate';
import { navigation } from '../src/navigation';
import island from '../widgets/add-payment-method/island';
import { demoHandlers } from './support/msw';
import { elementMounts, freshStripe, stripeDouble } from './support/stripe';

/**
 * My Account's add-payment-method page (checkout.md §2 "Account pages", §4, §7 "Admin endpoint",
 * §8): the form the demo store prints for a logged-in customer (demo/checkout/account-payment.ts,
 * WooCommerce's `form#add_payment_method` with the Stripe gateway's box) in an `add-payment-method`
 * container, the island mounted on it as the runtime does. The demo's admin-ajax action answers the
 * setup-intent call for the story's session; the form's own POST (which leaves the page) is held
 * back and shown as a line under the form.
 */

interface AccountPage {
  session: Session;
  markup: string;
  props: ReturnType<typeof addPaymentMethodIslandProps>;
}

let page: AccountPage | null = null;
let unmountIsland = () => {};
/** admin-ajax calls since the story began. */
const asked: URLSearchParams[] = [];

function printPage(): AccountPage {
  const { session } = store.ensureSession('');
  session.loggedIn = DEMO_LOGIN.username;
  const origin = window.location.origin;
  const islands = new IslandCollector();
  const form = addPaymentMethodForm(store, session, '/my-account/add-payment-method/');
  const props = addPaymentMethodIslandProps(store, session, origin);
  return {
    session,
    markup: `<div class="woocommerce">${islands.render('add-payment-method', props, form)}</div>`,
    props,
  };
}

/** The demo's admin-ajax action for the story's session (no cookie reaches the handlers here). */
const setupIntent = http.post('*/wp-admin/admin-ajax.php', async ({ request }) => {
  const fields = new URLSearchParams(await request.clone().text());
  if (fields.get('action') !== 'wc_stripe_create_and_confirm_setup_intent' || !page) return undefined;
  asked.push(fields);
  const answer = createAndConfirmSetupIntent(store, page.session, fields, window.location.origin);
  return answer ? HttpResponse.json(answer) : new HttpResponse('0', { status: 400 });
});

const msw = (...first: RequestHandler[]) => ({ handlers: [...first, setupIntent, ...demoHandlers] });

function AccountStory({ page }: { page: AccountPage | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>('[data-island="add-payment-method"]');
    if (!page || !container) return;
    let gone = false;
    container.setAttribute('data-island-state', 'loading');
    const task = setTimeout(() => {
      void (async () => {
        const result = await island.mount(container, page.props, {
          name: 'add-payment-method',
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
    <div ref={ref}>
      <h1>Add payment method</h1>
      <div dangerouslySetInnerHTML={{ __html: page.markup }} />
      <p data-testid="posted" aria-live="polite" />
    </div>
  );
}

async function mounted(canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-island="add-payment-method"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    ),
  );
  return within(canvasElement);
}
type Canvas = Awaited<ReturnType<typeof mounted>>;

async function typeCard(canvas: Canvas, number: string) {
  await userEvent.type(await canvas.findByLabelText('Card number', {}, { timeout: 10000 }), number);
  await userEvent.type(canvas.getByLabelText('Expiration date'), '1234');
  await userEvent.type(canvas.getByLabelText('Security code'), '123');
}
const add = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Add payment method' }));

const meta = {
  title: 'Widgets/AddPaymentMethod',
  render: () => <AccountStory page={page} />,
  parameters: { msw: msw() },
  beforeEach: () => {
    asked.length = 0;
    freshStripe({ authenticate: 'dialog' });
    page = printPage();
    // The form's POST leaves the page: held back, and said under the form instead.
    const submit = spyOn(navigation, 'submit').mockImplementation((form) => {
      const intent = form.querySelector<HTMLInputElement>('input[name="wc-stripe-setup-intent"]')?.value;
      const line = document.querySelector('[data-testid="posted"]');
      if (line) line.textContent = `The form posts with setup intent ${intent ?? '(none)'}.`;
    });
    const assign = spyOn(navigation, 'assign').mockImplementation(() => {});
    return () => {
      unmountIsland();
      unmountIsland = () => {};
      submit.mockRestore();
      assign.mockRestore();
      page = null;
    };
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  name: 'The card box, ready',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    expect(await canvas.findByLabelText('Card number', {}, { timeout: 10000 })).toBeVisible();
    expect(elementMounts()).toBe(1);
  },
};

export const Added: Story = {
  name: 'Added: one setup intent, then the form posts',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4242424242424242');
    await add(canvas);
    await waitFor(() => expect(canvas.getByTestId('posted')).toHaveTextContent(/setup intent seti_/));
    expect(asked).toHaveLength(1);
  },
};

export const Adding: Story = {
  name: 'Adding (the answer is slow: busy, one request)',
  parameters: { msw: msw(http.post('*/wp-admin/admin-ajax.php', () => new Promise<Response>(() => {}))) },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4242424242424242');
    await add(canvas);
    const form = canvasElement.querySelector('form#add_payment_method')!;
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'true'));
    expect(form).toHaveClass('processing');
  },
};

export const Challenge: Story = {
  name: '3-D Secure (the double’s dialog), then the form posts',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4000000000003220');
    await add(canvas);
    const challenge = await within(document.body).findByRole(
      'dialog',
      { name: '3D Secure 2 Test Page' },
      { timeout: 5000 },
    );
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(canvas.getByTestId('posted')).toHaveTextContent(/setup intent seti_/));
  },
};

export const Declined: Story = {
  name: 'Declined (the gateway’s message, the card kept)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4000000000000002');
    await add(canvas);
    await waitFor(() => expect(canvas.getByText(/The card was declined\./)).toBeVisible(), { timeout: 5000 });
    expect(canvas.getByLabelText('Card number')).toHaveValue('4000000000000002');
    expect(canvas.getByTestId('posted')).toHaveTextContent('');
  },
};

export const ConnectionError: Story = {
  name: 'The server fails (HTTP 500)',
  parameters: {
    msw: msw(http.post('*/wp-admin/admin-ajax.php', () => new HttpResponse('Fatal error', { status: 500 }))),
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4242424242424242');
    await add(canvas);
    await waitFor(() =>
      expect(
        canvas.getByText(/An error occurred while connecting to the server\. Please try again\./),
      ).toBeVisible(),
    );
  },
};

export const FailedToLoad: Story = {
  name: 'Stripe.js could not load',
  beforeEach: () => {
    stripeDouble.options = { loadError: true };
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await waitFor(() =>
      expect(
        canvas.getByText(
          'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
        ),
      ).toBeVisible(),
    );
    await add(canvas);
    await waitFor(() => expect(canvas.getByText(/Invalid or missing payment details\./)).toBeVisible());
    expect(asked).toHaveLength(0);
  },
};
