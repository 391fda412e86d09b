import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { waitlistProps } from '../../demo/waitlist';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { WaitlistFormPropsSchema } from './schema';
import { WaitlistForm } from './WaitlistForm';

const server = setupServer();
withTestServer(server);

describe('WaitlistForm lifecycle', () => {
  it('aborts a sign-up still being sent when it unmounts, and leaves nothing behind', async () => {
    const held = heldOpen('post', '*/wp-admin/admin-ajax.php');
    server.use(held.handler);
    const watch = watchLifecycle(server);
    const props = WaitlistFormPropsSchema.parse(
      waitlistProps({ productId: 15, action: '/product/goalkeeper-gloves/', nonce: 'abcdef0123' }),
    );
    const { unmount } = render(<WaitlistForm {...props} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'shopper@example.com');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I consent to being contacted by the store owner' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Join waiting list' }));
    await expect.poll(held.seen).toBe(1);

    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    expect(watch.requests).toHaveLength(1);
  });
});
