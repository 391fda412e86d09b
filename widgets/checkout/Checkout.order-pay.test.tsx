/**
 * The order-pay page (checkout.md §2 "Order-pay page"): WooCommerce's `form#order_review` is posted
 * with the chosen payment method; the island arranges the methods and lets one payment go.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import { stripeFactory } from '../../src/test/stripe-double';
import island from './island';

const SAMPLE = join(
  import.meta.dirname,
  '../../../shared/woocommerce-samples/40-get-checkout-page.response.body.html',
);
const printed = (name: string): unknown =>
  JSON.parse(new RegExp(`var ${name} = (\\{.*?\\});\\n`).exec(readFileSync(SAMPLE, 'utf8'))![1]!) as unknown;

/** WooCommerce's checkout/form-pay.php, as 9.9 prints it (the order table shortened). */
const ORDER_PAY = `<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div>
<form id="order_review" method="post">
  <table class="shop_table"><tbody><tr class="order_item"><td class="product-name">Pro Match Football</td></tr></tbody></table>
  <div id="payment">
    <ul class="wc_payment_methods payment_methods methods">
      <li class="wc_payment_method payment_method_bacs">
        <input id="payment_method_bacs" type="radio" class="input-radio" name="payment_method" value="bacs" checked="checked" data-order_button_text="" />
        <label for="payment_method_bacs">Direct bank transfer</label>
        <div class="payment_box payment_method_bacs"><p>Make your payment directly into our bank account.</p></div>
      </li>
      <li class="wc_payment_method payment_method_stripe">
        <input id="payment_method_stripe" type="radio" class="input-radio" name="payment_method" value="stripe" data-order_button_text="" />
        <label for="payment_method_stripe">Credit / Debit Card</label>
        <div class="payment_box payment_method_stripe" style="display:none;">
          <fieldset id="wc-stripe-upe-form" class="wc-upe-form wc-payment-form">
            <div class="wc-stripe-upe-element" data-payment-method-type="card"></div>
            <input id="wc_stripe_selected_upe_payment_type" type="hidden" name="wc_stripe_selected_upe_payment_type" />
          </fieldset>
        </div>
      </li>
      <li class="wc_payment_method payment_method_cheque">
        <input id="payment_method_cheque" type="radio" class="input-radio" name="payment_method" value="cheque" data-order_button_text="Pay by cheque" />
        <label for="payment_method_cheque">Check payments</label>
        <div class="payment_box payment_method_cheque" style="display:none;"><p>Please send a check.</p></div>
      </li>
    </ul>
    <div class="form-row">
      <input type="hidden" name="woocommerce_pay" value="1" />
      <button type="submit" class="button alt" id="place_order" value="Pay for order" data-value="Pay for order">Pay for order</button>
      <input type="hidden" id="woocommerce-pay-nonce" name="woocommerce-pay-nonce" value="0123456789" />
    </div>
  </div>
</form></div>`;

let container: HTMLElement;
let unmount: () => void = () => {};
const STRIPE = JSON.parse(
  readFileSync(join(SAMPLE, '../params/checkout.wc_stripe_upe_params.json'), 'utf8'),
) as Record<string, unknown>;
const stripe = stripeFactory({ authenticate: 'succeed' });
(window as unknown as { Stripe: unknown }).Stripe = stripe;

async function mount(extra: Record<string, unknown> = {}) {
  container = document.createElement('div');
  container.innerHTML = ORDER_PAY;
  document.body.append(container);
  const result = await island.mount(
    container,
    {
      nonces: { updateOrderReview: 'a', applyCoupon: 'b', removeCoupon: 'c' },
      isCheckout: false,
      ordersUrl: 'http://localhost:3000/my-account/orders/',
      address: {
        i18n: printed('wc_address_i18n_params'),
        countrySelect: printed('wc_country_select_params'),
      },
      ...extra,
    },
    { name: 'checkout', locate: { locatorOf, resolve } },
  );
  if (!result.ok) throw new Error(result.problem);
  unmount = result.unmount;
}
const form = () => container.querySelector<HTMLFormElement>('form#order_review')!;
/** Submits as the button would; true when the browser would post it. */
const submit = () =>
  fireEvent.submit(form(), { submitter: screen.getByRole('button', { name: /Pay|cheque/ }) });

afterEach(() => {
  unmount();
  container.remove();
});

describe('the order-pay page', () => {
  it('arranges the payment methods: the chosen box open, the button text the method’s own', async () => {
    await mount();
    fireEvent.click(container.querySelector('#payment_method_cheque')!);
    expect(container.querySelector<HTMLElement>('.payment_box.payment_method_cheque')!.style.display).toBe(
      '',
    );
    expect(container.querySelector<HTMLElement>('.payment_box.payment_method_bacs')!.style.display).toBe(
      'none',
    );
    expect(screen.getByRole('button', { name: 'Pay by cheque' })).toBeInTheDocument();
  });

  it('lets one payment post, and refuses the next until the page is shown again', async () => {
    await mount();
    expect(submit()).toBe(true);
    expect(form()).toHaveClass('processing');
    expect(submit()).toBe(false);
    window.dispatchEvent(new Event('pageshow'));
    expect(submit()).toBe(true);
  });

  it('an extension may cancel it (checkout_place_order_{method})', async () => {
    await mount();
    const veto = (event: Event) => event.preventDefault();
    form().addEventListener('checkout_place_order_bacs', veto);
    expect(submit()).toBe(false);
    form().removeEventListener('checkout_place_order_bacs', veto);
    expect(submit()).toBe(true);
  });

  it('keeps no draft and asks for no review', async () => {
    sessionStorage.setItem('shop-islands:checkout-draft', '{"billing_first_name":"Aoife"}');
    await mount();
    fireEvent.input(container.querySelector('#payment_method_cheque')!);
    expect(sessionStorage.getItem('shop-islands:checkout-draft')).toBe('{"billing_first_name":"Aoife"}');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('with the card: the payment method is made first, then the form posts once with it', async () => {
    await mount({ stripe: { ...STRIPE, isCheckout: '', isOrderPay: '1', orderId: '99' } });
    const posted: FormData[] = [];
    const record = (event: Event) => {
      if (event.defaultPrevented) return;
      posted.push(new FormData(form()));
      event.preventDefault(); // jsdom cannot load the next page
    };
    window.addEventListener('submit', record);
    try {
      fireEvent.click(container.querySelector('#payment_method_stripe')!);
      const number = await screen.findByLabelText('Card number', {}, { timeout: 15_000 });
      fireEvent.input(number, { target: { value: '4242424242424242' } });
      fireEvent.input(screen.getByLabelText('Expiration date'), { target: { value: '1234' } });
      fireEvent.input(screen.getByLabelText('Security code'), { target: { value: '123' } });
      // On order-pay the element asks the billing details itself (the form has none).
      const created = stripe.made[0]!.log.calls.find((c) => c.method === 'elements.create')!;
      expect((created.args[1] as { fields?: unknown }).fields).toBeUndefined();
      submit();
      submit();
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.get('wc-stripe-payment-method')).toBe('pm_double_4242_1');
      expect(posted[0]!.get('wc_stripe_selected_upe_payment_type')).toBe('card');
      expect(posted[0]!.get('payment_method')).toBe('stripe');
      expect(stripe.made[0]!.log.paymentMethods).toBe(1);
    } finally {
      window.removeEventListener('submit', record);
    }
  });
});
