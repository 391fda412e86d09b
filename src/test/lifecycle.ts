/**
 * Lifecycle tests of islands (issue #10): what an island starts — timers, listeners on the window,
 * the document or the page, requests — must end when it unmounts. `watchLifecycle()` records the
 * timers and listeners the project's own code (src/, widgets/; not node_modules, not tests) starts
 * from now on, the requests msw sees and every console.error; after the unmount, `leftovers()`
 * lets the unmount settle and lists whatever is still there:
 *
 * - a timer, interval, animation frame or idle callback neither run nor cleared (or one that ran
 *   after the unmount);
 * - a listener still attached to the window, the document or an element on the page;
 * - a request started after the unmount, or still open (not answered, not aborted);
 * - a console.error.
 *
 * It patches the globals itself (no fake timers: do not combine it with `vi.useFakeTimers()`), and
 * restores them when the test finishes.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { onTestFinished, vi } from 'vitest';

/**
 * Modules that only pass a caller's listener on (the bus's `on()`): the frame after theirs says
 * whose it is.
 */
const PASS_THROUGH = ['/src/events/bus.'];

/** The first stack frame outside this file (and pass-through modules): project code (src/, widgets/) or null. */
function projectCaller(): string | null {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const frame = frames.find(
    (line) => !line.includes('/src/test/lifecycle.') && !PASS_THROUGH.some((module) => line.includes(module)),
  );
  if (!frame || frame.includes('node_modules') || frame.includes('/src/test/') || /\.test\.tsx?:/.test(frame))
    return null;
  const match = /\/((?:src|widgets)\/[^:)]+:\d+)/.exec(frame);
  return match ? match[1]! : null;
}

type TimerKind = 'setTimeout' | 'setInterval' | 'requestAnimationFrame' | 'requestIdleCallback';
interface TimerRecord {
  kind: TimerKind;
  where: string;
  state: 'pending' | 'ran' | 'cleared';
  ranAfterUnmount: boolean;
}

interface ListenerRecord {
  target: EventTarget;
  type: string;
  listener: EventListenerOrEventListenerObject;
  capture: boolean;
  where: string;
}

const captureOf = (options: boolean | AddEventListenerOptions | EventListenerOptions | undefined) =>
  typeof options === 'boolean' ? options : !!options?.capture;

/** Window, document, or a node still in the page: a listener there can still react. */
function isLive(target: EventTarget): boolean {
  if (typeof window !== 'undefined' && target === window) return true;
  if (typeof Node !== 'undefined' && target instanceof Node) return target.isConnected;
  return false;
}

/** Lets aborted requests reject and their `finally` blocks run: a few macrotask turns, real time. */
async function settle(realSetTimeout: typeof setTimeout, turns = 20): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise((resolve) => realSetTimeout(resolve, 0));
}

export interface LifecycleWatch {
  /** Call right after the unmount: from now on anything that runs or starts is a leftover. */
  unmounted(): void;
  /** Requests msw has seen start so far (method and URL). */
  readonly requests: readonly string[];
  /** Waits for the unmount to settle, then lists what is left (empty: nothing). */
  leftovers(): Promise<string[]>;
}

export interface WatchOptions {
  /**
   * Modules whose timers and listeners are the page's, not an island's (`'src/cart/'`: the cart
   * store, started by the first cart island and shared by all, as WooCommerce's cart-fragments.js
   * is; tests stop it with `resetCartForTesting()`). Not counted.
   */
  pageWide?: readonly string[];
}

export function watchLifecycle(server?: SetupServer, { pageWide = [] }: WatchOptions = {}): LifecycleWatch {
  const islandCaller = (): string | null => {
    const where = projectCaller();
    return where && !pageWide.some((module) => where.startsWith(module)) ? where : null;
  };
  // jsdom has no idle callbacks, and animation frames only when it pretends to be visual.
  const g = globalThis as Omit<
    typeof globalThis,
    'requestAnimationFrame' | 'cancelAnimationFrame' | 'requestIdleCallback' | 'cancelIdleCallback'
  > &
    Partial<
      Pick<
        typeof globalThis,
        'requestAnimationFrame' | 'cancelAnimationFrame' | 'requestIdleCallback' | 'cancelIdleCallback'
      >
    >;
  const real = {
    setTimeout: g.setTimeout,
    clearTimeout: g.clearTimeout,
    setInterval: g.setInterval,
    clearInterval: g.clearInterval,
    requestAnimationFrame: g.requestAnimationFrame,
    cancelAnimationFrame: g.cancelAnimationFrame,
    requestIdleCallback: g.requestIdleCallback,
    cancelIdleCallback: g.cancelIdleCallback,
    addEventListener: EventTarget.prototype.addEventListener,
    removeEventListener: EventTarget.prototype.removeEventListener,
  };
  let afterUnmount = false;
  const timers = new Map<unknown, TimerRecord>();
  const keyOf = (handle: unknown) =>
    typeof handle === 'object' && handle !== null && Symbol.toPrimitive in handle
      ? Number(handle as unknown as number)
      : handle;

  /** Wraps a scheduling function: records project callers' timers, and marks them when they run. */
  function track<A extends unknown[], H>(
    kind: TimerKind,
    schedule: (callback: (...args: A) => void, ...rest: unknown[]) => H,
  ) {
    return (callback: (...args: A) => void, ...rest: unknown[]): H => {
      const where = islandCaller();
      if (!where || typeof callback !== 'function') return schedule(callback, ...rest);
      const record: TimerRecord = { kind, where, state: 'pending', ranAfterUnmount: false };
      const handle = schedule(
        (...args: A) => {
          if (kind !== 'setInterval') record.state = 'ran';
          if (afterUnmount) record.ranAfterUnmount = true;
          callback(...args);
        },
        ...rest,
      );
      timers.set(keyOf(handle), record);
      return handle;
    };
  }
  function untrack<H>(cancel: (handle: H) => void) {
    return (handle: H): void => {
      const record = timers.get(keyOf(handle));
      if (record?.state === 'pending') record.state = 'cleared';
      cancel(handle);
    };
  }

  g.setTimeout = track('setTimeout', real.setTimeout as never) as typeof setTimeout;
  g.clearTimeout = untrack(real.clearTimeout) as typeof clearTimeout;
  g.setInterval = track('setInterval', real.setInterval as never) as typeof setInterval;
  g.clearInterval = untrack(real.clearInterval) as typeof clearInterval;
  if (real.requestAnimationFrame && real.cancelAnimationFrame) {
    g.requestAnimationFrame = track('requestAnimationFrame', real.requestAnimationFrame.bind(g) as never);
    g.cancelAnimationFrame = untrack(real.cancelAnimationFrame.bind(g));
  }
  if (real.requestIdleCallback && real.cancelIdleCallback) {
    g.requestIdleCallback = track('requestIdleCallback', real.requestIdleCallback.bind(g) as never);
    g.cancelIdleCallback = untrack(real.cancelIdleCallback.bind(g));
  }

  const listeners: ListenerRecord[] = [];
  const indexOf = (target: EventTarget, type: string, listener: unknown, capture: boolean) =>
    listeners.findIndex(
      (r) => r.target === target && r.type === type && r.listener === listener && r.capture === capture,
    );
  const forget = (record: ListenerRecord) => {
    const at = listeners.indexOf(record);
    if (at !== -1) listeners.splice(at, 1);
  };
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    const where = listener && islandCaller();
    const capture = captureOf(options);
    if (listener && where && indexOf(this, type, listener, capture) === -1) {
      const record: ListenerRecord = { target: this, type, listener, capture, where };
      listeners.push(record);
      if (typeof options === 'object') {
        options.signal?.addEventListener('abort', () => forget(record), { once: true });
      }
    }
    real.addEventListener.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    const at = listener ? indexOf(this, type, listener, captureOf(options)) : -1;
    if (at !== -1) listeners.splice(at, 1);
    real.removeEventListener.call(this, type, listener, options);
  };

  const requests: string[] = [];
  const requestsAfterUnmount: string[] = [];
  const open = new Map<string, string>();
  const onStart = ({ request, requestId }: { request: Request; requestId: string }) => {
    const name = `${request.method} ${request.url}`;
    requests.push(name);
    if (afterUnmount) requestsAfterUnmount.push(name);
    open.set(requestId, name);
    request.signal.addEventListener('abort', () => open.delete(requestId), { once: true });
  };
  const onEnd = ({ requestId }: { requestId: string }) => open.delete(requestId);
  server?.events.on('request:start', onStart);
  server?.events.on('request:end', onEnd);
  server?.events.on('response:mocked', onEnd);
  server?.events.on('response:bypass', onEnd);
  server?.events.on('unhandledException', onEnd);

  const consoleError = vi.spyOn(console, 'error');

  onTestFinished(() => {
    Object.assign(g, {
      setTimeout: real.setTimeout,
      clearTimeout: real.clearTimeout,
      setInterval: real.setInterval,
      clearInterval: real.clearInterval,
    });
    if (real.requestAnimationFrame && real.cancelAnimationFrame) {
      g.requestAnimationFrame = real.requestAnimationFrame;
      g.cancelAnimationFrame = real.cancelAnimationFrame;
    }
    if (real.requestIdleCallback && real.cancelIdleCallback) {
      g.requestIdleCallback = real.requestIdleCallback;
      g.cancelIdleCallback = real.cancelIdleCallback;
    }
    EventTarget.prototype.addEventListener = real.addEventListener;
    EventTarget.prototype.removeEventListener = real.removeEventListener;
    server?.events.removeListener('request:start', onStart);
    server?.events.removeListener('request:end', onEnd);
    server?.events.removeListener('response:mocked', onEnd);
    server?.events.removeListener('response:bypass', onEnd);
    server?.events.removeListener('unhandledException', onEnd);
  });

  return {
    unmounted() {
      afterUnmount = true;
    },
    requests,
    async leftovers() {
      await settle(real.setTimeout);
      const left: string[] = [];
      for (const timer of timers.values()) {
        if (timer.state === 'pending') left.push(`${timer.kind} pending (${timer.where})`);
        else if (timer.ranAfterUnmount) left.push(`${timer.kind} ran after the unmount (${timer.where})`);
      }
      for (const record of listeners) {
        if (isLive(record.target)) left.push(`'${record.type}' listener still attached (${record.where})`);
      }
      for (const name of requestsAfterUnmount) left.push(`request sent after the unmount: ${name}`);
      for (const name of open.values()) left.push(`request still open: ${name}`);
      for (const call of consoleError.mock.calls) left.push(`console.error: ${call.map(String).join(' ')}`);
      return left;
    },
  };
}

/**
 * An msw handler whose answer never comes: each matching request stays open until its client
 * aborts it. `seen` counts the requests that reached it.
 */
export function heldOpen(method: 'get' | 'post', url: string): { handler: HttpHandler; seen: () => number } {
  let count = 0;
  const handler = http[method](url, ({ request }) => {
    count += 1;
    return new Promise<Response>((resolve) => {
      request.signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true });
    });
  });
  return { handler, seen: () => count };
}
