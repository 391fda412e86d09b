import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { liveSearchAnswer } from '../demo/discovery/live-search';
import { navigation } from '../src/navigation';
import { forgetReport, LiveSearch } from '../widgets/live-search/LiveSearch';
import { LiveSearchPropsSchema } from '../widgets/live-search/schema';
import { demoHandlers } from './support/msw';

/** The queries the live search asked for, per story. */
const asked: string[] = [];

/** GET admin-ajax `commercekit_ajax_search`, answered by `answer` (the demo store's by default). */
const liveSearchHandler = (answer?: HttpResponseResolver) =>
  http.get('*/wp-admin/admin-ajax.php', (info) => {
    const url = new URL(info.request.url);
    if (url.searchParams.get('action') !== 'commercekit_ajax_search') return undefined;
    asked.push(url.searchParams.get('query') ?? '');
    return answer
      ? answer(info)
      : HttpResponse.json(liveSearchAnswer(url.searchParams.get('query') ?? '', url.origin));
  });

const answeredBy = (answer?: HttpResponseResolver) => ({
  msw: { handlers: [liveSearchHandler(answer), ...demoHandlers] },
});

const field = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Search for:' });
const options = (canvasElement: HTMLElement) => within(canvasElement).queryAllByRole('option');

/** Storefront's header search area, where CommerceKit's live search runs. */
function Header(props: Parameters<typeof LiveSearch>[0]) {
  return (
    <div className="site-search" style={{ maxWidth: 480, paddingBottom: 360 }}>
      <div className="widget woocommerce widget_product_search">
        <LiveSearch {...props} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Widgets/Live search',
  component: LiveSearch,
  render: (args) => <Header {...args} />,
  args: LiveSearchPropsSchema.parse({}),
  parameters: answeredBy(),
  beforeEach: () => {
    asked.length = 0;
    forgetReport();
    const error = spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    return () => {
      error.mockRestore();
      assign.mockRestore();
    };
  },
} satisfies Meta<typeof LiveSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toHaveAttribute('placeholder', 'Search products\u2026');
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    expect(within(canvasElement).getByRole('button', { name: 'Search' })).toBeVisible();
    expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const Typing: Story = {
  name: 'Typing (below 3 characters): no request, submit blocked with a hint',
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'tr');
    await delay(300);
    expect(asked).toEqual([]);
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(field(canvasElement)).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(within(canvasElement).getByText('Please enter at least 3 characters.')).toBeVisible();
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
    expect(within(canvasElement).getByRole('search')).toHaveAttribute('aria-busy', 'true');
    expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const Results: Story = {
  name: 'Results (demo store), by keyboard',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(field(canvasElement), 'trail');
    const listbox = await canvas.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(canvas.getByRole('link', { name: /^View all results \(\d+\)$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/\?s=trail&post_type=product$/),
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options(canvasElement)[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(navigation.assign).toHaveBeenCalledWith(
      expect.stringMatching(/\/product\/apex-pulse-trail-shoes\/\?cgkit_search_word=trail$/),
    );
  },
};

export const NoResults: Story = {
  name: 'No results',
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'zzzz');
    expect(await within(canvasElement).findByText('No results')).toBeVisible();
    expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

export const RequestError: Story = {
  name: 'Error (popup hidden, nothing said)',
  parameters: answeredBy(() => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 })),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'trail');
    await waitFor(() => expect(asked).toEqual(['trail']));
    await waitFor(() => expect(within(canvasElement).getByRole('search')).not.toHaveAttribute('aria-busy'));
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
    await waitFor(() => expect(within(canvasElement).getByRole('search')).not.toHaveAttribute('aria-busy'));
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

export const HostileSuggestions: Story = {
  name: 'Hostile suggestion HTML (shown inert)',
  parameters: answeredBy(() =>
    HttpResponse.json({
      suggestions: [
        {
          data:
            '<a href="javascript:alert(1)" class="commercekit-ajs-product"><img src="x" onerror="window.hacked=1">' +
            '<div class="commercekit-ajs-product-title">Sweatband<script>window.hacked=2</script></div></a>',
        },
        {
          data: '<a href="https://evil.test/"><div class="commercekit-ajs-product-title" onclick="window.hacked=3">Phish</div></a>',
        },
        {
          data: '<a href="/product/keeper-gloves-pro-edition/"><div class="commercekit-ajs-product-title">Keeper Gloves <em>Pro</em> Edition</div></a>',
        },
      ],
      view_all_link: '<a href="javascript:alert(1)">View all results (3)</a>',
    }),
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'gloves');
    const listbox = await within(canvasElement).findByRole('listbox');
    expect(listbox.innerHTML).not.toMatch(/onerror|onclick|<script|javascript:|href=/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    const [sweatband, phish, gloves] = options(canvasElement);
    expect(sweatband).toHaveAttribute('aria-disabled', 'true');
    expect(phish).toHaveAttribute('aria-disabled', 'true');
    expect(gloves).toHaveAccessibleName('Keeper Gloves Pro Edition');
    expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

export const PhoneWidth: Story = {
  name: 'Phone width (320 px)',
  decorators: [
    (Story) => (
      <div style={{ width: 320, maxWidth: '100%' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), 'keeper');
    expect(await within(canvasElement).findAllByRole('option')).toHaveLength(3);
    expect(within(canvasElement).getByRole('link', { name: /View all results/ })).toBeVisible();
  },
};
