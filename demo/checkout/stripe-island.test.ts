/**
 * The checkout island paying by card against the demo store itself: the page demo/checkout/page.ts
 * prints (the card gateway's box and `stripe` settings), the Stripe.js double as `window.Stripe` (as
 * /demo-assets/stripe-double.js defines it), and the demo's wc-ajax handlers answering the island's
 * calls (`checkout`, `wc_stripe_update_order_status`, `wc_stripe_update_failed_order`).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import { withTestServer } from '../../src/test/server';
import { forgetAppearanceSent } from '../../src/payments/stripe/appearance';
import { forgetStripeObjects } from '../../src/payments/stripe/load';
import { stripeFactory, type StripeDoubleOptions } from '../../src/test/stripe-double';
import { browser } from '../../widgets/checkout/Checkout';
import island from '../../widgets/checkout/island';
import { handlers } from '../handlers';
import { createSite } from '../site';
import { resetStore, store, type Session } from '../store';
import { cookieClient } from '../test-client';
import { allOrders, findOrder } from './orders';

const ORIGIN = 'http://localhost:3000';
/** The element's code is a chunk of its own: fetched (transformed) once, which takes a while under load. */
const LOADED = { timeout: 15_000 };
/** Each test: the chunk, then a checkout POST and the gateway's calls. */
const SLOW = 40_000;

// `loadStripe()` keeps the first `window.Stripe` it finds: one trampoline over the current double.
let options: StripeDoubleOptions = {};
beforeAll(() => {
  const factory = Object.assign((key: string) => stripeFactory(options)(key), { version: 'endive' });
  Object.assign(window, { Stripe: factory });
});

/** The browser's session cookie: the island's requests carry it (Node's fetch has no cookie jar). */
let cookie = '';
const server = setupServer(
  http.all('*', async ({ request }) => {
    const headers = new Headers(request.headers);
    headers.set('cookie', cookie);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return getResponse(handlers, new Request(request.url, { method: request.method, headers, body }));
  }),
);
withTestServer(server);

let container: HTMLElement | null = null;
let unmount: () => void = () => {};
beforeEach(() => {
  resetStore();
  // Each test a page view of its own: a Stripe object of its own (its double's options).
  forgetStripeObjects();
  forgetAppearanceSent();
  options = { authenticate: 'succeed' };
  sessionStorage.clear();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  container?.remove();
  vi.restoreAllMocks();
});

/** A shopper with Pro Match Football in the cart, on the demo's checkout page with the island mounted. */
async function checkoutPage(): Promise<Session> {
  const client = cookieClient(
    ORIGIN,
    async (request) => (await getResponse(handlers, request)) ?? new Response('', { status: 404 }),
  );
  await client.send('/?wc-ajax=add_to_cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'product_id=13&quantity=1',
  });
  cookie = client.cookieHeader();
  const session = store.peekSession(cookie)!;
  const html = await (
    await createSite({ store })(new Request(`${ORIGIN}/checkout/`, { headers: { Cookie: cookie } }))
  ).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const printed = doc.querySelector<HTMLElement>('[data-island="checkout"]')!;
  container = document.createElement('div');
  container.innerHTML = printed.outerHTML;
  document.body.append(container);
  const el = container.firstElementChild as HTMLElement;
  const props = JSON.parse(el.querySelector(':scope > script[data-island-props]')!.textContent!) as unknown;
  const mounted = await island.mount(el, props, { name: 'checkout', locate: { locatorOf, resolve } });
  if (!mounted.ok) throw new Error(`${mounted.field}: ${mounted.problem}`);
  unmount = mounted.unmount;
  return session;
}

const form = () => container!.querySelector<HTMLFormElement>('form.checkout')!;
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const el = form().querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    fireEvent.input(el, { target: { value } });
    fireEvent.change(el);
  }
}
async function card(number: string) {
  fireEvent.click(form().querySelector('#payment_method_stripe')!);
  const input = await screen.findByLabelText('Card number', {}, LOADED);
  fireEvent.input(input, { target: { value: number } });
  fireEvent.input(screen.getByLabelText('Expiration date'), { target: { value: '12 / 34' } });
  fireEvent.input(screen.getByLabelText('Security code'), { target: { value: '123' } });
}
function address() {
  fill({
    billing_first_name: 'Aoife',
    billing_last_name: 'Murphy',
    billing_address_1: '12 Main Street',
    billing_city: 'Dublin',
    billing_postcode: 'D02 X285',
    billing_phone: '+353 1 555 0100',
    billing_email: 'aoife.murphy@example.test',
  });
  // The county is the island's searchable select.
  const county = screen.getByRole('combobox', { name: /^County/ });
  fireEvent.click(county);
  fireEvent.change(county, { target: { value: 'Dublin' } });
  fireEvent.click(screen.getByRole('option', { name: 'Dublin' }));
  fireEvent.click(form().querySelector('#terms')!);
}
const placeOrder = () => fireEvent.click(form().querySelector('#place_order')!);

describe('the checkout island paying by card in the demo store', () => {
  it(
    '3-D Secure (3220): confirmed, update_order_status, then the order’s page; one order, paid',
    async () => {
      const session = await checkoutPage();
      address();
      await card('4000 0025 0000 3220');
      placeOrder();
      await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1), LOADED);
      const [order] = allOrders(store);
      expect(order).toMatchObject({ status: 'processing', paymentMethodTitle: 'Credit / Debit Card' });
      expect(order!.card!.paymentMethodId).toMatch(/^pm_double_3220_\d+$/);
      expect(browser.assign).toHaveBeenCalledWith(
        `${ORIGIN}/checkout/order-received/${order!.id}/?key=${order!.key}&utm_nooverride=1`,
      );
      expect(store.cartLines(session)).toEqual([]);
    },
    SLOW,
  );

  it(
    'a failed authentication fails the order; the next try with 4242 pays that same order',
    async () => {
      options = { authenticate: 'fail' };
      const session = await checkoutPage();
      address();
      await card('4000 0025 0000 3220');
      placeOrder();
      expect(
        await screen.findByText(
          /We are unable to authenticate your payment method\. Please choose a different payment method and try again\./,
          {},
          LOADED,
        ),
      ).toBeInTheDocument();
      const [order] = allOrders(store);
      await waitFor(() => expect(order!.status).toBe('failed'));
      expect(store.cartLines(session)).toHaveLength(1);
      await waitFor(() => expect(form()).not.toHaveClass('processing'));

      await card('4242 4242 4242 4242');
      placeOrder();
      await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1), LOADED);
      expect(allOrders(store).map((o) => o.id)).toEqual([order!.id]);
      expect(findOrder(store, order!.id)).toMatchObject({ status: 'processing' });
      expect(browser.assign).toHaveBeenCalledWith(
        `${ORIGIN}/checkout/order-received/${order!.id}/?key=${order!.key}`,
      );
    },
    SLOW,
  );

  it(
    'a declined card (0002): the server’s notice, the cart kept',
    async () => {
      const session = await checkoutPage();
      address();
      await card('4000 0000 0000 0002');
      placeOrder();
      expect(await screen.findByText('The card was declined.', {}, LOADED)).toBeInTheDocument();
      expect(allOrders(store).map((o) => o.status)).toEqual(['failed']);
      expect(store.cartLines(session)).toHaveLength(1);
      expect(browser.assign).not.toHaveBeenCalled();
    },
    SLOW,
  );
});
