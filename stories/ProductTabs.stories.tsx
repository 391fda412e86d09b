import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { expect, userEvent, within } from 'storybook/test';
import { findProductBySlug } from '../demo/fixtures';
import { IslandCollector } from '../demo/islands';
import type { PageContext } from '../demo/layout';
import { NO_ASSETS } from '../demo/manifest';
import { productTabsHtml, reviewFormProps } from '../demo/product/tabs';
import { store } from '../demo/store';
import { ProductReviews } from '../widgets/product-reviews/ProductReviews';
import { ProductReviewsPropsSchema } from '../widgets/product-reviews/schema';
import { ProductTabs } from '../widgets/product-tabs/ProductTabs';
import { ProductTabsPropsSchema } from '../widgets/product-tabs/schema';

const BOOTS = findProductBySlug('junior-football-boots')!;
const PATH = '/product/junior-football-boots/';

/** A demo store page context for `path` (a fresh guest session). */
function pageContext(path: string): PageContext {
  return {
    url: new URL(path, 'http://demo.localhost'),
    session: store.ensureSession('').session,
    cookies: {},
    assets: NO_ASSETS,
    notices: [],
    islands: new IslandCollector(),
  };
}

/**
 * The demo store's server markup for the product's tabs (`productTabsHtml`), with the tabs island
 * and the review form island mounted over their containers as the runtime does: the fallback is
 * replaced, the server's panels next to it stay.
 */
function ProductPageTabs({ path, dir, summary }: { path: string; dir?: 'rtl'; summary?: boolean }) {
  const ctx = pageContext(path);
  const [html] = useState(() => productTabsHtml(ctx, BOOTS));
  const root = useRef<HTMLDivElement>(null);
  const [containers, setContainers] = useState<{ tabs: HTMLElement; reviews: HTMLElement } | null>(null);
  useLayoutEffect(() => {
    const find = (name: string) => {
      const el = root.current!.querySelector<HTMLElement>(`[data-island="${name}"]`)!;
      el.replaceChildren();
      el.setAttribute('data-island-state', 'mounted');
      return el;
    };
    setContainers({ tabs: find('product-tabs'), reviews: find('product-reviews') });
  }, []);
  const tabsProps = ProductTabsPropsSchema.parse({
    tabs: [
      { key: 'description', title: 'Description' },
      { key: 'additional_information', title: 'Additional information' },
      { key: 'reviews', title: 'Reviews (3)' },
    ],
    open: new URL(path, 'http://x').searchParams.has('replytocom') ? 'reviews' : null,
  });
  const reviewsProps = ProductReviewsPropsSchema.parse(reviewFormProps(ctx, BOOTS));
  const islands: ReactElement[] = containers
    ? [
        createPortal(<ProductTabs {...tabsProps} />, containers.tabs, 'tabs'),
        createPortal(<ProductReviews {...reviewsProps} />, containers.reviews, 'reviews'),
      ]
    : [];
  return (
    <div ref={root} dir={dir} className="single-product">
      {summary && (
        <div className="woocommerce-product-rating">
          <a href="#reviews" className="woocommerce-review-link" rel="nofollow">
            (<span className="count">3</span> customer reviews)
          </a>
        </div>
      )}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {islands}
    </div>
  );
}

const tab = (canvas: HTMLElement, name: string | RegExp) => within(canvas).getByRole('tab', { name });
const REVIEWS = /^Reviews \(3\)$/;

function expectOpen(canvas: HTMLElement, name: string | RegExp, panelId: string) {
  expect(tab(canvas, name)).toHaveAttribute('aria-selected', 'true');
  expect(within(canvas).getAllByRole('tab', { selected: true })).toHaveLength(1);
  for (const id of ['tab-description', 'tab-additional_information', 'tab-reviews']) {
    expect(canvas.querySelector<HTMLElement>(`#${id}`)!.hidden).toBe(id !== panelId);
  }
}

/** Loads the story "at" a URL (the opening rules read location), and restores it after. */
const at = (url: string) => () => {
  const before = window.location.href;
  window.history.replaceState(null, '', url);
  return () => window.history.replaceState(null, '', before);
};

const meta = {
  title: 'Widgets/Product tabs',
  component: ProductPageTabs,
  args: { path: PATH },
} satisfies Meta<typeof ProductPageTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Description: Story = {
  name: 'Description (first tab)',
  play: ({ canvasElement }) => {
    expectOpen(canvasElement, 'Description', 'tab-description');
    expect(within(canvasElement).getByRole('tabpanel', { name: 'Description' })).toBeVisible();
  },
};

export const AdditionalInformation: Story = {
  name: 'Additional information',
  play: async ({ canvasElement }) => {
    await userEvent.click(tab(canvasElement, 'Additional information'));
    expectOpen(canvasElement, 'Additional information', 'tab-additional_information');
    expect(within(canvasElement).getByRole('table', { name: 'Product Details' })).toBeVisible();
  },
};

export const Reviews: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(tab(canvasElement, REVIEWS));
    expectOpen(canvasElement, REVIEWS, 'tab-reviews');
    expect(within(canvasElement).getByRole('radiogroup', { name: /Your rating/ })).toBeVisible();
  },
};

export const DeepLinkTabReviews: Story = {
  name: 'Deep link #tab-reviews',
  beforeEach: at(`${PATH}#tab-reviews`),
  play: ({ canvasElement }) => expectOpen(canvasElement, REVIEWS, 'tab-reviews'),
};

export const DeepLinkComment: Story = {
  name: 'Deep link #comment-11',
  beforeEach: at(`${PATH}#comment-11`),
  play: ({ canvasElement }) => expectOpen(canvasElement, REVIEWS, 'tab-reviews'),
};

export const CommentPage: Story = {
  name: 'Comment page (?cpage=2)',
  beforeEach: at(`${PATH}?cpage=2`),
  args: { path: `${PATH}?cpage=2` },
  play: ({ canvasElement }) => expectOpen(canvasElement, REVIEWS, 'tab-reviews'),
};

export const DeepLinkAdditionalInformation: Story = {
  name: 'Deep link #tab-additional_information',
  beforeEach: at(`${PATH}#tab-additional_information`),
  play: ({ canvasElement }) =>
    expectOpen(canvasElement, 'Additional information', 'tab-additional_information'),
};

export const ReplyToCom: Story = {
  name: 'Reply link without JavaScript (?replytocom=11): reviews open, form answers Grace',
  beforeEach: at(`${PATH}?replytocom=11#respond`),
  args: { path: `${PATH}?replytocom=11` },
  play: ({ canvasElement }) => {
    expectOpen(canvasElement, REVIEWS, 'tab-reviews');
    expect(within(canvasElement).getByRole('heading', { name: /Leave a Reply to Grace/ })).toBeVisible();
  },
};

export const Keyboard: Story = {
  name: 'Keyboard: arrows, Home, End',
  play: async ({ canvasElement }) => {
    tab(canvasElement, 'Description').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab(canvasElement, 'Additional information')).toHaveFocus();
    expectOpen(canvasElement, 'Additional information', 'tab-additional_information');
    await userEvent.keyboard('{End}');
    expect(tab(canvasElement, REVIEWS)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab(canvasElement, 'Description')).toHaveFocus();
    await userEvent.keyboard('{End}{Home}');
    expectOpen(canvasElement, 'Description', 'tab-description');
  },
};

export const RightToLeft: Story = {
  name: 'Right to left: arrows mirrored',
  args: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    tab(canvasElement, 'Description').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab(canvasElement, 'Additional information')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab(canvasElement, REVIEWS)).toHaveFocus();
    expectOpen(canvasElement, REVIEWS, 'tab-reviews');
  },
};

export const ReviewLink: Story = {
  name: 'A review link elsewhere opens the reviews',
  args: { summary: true },
  beforeEach: at(PATH),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: '(3 customer reviews)' }));
    expectOpen(canvasElement, REVIEWS, 'tab-reviews');
  },
};
