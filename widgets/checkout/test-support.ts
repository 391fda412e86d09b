/**
 * The page WooCommerce 9.9 printed with the Stripe gateway (../shared/woocommerce-samples/40) and
 * its recorded answers, for the checkout island's tests: the markup, the settings objects it
 * localised, a container with the island mounted on it, and wc-ajax answers that record each call.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { locatorOf, resolve } from '../../src/islands/locate';
import island from './island';

const SAMPLES = join(import.meta.dirname, '../../../shared/woocommerce-samples');
export const sample = (name: string) => readFileSync(`${SAMPLES}/${name}`, 'utf8');
export const PAGE = sample('40-get-checkout-page.response.body.html');

/** A settings object the page localised (`var name = {…};`). */
export function printed(name: string): Record<string, unknown> {
  const found = new RegExp(`var ${name} = (\\{.*?\\});\\n`).exec(PAGE);
  if (!found?.[1]) throw new Error(`${name} is not in the sample`);
  return JSON.parse(found[1]) as Record<string, unknown>;
}

/** The page's `.woocommerce` block: notices, login, coupon and checkout forms. */
export function checkoutMarkup(): string {
  const start = PAGE.indexOf('<div class="woocommerce"><div class="woocommerce-notices-wrapper">');
  const form = PAGE.indexOf('<form name="checkout"', start);
  const end = PAGE.indexOf('</form>', form) + '</form>'.length;
  return `${PAGE.slice(start, end)}</div>`;
}

/** The island's props as the page's settings give them. */
export const SAMPLE_PROPS = {
  nonces: { updateOrderReview: 'e35269a606', applyCoupon: '9ce4831a65', removeCoupon: 'a71fb76d72' },
  isCheckout: true,
  ordersUrl: 'http://localhost:3000/my-account/orders/',
  address: { i18n: printed('wc_address_i18n_params'), countrySelect: printed('wc_country_select_params') },
};

export type Answer = (body: URLSearchParams) => Response | Promise<Response>;

/** Sample 41: the review's answer. */
export const REVIEW_OK: Answer = () =>
  new HttpResponse(sample('41-wc-ajax-update_order_review.response.body.json'), {
    headers: { 'Content-Type': 'application/json' },
  });

/** wc-ajax calls answered per endpoint (others: 400 `-1`), each one recorded. */
export function wcAjaxRecorder(server: SetupServer) {
  const calls: { endpoint: string; body: URLSearchParams }[] = [];
  return {
    calls,
    count: (endpoint: string) => calls.filter((c) => c.endpoint === endpoint).length,
    bodyOf: (endpoint: string) => calls.find((c) => c.endpoint === endpoint)?.body,
    reset: () => calls.splice(0),
    answer(answers: Record<string, Answer>) {
      server.use(
        http.post('*/', async ({ request }) => {
          const endpoint = new URL(request.url).searchParams.get('wc-ajax') ?? '';
          const body = new URLSearchParams(await request.text());
          calls.push({ endpoint, body });
          const reply = answers[endpoint];
          return reply ? reply(body) : new HttpResponse('-1', { status: 400 });
        }),
      );
    },
  };
}

/** The page's checkout block in the document, the island mounted on it as the runtime would. */
export async function mountCheckout(props: Record<string, unknown>) {
  const container = document.createElement('div');
  container.setAttribute('data-island', 'checkout');
  container.innerHTML = checkoutMarkup();
  document.body.append(container);
  const result = await island.mount(container, props, { name: 'checkout', locate: { locatorOf, resolve } });
  if (!result.ok) throw new Error(`${result.field}: ${result.problem}`);
  return { container, unmount: result.unmount };
}
