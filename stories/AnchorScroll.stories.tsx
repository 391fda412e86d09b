import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { renderIsland } from '../demo/html';
import { inJsdom } from './support/lightbox';
import { serverMarkup } from './support/server-markup';

/**
 * In-page anchors (storefront.md §5 "Anchors", §9 "sticky-scroll offset 80 px"): a table of
 * contents in the island's container, the sections below. A valid id ('#', a letter or '_', then
 * word characters or '-') is scrolled to with 80 px left above and gets the focus; any other is the
 * browser's business.
 */
const { ServerMarkup, stop } = serverMarkup({
  'anchor-scroll': () => import('../widgets/anchor-scroll/island'),
});

const CONTENTS =
  '<nav aria-label="On this page"><ul>' +
  '<li><a href="#story-running">Running</a></li>' +
  '<li><a href="#1-story-top">Top of the page</a></li>' +
  '</ul></nav>';
const PAGE =
  '<h1 id="1-story-top">Lookbook</h1>' +
  renderIsland('anchor-scroll', { offset: 80 }, CONTENTS, { hydrate: 'load' }) +
  '<section id="story-running" aria-label="Running"><h2>Running</h2>' +
  Array.from({ length: 12 }, (_, i) => `<p>Running paragraph ${i + 1}.</p>`).join('') +
  '</section>';

const container = (canvas: HTMLElement) =>
  canvas.querySelector<HTMLElement>('[data-island="anchor-scroll"]')!;
const LOAD = { timeout: 5000 };

const meta = {
  title: 'Chrome/Anchor scroll',
  component: ServerMarkup,
  args: { html: PAGE },
  beforeEach: () => {
    const scrollTo = spyOn(window, 'scrollTo');
    // jsdom has no scrolling (it would log "not implemented"); the browser scrolls for real.
    if (inJsdom()) scrollTo.mockImplementation(() => undefined);
    const url = location.href;
    return () => {
      stop();
      scrollTo.mockRestore();
      history.replaceState(history.state, '', url);
    };
  },
} satisfies Meta<typeof ServerMarkup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ValidAnchor: Story = {
  name: 'Valid anchor: scrolled to, 80 px below the top, focused',
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'),
      LOAD,
    );
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Running' }));
    const target = canvasElement.querySelector<HTMLElement>('#story-running')!;
    expect(target).toHaveFocus();
    expect(target).toHaveAttribute('tabindex', '-1');
    expect(location.hash).toBe('#story-running');
    expect(window.scrollTo).toHaveBeenCalledWith(
      expect.objectContaining({
        top: Math.max(0, Math.round(target.getBoundingClientRect().top + scrollY - 80)),
      }),
    );
  },
};

export const InvalidAnchor: Story = {
  name: 'Invalid id (#1-story-top): left to the browser',
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'),
      LOAD,
    );
    const link = within(canvasElement).getByRole('link', { name: 'Top of the page' });
    const prevented: boolean[] = [];
    // Added after the island's listener: it runs after it, and sees whether the island took the click.
    document.addEventListener('click', (event) => prevented.push(event.defaultPrevented), { once: true });
    await userEvent.click(link);
    expect(prevented).toEqual([false]);
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(canvasElement.querySelector('[id="1-story-top"]')).not.toHaveAttribute('tabindex');
  },
};
