import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { COMING_SOON_MESSAGE, DEMO_USER } from '../demo/fixtures';
import { ComingSoonBanner } from '../widgets/coming-soon-banner/ComingSoonBanner';
import { demoHandlers } from './support/msw';
import { REST_NONCE } from './support/settings';

/** The banner's REST URL, as WooCommerce prints it: the current user's `wp/v2/users/{id}` route. */
const USER_ROUTE = `/wp-json/wp/v2/users/${DEMO_USER.id}`;
/** What WooCommerce stores on dismissal (storefront.md §3 "User meta", §7). */
const DISMISS_BODY = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };
/** The spec's message (error catalogue), word for word. */
const ALERT = 'The banner could not be dismissed. Please try again.';
const DISMISS_LABEL = 'Dismiss coming soon banner';
/** A fresh nonce WordPress hands out through admin-ajax `rest-nonce`. */
const FRESH_NONCE = '0a1b2c3d4e';
/** How long the slow server takes to answer (ms). */
const SLOW_MS = 1500;

const INVALID_NONCE = {
  code: 'rest_cookie_invalid_nonce',
  message: 'Cookie check failed',
  data: { status: 403 },
};
const USER_DISMISSED = {
  id: DEMO_USER.id,
  name: DEMO_USER.name,
  slug: DEMO_USER.slug,
  woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
};

/** What the REST route received, for the play functions to assert. */
interface Dismissal {
  nonce: string | null;
  contentType: string | null;
  body: unknown;
}
const dismissals: Dismissal[] = [];
let nonceRefreshes = 0;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * POST /wp-json/wp/v2/users/1 as WordPress answers it: 403 `rest_cookie_invalid_nonce` unless
 * X-WP-Nonce is the session's nonce, 400 unless the body is the dismissal; then `answer(attempt)`.
 */
const userRoute = (
  answer: (attempt: number) => Response | Promise<Response> = () => HttpResponse.json(USER_DISMISSED),
  sessionNonce = REST_NONCE,
) =>
  http.post(`*${USER_ROUTE}`, async ({ request }) => {
    const dismissal: Dismissal = {
      nonce: request.headers.get('X-WP-Nonce'),
      contentType: request.headers.get('Content-Type'),
      body: parse(await request.text()),
    };
    dismissals.push(dismissal);
    if (dismissal.nonce !== sessionNonce) return HttpResponse.json(INVALID_NONCE, { status: 403 });
    if (JSON.stringify(dismissal.body) !== JSON.stringify(DISMISS_BODY)) {
      return HttpResponse.json(
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): woocommerce_meta',
          data: { status: 400 },
        },
        { status: 400 },
      );
    }
    return answer(dismissals.length);
  });

/** admin-ajax `rest-nonce`: a fresh nonce, or WordPress's logged-out answer ('0', HTTP 400). */
const restNonce = (fresh: string | null) =>
  http.get('*/wp-admin/admin-ajax.php', ({ request }) => {
    if (new URL(request.url).searchParams.get('action') !== 'rest-nonce') return undefined;
    nonceRefreshes += 1;
    return fresh === null
      ? new HttpResponse('0', { status: 400, headers: { 'Content-Type': 'text/html; charset=UTF-8' } })
      : new HttpResponse(fresh, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  });

const serverError = () =>
  HttpResponse.json(
    {
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    },
    { status: 500 },
  );

const banner = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.woocommerce-coming-soon-banner-container');

async function expectGone(canvasElement: HTMLElement, timeout?: number) {
  await waitFor(() => expect(banner(canvasElement)).toBeNull(), timeout ? { timeout } : undefined);
  expect(within(canvasElement).queryByRole('button', { name: DISMISS_LABEL })).not.toBeInTheDocument();
}

/** The dismissal failed: the banner stays, says so, and can be dismissed again. */
async function expectFailed(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  expect(await canvas.findByRole('alert')).toHaveTextContent(ALERT);
  expect(banner(canvasElement)).toHaveAttribute('aria-busy', 'false');
  expect(canvas.getByRole('button', { name: DISMISS_LABEL })).toHaveAttribute('aria-disabled', 'false');
  expect(canvas.getByText(/is in “Coming soon” mode/)).toBeVisible();
  expect(console.error).toHaveBeenCalledWith(
    expect.stringContaining('coming-soon-banner: the dismissal was not saved'),
    expect.anything(),
  );
}

const expectedDismissal = (nonce = REST_NONCE): Dismissal => ({
  nonce,
  contentType: expect.stringContaining('application/json') as unknown as string,
  body: DISMISS_BODY,
});

const meta = {
  title: 'Widgets/Coming soon banner',
  component: ComingSoonBanner,
  parameters: { layout: 'fullscreen' },
  args: { restUrl: USER_ROUTE, message: COMING_SOON_MESSAGE, dismissLabel: DISMISS_LABEL },
  beforeEach: () => {
    dismissals.length = 0;
    nonceRefreshes = 0;
    // The component logs failed dismissals; the failure stories assert it (the log still prints).
    const error = spyOn(console, 'error');
    return () => error.mockRestore();
  },
} satisfies Meta<typeof ComingSoonBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByText(/is in “Coming soon” mode/)).toBeVisible();
    expect(canvas.getByRole('link', { name: 'Change visibility settings' })).toHaveAttribute(
      'href',
      '/my-account/',
    );
    expect(canvas.getByRole('button', { name: DISMISS_LABEL })).toHaveAttribute('aria-disabled', 'false');
    expect(banner(canvasElement)).toHaveAttribute('aria-busy', 'false');
    expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    expect(dismissals).toHaveLength(0);
  },
};

export const DismissSuccess: Story = {
  parameters: { msw: { handlers: [userRoute(), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectGone(canvasElement);
    expect(dismissals).toEqual([expectedDismissal()]);
    expect(console.error).not.toHaveBeenCalled();
  },
};

export const SlowServer: Story = {
  parameters: {
    msw: {
      handlers: [
        userRoute(async () => {
          await delay(SLOW_MS);
          return HttpResponse.json(USER_DISMISSED);
        }),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dismiss = canvas.getByRole('button', { name: DISMISS_LABEL });
    await userEvent.click(dismiss);
    // Saving: the banner says it is busy and the button ignores further clicks.
    expect(banner(canvasElement)).toHaveAttribute('aria-busy', 'true');
    expect(dismiss).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(dismissals).toHaveLength(1));
    await userEvent.click(dismiss);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dismissals).toHaveLength(1);
    expect(banner(canvasElement)).toHaveAttribute('aria-busy', 'true');
    expect(canvas.getByText(/is in “Coming soon” mode/)).toBeVisible();
    // It hides only once the server has answered.
    await expectGone(canvasElement, SLOW_MS + 2000);
    expect(dismissals).toEqual([expectedDismissal()]);
  },
};

export const ServerError: Story = {
  name: 'Server error (500)',
  parameters: { msw: { handlers: [userRoute(serverError), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectFailed(canvasElement);
    expect(dismissals).toEqual([expectedDismissal()]);
  },
};

export const ExpiredNonce: Story = {
  name: 'Expired nonce (403, refresh fails)',
  // The session's nonce is no longer REST_NONCE, and WordPress will not hand out a new one.
  parameters: { msw: { handlers: [userRoute(undefined, FRESH_NONCE), restNonce(null), ...demoHandlers] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectFailed(canvasElement);
    // One refresh was tried; without a nonce there is no second POST.
    expect(nonceRefreshes).toBe(1);
    expect(dismissals).toEqual([expectedDismissal()]);
  },
};

export const ExpiredNonceRefreshed: Story = {
  name: 'Expired nonce (403, refreshed and retried)',
  parameters: {
    msw: { handlers: [userRoute(undefined, FRESH_NONCE), restNonce(FRESH_NONCE), ...demoHandlers] },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectGone(canvasElement);
    expect(nonceRefreshes).toBe(1);
    expect(dismissals).toEqual([expectedDismissal(REST_NONCE), expectedDismissal(FRESH_NONCE)]);
    expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const NetworkError: Story = {
  parameters: {
    msw: { handlers: [http.post(`*${USER_ROUTE}`, () => HttpResponse.error()), ...demoHandlers] },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectFailed(canvasElement);
  },
};

export const RetryAfterFailure: Story = {
  parameters: {
    msw: {
      handlers: [
        userRoute((attempt) => (attempt === 1 ? serverError() : HttpResponse.json(USER_DISMISSED))),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: DISMISS_LABEL }));
    await expectFailed(canvasElement);
    // The shopper tries again: the same request, and this time it is saved.
    await userEvent.click(canvas.getByRole('button', { name: DISMISS_LABEL }));
    await expectGone(canvasElement);
    expect(dismissals).toEqual([expectedDismissal(), expectedDismissal()]);
  },
};

export const UnreadableSuccessBody: Story = {
  name: 'Success with an unreadable body',
  // The response body is not read (storefront.md §7): any 2xx saves the dismissal.
  parameters: {
    msw: {
      handlers: [
        userRoute(
          () =>
            new HttpResponse('{"id":1,"woocommerce_meta":', {
              headers: { 'Content-Type': 'application/json' },
            }),
        ),
        ...demoHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectGone(canvasElement);
    expect(dismissals).toEqual([expectedDismissal()]);
  },
};

export const AgainstDemoStore: Story = {
  name: 'Dismiss against the demo store',
  // The demo store's own REST route (default handlers), with the nonce it hands out.
  loaders: [
    async () => {
      const response = await fetch(new URL('/wp-admin/admin-ajax.php?action=rest-nonce', location.href));
      return { settings: { rest_nonce: (await response.text()).trim() } };
    },
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: DISMISS_LABEL }));
    await expectGone(canvasElement);
    const user = (await (await fetch(new URL(USER_ROUTE, location.href))).json()) as typeof USER_DISMISSED;
    expect(user.woocommerce_meta.coming_soon_banner_dismissed).toBe('yes');
  },
};
