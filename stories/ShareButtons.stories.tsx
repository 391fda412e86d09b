import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { CONTACT_NETWORKS, shareButtonsMarkup } from '../demo/chrome/contact';
import { renderIsland } from '../demo/html';
import { islandSrc } from '../src/test/islands';
import type { Network } from '../widgets/share-buttons/model';
import { shareUrl } from '../widgets/share-buttons/model';
import { islandRuntime } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * Share buttons (a non-React island) over the server's list (demo/chrome/contact.ts): the page's
 * markup is rendered, then the island runtime starts, as on the page. Clicks that would open a
 * window or print are caught by spies.
 */
const { start: startRuntime, stop: stopIslands } = islandRuntime({
  'share-buttons': () => import('../widgets/share-buttons/island'),
});

const PAGE = { url: 'https://shop.example/contact/', title: 'Contact us – Shop Islands Demo' };
const LOAD = { timeout: 5000 };

interface ShareArgs {
  networks: readonly Network[];
  /** Props as printed (defaults: the page and `networks`). */
  props?: unknown;
  width?: number;
}

function SharePage({ networks, props, width }: ShareArgs) {
  useLayoutEffect(() => {
    startRuntime();
  }, []);
  const html = renderIsland(
    'share-buttons',
    props ?? { ...PAGE, networks },
    shareButtonsMarkup(PAGE, networks),
    {
      hydrate: 'load',
      src: islandSrc('share-buttons'),
    },
  );
  return (
    <div style={width ? { width, maxWidth: '100%' } : undefined}>
      <h2>Share this page</h2>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

const container = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island]')!;
const mounted = (canvas: HTMLElement) =>
  waitFor(() => expect(container(canvas)).toHaveAttribute('data-island-state', 'mounted'), LOAD);

/** `navigator.share` for the story (the test browser has none). */
let nativeShare: ReturnType<typeof fn> | null = null;

const meta = {
  title: 'Widgets/Share buttons',
  component: SharePage,
  args: { networks: CONTACT_NETWORKS },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockImplementation(() => null);
    const print = spyOn(window, 'print').mockImplementation(() => undefined);
    return () => {
      stopIslands();
      open.mockRestore();
      print.mockRestore();
      if (nativeShare) Reflect.deleteProperty(navigator, 'share');
      nativeShare = null;
    };
  },
} satisfies Meta<typeof SharePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllNetworks: Story = {
  name: 'All networks, email and print',
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: /^Share on Facebook/ }));
    expect(window.open).toHaveBeenCalledWith(
      shareUrl('facebook', PAGE),
      '_blank',
      expect.stringMatching(/^popup,width=\d+,height=\d+,left=\d+,top=\d+,noopener$/),
    );
    expect(canvas.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
      'href',
      shareUrl('email', PAGE),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Print this page' }));
    expect(window.print).toHaveBeenCalledTimes(1);
    expect(canvas.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  },
};

export const NativeShare: Story = {
  name: 'Native share available: a Share button',
  beforeEach: () => {
    nativeShare = fn(() => Promise.resolve());
    Object.assign(navigator, { share: nativeShare });
  },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Share' }));
    expect(nativeShare).toHaveBeenCalledWith({ title: PAGE.title, url: PAGE.url });
  },
};

export const EmailAndPrint: Story = {
  name: 'Only email and print',
  args: { networks: ['email', 'print'] },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const canvas = within(canvasElement);
    expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    expect(canvas.getByRole('link', { name: 'Share by email' })).toBeInTheDocument();
    expect(canvas.getByRole('button', { name: 'Print this page' })).toBeVisible();
  },
};

export const Phone: Story = {
  name: 'Phone width (320 px)',
  args: { width: 320 },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(CONTACT_NETWORKS.length);
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the server’s links stay',
  args: { props: { ...PAGE, url: 'javascript:alert(1)', networks: CONTACT_NETWORKS } },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "share-buttons" was not mounted.*url/),
    );
    const facebook = within(canvasElement).getByRole('link', { name: 'Share on Facebook' });
    expect(facebook).toHaveAttribute('href', shareUrl('facebook', PAGE));
    // Print needs JavaScript: it stays hidden.
    expect(within(canvasElement).queryByRole('button', { name: 'Print this page' })).not.toBeInTheDocument();
  },
};
