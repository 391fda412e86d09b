/**
 * The checkout island over the page WooCommerce 9.9 printed (../shared/woocommerce-samples/40), its
 * calls answered with the recorded answers (41, 45, 52, 54): the island keeps that markup and adds
 * the behaviour (checkout.md §4, §5, §7, §8).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locatorOf, resolve } from '../../src/islands/locate';
import { withTestServer } from '../../src/test/server';
import { browser } from './Checkout';
import island from './island';
import {
  checkoutMarkup,
  mountCheckout,
  REVIEW_OK,
  SAMPLE_PROPS as PROPS,
  sample,
  wcAjaxRecorder,
} from './test-support';

const server = setupServer();
withTestServer(server);
const { calls, count, answer, reset } = wcAjaxRecorder(server);

let container: HTMLElement;
let unmount: () => void = () => {};
async function mount(props: Record<string, unknown> = PROPS) {
  ({ container, unmount } = await mountCheckout(props));
  return container;
}
const form = () => container.querySelector<HTMLFormElement>('form.checkout')!;
const field = (name: string) => form().querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => {
  const el = field(name);
  fireEvent.input(el, { target: { value } });
  fireEvent.change(el);
};
async function pick(label: string | RegExp, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: option } });
  fireEvent.click(screen.getByRole('option', { name: option }));
}

beforeEach(() => {
  reset();
  sessionStorage.clear();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  container.remove();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the checkout island over WooCommerce 9.9’s page', () => {
  it('keeps the server’s form and puts searchable pickers in place of the country and county selects', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    expect(form().querySelector('select#billing_country')).toBeNull();
    const country = screen.getByRole('combobox', { name: /Country \/ Region/ });
    expect(country).toHaveValue('Ireland');
    expect(screen.getByRole('combobox', { name: /County/ })).toHaveAttribute('aria-required', 'true');
    // The value is still posted under WooCommerce's name.
    expect(new FormData(form()).get('billing_country')).toBe('IE');
    // The rest of the server's markup is untouched.
    expect(field('billing_first_name')).toBe(container.querySelector('#billing_first_name'));
  });

  it('a country change applies §4: a list → a select, an empty list → hidden, no list → text', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    await pick(/Country \/ Region/, 'United States (US)');
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveAttribute(
      'placeholder',
      'Select an option…',
    );
    expect(container.querySelector('#billing_postcode_field label')).toHaveTextContent('ZIP Code');
    await pick(/Country \/ Region/, 'France');
    expect(container.querySelector<HTMLElement>('#billing_state_field')!.hidden).toBe(true);
    expect(new FormData(form()).get('billing_state')).toBe('');
    await pick(/Country \/ Region/, 'United Kingdom (UK)');
    const state = form().querySelector<HTMLInputElement>('#billing_state')!;
    expect(state.type).toBe('text');
    expect(container.querySelector<HTMLElement>('#billing_state_field')!.hidden).toBe(false);
  });

  it('marks required fields “*” and optional ones “(optional)”, and checks them on focusout', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    expect(container.querySelector('#billing_company_field label')).toHaveTextContent(
      'Company name (optional)',
    );
    const email = field('billing_email');
    fireEvent.input(email, { target: { value: 'not-an-address' } });
    fireEvent.focusOut(email);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email address is not a valid email address.');
    // Typing clears it.
    fireEvent.input(email, { target: { value: 'ana@exämple.ie' } });
    expect(email).not.toHaveAttribute('aria-invalid');
    fireEvent.focusOut(email);
    expect(container.querySelector('#billing_email_field')).toHaveClass('woocommerce-validated');
  });

  it('recalculates the review once for a whole address, 1000 ms after the last key, never while it is partial', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer({ update_order_review: REVIEW_OK });
    await mount();
    await vi.advanceTimersByTimeAsync(50);
    expect(count('update_order_review')).toBe(0); // the address is not full yet
    type('billing_address_1', '12 Main Street');
    type('billing_city', 'Dublin');
    await vi.advanceTimersByTimeAsync(2000);
    expect(count('update_order_review')).toBe(0);
    await act(async () => {
      await pick(/County/, 'Dublin');
    });
    type('billing_postcode', 'D02 X285');
    await vi.advanceTimersByTimeAsync(999);
    expect(count('update_order_review')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(count('update_order_review')).toBe(1));
    const body = calls.find((c) => c.endpoint === 'update_order_review')!.body;
    expect(body.get('security')).toBe('e35269a606');
    expect(body.get('country')).toBe('IE');
    expect(body.get('state')).toBe('D');
    expect(body.get('s_city')).toBe('Dublin');
    expect(body.get('has_full_address')).toBe('true');
    await vi.advanceTimersByTimeAsync(3000);
    expect(count('update_order_review')).toBe(1);
  });

  it('places the order with one POST however often it is asked, then goes to the order-received page', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answer({
      update_order_review: REVIEW_OK,
      checkout: async () => {
        await held;
        // The recorded answer, its store's origin made this page's.
        const recorded = sample('54-wc-ajax-checkout-cod-success.response.body.json');
        return new HttpResponse(
          recorded.replaceAll('http:\\/\\/127.0.0.1:8089', location.origin.replaceAll('/', '\\/')),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        );
      },
    });
    await mount();
    const button = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(form());
    await waitFor(() => expect(count('checkout')).toBe(1));
    expect(form()).toHaveClass('processing');
    expect(form()).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1));
    expect(vi.mocked(browser.assign).mock.calls[0]?.[0]).toMatch(
      /\/checkout\/order-received\/\d+\/\?key=wc_order_/,
    );
    expect(count('checkout')).toBe(1);
    const posted = calls.find((c) => c.endpoint === 'checkout')!.body;
    expect(posted.get('woocommerce-process-checkout-nonce')).toBe('8edaeddfa4');
    expect(posted.get('billing_country')).toBe('IE');
  });

  it('shows the server’s messages at the top, each linked to its field and shown under it', async () => {
    answer({
      update_order_review: REVIEW_OK,
      checkout: () =>
        new HttpResponse(sample('52-wc-ajax-checkout-validation-error.response.body.json'), {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    await mount();
    fireEvent.submit(form());
    const group = await waitFor(() => {
      const el = container.querySelector<HTMLElement>('.woocommerce-NoticeGroup-checkout .woocommerce-error');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(
      within(group).getByRole('link', { name: 'Billing Email address is a required field.' }),
    ).toHaveAttribute('href', '#billing_email');
    expect(field('billing_email')).toHaveAttribute('aria-invalid', 'true');
    expect(form()).not.toHaveClass('processing');
    await waitFor(() => expect(group).toHaveFocus(), { timeout: 2000 });
  });

  it('a required row without an id (WooCommerce’s terms box) is checked like the others', async () => {
    answer({
      update_order_review: REVIEW_OK,
      checkout: () =>
        new HttpResponse(sample('52-wc-ajax-checkout-validation-error.response.body.json'), {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    await mount();
    const terms = document.createElement('p');
    terms.className = 'form-row validate-required';
    terms.innerHTML = '<label><input type="checkbox" name="terms" id="terms"> I have read and agree</label>';
    form().querySelector('.place-order')!.prepend(terms);
    fireEvent.submit(form());
    await screen.findByRole('link', { name: 'Billing Email address is a required field.' });
    expect(container.querySelector('#terms')).toHaveAttribute('aria-invalid', 'true');
    expect(container.getAttribute('data-island-state')).not.toBe('failed');
  });

  it('a network error shows the §8 error with its “order history” link and sends nothing more', async () => {
    answer({ update_order_review: REVIEW_OK, checkout: () => HttpResponse.error() });
    await mount();
    fireEvent.submit(form());
    const alert = await screen.findByText(/There was an error processing your order/);
    expect(within(alert.closest('ul')!).getByRole('link', { name: 'order history' })).toHaveAttribute(
      'href',
      'http://localhost:3000/my-account/orders/',
    );
    expect(count('checkout')).toBe(1);
    expect(form()).not.toHaveClass('processing');
  });

  it('refuses a success redirect that leaves the store', async () => {
    answer({
      update_order_review: REVIEW_OK,
      checkout: () => HttpResponse.json({ result: 'success', redirect: 'https://evil.example/pay' }),
    });
    await mount();
    fireEvent.submit(form());
    expect(
      await screen.findByText('This link leads away from the store, so it was not followed.'),
    ).toBeVisible();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('an extension’s check may cancel the submit (checkout_place_order_{method})', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    const veto = (event: Event) => event.preventDefault();
    form().addEventListener('checkout_place_order_cod', veto);
    fireEvent.click(container.querySelector<HTMLInputElement>('#payment_method_cod')!);
    fireEvent.submit(form());
    await new Promise((r) => setTimeout(r, 20));
    expect(count('checkout')).toBe(0);
    form().removeEventListener('checkout_place_order_cod', veto);
  });

  it('payment list: the chosen box open, the others closed, the button text the method’s own', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    const radios = Array.from(container.querySelectorAll<HTMLInputElement>('input[name="payment_method"]'));
    expect(radios.filter((r) => r.checked)).toHaveLength(1);
    const stripe = container.querySelector<HTMLInputElement>('#payment_method_stripe')!;
    fireEvent.click(stripe);
    expect(container.querySelector<HTMLElement>('.payment_box.payment_method_stripe')!.style.display).toBe(
      '',
    );
    expect(container.querySelector<HTMLElement>('.payment_box.payment_method_cod')!.style.display).toBe(
      'none',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it('a coupon error is shown under the input as an alert, the input invalid', async () => {
    answer({
      update_order_review: REVIEW_OK,
      apply_coupon: () =>
        new HttpResponse(sample('45-wc-ajax-apply_coupon-invalid-error.response.body.html')),
    });
    await mount();
    const link = container.querySelector<HTMLElement>('a.showcoupon')!;
    fireEvent.click(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    const input = container.querySelector<HTMLInputElement>('input[name="coupon_code"]')!;
    fireEvent.input(input, { target: { value: 'nosuchcode' } });
    fireEvent.submit(container.querySelector('form.checkout_coupon')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Coupon "nosuchcode" does not exist!');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.endpoint === 'apply_coupon')!.body.get('security')).toBe('9ce4831a65');
  });

  it('what the shopper typed survives a reload', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    type('billing_first_name', 'Aoife');
    await pick(/Country \/ Region/, 'Germany');
    unmount();
    container.remove();
    await mount();
    expect(field('billing_first_name')).toHaveValue('Aoife');
    expect(screen.getByRole('combobox', { name: /Country \/ Region/ })).toHaveValue('Germany');
  });

  it('invalid props leave the server’s form alone', async () => {
    container = document.createElement('div');
    container.innerHTML = checkoutMarkup();
    const result = await island.mount(
      container,
      { ...PROPS, address: { i18n: {}, countrySelect: {} } },
      { name: 'checkout', locate: { locatorOf, resolve } },
    );
    expect(result.ok).toBe(false);
    expect(container.querySelector('select#billing_country')).not.toBeNull();
  });

  it('unmounting puts the server’s selects back', async () => {
    answer({ update_order_review: REVIEW_OK });
    await mount();
    unmount();
    expect(container.querySelector('select#billing_country')).not.toBeNull();
    expect(container.querySelector('[role="combobox"]')).toBeNull();
  });
});
