import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { NO_RESULTS_TEXT, smartSearchConfig, ysmSearchAnswer } from '../demo/discovery/smart-search';
import { resetSearchNonce } from '../src/endpoints/search';
import { navigation } from '../src/navigation';
import { forgetRecentSearchesForTests, RECENT_SEARCHES_KEY } from '../src/search/recent-searches';
import { SmartSearchPropsSchema, type SmartSearchPropsInput } from '../widgets/smart-search/schema';
import { forgetMalformedLogForTests, SmartSearch } from '../widgets/smart-search/SmartSearch';
import { demoHandlers } from './support/msw';

/** The queries the smart search asked for, per story. */
const asked: string[] = [];

/** GET `ysm/v1/search`, answered by `answer` (the demo store's answer by default). */
const searchHandler = (answer?: HttpResponseResolver) =>
  http.get('*/wp-json/ysm/v1/search', (info) => {
    const url = new URL(info.request.url);
    asked.push(url.searchParams.get('query') ?? '');
    return answer
      ? answer(info)
      : HttpResponse.json(ysmSearchAnswer(url.searchParams, url.origin) as JsonBodyType);
  });

const answeredBy = (answer?: HttpResponseResolver) => ({
  msw: { handlers: [searchHandler(answer), ...demoHandlers] },
});

const props = (overrides: Partial<SmartSearchPropsInput> = {}) =>
  SmartSearchPropsSchema.parse({ id: '1', ...overrides });

/** The demo page's configuration with the full-screen overlay and its extras on. */
const overlayProps = (query: string) =>
  props({ ...smartSearchConfig(new URL(`http://localhost/smart-search/?fullscreen=${query}`)), query: '' });

const field = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Search for:' });
const options = (canvasElement: HTMLElement) => within(canvasElement).queryAllByRole('option');
/** The overlay lives at the end of <body>, outside the story's canvas. */
const overlay = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A page section where the widget sits, with room below for its popup. */
function Section(args: Parameters<typeof SmartSearch>[0]) {
  return (
    <div style={{ maxWidth: 720, paddingBottom: 520 }}>
      <SmartSearch {...args} />
    </div>
  );
}

const meta = {
  title: 'Widgets/Smart search',
  component: SmartSearch,
  render: (args) => <Section {...args} />,
  args: props(),
  parameters: answeredBy(),
  beforeEach: () => {
    asked.length = 0;
    forgetMalformedLogForTests();
    resetSearchNonce();
    localStorage.removeItem(RECENT_SEARCHES_KEY);
    forgetRecentSearchesForTests();
    const error = spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    return () => {
      error.mockRestore();
      assign.mockRestore();
    };
  },
} satisfies Meta<typeof SmartSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toHaveAttribute('placeholder', 'Search for products…');
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const Typing: Story = {
  name: 'Typing (below 3 characters): no request, submit blocked with a reason',
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'tr');
    await delay(300);
    expect(asked).toEqual([]);
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Please enter at least 3 characters.');
    expect(field(canvasElement)).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  name: 'Loading (slow server)',
  parameters: answeredBy(async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'trail');
    await waitFor(() => expect(asked).toEqual(['trail']));
    expect(canvasElement.querySelector('.smart-search')).toHaveClass('is-loading');
    expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const Results: Story = {
  name: 'Results, one column, by keyboard',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(field(canvasElement), 'trail');
    const listbox = await canvas.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(10);
    expect(canvas.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/\?s=trail&search_id=1&post_type=product$/),
    );
    expect(canvas.getAllByRole('link', { name: /^Add to cart: “.+”$/ }).length).toBeGreaterThan(0);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options(canvasElement)[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(
        expect.stringMatching(/\/product\/apex-pulse-trail-shoes\/$/),
      ),
    );
  },
};

export const ThreeColumns: Story = {
  name: 'Results, three columns',
  args: props({ columns: 3 }),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'boots');
    expect(await within(canvasElement).findAllByRole('option')).toHaveLength(10);
    const inner = canvasElement.querySelector<HTMLElement>('.smart-search-results-inner')!;
    expect(inner.style.getPropertyValue('--smart-search-columns')).toBe('3');
  },
};

export const NoResultsWithText: Story = {
  name: 'No results, with a no-results text',
  args: props({ noResultsText: NO_RESULTS_TEXT }),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'zzzz');
    expect(await within(canvasElement).findByText(NO_RESULTS_TEXT)).toBeVisible();
    expect(within(canvasElement).queryByRole('link', { name: 'View all' })).toBeNull();
  },
};

export const NoResultsWithoutText: Story = {
  name: 'No results, no text configured (no popup; the count is announced)',
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'zzzz');
    await waitFor(() =>
      expect(canvasElement.ownerDocument.getElementById('shop-islands-live')).toHaveTextContent('No results'),
    );
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    expect(canvasElement.querySelector('.smart-search-popup')).not.toBeVisible();
  },
};

export const RequestError: Story = {
  name: 'Error (popup hidden, nothing said)',
  parameters: answeredBy(() => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 })),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'trail');
    // The error, then the one retry of §8.
    await waitFor(() => expect(asked).toEqual(['trail', 'trail']));
    await waitFor(() => expect(canvasElement.querySelector('.smart-search')).not.toHaveClass('is-loading'));
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    expect(console.error).not.toHaveBeenCalled();
  },
};

export const Malformed: Story = {
  name: 'Malformed answer (popup hidden, logged once)',
  parameters: answeredBy(
    () =>
      new HttpResponse('{"suggestions":[{"data":"<a', { headers: { 'Content-Type': 'application/json' } }),
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'trail');
    await waitFor(() => expect(console.error).toHaveBeenCalledTimes(1));
    await userEvent.type(field(canvasElement), 's');
    await waitFor(() => expect(asked).toEqual(['trail', 'trails']));
    await waitFor(() => expect(canvasElement.querySelector('.smart-search')).not.toHaveClass('is-loading'));
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

export const NotSelectable: Story = {
  name: 'A suggestion that cannot be chosen (id -1) and hostile HTML',
  parameters: answeredBy(({ request }) => {
    const answer = ysmSearchAnswer(new URL(request.url).searchParams, new URL(request.url).origin) as {
      suggestions: unknown[];
    };
    return HttpResponse.json({
      ...answer,
      suggestions: [
        { value: 'Popular', data: '<strong>Popular products</strong>', id: -1, url: '' },
        {
          value: 'x',
          data: '<a href="javascript:alert(1)"><img src="x" onerror="window.hacked=1">Hostile<script>window.hacked=2</script></a>',
          url: 'javascript:alert(1)',
        },
        ...answer.suggestions.slice(0, 2),
      ],
    } as JsonBodyType);
  }),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'keeper');
    const [heading, hostile, first] = await within(canvasElement).findAllByRole('option');
    expect(heading).toHaveAttribute('aria-disabled', 'true');
    expect(hostile).toHaveAttribute('aria-disabled', 'true');
    expect(within(canvasElement).getByRole('listbox').innerHTML).not.toMatch(/onerror|<script|javascript:/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    await userEvent.keyboard('{ArrowDown}');
    expect(first).toHaveAttribute('aria-selected', 'true');
  },
};

export const OverlayEmpty: Story = {
  name: 'Full-screen overlay, empty',
  args: overlayProps('enable'),
  play: async ({ canvasElement }) => {
    await userEvent.click(field(canvasElement));
    const dialog = await overlay(canvasElement).findByRole('dialog', { name: 'Search' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Search for:' })).toHaveFocus());
    expect(await within(dialog).findByRole('heading', { name: 'Categories' })).toBeVisible();
    expect(within(dialog).queryByRole('heading', { name: 'Recent searches' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

export const OverlayWithRecentSearches: Story = {
  name: 'Full-screen overlay, with recent searches',
  args: overlayProps('enable'),
  beforeEach: () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['trail shoes', 'keeper gloves']));
    forgetRecentSearchesForTests();
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(field(canvasElement));
    const dialog = await overlay(canvasElement).findByRole('dialog', { name: 'Search' });
    expect(await within(dialog).findByRole('heading', { name: 'Recent searches' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'trail shoes' }));
    expect(await within(dialog).findAllByRole('option')).toHaveLength(10);
  },
};

export const OverlayWithKeywords: Story = {
  name: 'Full-screen overlay, with keywords',
  args: overlayProps('enable'),
  play: async ({ canvasElement }) => {
    await userEvent.click(field(canvasElement));
    const dialog = await overlay(canvasElement).findByRole('dialog', { name: 'Search' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Search for:' })).toHaveFocus());
    await userEvent.keyboard('boo');
    expect(await within(dialog).findByRole('heading', { name: 'Popular searches' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'football boots' })).toBeVisible();
    expect(await within(dialog).findAllByRole('option')).toHaveLength(10);
  },
};

export const MobileToggle: Story = {
  name: 'Mobile search toggle',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Search', expanded: false });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(field(canvasElement)).toHaveFocus();
  },
};
