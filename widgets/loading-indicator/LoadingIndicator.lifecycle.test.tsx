import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { watchLifecycle } from '../../src/test/lifecycle';
import { activity } from '../../src/transport/activity';
import { LoadingIndicator } from './LoadingIndicator';

type Handler = (event: unknown, xhr: object) => void;

afterEach(() => {
  delete (window as { jQuery?: unknown }).jQuery;
});

describe('LoadingIndicator lifecycle', () => {
  it('unmounted while a request waits out the delay: no timer, no jQuery handler, no count left', async () => {
    const handlers = new Map<string, Handler>();
    (window as { jQuery?: unknown }).jQuery = () => ({
      on: (name: string, handler: Handler) => handlers.set(name, handler),
      off: (name: string, handler: Handler) => handlers.get(name) === handler && handlers.delete(name),
    });
    const watch = watchLifecycle();
    const { unmount } = render(<LoadingIndicator label="Loading" delay={150} />);
    // One of the page's jQuery requests, and one of ours, both running.
    act(() => handlers.get('ajaxSend')?.({}, {}));
    let done: () => void = () => undefined;
    act(() => {
      done = activity.track();
    });
    expect(activity.getSnapshot()).toBe(2);
    expect(screen.queryByRole('progressbar')).toBeNull();

    unmount();
    watch.unmounted();
    // The jQuery request it counted no longer counts; its handlers are gone.
    expect(activity.getSnapshot()).toBe(1);
    expect(handlers.size).toBe(0);
    act(() => done());
    expect(await watch.leftovers()).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
