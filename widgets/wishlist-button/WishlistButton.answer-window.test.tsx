import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { wishlistControlHtml } from '../../demo/wishlist';
import { resetPopup } from '../../src/ui/popup';
import { WishlistButtonPropsSchema } from './schema';
import { WishlistButton } from './WishlistButton';

// The requests are replaced by ones the test answers: the click must land after the answer is read
// and before React shows it, a window that the second half of a double click can hit.
const answer = vi.hoisted(() => ({
  calls: [] as string[],
  /** The control's markup in the successful answer. */
  html: '',
  resolve: (): void => undefined,
  reject: (): void => undefined,
}));
vi.mock('../../src/endpoints/commercekit', () => {
  const held = (action: string) => () => {
    answer.calls.push(action);
    return new Promise((resolve, reject) => {
      answer.resolve = () => resolve({ status: 1, html: answer.html, message: 'Done.' });
      answer.reject = () => reject(new Error('HTTP 500'));
    });
  };
  return { saveToWishlist: held('save'), removeFromWishlist: held('remove') };
});

const SHIN_PADS = findProduct(14)!;
const markup = (inWishlist: boolean) =>
  wishlistControlHtml(SHIN_PADS, { inWishlist, type: 'page', nonce: 'abcdef0123' });
answer.html = markup(true);
const props = WishlistButtonPropsSchema.parse({ productId: 14, html: markup(false) });
const FAILED = 'Sorry, your wishlist could not be updated. Please try again.';

function renderAndSave() {
  render(<WishlistButton {...props} />);
  const button = screen.getByRole('button', { name: 'Add to wishlist' });
  act(() => button.click());
  expect(answer.calls).toEqual(['save']);
  return button;
}

/** Settles the request, lets a few microtasks pass, then clicks `button` before React renders. */
async function clickInTheWindow(settle: () => void, button: HTMLElement) {
  await act(async () => {
    settle();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    button.click(); // React has not re-rendered yet: the control is still the one clicked
  });
}

afterEach(() => {
  answer.calls = [];
  resetPopup();
  vi.restoreAllMocks();
});

describe('WishlistButton: a click between the answer and its re-render', () => {
  it('after a save: does not save a second time', async () => {
    const button = renderAndSave();
    await clickInTheWindow(() => answer.resolve(), button);
    expect(answer.calls).toEqual(['save']);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to wishlist' })).toBeNull();
  });

  it('after a failure: sends nothing until the failure is shown, then a click sends it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const button = renderAndSave();
    await clickInTheWindow(() => answer.reject(), button);
    expect(answer.calls).toEqual(['save']);
    expect(screen.getByRole('status')).toHaveTextContent(FAILED);
    expect(button.closest('.commercekit-wishlist')).not.toHaveAttribute('aria-busy', 'true');
    act(() => button.click());
    expect(answer.calls).toEqual(['save', 'save']);
  });
});
