import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_IDS } from '../../src/a11y';
import { ResultCount } from './ResultCount';
import { ResultCountPropsSchema } from './schema';

const live = () => document.getElementById(LIVE_REGION_IDS.polite);
const liveText = () => live()?.textContent ?? '';
const props = (text: string) => ResultCountPropsSchema.parse({ text });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResultCount', () => {
  it("shows WooCommerce's paragraph, itself no live region (its insertion is not read out)", () => {
    render(<ResultCount {...props('Showing all 12 results')} />);
    const paragraph = screen.getByText('Showing all 12 results');
    expect(paragraph.tagName).toBe('P');
    expect(paragraph).toHaveClass('woocommerce-result-count');
    expect(paragraph).not.toHaveAttribute('role');
    expect(paragraph).not.toHaveAttribute('aria-live');
  });

  it('re-announces the text 2 s after it mounts, not before, once (storefront.md §9)', () => {
    render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(1999));
    expect(liveText()).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(liveText()).toBe('Showing all 12 results');
    expect(live()).toHaveAttribute('aria-live', 'polite');
    expect(live()).toHaveAttribute('role', 'status');
    act(() => vi.advanceTimersByTime(10_000));
    expect(liveText()).toBe('Showing all 12 results');
  });

  it('announces the text with its white space collapsed, and shows it as given', () => {
    render(<ResultCount {...props('\n\tShowing 1–16 of\n 40 results')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(liveText()).toBe('Showing 1–16 of 40 results');
    expect(document.querySelector('p.woocommerce-result-count')?.textContent).toBe(
      '\n\tShowing 1–16 of\n 40 results',
    );
  });

  it('says nothing for an empty text', () => {
    render(<ResultCount {...props('  ')} />);
    act(() => vi.runAllTimers());
    expect(live()).toBeNull();
  });

  it('escapes markup: the text is text', () => {
    render(<ResultCount {...props('<img src=x onerror=alert(1)> results')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(document.querySelector('img')).toBeNull();
    expect(liveText()).toBe('<img src=x onerror=alert(1)> results');
  });

  it('removed before the 2 s: announces nothing, leaves no timer', () => {
    const { unmount } = render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(1500));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.runAllTimers());
    expect(liveText()).toBe('');
  });

  it('two result counts on a page (Storefront prints one above and one below): said once', () => {
    const said: string[] = [];
    render(
      <>
        <ResultCount {...props('Showing all 12 results')} />
        <ResultCount {...props('Showing all 12 results')} />
      </>,
    );
    const observer = new MutationObserver(() => said.push(liveText()));
    act(() => vi.advanceTimersByTime(1900));
    observer.observe(live()!, { childList: true, characterData: true, subtree: true });
    act(() => vi.advanceTimersByTime(100));
    return Promise.resolve().then(() => {
      observer.disconnect();
      expect(said).toEqual(['Showing all 12 results']);
      expect(document.querySelectorAll(`#${LIVE_REGION_IDS.polite}`)).toHaveLength(1);
    });
  });

  it('a count with the same text mounted after the first left the page is said again', () => {
    const first = render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(2000));
    first.unmount();
    live()!.textContent = '';
    render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(liveText()).toBe('Showing all 12 results');
  });

  it('the second of two counts speaks when the first was removed before it could', () => {
    const first = render(<ResultCount {...props('Showing all 12 results')} />);
    first.unmount();
    render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(liveText()).toBe('Showing all 12 results');
  });

  it('different texts are each said', () => {
    render(<ResultCount {...props('Showing all 12 results')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(liveText()).toBe('Showing all 12 results');
    render(<ResultCount {...props('Showing the single result')} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(liveText()).toBe('Showing the single result');
  });
});
