import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { miniCartHtml as demoMiniCartHtml } from '../../demo/fragments';
import { LIVE_REGION_IDS } from '../../src/a11y/announce';
import { emit } from '../../src/events/bus';
import { navigation } from '../../src/navigation';
import { mountedIslandContainer, serverAdd, settleCart, withCartTestServer } from '../../src/test/cart';
import { gate } from '../../src/test/gate';
import { watchLifecycle } from '../../src/test/lifecycle';
import { MiniCart } from './MiniCart';
import { MiniCartPropsSchema } from './schema';

const server = withCartTestServer();

describe('MiniCart lifecycle', () => {
  it('a removal answered after the unmount: no announcement, no focus move, no listener left', async () => {
    await serverAdd(13);
    const answer = gate();
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') === 'remove_from_cart') await answer.passed;
        return undefined;
      }),
    );
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    // The cart store the mini-cart starts is the page's: it keeps following the cart.
    const watch = watchLifecycle(server, { pageWide: ['src/cart/'] });
    const { unmount } = render(
      <MiniCart {...MiniCartPropsSchema.parse({ serverHtml: demoMiniCartHtml(null) })} />,
      { container: mountedIslandContainer('mini-cart') },
    );
    const link = await screen.findByRole('link', { name: 'Remove Pro Match Football from cart' });
    await settleCart();
    await userEvent.click(link);
    await expect.poll(() => watch.requests.some((r) => r.includes('remove_from_cart'))).toBe(true);

    unmount();
    watch.unmounted();
    answer.open();
    await settleCart();
    // Its bus listeners are gone: an add starting elsewhere reaches nothing.
    emit('adding_to_cart', [null, {}]);
    expect(await watch.leftovers()).toEqual([]);
    expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '').toBe('');
    // The removal itself went through (it is the cart's, not the island's): no fallback navigation.
    expect(assign).not.toHaveBeenCalled();
  });
});
