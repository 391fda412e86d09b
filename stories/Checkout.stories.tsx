import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { useEffect, useRef } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { createCheckoutHandlers } from '../demo/checkout/handlers';
import { checkoutIslandProps, checkoutPageContent, type CheckoutIslandProps } from '../demo/checkout/page';
import { noteOfferedMethods } from '../demo/checkout/stripe';
import { DEMO_LOGIN } from '../demo/fixtures';
import { IslandCollector } from '../demo/islands';
import { store } from '../demo/store';
import { locatorOf, resolve } from '../src/islands/locate';
import { browser } from '../widgets/checkout/Checkout';
import island from '../widgets/checkout/island';
import { inJsdom } from './support/lightbox';
import { demoHandlers } from './support/msw';
import { elementMounts, freshStripe, stripeDouble } from './support/stripe';

/**
 * The classic checkout island over the markup the demo store prints for a session with Pro Match
 * Football in its cart (demo/checkout/page.ts: WooCommerce 9.9's `.woocommerce` block, sample 40).
 * The island is defined with `adopt`: it keeps that markup and adds the behaviour, so each story
 * prints the page into the canvas and mounts the island module on its `checkout` container, as the
 * runtime does, and unmounts it when the story ends.
 *
 * The demo store's checkout handlers (demo/checkout/handlers.ts) answer the wc-ajax calls for the
 * story's own session, so the printed nonces are the ones they accept; a story overriding the place
 * order answer lists its handler first.
 */

interface CheckoutPage {
  /** The session's cookie (`name=value`): the story's handlers answer for that session. */
  cookie: string;
  /** `div.woocommerce`, holding the `checkout` island container and its fallback. */
  markup: string;
  props: CheckoutIslandProps;
}

/** The page of the story being shown (made in `beforeEach`, after the project's `resetStore()`). */
let page: CheckoutPage | null = null;
/** The wc-ajax endpoints asked since the story began, in order. */
const asked: string[] = [];

function printCheckout(loggedIn: boolean, blik = false): CheckoutPage {
  const { session, setCookie } = store.ensureSession('');
  const added = store.addToCart(session, { productId: 13, quantity: 1 });
  if (!added.ok) throw new Error('Pro Match Football could not be added to the demo cart.');
  if (loggedIn) session.loggedIn = DEMO_LOGIN.username;
  // A store that offers BLIK beside the card (the demo's `?upe=blik`).
  if (blik) noteOfferedMethods(session, new URL('/checkout/?upe=blik', window.location.origin));
  const origin = window.location.origin;
  return {
    cookie: (setCookie[0] ?? '').split(';')[0] ?? '',
    markup: checkoutPageContent({ store, session, islands: new IslandCollector(), origin }),
    props: checkoutIslandProps(store, session, origin),
  };
}

const endpointOf = (request: Request) => new URL(request.url).searchParams.get('wc-ajax');

/** Notes every wc-ajax call and lets the next handler answer it. */
const recorder = http.all('*', ({ request }) => {
  const endpoint = endpointOf(request);
  if (endpoint) asked.push(endpoint);
  return undefined;
});

/** The demo store's checkout endpoints, for the story's session (no cookie reaches them). */
const checkoutHandlers = createCheckoutHandlers({ store, cookieHeader: () => page?.cookie ?? '' });

/** `parameters.msw` for the story: `first` ahead of the demo store's handlers. */
const msw = (...first: RequestHandler[]) => ({
  handlers: [recorder, ...first, ...checkoutHandlers, ...demoHandlers],
});

/** A wc-ajax endpoint answered with `answer`. */
const answering = (endpoint: string, answer: () => Response | Promise<Response>) =>
  http.post('*', ({ request }) => (endpointOf(request) === endpoint ? answer() : undefined));

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=UTF-8' };

/** Sample 52: place order with the e-mail, first name and street left empty. */
const VALIDATION_ERROR = JSON.stringify({
  result: 'failure',
  messages:
    '\r\n<ul class="woocommerce-error" role="alert">\r\n' +
    '\t\t\t<li data-id="billing_email">\r\n\t\t\t<strong>Billing Email address</strong> is a required field.\t\t</li>\r\n' +
    '\t\t\t<li data-id="billing_first_name">\r\n\t\t\t<strong>Billing First name</strong> is a required field.\t\t</li>\r\n' +
    '\t\t\t<li data-id="billing_address_1">\r\n\t\t\t<strong>Billing Street address</strong> is a required field.\t\t</li>\r\n' +
    '\t</ul>\r\n',
  refresh: false,
  reload: false,
});

/** The place-order answer of the Processing story: held until the story ends. */
let placeOrderHeld: { promise: Promise<void>; release: () => void } | null = null;
function holdPlaceOrder(): () => void {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  placeOrderHeld = { promise, release };
  return () => {
    placeOrderHeld = null;
    release();
  };
}

/**
 * Unmounts the story's island. Called when the story ends (meta `beforeEach`'s cleanup), after
 * Storybook unmounted the canvas: not from a React cleanup, where the island's own root could not
 * be unmounted synchronously.
 */
let unmountIsland = () => {};

/** The page in the canvas, the island mounted on its container as the runtime would. */
function CheckoutStory({ page }: { page: CheckoutPage | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>('[data-island="checkout"]');
    if (!page || !container) return;
    let gone = false;
    container.setAttribute('data-island-state', 'loading');
    const start = async () => {
      const result = await island.mount(container, page.props, {
        name: 'checkout',
        locate: { locatorOf, resolve },
      });
      if (!result.ok) {
        container.setAttribute('data-island-state', 'failed');
        throw new Error(`checkout props: ${result.field}: ${result.problem}`);
      }
      if (gone) return result.unmount();
      unmountIsland = result.unmount;
      container.setAttribute('data-island-state', 'mounted');
    };
    // As the runtime does, from a task of its own: the island renders synchronously (flushSync),
    // which React cannot do from inside this story's render.
    const task = setTimeout(() => void start(), 0);
    return () => {
      gone = true;
      clearTimeout(task);
    };
  }, [page]);
  if (!page) return null;
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: page.markup }} />;
}

/** Waits for the island to be on the page; the canvas's queries. */
async function mounted(canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-island="checkout"]')).toHaveAttribute(
      'data-island-state',
      'mounted',
    ),
  );
  return within(canvasElement);
}

type Canvas = Awaited<ReturnType<typeof mounted>>;

const countryPicker = (canvas: Canvas) => canvas.getByRole('combobox', { name: /^Country \/ Region/ });
const table = (canvas: Canvas) => canvas.getByRole('table');
/**
 * 'Have a coupon? Click here to enter your code' (WooCommerce labels the link 'Enter your coupon
 * code'; the island names it by its visible words).
 */
const couponToggle = (canvas: Canvas) =>
  canvas.getByRole('button', { name: /^(Click here to enter your code|Enter your coupon code)$/ });

/** Chooses `option` in a searchable picker: click, type part of its name, click it in the list. */
async function pick(canvas: Canvas, picker: HTMLElement, option: string) {
  await userEvent.click(picker);
  await userEvent.clear(picker);
  await userEvent.keyboard(option);
  await userEvent.click(await canvas.findByRole('option', { name: option }));
  await waitFor(() => expect(picker).toHaveValue(option));
}

/** Fills the billing address's text fields (the county left to the picker). */
async function typeAddress(canvas: Canvas, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await userEvent.type(canvas.getByRole('textbox', { name: new RegExp(`^${label}`) }), value);
  }
}

/** A whole Irish address: the text fields typed, then the county chosen (which asks for a review at once). */
async function fillDublinAddress(canvas: Canvas) {
  await typeAddress(canvas, {
    'First name': 'Aoife',
    'Last name': 'Byrne',
    'Street address': '12 Main Street',
    'Town / City': 'Dublin',
    Eircode: 'D02 X285',
  });
  await pick(canvas, canvas.getByRole('combobox', { name: /^County/ }), 'Dublin');
}

const placeOrder = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
const count = (endpoint: string) => asked.filter((name) => name === endpoint).length;

/** `loggedIn`: the page printed for a logged-in customer (read when the story starts). */
interface CheckoutStoryArgs {
  loggedIn: boolean;
  /** The store offers BLIK in the element (checkout.md §1 reading B). */
  blik?: boolean;
}

const meta = {
  title: 'Widgets/Checkout',
  args: { loggedIn: false },
  argTypes: { loggedIn: { control: false }, blik: { control: false } },
  // The story's page, printed in beforeEach (after the project's gave it a fresh demo store).
  render: () => <CheckoutStory page={page} />,
  parameters: { msw: msw() },
  beforeEach: ({ args }) => {
    asked.length = 0;
    freshStripe({ authenticate: 'dialog' });
    // The island keeps a draft of the form in sessionStorage: none from an earlier story.
    sessionStorage.clear();
    page = printCheckout(args.loggedIn, args.blik);
    // Where the island would navigate: the canvas stays.
    const assign = spyOn(browser, 'assign').mockImplementation(() => {});
    const reload = spyOn(browser, 'reload').mockImplementation(() => {});
    // jsdom cannot scroll (the island scrolls to its notices): nothing to see there.
    const scroll = inJsdom() ? spyOn(window, 'scrollTo').mockImplementation(() => {}) : null;
    return () => {
      scroll?.mockRestore();
      unmountIsland();
      unmountIsland = () => {};
      assign.mockRestore();
      reload.mockRestore();
      sessionStorage.clear();
      // A challenge the story left open (the double draws it in the document's body).
      document.querySelectorAll('.stripe-double__challenge').forEach((node) => node.remove());
      page = null;
    };
  },
} satisfies Meta<CheckoutStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  name: 'Empty (a guest)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    // The store's country, in the searchable picker that took the select's place.
    expect(countryPicker(canvas)).toHaveValue('Ireland');
    expect(canvas.getByRole('combobox', { name: /^County/ })).toHaveAttribute('aria-required', 'true');
    expect(canvas.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
    expect(canvas.getByRole('textbox', { name: /^Email address/ })).toHaveValue('');
    expect(canvas.getByRole('button', { name: 'Click here to login' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(canvas.getByRole('checkbox', { name: 'Create an account?' })).not.toBeChecked();
    expect(within(table(canvas)).getByText(/Pro Match Football/)).toBeVisible();
    expect(canvas.getByRole('button', { name: 'Place order' })).toBeEnabled();
    // Nothing to recalculate for an address that is not there.
    expect(count('update_order_review')).toBe(0);
  },
};

export const PartialAddress: Story = {
  name: 'Partial address (a required field left empty)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeAddress(canvas, {
      'First name': 'Aoife',
      'Last name': 'Byrne',
      'Street address': '12 Main Street',
    });
    const city = canvas.getByRole('textbox', { name: /^Town \/ City/ });
    await userEvent.click(city);
    await userEvent.tab();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription(/Town \/ City is a required field\./);
    expect(canvas.getByRole('textbox', { name: /^Street address/ })).toHaveValue('12 Main Street');
    // The review waits for a whole address.
    expect(count('update_order_review')).toBe(0);
  },
};

export const FullAddress: Story = {
  name: 'Full address (the review recalculated)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    const printed = table(canvas);
    // A choice (the county, not a key) completes the address: the review is asked for at once.
    await fillDublinAddress(canvas);
    // The server's table took the printed one's place, and is no longer busy.
    await waitFor(() => expect(table(canvas)).not.toBe(printed), { timeout: 5000 });
    const review = table(canvas);
    expect(review).not.toHaveAttribute('aria-busy');
    expect(within(review).getByText(/Pro Match Football/)).toBeVisible();
    expect(within(review).getByRole('row', { name: /^Total/ })).toBeVisible();
    expect(count('update_order_review')).toBe(1);
  },
};

export const EachCountryKind: Story = {
  name: 'Each country kind (state list, no states, free text)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    const state = /^(State|County)/;
    // A country with a state list: a picker.
    await pick(canvas, countryPicker(canvas), 'United States (US)');
    expect(canvas.getByRole('combobox', { name: /^State/ })).toHaveAttribute(
      'placeholder',
      'Select an option…',
    );
    expect(canvas.getByRole('textbox', { name: /^ZIP Code/ })).toBeVisible();
    // A country with an empty list: no state row.
    await pick(canvas, countryPicker(canvas), 'France');
    expect(canvas.queryByRole('combobox', { name: state })).toBeNull();
    expect(canvas.queryByRole('textbox', { name: state })).toBeNull();
    // A country absent from the catalogue: free text.
    await pick(canvas, countryPicker(canvas), 'United Kingdom (UK)');
    expect(canvas.getByRole('textbox', { name: /^County/ })).toHaveValue('');
    expect(canvas.queryByRole('combobox', { name: state })).toBeNull();
  },
};

export const ServerErrors: Story = {
  name: 'Server errors (sample 52)',
  parameters: {
    msw: msw(answering('checkout', () => new HttpResponse(VALIDATION_ERROR, { headers: JSON_HEADERS }))),
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await placeOrder(canvas);
    const group = await canvas.findByRole('alert');
    expect(group.closest('.woocommerce-NoticeGroup-checkout')).not.toBeNull();
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Billing Email address is a required field.',
      'Billing First name is a required field.',
      'Billing Street address is a required field.',
    ]);
    expect(links[0]).toHaveAttribute('href', '#billing_email');
    const email = canvas.getByRole('textbox', { name: /^Email address/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Billing Email address is a required field\./);
    expect(canvas.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('aria-invalid', 'true');
    // No longer busy (the form's state follows the notice, after the browser painted it).
    await waitFor(() =>
      expect(canvas.getByRole('form', { name: 'Checkout' })).not.toHaveAttribute('aria-busy'),
    );
    expect(count('checkout')).toBe(1);
  },
};

export const Processing: Story = {
  name: 'Processing (the answer held)',
  parameters: {
    msw: msw(
      answering('checkout', async () => {
        await placeOrderHeld?.promise;
        return new HttpResponse(VALIDATION_ERROR, { headers: JSON_HEADERS });
      }),
    ),
  },
  beforeEach: holdPlaceOrder,
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await placeOrder(canvas);
    await waitFor(() => expect(count('checkout')).toBe(1));
    const form = canvas.getByRole('form', { name: 'Checkout' });
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'true'));
    expect(form).toHaveClass('processing');
    expect(form.querySelector('.shop-islands-checkout-overlay')).not.toBeNull();
    // One order per intent: a second click sends nothing.
    await placeOrder(canvas);
    expect(count('checkout')).toBe(1);
  },
};

export const CouponSuccess: Story = {
  name: 'Coupon applied (save10)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    const toggle = couponToggle(canvas);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const code = canvas.getByRole('textbox', { name: 'Coupon:' });
    expect(code).toHaveFocus();
    await userEvent.type(code, 'save10');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply coupon' }));
    expect(await canvas.findByRole('alert')).toHaveTextContent('Coupon code applied successfully.');
    // The coupon form is collapsed again.
    expect(code).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The review is recalculated with the discount (the server's table replaces the printed one).
    await waitFor(
      () => expect(within(table(canvas)).getByRole('row', { name: /^Coupon: save10/ })).toBeVisible(),
      { timeout: 5000 },
    );
  },
};

export const CouponError: Story = {
  name: 'Coupon error (no such code)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await userEvent.click(couponToggle(canvas));
    const code = canvas.getByRole('textbox', { name: 'Coupon:' });
    await userEvent.type(code, 'nosuchcode');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply coupon' }));
    const alert = await canvas.findByRole('alert');
    expect(alert).toHaveTextContent('Coupon "nosuchcode" does not exist!');
    expect(alert.previousElementSibling).toBe(code);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('Coupon "nosuchcode" does not exist!');
    expect(code).toHaveFocus();
    // Still open (once its 400 ms reveal is over, in a browser).
    await waitFor(() => expect(code).toBeVisible());
  },
};

export const LoggedIn: Story = {
  name: 'Logged in (no login, no account box)',
  args: { loggedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    expect(canvas.queryByRole('button', { name: 'Click here to login' })).toBeNull();
    expect(canvas.queryByText(/Returning customer\?/)).toBeNull();
    expect(canvas.queryByRole('checkbox', { name: 'Create an account?' })).toBeNull();
    expect(couponToggle(canvas)).toBeVisible();
    expect(countryPicker(canvas)).toHaveValue('Ireland');
  },
};

export const CreateAccount: Story = {
  name: 'Create an account (the password box shown)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    const password = canvas.getByLabelText(/^Create account password/);
    expect(password).not.toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Create an account?' }));
    expect(canvas.getByRole('checkbox', { name: 'Create an account?' })).toBeChecked();
    // Shown (once its 400 ms reveal is over, in a browser).
    await waitFor(() => expect(password).toBeVisible());
    expect(password).toHaveValue('');
  },
};

export const NetworkError: Story = {
  name: 'Network error (the §8 message)',
  parameters: { msw: msw(answering('checkout', () => HttpResponse.error())) },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await placeOrder(canvas);
    const alert = await canvas.findByRole('alert');
    expect(alert).toHaveTextContent(
      'There was an error processing your order. Please check for any charges in your payment method and review your order history before placing the order again.',
    );
    expect(within(alert).getByRole('link', { name: 'order history' })).toHaveAttribute(
      'href',
      `${window.location.origin}/my-account/orders/`,
    );
    await waitFor(() => expect(canvas.getByRole('form', { name: 'Checkout' })).not.toHaveClass('processing'));
    // Never sent again without the shopper.
    expect(count('checkout')).toBe(1);
  },
};

export const ReviewFailed: Story = {
  name: 'Review failed (HTTP 500: Try again)',
  parameters: {
    msw: msw(answering('update_order_review', () => new HttpResponse('<h1>Error</h1>', { status: 500 }))),
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await fillDublinAddress(canvas);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The order totals could not be updated.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    // Nothing typed is lost; the printed totals stay.
    expect(canvas.getByRole('textbox', { name: /^Eircode/ })).toHaveValue('D02 X285');
    expect(within(table(canvas)).getByRole('row', { name: /^Total/ })).toBeVisible();
  },
};

export const CouponPageExpired: Story = {
  name: 'Coupon with an expired nonce (403 -1: Reload)',
  parameters: { msw: msw(answering('apply_coupon', () => new HttpResponse('-1', { status: 403 }))) },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await userEvent.click(couponToggle(canvas));
    const code = canvas.getByRole('textbox', { name: 'Coupon:' });
    await userEvent.type(code, 'save10');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply coupon' }));
    const alert = await canvas.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This page has expired. Reload it to continue: what you entered is kept.',
    );
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    // The form stays open with the code.
    expect(code).toHaveValue('save10');
    expect(count('apply_coupon')).toBe(1);
  },
};

// ---- paying by card (issue #14; checkout.md §4, §5, §8) ------------------------------------------

/** Chooses the card and waits for the Payment Element (the double's fields). */
async function chooseCard(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('radio', { name: /Credit \/ Debit Card/ }));
  return canvas.findByLabelText('Card number', {}, { timeout: 15_000 });
}

async function typeCard(canvas: Canvas, number: string) {
  await userEvent.type(await chooseCard(canvas), number);
  await userEvent.type(canvas.getByLabelText('Expiration date'), '1234');
  await userEvent.type(canvas.getByLabelText('Security code'), '123');
}

/** Fills what the order needs besides the card. */
async function readyToPay(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email address/ }), 'aoife@example.ie');
  await fillDublinAddress(canvas);
  await userEvent.click(canvas.getByRole('checkbox', { name: /terms and conditions/ }));
}

export const CardReady: Story = {
  name: 'Card: the Payment Element in its box',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    const number = await chooseCard(canvas);
    expect(number).toBeVisible();
    // Its place is WooCommerce's own box; mounted once.
    expect(
      canvasElement.querySelector('.payment_box.payment_method_stripe .wc-stripe-upe-element'),
    ).toContainElement(number);
    expect(elementMounts()).toBe(1);
  },
};

export const CardSurvivesReview: Story = {
  name: 'Card: what was typed survives the review',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await typeCard(canvas, '4242424242424242');
    await fillDublinAddress(canvas);
    await waitFor(() => expect(count('update_order_review')).toBe(1), { timeout: 5000 });
    await waitFor(() =>
      expect(canvasElement.querySelector('.woocommerce-checkout-payment[aria-busy]')).toBeNull(),
    );
    expect(canvas.getByLabelText('Card number')).toHaveValue('4242424242424242');
    expect(elementMounts()).toBe(1);
  },
};

export const CardIncomplete: Story = {
  name: 'Card: incomplete number (no POST, the code’s message)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    await typeCard(canvas, '42424242');
    await placeOrder(canvas);
    // At the top of the form (a dismissible notice), and under the element (its own message).
    await waitFor(() => expect(canvas.getAllByText(/The card number is incomplete\./)).toHaveLength(1));
    expect(canvas.getByText('Your card number is incomplete.')).toBeVisible();
    expect(count('checkout')).toBe(0);
    expect(canvas.getByRole('button', { name: 'Dismiss this notice' })).toBeVisible();
  },
};

export const CardDeclined: Story = {
  name: 'Card: declined by the gateway (its message, the card kept)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    await typeCard(canvas, '4000000000000002');
    await placeOrder(canvas);
    await waitFor(() => expect(canvas.getByText('The card was declined.')).toBeVisible(), { timeout: 5000 });
    expect(canvas.getByLabelText('Card number')).toHaveValue('4000000000000002');
    expect(count('checkout')).toBe(1);
  },
};

export const CardChallenge: Story = {
  name: 'Card: 3-D Secure challenge (the test double’s dialog)',
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    await typeCard(canvas, '4000000000003220');
    await placeOrder(canvas);
    const challenge = await within(document.body).findByRole(
      'dialog',
      { name: '3D Secure 2 Test Page' },
      { timeout: 5000 },
    );
    expect(within(challenge).getByRole('button', { name: 'Complete' })).toBeVisible();
    // The form waits, busy, for the shopper's answer.
    expect(canvas.getByRole('form', { name: 'Checkout' })).toHaveClass('processing');
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(expect.stringMatching(/order-received/)));
    expect(count('wc_stripe_update_order_status')).toBe(1);
  },
};

export const CardAuthenticationFailed: Story = {
  name: 'Card: 3-D Secure failed (the §8 code’s message)',
  beforeEach: () => {
    stripeDouble.options = { authenticate: 'fail' };
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    await typeCard(canvas, '4000000000003220');
    await placeOrder(canvas);
    await waitFor(
      () =>
        expect(
          canvas.getByText(
            /We are unable to authenticate your payment method\. Please choose a different payment method and try again\./,
          ),
        ).toBeVisible(),
      { timeout: 5000 },
    );
    expect(count('wc_stripe_update_failed_order')).toBe(1);
    expect(browser.assign).not.toHaveBeenCalled();
  },
};

export const CardFailedToLoad: Story = {
  name: 'Card: the element could not load',
  beforeEach: () => {
    stripeDouble.options = { loadError: true };
  },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Credit \/ Debit Card/ }));
    await waitFor(
      () =>
        expect(
          canvas.getByText(
            'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
          ),
        ).toBeVisible(),
      { timeout: 15_000 },
    );
    await placeOrder(canvas);
    await waitFor(() =>
      expect(
        canvas.getByText(
          /Invalid or missing payment details\. Please ensure the provided payment method is correctly entered\./,
        ),
      ).toBeVisible(),
    );
    expect(count('checkout')).toBe(0);
  },
};

export const CardSaved: Story = {
  name: 'Card: a logged-in customer’s saved card (the new card’s form hidden)',
  args: { loggedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Credit \/ Debit Card/ }));
    expect(canvas.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    await waitFor(() => expect(canvas.getByLabelText('Card number')).not.toBeVisible(), { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('radio', { name: 'Use a new payment method' }));
    await waitFor(() => expect(canvas.getByLabelText('Card number')).toBeVisible());
    expect(
      canvas.getByRole('checkbox', { name: 'Save payment information to my account for future purchases.' }),
    ).toBeVisible();
  },
};

/** Chooses BLIK in the element's accordion: its code field. */
async function chooseBlik(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('radio', { name: /Credit \/ Debit Card/ }));
  await userEvent.click(await canvas.findByRole('radio', { name: 'BLIK' }, { timeout: 15_000 }));
  return canvas.findByLabelText(/BLIK Code/);
}

export const BlikCodeInvalid: Story = {
  name: 'BLIK: a code that is not 6 digits (no POST)',
  args: { loggedIn: false, blik: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    const code = await chooseBlik(canvas);
    await userEvent.type(code, '1234');
    await placeOrder(canvas);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(canvas.getAllByText('BLIK Code is invalid').length).toBeGreaterThanOrEqual(1);
    expect(count('checkout')).toBe(0);
  },
};

export const BlikAwaitingApproval: Story = {
  name: 'BLIK: waiting for the approval in the banking app',
  args: { loggedIn: false, blik: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    const code = await chooseBlik(canvas);
    await userEvent.type(code, '777123');
    await placeOrder(canvas);
    // The double's stand-in for the banking app stays open: the box says what to do.
    await within(document.body).findByRole('dialog', { name: '3D Secure 2 Test Page' }, { timeout: 5000 });
    expect(canvas.getByRole('status')).toHaveTextContent('Approve the payment in your banking app.');
  },
};

export const BlikPaid: Story = {
  name: 'BLIK: approved, the order received',
  args: { loggedIn: false, blik: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await readyToPay(canvas);
    const code = await chooseBlik(canvas);
    await userEvent.type(code, '777123');
    await placeOrder(canvas);
    const approval = await within(document.body).findByRole(
      'dialog',
      { name: '3D Secure 2 Test Page' },
      { timeout: 5000 },
    );
    await userEvent.click(within(approval).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(expect.stringMatching(/order-received/)));
    expect(count('checkout')).toBe(1);
  },
};

export const BlikNoSaveOption: Story = {
  name: 'BLIK: no save checkbox (not a reusable method, §5)',
  args: { loggedIn: true, blik: true },
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Credit \/ Debit Card/ }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Use a new payment method' }));
    const save = () =>
      canvas.getByRole('checkbox', {
        name: 'Save payment information to my account for future purchases.',
        hidden: true,
      });
    await waitFor(() => expect(save()).toBeVisible(), { timeout: 15_000 });
    await userEvent.click(await canvas.findByRole('radio', { name: 'BLIK' }, { timeout: 15_000 }));
    await waitFor(() => expect(save()).not.toBeVisible());
    await userEvent.click(canvas.getByRole('radio', { name: 'Card' }));
    await waitFor(() => expect(save()).toBeVisible());
  },
};

/**
 * A confirmation route in the URL hash when the page opens (§2): set before the island mounts (the
 * story's beforeEach), the page's own address put back when the story ends.
 */
function openedWith(hash: string) {
  return () => {
    const before = window.location.pathname + window.location.search + window.location.hash;
    history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}${hash}`);
    return () => history.replaceState(history.state, '', before);
  };
}
const payment = (canvas: Canvas, text: RegExp) =>
  waitFor(() => expect(canvas.getByText(text)).toBeVisible(), { timeout: 15_000 });

export const VoucherOffSite: Story = {
  name: 'Voucher: confirmed, but its return URL is another site’s (§8)',
  beforeEach: openedWith(
    `#wc-stripe-voucher-123:boleto:pi_3Qv0ucher_secret_Ab12:${encodeURIComponent('https://evil.example/thanks')}`,
  ),
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    // The double shows the voucher as a dialog; the shopper closes it.
    const voucher = await within(document.body).findByRole(
      'dialog',
      { name: '3D Secure 2 Test Page' },
      { timeout: 15_000 },
    );
    await userEvent.click(within(voucher).getByRole('button', { name: 'Complete' }));
    await payment(
      canvas,
      /There was a problem processing the payment\. Please refresh the page to try again\./,
    );
    expect(browser.assign).not.toHaveBeenCalled();
  },
};

export const WalletInvalidType: Story = {
  name: 'Wallet: a type the gateway does not know (§8 invalid wallet type)',
  beforeEach: openedWith(
    `#wc-stripe-wallet-123:paypal_wallet:pi:pi_3Qw4llet_secret_Cd34:${encodeURIComponent('/checkout/order-received/123/')}:n0nce123`,
  ),
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await payment(canvas, /Invalid wallet payment type, please try again or use an alternative method\./);
    expect(browser.assign).not.toHaveBeenCalled();
  },
};

export const HostileHash: Story = {
  name: 'A hostile confirmation route (a javascript: URL): refused, the generic message',
  beforeEach: openedWith(`#confirm-pi-not_a_secret:${encodeURIComponent('javascript:alert(1)')}`),
  play: async ({ canvasElement }) => {
    const canvas = await mounted(canvasElement);
    await payment(canvas, /There was a problem processing the payment\. Please check your email inbox/);
    expect(window.location.hash).toBe('');
    expect(browser.assign).not.toHaveBeenCalled();
  },
};
