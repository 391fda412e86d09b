/**
 * The shipping calculator island over the cart totals WooCommerce 9.9 printed
 * (../shared/woocommerce-samples/36: `div.cart_totals` with `form.woocommerce-shipping-calculator`,
 * and the page's `wc_address_i18n_params` / `wc_country_select_params`), its post answered with cart
 * pages made from that recording: the island keeps the markup and adds the behaviour.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { on } from '../../src/events/bus';
import { locatorOf, resolve } from '../../src/islands/locate';
import { withTestServer } from '../../src/test/server';
import island from './island';
import { CALCULATE_FAILED } from './model';
import { browser, limits } from './ShippingCalculator';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
const PAGE = readFileSync(`${SAMPLES}/36-get-cart-page-before-update.response.body.html`, 'utf8');
/** The recorded store's origin: the page's URLs are this page's own in the tests (jsdom's). */
const RECORDED_ORIGIN = 'http://127.0.0.1:8089';
const here = (html: string) => html.split(RECORDED_ORIGIN).join(window.location.origin);

function printed(name: string): unknown {
  const found = new RegExp(`var ${name} = (\\{.*?\\});\\n`).exec(PAGE);
  if (!found?.[1]) throw new Error(`${name} is not in the sample`);
  return JSON.parse(found[1]) as unknown;
}

const PROPS = {
  address: { i18n: printed('wc_address_i18n_params'), countrySelect: printed('wc_country_select_params') },
};

/** Sample 36's `div.cart_totals` (as printed, the calculator in it). */
function recordedTotals(page: string = PAGE): string {
  const doc = new DOMParser().parseFromString(here(page), 'text/html');
  return doc.querySelector('div.cart_totals')!.outerHTML;
}

/** A cart page as WooCommerce answers the calculator: sample 36 with `notices` and US shipping. */
function answerPage(notices: string, { updated = true } = {}): string {
  let page = PAGE.replace(
    '<div class="woocommerce-notices-wrapper"></div>',
    `<div class="woocommerce-notices-wrapper">${notices}</div>`,
  );
  if (updated) {
    page = page
      .replace(
        'Shipping options will be updated during checkout.',
        'Shipping to <strong>CA 90210, United States (US)</strong>. ',
      )
      .replace('>4.95</bdi>', '>15.00</bdi>')
      .replace('>239.89</bdi>', '>249.94</bdi>')
      .replace('>Calculate shipping</a>', '>Change address</a>');
  }
  return page;
}
const UPDATED = '<div class="woocommerce-info" role="status">Shipping costs updated.</div>';
const BAD_POSTCODE =
  '<ul class="woocommerce-error" role="alert">\n\t\t\t<li>\n\t\t\tPlease enter a valid postcode / ZIP.\t\t</li>\n\t</ul>';

const server = setupServer();
withTestServer(server);

let posts: URLSearchParams[] = [];
function answer(reply: (body: URLSearchParams) => Response | Promise<Response>) {
  server.use(
    http.post('*/cart/', async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      posts.push(body);
      return reply(body);
    }),
  );
}
const html = (page: string) =>
  new HttpResponse(page, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } });

let container: HTMLElement;
let notices: HTMLElement;
let unmount: () => void = () => {};
async function mount(props: Record<string, unknown> = PROPS, totals: string = recordedTotals()) {
  notices = document.createElement('div');
  notices.className = 'woocommerce-notices-wrapper';
  container = document.createElement('div');
  container.setAttribute('data-island', 'shipping-calculator');
  container.innerHTML = totals;
  document.body.append(notices, container);
  const result = await island.mount(container, props, {
    name: 'shipping-calculator',
    locate: { locatorOf, resolve },
  });
  if (!result.ok) throw new Error(`${result.field}: ${result.problem}`);
  unmount = result.unmount;
}
const form = () => container.querySelector<HTMLFormElement>('form.woocommerce-shipping-calculator')!;
const section = () => container.querySelector<HTMLElement>('section.shipping-calculator-form')!;
const toggle = () => screen.getByRole('button', { name: /Calculate shipping|Change address/ });
const totals = () => container.querySelector<HTMLElement>('div.cart_totals')!;
const posted = (name: string) => new FormData(form()).get(name);
async function open() {
  fireEvent.click(toggle());
  await waitFor(() => expect(section().style.display).toBe(''));
}
function pick(label: RegExp, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: option } });
  fireEvent.click(screen.getByRole('option', { name: option }));
}
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const update = () => fireEvent.click(screen.getByRole('button', { name: 'Update' }));

beforeEach(() => {
  posts = [];
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  unmount();
  unmount = () => {};
  container.remove();
  notices.remove();
  vi.restoreAllMocks();
  vi.useRealTimers();
  limits.timeoutMs = 20_000;
});

describe('the shipping calculator over WooCommerce 9.9’s cart totals', () => {
  it('keeps the server’s totals, closed, with searchable pickers in place of the selects', async () => {
    await mount();
    expect(section().style.display).toBe('none');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(form().querySelector('select#calc_shipping_country')).toBeNull();
    const country = screen.getByRole('combobox', { name: /Country \/ region/, hidden: true });
    expect(country).toHaveValue('Ireland');
    // The placeholder option (`default`) is not a country.
    expect(country).toHaveAttribute('placeholder', 'Select a country / region…');
    expect(screen.getByRole('combobox', { name: /County/, hidden: true })).toBeInTheDocument();
    expect(posted('calc_shipping_country')).toBe('IE');
    // The rest of the server's markup is untouched.
    expect(container.querySelector('.order-total')).toHaveTextContent('239.89');
  });

  it('beside WooCommerce’s cart.js: its document handlers never see the toggle or the submit; totals it replaces are adopted', async () => {
    answer(() => html(answerPage(UPDATED)));
    await mount();
    // cart.js binds on the document (`$( document ).on( 'click', '.shipping-calculator-button', … )`).
    const reached: string[] = [];
    const spy = (event: Event) => {
      const target = event.target as Element;
      const handled =
        event.type === 'submit' ? 'form.woocommerce-shipping-calculator' : '.shipping-calculator-button';
      if (target.closest(handled)) reached.push(event.type);
    };
    document.addEventListener('click', spy);
    document.addEventListener('submit', spy);
    try {
      await open();
      update();
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(reached).toEqual([]);
      // cart.js's update_cart_totals_div(): the server's new totals in place of ours.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Change address' })).toBeInTheDocument());
      totals().replaceWith(
        new DOMParser().parseFromString(recordedTotals(), 'text/html').querySelector('div.cart_totals')!,
      );
      // Adopted: closed, pickers drawn into the new form, and its Update posts once, through the island.
      await waitFor(() => expect(form().querySelector('select#calc_shipping_country')).toBeNull());
      expect(section().style.display).toBe('none');
      await open();
      expect(screen.getByRole('combobox', { name: /Country \/ region/ })).toHaveValue('Ireland');
      update();
      await waitFor(() => expect(posts).toHaveLength(2));
      expect(reached).toEqual([]);
    } finally {
      document.removeEventListener('click', spy);
      document.removeEventListener('submit', spy);
    }
  });

  it('the toggle opens and closes the calculator (click, Space), with aria-expanded and the reveal', async () => {
    await mount();
    await open();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(section()).toHaveClass('shop-islands-calc-reveal');
    fireEvent.keyDown(toggle(), { key: ' ' });
    await waitFor(() => expect(section().style.display).toBe('none'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the country’s rules: a state list → a picker, an empty list → hidden, none → text; labels, order', async () => {
    await mount();
    await open();
    // Ireland: County required, Eircode required (the rules' labels and markers on the printed rows).
    expect(container.querySelector('#calc_shipping_postcode_field label')).toHaveTextContent('Eircode *');
    expect(container.querySelector('#calc_shipping_city_field label')).toHaveTextContent('Town / City *');
    pick(/Country \/ region/, 'United States (US)');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveAttribute(
      'placeholder',
      'Select an option…',
    );
    expect(container.querySelector('#calc_shipping_postcode_field label')).toHaveTextContent('ZIP Code');
    pick(/Country \/ region/, 'France');
    expect(container.querySelector<HTMLElement>('#calc_shipping_state_field')!.hidden).toBe(true);
    expect(posted('calc_shipping_state')).toBe('');
    // France's postcode (priority 65) comes before the city.
    const rows = Array.from(section().querySelectorAll('p.form-row')).map((p) => p.id);
    expect(rows.indexOf('calc_shipping_postcode_field')).toBeLessThan(
      rows.indexOf('calc_shipping_city_field'),
    );
    pick(/Country \/ region/, 'United Kingdom (UK)');
    const state = form().querySelector<HTMLInputElement>('#calc_shipping_state')!;
    expect(state.type).toBe('text');
    expect(screen.getByRole('textbox', { name: /County/ })).toBe(state);
  });

  it('posts the form once per submit (calc_shipping=x, the nonce), the totals blocked until the answer', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answer(async () => {
      await held;
      return html(answerPage(UPDATED));
    });
    await mount();
    await open();
    pick(/Country \/ region/, 'United States (US)');
    pick(/^State/, 'California');
    type(/ZIP Code/, '90210');
    update();
    // A double click, Enter in a field, a script's submit: nothing more is sent.
    update();
    fireEvent.submit(form());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(totals()).toHaveAttribute('aria-busy', 'true');
    expect(totals()).toHaveClass('processing', 'shop-islands-blocked');
    expect(totals()).toHaveAttribute('inert');
    const body = posts[0]!;
    expect(body.get('calc_shipping')).toBe('x');
    expect(body.get('woocommerce-shipping-calculator-nonce')).toBe('9c949beca2');
    expect(body.get('calc_shipping_country')).toBe('US');
    expect(body.get('calc_shipping_state')).toBe('CA');
    expect(body.get('calc_shipping_postcode')).toBe('90210');
    await act(async () => {
      release();
      await held;
    });
    await waitFor(() =>
      expect(container.querySelector('.woocommerce-shipping-destination')).toHaveTextContent('CA 90210'),
    );
    expect(posts).toHaveLength(1);
  });

  it('replaces the totals and the notices with the answer’s, closes, focuses the toggle, says so, fires the events', async () => {
    answer(() => html(answerPage(UPDATED)));
    const fired: string[] = [];
    const off = [
      on('updated_cart_totals', () => fired.push('updated_cart_totals'), document.body),
      on('updated_wc_div', () => fired.push('updated_wc_div'), document.body),
    ];
    notices.innerHTML = '<div class="woocommerce-message" role="alert">An older notice.</div>';
    await mount();
    const before = totals();
    await open();
    pick(/Country \/ region/, 'United States (US)');
    update();
    await waitFor(() => expect(totals()).not.toBe(before));
    expect(totals()).not.toHaveAttribute('aria-busy');
    expect(container.querySelector('.order-total')).toHaveTextContent('249.94');
    expect(notices).toHaveTextContent('Shipping costs updated.');
    expect(notices).not.toHaveTextContent('An older notice.');
    expect(section().style.display).toBe('none');
    expect(toggle()).toHaveAccessibleName('Change address');
    await waitFor(() => expect(toggle()).toHaveFocus());
    // The new form is adopted again: its country select is a picker too.
    expect(form().querySelector('select#calc_shipping_country')).toBeNull();
    expect(screen.getByRole('combobox', { name: /Country \/ region/, hidden: true })).toBeInTheDocument();
    expect(fired).toEqual(['updated_cart_totals', 'updated_wc_div']);
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)).toHaveTextContent('Shipping costs updated.'),
    );
    off.forEach((stop) => stop());
  });

  it('WooCommerce’s error answer: the notice shown, the calculator open again with what was typed', async () => {
    answer(() => html(answerPage(BAD_POSTCODE, { updated: false })));
    await mount();
    await open();
    pick(/Country \/ region/, 'United States (US)');
    pick(/^State/, 'California');
    type(/Town \/ City/, 'Beverly Hills');
    type(/ZIP Code/, 'ABC');
    update();
    await waitFor(() => expect(notices).toHaveTextContent('Please enter a valid postcode / ZIP.'));
    expect(section().style.display).toBe('');
    expect(screen.getByRole('combobox', { name: /Country \/ region/ })).toHaveValue('United States (US)');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('California');
    expect(screen.getByRole('textbox', { name: /ZIP Code/ })).toHaveValue('ABC');
    expect(screen.getByRole('textbox', { name: /Town \/ City/ })).toHaveValue('Beverly Hills');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toHaveFocus());
  });

  it.each([
    ['a 500', () => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 })],
    ['a network error', () => HttpResponse.error()],
    ['a page without the totals', () => html('<!doctype html><p>Maintenance</p>')],
    ['JSON', () => HttpResponse.json({ result: 'failure' })],
  ])('%s: nothing replaced, an error in the calculator, nothing typed lost', async (_what, reply) => {
    answer(reply);
    await mount();
    const before = totals();
    await open();
    pick(/Country \/ region/, 'United States (US)');
    type(/ZIP Code/, '90210');
    update();
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(CALCULATE_FAILED);
    expect(totals()).toBe(before);
    expect(totals()).not.toHaveAttribute('aria-busy');
    expect(totals()).not.toHaveAttribute('inert');
    expect(screen.getByRole('combobox', { name: /Country \/ region/ })).toHaveValue('United States (US)');
    expect(screen.getByRole('textbox', { name: /ZIP Code/ })).toHaveValue('90210');
    expect(screen.getByRole('button', { name: 'Update' })).toHaveFocus();
    // Trying again sends again, and the error goes.
    answer(() => html(answerPage(UPDATED)));
    update();
    await waitFor(() => expect(notices).toHaveTextContent('Shipping costs updated.'));
    expect(posts).toHaveLength(2);
  });

  it('a timeout: the error notice, the totals unblocked', async () => {
    limits.timeoutMs = 50;
    answer(async () => {
      await delay('infinite');
      return html(answerPage(UPDATED));
    });
    await mount();
    await open();
    update();
    expect(await within(section()).findByRole('alert')).toHaveTextContent(CALCULATE_FAILED);
    expect(totals()).not.toHaveAttribute('aria-busy');
  });

  it('puts the answer in the page only sanitised: no handler, no script', async () => {
    const hostile = answerPage(
      '<div class="woocommerce-info" role="status">Updated<img src="x" onerror="window.__owned=1"></div>',
    )
      .replace(
        '<h2>Cart totals</h2>',
        '<h2 onclick="window.__owned=2">Cart totals</h2><script>window.__owned=3</script>',
      )
      .replace('class="checkout-button', 'onmouseover="window.__owned=4" class="checkout-button');
    answer(() => html(hostile));
    await mount();
    await open();
    update();
    await waitFor(() => expect(notices).toHaveTextContent('Updated'));
    expect(container.querySelector('[onclick], [onerror], [onmouseover], script')).toBeNull();
    expect(notices.querySelector('img')).not.toHaveAttribute('onerror');
    expect((window as Window & { __owned?: number }).__owned).toBeUndefined();
  });

  it('an answer with the cart emptied (the session ended) loads the page again', async () => {
    answer(() =>
      html(
        '<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div><div class="wc-empty-cart-message">' +
          '<div class="cart-empty woocommerce-info" role="status">Your cart is currently empty.</div></div></div>',
      ),
    );
    await mount();
    await open();
    update();
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
  });

  it('an island that goes while its post waits leaves nothing blocked, and the answer changes nothing', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answer(async () => {
      await held;
      return html(answerPage(UPDATED));
    });
    await mount();
    const before = totals();
    await open();
    update();
    await waitFor(() => expect(totals()).toHaveAttribute('aria-busy', 'true'));
    unmount();
    unmount = () => {};
    await waitFor(() => expect(totals()).not.toHaveAttribute('aria-busy'));
    expect(totals()).not.toHaveAttribute('inert');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(totals()).toBe(before);
    expect(notices).toBeEmptyDOMElement();
  });

  it('gives the server’s selects back when the island goes', async () => {
    await mount();
    unmount();
    unmount = () => {};
    expect(form().querySelector('select#calc_shipping_country')).not.toBeNull();
    expect(form().querySelector('select#calc_shipping_state')).not.toBeNull();
    expect(container.querySelector('[role="combobox"]')).toBeNull();
  });

  it('refuses props that are not WooCommerce’s address params: the markup stays', async () => {
    container = document.createElement('div');
    notices = document.createElement('div');
    container.innerHTML = recordedTotals();
    const result = await island.mount(
      container,
      { address: { i18n: {}, countrySelect: {} } },
      {
        name: 'shipping-calculator',
        locate: { locatorOf, resolve },
      },
    );
    expect(result.ok).toBe(false);
    expect(container.querySelector('select#calc_shipping_country')).not.toBeNull();
  });
});
