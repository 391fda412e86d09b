import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSearchAnswer, liveSearchIsland } from '../../demo/discovery/live-search';
import { IslandCollector } from '../../demo/islands';
import { startIslands } from '../../src/islands/runtime';
import { navigation } from '../../src/navigation';
import { gate } from '../../src/test/gate';
import { islandSrc, testRuntime } from '../../src/test/islands';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import island from './island';
import { forgetReport, LiveSearch } from './LiveSearch';
import stylesheet from './live-search.css?url';
import { LiveSearchPropsSchema, type LiveSearchProps } from './schema';

const server = setupServer();
withTestServer(server);

const AJAX = 'http://localhost:3000/wp-admin/admin-ajax.php';
let queries: string[] = [];
let aborted: string[] = [];

/** admin-ajax `commercekit_ajax_search` (GET), answered by `answer` (the demo store's by default). */
const search = (answer?: HttpResponseResolver) =>
  http.get(AJAX, (info) => {
    const url = new URL(info.request.url);
    if (url.searchParams.get('action') !== 'commercekit_ajax_search') return undefined;
    const query = url.searchParams.get('query') ?? '';
    queries.push(query);
    info.request.signal.addEventListener('abort', () => aborted.push(query));
    return answer ? answer(info) : HttpResponse.json(liveSearchAnswer(query, location.origin));
  });

const props = (overrides: Partial<LiveSearchProps> = {}) => LiveSearchPropsSchema.parse(overrides);
const field = () => screen.getByRole('combobox', { name: 'Search for:' });
const options = () => screen.queryAllByRole('option');
const TRAIL = 'Apex Glide Trail Shoes';

let assign: ReturnType<typeof vi.spyOn>;
let submitted: { prevented: boolean; data: [string, string][] }[] = [];
const onSubmit = (event: SubmitEvent) => {
  const form = event.target as HTMLFormElement;
  submitted.push({
    prevented: event.defaultPrevented,
    data: [...new FormData(form).entries()] as [string, string][],
  });
  event.preventDefault(); // jsdom cannot navigate
};

beforeEach(() => {
  queries = [];
  aborted = [];
  submitted = [];
  forgetReport();
  server.use(search());
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
  document.addEventListener('submit', onSubmit);
});
afterEach(() => {
  document.removeEventListener('submit', onSubmit);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LiveSearch', () => {
  it('is WooCommerce’s product search form, with a collapsed combobox', () => {
    render(<LiveSearch {...props()} />);
    const form = screen.getByRole('search');
    expect(form).toHaveClass('woocommerce-product-search');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('method', 'get');
    expect(field()).toHaveAttribute('id', 'woocommerce-product-search-field-0');
    expect(field()).toHaveAttribute('name', 's');
    expect(field()).toHaveAttribute('type', 'search');
    expect(field()).toHaveAttribute('placeholder', 'Search products\u2026');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-controls', 'woocommerce-product-search-field-0-listbox');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    expect(form.querySelector('input[type="hidden"][name="post_type"]')).toHaveValue('product');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the suggestions 200 ms after typing, announces their number, and goes to one with ArrowDown + Enter', async () => {
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(queries).toEqual(['trail']);
    expect(screen.getByRole('option', { name: /Apex Glide Trail Shoes/ })).toHaveTextContent('€104.99');
    const viewAll = screen.getByRole('link', { name: /^View all results \(\d+\)$/ });
    expect(viewAll).toHaveAttribute('href', `${location.origin}/?s=trail&post_type=product`);
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live')).toHaveTextContent('3 results available.'),
    );

    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'woocommerce-product-search-field-0-option-0');
    expect(screen.getByRole('option', { name: new RegExp(TRAIL) })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledWith(
      `${location.origin}/product/apex-glide-trail-shoes/?cgkit_search_word=trail`,
    );
    expect(submitted).toEqual([]);
  });

  it('goes to a suggestion clicked, keeping the focus in the field until then', async () => {
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'sweatband');
    await userEvent.click(await screen.findByRole('option', { name: /Sweatband/ }));
    expect(assign).toHaveBeenCalledWith(`${location.origin}/product/sweatband/?cgkit_search_word=sweatband`);
    expect(field()).toHaveFocus();
  });

  it('sends at most 2 requests for a 10-character query typed at 60 ms a key (200 ms debounce)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: 60 });
    render(<LiveSearch {...props()} />);
    await user.type(field(), 'trail shoe');
    // At most 60 ms have passed since the last key (user-event's delay after it, if any).
    expect(queries).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(queries).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(150));
    vi.useRealTimers();
    expect(await screen.findAllByRole('option')).not.toHaveLength(0);
    expect(queries.length).toBeLessThanOrEqual(2);
    expect(queries).toEqual(['trail shoe']);
  });

  it('paints a query answered before at once, with no request (cached per query, case and spaces ignored)', async () => {
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    await userEvent.clear(field());
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(field(), 'TRAIL  ');
    // No waiting: the answer is there in the same task as the keystroke.
    expect(options()).toHaveLength(3);
    expect(queries).toEqual(['trail']);
  });

  it('collapses spaces in the query it sends, and aborts the request in flight when a new one starts', async () => {
    server.use(
      search(
        ({ request }) =>
          new Promise<Response>((resolve) =>
            request.signal.addEventListener('abort', () => resolve(HttpResponse.error())),
          ),
      ),
    );
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'boo');
    await waitFor(() => expect(queries).toEqual(['boo']));
    expect(form()).toHaveAttribute('aria-busy', 'true');
    server.use(search());
    await userEvent.type(field(), 't   s');
    await waitFor(() => expect(queries).toEqual(['boo', 'boot s']));
    expect(aborted).toEqual(['boo']);
    await waitFor(() => expect(form()).not.toHaveAttribute('aria-busy'));
    expect(field()).toHaveValue('boot   s');
  });

  it('keeps, but does not show, an answer for a query the shopper has typed past', async () => {
    const held = gate();
    server.use(
      search(async ({ request }) => {
        await held.passed;
        return HttpResponse.json(
          liveSearchAnswer(new URL(request.url).searchParams.get('query')!, location.origin),
        );
      }),
    );
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await waitFor(() => expect(queries).toEqual(['trail']));
    await userEvent.type(field(), ' s');
    held.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() => expect(queries).toEqual(['trail', 'trail s']));
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.type(field(), '{Backspace}');
    expect(field()).toHaveValue('trail ');
    expect(options()).toHaveLength(3);
    expect(queries).toEqual(['trail', 'trail s']);
  });

  it('says the no-results text (§8) with no view-all link, or the configured one', async () => {
    const { unmount } = render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'zzzz');
    expect(await screen.findByText('No results')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() => expect(document.getElementById('shop-islands-live')).toHaveTextContent('No results'));
    unmount();

    render(<LiveSearch {...props({ noResultsText: 'Nothing matches' })} />);
    await userEvent.type(field(), 'zzzzz');
    expect(await screen.findByText('Nothing matches')).toBeVisible();
  });

  it('shows no popup for no results when the no-results text is empty', async () => {
    render(<LiveSearch {...props({ noResultsText: '' })} />);
    await userEvent.type(field(), 'zzzz');
    await waitFor(() => expect(queries).toEqual(['zzzz']));
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBeNull());
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No results')).toBeNull();
  });

  it('hides the popup and says nothing when the request fails (§8 "Ignored silently")', async () => {
    const error = vi.spyOn(console, 'error');
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    server.use(search(() => new HttpResponse('<h1>Error</h1>', { status: 500 })));
    await userEvent.type(field(), 's');
    await waitFor(() => expect(queries).toEqual(['trail', 'trails']));
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('listbox')).toBeNull();
    server.use(search(() => HttpResponse.error()));
    await userEvent.type(field(), 'x');
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(error).not.toHaveBeenCalled();
  });

  it('hides the popup on a malformed answer and says so once per page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(search(() => HttpResponse.json({ suggestions: 'nope' })));
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(String(error.mock.calls[0]![0])).toMatch(/^\[shop-islands\] live search: .*unexpected response/);
    expect(screen.queryByRole('listbox')).toBeNull();
    server.use(
      search(
        () =>
          new HttpResponse('{"suggestions":[{"data":"<a', {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await userEvent.type(field(), 's');
    await waitFor(() => expect(queries).toHaveLength(2));
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBeNull());
    expect(error).toHaveBeenCalledTimes(1);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows hostile suggestion HTML inert: no script, handler or javascript: link; such a suggestion cannot be chosen', async () => {
    server.use(
      search(() =>
        HttpResponse.json({
          suggestions: [
            {
              data: '<a href="javascript:alert(1)"><img src="x" onerror="window.hacked=1">Evil<script>window.hacked=2</script></a>',
            },
            { data: '<a href="https://evil.test/phish">Phish</a><iframe src="https://evil.test/"></iframe>' },
            {
              data: '<a href="/product/boots/"><b onclick="window.hacked=3">Boots</b></a><button>Buy</button>',
            },
          ],
          view_all_link: '<a href="javascript:alert(1)">View all</a>',
        }),
      ),
    );
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'evil');
    const [evil, phish, boots] = await screen.findAllByRole('option');
    const listbox = screen.getByRole('listbox');
    expect(listbox.innerHTML).not.toMatch(/onerror|onclick|script|iframe|javascript:|href=|<button/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(evil).toHaveAttribute('aria-disabled', 'true');
    expect(phish).toHaveAttribute('aria-disabled', 'true');
    expect(boots).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(phish!);
    expect(assign).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(assign).toHaveBeenCalledWith(`${location.origin}/product/boots/`);
  });

  it('closes with Escape, with a click outside and when the focus leaves; focus or ArrowDown opens it again', async () => {
    render(
      <>
        <LiveSearch {...props()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(document.body);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(field());
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(queries).toEqual(['trail']);
  });

  it('keeps the popup open while Tab goes to the Search button and the view-all link', async () => {
    render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: /View all results/ })).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('blocks a submission below 3 characters with an announced hint (§5), and lets a longer one go', async () => {
    render(<LiveSearch {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(submitted).toEqual([
      {
        prevented: true,
        data: [
          ['s', ''],
          ['post_type', 'product'],
        ],
      },
    ]);
    expect(field()).toHaveFocus();
    expect(field()).toHaveAccessibleDescription('Please enter at least 3 characters.');
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live-assertive')).toHaveTextContent(
        'Please enter at least 3 characters.',
      ),
    );
    await userEvent.type(field(), 'ab{Enter}');
    expect(submitted).toHaveLength(2);
    expect(submitted[1]!.prevented).toBe(true);

    await userEvent.type(field(), 'c');
    expect(field()).not.toHaveAccessibleDescription();
    await userEvent.type(field(), '   d{Enter}');
    expect(submitted[2]).toEqual({
      prevented: false,
      data: [
        ['s', 'abc d'],
        ['post_type', 'product'],
      ],
    });
  });

  it('starts with the current search in the field, and searches it when focused', async () => {
    render(<LiveSearch {...props({ query: 'trail' })} />);
    expect(field()).toHaveValue('trail');
    expect(queries).toEqual([]);
    await userEvent.click(field());
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(queries).toEqual(['trail']);
  });

  it('uses the ids of its idPrefix and goes to CommerceKit’s own admin-ajax URL', async () => {
    server.use(
      http.get('http://localhost:3000/shop/wp-admin/admin-ajax.php', ({ request }) => {
        queries.push(`shop:${new URL(request.url).searchParams.get('query')}`);
        return HttpResponse.json(liveSearchAnswer('trail', location.origin));
      }),
    );
    render(<LiveSearch {...props({ idPrefix: 'search-2', ajaxUrl: '/shop/wp-admin/admin-ajax.php' })} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    expect(queries).toEqual(['shop:trail']);
    expect(field()).toHaveAttribute('id', 'search-2');
    expect(screen.getByRole('listbox')).toHaveAttribute('id', 'search-2-listbox');
  });
});

describe('LiveSearch island', () => {
  it('mounts on the first focus, keeps what was typed before, and searches it', async () => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
    link.dataset.shopIslandsLoaded = '1';
    document.head.append(link);
    const chunk = gate();
    document.body.innerHTML = liveSearchIsland(new IslandCollector()).replace(
      'data-island="live-search"',
      `data-island="live-search" data-island-src="${islandSrc('live-search')}" data-hydrate="interaction"`,
    );
    const runtime = testRuntime({
      'live-search': async () => {
        await chunk.passed;
        return { default: island };
      },
    });
    const stop = startIslands(runtime);
    const fallback = screen.getByRole('searchbox', { name: 'Search for:' });
    expect(runtime.requested).toEqual([]);
    await userEvent.type(fallback, 'tra');
    expect(runtime.requested).toEqual([islandSrc('live-search')]);
    chunk.open();
    await waitFor(() => expect(field()).toHaveValue('tra'));
    expect(field()).toHaveFocus();
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(queries).toEqual(['tra']);
    stop();
    link.remove();
  });
});

describe('LiveSearch lifecycle', () => {
  it('leaves no timer, listener or request behind when it unmounts', async () => {
    const held = heldOpen('get', AJAX);
    const watch = watchLifecycle(server);
    const { unmount } = render(<LiveSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    server.use(held.handler);
    await userEvent.type(field(), 's');
    await expect.poll(held.seen).toBe(1);
    await userEvent.type(field(), 'x');
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});

const form = () => screen.getByRole('search');
