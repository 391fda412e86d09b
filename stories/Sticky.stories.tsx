import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { renderIsland } from '../demo/html';
import { serverMarkup } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * A sticky element (storefront.md §2.10 "Sticky elements"; §9 "Sticky re-check debounce 300 ms"):
 * the server prints the element in its container; the island makes it stick below the top of the
 * viewport on the devices it is set for, and marks it `is-stuck` once it sticks.
 */
const { ServerMarkup, stop } = serverMarkup({ sticky: () => import('../widgets/sticky/island') });

const BAR =
  '<nav class="lookbook-toc" aria-label="On this page" style="background:#fff;border-bottom:1px solid #ddd;padding:.5rem">' +
  '<a href="#running">Running</a> · <a href="#tennis">Tennis</a> · <a href="#football">Football</a></nav>';
const PAGE = (props: unknown, width?: number) =>
  `<div style="height:60vh;overflow:auto;${width ? `max-width:${width}px;` : ''}" data-testid="scroller">` +
  '<p>Above the bar.</p>' +
  renderIsland('sticky', props, BAR, { hydrate: 'load' }) +
  Array.from({ length: 12 }, (_, i) => `<p>Lookbook paragraph ${i + 1}.</p>`).join('') +
  '</div>';

const sticky = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island="sticky"]')!;
const bar = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('nav.lookbook-toc')!;
const LOAD = { timeout: 5000 };

const meta = {
  title: 'Chrome/Sticky element',
  component: ServerMarkup,
  parameters: { layout: 'fullscreen' },
  args: { html: PAGE({ offset: 0 }) },
  beforeEach: () => stop,
} satisfies Meta<typeof ServerMarkup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sticks: Story = {
  name: 'Sticks at the top (every device)',
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(sticky(canvasElement)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
    expect(bar(canvasElement).style.position).toBe('sticky');
    expect(bar(canvasElement).style.top).toBe('0px');
  },
};

export const WithOffset: Story = {
  name: 'Below an 80 px header',
  args: { html: PAGE({ offset: 80 }) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(sticky(canvasElement)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
    expect(bar(canvasElement).style.top).toBe('80px');
  },
};

export const NotOnThisDevice: Story = {
  name: 'Set for another device: scrolls with the page',
  args: { html: PAGE({ on: ['tablet'] }) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(sticky(canvasElement)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
    // Storybook's canvas (and the test's window) is wider than a tablet.
    if (window.innerWidth > 1024) expect(bar(canvasElement).style.position).toBe('');
  },
};

export const Narrow: Story = {
  name: 'Narrow (320 px)',
  args: { html: PAGE({ offset: 0 }, 320) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(sticky(canvasElement)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
    expect(bar(canvasElement).getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the bar stays as printed',
  args: { html: PAGE({ offset: 'top' }) },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(sticky(canvasElement)).toHaveAttribute('data-island-state', 'failed'), LOAD);
    expect(bar(canvasElement).style.position).toBe('');
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/"offset" must be a number/));
  },
};
