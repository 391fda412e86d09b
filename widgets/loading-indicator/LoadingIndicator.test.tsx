import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activity } from '../../src/transport/activity';
import { LoadingIndicator } from './LoadingIndicator';

afterEach(() => {
  vi.useRealTimers();
  delete (window as { jQuery?: unknown }).jQuery;
});

describe('LoadingIndicator', () => {
  it('shows a progress bar while a request runs longer than the delay', () => {
    vi.useFakeTimers();
    render(<LoadingIndicator label="Loading" delay={150} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    let done: () => void = () => undefined;
    act(() => {
      done = activity.track();
    });
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => done());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never flashes for a quick request', () => {
    vi.useFakeTimers();
    render(<LoadingIndicator label="Loading" delay={150} />);
    act(() => {
      const done = activity.track();
      vi.advanceTimersByTime(100);
      done();
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("counts the page's jQuery requests too", () => {
    const handlers = new Map<string, (event: unknown, xhr: object) => void>();
    const jq = () => ({
      on: (name: string, handler: (event: unknown, xhr: object) => void) => handlers.set(name, handler),
      off: (name: string) => handlers.delete(name),
    });
    (window as { jQuery?: unknown }).jQuery = jq;
    render(<LoadingIndicator label="Loading" delay={0} />);
    const xhr = {};
    act(() => handlers.get('ajaxSend')?.({}, xhr));
    expect(activity.getSnapshot()).toBe(1);
    act(() => handlers.get('ajaxComplete')?.({}, xhr));
    expect(activity.getSnapshot()).toBe(0);
  });
});
