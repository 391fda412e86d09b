import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MouseEvent as ReactMouseEvent } from 'react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../contract/read-settings';
import { on } from '../events/bus';
import { navigation } from '../navigation';
import { withCartTestServer } from '../test/cart';
import { gate } from '../test/gate';
import { useAddToCart, type UseAddToCartOptions } from './useAddToCart';

const server = withCartTestServer();
afterEach(() => {
  vi.restoreAllMocks();
});

const failing = () =>
  server.use(
    http.post('*', ({ request }) =>
      new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart'
        ? new HttpResponse('', { status: 500 })
        : undefined,
    ),
  );

/** A control using the hook: a link (its href the fallback), or a form's submit button. */
function Control({ options, inForm = false }: { options: UseAddToCartOptions; inForm?: boolean }) {
  const { state, viewCart, add } = useAddToCart(options);
  const onClick = (event: ReactMouseEvent<HTMLElement>) => {
    const button = event.currentTarget;
    add({
      event,
      button,
      data: { product_id: '13', quantity: '1' },
      fallback: inForm
        ? { form: (button as HTMLButtonElement).form }
        : { href: (button as HTMLAnchorElement).href },
      successMessage: 'Added!',
    });
  };
  const className = state.pending > 0 ? 'loading' : state.added ? 'added' : undefined;
  return (
    <>
      {inForm ? (
        <form aria-label="Product" action="/product/ball/" method="post">
          <button
            type="submit"
            className={className}
            aria-busy={state.pending > 0 || undefined}
            onClick={onClick}
          >
            Add
          </button>
        </form>
      ) : (
        <a
          href="/?add-to-cart=13"
          className={className}
          aria-busy={state.pending > 0 || undefined}
          onClick={onClick}
        >
          Add
        </a>
      )}
      {viewCart && <a href={viewCart.href}>{viewCart.text}</a>}
    </>
  );
}

const add = () => screen.getByRole(screen.queryByRole('form') ? 'button' : 'link', { name: 'Add' });

describe('useAddToCart', () => {
  it('adds: busy meanwhile, then added, the View cart link and wc_cart_button_updated after the commit', async () => {
    const updated: string[] = [];
    const stop = on('wc_cart_button_updated', (button) =>
      updated.push(`${button?.className} ${screen.queryAllByRole('link', { name: 'View cart' }).length}`),
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart') await held;
        return undefined; // the demo store answers
      }),
    );
    render(<Control options={{ island: 'test' }} />);
    await userEvent.click(add());
    expect(add()).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(add()).toHaveClass('added'));
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(updated).toEqual(['added 1']);
    await waitFor(() => expect(document.getElementById('shop-islands-live')).toHaveTextContent('Added!'), {
      timeout: 3000,
    });
    stop();
  });

  it('without the classic button update: no View cart link, no wc_cart_button_updated', async () => {
    const updated = vi.fn();
    const stop = on('wc_cart_button_updated', updated);
    render(<Control options={{ island: 'test', classicButton: false }} />);
    await userEvent.click(add());
    await waitFor(() => expect(add()).toHaveClass('added'));
    expect(screen.queryByRole('link', { name: 'View cart' })).toBeNull();
    expect(updated).not.toHaveBeenCalled();
    stop();
  });

  it('a failed add follows the link', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    failing();
    render(<Control options={{ island: 'test' }} />);
    await userEvent.click(add());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/?add-to-cart=13'));
    expect(error).toHaveBeenCalledWith(
      '[shop-islands] test: the product could not be added in the page; following the link.',
      expect.anything(),
    );
  });

  it('a failed add leaves the page only once the adds queued after it are sent and answered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const [first, second] = [gate(), gate()];
    let adds = 0;
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return undefined;
        adds += 1;
        if (adds === 1) {
          await first.passed;
          return new HttpResponse('', { status: 403 });
        }
        await second.passed;
        return undefined;
      }),
    );
    render(<Control options={{ island: 'test' }} />);
    await userEvent.click(add());
    await userEvent.click(add());
    first.open();
    await waitFor(() => expect(adds).toBe(2));
    expect(assign).not.toHaveBeenCalled();
    second.open();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/?add-to-cart=13'));
  });

  it('a failed add submits the form when there is one', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const submit = vi.spyOn(navigation, 'submit').mockImplementation(() => undefined);
    failing();
    render(<Control options={{ island: 'test', subject: 'variation' }} inForm />);
    await userEvent.click(add());
    await waitFor(() => expect(submit).toHaveBeenCalledWith(screen.getByRole('form'), add()));
    expect(error).toHaveBeenCalledWith(
      '[shop-islands] test: the variation could not be added in the page; submitting the form.',
      expect.anything(),
    );
  });

  it('without the settings block the click keeps its default action', async () => {
    setSettings(null);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const followed: boolean[] = [];
    const listener = (event: MouseEvent) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault(); // jsdom does not navigate
    };
    document.addEventListener('click', listener);
    render(<Control options={{ island: 'test' }} />);
    await userEvent.click(add());
    document.removeEventListener('click', listener);
    expect(followed).toEqual([true]);
    expect(add()).not.toHaveAttribute('aria-busy');
    expect(error).toHaveBeenCalledWith(
      '[shop-islands] test: no settings; following the link.',
      expect.anything(),
    );
  });
});
