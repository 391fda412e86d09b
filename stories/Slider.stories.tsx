import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LOOKBOOK_SLIDES, sliderSlidesHtml } from '../demo/chrome/sliders';
import { renderIsland } from '../demo/html';
import { inJsdom } from './support/lightbox';
import { serverMarkup } from './support/server-markup';
import { silenceConsoleError } from './support/console';

/**
 * The slideshow (storefront.md §9 "Slider defaults": 7000 ms per slide, 600 ms animation,
 * 'Previous', 'Next', 'Pause', 'Play'): the server's `<ul class="slides">` (the lookbook's), then
 * the island runtime over it, as on the page.
 */
const { ServerMarkup, stop } = serverMarkup({ slider: () => import('../widgets/slider/island') });

const page = (props: unknown, slides = LOOKBOOK_SLIDES) =>
  renderIsland('slider', props, sliderSlidesHtml(slides), { hydrate: 'load' });

const container = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island="slider"]')!;
const slider = (canvas: HTMLElement) => within(canvas).getByRole('region', { name: 'Lookbook highlights' });
const button = (canvas: HTMLElement, name: string) => within(slider(canvas)).getByRole('button', { name });
/** The index of the slide shown (the one not inert). */
const shown = (canvas: HTMLElement) =>
  Array.from(container(canvas).querySelectorAll('.slides > li')).findIndex((li) => !li.hasAttribute('inert'));
const LOAD = { timeout: 5000 };

async function mounted(canvas: HTMLElement) {
  await waitFor(() => expect(container(canvas)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
}

/** `prefers-reduced-motion: reduce` for the story (restored afterwards). */
function reducedMotion(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  return () => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else delete (window as Partial<Window>).matchMedia;
  };
}

const meta = {
  title: 'Chrome/Slider',
  component: ServerMarkup,
  args: { html: page({ label: 'Lookbook highlights' }) },
  beforeEach: () => stop,
} satisfies Meta<typeof ServerMarkup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {
  name: 'Playing (moves on by itself)',
  // The shortest speed allowed, so the story sees it move (the page uses §9's 7000 ms).
  args: { html: page({ label: 'Lookbook highlights', slideshowSpeed: 1000 }) },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    expect(slider(canvasElement)).toHaveAttribute('aria-roledescription', 'carousel');
    expect(button(canvasElement, 'Pause')).toBeInTheDocument();
    expect(shown(canvasElement)).toBe(0);
    await waitFor(() => expect(shown(canvasElement)).toBe(1), { timeout: 4000 });
  },
};

export const Paused: Story = {
  name: "Paused: 'Play' / 'Pause', 'Previous' / 'Next'",
  args: { html: page({ label: 'Lookbook highlights', autoplay: false }) },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    await userEvent.click(button(canvasElement, 'Play'));
    expect(button(canvasElement, 'Pause')).toBeInTheDocument();
    await userEvent.click(button(canvasElement, 'Pause'));
    expect(button(canvasElement, 'Play')).toBeInTheDocument();
    await userEvent.click(button(canvasElement, 'Next'));
    expect(shown(canvasElement)).toBe(1);
    await userEvent.click(button(canvasElement, 'Previous'));
    await userEvent.click(button(canvasElement, 'Previous'));
    expect(shown(canvasElement)).toBe(4);
    const slide = container(canvasElement).querySelectorAll('.slides > li')[4]!;
    expect(slide).toHaveAttribute('aria-label', '5 of 5');
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live')).toHaveTextContent('Slide 5 of 5'),
    );
  },
};

export const ReducedMotion: Story = {
  name: 'Reduced motion: does not start by itself',
  beforeEach: reducedMotion,
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    expect(button(canvasElement, 'Play')).toBeInTheDocument();
    expect(shown(canvasElement)).toBe(0);
  },
};

export const SingleSlide: Story = {
  name: 'One slide: stays as the server printed it',
  args: { html: page({ label: 'Lookbook highlights' }, LOOKBOOK_SLIDES.slice(0, 1)) },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    expect(within(canvasElement).queryAllByRole('button')).toEqual([]);
    expect(within(canvasElement).getByRole('link', { name: 'Shop running' })).toBeVisible();
  },
};

export const Narrow: Story = {
  name: '320 px',
  args: { html: page({ label: 'Lookbook highlights', autoplay: false }) },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    await userEvent.click(button(canvasElement, 'Next'));
    expect(shown(canvasElement)).toBe(1);
    if (!inJsdom()) {
      const box = button(canvasElement, 'Next').getBoundingClientRect();
      expect(box.right).toBeLessThanOrEqual(container(canvasElement).getBoundingClientRect().right);
    }
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: the scrolling list stays',
  args: { html: page({ label: '', slideshowSpeed: 10 }) },
  beforeEach: silenceConsoleError,
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'),
      LOAD,
    );
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/island "slider" was not mounted: invalid props: "label"/),
    );
    expect(within(canvasElement).queryAllByRole('button')).toEqual([]);
    // Every slide's link is there, as without JavaScript.
    expect(within(canvasElement).getAllByRole('link')).toHaveLength(5);
  },
};
