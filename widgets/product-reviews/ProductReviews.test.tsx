import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSettings } from '../../src/contract/read-settings';
import { TEST_SETTINGS } from '../../src/test/server';
import { ProductReviews } from './ProductReviews';
import { REVIEW_FORM_PROPS } from './test-fixtures';

const PROPS = REVIEW_FORM_PROPS;

/** The review list (server markup) with a reply link, and the review form's island container. */
function setup(props: Partial<typeof PROPS> = {}) {
  document.body.innerHTML =
    '<ol class="commentlist"><li id="li-comment-11"><div id="comment-11">Sizes are accurate.' +
    '<a rel="nofollow" class="comment-reply-link" href="/product/junior-football-boots/?replytocom=11#respond" ' +
    'data-commentid="11" data-postid="18" data-belowelement="comment-11" data-respondelement="respond" ' +
    'data-replyto="Reply to Grace" aria-label="Reply to Grace">Reply</a></div></li></ol>' +
    '<div id="review_form"><div data-island="product-reviews"></div></div>';
  const container = document.querySelector<HTMLElement>('[data-island]')!;
  const result = render(<ProductReviews {...PROPS} {...props} />, { container });
  // The browser posts once every listener has run: the recorder comes after the island's.
  window.addEventListener('submit', record);
  return result;
}

/** Submissions that got through (the test stands in for the browser's navigation). */
let submitted: FormData[] = [];
const record = (event: Event) => {
  const { submitter } = event as SubmitEvent;
  const data = new FormData(event.target as HTMLFormElement);
  // The button that submitted is posted too (`submit=Submit`).
  if (submitter instanceof HTMLInputElement && submitter.name) data.append(submitter.name, submitter.value);
  if (!event.defaultPrevented) submitted.push(data);
  event.preventDefault();
};
beforeEach(() => {
  submitted = [];
  setSettings({ ...TEST_SETTINGS, review_rating_required: 'yes' });
});
afterEach(() => {
  window.removeEventListener('submit', record);
  setSettings(null);
  window.history.replaceState(null, '', '/');
});

/** A required field's name: its label, then a non-breaking space and '*', as WooCommerce prints it. */
const required = (label: string) => `${label}\u00a0*`;
const star = (n: number) => screen.getByRole('radio', { name: `${n} of 5 stars` });
const form = () => document.getElementById('commentform') as HTMLFormElement;

async function fill() {
  await userEvent.type(screen.getByRole('textbox', { name: required('Your review') }), 'Lovely boots.');
  await userEvent.type(screen.getByRole('textbox', { name: required('Name') }), 'Aisling');
  await userEvent.type(screen.getByRole('textbox', { name: required('Email') }), 'aisling@example.com');
}

describe('rating control', () => {
  it('five stars named "1 of 5 stars" … "5 of 5 stars" in a radio group, writing the hidden field', async () => {
    setup();
    const group = screen.getByRole('radiogroup', { name: required('Your rating') });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(PROPS.ratingLabels);
    expect(document.querySelector('input[type=hidden][name=rating]')).toHaveValue('');
    await userEvent.click(star(4));
    expect(star(4)).toHaveAttribute('aria-checked', 'true');
    expect(document.querySelector('input[name=rating]')).toHaveValue('4');
    expect(star(4)).toHaveAttribute('tabindex', '0');
    expect(star(1)).toHaveAttribute('tabindex', '-1');
  });

  it('arrows choose like a radio group (mirrored right to left)', async () => {
    setup();
    star(1).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(star(3)).toHaveFocus();
    expect(star(3)).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(star(2)).toHaveAttribute('aria-checked', 'true');
    document.body.setAttribute('dir', 'rtl');
    await userEvent.keyboard('{ArrowLeft}');
    expect(star(3)).toHaveAttribute('aria-checked', 'true');
    document.body.removeAttribute('dir');
  });

  it('a rating chosen in the fallback select is carried over (restored through the field)', () => {
    setup();
    const field = document.getElementById('rating') as HTMLInputElement;
    act(() => {
      field.value = '2';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(star(2)).toHaveAttribute('aria-checked', 'true');
  });
});

describe('submission', () => {
  it('no rating while required: blocked with an inline alert, the stars get the focus', async () => {
    setup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a rating');
    expect(star(1)).toHaveFocus();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Please select a rating');
    await userEvent.click(star(5));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with a rating it posts natively, as WordPress’s form', async () => {
    setup();
    await fill();
    await userEvent.click(star(5));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toHaveLength(1);
    expect(Object.fromEntries(submitted[0]!)).toMatchObject({
      rating: '5',
      comment: 'Lovely boots.',
      author: 'Aisling',
      email: 'aisling@example.com',
      comment_post_ID: '18',
      comment_parent: '0',
    });
    expect(form()).toHaveAttribute('action', '/wp-comments-post.php');
    expect(form()).toHaveAttribute('method', 'post');
  });

  it('review_rating_required "no": posts without a rating', async () => {
    setSettings({ ...TEST_SETTINGS, review_rating_required: 'no' });
    setup();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.get('rating')).toBe('');
  });

  it('no rating field (ratings off): nothing to require', async () => {
    setup({ ratingEnabled: false });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toHaveLength(1);
  });

  it('Ctrl+Enter and Cmd+Enter submit through requestSubmit (the rating check runs)', async () => {
    setup();
    await fill();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(submitted).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a rating');
    await userEvent.click(star(3));
    screen.getByRole('textbox', { name: required('Your review') }).focus();
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.get('submit')).toBe('Submit');
  });

  it('a logged-in user has no name and e-mail fields', () => {
    setup({ loggedInAs: 'Demo Shop Manager' });
    expect(screen.getByText(/Logged in as Demo Shop Manager\./)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: required('Name') })).not.toBeInTheDocument();
  });

  it('the comment cookies fill the form in', () => {
    setup({ commenter: { author: 'Aisling', email: 'a@example.com', consent: true } });
    expect(screen.getByRole('textbox', { name: required('Name') })).toHaveValue('Aisling');
    expect(screen.getByRole('checkbox', { name: /Save my name/ })).toBeChecked();
  });
});

describe('one POST per review (issue #11): WordPress refuses the second as "Duplicate comment detected"', () => {
  const submitButton = () => screen.getByRole('button', { name: 'Submit' });
  const review = () => screen.getByRole('textbox', { name: required('Your review') });
  /** Back on the page from WordPress's error page (the back-forward cache shows it as it was). */
  const shownAgain = () =>
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
  async function ready() {
    setup();
    await fill();
    await userEvent.click(star(4));
  }

  it('a double click posts once; meanwhile the form is busy and the button keeps the focus', async () => {
    await ready();
    await userEvent.dblClick(submitButton());
    expect(submitted).toHaveLength(1);
    expect(form()).toHaveAttribute('aria-busy', 'true');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(submitButton()).toHaveFocus();
  });

  it('Ctrl+Enter twice (or Cmd+Enter) posts once', async () => {
    await ready();
    review().focus();
    await userEvent.keyboard('{Control>}{Enter}{Enter}{/Control}');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(submitted).toHaveLength(1);
  });

  it('Enter twice on the Submit button posts once', async () => {
    await ready();
    submitButton().focus();
    await userEvent.keyboard('{Enter}{Enter}');
    expect(submitted).toHaveLength(1);
  });

  it('a slow answer: clicks, keys and requestSubmit() while the page loads send nothing more', async () => {
    await ready();
    await userEvent.click(submitButton());
    await userEvent.click(submitButton());
    review().focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    act(() => form().requestSubmit());
    expect(submitted).toHaveLength(1);
  });

  it('failed (back from the error page): one more post, exactly 2, with what was typed', async () => {
    await ready();
    await userEvent.dblClick(submitButton());
    shownAgain();
    expect(form()).not.toHaveAttribute('aria-busy');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    expect(review()).toHaveValue('Lovely boots.');
    expect(star(4)).toHaveAttribute('aria-checked', 'true');
    await userEvent.dblClick(submitButton());
    expect(submitted).toHaveLength(2);
    expect(submitted[1]!.get('comment')).toBe('Lovely boots.');
    expect(submitted[1]!.get('rating')).toBe('4');
  });

  it('the page load stopped (Escape, the Stop button): one more post, exactly 2', async () => {
    const navigation = new EventTarget();
    (window as Window & { navigation?: EventTarget }).navigation = navigation;
    try {
      await ready();
      review().focus();
      await userEvent.keyboard('{Control>}{Enter}{Enter}{/Control}');
      act(() => {
        navigation.dispatchEvent(new Event('navigateerror'));
      });
      await userEvent.keyboard('{Control>}{Enter}{Enter}{/Control}');
      expect(submitted).toHaveLength(2);
    } finally {
      delete (window as Window & { navigation?: EventTarget }).navigation;
    }
  });

  it('blocked by the missing rating, then sent: the blocked try does not hold the form', async () => {
    setup();
    await fill();
    await userEvent.dblClick(submitButton());
    expect(submitted).toHaveLength(0);
    expect(form()).not.toHaveAttribute('aria-busy');
    await userEvent.click(star(2));
    await userEvent.dblClick(submitButton());
    expect(submitted).toHaveLength(1);
  });
});

describe('threaded replies (comment-reply.js)', () => {
  it('Reply moves the form below the review, sets comment_parent, shows Cancel reply; Cancel puts it back', async () => {
    setup();
    // WordPress's cancel link: always printed, `display: none` until a reply starts.
    const cancel = document.getElementById('cancel-comment-reply-link')!;
    expect(cancel).toHaveTextContent('Cancel reply');
    expect(cancel).not.toBeVisible();
    await userEvent.type(
      screen.getByRole('textbox', { name: required('Your review') }),
      'Typed before replying',
    );
    const reply = screen.getByRole('link', { name: 'Reply to Grace' });
    await userEvent.click(reply);
    const respond = document.getElementById('respond')!;
    expect(respond.closest('#li-comment-11')).not.toBeNull();
    expect(document.getElementById('comment-11')!.nextElementSibling).toContainElement(respond);
    expect(document.getElementById('comment_parent')).toHaveValue('11');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Reply to Grace');
    expect(screen.getByRole('textbox', { name: required('Your review') })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: required('Your review') })).toHaveValue(
      'Typed before replying',
    );
    expect(document.getElementById('wp-temp-form-div')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel reply' })).toBe(cancel);

    await userEvent.click(cancel);
    expect(document.getElementById('respond')!.closest('#review_form')).not.toBeNull();
    expect(document.getElementById('comment_parent')).toHaveValue('0');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Add a review');
    expect(document.getElementById('wp-temp-form-div')).toBeNull();
    expect(cancel).not.toBeVisible();
    expect(reply).toHaveFocus();
  });

  it('a reply is posted with its parent', async () => {
    setup();
    await userEvent.click(screen.getByRole('link', { name: 'Reply to Grace' }));
    await fill();
    await userEvent.click(star(4));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted[0]!.get('comment_parent')).toBe('11');
  });

  it('a reply link without its below element is followed (no-JS fallback)', () => {
    setup();
    document.getElementById('comment-11')!.id = 'gone';
    const link = screen.getByRole('link', { name: 'Reply to Grace' });
    const followed = fireEvent.click(link);
    expect(followed).toBe(true);
    expect(document.getElementById('comment_parent')).toHaveValue('0');
  });

  it('a page loaded for a reply (?replytocom=): cancelled in place, the argument dropped', async () => {
    window.history.replaceState(null, '', '/product/junior-football-boots/?replytocom=11#respond');
    setup({ replyTo: { id: 11, title: 'Leave a Reply to Grace' } });
    expect(document.getElementById('comment_parent')).toHaveValue('11');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Leave a Reply to Grace');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel reply' }));
    expect(document.getElementById('comment_parent')).toHaveValue('0');
    expect(window.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: required('Your review') })).toHaveFocus();
  });
});
