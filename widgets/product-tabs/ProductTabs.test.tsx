import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductTabs } from './ProductTabs';

const TABS = [
  { key: 'description', title: 'Description' },
  { key: 'additional_information', title: 'Additional information' },
  { key: 'reviews', title: 'Reviews (3)' },
];

/** The server's panels (the island renders only the tab list), and a review link in the summary. */
function Page({ dir, open = null }: { dir?: 'rtl'; open?: string | null }) {
  return (
    <div>
      <a href="#reviews" className="woocommerce-review-link">
        (3 customer reviews)
      </a>
      <div className="woocommerce-tabs wc-tabs-wrapper" dir={dir}>
        <div data-island="product-tabs">
          <ProductTabs tabs={TABS} open={open} />
        </div>
        <div className="wc-tab" id="tab-description">
          <h2>Description</h2>
          <p>Junior boots.</p>
        </div>
        <div className="wc-tab" id="tab-additional_information">
          <table>
            <tbody>
              <tr className="woocommerce-product-attributes-item--weight">
                <td className="woocommerce-product-attributes-item__value">0.4 kg</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div className="wc-tab" id="tab-reviews">
          <div id="reviews">
            <div id="comment-11">Sizes are accurate.</div>
          </div>
        </div>
      </div>
    </div>
  );
}

const panel = (id: string) => document.getElementById(id)!;
const tab = (name: string | RegExp) => screen.getByRole('tab', { name });

function expectOpen(id: string, name: string | RegExp) {
  expect(tab(name)).toHaveAttribute('aria-selected', 'true');
  expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
  for (const other of ['tab-description', 'tab-additional_information', 'tab-reviews']) {
    expect(panel(other).hidden).toBe(other !== id);
  }
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ProductTabs', () => {
  it('opens the description first; WAI-ARIA tabs over the server’s panels', () => {
    render(<Page />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Description',
      'Additional information',
      'Reviews (3)',
    ]);
    expectOpen('tab-description', 'Description');
    expect(tab('Description')).toHaveAttribute('aria-controls', 'tab-description');
    expect(tab('Description')).toHaveAttribute('tabindex', '0');
    expect(tab('Reviews (3)')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toBe(panel('tab-description'));
    expect(panel('tab-description').closest('li')).toBeNull();
    expect(document.getElementById('tab-title-description')).toHaveClass('description_tab', 'active');
  });

  it('keeps the server’s panel nodes (the variation form writes into them)', async () => {
    const cell = () => document.querySelector('.woocommerce-product-attributes-item__value')!;
    render(<Page />);
    const before = cell();
    cell().textContent = '0.5 kg';
    await userEvent.click(tab('Additional information'));
    expect(cell()).toBe(before);
    expect(cell()).toHaveTextContent('0.5 kg');
  });

  it('a click opens a tab in place (no hash)', async () => {
    render(<Page />);
    await userEvent.click(tab('Reviews (3)'));
    expectOpen('tab-reviews', 'Reviews (3)');
    expect(window.location.hash).toBe('');
  });

  it.each([
    ['#tab-reviews', 'tab-reviews', 'Reviews (3)'],
    ['#reviews', 'tab-reviews', 'Reviews (3)'],
    ['#comment-11', 'tab-reviews', 'Reviews (3)'],
    ['#tab-additional_information', 'tab-additional_information', 'Additional information'],
    ['#main', 'tab-description', 'Description'],
  ])('the URL %s opens %s', (hash, id, name) => {
    window.history.replaceState(null, '', `/product/boots/${hash}`);
    render(<Page />);
    expectOpen(id, name);
  });

  it('?cpage=2 opens the reviews; the server’s choice replaces the first tab', () => {
    window.history.replaceState(null, '', '/product/boots/?cpage=2');
    const { unmount } = render(<Page />);
    expectOpen('tab-reviews', 'Reviews (3)');
    unmount();
    window.history.replaceState(null, '', '/product/boots/?replytocom=11#respond');
    render(<Page open="reviews" />);
    expectOpen('tab-reviews', 'Reviews (3)');
  });

  it('a hash change follows the rules; other hashes leave the tab alone', () => {
    render(<Page />);
    act(() => {
      window.history.replaceState(null, '', '#tab-additional_information');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expectOpen('tab-additional_information', 'Additional information');
    act(() => {
      window.history.replaceState(null, '', '#respond');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expectOpen('tab-additional_information', 'Additional information');
  });

  it('arrows move and open, wrapping; Home/End; Space opens', async () => {
    render(<Page />);
    tab('Description').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Additional information')).toHaveFocus();
    expectOpen('tab-additional_information', 'Additional information');
    await userEvent.keyboard('{End}');
    expect(tab('Reviews (3)')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Description')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Reviews (3)')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Description')).toHaveFocus();
    expectOpen('tab-description', 'Description');
    await userEvent.keyboard('{ArrowDown}');
    expect(tab('Description')).toHaveFocus();
  });

  it('right to left: the arrows are mirrored', async () => {
    render(<Page dir="rtl" />);
    tab('Description').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Additional information')).toHaveFocus();
    expectOpen('tab-additional_information', 'Additional information');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Reviews (3)')).toHaveFocus();
  });

  it('a review link elsewhere opens the reviews before the browser follows it', () => {
    render(<Page />);
    const link = screen.getByRole('link', { name: '(3 customer reviews)' });
    let shownWhenFollowed: boolean | null = null;
    // After the island's listener: what the browser sees when it scrolls to #reviews.
    window.addEventListener(
      'click',
      (event) => {
        shownWhenFollowed = !panel('tab-reviews').hidden;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(link);
    expect(shownWhenFollowed).toBe(true);
    expectOpen('tab-reviews', 'Reviews (3)');
  });

  it('unmounting gives the server’s panels back as it printed them (all shown, no roles)', () => {
    document.body.innerHTML =
      '<div class="woocommerce-tabs"><div data-island="product-tabs"></div>' +
      '<div class="wc-tab" id="tab-description">D</div><div class="wc-tab" id="tab-additional_information">A</div>' +
      '<div class="wc-tab" id="tab-reviews">R</div></div>';
    const container = document.querySelector<HTMLElement>('[data-island]')!;
    const { unmount } = render(<ProductTabs tabs={TABS} open={null} />, { container });
    expect(panel('tab-reviews')).toHaveAttribute('role', 'tabpanel');
    expect(panel('tab-reviews').hidden).toBe(true);
    unmount();
    for (const id of ['tab-description', 'tab-additional_information', 'tab-reviews']) {
      expect(panel(id).hidden).toBe(false);
      expect(panel(id)).not.toHaveAttribute('role');
      expect(panel(id)).not.toHaveAttribute('tabindex');
      expect(panel(id)).not.toHaveAttribute('aria-labelledby');
    }
  });
});
