import { createRequire } from 'node:module';
import { act, render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../demo/handlers';
import type { Variation } from '../../src/contract/variation';
import { emit } from '../../src/events/bus';
import { withTestServer } from '../../src/test/server';
import island from './island';
import { SaleBadge } from './SaleBadge';
import { SaleBadgePropsSchema } from './schema';

const server = setupServer();
const AJAX = '*/wp-admin/admin-ajax.php';
let posted: URLSearchParams[] = [];

const salePrices = (answer: () => Response | Promise<Response>) =>
  http.post(AJAX, async ({ request }) => {
    const fields = new URLSearchParams(await request.text());
    if (fields.get('action') !== 'shoptimizer_get_sale_prices') return undefined;
    posted.push(fields);
    return answer();
  });

const variation = (id: number) => ({ variation_id: id, attributes: {} }) as unknown as Variation;

/** The product page around the badge: the variations form fires the events. */
function renderBadge(overrides: Record<string, unknown> = {}, variationId = '0') {
  document.body.innerHTML =
    `<form class="variations_form cart" data-product_id="18">` +
    `<input type="hidden" name="variation_id" class="variation_id" value="${variationId}"></form>`;
  const form = document.querySelector('form')!;
  const props = SaleBadgePropsSchema.parse({ productId: 18, ...overrides });
  const view = render(<SaleBadge {...props} />);
  return { ...view, form, choose: (id: number) => act(() => emit('found_variation', [variation(id)], form)) };
}

const badge = () => screen.getByText(/^(Sale!|-\d+%)$/);
const loaded = () => waitFor(() => expect(posted).toHaveLength(1));

withTestServer(server);
beforeEach(() => {
  posted = [];
  server.use(...createHandlers({ singleSession: true }));
});

describe('SaleBadge (against the demo store)', () => {
  it('asks once for the percents with product_id, showing the server’s badge meanwhile', async () => {
    server.use(
      salePrices(async () => {
        await delay(50);
        return HttpResponse.json({ percents: { 22: '-25%' } });
      }),
    );
    const { choose } = renderBadge();
    expect(badge()).toHaveTextContent('Sale!');
    expect(badge()).toHaveClass('onsale');
    choose(22); // before the answer: unchanged until it comes
    expect(badge()).toHaveTextContent('Sale!');
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
    expect(Object.fromEntries(posted[0]!)).toEqual({
      action: 'shoptimizer_get_sale_prices',
      product_id: '18',
    });
  });

  it('UK 2 / Blue (29.99 of 39.99): "-25%"; a variation at full price: hidden; reset: "Sale!" again', async () => {
    server.use(salePrices(() => HttpResponse.json({ percents: { 22: '-25%' } })));
    const { choose, form } = renderBadge();
    await loaded();
    choose(22);
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
    expect(badge()).toBeVisible();

    choose(21);
    expect(screen.getByText('Sale!', { ignore: '' })).not.toBeVisible();

    act(() => emit('reset_data', [], form));
    expect(badge()).toHaveTextContent('Sale!');
    expect(badge()).toBeVisible();
  });

  it('the real demo handler labels UK 2 / Blue "-25%"', async () => {
    const { choose } = renderBadge();
    choose(22);
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
  });

  it('a variation chosen before it mounted (input.variation_id) shows its label', async () => {
    renderBadge({}, '22');
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
  });

  it('is not a live region: its changes are not announced', async () => {
    const { choose } = renderBadge();
    choose(22);
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
    expect(badge().closest('[aria-live],[role="status"],[role="alert"]')).toBeNull();
    expect(document.getElementById('shop-islands-live')?.textContent ?? '').toBe('');
  });

  it('a foreign DOM CustomEvent on the form is followed too', async () => {
    const { form } = renderBadge();
    act(() => {
      form.dispatchEvent(new CustomEvent('found_variation', { bubbles: true, detail: [variation(22)] }));
    });
    await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
  });

  it('WooCommerce’s own jQuery `trigger` (add-to-cart-variation.js) is followed too', async () => {
    const exported: unknown = createRequire(import.meta.url)('jquery');
    const jq = (
      (exported as { fn?: unknown }).fn ? exported : (exported as (w: Window) => unknown)(window)
    ) as (target: Element) => { trigger(name: string, args?: unknown[]): void };
    (window as Window & { jQuery?: unknown }).jQuery = jq;
    try {
      const { form } = renderBadge();
      act(() => jq(form).trigger('found_variation', [variation(22)]));
      await waitFor(() => expect(badge()).toHaveTextContent('-25%'));
      act(() => jq(form).trigger('reset_data'));
      expect(badge()).toHaveTextContent('Sale!');
    } finally {
      delete (window as Window & { jQuery?: unknown }).jQuery;
    }
  });

  it.each([
    ['a server error (500)', () => new HttpResponse('<h1>Error</h1>', { status: 500 })],
    [
      'malformed JSON',
      () => new HttpResponse('{"percents":', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['an answer not the contract', () => HttpResponse.json({ success: false, data: { message: 'x' } })],
    ["admin-ajax's 0 (unknown action)", () => new HttpResponse('0', { status: 400 })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s: no percent, no error shown, the server’s badge stays; the console says why', async (_c, fail) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(salePrices(fail));
    const { choose, container } = renderBadge();
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('sale-badge: the sale percents could not be loaded'),
      expect.anything(),
    );
    choose(22);
    choose(21);
    expect(badge()).toHaveTextContent('Sale!');
    expect(badge()).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toBe('Sale!');
  });

  it('a timeout: the server’s badge stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      salePrices(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { choose } = renderBadge({ timeout: 30 });
    await waitFor(() => expect(error).toHaveBeenCalled());
    choose(22);
    expect(badge()).toHaveTextContent('Sale!');
  });

  it('unmounting aborts the request without an error', async () => {
    const error = vi.spyOn(console, 'error');
    server.use(
      salePrices(async () => {
        await delay(100);
        return HttpResponse.json({ percents: [] });
      }),
    );
    const { unmount } = renderBadge();
    await loaded();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(error).not.toHaveBeenCalled();
  });
});

describe('sale-badge island', () => {
  const locate = { locatorOf: () => null, resolve: () => null } as never;
  it.each([
    [{}, 'productId'],
    [{ productId: 0 }, 'productId'],
    [{ productId: 'x' }, 'productId'],
    [{ productId: 18, label: '' }, 'label'],
  ])('refuses bad props %j, naming %s, and leaves the fallback', async (props, field) => {
    const container = document.createElement('div');
    container.innerHTML = '<span class="onsale">Sale!</span>';
    const result = await island.mount(container, props, { name: 'sale-badge', locate });
    expect(result).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe('<span class="onsale">Sale!</span>');
  });
});
