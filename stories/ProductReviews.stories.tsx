import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { expect, userEvent, within } from 'storybook/test';
import { findProductBySlug } from '../demo/fixtures';
import { IslandCollector } from '../demo/islands';
import type { PageContext } from '../demo/layout';
import { NO_ASSETS } from '../demo/manifest';
import { commentsOf, reviewFormProps, reviewListHtml, type ListedComment } from '../demo/product/tabs';
import { store } from '../demo/store';
import { ProductReviews } from '../widgets/product-reviews/ProductReviews';
import { ProductReviewsPropsSchema, type ProductReviewsProps } from '../widgets/product-reviews/schema';

const BOOTS = findProductBySlug('junior-football-boots')!;
const REQUIRED = 'Please select a rating';

function pageContext(path = '/product/junior-football-boots/'): PageContext {
  return {
    url: new URL(path, 'http://demo.localhost'),
    session: store.ensureSession('').session,
    cookies: {},
    assets: NO_ASSETS,
    notices: [],
    islands: new IslandCollector(),
  };
}

const FORM_PROPS = reviewFormProps(pageContext(), BOOTS);
const REVIEWS = commentsOf(pageContext(), BOOTS);

interface Args {
  comments: ListedComment[];
  form: ProductReviewsProps;
}

/**
 * WooCommerce's reviews block as the demo store prints it (the threaded list, server markup) with
 * the review form island mounted in `#review_form`. The browser's form submission is stood in for:
 * a submission that got through is shown under "Posted" instead of leaving the page.
 */
function ReviewsBlock({ comments, form }: Args) {
  const root = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [posted, setPosted] = useState<string | null>(null);
  const [posts, setPosts] = useState(0);
  useLayoutEffect(() => {
    setContainer(root.current!.querySelector<HTMLElement>('[data-island="product-reviews"]'));
  }, []);
  // Added again once the island is in (its effects run first): the browser posts after every
  // listener, the island's included, has had its say.
  useEffect(() => {
    const onSubmit = (event: Event) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      const data = new FormData(event.target as HTMLFormElement);
      setPosted(new URLSearchParams(data as unknown as Record<string, string>).toString());
      setPosts((n) => n + 1);
    };
    window.addEventListener('submit', onSubmit);
    return () => window.removeEventListener('submit', onSubmit);
  }, [container]);
  const html =
    '<div id="reviews" class="woocommerce-Reviews"><div id="comments"><h2 class="woocommerce-Reviews-title">Reviews</h2>' +
    reviewListHtml(BOOTS, comments) +
    '</div><div id="review_form_wrapper"><div id="review_form"><div data-island="product-reviews" data-island-state="mounted"></div></div></div></div>';
  return (
    <div ref={root} className="single-product">
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {container && createPortal(<ProductReviews {...ProductReviewsPropsSchema.parse(form)} />, container)}
      {posted !== null && (
        <section aria-label="Posted">
          <p role="status">Posted to wp-comments-post.php{posts > 1 ? ` ${posts} times` : ''}</p>
          <output data-testid="posted">{posted}</output>
        </section>
      )}
    </div>
  );
}

const star = (canvas: HTMLElement, n: number) =>
  within(canvas).getByRole('radio', { name: `${n} of 5 stars` });
const field = (canvas: HTMLElement, label: string) =>
  within(canvas).getByRole('textbox', { name: `${label}\u00a0*` });
const submit = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: 'Submit' });
const posted = async (canvas: HTMLElement) =>
  new URLSearchParams((await within(canvas).findByTestId('posted')).textContent ?? '');

async function fill(canvas: HTMLElement, text = 'Great boots, true to size.') {
  await userEvent.type(field(canvas, 'Your review'), text);
  await userEvent.type(field(canvas, 'Name'), 'Aisling');
  await userEvent.type(field(canvas, 'Email'), 'aisling@example.com');
}

const LONG =
  'I bought these for my daughter’s under-10 team and wanted to write a proper review after a full season. ' +
  'They held up on wet grass, frozen pitches and the odd bit of astro. '.repeat(12);

function manyReviews(count: number): ListedComment[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 500 + i,
    parentId: 0,
    author: `Shopper ${i + 1}`,
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    text: `Review number ${i + 1}.`,
    rating: ((i % 5) + 1) as number,
    pending: false,
    byShop: false,
  }));
}

const meta = {
  title: 'Widgets/Product reviews',
  component: ReviewsBlock,
  args: { comments: REVIEWS, form: FORM_PROPS },
} satisfies Meta<typeof ReviewsBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoRatingYet: Story = {
  name: 'Rating: none chosen',
  play: ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: /^Your rating/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    for (const radio of within(group).getAllByRole('radio'))
      expect(radio).toHaveAttribute('aria-checked', 'false');
    expect(canvasElement.querySelector('input[name=rating]')).toHaveValue('');
  },
};

export const RatingChosen: Story = {
  name: 'Rating: 4 of 5 chosen by keyboard',
  play: async ({ canvasElement }) => {
    star(canvasElement, 1).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(star(canvasElement, 4)).toHaveAttribute('aria-checked', 'true');
    expect(star(canvasElement, 4)).toHaveFocus();
    expect(canvasElement.querySelector('input[name=rating]')).toHaveValue('4');
  },
};

export const RatingRequired: Story = {
  name: 'Rating required: submission blocked with "Please select a rating"',
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await userEvent.click(submit(canvasElement));
    expect(within(canvasElement).getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(star(canvasElement, 1)).toHaveFocus();
    expect(within(canvasElement).queryByTestId('posted')).not.toBeInTheDocument();
  },
};

export const RatingNotRequired: Story = {
  name: 'Rating not required (review_rating_required "no")',
  parameters: { settings: { review_rating_required: 'no' } },
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await userEvent.click(submit(canvasElement));
    expect((await posted(canvasElement)).get('rating')).toBe('');
  },
};

export const Submitted: Story = {
  name: 'Submit with a rating (native post)',
  play: async ({ canvasElement }) => {
    await userEvent.click(star(canvasElement, 5));
    await fill(canvasElement);
    await userEvent.click(submit(canvasElement));
    const body = await posted(canvasElement);
    expect(Object.fromEntries(body)).toMatchObject({
      rating: '5',
      comment: 'Great boots, true to size.',
      author: 'Aisling',
      email: 'aisling@example.com',
      comment_post_ID: '18',
      comment_parent: '0',
    });
  },
};

export const CtrlEnter: Story = {
  name: 'Ctrl+Enter submits (the rating check runs first)',
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(within(canvasElement).getByRole('alert')).toHaveTextContent(REQUIRED);
    await userEvent.click(star(canvasElement, 3));
    field(canvasElement, 'Email').focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect((await posted(canvasElement)).get('rating')).toBe('3');
  },
};

export const Submitting: Story = {
  name: 'Submitting: posted once, the answer loading (further presses send nothing)',
  play: async ({ canvasElement }) => {
    await userEvent.click(star(canvasElement, 4));
    await fill(canvasElement);
    await userEvent.dblClick(submit(canvasElement));
    field(canvasElement, 'Your review').focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(canvasElement).findByText(/^Posted to wp-comments-post\.php/)).toHaveTextContent(
      /^Posted to wp-comments-post\.php$/,
    );
    expect(canvasElement.querySelector('#commentform')).toHaveAttribute('aria-busy', 'true');
    expect(submit(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    expect(field(canvasElement, 'Your review')).toHaveValue('Great boots, true to size.');
  },
};

export const ReplyAndCancel: Story = {
  name: 'Reply below a review, then cancel reply',
  play: async ({ canvasElement }) => {
    const reply = within(canvasElement).getByRole('link', { name: 'Reply to Conor' });
    await userEvent.click(reply);
    const respond = canvasElement.querySelector('#respond')!;
    expect(respond.closest('#li-comment-10')).not.toBeNull();
    expect(canvasElement.querySelector('#comment_parent')).toHaveValue('10');
    expect(within(canvasElement).getByRole('heading', { name: /Reply to Conor/ })).toBeVisible();
    expect(field(canvasElement, 'Your review')).toHaveFocus();
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Cancel reply' }));
    expect(canvasElement.querySelector('#respond')!.closest('#review_form')).not.toBeNull();
    expect(canvasElement.querySelector('#comment_parent')).toHaveValue('0');
    expect(reply).toHaveFocus();
  },
};

export const ReplyFromServer: Story = {
  name: 'Reply to Grace (page loaded with ?replytocom=11)',
  args: { form: { ...FORM_PROPS, replyTo: { id: 11, title: 'Leave a Reply to Grace' } } },
  play: ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('heading', { name: /Leave a Reply to Grace/ })).toBeVisible();
    expect(within(canvasElement).getByRole('link', { name: 'Cancel reply' })).toBeVisible();
    expect(canvasElement.querySelector('#comment_parent')).toHaveValue('11');
  },
};

export const LongTexts: Story = {
  name: 'Long review texts',
  args: {
    comments: [
      { ...REVIEWS[0]!, text: LONG },
      { ...REVIEWS[1]!, author: 'A shopper with a remarkably long display name indeed', text: LONG },
    ],
  },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getAllByText(/a full season/)).toHaveLength(2);
    await userEvent.type(field(canvasElement, 'Your review'), 'Long text. '.repeat(40));
    expect(field(canvasElement, 'Your review')).toHaveValue('Long text. '.repeat(40));
  },
};

export const ManyReviews: Story = {
  name: 'Many reviews (60)',
  args: { comments: manyReviews(60) },
  play: ({ canvasElement }) => {
    expect(canvasElement.querySelectorAll('ol.commentlist > li')).toHaveLength(60);
    expect(within(canvasElement).getAllByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveLength(60);
  },
};

export const NoReviews: Story = {
  name: 'No reviews: "Be the first to review …"',
  args: {
    comments: [],
    form: { ...FORM_PROPS, titleReply: `Be the first to review \u201c${BOOTS.name}\u201d` },
  },
  play: ({ canvasElement }) => {
    expect(within(canvasElement).getByText('There are no reviews yet.')).toBeVisible();
    expect(within(canvasElement).getByRole('heading', { name: /Be the first to review/ })).toBeVisible();
  },
};

export const AwaitingApproval: Story = {
  name: 'Own review awaiting approval',
  args: {
    comments: [...REVIEWS, { ...REVIEWS[0]!, id: 1001, text: 'Posted just now.', pending: true, rating: 5 }],
  },
  play: ({ canvasElement }) => {
    expect(canvasElement.querySelector('#li-comment-1001')).toHaveTextContent(
      'Your review is awaiting approval',
    );
  },
};

export const LoggedIn: Story = {
  name: 'Logged in: no name and e-mail fields',
  args: { form: { ...FORM_PROPS, loggedInAs: 'Demo Shop Manager' } },
  play: ({ canvasElement }) => {
    expect(within(canvasElement).getByText(/Logged in as Demo Shop Manager\./)).toBeVisible();
    expect(within(canvasElement).queryByRole('textbox', { name: 'Name\u00a0*' })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = {
  name: 'Mobile (360 px)',
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(star(canvasElement, 2));
    expect(star(canvasElement, 2)).toHaveAttribute('aria-checked', 'true');
  },
};
