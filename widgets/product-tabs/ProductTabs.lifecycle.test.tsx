import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { watchLifecycle } from '../../src/test/lifecycle';
import { ProductTabs } from './ProductTabs';

const TABS = [
  { key: 'description', title: 'Description' },
  { key: 'reviews', title: 'Reviews (3)' },
];

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ProductTabs lifecycle', () => {
  it('once unmounted, the server’s panels are all shown again, and hash changes and review links leave them so', async () => {
    // The server's page: the island's container next to its panels, a review link in the summary.
    document.body.innerHTML =
      '<a href="#reviews" class="woocommerce-review-link">(3 customer reviews)</a>' +
      '<div class="woocommerce-tabs wc-tabs-wrapper"><div data-island="product-tabs"></div>' +
      '<div class="wc-tab" id="tab-description"><p>Junior boots.</p></div>' +
      '<div class="wc-tab" id="tab-reviews"><div id="reviews">Sizes are accurate.</div></div></div>';
    const container = document.querySelector<HTMLElement>('[data-island]')!;
    const description = document.getElementById('tab-description')!;
    const reviews = document.getElementById('tab-reviews')!;
    const watch = watchLifecycle();
    const { unmount } = render(<ProductTabs tabs={TABS} open={null} />, { container });
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews (3)' }));
    expect(description).not.toBeVisible();

    unmount();
    watch.unmounted();
    expect(description).toBeVisible();
    expect(reviews).toBeVisible();
    window.history.replaceState(null, '', '/#tab-description');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    fireEvent.click(screen.getByRole('link', { name: '(3 customer reviews)' }));
    expect(description).toBeVisible();
    expect(reviews).toBeVisible();
    expect(reviews).not.toHaveAttribute('role');
    expect(await watch.leftovers()).toEqual([]);
  });
});
