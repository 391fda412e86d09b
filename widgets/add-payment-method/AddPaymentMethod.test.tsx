/**
 * Adding a card in My Account (checkout.md §2 "Account pages", §4 "Setup intent created and
 * confirmed", §7 "Admin endpoint", §8), over WooCommerce's `form#add_payment_method` with the Stripe
 * gateway's box, the Stripe.js test double as `window.Stripe`.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import { navigation } from '../../src/navigation';
import { withTestServer } from '../../src/test/server';
import { forgetAppearanceSent } from '../../src/payments/stripe/appearance';
import { forgetStripeObjects } from '../../src/payments/stripe/load';
import { StripeDouble, type StripeDoubleOptions } from '../../src/test/stripe-double';
import island from './island';

/** The gateway's settings on this page (`wc_stripe_upe_params`): setup mode, no order. */
const STRIPE = {
  gatewayId: 'stripe',
  title: 'Credit / Debit Card',
  key: 'pk_test_51ShopIslandsTestKey000',
  apiVersion: '2024-06-20',
  locale: 'en',
  isCheckout: '',
  isOrderPay: '',
  isLoggedIn: '1',
  cartTotal: '0',
  currency: 'EUR',
  createAndConfirmSetupIntentNonce: 'c0ffee1234',
  genericErrorMessage:
    'There was a problem processing the payment. Please check your email inbox and refresh the page to try again.',
  paymentMethodsConfig: { card: { isReusable: '1', title: 'Credit / Debit Card', showSaveOption: '1' } },
  card_declined: 'The card was declined.',
  incomplete_number: 'The card number is incomplete.',
  addPaymentReturnURL: 'http://localhost:3000/my-account/payment-methods/',
};

/** WooCommerce's template myaccount/form-add-payment-method.php with the gateway's box. */
const FORM = `
<form id="add_payment_method" method="post">
  <div id="payment" class="woocommerce-Payment">
    <ul class="woocommerce-PaymentMethods payment_methods methods">
      <li class="woocommerce-PaymentMethod woocommerce-PaymentMethod--stripe payment_method_stripe">
        <input id="payment_method_stripe" type="radio" class="input-radio" name="payment_method" value="stripe" checked="checked" />
        <label for="payment_method_stripe">Credit / Debit Card</label>
        <div class="woocommerce-PaymentBox woocommerce-PaymentBox--stripe payment_box payment_method_stripe" style="display: none;">
          <fieldset id="wc-stripe-upe-form" class="wc-upe-form wc-payment-form">
            <div class="wc-stripe-upe-element" data-payment-method-type="card"></div>
            <div id="wc-stripe-upe-errors" role="alert"></div>
          </fieldset>
        </div>
      </li>
      <li class="woocommerce-PaymentMethod woocommerce-PaymentMethod--other payment_method_other">
        <input id="payment_method_other" type="radio" class="input-radio" name="payment_method" value="other" />
        <label for="payment_method_other">Other</label>
        <div class="woocommerce-PaymentBox woocommerce-PaymentBox--other payment_box payment_method_other" style="display: none;"><p>Other's fields</p></div>
      </li>
    </ul>
    <div class="form-row">
      <input type="hidden" id="woocommerce-add-payment-method-nonce" name="woocommerce-add-payment-method-nonce" value="abc123" />
      <button type="submit" class="woocommerce-Button woocommerce-Button--alt button alt" id="place_order" value="Add payment method">Add payment method</button>
      <input type="hidden" name="woocommerce_add_payment_method" id="woocommerce_add_payment_method" value="1" />
    </div>
  </div>
</form>`;

let options: StripeDoubleOptions = {};
let double: StripeDouble | null = null;
beforeAll(() => {
  const factory = Object.assign(
    (key: string) => {
      double = new StripeDouble(key, options);
      return double;
    },
    { version: 'endive' },
  );
  (window as unknown as { Stripe: unknown }).Stripe = factory;
});

const server = setupServer();
withTestServer(server);

type Reply = (body: URLSearchParams) => Response | Promise<Response>;
const calls: URLSearchParams[] = [];
function answer(reply: Reply) {
  server.use(
    http.post('*/wp-admin/admin-ajax.php', async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      calls.push(body);
      return reply(body);
    }),
  );
}
const succeeded: Reply = () =>
  HttpResponse.json({
    success: true,
    data: {
      status: 'succeeded',
      id: 'seti_1Abc',
      client_secret: 'seti_1Abc_secret_Xyz',
      next_action: null,
      payment_type: 'card',
      return_url: encodeURIComponent('http://localhost:3000/my-account/payment-methods/'),
    },
  });

let container: HTMLElement;
let unmount: () => void = () => {};
let submitted: HTMLFormElement[] = [];
async function mount(props: Record<string, unknown> = { stripe: STRIPE }) {
  container = document.createElement('div');
  container.setAttribute('data-island', 'add-payment-method');
  container.innerHTML = FORM;
  document.body.append(container);
  const result = await island.mount(container, props, {
    name: 'add-payment-method',
    locate: { locatorOf, resolve },
  });
  if (!result.ok) throw new Error(`${result.field}: ${result.problem}`);
  unmount = result.unmount;
  return container;
}
const form = () => container.querySelector<HTMLFormElement>('form#add_payment_method')!;
const LOADED = { timeout: 15_000 };
async function typeCard(number = '4242 4242 4242 4242') {
  fireEvent.input(await screen.findByLabelText('Card number', {}, LOADED), { target: { value: number } });
  fireEvent.input(screen.getByLabelText('Expiration date'), { target: { value: '12 / 34' } });
  fireEvent.input(screen.getByLabelText('Security code'), { target: { value: '123' } });
}
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add payment method' }));
const posted = (name: string) =>
  form().querySelector<HTMLInputElement>(`.shop-islands-payment-fields input[name="${name}"]`)?.value;

beforeEach(() => {
  forgetStripeObjects();
  forgetAppearanceSent();
  calls.splice(0);
  submitted = [];
  options = { authenticate: 'succeed' };
  double = null;
  vi.spyOn(navigation, 'submit').mockImplementation((f) => {
    submitted.push(f);
  });
  vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  container.remove();
  vi.restoreAllMocks();
});

describe('adding a card in My Account', () => {
  it('draws the element once in the box, in setup mode, asking the billing details itself', async () => {
    answer(succeeded);
    await mount();
    await typeCard();
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group).toMatchObject({ mode: 'setup', currency: 'eur', paymentMethodCreation: 'manual' });
    expect(group).not.toHaveProperty('amount');
    const element = double!.log.calls.find((c) => c.method === 'elements.create')!.args[1] as Record<
      string,
      unknown
    >;
    expect(element).not.toHaveProperty('fields');
    expect(double!.log.mounts).toBe(1);
    expect(form().querySelector('.wc-stripe-upe-element [data-stripe-double="payment"]')).not.toBeNull();
  });

  it('makes one payment method, one setup intent call, then posts the form with the setup intent', async () => {
    answer(succeeded);
    await mount();
    await typeCard();
    add();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls).toHaveLength(1);
    const body = calls[0]!;
    expect(body.get('action')).toBe('wc_stripe_create_and_confirm_setup_intent');
    expect(body.get('wc-stripe-payment-method')).toMatch(/^pm_double_4242_\d+$/);
    expect(body.get('wc-stripe-payment-type')).toBe('card');
    expect(body.get('_ajax_nonce')).toBe('c0ffee1234');
    expect(body.has('update_all_subscription_payment_methods')).toBe(false);
    expect(posted('wc-stripe-setup-intent')).toBe('seti_1Abc');
    expect(posted('wc-stripe-payment-method')).toBe(body.get('wc-stripe-payment-method'));
    expect(double!.log.paymentMethods).toBe(1);
    expect(double!.log.confirmations).toBe(0);
  });

  it('sends one request however often the button is pressed while it is on its way', async () => {
    let release: () => void = () => {};
    answer(
      () => new Promise<Response>((r) => (release = () => r(succeeded(new URLSearchParams()) as Response))),
    );
    await mount();
    await typeCard();
    add();
    await waitFor(() => expect(calls).toHaveLength(1));
    add();
    fireEvent.submit(form());
    add();
    expect(form()).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(double!.log.paymentMethods).toBe(1);
  });

  it('confirms a card that asks for 3-D Secure before posting', async () => {
    answer(() =>
      HttpResponse.json({
        success: true,
        data: {
          status: 'requires_action',
          id: 'seti_3ds',
          client_secret: 'seti_3ds_secret_Abc',
          next_action: { type: 'use_stripe_sdk' },
          payment_type: 'card',
          return_url: '',
        },
      }),
    );
    await mount();
    await typeCard('4000 0027 6000 3184');
    add();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(double!.log.calls.find((c) => c.method === 'confirmSetup')!.args[0]).toMatchObject({
      clientSecret: 'seti_3ds_secret_Abc',
      redirect: 'if_required',
    });
    expect(posted('wc-stripe-setup-intent')).toBe('seti_3ds');
  });

  it('says why when authentication fails, and the form is usable again with the card kept', async () => {
    options = { authenticate: 'fail' };
    answer(() =>
      HttpResponse.json({
        success: true,
        data: {
          status: 'requires_action',
          id: 'seti_3ds',
          client_secret: 'seti_3ds_secret_Abc',
          next_action: { type: 'use_stripe_sdk' },
        },
      }),
    );
    await mount();
    await typeCard('4000 0027 6000 3184');
    add();
    const notice = await screen.findByText(/We are unable to authenticate your payment method\./, {}, LOADED);
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(submitted).toHaveLength(0);
    expect(form()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0027 6000 3184');
    // Dismissible.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByText(/unable to authenticate/)).toBeNull();
  });

  it("shows the server's error (a declined card) and the configured message of its code", async () => {
    answer(() =>
      HttpResponse.json({ success: false, data: { error: { message: 'The card was declined.' } } }),
    );
    await mount();
    await typeCard('4000 0000 0000 0002');
    add();
    const notice = await screen.findByText(/The card was declined\./, {}, LOADED);
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(submitted).toHaveLength(0);
    // Again: a second intent is a second request.
    add();
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it.each([
    [
      'a 500',
      () => new HttpResponse('<html>Fatal error</html>', { status: 500 }),
      'An error occurred while connecting to the server. Please try again.',
    ],
    [
      'malformed JSON',
      () => new HttpResponse('{"success":tr', { headers: { 'Content-Type': 'application/json' } }),
      STRIPE.genericErrorMessage,
    ],
    [
      'an expired nonce (WordPress answers -1 / 403)',
      () => new HttpResponse('-1', { status: 403 }),
      'An error occurred while connecting to the server. Please try again.',
    ],
  ])('a failed call (%s) says so and posts nothing', async (_, reply, message) => {
    answer(reply);
    await mount();
    await typeCard();
    add();
    expect(await screen.findByText(message, { exact: false }, LOADED)).toBeInTheDocument();
    expect(submitted).toHaveLength(0);
    expect(form()).toHaveAttribute('aria-busy', 'false');
  });

  it('an incomplete card is refused by the element, with no call made', async () => {
    answer(succeeded);
    await mount();
    fireEvent.input(await screen.findByLabelText('Card number', {}, LOADED), { target: { value: '4242' } });
    add();
    // The settings' message for the element's code (§8).
    expect(await screen.findByText('The card number is incomplete.', { exact: false })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("follows the provider's redirect (http(s) only) and never a javascript: URL", async () => {
    answer(() =>
      HttpResponse.json({
        success: true,
        data: {
          status: 'requires_action',
          id: 'seti_r',
          client_secret: 'seti_r_secret_A',
          next_action: {
            type: 'redirect_to_url',
            redirect_to_url: { url: 'https://hooks.stripe.com/redirect/authenticate/src_1' },
          },
        },
      }),
    );
    await mount();
    await typeCard();
    add();
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith('https://hooks.stripe.com/redirect/authenticate/src_1'),
    );
    expect(submitted).toHaveLength(0);
    unmount();
    container.remove();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(() =>
      HttpResponse.json({
        success: true,
        data: {
          status: 'requires_action',
          id: 'seti_r',
          client_secret: 'seti_r_secret_A',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'javascript:alert(1)' } },
        },
      }),
    );
    await mount();
    await typeCard();
    add();
    expect(
      await screen.findByText(
        'This link leads away from the store, so it was not followed.',
        { exact: false },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(navigation.assign).toHaveBeenCalledTimes(1);
  });

  it("opens the chosen method's box (WooCommerce prints them all hidden)", async () => {
    answer(succeeded);
    await mount();
    const box = (id: string) => form().querySelector<HTMLElement>(`.payment_box.payment_method_${id}`)!;
    expect(box('stripe')).toBeVisible();
    expect(box('other')).not.toBeVisible();
    fireEvent.click(form().querySelector('#payment_method_other')!);
    expect(box('stripe')).not.toBeVisible();
    expect(box('other')).toBeVisible();
  });

  it("on a gateway that answers on the shop endpoint only (9.4.1: admin-ajax's 0 / 400), asks it there, once", async () => {
    const shop: URLSearchParams[] = [];
    answer(() => new HttpResponse('0', { status: 400 }));
    server.use(
      http.post('*/', async ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('wc-ajax') !== 'wc_stripe_create_and_confirm_setup_intent') return undefined;
        shop.push(new URLSearchParams(await request.text()));
        return succeeded(new URLSearchParams());
      }),
    );
    await mount();
    await typeCard();
    add();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(shop).toHaveLength(1);
    expect(shop[0]!.get('wc-stripe-payment-method')).toMatch(/^pm_double_4242_/);
    expect(posted('wc-stripe-setup-intent')).toBe('seti_1Abc');
  });

  it('leaves another gateway to post as printed', async () => {
    answer(succeeded);
    await mount();
    await screen.findByLabelText('Card number', {}, LOADED);
    fireEvent.click(form().querySelector('#payment_method_other')!);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('tells the shopper the card box could not load, and refuses to add without it', async () => {
    options = { loadError: true };
    answer(succeeded);
    await mount();
    expect(
      await screen.findByText(
        'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    add();
    expect(
      await screen.findByText(
        'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses props without a publishable key (the fallback form stays as printed)', async () => {
    container = document.createElement('div');
    container.innerHTML = FORM;
    const result = await island.mount(
      container,
      { stripe: { ...STRIPE, key: 'javascript:1' } },
      {
        name: 'add-payment-method',
        locate: { locatorOf, resolve },
      },
    );
    expect(result.ok).toBe(false);
    unmount = () => {};
  });
});
