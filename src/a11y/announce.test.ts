import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announce,
  ANNOUNCE_SETTLE_MS,
  cancelPendingAnnouncements,
  ensureVisuallyHiddenCss,
  getLiveRegion,
  LIVE_REGION_IDS,
  VISUALLY_HIDDEN_CLASS,
} from './announce';

const polite = () => document.getElementById(LIVE_REGION_IDS.polite);

describe('announce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('touches nothing until first used, then keeps one visually hidden polite region', () => {
    expect(polite()).toBeNull();
    announce('One');
    announce('Two');
    vi.runAllTimers();
    const regions = document.querySelectorAll('[aria-live]');
    expect(regions).toHaveLength(1);
    const region = regions[0] as HTMLElement;
    expect(region).toHaveAttribute('id', 'shop-islands-live');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(region).toHaveClass(VISUALLY_HIDDEN_CLASS);
    expect(region.style.position).toBe('absolute');
    expect(region.style.width).toBe('1px');
    expect(region.parentElement).toBe(document.body);
    expect(region).toHaveTextContent('Two');
  });

  it('creates the region before the text so it is noticed, and sets the text a tick later', () => {
    announce('Added to cart');
    expect(polite()).toBeInTheDocument();
    expect(polite()).toHaveTextContent('');
    vi.advanceTimersByTime(ANNOUNCE_SETTLE_MS);
    expect(polite()).toHaveTextContent('Added to cart');
  });

  it('announces exactly after the delay (1 s add-to-cart message, 2 s result count)', () => {
    announce('“Boots” has been added to your cart.', { delay: 1000 });
    vi.advanceTimersByTime(999);
    expect(polite()?.textContent ?? '').toBe('');
    vi.advanceTimersByTime(1);
    expect(polite()).toHaveTextContent('“Boots” has been added to your cart.');

    announce('12 results', { delay: 2000 });
    vi.advanceTimersByTime(1999);
    expect(polite()).not.toHaveTextContent('12 results');
    vi.advanceTimersByTime(1);
    expect(polite()).toHaveTextContent('12 results');
  });

  it('clears the region before repeating the same text, so it is heard again', () => {
    announce('Cart updated');
    vi.runAllTimers();
    const region = polite()!;
    const changes: string[] = [];
    const observer = new MutationObserver(() => changes.push(region.textContent ?? ''));
    observer.observe(region, { childList: true, characterData: true, subtree: true });

    announce('Cart updated');
    // MutationObserver callbacks are microtasks: flush them at each step.
    return Promise.resolve()
      .then(() => {
        expect(region.textContent).toBe('');
        vi.advanceTimersByTime(ANNOUNCE_SETTLE_MS);
      })
      .then(() => {
        observer.disconnect();
        expect(changes).toEqual(['', 'Cart updated']);
      });
  });

  it('cancel() stops a pending announcement', () => {
    const cancel = announce('Never heard', { delay: 1000 });
    vi.advanceTimersByTime(500);
    cancel();
    vi.runAllTimers();
    expect(polite()?.textContent ?? '').toBe('');
  });

  it('uses a separate assertive region', () => {
    announce('Polite');
    announce('Urgent', { politeness: 'assertive' });
    vi.runAllTimers();
    const assertive = document.getElementById(LIVE_REGION_IDS.assertive)!;
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(assertive).toHaveAttribute('role', 'alert');
    expect(assertive).toHaveTextContent('Urgent');
    expect(polite()).toHaveTextContent('Polite');
    expect(getLiveRegion('assertive')).toBe(assertive);
  });

  it('recreates the region if the page removed it', () => {
    announce('First');
    vi.runAllTimers();
    polite()!.remove();
    announce('Second');
    vi.runAllTimers();
    expect(document.querySelectorAll(`#${LIVE_REGION_IDS.polite}`)).toHaveLength(1);
    expect(polite()).toHaveTextContent('Second');
  });
});

describe('ensureVisuallyHiddenCss', () => {
  it('injects the class rule once', () => {
    ensureVisuallyHiddenCss();
    ensureVisuallyHiddenCss();
    const styles = document.head.querySelectorAll('#shop-islands-sr-only-css');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toContain(`.${VISUALLY_HIDDEN_CLASS}{position:absolute!important`);
    expect(styles[0]!.textContent).toContain('clip-path:inset(50%)!important');
    styles[0]!.remove();
  });
});

describe('yieldToOthers', () => {
  it('is said when nothing else is asked for before its time', () => {
    vi.useFakeTimers();
    try {
      announce('Showing all 8 results', { delay: 2000, yieldToOthers: true });
      vi.advanceTimersByTime(2000);
      expect(getLiveRegion('polite').textContent).toBe('Showing all 8 results');
    } finally {
      cancelPendingAnnouncements();
      vi.useRealTimers();
    }
  });

  it('gives way to an announcement asked for meanwhile, which stays', () => {
    vi.useFakeTimers();
    try {
      announce('Showing all 8 results', { delay: 2000, yieldToOthers: true });
      vi.advanceTimersByTime(500);
      announce('“Pro Match Football” has been removed from your cart');
      vi.advanceTimersByTime(3000);
      expect(getLiveRegion('polite').textContent).toBe(
        '“Pro Match Football” has been removed from your cart',
      );
    } finally {
      cancelPendingAnnouncements();
      vi.useRealTimers();
    }
  });
});
