import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { watchLifecycle } from '../../src/test/lifecycle';
import { StoreNoticePropsSchema } from './schema';
import { StoreNotice } from './StoreNotice';

describe('StoreNotice lifecycle', () => {
  it('starts nothing that outlives it: dismissed, then unmounted, nothing is left', async () => {
    const watch = watchLifecycle();
    const props = StoreNoticePropsSchema.parse({ noticeId: 'lifecycle', message: 'Free delivery' });
    const { unmount } = render(<StoreNotice {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Store notice' })).toBeNull();
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    document.cookie = 'store_noticelifecycle=; path=/; max-age=0';
  });
});
