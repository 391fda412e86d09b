import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { setSettings } from '../../src/contract/read-settings';
import { watchLifecycle } from '../../src/test/lifecycle';
import { TEST_SETTINGS } from '../../src/test/server';
import { ProductReviews } from './ProductReviews';
import { REVIEW_FORM_PROPS } from './test-fixtures';
import { ProductReviewsPropsSchema } from './schema';

const PROPS = REVIEW_FORM_PROPS;

/** Whether the last click reached the window unprevented (the browser would follow the link). */
let followed: boolean[] = [];
const record = (event: Event) => {
  followed.push(!event.defaultPrevented);
  event.preventDefault(); // jsdom does not navigate
};
beforeEach(() => {
  followed = [];
  window.addEventListener('click', record);
  setSettings({ ...TEST_SETTINGS, review_rating_required: 'yes' });
});
afterEach(() => {
  window.removeEventListener('click', record);
  setSettings(null);
});

describe('ProductReviews lifecycle', () => {
  it('unmounted while replying: the announcement is cancelled, the form is back, reply links are links again', async () => {
    document.body.innerHTML =
      '<ol class="commentlist"><li id="li-comment-11"><div id="comment-11">Sizes are accurate.' +
      '<a rel="nofollow" class="comment-reply-link" href="/product/junior-football-boots/?replytocom=11#respond" ' +
      'data-commentid="11" data-postid="18" data-belowelement="comment-11" data-respondelement="respond" ' +
      'data-replyto="Reply to Grace" aria-label="Reply to Grace">Reply</a></div></li></ol>' +
      '<div id="review_form"><div data-island="product-reviews"></div></div>';
    const container = document.querySelector<HTMLElement>('[data-island]')!;
    const watch = watchLifecycle();
    const { unmount } = render(<ProductReviews {...ProductReviewsPropsSchema.parse(PROPS)} />, {
      container,
    });
    const reply = screen.getByRole('link', { name: 'Reply to Grace' });
    await userEvent.click(reply);
    expect(followed).toEqual([false]);
    expect(container.closest('#li-comment-11')).not.toBeNull();

    unmount();
    watch.unmounted();
    expect(container.closest('#review_form')).not.toBeNull();
    await userEvent.click(reply);
    expect(followed).toEqual([false, true]);
    expect(container.closest('#review_form')).not.toBeNull();
    expect(await watch.leftovers()).toEqual([]);
    expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '').toBe('');
  });
});
