import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miniCartHtml as demoMiniCartHtml } from '../../demo/fragments';
import { navigation } from '../../src/navigation';
import { mountedIslandContainer, serverAdd, withCartTestServer } from '../../src/test/cart';
import { MiniCart } from './MiniCart';
import { MiniCartPropsSchema } from './schema';

// The removal is sent to the demo store at once, but its answer is handed to the cart store only
// when the test says so: the click must land after the answer is read and before React shows it,
// a window that the second half of a double click can hit.
const held = vi.hoisted(() => ({
  calls: 0,
  fail: false,
  /** Settles once the demo store has answered the last removal. */
  answered: Promise.resolve(),
  release: (): void => undefined,
}));
vi.mock('../../src/endpoints/cart', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/endpoints/cart')>();
  return {
    ...original,
    removeFromCart: (...args: Parameters<typeof original.removeFromCart>) => {
      held.calls += 1;
      const answer = original.removeFromCart(...args);
      held.answered = answer.then(() => undefined);
      const gate = new Promise<void>((resolve) => (held.release = resolve));
      return gate.then(() => (held.fail ? Promise.reject(new Error('HTTP 500')) : answer));
    },
  };
});

withCartTestServer();
afterEach(() => {
  held.calls = 0;
  held.fail = false;
  held.release();
  vi.restoreAllMocks();
});

const removeLink = (name: string) => screen.queryByRole('link', { name: `Remove ${name} from cart` });

async function clickRemove() {
  await serverAdd(13);
  await serverAdd(16);
  render(<MiniCart {...MiniCartPropsSchema.parse({ serverHtml: demoMiniCartHtml(null) })} />, {
    container: mountedIslandContainer('mini-cart'),
  });
  const link = await waitFor(() => screen.getByRole('link', { name: 'Remove Pro Match Football from cart' }));
  act(() => link.click());
  // Queued: sent once the requests before it are done.
  await waitFor(() => expect(held.calls).toBe(1));
  // The demo store has answered (the line is gone there); the cart store has not read it yet.
  await held.answered;
  return link;
}

/** Hands the answer over, lets the promise callbacks run, then clicks `link` before React renders. */
async function clickInTheWindow(link: HTMLElement) {
  await act(async () => {
    held.release();
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
    link.click(); // React has not re-rendered yet: the removed line's link is still there
  });
}

describe('MiniCart: a click on a remove link between the answer and its re-render', () => {
  it('after a removal: sends no second removal', async () => {
    const link = await clickRemove();
    await clickInTheWindow(link);
    await waitFor(() => expect(removeLink('Pro Match Football')).toBeNull());
    expect(removeLink('Training Ball')).not.toBeNull();
    expect(held.calls).toBe(1);
  });

  it('after a failure, while the browser follows the link: sends no second removal until the page is shown again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    held.fail = true;
    const link = await clickRemove();
    await clickInTheWindow(link);
    expect(held.calls).toBe(1);
    expect(assign).toHaveBeenCalledTimes(1);
    // Back on this page (from the back-forward cache, or the load was stopped): the link works again.
    window.dispatchEvent(new Event('pageshow'));
    act(() => link.click());
    await waitFor(() => expect(held.calls).toBe(2));
  });
});
