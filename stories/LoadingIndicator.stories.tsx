import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { activity } from '../src/transport/activity';
import { LoadingIndicator } from '../widgets/loading-indicator/LoadingIndicator';

/** Requests a story started; whatever is still in flight when the story ends is finished then. */
const inFlight: (() => void)[] = [];
/** A background request, as the transport counts one (`activity.track()`). */
function startRequest(): () => void {
  const done = activity.track();
  inFlight.push(done);
  return done;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Handler = (event: unknown, xhr: object) => void;

/** Just enough of jQuery for the indicator: `jQuery(document).on/off`, and a way to fire ajax events. */
function createFakeJQuery() {
  const handlers = new Map<string, Set<Handler>>();
  const api = {
    on(events: string, handler: Handler) {
      for (const type of events.split(' ')) {
        if (!handlers.has(type)) handlers.set(type, new Set());
        handlers.get(type)!.add(handler);
      }
      return api;
    },
    off(events: string, handler: Handler) {
      for (const type of events.split(' ')) handlers.get(type)?.delete(handler);
      return api;
    },
  };
  return Object.assign((_target: Document) => api, {
    /** What jQuery.ajax does around each request: `ajaxSend`, then `ajaxComplete` (success or not). */
    trigger(type: 'ajaxSend' | 'ajaxComplete', xhr: object) {
      handlers.get(type)?.forEach((handler) => handler({ type }, xhr));
    },
    listeners: (type: string) => handlers.get(type)?.size ?? 0,
    reset: () => handlers.clear(),
  });
}
const jQuery = createFakeJQuery();
type WithJQuery = Window & { jQuery?: unknown };

const bar = (canvasElement: HTMLElement) => within(canvasElement).queryByRole('progressbar');
const root = (canvasElement: HTMLElement) => canvasElement.querySelector('.shop-islands-loading');

/** Resolves with whether a progress bar appeared in `canvasElement` at any time during `ms`. */
function watchForBar(canvasElement: HTMLElement) {
  let seen = bar(canvasElement) !== null;
  const observer = new MutationObserver(() => {
    seen ||= bar(canvasElement) !== null;
  });
  observer.observe(canvasElement, { childList: true, subtree: true, attributes: true });
  return {
    stop() {
      observer.disconnect();
      return seen;
    },
  };
}

const meta = {
  title: 'Widgets/Loading indicator',
  component: LoadingIndicator,
  parameters: { layout: 'fullscreen' },
  args: { label: 'Loading', delay: 150 },
  beforeEach: () => {
    inFlight.length = 0;
    return () => inFlight.splice(0).forEach((done) => done());
  },
} satisfies Meta<typeof LoadingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    expect(activity.getSnapshot()).toBe(0);
    await delay(args.delay + 200);
    expect(bar(canvasElement)).not.toBeInTheDocument();
    // The fixed, empty container is there (no layout shift when the bar appears).
    expect(root(canvasElement)).toBeInTheDocument();
    expect(root(canvasElement)).not.toHaveAttribute('data-active');
  },
};

export const Active: Story = {
  name: 'Active (request in flight)',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    startRequest();
    // Not at once: quick requests must not flash the bar.
    expect(bar(canvasElement)).not.toBeInTheDocument();
    const progress = await canvas.findByRole(
      'progressbar',
      { name: 'Loading' },
      { timeout: args.delay + 1000 },
    );
    expect(progress).toHaveClass('shop-islands-loading__bar');
    expect(root(canvasElement)).toHaveAttribute('data-active', 'true');
    // It stays while the request is in flight (finished when the story ends).
  },
};

export const RequestsFinish: Story = {
  name: 'Requests finish (two overlapping)',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = startRequest();
    const second = startRequest();
    await canvas.findByRole('progressbar', { name: 'Loading' }, { timeout: args.delay + 1000 });
    first();
    await delay(args.delay + 100);
    // One request is still in flight: the bar stays.
    expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    second();
    await waitFor(() => expect(bar(canvasElement)).not.toBeInTheDocument());
    expect(root(canvasElement)).not.toHaveAttribute('data-active');
  },
};

export const QuickRequest: Story = {
  name: 'Quick request (never shown)',
  play: async ({ canvasElement, args }) => {
    const watch = watchForBar(canvasElement);
    const done = startRequest();
    await delay(Math.min(20, args.delay / 4));
    done();
    await delay(args.delay + 300);
    expect(watch.stop()).toBe(false);
    expect(bar(canvasElement)).not.toBeInTheDocument();
  },
};

export const WithoutDelay: Story = {
  name: 'Translated label, no delay',
  args: { label: 'Chargement en cours', delay: 0 },
  play: async ({ canvasElement }) => {
    startRequest();
    expect(
      await within(canvasElement).findByRole('progressbar', { name: 'Chargement en cours' }),
    ).toBeVisible();
  },
};

export const JQueryRequests: Story = {
  name: 'jQuery requests',
  // WooCommerce's own scripts (and other plugins') request through jQuery.ajax: counted too.
  beforeEach: () => {
    (window as WithJQuery).jQuery = jQuery;
    return () => {
      delete (window as WithJQuery).jQuery;
      jQuery.reset();
    };
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(jQuery.listeners('ajaxSend')).toBe(1));
    expect(jQuery.listeners('ajaxComplete')).toBe(1);
    const fragments = {};
    const addToCart = {};
    jQuery.trigger('ajaxSend', fragments);
    jQuery.trigger('ajaxSend', addToCart);
    await canvas.findByRole('progressbar', { name: 'Loading' }, { timeout: args.delay + 1000 });
    jQuery.trigger('ajaxComplete', fragments);
    await delay(args.delay + 100);
    expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // A request of ours and one of jQuery's at the same time count as two.
    const ours = startRequest();
    jQuery.trigger('ajaxComplete', addToCart);
    await delay(args.delay + 100);
    expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    ours();
    await waitFor(() => expect(bar(canvasElement)).not.toBeInTheDocument());
    // A completion jQuery reports twice (or for a request sent before mount) counts nothing.
    jQuery.trigger('ajaxComplete', addToCart);
    expect(activity.getSnapshot()).toBe(0);
  },
};
