/**
 * Changing a subscription's payment method in the demo store (demo/checkout/subscription-change.ts
 * through demo/site.ts, and wc-ajax `wc_stripe_confirm_change_payment` through demo/handlers.ts):
 * the customer's subscription in My Account (guests get the login form), WooCommerce Subscriptions'
 * change page (`form#order_review` in the `checkout` island's container, the card gateway's settings
 * for the page) and its refusals, the form's POST for a saved card, a new card, 3-D Secure and the
 * declined cards, and the confirmation after 3-D Secure, once. Runs in jsdom to read pages.
 */
import { fireEvent } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { locatorOf, resolve } from '../../src/islands/locate';
import island from '../../widgets/checkout/island';
import { CheckoutPropsSchema } from '../../widgets/checkout/schema';
import { SITE_TITLE } from '../fixtures';
import { handlers } from '../handlers';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { formatDate } from './order-received';
import { PAY_FOR_ORDER_PATH } from './orders';
import { CARD_TEXT, PROVIDER_MESSAGES, savedCards, STRIPE_DOUBLE_SRC, STRIPE_NONCE } from './stripe';
import {
  changePaymentPath,
  customerSubscription,
  DEMO_SUBSCRIPTION,
  findSubscription,
  SUBSCRIPTION_NONCE,
  SUBSCRIPTION_TEXT,
  SUBSCRIPTIONS_PATH,
  subscriptionPaymentMethodPath,
  viewSubscriptionPath,
  type Subscription,
} from './subscription-change';

/** `wp_send_json_success( {return_url} )` / `wp_send_json_error( {error: {message}} )`. */
type ConfirmAnswer =
  { success: true; data: { return_url: string } } | { success: false; data: { error: { message: string } } };

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
const CONFIRM = 'wc_stripe_confirm_change_payment';
const ROUTE = /^#wc-stripe-confirm-si:(\d+):(seti_[A-Za-z0-9]+_secret_[A-Za-z0-9]+):([0-9a-f]{10})$/;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const pm = (last4: string, n = 1) => `pm_double_${last4}_${n}`;

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const site = createSite({ store });

let origin = '';
let counter = 0;
beforeEach(() => {
  resetStore();
  counter += 1;
  origin = `http://subscription${counter}.localhost`;
});

/**
 * A shopper of the demo (one cookie jar): pages from the site, wc-ajax from the MSW handlers (as the
 * demo server routes them). `loggedIn`: through the My Account form.
 */
async function shopper(options: { loggedIn?: boolean } = {}) {
  const client = cookieClient(origin, (request) =>
    new URL(request.url).searchParams.has('wc-ajax') ? fetch(request) : site(request),
  );
  const post = (path: string, body: Record<string, string> | URLSearchParams) =>
    client.send(path, { method: 'POST', body: new URLSearchParams(body).toString(), headers: FORM });
  const page = async (path: string) => {
    const response = await client.send(path);
    return { response, doc: parse(await response.text()) };
  };
  await client.send('/my-account/');
  const session = () => store.peekSession(client.cookieHeader())!;
  const nonce = (action: string) => store.nonce(session(), action);
  const logIn = async () => {
    const login = await post('/my-account/', {
      username: 'demo',
      password: 'demo',
      'woocommerce-login-nonce': nonce('woocommerce-login'),
      login: 'Log in',
    });
    expect(login.status).toBe(302);
  };
  if (options.loggedIn) await logIn();
  const subscription = (): Subscription => customerSubscription(store, session())!;
  const changePath = () => changePaymentPath(store, session(), subscription());
  /** The change form as the browser posts it (the island added the payment method), with `changes`. */
  const changeFields = (changes: Record<string, string | null> = {}) => {
    const all: Record<string, string | null> = {
      payment_method: 'stripe',
      'wc-stripe-payment-token': '1',
      'wc-stripe-payment-method-upe': '',
      wc_stripe_selected_upe_payment_type: 'card',
      'wc-stripe-is-deferred-intent': '1',
      'wc-stripe-new-payment-method': 'true',
      _wcsnonce: nonce(SUBSCRIPTION_NONCE.change),
      _wp_http_referer: changePath(),
      woocommerce_change_payment: String(subscription().id),
      ...changes,
    };
    return new URLSearchParams(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
    );
  };
  const change = (changes: Record<string, string | null> = {}, path = changePath()) =>
    post(path, changeFields(changes));
  /** A new card of the element (`pm_double_{last4}_{n}`). */
  const changeToNew = (last4: string, n = 1) =>
    change({
      'wc-stripe-payment-token': 'new',
      'wc-stripe-payment-method': pm(last4, n),
    });
  /** wc-ajax `wc_stripe_confirm_change_payment`, as the island sends it. */
  const confirm = async (fields: Record<string, string>) => {
    const response = await post(`/?wc-ajax=${CONFIRM}`, {
      order_id: fields.order_id ?? String(subscription().id),
      payment_method_id: '',
      _ajax_nonce: nonce(STRIPE_NONCE.updateOrderStatus),
      ...fields,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ConfirmAnswer;
  };
  return {
    ...client,
    post,
    page,
    session,
    nonce,
    logIn,
    subscription,
    changePath,
    change,
    changeToNew,
    confirm,
  };
}

const container = (doc: Document) =>
  doc.querySelector<HTMLElement>('.entry-content > .woocommerce > [data-island="checkout"]');
const changeForm = (doc: Document) => doc.querySelector<HTMLFormElement>('form#order_review');
const errors = (doc: Document) =>
  [...doc.querySelectorAll('.entry-content .woocommerce-error li')].map((li) => text(li));
const paymentShown = (doc: Document) => text(doc.querySelector('.subscription-payment-method'));
const VISA = 'Via Visa card ending in 4242';

// -- My Account ---------------------------------------------------------------------------------------

describe('the subscription in My Account', () => {
  it('gives a guest the login form on its pages (no subscription is made)', async () => {
    const s = await shopper();
    for (const path of [SUBSCRIPTIONS_PATH, '/my-account/view-subscription/900001/']) {
      const { response, doc } = await s.page(path);
      expect(response.status, path).toBe(200);
      expect(doc.querySelector('form.woocommerce-form-login'), path).not.toBeNull();
      expect(doc.querySelector('table.subscription_details'), path).toBeNull();
    }
    expect(customerSubscription(store, s.session())).toBeNull();
  });

  it('links "My Subscription" to its page: the details, "Via Visa card ending in 4242", the Change payment action, the totals', async () => {
    const s = await shopper({ loggedIn: true });
    const dashboard = (await s.page('/my-account/')).doc;
    const item = dashboard.querySelector(
      'nav.woocommerce-MyAccount-navigation li.woocommerce-MyAccount-navigation-link--subscriptions a',
    )!;
    const sub = s.subscription();
    expect([text(item), item.getAttribute('href')]).toEqual(['My Subscription', viewSubscriptionPath(sub)]);
    // The item sits after the dashboard (where Subscriptions puts it, after "Orders").
    expect(
      [...dashboard.querySelectorAll('nav.woocommerce-MyAccount-navigation li a')].map((a) => text(a)),
    ).toEqual(['Dashboard', 'My Subscription', 'Payment methods', 'Log out']);

    const { response, doc } = await s.page(viewSubscriptionPath(sub));
    expect(response.status).toBe(200);
    expect(text(doc.querySelector('h1.entry-title'))).toBe(`Subscription #${sub.id}`);
    expect(doc.title).toBe(`Subscription #${sub.id} – ${SITE_TITLE}`);
    expect(doc.body.classList).toContain('woocommerce-view-subscription');
    const active = doc.querySelector('nav.woocommerce-MyAccount-navigation li.is-active a')!;
    expect(active.getAttribute('href')).toBe(viewSubscriptionPath(sub));
    const details = doc.querySelector(
      '.woocommerce-MyAccount-content > table.shop_table.subscription_details',
    )!;
    expect(
      [...details.querySelectorAll('tbody > tr')].map((tr) => [...tr.querySelectorAll('td')].map(text)),
    ).toEqual([
      ['Status', 'Active'],
      ['Start date', formatDate(sub.start)],
      ['Next payment date', formatDate(sub.nextPayment)],
      ['Payment', VISA],
      ['Actions', 'Change payment'],
    ]);
    expect(details.querySelector('.subscription-payment-method')!.getAttribute('data-is_manual')).toBe('no');
    const action = details.querySelector<HTMLAnchorElement>('a.button.change_payment_method')!;
    const href = new URL(action.getAttribute('href')!);
    expect(href.origin).toBe(origin);
    expect(href.pathname + href.search).toBe(s.changePath());
    expect([...href.searchParams]).toEqual([
      ['pay_for_order', 'true'],
      ['key', sub.key],
      ['change_payment_method', String(sub.id)],
      ['_wpnonce', s.nonce(SUBSCRIPTION_NONCE.link)],
    ]);
    expect(sub.key).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);
    // The totals: the line "€9.99 / month", the subtotal, the total (no payment method row).
    expect(text(doc.querySelector('.woocommerce-MyAccount-content > h2'))).toBe('Subscription totals');
    const totals = doc.querySelector('table.shop_table.order_details')!;
    expect(text(totals.querySelector('tbody tr.order_item'))).toBe(
      `${DEMO_SUBSCRIPTION.name} × 1 €9.99 / month`,
    );
    expect([...totals.querySelectorAll('tfoot tr')].map((tr) => text(tr))).toEqual([
      'Subtotal: €9.99',
      'Total: €9.99 / month',
    ]);
  });

  it('keeps one subscription a session; another session’s is refused in Subscriptions’ words', async () => {
    const a = await shopper({ loggedIn: true });
    const b = await shopper({ loggedIn: true });
    const mine = a.subscription();
    expect(a.subscription()).toBe(mine);
    expect(b.subscription().id).not.toBe(mine.id);
    expect(findSubscription(store, mine.id)).toBe(mine);
    const { doc } = await b.page(viewSubscriptionPath(mine));
    expect(text(doc.querySelector('.woocommerce-MyAccount-content .woocommerce-error'))).toBe(
      'Invalid Subscription. My Account',
    );
    expect(doc.querySelector('table.subscription_details')).toBeNull();
    expect(text(doc.querySelector('h1.entry-title'))).toBe(`Subscription #${mine.id}`);
    const unknown = (await a.page('/my-account/view-subscription/12/')).doc;
    expect(text(unknown.querySelector('.woocommerce-error'))).toBe('Invalid Subscription. My Account');
    expect(text(unknown.querySelector('h1.entry-title'))).toBe('My account');
  });

  it('lists it on /my-account/subscriptions/', async () => {
    const s = await shopper({ loggedIn: true });
    const { doc } = await s.page(SUBSCRIPTIONS_PATH);
    const sub = s.subscription();
    const rows = [...doc.querySelectorAll('table.woocommerce-MyAccount-subscriptions tbody tr')];
    expect(rows.map((tr) => [...tr.querySelectorAll('td')].map(text))).toEqual([
      [`#${sub.id}`, 'Active', `${formatDate(sub.nextPayment)} ${VISA}`, '€9.99 / month', 'View'],
    ]);
    expect(rows[0]!.querySelector('a.view')!.getAttribute('href')).toBe(
      `${origin}${viewSubscriptionPath(sub)}`,
    );
  });

  it('sends the owner from the subscription’s payment-method address to the change page, with a new nonce', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const response = await s.send(subscriptionPaymentMethodPath(sub));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(s.changePath());
    // Not the owner: My Account, no redirect.
    const other = await shopper({ loggedIn: true });
    expect((await other.send(subscriptionPaymentMethodPath(sub))).status).toBe(200);
  });
});

// -- the change page ----------------------------------------------------------------------------------

describe('the change page', () => {
  it('prints Subscriptions’ form-change-payment-method.php in the checkout island’s container, with the gateway’s settings for the page', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const { response, doc } = await s.page(s.changePath());
    expect(response.status).toBe(200);
    expect(text(doc.querySelector('h1.entry-title'))).toBe('Change payment method');
    expect(doc.title).toBe(`Pay for order – ${SITE_TITLE}`);
    expect(doc.body.classList).toContain('woocommerce-order-pay');
    expect(doc.querySelector(`script[src="${STRIPE_DOUBLE_SRC}"]`)).not.toBeNull();

    const island = container(doc)!;
    expect(island.dataset.hydrate).toBe('load');
    const raw = JSON.parse(island.querySelector(':scope > script[data-island-props]')!.textContent!) as {
      stripe: Record<string, unknown>;
    };
    // As the gateway prints it there: no isOrderPay, no isPaymentNeeded, no error messages.
    expect(raw.stripe).toMatchObject({
      isChangingPayment: '1',
      isCheckout: '',
      orderId: String(sub.id),
      cartTotal: '0',
      customerData: { billing_country: 'IE' },
      addPaymentReturnURL: `${origin}${s.changePath()}`,
    });
    for (const absent of ['isOrderPay', 'isPaymentNeeded', 'card_declined', 'incomplete_number']) {
      expect(raw.stripe, absent).not.toHaveProperty(absent);
    }
    expect(Object.keys(raw.stripe.paymentMethodsConfig as object)).toEqual(['card']);
    const props = z.parse(CheckoutPropsSchema, raw);
    expect(props.isCheckout).toBe(false);
    expect(props.stripe).toMatchObject({ isChangingPayment: true, isOrderPay: false, cartTotal: 0 });

    // The notices wrapper, "Choose a new payment method.", the form: all in the container.
    expect(island.querySelector(':scope > .woocommerce-notices-wrapper')).not.toBeNull();
    expect(text(island.querySelector(':scope > .woocommerce-info'))).toBe(
      `Choose a new payment method. Next payment is due ${formatDate(sub.nextPayment)}.`,
    );
    const form = island.querySelector<HTMLFormElement>(':scope > form#order_review')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('action')).toBe(false);

    const table = form.querySelector('table.shop_table')!;
    expect([...table.querySelectorAll('thead th')].map(text)).toEqual(['Product', 'Quantity', 'Totals']);
    expect(
      [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map(text)),
    ).toEqual([[DEMO_SUBSCRIPTION.name, '1', '€9.99 / month']]);
    expect(
      [...table.querySelectorAll('tfoot tr')].map((tr) => [
        text(tr.querySelector('th[scope="row"][colspan="2"]')),
        text(tr.querySelector('td.product-total')),
      ]),
    ).toEqual([
      ['Subtotal:', '€9.99'],
      ['Total:', '€9.99 / month'],
      ['Payment method:', VISA],
    ]);

    // The gateways that can be a subscription's: the card gateway alone, chosen, its box hidden.
    const payment = form.querySelector('#payment')!;
    const radios = [
      ...payment.querySelectorAll<HTMLInputElement>('ul.payment_methods input[name="payment_method"]'),
    ];
    expect(radios.map((r) => [r.value, r.checked, r.className, r.dataset.order_button_text])).toEqual([
      ['stripe', true, 'input-radio supports-payment-method-changes', 'Change payment method'],
    ]);
    expect(text(payment.querySelector('label[for="payment_method_stripe"]'))).toBe('Credit / Debit Card');
    const box = payment.querySelector<HTMLElement>('.payment_box.payment_method_stripe')!;
    expect(box.style.display).toBe('none');
    // The saved cards (the default checked), a new one, the element's fieldset.
    expect(
      [...box.querySelectorAll<HTMLInputElement>('input[name="wc-stripe-payment-token"]')].map((r) => [
        r.value,
        r.checked,
        text(box.querySelector(`label[for="${r.id}"]`)),
      ]),
    ).toEqual([
      ['1', true, 'Visa ending in 4242 (expires 12/34)'],
      ['new', false, 'Use a new payment method'],
    ]);
    expect(box.querySelector('fieldset#wc-stripe-upe-form .wc-stripe-upe-element')).not.toBeNull();
    expect(box.querySelector<HTMLInputElement>('input[name="wc-stripe-is-deferred-intent"]')!.value).toBe(
      '1',
    );
    // The save checkbox: forced on, hidden (a subscription's method is always kept).
    const save = box.querySelector<HTMLInputElement>('#wc-stripe-new-payment-method')!;
    expect(save.checked).toBe(true);
    expect(save.closest('fieldset')!.style.display).toBe('none');

    const hidden = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
    expect(hidden('_wcsnonce')).toBe(s.nonce('wcs_change_payment_method'));
    expect(form.querySelector('#_wcsnonce')).not.toBeNull();
    expect(hidden('_wp_http_referer')).toBe(s.changePath());
    expect(hidden('woocommerce_change_payment')).toBe(String(sub.id));
    expect(form.querySelector('input[type="hidden"]#wc-stripe-change-payment-method')).not.toBeNull();
    const submit = form.querySelector<HTMLInputElement>('#place_order')!;
    expect([submit.tagName, submit.type, submit.value, submit.dataset.value, submit.name]).toEqual([
      'INPUT',
      'submit',
      'Change payment method',
      'Change payment method',
      '',
    ]);
    // No terms on this form, no offline gateways.
    expect(form.querySelector('#terms')).toBeNull();
    expect(form.querySelector('#payment_method_cod')).toBeNull();
  });

  it('refuses in Subscriptions’ words, without a form: the link’s nonce, the subscription, its owner, its status, its key', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const other = (await shopper({ loggedIn: true })).subscription();
    const base = `/checkout/order-pay/${sub.id}/?pay_for_order=true&key=${sub.key}&change_payment_method=${sub.id}`;
    const nonce = s.nonce(SUBSCRIPTION_NONCE.link);
    const cases: [string, string][] = [
      [base, SUBSCRIPTION_TEXT.requestError],
      [`${base}&_wpnonce=0123456789`, SUBSCRIPTION_TEXT.requestError],
      [
        `/checkout/order-pay/${sub.id}/?pay_for_order=true&key=${sub.key}&change_payment_method=4&_wpnonce=${nonce}`,
        SUBSCRIPTION_TEXT.invalidSubscription,
      ],
      [
        `/checkout/order-pay/${other.id}/?pay_for_order=true&key=${other.key}&change_payment_method=${other.id}&_wpnonce=${nonce}`,
        "That doesn't appear to be one of your subscriptions.",
      ],
      [
        `/checkout/order-pay/${sub.id}/?pay_for_order=true&key=wc_order_nope&change_payment_method=${sub.id}&_wpnonce=${nonce}`,
        SUBSCRIPTION_TEXT.invalidOrder,
      ],
    ];
    for (const [path, message] of cases) {
      const { response, doc } = await s.page(path);
      expect(response.status, path).toBe(200);
      expect(errors(doc), path).toEqual([message]);
      expect(
        doc.querySelector('.entry-content .woocommerce-notices-wrapper .woocommerce-error'),
        path,
      ).not.toBeNull();
      expect(changeForm(doc), path).toBeNull();
      expect(container(doc), path).toBeNull();
    }
    sub.status = 'cancelled';
    expect(errors((await s.page(s.changePath())).doc)).toEqual([SUBSCRIPTION_TEXT.cannotChange]);
  });

  it('gives a guest Subscriptions’ notice and the login form; logging in there leads back to the change page', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const path = s.changePath();
    await s.send(`/my-account/customer-logout/?_wpnonce=${s.nonce('log-out')}`);
    expect(s.session().loggedIn).toBeNull();
    const { doc } = await s.page(path);
    expect(text(doc.querySelector('h1.entry-title'))).toBe('Change payment method');
    expect(changeForm(doc)).toBeNull();
    expect(container(doc)).toBeNull();
    const login = doc.querySelector<HTMLFormElement>('.entry-content > form.woocommerce-form-login')!;
    expect(text(login.querySelector('.woocommerce-info'))).toBe(SUBSCRIPTION_TEXT.logIn);
    expect(login.querySelector<HTMLInputElement>('input[name="redirect"]')!.value).toBe(
      `${origin}${subscriptionPaymentMethodPath(sub)}`,
    );
    // The form posts to the page: logged in, then My Account's address of the change page, then it.
    const posted = await s.post(path, {
      username: 'demo',
      password: 'demo',
      'woocommerce-login-nonce': s.nonce('woocommerce-login'),
      login: 'Login',
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(subscriptionPaymentMethodPath(sub));
    const next = await s.send(subscriptionPaymentMethodPath(sub));
    expect(next.headers.get('location')).toBe(s.changePath());
    expect(changeForm((await s.page(s.changePath())).doc)).not.toBeNull();
    // A wrong password: the error in the form's message, still the login form.
    await s.send(`/my-account/customer-logout/?_wpnonce=${s.nonce('log-out')}`);
    const wrong = await s.post(path, {
      username: 'demo',
      password: 'nope',
      'woocommerce-login-nonce': s.nonce('woocommerce-login'),
      login: 'Login',
    });
    expect(wrong.status).toBe(200);
    const again = parse(await wrong.text());
    expect(text(again.querySelector('form.woocommerce-form-login .woocommerce-error'))).toContain(
      'The password you entered for the username demo is incorrect.',
    );
  });

  it('without change_payment_method, shows the subscription’s receipt for its key; order-pay pages of orders are left alone', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const { doc } = await s.page(`/checkout/order-pay/${sub.id}/?pay_for_order=true&key=${sub.key}`);
    expect([...doc.querySelectorAll('ul.order_details > li')].map(text)).toEqual([
      `Subscription Number: ${sub.id}`,
      `Next Payment Date: ${formatDate(sub.nextPayment)}`,
      'Total: €9.99 / month',
      'Payment Method: Credit / Debit Card',
    ]);
    expect(changeForm(doc)).toBeNull();
    const wrong = (await s.page(`/checkout/order-pay/${sub.id}/?pay_for_order=true&key=wc_order_nope`)).doc;
    expect(errors(wrong)).toEqual([SUBSCRIPTION_TEXT.invalidRequest]);
    // The seeded pending order's page is WooCommerce's own.
    const order = (await s.page(PAY_FOR_ORDER_PATH)).doc;
    expect(text(order.querySelector('h1.entry-title'))).toBe('Pay for order');
    expect(order.querySelector('form#order_review #place_order')!.textContent).toBe('Pay for order');
  });

  it('escapes what came from the request', async () => {
    const s = await shopper({ loggedIn: true });
    const path = `${s.changePath()}&x=${encodeURIComponent(HOSTILE)}&y=${HOSTILE}`;
    const { doc } = await s.page(path);
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('script:not([type]):not([src])')).toBeNull();
    const url = new URL(path, origin);
    expect(changeForm(doc)!.querySelector<HTMLInputElement>('input[name="_wp_http_referer"]')!.value).toBe(
      url.pathname + url.search,
    );
    const props = JSON.parse(container(doc)!.querySelector('script[data-island-props]')!.textContent!) as {
      stripe: { addPaymentReturnURL: string };
    };
    expect(props.stripe.addPaymentReturnURL).toBe(url.href);
  });

  it('mounts the checkout island over it: the one method’s radio hidden, its box open, the button as printed', async () => {
    const s = await shopper({ loggedIn: true });
    const { doc } = await s.page(s.changePath());
    const host = document.createElement('div');
    host.innerHTML = container(doc)!.outerHTML;
    document.body.append(host);
    const el = host.firstElementChild as HTMLElement;
    const props = JSON.parse(el.querySelector('script[data-island-props]')!.textContent!) as unknown;
    const mounted = await island.mount(el, props, { name: 'checkout', locate: { locatorOf, resolve } });
    if (!mounted.ok) throw new Error(mounted.problem);
    try {
      const radio = el.querySelector<HTMLInputElement>('#payment_method_stripe')!;
      expect(radio.checked).toBe(true);
      expect(radio.classList).toContain('shop-islands-visually-hidden');
      expect(el.querySelector<HTMLElement>('.payment_box.payment_method_stripe')!.style.display).toBe('');
      fireEvent.click(el.querySelector('#wc-stripe-payment-token-new')!);
      expect(el.querySelector<HTMLInputElement>('#place_order')!.value).toBe('Change payment method');
    } finally {
      mounted.unmount();
      host.remove();
    }
  });
});

// -- the form's POST ----------------------------------------------------------------------------------

describe('the change form’s POST', () => {
  it('a new card (4444): kept as a saved card, the subscription switched, 302 to its page with "Payment method updated." once', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const response = await s.changeToNew('4444', 3);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${origin}${viewSubscriptionPath(sub)}`);
    expect(sub.card).toEqual({
      paymentMethodId: pm('4444', 3),
      last4: '4444',
      brand: 'Mastercard',
      token: '2',
    });
    expect(sub.pending).toBeNull();
    expect(savedCards(s.session()).map((c) => c.label)).toEqual([
      'Visa ending in 4242 (expires 12/34)',
      'Mastercard ending in 4444 (expires 12/34)',
    ]);
    const view = (await s.page(viewSubscriptionPath(sub))).doc;
    expect(text(view.querySelector('.woocommerce-message'))).toBe('Payment method updated.');
    expect(paymentShown(view)).toBe('Via Mastercard card ending in 4444');
    const again = (await s.page(viewSubscriptionPath(sub))).doc;
    expect(again.querySelector('.woocommerce-message')).toBeNull();
    // The change page offers it among the saved cards now.
    const form = changeForm((await s.page(s.changePath())).doc)!;
    expect(form.querySelectorAll('input[name="wc-stripe-payment-token"]')).toHaveLength(3);
  });

  it('a saved card: switched at once (back to the Visa after a change to the Mastercard)', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    await s.changeToNew('4444');
    store.takeNotices(s.session());
    const response = await s.change({ 'wc-stripe-payment-token': '1' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${origin}${viewSubscriptionPath(sub)}`);
    expect(sub.card).toMatchObject({ paymentMethodId: 'pm_demo_saved_visa_4242', last4: '4242', token: '1' });
    expect(paymentShown((await s.page(viewSubscriptionPath(sub))).doc)).toBe(VISA);
  });

  it('3-D Secure (3220): back to the page with the confirmation route; nothing switched until confirm_change_payment, once', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const response = await s.changeToNew('3220');
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    const hash = location.slice(location.indexOf('#'));
    expect(location.slice(0, location.indexOf('#'))).toBe(s.changePath());
    const route = ROUTE.exec(hash)!;
    expect(route).not.toBeNull();
    expect(route[1]).toBe(String(sub.id));
    expect(store.verifyNonce(s.session(), STRIPE_NONCE.updateOrderStatus, route[3])).toBe(true);
    const intent = route[2]!.split('_secret_')[0]!;
    // The subscription keeps its card; the intent is recorded; the card is the customer's already
    // (the gateway keeps a new card before 3-D Secure).
    expect(sub.card.last4).toBe('4242');
    expect(sub.pending).toMatchObject({ intentId: intent, clientSecret: route[2] });
    expect(savedCards(s.session()).map((c) => c.last4)).toEqual(['4242', '3220']);
    expect(store.takeNotices(s.session())).toEqual([]);
    // The page the browser comes back to: the form again, no notice.
    const back = (await s.page(s.changePath())).doc;
    expect(changeForm(back)).not.toBeNull();
    expect(errors(back)).toEqual([]);

    // Refused: another intent, no intent, a bad nonce, another order id: nothing changes.
    const refused: Record<string, string>[] = [
      { intent_id: 'seti_someoneElse' },
      { intent_id: '' },
      { intent_id: intent, _ajax_nonce: '0123456789' },
      { intent_id: intent, order_id: '99' },
    ];
    for (const fields of refused) {
      const answer = await s.confirm(fields);
      expect(answer.success, JSON.stringify(fields)).toBe(false);
      expect(sub.card.last4).toBe('4242');
    }
    expect((await s.confirm({ intent_id: intent, _ajax_nonce: '0123456789' })).data).toEqual({
      error: { message: CARD_TEXT.csrf },
    });
    expect((await s.confirm({ intent_id: 'seti_someoneElse' })).data).toEqual({
      error: { message: SUBSCRIPTION_TEXT.notAble },
    });

    const done = await s.confirm({ intent_id: intent });
    expect(done).toEqual({ success: true, data: { return_url: `${origin}${viewSubscriptionPath(sub)}` } });
    expect(sub.card).toMatchObject({ last4: '3220', brand: 'Visa', paymentMethodId: pm('3220') });
    expect(sub.pending).toBeNull();
    // A replay: the same answer, nothing more (no second notice, no second card).
    expect(await s.confirm({ intent_id: intent })).toEqual(done);
    expect(savedCards(s.session()).map((c) => c.last4)).toEqual(['4242', '3220']);
    const view = (await s.page(viewSubscriptionPath(sub))).doc;
    expect([...view.querySelectorAll('.woocommerce-message')].map(text)).toEqual(['Payment method updated.']);
    expect(paymentShown(view)).toBe('Via Visa card ending in 3220');
  });

  it('confirm_change_payment refuses another session, and a guest', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const location = (await s.changeToNew('3220')).headers.get('location')!;
    const intent = ROUTE.exec(location.slice(location.indexOf('#')))![2]!.split('_secret_')[0]!;
    const other = await shopper({ loggedIn: true });
    const answer = await other.confirm({ order_id: String(sub.id), intent_id: intent });
    expect(answer.success).toBe(false);
    await s.send(`/my-account/customer-logout/?_wpnonce=${s.nonce('log-out')}`);
    expect((await s.confirm({ order_id: String(sub.id), intent_id: intent })).success).toBe(false);
    expect(sub.card.last4).toBe('4242');
  });

  it('declined cards: the gateway’s notice on the page, the form again, nothing switched or kept', async () => {
    for (const [last4, code] of [
      ['0002', 'card_declined'],
      ['9995', 'insufficient_funds'],
      ['0069', 'expired_card'],
    ] as const) {
      resetStore();
      const s = await shopper({ loggedIn: true });
      const sub = s.subscription();
      const response = await s.changeToNew(last4);
      expect(response.status, last4).toBe(200);
      const doc = parse(await response.text());
      expect(errors(doc), last4).toEqual([PROVIDER_MESSAGES[code]]);
      expect(container(doc)!.querySelector('.woocommerce-notices-wrapper .woocommerce-error')).not.toBeNull();
      expect(changeForm(doc)).not.toBeNull();
      expect(sub.card.last4).toBe('4242');
      expect(sub.pending).toBeNull();
      expect(savedCards(s.session())).toHaveLength(1);
    }
  });

  it('refuses a token that is not the customer’s, a missing or unknown payment method, another gateway', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    const cases: [Record<string, string | null>, string][] = [
      [{ 'wc-stripe-payment-token': '99' }, "The selected payment method isn't valid."],
      [{ 'wc-stripe-payment-token': 'new' }, CARD_TEXT.missingDetails],
      [
        { 'wc-stripe-payment-token': 'new', 'wc-stripe-payment-method': 'pm_somethingElse' },
        CARD_TEXT.missingDetails,
      ],
      [{ 'wc-stripe-payment-token': 'new', 'wc-stripe-payment-method': HOSTILE }, CARD_TEXT.missingDetails],
      [{ payment_method: 'cod' }, SUBSCRIPTION_TEXT.invalidMethod],
      [{ payment_method: HOSTILE }, SUBSCRIPTION_TEXT.invalidMethod],
    ];
    for (const [changes, message] of cases) {
      const response = await s.change(changes);
      expect(response.status, JSON.stringify(changes)).toBe(200);
      const doc = parse(await response.text());
      expect(doc.querySelector('img')).toBeNull();
      expect(errors(doc), JSON.stringify(changes)).toEqual([message]);
      expect(sub.card.last4).toBe('4242');
    }
  });

  it('does nothing, silently, for a bad _wcsnonce, a wrong key or another customer’s POST', async () => {
    const s = await shopper({ loggedIn: true });
    const sub = s.subscription();
    for (const nonce of ['0123456789', null]) {
      const response = await s.change({
        _wcsnonce: nonce,
        'wc-stripe-payment-token': 'new',
        'wc-stripe-payment-method': pm('4444'),
      });
      expect(response.status).toBe(200);
      const doc = parse(await response.text());
      expect(errors(doc)).toEqual([]);
      expect(changeForm(doc)).not.toBeNull();
    }
    const wrongKey = s.changePath().replace(sub.key, 'wc_order_nope');
    const refused = await s.change(
      { 'wc-stripe-payment-token': 'new', 'wc-stripe-payment-method': pm('4444') },
      wrongKey,
    );
    expect(errors(parse(await refused.text()))).toEqual([SUBSCRIPTION_TEXT.invalidOrder]);
    // Another customer posting to this subscription's page with their own nonce.
    const other = await shopper({ loggedIn: true });
    const stolen = await other.post(
      s.changePath(),
      new URLSearchParams({
        payment_method: 'stripe',
        'wc-stripe-payment-token': '1',
        'wc-stripe-is-deferred-intent': '1',
        _wcsnonce: other.nonce(SUBSCRIPTION_NONCE.change),
        woocommerce_change_payment: String(sub.id),
      }),
    );
    expect(stolen.status).toBe(200);
    expect(sub.card.last4).toBe('4242');
    expect(savedCards(s.session())).toHaveLength(1);
    expect(store.takeNotices(s.session())).toEqual([]);
  });
});
