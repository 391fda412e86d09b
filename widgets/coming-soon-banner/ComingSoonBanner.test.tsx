import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../../src/contract/read-settings';
import { gate } from '../../src/test/gate';
import { ComingSoonBanner } from './ComingSoonBanner';
import { ComingSoonBannerPropsSchema } from './schema';

const server = setupServer();
const URL_ = 'http://localhost:3000/wp-json/wp/v2/users/1';
const props = ComingSoonBannerPropsSchema.parse({
  restUrl: '/wp-json/wp/v2/users/1',
  message: 'This store is in “Coming soon” mode. <a href="/settings">Change visibility settings</a>',
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() =>
  setSettings({
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    rest_nonce: 'cafebabe00',
    cart_url: '/cart/',
  }),
);
afterEach(() => {
  server.resetHandlers();
  setSettings(null);
});

const dismiss = () => userEvent.click(screen.getByRole('button', { name: 'Dismiss coming soon banner' }));
const ALERT = 'The banner could not be dismissed. Please try again.';

describe('ComingSoonBanner', () => {
  it('saves the dismissal with the nonce and hides when the request completes', async () => {
    let body: unknown;
    let nonce: string | null = null;
    const answer = gate();
    server.use(
      http.post(URL_, async ({ request }) => {
        body = await request.json();
        nonce = request.headers.get('x-wp-nonce');
        await answer.passed;
        return HttpResponse.json({ id: 1 });
      }),
    );
    render(<ComingSoonBanner {...props} />);
    expect(screen.getByRole('link', { name: 'Change visibility settings' })).toBeInTheDocument();
    await dismiss();
    // Still there while the request runs.
    expect(screen.getByRole('button', { name: 'Dismiss coming soon banner' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    answer.open();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull(),
    );
    expect(body).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });
    expect(nonce).toBe('cafebabe00');
  });

  it.each([
    ['a server error', () => new HttpResponse('<h1>Error</h1>', { status: 500 })],
    [
      'a refused nonce',
      () =>
        HttpResponse.json({ code: 'rest_forbidden', message: 'No', data: { status: 403 } }, { status: 403 }),
    ],
    ['a network failure', () => HttpResponse.error()],
  ])('keeps the banner and says so on %s, and a retry works', async (_case, fail) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(URL_, fail, { once: true }),
      http.post(URL_, () => HttpResponse.json({ id: 1 })),
    );
    render(<ComingSoonBanner {...props} />);
    await dismiss();
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT);
    await dismiss();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull(),
    );
  });

  it('ignores repeat clicks while saving', async () => {
    let calls = 0;
    const answer = gate();
    server.use(
      http.post(URL_, async () => {
        calls += 1;
        await answer.passed;
        return HttpResponse.json({});
      }),
    );
    render(<ComingSoonBanner {...props} />);
    await dismiss();
    await dismiss();
    answer.open();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull(),
    );
    expect(calls).toBe(1);
  });

  it('two clicks in one task (a double click replayed after the mount) save once', async () => {
    let calls = 0;
    server.use(
      http.post(URL_, () => {
        calls += 1;
        return HttpResponse.json({ id: 1 });
      }),
    );
    render(<ComingSoonBanner {...props} />);
    const button = screen.getByRole('button', { name: 'Dismiss coming soon banner' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull(),
    );
    expect(calls).toBe(1);
  });

  it('failed, then dismissed again with double clicks: exactly 2 requests', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const first = gate();
    server.use(
      http.post(URL_, async () => {
        calls += 1;
        if (calls > 1) return HttpResponse.json({ id: 1 });
        await first.passed;
        return new HttpResponse('<h1>Error</h1>', { status: 500 });
      }),
    );
    render(<ComingSoonBanner {...props} />);
    const button = screen.getByRole('button', { name: 'Dismiss coming soon banner' });
    await userEvent.dblClick(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    first.open();
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT);
    await userEvent.dblClick(button);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss coming soon banner' })).toBeNull(),
    );
    expect(calls).toBe(2);
  });
});
