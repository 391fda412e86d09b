/**
 * The checkout page (demo/checkout/page.ts through demo/site.ts) against WooCommerce 9.9's own
 * (sample 40): the field rows, forms and toggles in its markup, the state input per country, values
 * from the session and from a post, escaping, the island container; and the page's forms without
 * JavaScript (place order, update totals, coupon, login). Runs in jsdom to read pages with DOMParser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CheckoutPropsSchema } from '../../widgets/checkout/schema';
import { IslandCollector } from '../islands';
import { assetsFromManifest } from '../manifest';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { addressI18nParams, countrySelectParams, STATES } from './address-data';
import { checkoutState, findOrder } from './orders';
import {
  addressFieldArgs,
  checkoutPageContent,
  formField,
  ORDER_ATTRIBUTION_FIELDS,
  type CheckoutPageInput,
} from './page';
import { NONCE } from './process';
import { stripeSettings } from './stripe';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const SAMPLE_ORIGIN = 'http://127.0.0.1:8089';
const ORIGIN = 'http://demo.localhost';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const HOSTILE = '"><img src=x onerror=alert(1)>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const sample = parse(readFileSync(`${SAMPLES}/40-get-checkout-page.response.body.html`, 'utf8'));
const sampleBlock = sample.querySelector('.entry-content > .woocommerce')!;

const site = createSite({ store });

beforeEach(() => resetStore());

/** A shopper with Pro Match Football in the cart: keeps cookies, does not follow redirects. */
async function shopper() {
  const client = cookieClient(ORIGIN, site);
  await client.send('/?add-to-cart=13');
  const session = () => store.peekSession(client.cookieHeader())!;
  // The "added to your cart" notice belongs to the page the link led to.
  store.takeNotices(session());
  const page = async (path = '/checkout/') => {
    const response = await client.send(path);
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  const post = (fields: Record<string, string>) =>
    client.send('/checkout/', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(fields).toString(),
    });
  const postPage = async (fields: Record<string, string>) => {
    const response = await post(fields);
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  return { ...client, session, page, post, postPage };
}

/** The island container (its fallback is the whole `.woocommerce` block). */
const container = (doc: Document) =>
  doc.querySelector<HTMLElement>('.entry-content > .woocommerce > [data-island="checkout"]')!;

/**
 * A copy of `el` as WooCommerce prints it: every island container replaced by its fallback, and the
 * password inputs out of `span.password-input` (which WooCommerce's script adds, and the fallback of
 * the show/hide island already has).
 */
function withoutIslands(el: Element): Element {
  const copy = el.cloneNode(true) as Element;
  for (const island of [...copy.querySelectorAll('[data-island]')].reverse()) {
    island.querySelector(':scope > script[data-island-props]')?.remove();
    island.replaceWith(...island.childNodes);
  }
  for (const wrapper of copy.querySelectorAll('span.password-input'))
    wrapper.replaceWith(...wrapper.childNodes);
  return copy;
}

/** outerHTML with the whitespace between tags dropped (the templates' indentation). */
const html = (el: Element | null | undefined) => (el?.outerHTML ?? '').replace(/>\s+</g, '><').trim();
const rows = (root: Element | null) => [...(root?.querySelectorAll('p.form-row') ?? [])].map(html);

/** The checkout form's fields for an order that WooCommerce accepts. */
function validForm(nonce: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    billing_email: 'aoife.murphy@example.test',
    billing_first_name: 'Aoife',
    billing_last_name: 'Murphy',
    billing_company: '',
    billing_country: 'IE',
    billing_address_1: '12 Main Street',
    billing_address_2: '',
    billing_city: 'Dublin',
    billing_state: 'D',
    billing_postcode: 'D02 X285',
    billing_phone: '+353 1 555 0100',
    order_comments: '',
    'shipping_method[0]': 'flat_rate:1',
    payment_method: 'cod',
    terms: 'on',
    'terms-field': '1',
    'woocommerce-process-checkout-nonce': nonce,
    _wp_http_referer: '/checkout/',
    woocommerce_checkout_place_order: 'Place order',
    ...extra,
  };
}

describe('the checkout page in WooCommerce 9.9’s markup (sample 40)', () => {
  it('prints the billing and shipping rows exactly as WooCommerce does for Ireland', async () => {
    const doc = await (await shopper()).page();
    for (const wrapper of [
      '.woocommerce-billing-fields__field-wrapper',
      '.woocommerce-shipping-fields__field-wrapper',
    ]) {
      const ours = rows(container(doc).querySelector(wrapper));
      expect(ours.length, wrapper).toBeGreaterThan(8);
      expect(ours, wrapper).toEqual(rows(sampleBlock.querySelector(wrapper)));
    }
    expect(html(container(doc).querySelector('#order_comments_field'))).toBe(
      html(sampleBlock.querySelector('#order_comments_field')),
    );
    expect(html(container(doc).querySelector('#ship-to-different-address'))).toBe(
      html(sampleBlock.querySelector('#ship-to-different-address')),
    );
    // Every country of WooCommerce's list, Ireland chosen.
    const countries = container(doc).querySelectorAll('#billing_country option');
    expect(countries).toHaveLength(250);
    expect(container(doc).querySelector<HTMLSelectElement>('#billing_country')!.value).toBe('IE');
  });

  it('prints the toggles, the login and coupon forms and the form in WooCommerce’s order', async () => {
    const s = await shopper();
    const doc = await s.page();
    const signature = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const ours = [...container(doc).children].filter((el) => el.tagName !== 'SCRIPT');
    expect(ours.map(signature)).toEqual([...sampleBlock.children].map(signature));
    for (const selector of [
      '.woocommerce-form-login-toggle',
      '.woocommerce-form-coupon-toggle',
      'form.checkout_coupon',
    ]) {
      expect(html(container(doc).querySelector(selector)), selector).toBe(
        html(sampleBlock.querySelector(selector)),
      );
    }
    // The login form: the same, with the page's nonce and origin (its password in the toggle island).
    const login = withoutIslands(container(doc).querySelector('form.woocommerce-form-login')!);
    const recorded = sampleBlock.querySelector('form.woocommerce-form-login')!.cloneNode(true) as Element;
    const nonce = store.nonce(s.session(), 'woocommerce-login');
    recorded.querySelector('#woocommerce-login-nonce')!.setAttribute('value', nonce);
    login.querySelector('#woocommerce-login-nonce')!.setAttribute('value', nonce);
    expect(html(login).replaceAll(ORIGIN, SAMPLE_ORIGIN)).toBe(html(recorded));
    expect(container(doc).querySelector('form.woocommerce-form-login')!.getAttribute('style')).toBe(
      'display:none;',
    );

    const form = container(doc).querySelector('form.checkout')!;
    const recordedForm = sampleBlock.querySelector('form.checkout')!;
    for (const name of ['name', 'method', 'class', 'enctype', 'aria-label']) {
      expect(form.getAttribute(name), name).toBe(recordedForm.getAttribute(name));
    }
    expect(form.getAttribute('action')).toBe(`${ORIGIN}/checkout/`);
    expect(form.querySelector(':scope > #customer_details > .col-1')).not.toBeNull();
    expect(
      form.querySelector(
        ':scope > #customer_details > .col-2 > .woocommerce-shipping-fields > .shipping_address',
      ),
    ).not.toBeNull();
    expect(
      form.querySelector(
        ':scope > #customer_details > .col-2 > .woocommerce-additional-fields #order_comments',
      ),
    ).not.toBeNull();
    expect(form.querySelector(':scope > h3#order_review_heading')?.textContent).toBe('Your order');
    const review = form.querySelector(':scope > #order_review.woocommerce-checkout-review-order')!;
    expect([...review.children].map(signature)).toEqual([
      'table.shop_table.woocommerce-checkout-review-order-table',
      'div.woocommerce-checkout-payment',
    ]);
    expect(review.querySelector('#place_order')).not.toBeNull();
    expect(review.querySelector<HTMLInputElement>('input[name="_wp_http_referer"]')!.value).toBe(
      '/checkout/',
    );
  });

  it('prints the order attribution inputs, the account fields and the terms', async () => {
    const s = await shopper();
    const doc = await s.page();
    const form = container(doc).querySelector('form.checkout')!;
    const attribution = [...form.querySelectorAll<HTMLInputElement>('.col-1 > input[type="hidden"]')];
    expect(attribution.map((i) => i.name)).toEqual(
      ORDER_ATTRIBUTION_FIELDS.map((f) => `wc_order_attribution_${f}`),
    );
    expect(attribution.every((i) => i.value === '')).toBe(true);
    // The same names as the sample's `wc_order_attribution.fields`.
    const script = [...sample.querySelectorAll('script')].find(
      (el) => el.id === 'wc-order-attribution-js-extra',
    )!;
    const fields = (
      JSON.parse(/var wc_order_attribution = (\{.*\});/.exec(script.textContent!)![1]!) as {
        fields: Record<string, string>;
      }
    ).fields;
    expect([...ORDER_ATTRIBUTION_FIELDS]).toEqual(Object.keys(fields));

    // A guest may create an account (checkout.md §1, §6).
    const account = form.querySelector('.col-1 > .woocommerce-account-fields')!;
    expect(html(account.querySelector('p.create-account'))).toBe(
      '<p class="form-row form-row-wide create-account"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox">' +
        '<input class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" id="createaccount" type="checkbox" name="createaccount" value="1"><span>Create an account?</span></label></p>',
    );
    expect(html(withoutIslands(account.querySelector('div.create-account > #account_password_field')!))).toBe(
      '<p class="form-row validate-required" id="account_password_field" data-priority=""><label for="account_password" class="required_field">Create account password&nbsp;<span class="required" aria-hidden="true">*</span></label>' +
        '<span class="woocommerce-input-wrapper"><input type="password" class="input-text " name="account_password" id="account_password" placeholder="Password" value="" aria-required="true" autocomplete="new-password"></span></p>',
    );
    const toggle = account.querySelector('[data-island="password-toggle"]')!;
    expect(toggle.getAttribute('data-hydrate')).toBe('interaction');

    // The terms: the page's text collapsed, its link, the required checkbox and its marker.
    const terms = form.querySelector('#payment .woocommerce-terms-and-conditions-wrapper')!;
    expect(terms.querySelector('.woocommerce-privacy-policy-text')).not.toBeNull();
    const text = terms.querySelector<HTMLElement>('div.woocommerce-terms-and-conditions')!;
    expect(text.style.display).toBe('none');
    expect(text.textContent).toContain('This is a demo store');
    expect(terms.querySelector('a.woocommerce-terms-and-conditions-link')!.getAttribute('href')).toBe(
      `${ORIGIN}/terms-and-conditions/`,
    );
    expect(terms.querySelector<HTMLInputElement>('input#terms[type="checkbox"][name="terms"]')!.checked).toBe(
      false,
    );
    expect(terms.querySelector<HTMLInputElement>('input[type="hidden"][name="terms-field"]')!.value).toBe(
      '1',
    );
  });

  it('lays the state out per country: a list (US), hidden (FR), free text (absent from the catalogue)', () => {
    expect(Object.hasOwn(STATES, 'AD')).toBe(false);
    expect(Object.keys(STATES.FR!)).toHaveLength(0);
    const state = (country: string, value = '') => {
      const [key, args] = addressFieldArgs('billing', country).find(([k]) => k === 'billing_state')!;
      return parse(formField(key, args, value)).body.firstElementChild!;
    };
    const us = state('US', 'CA');
    expect(us.outerHTML).toMatch(
      /^<p class="form-row form-row-wide address-field validate-required validate-state" id="billing_state_field" data-priority="80"><label for="billing_state" class="required_field">State&nbsp;<span class="required" aria-hidden="true">\*<\/span><\/label><span class="woocommerce-input-wrapper"><select name="billing_state" id="billing_state" class="state_select " aria-required="true" autocomplete="address-level1" data-placeholder="Select an option…" data-input-classes="" data-label="State">/,
    );
    expect(us.querySelectorAll('option')).toHaveLength(Object.keys(STATES.US!).length + 1);
    expect(us.querySelector<HTMLSelectElement>('select')!.value).toBe('CA');

    const fr = state('FR', 'ignored');
    expect(fr.outerHTML).toBe(
      '<p class="form-row form-row-wide address-field validate-state" id="billing_state_field" style="display: none"><label for="billing_state" class="">State / County&nbsp;<span class="optional">(optional)</span></label>' +
        '<span class="woocommerce-input-wrapper"><input type="hidden" class="hidden" name="billing_state" id="billing_state" value="" autocomplete="address-level1" placeholder="" readonly="readonly" data-input-classes=""></span></p>',
    );

    const ad = state('AD', 'Canillo');
    expect(ad.outerHTML).toBe(
      '<p class="form-row form-row-wide address-field validate-required validate-state" id="billing_state_field" data-priority="80"><label for="billing_state" class="required_field">State / County&nbsp;<span class="required" aria-hidden="true">*</span></label>' +
        '<span class="woocommerce-input-wrapper"><input type="text" class="input-text " value="Canillo" placeholder="" name="billing_state" id="billing_state" aria-required="true" autocomplete="address-level1" data-input-classes=""></span></p>',
    );
  });

  it('follows the country’s rules for labels, order and layout (Japan, the US, an empty country)', () => {
    const keys = (country: string) => addressFieldArgs('billing', country).map(([key]) => key);
    expect(keys('JP').slice(0, 3)).toEqual(['billing_email', 'billing_last_name', 'billing_first_name']);
    const jp = Object.fromEntries(addressFieldArgs('billing', 'JP'));
    expect(jp.billing_last_name!.classes).toEqual(['form-row-first']);
    expect(jp.billing_state!.label).toBe('Prefecture');
    const us = Object.fromEntries(addressFieldArgs('billing', 'US'));
    expect(us.billing_postcode!.label).toBe('ZIP Code');
    // No country: laid out as the store's (get_address_fields() falls back to the base country).
    expect(Object.fromEntries(addressFieldArgs('billing', '')).billing_postcode!.label).toBe('Eircode');
    // Optional rows say so; the company has no `aria-required`.
    const company = formField(
      'billing_company',
      Object.fromEntries(addressFieldArgs('billing', 'IE')).billing_company!,
      '',
    );
    expect(company).toContain(
      '<label for="billing_company" class="">Company name&nbsp;<span class="optional">(optional)</span></label>',
    );
    expect(company).not.toContain('aria-required');
  });

  it('fills the fields from the session (customer) and prints the chosen payment method', async () => {
    const s = await shopper();
    const state = checkoutState(s.session());
    state.billing = {
      first_name: 'Ciara',
      last_name: 'Byrne',
      country: 'US',
      state: 'NY',
      city: 'New York',
      postcode: '10001',
      email: 'ciara@example.test',
      phone: '+1 212 555 0100',
    };
    state.shipping = { country: 'FR', city: 'Paris' };
    state.chosenPayment = 'cheque';
    const doc = await s.page();
    const value = (id: string) => container(doc).querySelector<HTMLInputElement>(`#${id}`)!.value;
    expect(value('billing_first_name')).toBe('Ciara');
    expect(value('billing_email')).toBe('ciara@example.test');
    expect(value('billing_phone')).toBe('+1 212 555 0100');
    expect(value('billing_country')).toBe('US');
    expect(value('billing_state')).toBe('NY');
    expect(container(doc).querySelector('#billing_postcode_field label')!.textContent).toBe(
      'ZIP Code\u00a0*',
    );
    expect(value('shipping_country')).toBe('FR');
    expect(value('shipping_city')).toBe('Paris');
    expect(container(doc).querySelector('#shipping_state_field')!.getAttribute('style')).toBe(
      'display: none',
    );
    expect(container(doc).querySelector<HTMLInputElement>('#payment_method_cheque')!.checked).toBe(true);
    expect(container(doc).querySelector<HTMLInputElement>('#payment_method_cod')!.checked).toBe(false);
    // France is outside the Irish zone: the €15 flat rate.
    expect(container(doc).querySelector('#shipping_method')!.textContent).toContain('15.00');
  });

  it('leaves out the login form and the account fields for a logged-in customer', async () => {
    const s = await shopper();
    s.session().loggedIn = 'demo';
    const doc = await s.page();
    expect(container(doc).querySelector('.woocommerce-form-login-toggle')).toBeNull();
    expect(container(doc).querySelector('form.woocommerce-form-login')).toBeNull();
    expect(container(doc).querySelector('.woocommerce-account-fields')).toBeNull();
    expect(container(doc).querySelector('form.checkout_coupon')).not.toBeNull();
  });

  it('prints one island container, mounted at once, with exactly the checkout island’s props', async () => {
    const s = await shopper();
    const doc = await s.page();
    expect(doc.querySelectorAll('[data-island="checkout"]')).toHaveLength(1);
    const el = container(doc);
    expect(el.getAttribute('data-hydrate')).toBe('load');
    // No build in these tests: no chunk URL, the fallback stays (the loader leaves it in place).
    expect(el.hasAttribute('data-island-src')).toBe(false);
    const props = JSON.parse(el.querySelector(':scope > script[data-island-props]')!.textContent!) as unknown;
    const session = s.session();
    expect(props).toStrictEqual({
      nonces: {
        updateOrderReview: store.nonce(session, NONCE.updateOrderReview),
        applyCoupon: store.nonce(session, NONCE.applyCoupon),
        removeCoupon: store.nonce(session, NONCE.removeCoupon),
      },
      isCheckout: true,
      ordersUrl: `${ORIGIN}/my-account/orders/`,
      address: { i18n: addressI18nParams(), countrySelect: countrySelectParams() },
      stripe: stripeSettings(store, session, ORIGIN),
    });
    expect(z.safeParse(CheckoutPropsSchema, props).success).toBe(true);
  });

  it('names the chunk once the build has the checkout island', async () => {
    const assets = assetsFromManifest({
      'src/islands/loader.ts': { file: 'assets/loader-1.js', isEntry: true },
      'widgets/checkout/island.tsx': { file: 'assets/checkout-2.js', isDynamicEntry: true },
    });
    const s = await shopper();
    const islands = new IslandCollector(assets);
    const input: CheckoutPageInput = { store, session: s.session(), islands, origin: ORIGIN };
    const el = parse(checkoutPageContent(input)).querySelector('[data-island="checkout"]')!;
    expect(el.getAttribute('data-island-src')).toBe(
      '/wp-content/plugins/shop-islands/dist/assets/checkout-2.js',
    );
    expect(islands.early.has('checkout')).toBe(true);
  });
});

describe('the checkout form without JavaScript', () => {
  it('prints the page again with the errors (data-id) at the top and the posted values kept', async () => {
    const s = await shopper();
    const nonce = store.nonce(s.session(), NONCE.checkout);
    const doc = await s.postPage(
      validForm(nonce, {
        billing_first_name: '',
        billing_email: 'not-an-email',
        ship_to_different_address: '1',
        shipping_first_name: 'Seán',
        shipping_country: 'US',
        shipping_state: 'XX',
        createaccount: '1',
        account_password: '',
        terms: '',
        order_comments: 'Leave it at the door',
        'shipping_method[0]': 'flat_rate:3',
        payment_method: 'bacs',
      }),
    );
    const notices = container(doc).querySelector(':scope > .woocommerce-notices-wrapper')!;
    const items = [...notices.querySelectorAll('ul.woocommerce-error[role="alert"] > li')];
    const byId = Object.fromEntries(
      items.map((li) => [li.getAttribute('data-id') ?? '', li.textContent!.trim()]),
    );
    expect(byId.billing_email).toBe('Billing Email address is not a valid email address.');
    expect(byId.billing_first_name).toBe('Billing First name is a required field.');
    expect(byId.shipping_last_name).toBe('Shipping Last name is a required field.');
    expect(byId.shipping_state).toMatch(
      /^Shipping State is not valid\. Please enter one of the following: Alabama, /,
    );
    expect(byId.account_password).toBe('Create account password is a required field.');
    expect(byId.terms).toBe('Please read and accept the terms and conditions to proceed with your order.');
    expect(s.session().lastOrderId).toBeNull();

    const value = (id: string) => container(doc).querySelector<HTMLInputElement>(`#${id}`)!.value;
    expect(value('billing_last_name')).toBe('Murphy');
    expect(value('billing_email')).toBe('not-an-email');
    expect(value('shipping_first_name')).toBe('Seán');
    expect(value('shipping_country')).toBe('US');
    expect(container(doc).querySelector('#shipping_state')!.tagName).toBe('SELECT');
    expect(value('order_comments')).toBe('Leave it at the door');
    const checkbox = (id: string) => container(doc).querySelector<HTMLInputElement>(`#${id}`)!.checked;
    expect(checkbox('ship-to-different-address-checkbox')).toBe(true);
    expect(checkbox('createaccount')).toBe(true);
    expect(checkbox('terms')).toBe(false);
    expect(checkbox('payment_method_bacs')).toBe(true);
    // The US shipping address: the €15 rate, chosen.
    expect(container(doc).querySelector<HTMLInputElement>('input[name="shipping_method[0]"]')!.value).toBe(
      'flat_rate:3',
    );
    // A fresh form: the nonce printed again.
    expect(value('woocommerce-process-checkout-nonce')).toBe(store.nonce(s.session(), NONCE.checkout));
  });

  it('escapes hostile posted values wherever they are printed again', async () => {
    const s = await shopper();
    const nonce = store.nonce(s.session(), NONCE.checkout);
    const response = await s.post(
      validForm(nonce, {
        billing_first_name: HOSTILE,
        billing_company: `Quote " apostrophe ' amp & ${HOSTILE}`,
        billing_country: HOSTILE,
        billing_state: `${HOSTILE}"'`,
        order_comments: `5 > 3 & "quoted" </textarea><script>alert(1)</script>`,
        wc_order_attribution_referrer: HOSTILE,
        ship_to_different_address: '1',
        shipping_city: `x" onfocus="alert(1)`,
      }),
    );
    const text = await response.text();
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('onfocus="alert(1)');
    const doc = parse(text);
    expect(container(doc).querySelectorAll('img, [onerror], [onfocus]')).toHaveLength(0);
    const value = (id: string) => container(doc).querySelector<HTMLInputElement>(`#${id}`)!.value;
    // wc_clean() (tags stripped), then escaped: the values come back as text.
    expect(value('billing_first_name')).toBe('">');
    expect(value('billing_company')).toBe(`Quote " apostrophe ' amp & ">`);
    expect(value('shipping_city')).toBe(`x" onfocus="alert(1)`);
    expect(value('order_comments')).toBe('5 > 3 & "quoted" alert(1)');
    expect(
      container(doc).querySelector<HTMLInputElement>('input[name="wc_order_attribution_referrer"]')!.value,
    ).toBe(HOSTILE);
    // An unknown country: none chosen, the state a text input, its value escaped.
    expect(value('billing_country')).toBe('');
    expect(container(doc).querySelector('#billing_state')!.getAttribute('type')).toBe('text');
    expect(value('billing_state')).toBe(`">"'`);
    // The island's props carry no posted value.
    expect(container(doc).querySelector('script[data-island-props]')!.textContent).not.toContain('img');
  });

  it('redirects to the order received page of the new order, with its key', async () => {
    const s = await shopper();
    const response = await s.post(validForm(store.nonce(s.session(), NONCE.checkout)));
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    const [, id, key] =
      /^\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[A-Za-z0-9]{13})$/.exec(location) ?? [];
    const order = findOrder(store, Number(id))!;
    expect(order).toMatchObject({ key, paymentMethod: 'cod', total: 54.99 });
    expect(order.billing).toMatchObject({ first_name: 'Aoife', state: 'D', postcode: 'D02 X285' });
    // The cart is empty, its cookies deleted; the order's page shows it.
    expect(store.cartLines(s.session())).toHaveLength(0);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('woocommerce_items_in_cart=0;'))).toBe(
      true,
    );
    const thanks = await s.page(location);
    expect(thanks.querySelector('.woocommerce-order-overview__order strong')?.textContent).toBe(
      String(order.id),
    );
  });

  it('refuses a stale nonce as WooCommerce does, keeping what was typed', async () => {
    const s = await shopper();
    const doc = await s.postPage(validForm('0123456789', { billing_first_name: 'Róisín' }));
    const error = container(doc).querySelector('.woocommerce-notices-wrapper .woocommerce-error')!;
    expect(error.textContent!.trim()).toBe('We were unable to process your order, please try again.');
    expect(container(doc).querySelector<HTMLInputElement>('#billing_first_name')!.value).toBe('Róisín');
    expect(s.session().lastOrderId).toBeNull();
  });

  it('updates the totals (noscript button): no order, no error for a valid form, the new totals', async () => {
    const s = await shopper();
    const nonce = store.nonce(s.session(), NONCE.checkout);
    const fields = validForm(nonce, { billing_country: 'FR', billing_state: '', billing_postcode: '75001' });
    delete fields.woocommerce_checkout_place_order;
    const doc = await s.postPage({ ...fields, woocommerce_checkout_update_totals: 'Update totals' });
    expect(container(doc).querySelector('.woocommerce-error')).toBeNull();
    expect(s.session().lastOrderId).toBeNull();
    expect(container(doc).querySelector<HTMLSelectElement>('#billing_country')!.value).toBe('FR');
    expect(container(doc).querySelector('.order-total')!.textContent).toContain('64.99');
  });

  it('sends a post with an empty cart to the cart page', async () => {
    const client = cookieClient(ORIGIN, site);
    await client.send('/');
    const response = await client.send('/checkout/', {
      method: 'POST',
      headers: FORM,
      body: 'woocommerce_checkout_place_order=Place+order',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cart/');
  });
});

describe('the coupon and login forms without JavaScript', () => {
  it('applies a coupon and shows the notice; refuses an unknown one', async () => {
    const s = await shopper();
    const applied = await s.postPage({ coupon_code: 'SAVE10', apply_coupon: 'Apply coupon' });
    expect(
      container(applied)
        .querySelector('.woocommerce-notices-wrapper .woocommerce-message')!
        .textContent!.trim(),
    ).toBe('Coupon code applied successfully.');
    expect(container(applied).querySelector('tr.cart-discount.coupon-save10')).not.toBeNull();
    const refused = await s.postPage({ coupon_code: '<b>nope</b>', apply_coupon: 'Apply coupon' });
    expect(
      container(refused)
        .querySelector('.woocommerce-notices-wrapper .woocommerce-error')!
        .textContent!.trim(),
    ).toBe('Coupon "nope" does not exist!');
  });

  it('logs in and comes back to the checkout; a wrong password shows the error; a stale nonce expires', async () => {
    const s = await shopper();
    const nonce = () => store.nonce(s.session(), 'woocommerce-login');
    const wrong = await s.postPage({
      username: 'demo',
      password: 'nope',
      'woocommerce-login-nonce': nonce(),
      login: 'Login',
    });
    expect(container(wrong).querySelector('.woocommerce-error')!.textContent).toContain(
      'The password you entered for the username demo is incorrect.',
    );
    const stale = await s.post({
      username: 'demo',
      password: 'demo',
      'woocommerce-login-nonce': 'x',
      login: 'Login',
    });
    expect(stale.status).toBe(403);
    const ok = await s.post({
      username: 'demo',
      password: 'demo',
      'woocommerce-login-nonce': nonce(),
      login: 'Login',
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/checkout/');
    expect(s.session().loggedIn).toBe('demo');
    const doc = await s.page();
    expect(container(doc).querySelector('form.woocommerce-form-login')).toBeNull();
    expect(container(doc).querySelector('.woocommerce-account-fields')).toBeNull();
  });
});
