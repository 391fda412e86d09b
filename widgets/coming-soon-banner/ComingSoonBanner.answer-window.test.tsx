import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComingSoonBanner } from './ComingSoonBanner';
import { ComingSoonBannerPropsSchema } from './schema';

// The request is replaced by one the test answers: the click must land after the answer is read
// and before React shows it, a window that a real double click can hit (it did in CI).
const answer = vi.hoisted(() => ({
  resolve: (): void => undefined,
  reject: (): void => undefined,
  calls: 0,
}));
vi.mock('../../src/endpoints/wordpress', () => ({
  dismissComingSoonBanner: () => {
    answer.calls += 1;
    return new Promise((resolve, reject) => {
      answer.resolve = () => resolve({ id: 1 });
      answer.reject = () => reject(new Error('HTTP 500'));
    });
  },
}));

const props = ComingSoonBannerPropsSchema.parse({
  restUrl: '/wp-json/wp/v2/users/1',
  message: 'This store is in “Coming soon” mode.',
});

afterEach(() => {
  answer.calls = 0;
  vi.restoreAllMocks();
});

describe('ComingSoonBanner: a click between the answer and its re-render', () => {
  it('does not save the dismissal a second time', async () => {
    render(<ComingSoonBanner {...props} />);
    const button = screen.getByRole('button', { name: 'Dismiss coming soon banner' });
    act(() => button.click());
    expect(answer.calls).toBe(1);
    await act(async () => {
      answer.resolve();
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      button.click(); // React has not re-rendered yet: the button is still there
    });
    expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull();
    expect(answer.calls).toBe(1);
  });

  it('after a failure: sends nothing until the failure is shown, then a click sends it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ComingSoonBanner {...props} />);
    const button = screen.getByRole('button', { name: 'Dismiss coming soon banner' });
    act(() => button.click());
    await act(async () => {
      answer.reject();
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      button.click(); // the second half of a double click: the failure is not shown yet
    });
    expect(answer.calls).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent('The banner could not be dismissed.');
    act(() => button.click());
    expect(answer.calls).toBe(2);
  });
});
