import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { smartSearchIsland, ysmSearchAnswer } from '../../demo/discovery/smart-search';
import { IslandCollector } from '../../demo/islands';
import { resetSearchNonce } from '../../src/endpoints/search';
import { startIslands } from '../../src/islands/runtime';
import { navigation } from '../../src/navigation';
import { forgetRecentSearchesForTests, readRecentSearches } from '../../src/search/recent-searches';
import { gate } from '../../src/test/gate';
import { islandSrc, testRuntime } from '../../src/test/islands';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { TEST_SETTINGS, withTestServer } from '../../src/test/server';
import island from './island';
import { SmartSearchPropsSchema, type SmartSearchPropsInput } from './schema';
import { forgetMalformedLogForTests, SmartSearch } from './SmartSearch';
import stylesheet from './smart-search.css?url';

const server = setupServer();
withTestServer(server, { ...TEST_SETTINGS, rest_nonce: 'aaaaaaaaaa' });

const ROUTE = 'http://localhost:3000/wp-json/ysm/v1/search';
let queries: string[] = [];
let nonces: (string | null)[] = [];
let aborted: string[] = [];

/** GET ysm/v1/search, answered by `answer` (the demo store's by default). */
const search = (answer?: HttpResponseResolver) =>
  http.get(ROUTE, (info) => {
    const url = new URL(info.request.url);
    const query = url.searchParams.get('query') ?? '';
    queries.push(query);
    nonces.push(info.request.headers.get('x-wp-nonce'));
    info.request.signal.addEventListener('abort', () => aborted.push(query));
    return answer
      ? answer(info)
      : HttpResponse.json(ysmSearchAnswer(url.searchParams, location.origin) as JsonBodyType);
  });

const props = (overrides: Partial<SmartSearchPropsInput> = {}) =>
  SmartSearchPropsSchema.parse({ id: '1', ...overrides });
const field = () => screen.getByRole('combobox', { name: 'Search for:' });
const options = () => screen.queryAllByRole('option');
const live = () => document.getElementById('shop-islands-live');

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  queries = [];
  nonces = [];
  aborted = [];
  localStorage.clear();
  forgetRecentSearchesForTests();
  forgetMalformedLogForTests();
  resetSearchNonce();
  server.use(search());
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SmartSearch', () => {
  it('is the plugin’s search form with a collapsed combobox and the mobile toggle', () => {
    render(<SmartSearch {...props()} />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('id', 'smart-search-1-form');
    expect(field()).toHaveAttribute('name', 's');
    expect(field()).toHaveAttribute('type', 'search');
    expect(field()).toHaveAttribute('placeholder', 'Search for products…');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-controls', 'smart-search-1-listbox');
    expect(form.querySelector('input[type="hidden"][name="search_id"]')).toHaveValue('1');
    expect(form.querySelector('input[name="post_type"]')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    const toggle = screen.getByRole('button', { name: 'Search', expanded: false });
    expect(toggle).toHaveAttribute('aria-controls', 'smart-search-1-form');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows suggestions 100 ms after typing, announces their number, and opens one with ArrowDown + Enter', async () => {
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(10);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(queries).toEqual(['trail']);
    expect(nonces).toEqual(['aaaaaaaaaa']);
    expect(screen.getByRole('option', { name: /Apex Glide Trail Shoes/ })).toHaveTextContent('€');
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      `${location.origin}/?s=trail&search_id=1&post_type=product`,
    );
    await waitFor(() => expect(live()).toHaveTextContent('10 results'));

    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'smart-search-1-option-0');
    expect(screen.getByRole('option', { name: /Apex Glide Trail Shoes/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${location.origin}/product/apex-glide-trail-shoes/`),
    );
    expect(readRecentSearches()).toEqual(['trail']);
  });

  it('opens a suggestion clicked, keeping the focus in the field', async () => {
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'sweatband');
    await userEvent.click(await screen.findByRole('option', { name: /Sweatband/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/product/sweatband/`));
    expect(field()).toHaveFocus();
  });

  it('sends at most 2 requests for a 10-character query typed at 60 ms a key (100 ms debounce)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: 60 });
    render(<SmartSearch {...props()} />);
    await user.type(field(), 'trail shoe');
    expect(queries).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(120));
    vi.useRealTimers();
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    expect(queries.length).toBeLessThanOrEqual(2);
    expect(queries).toEqual(['trail shoe']);
  });

  it('paints a query answered before at once, with no request and no debounce (case and spaces ignored)', async () => {
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    await userEvent.clear(field());
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(field(), 'TRAIL  ');
    // No waiting: the answer is there in the same task as the keystroke.
    expect(options()).toHaveLength(10);
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
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'boo');
    await waitFor(() => expect(queries).toEqual(['boo']));
    server.use(search());
    await userEvent.type(field(), 't   s');
    await waitFor(() => expect(queries).toEqual(['boo', 'boot s']));
    expect(aborted).toEqual(['boo']);
    expect(field()).toHaveValue('boot   s');
  });

  it('sends no request for a query extending one that found nothing (§5), unless preventBadQueries is off', async () => {
    const { unmount } = render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'zzzz');
    await waitFor(() => expect(live()).toHaveTextContent('No results'));
    await userEvent.type(field(), 'zz');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(queries).toEqual(['zzzz']);
    unmount();

    render(<SmartSearch {...props({ preventBadQueries: false })} />);
    await userEvent.type(field(), 'zzzz');
    await waitFor(() => expect(queries).toEqual(['zzzz', 'zzzz']));
    await userEvent.type(field(), 'z');
    await waitFor(() => expect(queries).toEqual(['zzzz', 'zzzz', 'zzzzz']));
  });

  it('nothing found: no popup without a no-results text (§4), the text when configured; the count is said either way', async () => {
    const { unmount } = render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'zzzz');
    await waitFor(() => expect(live()).toHaveTextContent('No results'));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.smart-search-popup')).not.toBeVisible();
    unmount();

    render(<SmartSearch {...props({ noResultsText: 'Nothing matches' })} />);
    await userEvent.type(field(), 'qqqq');
    expect(await screen.findByText('Nothing matches')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'View all' })).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('§8: retries once with a fresh nonce, hiding the popup meanwhile', async () => {
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    const retried = gate();
    server.use(
      search(async ({ request }) => {
        if (request.headers.get('x-wp-nonce') !== 'bbbbbbbbbb') {
          return HttpResponse.json(
            { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' },
            { status: 403, headers: { 'X-WP-Nonce': 'bbbbbbbbbb' } },
          );
        }
        await retried.passed;
        return HttpResponse.json(
          ysmSearchAnswer(new URL(request.url).searchParams, location.origin) as JsonBodyType,
        );
      }),
    );
    await userEvent.type(field(), ' shoe');
    await waitFor(() => expect(nonces).toEqual(['aaaaaaaaaa', 'aaaaaaaaaa', 'bbbbbbbbbb']));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    retried.open();
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'true'));
    expect(queries).toEqual(['trail', 'trail shoe', 'trail shoe']);
  });

  it('hides the popup and says nothing when the request fails (§8 "Ignored silently")', async () => {
    const error = vi.spyOn(console, 'error');
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    server.use(search(() => new HttpResponse('<h1>Error</h1>', { status: 500 })));
    await userEvent.type(field(), 's');
    // The error answer, then the one retry of §8 (without the nonce), then nothing.
    await waitFor(() => expect(queries).toEqual(['trail', 'trails', 'trails']));
    expect(nonces).toEqual(['aaaaaaaaaa', 'aaaaaaaaaa', null]);
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'false'));
    expect(document.querySelector('.smart-search-popup')).not.toBeVisible();
    server.use(search(() => HttpResponse.error()));
    await userEvent.type(field(), 'x');
    await waitFor(() => expect(queries).toHaveLength(4));
    expect(error).not.toHaveBeenCalled();
  });

  it('hides the popup on a malformed answer and logs it once per page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(search(() => HttpResponse.json({ suggestions: 'nope' })));
    render(
      <>
        <SmartSearch {...props()} />
        <SmartSearch {...props({ idPrefix: 'second', label: 'Second search' })} />
      </>,
    );
    await userEvent.type(field(), 'trail');
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(String(error.mock.calls[0]![0])).toMatch(
      /^\[shop-islands\] smart-search: the search answer is malformed/,
    );
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    server.use(search(() => new HttpResponse('{"suggestions":[{"data":"<a', { status: 200 })));
    await userEvent.type(screen.getByRole('combobox', { name: 'Second search' }), 'boots');
    await waitFor(() => expect(queries).toEqual(['trail', 'boots']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).toHaveBeenCalledTimes(1);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows hostile suggestion HTML inert, skips id -1 and what has no safe URL, and offers add-to-cart links', async () => {
    server.use(
      search(() =>
        HttpResponse.json({
          suggestions: [
            { value: 'Header', data: '<b>Popular</b>', id: -1, url: '/shop/' },
            {
              value: 'Evil',
              data: '<a href="javascript:alert(1)"><img src="x" onerror="window.hacked=1">Evil<script>window.hacked=2</script></a>',
              url: 'javascript:alert(1)',
            },
            {
              value: 'Boots',
              data: '<a href="/product/boots/"><div class="smart-search-post-title" onclick="window.hacked=3">Boots</div></a>',
              url: '/product/boots/',
              id: 12,
              addToCart: '/?add-to-cart=12',
            },
          ],
          view_all_link: '<a href="https://evil.test/?s=x">View all</a>',
          keywords: [],
        }),
      ),
    );
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'evil');
    const [header, evil, boots] = await screen.findAllByRole('option');
    const listbox = screen.getByRole('listbox');
    expect(listbox.innerHTML).not.toMatch(/onerror|onclick|script|javascript:|href=/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(header).toHaveAttribute('aria-disabled', 'true');
    expect(evil).toHaveAttribute('aria-disabled', 'true');
    expect(boots).not.toHaveAttribute('aria-disabled');
    // Another origin's 'view all' link is not shown.
    expect(screen.queryByRole('link', { name: 'View all' })).toBeNull();
    const cart = screen.getByRole('link', { name: 'Add to cart: “Boots”' });
    expect(cart).toHaveAttribute('href', `${location.origin}/?add-to-cart=12`);
    expect(screen.getAllByRole('link', { name: /Add to cart/ })).toHaveLength(1);
    await userEvent.click(header!);
    await userEvent.click(evil!);
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'smart-search-1-option-2');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'smart-search-1-option-2');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/product/boots/`));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('refuses to open a suggestion on another site, and says why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      search(() =>
        HttpResponse.json({
          suggestions: [{ value: 'Phish', data: 'Phish', url: 'https://evil.test/phish', id: 3 }],
        }),
      ),
    );
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'phish');
    await screen.findByRole('option', { name: 'Phish' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(live()).toHaveTextContent('This link leads away from the store, so it was not followed.'),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape, with a click outside and when the focus leaves; focus or ArrowDown opens it again', async () => {
    render(
      <>
        <SmartSearch {...props()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.type(field(), 'trail');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveFocus();
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

  it('keeps the popup open while Tab goes to the Search button and the popup’s links', async () => {
    render(<SmartSearch {...props()} />);
    await userEvent.type(field(), 'sweatband');
    await screen.findAllByRole('option');
    await userEvent.tab();
    expect(within(screen.getByRole('search')).getByRole('button', { name: 'Search' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Add to cart: “Sweatband”' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('blocks a submission shorter than charCount, saying why (§5), and submits /?s=…&search_id=… otherwise', async () => {
    render(<SmartSearch {...props()} />);
    const submit = within(screen.getByRole('search')).getByRole('button', { name: 'Search' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter at least 3 characters.');
    expect(field()).toHaveFocus();
    expect(field()).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field(), 'ab{Enter}');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.type(field(), 'c');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field()).not.toHaveAccessibleDescription();
    await userEvent.type(field(), '   d{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/?s=abc+d&search_id=1`));
    expect(readRecentSearches()).toEqual(['abc d']);
  });

  it('adds &post_type={productSlug} for the product layout, and keeps the home URL', async () => {
    render(
      <SmartSearch {...props({ layout: 'product', productSlug: 'produkt', homeUrl: '/fr/?lang=fr' })} />,
    );
    expect(screen.getByRole('search').querySelector('input[name="post_type"]')).toHaveValue('produkt');
    await userEvent.type(field(), 'boots{Enter}');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        `${location.origin}/fr/?lang=fr&s=boots&search_id=1&post_type=produkt`,
      ),
    );
  });

  it('with disableAjax: no suggestions, no request; the form still submits', async () => {
    render(<SmartSearch {...props({ disableAjax: true })} />);
    await userEvent.type(field(), 'trail');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(queries).toEqual([]);
    expect(options()).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/?s=trail&search_id=1`));
  });

  it('follows charCount', async () => {
    render(<SmartSearch {...props({ charCount: 5 })} />);
    await userEvent.type(field(), 'trai');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(queries).toEqual([]);
    await userEvent.type(field(), 'l');
    await waitFor(() => expect(queries).toEqual(['trail']));
  });

  it('starts with the current search in the field, and searches it when focused', async () => {
    render(<SmartSearch {...props({ query: 'trail' })} />);
    expect(field()).toHaveValue('trail');
    expect(queries).toEqual([]);
    await userEvent.click(field());
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    expect(queries).toEqual(['trail']);
  });

  it('the mobile toggle shows the form and moves the focus into it', async () => {
    render(<SmartSearch {...props()} />);
    const toggle = screen.getByRole('button', { name: 'Search', expanded: false });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.closest('.smart-search')).toHaveClass('is-expanded');
    expect(field()).toHaveFocus();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('SmartSearch full-screen overlay', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Search' });
  const overlayField = () => within(dialog()).getByRole('combobox', { name: 'Search for:' });

  it('opens on focus (enable), traps the focus, searches, and closes with Escape, focus back, cleared after 500 ms', async () => {
    render(
      <SmartSearch
        {...props({ fullScreenMode: 'enable', recentSearches: true, keywords: true, keywordsLabel: 'Try' })}
      />,
    );
    const inline = field();
    await userEvent.click(inline);
    expect(await screen.findByRole('dialog', { name: 'Search' })).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(overlayField()).toHaveFocus());
    await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'animated'));
    await userEvent.keyboard('boo');
    const listbox = await within(dialog()).findByRole('listbox', { name: 'Search suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(10);
    // The keywords of the answer, in the extras panel.
    expect(await within(dialog()).findByRole('button', { name: 'football boots' })).toBeVisible();
    await userEvent.tab({ shift: true });
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    overlayField().focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(inline).toHaveFocus();
    expect(inline).toHaveValue('boo');
    await waitFor(() => expect(inline).toHaveValue(''), { timeout: 2000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the Close button closes it; a recent search is shown and searched when picked', async () => {
    localStorage.setItem('shop-islands-recent-searches', JSON.stringify(['trail']));
    forgetRecentSearchesForTests();
    render(<SmartSearch {...props({ fullScreenMode: 'desktop_only', recentSearches: true })} />);
    await userEvent.click(field());
    const recent = await within(await screen.findByRole('dialog')).findByRole('button', { name: 'trail' });
    await userEvent.click(recent);
    expect(await within(dialog()).findAllByRole('option')).toHaveLength(10);
    expect(overlayField()).toHaveValue('trail');
    expect(overlayField()).toHaveFocus();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field()).toHaveFocus();
  });

  it('follows the 768 px breakpoint: mobile_only opens only below it, from the toggle too', async () => {
    const matches = { value: false };
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches.value, media: query }));
    const { unmount } = render(<SmartSearch {...props({ fullScreenMode: 'mobile_only' })} />);
    await userEvent.click(field());
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    matches.value = true;
    render(<SmartSearch {...props({ fullScreenMode: 'mobile_only' })} />);
    const toggle = screen.getByRole('button', { name: 'Search', expanded: false });
    await userEvent.click(toggle);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
    vi.unstubAllGlobals();
  });

  it('submits from the overlay, recording the search', async () => {
    render(<SmartSearch {...props({ fullScreenMode: 'enable', layout: 'product' })} />);
    await userEvent.click(field());
    await waitFor(() => expect(overlayField()).toHaveFocus());
    await userEvent.keyboard('gloves{Enter}');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${location.origin}/?s=gloves&search_id=1&post_type=product`),
    );
    expect(readRecentSearches()).toEqual(['gloves']);
  });
});

describe('SmartSearch island', () => {
  it('mounts on the first focus, keeps what was typed before, and searches it', async () => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
    link.dataset.shopIslandsLoaded = '1';
    document.head.append(link);
    const chunk = gate();
    document.body.innerHTML = smartSearchIsland(new IslandCollector()).replace(
      'data-island="smart-search"',
      `data-island="smart-search" data-island-src="${islandSrc('smart-search')}" data-hydrate="interaction"`,
    );
    const runtime = testRuntime({
      'smart-search': async () => {
        await chunk.passed;
        return { default: island };
      },
    });
    const stop = startIslands(runtime);
    const fallback = screen.getByRole('searchbox', { name: 'Search for:' });
    expect(runtime.requested).toEqual([]);
    await userEvent.type(fallback, 'boo');
    expect(runtime.requested).toEqual([islandSrc('smart-search')]);
    chunk.open();
    await waitFor(() => expect(field()).toHaveValue('boo'));
    expect(field()).toHaveFocus();
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    expect(queries).toEqual(['boo']);
    stop();
    link.remove();
  });

  it('replays a tap on the fallback’s toggle link on the mounted toggle', async () => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
    link.dataset.shopIslandsLoaded = '1';
    document.head.append(link);
    const chunk = gate();
    document.body.innerHTML = smartSearchIsland(new IslandCollector()).replace(
      'data-island="smart-search"',
      `data-island="smart-search" data-island-src="${islandSrc('smart-search')}" data-hydrate="interaction"`,
    );
    const stop = startIslands(
      testRuntime({
        'smart-search': async () => {
          await chunk.passed;
          return { default: island };
        },
      }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    chunk.open();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Search', expanded: true })).toBeInTheDocument(),
    );
    expect(field()).toHaveFocus();
    stop();
    link.remove();
  });
});

describe('SmartSearch lifecycle', () => {
  it('leaves no timer, listener or request behind when it unmounts', async () => {
    const held = heldOpen('get', ROUTE);
    const watch = watchLifecycle(server);
    const { unmount } = render(<SmartSearch {...props()} />);
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

  it('leaves nothing behind when it unmounts with the overlay open and closing', async () => {
    const watch = watchLifecycle(server);
    const { unmount } = render(<SmartSearch {...props({ fullScreenMode: 'enable' })} />);
    await userEvent.click(field());
    await waitFor(() => expect(overlayFieldOf()).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});

const overlayFieldOf = () =>
  within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Search for:' });
