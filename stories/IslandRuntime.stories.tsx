import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { STORE_NOTICE_MESSAGE } from '../demo/fixtures';
import { escapeHtml, renderIsland, type HydrateStrategy } from '../demo/html';
import { readCookie, writeCookie } from '../src/cookies';
import { startIslands } from '../src/islands/runtime';
import { islandSrc, testRuntime } from '../src/test/islands';

/** The chunks of the asset folder (in the page, the loader imports the URL the server printed). */
const ISLANDS = testRuntime({
  'store-notice': () => import('../widgets/store-notice/island'),
  'coming-soon-banner': () => import('../widgets/coming-soon-banner/island'),
  'password-toggle': () => import('../widgets/password-toggle/island'),
  'loading-indicator': () => import('../widgets/loading-indicator/island'),
});

const NOTICE_ID = '9d8c7b6a5f';
const COOKIE = `store_notice${NOTICE_ID}`;
/** The no-JS dismiss link of the server's fallback (the demo's `?shop-islands-dismiss-notice=`). */
const NO_JS_HREF = `?shop-islands-dismiss-notice=${NOTICE_ID}`;

/** The store notice as the server prints it without JavaScript (demo/islands.ts, the PHP plugin). */
const noticeFallback = (message = STORE_NOTICE_MESSAGE) =>
  `<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store" ` +
  `data-notice-id="${NOTICE_ID}">${escapeHtml(message)} <a role="button" href="${NO_JS_HREF}" ` +
  `class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>`;

const noticeContainer = (
  props: unknown,
  hydrate: HydrateStrategy = 'load',
  name = 'store-notice',
  src = islandSrc(name),
) => renderIsland(name, props, noticeFallback(), { hydrate, src });

const VALID_PROPS = {
  noticeId: NOTICE_ID,
  message: escapeHtml(STORE_NOTICE_MESSAGE),
  dismissLabel: 'Dismiss',
};

/** The island's chunk is imported on first use (a network fetch in the browser, a transform in Vitest). */
const LOAD = { timeout: 5000 };

/** The runtime of the page on show; stopped (every island unmounted) when the story ends. */
let stopRuntime: (() => void) | undefined;
const stopIslands = () => {
  stopRuntime?.();
  stopRuntime = undefined;
};

/**
 * A page region as the server sends it (container, JSON props, fallback markup), then the runtime
 * starts over the document, as `src/islands/loader.ts` does once the page is parsed.
 */
function ServerMarkup({ html }: { html: string }) {
  // A layout effect: the runtime has scanned the page by the time the story's play function starts.
  useLayoutEffect(() => {
    stopIslands();
    stopRuntime = startIslands(ISLANDS);
  }, []);
  return <div className="island-page" dangerouslySetInnerHTML={{ __html: html }} />;
}

const container = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('[data-island]')!;
const dismissLink = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Dismiss' }) as HTMLAnchorElement;

/** Nothing was mounted: the container failed, the fallback is untouched and still works without JS. */
async function expectFallbackKept(canvasElement: HTMLElement, problem: RegExp) {
  await waitFor(() => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'failed'), LOAD);
  expect(container(canvasElement).querySelector('script[data-island-props]')).not.toBeNull();
  expect(within(canvasElement).getByRole('complementary', { name: 'Store notice' })).toHaveTextContent(
    STORE_NOTICE_MESSAGE,
  );
  expect(dismissLink(canvasElement)).toHaveAttribute('href', NO_JS_HREF);
  // One console.error naming the island and the problem (ARCHITECTURE.md §3).
  expect(console.error).toHaveBeenCalledTimes(1);
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(problem));
}

const meta = {
  title: 'Runtime/Islands',
  component: ServerMarkup,
  parameters: { layout: 'fullscreen' },
  args: { html: noticeContainer(VALID_PROPS) },
  beforeEach: () => {
    writeCookie(COOKIE, '', { maxAge: 0 });
    const error = spyOn(console, 'error');
    return () => {
      stopIslands();
      error.mockRestore();
      writeCookie(COOKIE, '', { maxAge: 0 });
    };
  },
} satisfies Meta<typeof ServerMarkup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MountsOverFallback: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted'),
      LOAD,
    );
    const island = container(canvasElement);
    // The island replaced the fallback (and its props script) with the same markup, now live.
    expect(island.querySelector('script[data-island-props]')).toBeNull();
    expect(island.querySelectorAll('.woocommerce-store-notice')).toHaveLength(1);
    expect(within(island).getByRole('complementary', { name: 'Store notice' })).toHaveTextContent(
      STORE_NOTICE_MESSAGE,
    );
    expect(dismissLink(canvasElement)).toHaveAttribute('href', '#');
    await userEvent.click(dismissLink(canvasElement));
    await waitFor(() => expect(within(canvasElement).queryByRole('complementary')).not.toBeInTheDocument());
    expect(readCookie(COOKIE)).toBe('hidden');
    expect(console.error).not.toHaveBeenCalled();
  },
};

export const FirstClickReplayed: Story = {
  name: 'Interaction strategy: first click replayed',
  args: { html: noticeContainer(VALID_PROPS, 'interaction') },
  play: async ({ canvasElement }) => {
    expect(container(canvasElement)).toHaveAttribute('data-island-state', 'pending');
    // The shopper clicks the fallback's link: it starts the import, and the click is held (the
    // no-JS link is not followed), then replayed on the mounted island.
    await userEvent.click(dismissLink(canvasElement));
    await waitFor(() => expect(readCookie(COOKIE)).toBe('hidden'), LOAD);
    expect(container(canvasElement)).toHaveAttribute('data-island-state', 'mounted');
    expect(within(canvasElement).queryByRole('complementary')).not.toBeInTheDocument();
    expect(location.search).not.toContain('shop-islands-dismiss-notice');
  },
};

export const InvalidProps: Story = {
  name: 'Invalid props: fallback stays',
  args: { html: noticeContainer({ ...VALID_PROPS, noticeId: 'not an id!' }) },
  play: async ({ canvasElement }) => {
    await expectFallbackKept(
      canvasElement,
      /island "store-notice" was not mounted: invalid props: "noticeId"/,
    );
  },
};

export const PropsNotJson: Story = {
  name: 'Props not JSON: fallback stays',
  args: {
    html: noticeContainer(VALID_PROPS).replace(/(<script[^>]*>)[^<]*/, '$1{"noticeId": "9d8c7b6a5f",'),
  },
  play: async ({ canvasElement }) => {
    await expectFallbackKept(
      canvasElement,
      /island "store-notice" was not mounted: its props are invalid JSON/,
    );
  },
};

export const MissingChunk: Story = {
  name: 'Chunk missing (stale page after a deploy): fallback stays',
  args: { html: noticeContainer(VALID_PROPS, 'load', 'store-notice-v2') },
  play: async ({ canvasElement }) => {
    await expectFallbackKept(
      canvasElement,
      /island "store-notice-v2" was not mounted: its code could not be loaded/,
    );
    // Tried twice: the second time with a cache-busting query.
    expect(ISLANDS.requested.filter((url) => url.includes('store-notice-v2'))).toEqual([
      islandSrc('store-notice-v2'),
      expect.stringMatching(/store-notice-v2\.js\?retry=\d+$/),
    ]);
  },
};

export const ForeignChunkRefused: Story = {
  name: 'Chunk URL from elsewhere (user content): refused, fallback stays',
  args: {
    html: noticeContainer(VALID_PROPS, 'load', 'store-notice', 'https://evil.example/store-notice.js'),
  },
  play: async ({ canvasElement }) => {
    await expectFallbackKept(
      canvasElement,
      /island "store-notice" was not mounted: its chunk URL .* is refused/,
    );
    expect(ISLANDS.requested.some((url) => url.includes('evil.example'))).toBe(false);
  },
};
