/**
 * Paying by card in the checkout island (checkout.md §4 "Payment element mode and saving", "Intent
 * flows", §5 "Payment", §8 "Payment"), over the page WooCommerce 9.9 printed with the Stripe gateway
 * (sample 40 and its `wc_stripe_upe_params`), with the Stripe.js test double as `window.Stripe`.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestServer } from '../../src/test/server';
import { forgetAppearanceSent } from '../../src/payments/stripe/appearance';
import { forgetStripeObjects } from '../../src/payments/stripe/load';
import { StripeDouble, type StripeDoubleOptions } from '../../src/test/stripe-double';
import { browser } from './Checkout';
import { mountCheckout, printed, REVIEW_OK, SAMPLE_PROPS, wcAjaxRecorder } from './test-support';

const STRIPE = printed('wc_stripe_upe_params');
const PROPS = { ...SAMPLE_PROPS, isCheckout: false, stripe: STRIPE };
const ORDER_RECEIVED = 'http://localhost:3000/checkout/order-received/123/?key=wc_order_abc&utm_nooverride=1';
const CONFIRM = '#wc-stripe-confirm-pi:123:pi_3Qabc_secret_Zyx987:a1b2c3d4e5';

// `loadStripe()` keeps the first `window.Stripe` it finds: one trampoline for every test.
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

const { calls, count, bodyOf, answer, reset } = wcAjaxRecorder(server);
const json = (value: Record<string, unknown>) => () => HttpResponse.json(value as never);
let container: HTMLElement;
let unmount: () => void = () => {};
async function mount(props: Record<string, unknown> = PROPS) {
  ({ container, unmount } = await mountCheckout(props));
  return container;
}
const form = () => container.querySelector<HTMLFormElement>('form.checkout')!;
const field = (name: string) => form().querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const fill = (name: string, value: string) => {
  const el = field(name);
  fireEvent.input(el, { target: { value } });
  fireEvent.change(el);
};

/** Chooses the card, waits for the element and types a card. */
async function card(number = '4242 4242 4242 4242') {
  fireEvent.click(form().querySelector('#payment_method_stripe')!);
  fireEvent.input(await screen.findByLabelText('Card number', {}, LOADED), { target: { value: number } });
  fireEvent.input(screen.getByLabelText('Expiration date'), { target: { value: '12 / 34' } });
  fireEvent.input(screen.getByLabelText('Security code'), { target: { value: '123' } });
}
/** The element's code is a chunk of its own: fetched (transformed) once, which takes a while under load. */
const LOADED = { timeout: 15_000 };
const placeOrder = () => fireEvent.click(form().querySelector('#place_order')!);

beforeEach(() => {
  forgetStripeObjects();
  forgetAppearanceSent();
  reset();
  options = { authenticate: 'succeed' };
  double = null;
  sessionStorage.clear();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  container.remove();
  vi.restoreAllMocks();
});

describe('the card payment box', () => {
  it('mounts the Payment Element once in the box, in payment mode for the cart total, without wallets', async () => {
    answer({});
    await mount();
    await card();
    const box = form().querySelector('.payment_box.payment_method_stripe .wc-stripe-upe-element')!;
    expect(box.querySelector('[data-stripe-double="payment"]')).not.toBeNull();
    expect(double!.log.mounts).toBe(1);
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group).toMatchObject({
      mode: 'payment',
      amount: 23989,
      currency: 'eur',
      paymentMethodCreation: 'manual',
    });
    const element = double!.log.calls.find((c) => c.method === 'elements.create')!.args[1] as Record<
      string,
      unknown
    >;
    expect(element).toMatchObject({
      wallets: { applePay: 'never', googlePay: 'never' },
      layout: 'accordion',
      fields: { billingDetails: { name: 'never', email: 'never', phone: 'never', address: 'never' } },
    });
  });

  it('keeps the element and what was typed through every recalculation of the review', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    await card();
    const number = screen.getByLabelText('Card number');
    for (let i = 0; i < 3; i++) {
      act(() => document.body.dispatchEvent(new CustomEvent('update_checkout', { bubbles: true })));
      await waitFor(() => expect(count('update_order_review')).toBe(i + 1));
      await waitFor(() =>
        expect(form().querySelector('.woocommerce-checkout-payment[aria-busy]')).toBeNull(),
      );
    }
    // The payment list is the server's new one, the element the same node with the same value.
    expect(screen.getByLabelText('Card number')).toBe(number);
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(number.isConnected).toBe(true);
    expect(double!.log.mounts).toBe(1);
    expect(form().querySelector<HTMLInputElement>('#payment_method_stripe')!.checked).toBe(true);
  });

  it('Place order: one payment method with the billing details, the hidden fields, one checkout POST', async () => {
    answer({ checkout: json({ result: 'success', redirect: ORDER_RECEIVED }) });
    await mount();
    fill('billing_first_name', 'Aoife');
    fill('billing_last_name', 'Byrne');
    await card();
    placeOrder();
    placeOrder();
    fireEvent.submit(form());
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(count('checkout')).toBe(1);
    expect(double!.log.paymentMethods).toBe(1);
    const body = bodyOf('checkout')!;
    expect(body.get('payment_method')).toBe('stripe');
    expect(body.get('wc-stripe-payment-method')).toBe('pm_double_4242_1');
    expect(body.get('wc_stripe_selected_upe_payment_type')).toBe('card');
    // Card data never travels with the form.
    expect([...body.values()].some((v) => v.includes('4242 4242'))).toBe(false);
    const made = double!.log.calls.find((c) => c.method === 'createPaymentMethod')!.args[0] as {
      params: { billing_details: { name: string; email: string; address: { country: string } } };
    };
    expect(made.params.billing_details.name).toBe('Aoife Byrne');
    expect(made.params.billing_details.address.country).toBe('IE');
  });

  it('an incomplete card stops before any POST, with the provider code’s message', async () => {
    answer({});
    await mount();
    await card('4242 4242');
    placeOrder();
    expect(await screen.findByText(/The card number is incomplete\./)).toBeInTheDocument();
    expect(count('checkout')).toBe(0);
    expect(form()).not.toHaveClass('processing');
    // Dismissible (§8).
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByText(/The card number is incomplete\./)).toBeNull();
  });

  it('3-D Secure: one confirmation, update_order_status with the route’s nonce, then the order', async () => {
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_order_status: json({ success: true, data: { return_url: ORDER_RECEIVED } }),
    });
    await mount();
    await card('4000 0000 0000 3220');
    placeOrder();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(double!.log.confirmations).toBe(1);
    const status = bodyOf('wc_stripe_update_order_status')!;
    expect(Object.fromEntries(status)).toEqual({
      order_id: '123',
      intent_id: 'pi_3Qabc',
      payment_method_id: '',
      _ajax_nonce: 'a1b2c3d4e5',
    });
    expect(count('checkout')).toBe(1);
  });

  it('a failed authentication reports update_failed_order and says so; the order is not placed again', async () => {
    options = { authenticate: 'fail' };
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_failed_order: () => new HttpResponse('', { status: 500 }),
    });
    await mount();
    await card('4000 0000 0000 3220');
    placeOrder();
    expect(
      await screen.findByText(
        /We are unable to authenticate your payment method\. Please choose a different payment method and try again\./,
      ),
    ).toBeInTheDocument();
    const failed = bodyOf('wc_stripe_update_failed_order')!;
    expect(failed.get('order_id')).toBe('123');
    expect(failed.get('intent_id')).toBe('pi_3Qabc');
    expect(failed.get('_ajax_nonce')).toBe(String(STRIPE.updateFailedOrderNonce));
    expect(count('checkout')).toBe(1);
    expect(count('wc_stripe_update_order_status')).toBe(0);
    expect(browser.assign).not.toHaveBeenCalled();
    await waitFor(() => expect(form()).not.toHaveClass('processing'));
    // The card is still there to try again.
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 3220');
  });

  it('a hostile confirmation route is refused: no confirmation, an error', async () => {
    answer({
      checkout: json({ result: 'success', redirect: '#wc-stripe-confirm-pi:123:javascript:alert(1)' }),
    });
    await mount();
    await card();
    placeOrder();
    expect(await screen.findByText(String(STRIPE.genericErrorMessage))).toBeInTheDocument();
    expect(double!.log.confirmations).toBe(0);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('an off-site return URL after confirming is not followed', async () => {
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_order_status: json({ success: true, data: { return_url: 'https://evil.example/x' } }),
    });
    await mount();
    await card('4000 0000 0000 3220');
    placeOrder();
    expect(await screen.findByText(/leads away from the store/)).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a timeout',
      () => new Promise<Response>(() => {}),
      'A timeout occurred while connecting to the server. Please try again.',
    ],
    [
      'a 500',
      () => new HttpResponse('', { status: 500 }),
      'An error occurred while connecting to the server. Please try again.',
    ],
  ])('update_order_status failing with %s: the §8 connection message', async (_name, reply, message) => {
    if (_name === 'a timeout') vi.useFakeTimers({ shouldAdvanceTime: true });
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_order_status: reply,
    });
    await mount();
    await card('4000 0000 0000 3220');
    placeOrder();
    await waitFor(() => expect(count('wc_stripe_update_order_status')).toBe(1));
    if (_name === 'a timeout') await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(await screen.findByText(message)).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('the server declining the card: its notice, the element kept, a new payment method for the next try', async () => {
    let n = 0;
    answer({
      checkout: () =>
        ++n === 1
          ? HttpResponse.json({
              result: 'failure',
              messages: '<ul class="woocommerce-error" role="alert"><li>The card was declined.</li></ul>',
              refresh: false,
              reload: false,
            })
          : HttpResponse.json({ result: 'success', redirect: ORDER_RECEIVED }),
    });
    await mount();
    await card('4000 0000 0000 0002');
    placeOrder();
    expect(await screen.findByText('The card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(form()).not.toHaveClass('processing'));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    placeOrder();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(
      calls.filter((c) => c.endpoint === 'checkout').map((c) => c.body.get('wc-stripe-payment-method')),
    ).toEqual(['pm_double_0002_1', 'pm_double_0002_2']);
    expect(double!.log.mounts).toBe(1);
  });

  it('the element cannot load: the box says so, and Place order with the card stops before any POST', async () => {
    options = { loadError: true };
    answer({});
    await mount();
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    expect(
      await screen.findByText(
        'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    placeOrder();
    expect(
      await screen.findByText(
        /Invalid or missing payment details\. Please ensure the provided payment method is correctly entered\./,
      ),
    ).toBeInTheDocument();
    expect(count('checkout')).toBe(0);
  });

  it('another method chosen: no payment method is made and no card field is posted', async () => {
    answer({ checkout: json({ result: 'success', redirect: ORDER_RECEIVED }) });
    await mount();
    await card();
    fireEvent.click(form().querySelector('#payment_method_cod')!);
    placeOrder();
    await waitFor(() => expect(browser.assign).toHaveBeenCalled());
    expect(double!.log.paymentMethods).toBe(0);
    expect(bodyOf('checkout')!.has('wc-stripe-payment-method')).toBe(false);
  });
});

describe('confirmation routes in the URL hash (§2)', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('a route the page was opened with: read, cleared, confirmed once, then the order', async () => {
    history.replaceState(null, '', `/checkout/${CONFIRM}`);
    answer({ wc_stripe_update_order_status: json({ success: true, data: { return_url: ORDER_RECEIVED } }) });
    await mount();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(ORDER_RECEIVED), LOADED);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/checkout/');
    expect(double!.log.confirmations).toBe(1);
    expect(bodyOf('wc_stripe_update_order_status')!.get('_ajax_nonce')).toBe('a1b2c3d4e5');
  });

  it("a subscription's payment change: the setup intent confirmed, then confirm_change_payment (not update_order_status)", async () => {
    const change = '#wc-stripe-confirm-si:77:seti_1Chg_secret_Q1w2:n0nce77';
    const back = 'http://localhost:3000/my-account/view-subscription/77/';
    history.replaceState(null, '', `/checkout/order-pay/77/${change}`);
    answer({ wc_stripe_confirm_change_payment: json({ success: true, data: { return_url: back } }) });
    await mount({ ...PROPS, stripe: { ...STRIPE, isChangingPayment: '1', isOrderPay: '1', orderId: 77 } });
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(back), LOADED);
    expect(count('wc_stripe_update_order_status')).toBe(0);
    expect(Object.fromEntries(bodyOf('wc_stripe_confirm_change_payment')!)).toMatchObject({
      order_id: '77',
      intent_id: 'seti_1Chg',
      _ajax_nonce: 'n0nce77',
    });
    expect(double!.log.calls.some((c) => c.method === 'confirmSetup')).toBe(true);
  });

  it('a voucher: confirmed (the voucher shown), then its same-origin return URL', async () => {
    const back = 'http://localhost:3000/checkout/order-received/5/?key=wc_order_x';
    history.replaceState(
      null,
      '',
      `/checkout/#wc-stripe-voucher-5:oxxo:pi_7_secret_8:${encodeURIComponent(back)}`,
    );
    answer({});
    await mount();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(back), LOADED);
    expect(double!.log.calls.some((c) => c.method === 'confirmOxxoPayment')).toBe(true);
    expect(window.location.hash).toBe('');
  });

  it('a voucher whose return URL is another site’s: confirmed, not followed, §8’s message', async () => {
    history.replaceState(
      null,
      '',
      `/checkout/#wc-stripe-voucher-5:boleto:pi_7_secret_8:${encodeURIComponent('https://evil.example/x')}`,
    );
    answer({});
    await mount();
    expect(
      await screen.findByText(
        'There was a problem processing the payment. Please refresh the page to try again.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('a wallet of an unknown type: the configured invalid_wallet_type message', async () => {
    const back = encodeURIComponent('http://localhost:3000/checkout/order-received/5/');
    history.replaceState(null, '', `/checkout/#wc-stripe-wallet-5:paypal:pi:pi_7_secret_8:${back}:n0nce`);
    answer({});
    await mount();
    expect(
      await screen.findByText(
        'Invalid wallet payment type, please try again or use an alternative method.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
  });

  it('a Cash App wallet: confirmed with its return URL, then followed', async () => {
    const back = 'http://localhost:3000/checkout/order-received/5/?key=wc_order_x';
    history.replaceState(
      null,
      '',
      `/checkout/#wc-stripe-wallet-5:cashapp:pi:pi_7_secret_8:${encodeURIComponent(back)}:n0nce`,
    );
    answer({});
    await mount();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(back), LOADED);
    const call = double!.log.calls.find((c) => c.method === 'confirmCashappPayment')!;
    expect(call.args[1]).toEqual({ return_url: back });
  });

  it.each([
    '#wc-stripe-confirm-pi:123:javascript:alert(1)',
    '#wc-stripe-confirm-pi:123:pi_1_secret_2:<script>',
    '#wc-stripe-voucher-1:paypal:pi_1_secret_2:https%3A%2F%2Fevil.example',
    '#wc-stripe-wallet-1:cashapp:pi:javascript:alert(1):x:n',
  ])('a hostile hash %s: cleared, nothing confirmed, an error', async (hash) => {
    history.replaceState(null, '', `/checkout/${hash}`);
    answer({});
    await mount();
    expect(await screen.findByText(String(STRIPE.genericErrorMessage))).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(double?.log.confirmations ?? 0).toBe(0);
    // Nothing but the element's look, which the recorded store had not saved (§7 save_appearance).
    expect(calls.filter((c) => c.endpoint !== 'wc_stripe_save_appearance')).toEqual([]);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('the legacy route: the card confirmed, then its same-origin redirect URL', async () => {
    const next = 'http://localhost:3000/checkout/order-received/7/?key=wc_order_x';
    history.replaceState(null, '', `/checkout/#confirm-pi-pi_9_secret_8:${encodeURIComponent(next)}`);
    answer({});
    await mount();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(next), LOADED);
    expect(double!.log.calls.some((c) => c.method === 'confirmCardPayment')).toBe(true);
  });

  it('the legacy route to another site is not followed', async () => {
    history.replaceState(
      null,
      '',
      `/checkout/#confirm-pi-pi_9_secret_8:${encodeURIComponent('https://evil.example/')}`,
    );
    answer({});
    await mount();
    expect(await screen.findByText(/leads away from the store/, {}, LOADED)).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
  });
});

describe('BLIK in the element (§1 reading B, §5, §9)', () => {
  const config = (STRIPE.paymentMethodsConfig ?? {}) as Record<string, unknown>;
  const BLIK_PROPS = {
    ...PROPS,
    stripe: {
      ...STRIPE,
      paymentMethodsConfig: {
        ...config,
        blik: { isReusable: false, title: 'BLIK', showSaveOption: false, countries: ['PL'] },
      },
    },
  };
  async function chooseBlik() {
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    await screen.findByLabelText('Card number', {}, LOADED);
    fireEvent.click(screen.getByRole('radio', { name: 'BLIK' }));
    return screen.findByLabelText(/BLIK Code/);
  }

  it('offers BLIK in the same element, and asks its 6-digit code beside it', async () => {
    answer({});
    await mount(BLIK_PROPS);
    const code = await chooseBlik();
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group.paymentMethodTypes).toEqual(expect.arrayContaining(['card', 'blik']));
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).not.toHaveAttribute('name');
    // Digits only, six at most.
    fireEvent.change(code, { target: { value: '12a 34567' } });
    expect(code).toHaveValue('123456');
  });

  it("a code that is not 6 digits: 'BLIK Code is invalid', and nothing is posted", async () => {
    answer({ checkout: json({ result: 'success', redirect: CONFIRM }) });
    await mount(BLIK_PROPS);
    const code = await chooseBlik();
    fireEvent.change(code, { target: { value: '1234' } });
    placeOrder();
    await waitFor(() => expect(screen.getAllByText('BLIK Code is invalid').length).toBeGreaterThanOrEqual(1));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(count('checkout')).toBe(0);
    expect(double!.log.paymentMethods).toBe(0);
    // Typing clears the message.
    fireEvent.change(code, { target: { value: '12345' } });
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('pays: one BLIK payment method posted, the intent confirmed with the code, then the order', async () => {
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_order_status: json({ success: true, data: { return_url: ORDER_RECEIVED } }),
    });
    await mount(BLIK_PROPS);
    const code = await chooseBlik();
    fireEvent.change(code, { target: { value: '777123' } });
    placeOrder();
    placeOrder();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(ORDER_RECEIVED));
    expect(count('checkout')).toBe(1);
    const posted = bodyOf('checkout')!;
    expect(posted.get('wc-stripe-payment-method')).toMatch(/^pm_double_blik_\d+$/);
    expect(posted.get('wc_stripe_selected_upe_payment_type')).toBe('blik');
    expect(posted.has('')).toBe(false);
    const confirm = double!.log.calls.filter((c) => c.method === 'confirmBlikPayment');
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.args).toEqual([
      'pi_3Qabc_secret_Zyx987',
      { payment_method_options: { blik: { code: '777123' } } },
    ]);
    expect(double!.log.calls.some((c) => c.method === 'confirmPayment')).toBe(false);
  });

  it('refused in the banking app: update_failed_order, the message, the order stays payable', async () => {
    answer({
      checkout: json({ result: 'success', redirect: CONFIRM }),
      wc_stripe_update_failed_order: () => new HttpResponse('', { status: 200 }),
    });
    await mount(BLIK_PROPS);
    const code = await chooseBlik();
    fireEvent.change(code, { target: { value: '000000' } });
    placeOrder();
    expect(
      await screen.findByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        { exact: false },
        LOADED,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(count('wc_stripe_update_failed_order')).toBe(1));
    expect(browser.assign).not.toHaveBeenCalled();
    expect(count('checkout')).toBe(1);
  });
});

describe('Cash App Pay in the element (§8, §9)', () => {
  const config = (STRIPE.paymentMethodsConfig ?? {}) as Record<string, unknown>;
  const NOTICE =
    'Please note that, depending on your account and transaction history, Cash App Pay may reject your transaction due to its amount.';
  const withCashApp = (cartTotal: string) => ({
    ...PROPS,
    stripe: {
      ...STRIPE,
      cartTotal,
      paymentMethodsConfig: {
        ...config,
        cashapp: { isReusable: true, title: 'Cash App Pay', countries: ['US'] },
      },
    },
  });

  it('says the wallet may refuse a cart above 2,000.00', async () => {
    answer({});
    await mount(withCashApp('250000'));
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    await screen.findByLabelText('Card number', {}, LOADED);
    expect(screen.queryByText(NOTICE)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Cash App Pay' }));
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  });

  it('says nothing at or under it', async () => {
    answer({});
    await mount(withCashApp('200000'));
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    await screen.findByLabelText('Card number', {}, LOADED);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash App Pay' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Cash App Pay' })).toBeChecked());
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});

describe('the element’s appearance (§3, §7 save_appearance)', () => {
  it('none saved for the theme: read from the page’s fields, used, and sent to the gateway once', async () => {
    answer({ wc_stripe_save_appearance: json({ success: true, data: {} }) });
    await mount({
      ...PROPS,
      stripe: { ...STRIPE, appearance: '', saveAppearanceNonce: 'ap1234', theme_name: 'storefront' },
    });
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    await screen.findByLabelText('Card number', {}, LOADED);
    await waitFor(() => expect(count('wc_stripe_save_appearance')).toBe(1));
    const sent = bodyOf('wc_stripe_save_appearance')!;
    expect(sent.get('_ajax_nonce')).toBe('ap1234');
    expect(sent.get('theme_name')).toBe('storefront');
    expect(sent.get('is_block_checkout')).toBe('false');
    const appearance = JSON.parse(sent.get('appearance')!) as { variables: Record<string, string> };
    expect(appearance.variables).toMatchObject({
      borderRadius: expect.any(String),
      colorDanger: expect.any(String),
    });
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group.appearance).toEqual(appearance);
  });

  it('one saved: used as it is, nothing sent', async () => {
    const saved = { theme: 'stripe', variables: { fontFamily: 'Inter' } };
    answer({ wc_stripe_save_appearance: json({ success: true, data: {} }) });
    await mount({ ...PROPS, stripe: { ...STRIPE, appearance: saved, saveAppearanceNonce: 'ap1234' } });
    fireEvent.click(form().querySelector('#payment_method_stripe')!);
    await screen.findByLabelText('Card number', {}, LOADED);
    const group = double!.log.calls.find((c) => c.method === 'elements')!.args[0] as Record<string, unknown>;
    expect(group.appearance).toEqual(saved);
    expect(count('wc_stripe_save_appearance')).toBe(0);
  });
});
