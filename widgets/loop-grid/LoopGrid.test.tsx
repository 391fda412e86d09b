import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GEAR,
  gearGridHtml,
  gearProducts,
  refreshLoopAnswer,
  type ServerFilters,
} from '../../demo/discovery/loop-filter';
import { IslandCollector } from '../../demo/islands';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { chooseTerms, resetListingStore } from '../../src/listing/store';
import { resetTemplateScroll } from '../../src/listing/template';
import { gate } from '../../src/test/gate';
import { withTestServer } from '../../src/test/server';
import { LoopGrid } from './LoopGrid';
import { LoopGridPropsSchema, type LoopGridProps } from './schema';

const server = setupServer();
withTestServer(server);

const ROUTE = '*/wp-json/elementor-pro/v1/refresh-loop';
const GRID = GEAR.gridId;
const FOOTBALL_OR_TENNIS: ServerFilters = { product_cat: { terms: ['football', 'tennis'], join: 'OR' } };

interface Sent {
  url: URL;
  body: Record<string, unknown>;
}
let sent: Sent[] = [];

/** The demo's refresh-loop, recording each request. */
const demoAnswer = http.post(ROUTE, async ({ request }) => {
  const url = new URL(request.url);
  const body = (await request.json()) as Record<string, unknown>;
  sent.push({ url, body });
  const answer = refreshLoopAnswer(body, url.origin, { query: url.searchParams });
  return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
});

const region = () =>
  document.querySelector<HTMLElement>(`.elementor-element-${GRID} > .elementor-widget-container`)!;
const count = () => region().querySelector('.woocommerce-result-count')?.textContent;
const politeRegion = () => document.getElementById(LIVE_REGION_IDS.polite);
const here = () => `${location.pathname}${location.search}`;

/** The page as the server prints it for `search`, with the grid island's root in the widget. */
function setup(search = '', props: Partial<LoopGridProps> = {}, filters: ServerFilters = {}, page = 1) {
  history.replaceState(null, '', `/gear/${search}`);
  document.body.innerHTML =
    `<div class="elementor elementor-${GEAR.postId}" data-elementor-id="${GEAR.postId}">` +
    `<div class="elementor-element elementor-element-${GRID} elementor-widget elementor-widget-loop-grid" data-id="${GRID}">` +
    '<div id="grid-island"></div>' +
    `${gearGridHtml(new IslandCollector(), filters, page)}</div></div>`;
  const parsed = LoopGridPropsSchema.parse({ widgetId: GRID, postId: GEAR.postId, ...props });
  return render(<LoopGrid {...parsed} />, { container: document.getElementById('grid-island')! });
}

beforeEach(() => {
  sent = [];
  resetListingStore();
  resetTemplateScroll();
  server.use(demoAnswer);
});
afterEach(() => {
  resetListingStore();
  vi.restoreAllMocks();
});

describe('LoopGrid: a filter change', () => {
  it('POSTs the filters once, replaces the grid, writes the URL and announces the count', async () => {
    setup();
    const total = gearProducts(FOOTBALL_OR_TENNIS).length;
    act(() => chooseTerms(GRID, 'product_cat', ['football', 'tennis'], 'OR'));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=football~tennis');
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${total} results`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.pathname).toBe('/wp-json/elementor-pro/v1/refresh-loop');
    expect(sent[0]!.url.searchParams.has(`e-page-${GRID}`)).toBe(false);
    expect(sent[0]!.body).toEqual({
      post_id: GEAR.postId,
      widget_filters: { taxonomy: { product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' } } },
      widget_id: GRID,
      pagination_base_url: `${location.origin}/gear/`,
    });
    await waitFor(() => expect(politeRegion()).toHaveTextContent(`Showing 1–12 of ${total} results`));
    expect(region()).not.toHaveAttribute('aria-busy');
  });

  it('sends pagination_base_url as given', async () => {
    setup('', { paginationBaseUrl: 'https://shop.example/gear/' });
    server.use(
      http.post(ROUTE, async ({ request }) => {
        sent.push({ url: new URL(request.url), body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({ data: '<div class="elementor-widget-container"><p>ok</p></div>' });
      }),
    );
    act(() => chooseTerms(GRID, 'product_tag', ['junior'], 'AND'));
    await waitFor(() => expect(region()).toHaveTextContent('ok'));
    expect(sent[0]!.body.pagination_base_url).toBe('https://shop.example/gear/');
  });

  it('dims the grid and marks it busy while the answer is on its way, the old grid kept', async () => {
    const answer = gate();
    server.use(
      http.post(ROUTE, async (info) => {
        await answer.passed;
        return demoAnswer.run(info).then((r) => r!.response!);
      }),
    );
    setup();
    const before = region();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    await waitFor(() => expect(region()).toHaveAttribute('aria-busy', 'true'));
    expect(region()).toBe(before);
    expect(region()).toHaveClass('e-loading');
    answer.open();
    await waitFor(() => expect(region()).not.toBe(before));
    expect(region()).not.toHaveAttribute('aria-busy');
    expect(region()).not.toHaveClass('e-loading');
  });

  it('one request per intent: a newer choice aborts the one on its way; only the last answer shows', async () => {
    const first = gate();
    let aborted = false;
    server.use(
      http.post(
        ROUTE,
        async ({ request }) => {
          request.signal.addEventListener('abort', () => (aborted = true));
          sent.push({ url: new URL(request.url), body: (await request.json()) as Record<string, unknown> });
          await first.passed;
          return HttpResponse.json({ data: '<div class="elementor-widget-container"><p>stale</p></div>' });
        },
        { once: true },
      ),
    );
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['football'], 'OR'));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => chooseTerms(GRID, 'product_cat', ['football', 'tennis'], 'OR'));
    const total = gearProducts(FOOTBALL_OR_TENNIS).length;
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${total} results`));
    expect(aborted).toBe(true);
    first.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(region()).not.toHaveTextContent('stale');
    expect(sent).toHaveLength(2);
  });

  it('keeps the focus where it is (on the filter), unless it was in the grid replaced', async () => {
    setup();
    const outside = document.createElement('button');
    outside.textContent = 'Filter';
    document.body.append(outside);
    outside.focus();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(count()).toMatch(/^Showing/));
    expect(outside).toHaveFocus();

    region().querySelector<HTMLAnchorElement>('a.woocommerce-loop-product__link')!.focus();
    act(() => chooseTerms(GRID, 'product_cat', ['boots'], 'DISABLED'));
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect(region()).toHaveFocus());
  });

  it('announces when nothing matches', async () => {
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['football', 'tennis'], 'AND'));
    await waitFor(() =>
      expect(politeRegion()).toHaveTextContent('No products were found matching your selection.'),
    );
  });

  it('keeps the islands of the answer, props and all, so that they mount at once', async () => {
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(region().querySelector('[data-island="add-to-cart"]')).not.toBeNull());
    const container = region().querySelector('[data-island="add-to-cart"]')!;
    expect(container.querySelector('script')).toBeNull();
    expect(JSON.parse(container.getAttribute('data-props')!)).toMatchObject({ label: 'Add to cart' });
  });

  it('sanitises the answer', async () => {
    server.use(
      http.post(ROUTE, () =>
        HttpResponse.json({
          data:
            '<div class="elementor-widget-container"><img src="x" onerror="window.__loopPwned=1">' +
            '<script>window.__loopPwned=1</script><a href="javascript:alert(1)">x</a></div>',
        }),
      ),
    );
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    await waitFor(() => expect(region().querySelector('img')).not.toBeNull());
    expect(region().innerHTML).not.toMatch(/onerror|<script|javascript:/);
    expect((window as unknown as Record<string, unknown>).__loopPwned).toBeUndefined();
  });
});

describe('LoopGrid: pagination', () => {
  it('fetches page 2 with the same filters, the page in the URL, then moves the focus to the grid', async () => {
    const search = '?e-filter-5e3c2a1-product_cat=football~tennis';
    setup(
      search,
      { filters: { product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' } } },
      FOOTBALL_OR_TENNIS,
    );
    const total = gearProducts(FOOTBALL_OR_TENNIS).length;
    await userEvent.click(screen.getByRole('link', { name: /^Page ?2$/ }));
    await waitFor(() => expect(count()).toBe(`Showing 13–24 of ${total} results`));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-page-5e3c2a1=2');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get(`e-page-${GRID}`)).toBe('2');
    expect(sent[0]!.body.widget_filters).toEqual({
      taxonomy: { product_cat: { terms: ['football', 'tennis'], logicalJoin: 'OR' } },
    });
    expect(region()).toHaveFocus();
    // The answer's own links work the same way: back to page 1.
    await userEvent.click(screen.getByRole('link', { name: /^Page ?1$/ }));
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${total} results`));
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=football~tennis');
  });

  it('leaves a click that opens a new tab, and links that are not pagination, to the browser', async () => {
    setup();
    const link = screen.getByRole('link', { name: /^Page ?2$/ });
    const clicks: boolean[] = [];
    document.addEventListener('click', (event) => {
      clicks.push(event.defaultPrevented);
      event.preventDefault(); // jsdom would try to navigate
    });
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    await user.click(region().querySelector<HTMLAnchorElement>('a.woocommerce-loop-product__link')!);
    expect(clicks).toEqual([false, false]);
    expect(sent).toHaveLength(0);
  });
});

describe('LoopGrid: Back and Forward', () => {
  it('shows the grid of the entry again, from the answers it has, or from the server', async () => {
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    const balls = gearProducts({ product_cat: { terms: ['balls'], join: 'AND' } }).length;
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${balls} results`));
    await userEvent.click(screen.getByRole('link', { name: /^Page ?2$/ }));
    await waitFor(() => expect(count()).toBe(`Showing 13–24 of ${balls} results`));
    expect(sent).toHaveLength(2);

    // Back: page 1 of balls, known.
    act(() => {
      history.replaceState(null, '', '/gear/?e-filter-5e3c2a1-product_cat=balls');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${balls} results`));
    expect(sent).toHaveLength(2);

    // Back again: the page as loaded, which the grid asks for again.
    act(() => {
      history.replaceState(null, '', '/gear/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(count()).toMatch(/^Showing 1–12 of \d+ results$/));
    expect(sent).toHaveLength(3);
    expect(sent[2]!.body.widget_filters).toEqual({});
  });
});

describe('LoopGrid: failures keep the grid', () => {
  const ALERT = 'The products could not be updated. Please try again.';

  it.each([
    ['a server error', () => new HttpResponse('<h1>Error</h1>', { status: 500 })],
    [
      'malformed JSON',
      () => new HttpResponse('{"data": "<div', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['an answer without data', () => HttpResponse.json({ html: '<p>x</p>' })],
    ['a network failure', () => HttpResponse.error()],
  ])('%s: the old grid stays, an alert says so, and Try again works', async (_name, fail) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(ROUTE, fail, { once: true }));
    setup();
    const before = region();
    const html = before.innerHTML;
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT);
    expect(region()).toBe(before);
    expect(region().innerHTML).toBe(html);
    expect(region()).not.toHaveAttribute('aria-busy');
    expect(error).toHaveBeenCalledTimes(1);
    // The choice is kept.
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_cat=balls');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const balls = gearProducts({ product_cat: { terms: ['balls'], join: 'AND' } }).length;
    await waitFor(() => expect(count()).toBe(`Showing 1–12 of ${balls} results`));
    expect(screen.queryByRole('alert')).toBeNull();
    // Its button is gone with the error: the focus is on the grid.
    expect(region()).toHaveFocus();
  });

  it('a request with no answer within the timeout fails the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(ROUTE, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    setup('', { timeout: 50 });
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT);
  });

  it('the next choice clears the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(ROUTE, () => new HttpResponse(null, { status: 500 }), { once: true }));
    setup();
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    await screen.findByRole('alert');
    act(() => chooseTerms(GRID, 'product_cat', ['boots'], 'DISABLED'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(count()).toMatch(/^Showing/));
  });
});

describe('LoopGrid: on load', () => {
  it('asks for nothing when the page shows what the URL says', async () => {
    setup('?e-filter-5e3c2a1-product_cat=football~tennis&e-page-5e3c2a1=2', {
      filters: { product_cat: { terms: ['tennis', 'football'], logicalJoin: 'OR' } },
      page: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);
  });

  it('asks for the grid the URL says when the server printed another', async () => {
    setup('?e-filter-5e3c2a1-product_cat=balls');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.widget_filters).toEqual({ taxonomy: { product_cat: { terms: ['balls'] } } });
  });

  it('scrolls to the template of theme_template_id, once; an invalid id is ignored', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    setup('?theme_template_id=4242');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    expect(scrollTo.mock.calls[0]?.[0]).toMatchObject({ behavior: 'smooth' });
    resetTemplateScroll();
    scrollTo.mockClear();
    setup('?theme_template_id=4242%22%5D');
    setup('?theme_template_id=4243');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
