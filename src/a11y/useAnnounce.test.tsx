import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce, cancelPendingAnnouncements, LIVE_REGION_IDS } from './announce';
import { useAnnounce } from './useAnnounce';

const polite = () => document.getElementById(LIVE_REGION_IDS.polite);

function Speaker({ text, delay }: { text: string; delay: number }) {
  const say = useAnnounce();
  return (
    <button type="button" onClick={() => say(text, { delay })}>
      Say
    </button>
  );
}

describe('useAnnounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces while the island is on the page', () => {
    const { getByRole } = render(<Speaker text="Cart updated" delay={1000} />);
    getByRole('button').click();
    vi.advanceTimersByTime(1000);
    expect(polite()).toHaveTextContent('Cart updated');
  });

  it('says nothing, and leaves no timer, once the island is unmounted', () => {
    const { getByRole, unmount } = render(<Speaker text="Removed" delay={1000} />);
    getByRole('button').click();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.runAllTimers();
    expect(polite()?.textContent ?? '').toBe('');
  });
});

describe('cancelPendingAnnouncements', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cancels every announcement not made yet, and none already made', () => {
    announce('Said', { delay: 0 });
    vi.advanceTimersByTime(100);
    announce('Never said', { delay: 2000 });
    cancelPendingAnnouncements();
    expect(vi.getTimerCount()).toBe(0);
    expect(polite()).toHaveTextContent('Said');
  });
});

describe('useAnnounce after the unmount', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says nothing when called once the island is gone (a late answer)', () => {
    let say: ((message: string) => void) | undefined;
    function Late({ onReady }: { onReady: (announce: (message: string) => void) => void }) {
      const announce = useAnnounce();
      useEffect(() => onReady(announce), [onReady, announce]);
      return null;
    }
    const { unmount } = render(<Late onReady={(announce) => (say = announce)} />);
    unmount();
    say?.('Too late');
    expect(vi.getTimerCount()).toBe(0);
    vi.runAllTimers();
    expect(polite()?.textContent ?? '').toBe('');
  });
});
