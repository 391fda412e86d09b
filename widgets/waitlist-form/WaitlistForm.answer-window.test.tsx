import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitlistProps } from '../../demo/waitlist';
import { WaitlistFormPropsSchema } from './schema';
import { WaitlistForm } from './WaitlistForm';

// The request is replaced by one the test answers: the submission must land after the answer is
// read and before React shows it, a window that the second half of a double click can hit.
const answer = vi.hoisted(() => ({
  calls: 0,
  resolve: (): void => undefined,
  reject: (): void => undefined,
}));
vi.mock('../../src/endpoints/commercekit', () => ({
  saveWaitlist: () => {
    answer.calls += 1;
    return new Promise((resolve, reject) => {
      answer.resolve = () => resolve({ status: 1, message: 'You are on the list.' });
      answer.reject = () => reject(new Error('HTTP 500'));
    });
  },
}));

const props = WaitlistFormPropsSchema.parse(
  waitlistProps({ productId: 15, action: '/product/goalkeeper-gloves/', nonce: 'abcdef0123' }),
);
const FAILED = 'Sorry, your request could not be sent. Please try again.';
const join = () => screen.getByRole('button', { name: 'Join waiting list' });

function renderFilled() {
  render(<WaitlistForm {...props} />);
  const email = screen.getByRole('textbox', { name: 'Email address' });
  fireEvent.change(email, { target: { value: 'shopper@example.com' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I consent to being contacted by the store owner' }));
  const button = join();
  act(() => button.click());
  expect(answer.calls).toBe(1);
  return button;
}

/** Settles the request, lets a few microtasks pass, then clicks `button` before React renders. */
async function clickInTheWindow(settle: () => void, button: HTMLElement) {
  await act(async () => {
    settle();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    button.click(); // React has not re-rendered yet: the form is still there, still filled in
  });
}

afterEach(() => {
  answer.calls = 0;
  vi.restoreAllMocks();
});

describe('WaitlistForm: a submission between the answer and its re-render', () => {
  it('after a sign-up: does not sign up a second time', async () => {
    const button = renderFilled();
    await clickInTheWindow(() => answer.resolve(), button);
    expect(answer.calls).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('You are on the list.');
    expect(screen.queryByRole('button', { name: 'Join waiting list' })).toBeNull();
  });

  it('after a failure: sends nothing until the failure is shown, then a click sends it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const button = renderFilled();
    await clickInTheWindow(() => answer.reject(), button);
    expect(answer.calls).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    act(() => join().click());
    expect(answer.calls).toBe(2);
  });
});
