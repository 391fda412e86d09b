import { render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { Variation } from '../../src/contract/variation';
import { emit } from '../../src/events/bus';
import { heldOpen, watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { SaleBadge } from './SaleBadge';
import { SaleBadgePropsSchema } from './schema';

const server = setupServer();
withTestServer(server);

describe('SaleBadge lifecycle', () => {
  it('aborts the percents request when it unmounts, and stops following the variations form', async () => {
    document.body.innerHTML =
      '<form class="variations_form cart" data-product_id="18">' +
      '<input type="hidden" name="variation_id" class="variation_id" value="0"></form>';
    const form = document.querySelector('form')!;
    const held = heldOpen('post', '*/wp-admin/admin-ajax.php');
    server.use(held.handler);
    const watch = watchLifecycle(server);
    const { unmount } = render(<SaleBadge {...SaleBadgePropsSchema.parse({ productId: 18 })} />);
    expect(screen.getByText('Sale!')).toBeInTheDocument();
    await expect.poll(held.seen).toBe(1);

    unmount();
    watch.unmounted();
    emit('found_variation', [{ variation_id: 22, attributes: {} } as unknown as Variation], form);
    emit('reset_data', [], form);
    expect(await watch.leftovers()).toEqual([]);
    expect(watch.requests).toHaveLength(1);
  });
});
