import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { ComingSoonBanner } from './ComingSoonBanner';
import { ComingSoonBannerPropsSchema } from './schema';

const server = setupServer();
withTestServer(server);

describe('ComingSoonBanner lifecycle', () => {
  it('aborts a dismissal still being saved when it unmounts, and leaves nothing behind', async () => {
    const held = heldOpen('post', '*/wp-json/wp/v2/users/1');
    server.use(held.handler);
    const watch = watchLifecycle(server);
    const props = ComingSoonBannerPropsSchema.parse({
      restUrl: '/wp-json/wp/v2/users/1',
      message: 'This store is coming soon.',
    });
    const { unmount } = render(<ComingSoonBanner {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss coming soon banner' }));
    await expect.poll(held.seen).toBe(1);

    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    expect(watch.requests).toHaveLength(1);
  });
});
