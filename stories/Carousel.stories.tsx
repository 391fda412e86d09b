import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { GIFT_CARD_SLIDES_HTML, productSlidesHtml } from '../demo/chrome/sliders';
import { renderIsland } from '../demo/html';
import { slidesPerView } from '../src/ui/carousel-model';
import { inJsdom } from './support/lightbox';
import { serverMarkup } from './support/server-markup';

/**
 * The carousel (storefront.md §9 "Carousel defaults": 3 per view, 2 up to 1024 px, 1 up to 767 px,
 * 1 at a time, at least 2 slides): the lookbook's 8 products as the server prints them, then the
 * island runtime over them. In jsdom the window's width is set for each story; in the browser the
 * viewport decides.
 */
const { ServerMarkup, stop } = serverMarkup({ carousel: () => import('../widgets/carousel/island') });

const page = (html = productSlidesHtml(), label = 'Featured products') =>
  renderIsland('carousel', { label }, html, { hydrate: 'load' });

const container = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-island="carousel"]')!;
const region = (canvas: HTMLElement) => within(canvas).getByRole('region', { name: 'Featured products' });
const button = (canvas: HTMLElement, name: string) => within(region(canvas)).getByRole('button', { name });
/** The indexes of the slides in reach (not inert). */
const inView = (canvas: HTMLElement) =>
  Array.from(container(canvas).querySelectorAll('.slides > li')).flatMap((li, i) =>
    li.hasAttribute('inert') ? [] : [i],
  );
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const LOAD = { timeout: 5000 };

async function mounted(canvas: HTMLElement) {
  await waitFor(() => expect(container(canvas)).toHaveAttribute('data-island-state', 'mounted'), LOAD);
}

/** In jsdom, a window `width` px wide for the story (the browser has its own). */
const windowWidth = (width: number) => () => {
  if (!inJsdom()) return undefined;
  const before = window.innerWidth;
  window.innerWidth = width;
  return () => {
    window.innerWidth = before;
  };
};

const meta = {
  title: 'Chrome/Carousel',
  component: ServerMarkup,
  args: { html: page() },
  beforeEach: () => stop,
} satisfies Meta<typeof ServerMarkup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  name: 'Desktop: 3 in view',
  beforeEach: windowWidth(1280),
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const perView = slidesPerView(window.innerWidth);
    if (inJsdom()) expect(perView).toBe(3);
    expect(region(canvasElement)).toHaveAttribute('aria-roledescription', 'carousel');
    expect(inView(canvasElement)).toEqual(range(0, perView));
    expect(button(canvasElement, 'Previous')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button(canvasElement, 'Next'));
    expect(inView(canvasElement)).toEqual(range(1, perView));
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live')).toHaveTextContent(
        perView === 1 ? 'Slide 2 of 8' : `Slides 2 to ${perView + 1} of 8`,
      ),
    );
  },
};

export const Tablet: Story = {
  name: 'Tablet: 2 in view',
  beforeEach: windowWidth(900),
  globals: { viewport: { value: 'tablet', isRotated: false } },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const perView = slidesPerView(window.innerWidth);
    if (inJsdom()) expect(perView).toBe(2);
    expect(inView(canvasElement)).toEqual(range(0, perView));
  },
};

export const Mobile: Story = {
  name: 'Mobile: 1 in view',
  beforeEach: windowWidth(390),
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const perView = slidesPerView(window.innerWidth);
    if (inJsdom()) expect(perView).toBe(1);
    expect(inView(canvasElement)).toEqual(range(0, perView));
    await userEvent.click(button(canvasElement, 'Next'));
    expect(inView(canvasElement)).toEqual(range(1, perView));
  },
};

export const AtTheEnd: Story = {
  name: "At the end: 'Next' disabled",
  beforeEach: windowWidth(1280),
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    const perView = slidesPerView(window.innerWidth);
    for (let i = 0; i < 8 - perView; i += 1) await userEvent.click(button(canvasElement, 'Next'));
    expect(button(canvasElement, 'Next')).toHaveAttribute('aria-disabled', 'true');
    expect(inView(canvasElement)).toEqual(range(8 - perView, perView));
    // One more press changes nothing.
    await userEvent.click(button(canvasElement, 'Next'));
    expect(inView(canvasElement)).toEqual(range(8 - perView, perView));
    expect(button(canvasElement, 'Previous')).toHaveAttribute('aria-disabled', 'false');
  },
};

export const FewerThanTwo: Story = {
  name: 'One slide: does not start',
  args: { html: page(GIFT_CARD_SLIDES_HTML, 'Gift cards') },
  play: async ({ canvasElement }) => {
    await mounted(canvasElement);
    expect(within(canvasElement).queryAllByRole('button')).toEqual([]);
    expect(within(canvasElement).queryByRole('region')).toBeNull();
    expect(within(canvasElement).getByRole('link', { name: 'Browse the shop' })).toBeVisible();
  },
};

export const Narrow: Story = {
  name: '320 px',
  beforeEach: windowWidth(320),
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
    expect(inView(canvasElement)).toEqual(range(0, slidesPerView(window.innerWidth)));
    await userEvent.click(button(canvasElement, 'Next'));
    expect(inView(canvasElement)[0]).toBe(1);
  },
};
