import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findProduct, type Product } from '../../demo/fixtures';
import { wishlistListHtml } from '../../demo/wishlist';
import { resetPopup } from '../../src/ui/popup';
import { WishlistListPropsSchema } from './schema';
import { WishlistList } from './WishlistList';

// The requests are replaced by ones the test answers: the click must land after the answer is read
// and before React shows it, a window that the second half of a double click can hit.
const answer = vi.hoisted(() => ({
  calls: [] as string[],
  /** The list in a successful removal's answer. */
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
  return { removeFromWishlist: held('remove'), wishlistAddToCart: held('add-to-cart') };
});

const BALL = findProduct(13)!;
const TRAINING = findProduct(16)!;
const list = (products: Product[]) => wishlistListHtml(products, { nonce: 'abcdef0123' });
/** CommerceKit's own add-to-cart control is a link: disabling it (aria-disabled) stops no click. */
const withCartLinks = (html: string) =>
  html.replace(
    /<form class="commercekit-wishlist-cart-form"[^>]*><button [^>]*value="(\d+)"[^>]*>([^<]*)<\/button><\/form>/g,
    '<a href="/wishlist/?add-to-cart=$1" class="button commercekit-wishlist-cart" data-product-id="$1">$2</a>',
  );
const FAILED = 'Sorry, the product could not be removed from your wishlist. Please try again.';
const removeButton = (product: Product) =>
  screen.getByRole('button', { name: `Remove “${product.name}” from wishlist` });

/** Settles the request, lets a few microtasks pass, then clicks `control` before React renders. */
async function clickInTheWindow(settle: () => void, control: HTMLElement) {
  await act(async () => {
    settle();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    control.click(); // React has not re-rendered yet: the control is still the one clicked
  });
}

afterEach(() => {
  answer.calls = [];
  resetPopup();
  vi.restoreAllMocks();
});

describe('WishlistList: a click between the answer and its re-render', () => {
  it('after a removal: does not remove a second time', async () => {
    answer.html = list([BALL]);
    render(<WishlistList {...WishlistListPropsSchema.parse({ html: list([BALL, TRAINING]) })} />);
    const button = removeButton(TRAINING);
    act(() => button.click());
    expect(answer.calls).toEqual(['remove']);
    await clickInTheWindow(() => answer.resolve(), button);
    expect(answer.calls).toEqual(['remove']);
    expect(screen.queryByRole('button', { name: `Remove “${TRAINING.name}” from wishlist` })).toBeNull();
  });

  it('after a failed removal: sends nothing until the failure is shown, then a click sends it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<WishlistList {...WishlistListPropsSchema.parse({ html: list([BALL, TRAINING]) })} />);
    const button = removeButton(TRAINING);
    act(() => button.click());
    await clickInTheWindow(() => answer.reject(), button);
    expect(answer.calls).toEqual(['remove']);
    expect(screen.getByRole('status')).toHaveTextContent(FAILED);
    expect(button.closest('li')).not.toHaveClass('processing');
    act(() => button.click());
    expect(answer.calls).toEqual(['remove', 'remove']);
  });

  it('after an add to cart: does not add a second time; a click after it is shown adds again', async () => {
    render(<WishlistList {...WishlistListPropsSchema.parse({ html: withCartLinks(list([BALL])) })} />);
    const link = screen.getByRole('link', { name: 'Add to cart' });
    act(() => link.click());
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await clickInTheWindow(() => answer.resolve(), link);
    expect(answer.calls).toEqual(['add-to-cart']);
    expect(link).not.toHaveAttribute('aria-disabled');
    act(() => link.click());
    expect(answer.calls).toEqual(['add-to-cart', 'add-to-cart']);
  });
});
