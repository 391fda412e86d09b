import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '../../src/cookies';
import { StoreNoticePropsSchema } from './schema';
import { StoreNotice } from './StoreNotice';

const props = StoreNoticePropsSchema.parse({
  noticeId: 'abc123',
  message: 'Free delivery <strong>today</strong>',
});

afterEach(() => writeCookie('store_noticeabc123', '', { maxAge: 0 }));

describe('StoreNotice', () => {
  it('shows the notice with its HTML and a dismiss control', () => {
    render(<StoreNotice {...props} />);
    const notice = screen.getByRole('complementary', { name: 'Store notice' });
    expect(notice).toHaveTextContent('Free delivery today');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('is not shown while the cookie store_notice{id} is hidden', () => {
    writeCookie('store_noticeabc123', 'hidden');
    const { container } = render(<StoreNotice {...props} />);
    expect(container).toBeEmptyDOMElement();
  });

  const dismissed = () => {
    expect(screen.queryByRole('complementary', { name: 'Store notice' })).toBeNull();
    expect(readCookie('store_noticeabc123')).toBe('hidden');
  };

  it('dismisses on a click and sets the cookie', async () => {
    render(<StoreNotice {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    dismissed();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('dismisses with %s', async (_key, keys) => {
    render(<StoreNotice {...props} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard(keys);
    dismissed();
  });

  it('rejects props that would make an unusable cookie name', () => {
    expect(StoreNoticePropsSchema.safeParse({ noticeId: 'a;b=c', message: '' }).success).toBe(false);
    expect(StoreNoticePropsSchema.safeParse({ noticeId: '', message: '' }).success).toBe(false);
  });
});
