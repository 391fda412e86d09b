import { describe, expect, it, vi } from 'vitest';
import { activity } from './activity';

describe('activity', () => {
  it('tells its subscribers of each change until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = activity.subscribe(listener);
    const done = activity.track();
    expect(activity.getSnapshot()).toBe(1);
    done();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    activity.track()();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(activity.getSnapshot()).toBe(0);
  });

  it('counts a finished request once, however often it says so', () => {
    const done = activity.track();
    done();
    done();
    expect(activity.getSnapshot()).toBe(0);
  });
});
