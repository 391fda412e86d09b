/**
 * When the order review is recalculated (checkout.md §4 "Order review recalculation"; issue #13's
 * goal of no more requests than the shopper can see the result of):
 * - typing in an address field queues a recalculation 1000 ms after the last key (`typed()`; the
 *   island does not call it for Tab: `keyQueuesReview`);
 * - a change of a select, a checkbox, a shipping or payment method, or a coupon, triggers one after
 *   5 ms (`changed()`), which also ends a queued one;
 * - it runs only when the address is full (`ready()`): a partial address changes nothing the shopper
 *   sees in WooCommerce's answer but costs a request;
 * - what would be sent is compared with what was last sent (`key()`: the payload without the nonce):
 *   the same again is not sent (a country picked twice, Tab through a filled field, a field typed
 *   and restored); a different one aborts the one still pending (§4: "A new request aborts any
 *   pending one");
 * - `force()` sends whatever the state (the page's first calculation, a coupon, a server `refresh`).
 *
 * Pure of DOM and React: the island gives it the three callbacks, and timers are injectable for
 * tests. Nothing outlives `dispose()`.
 */
import { REVIEW_DEBOUNCE_MS, REVIEW_TRIGGER_MS } from './model';

export interface ReviewSchedulerOptions {
  /** Whether a recalculation may run now: the address is full. */
  ready(): boolean;
  /** What identifies the request that would be sent (the payload, less what changes every time). */
  key(): string;
  /** Sends it. `signal` aborts it when a newer one starts or on dispose. */
  send(signal: AbortSignal): Promise<void>;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export class ReviewScheduler {
  private timer: unknown = null;
  private pending: { key: string; controller: AbortController } | null = null;
  /** The key of the last request that was answered (successfully or not: see `failed`). */
  private lastSent: string | null = null;
  private disposed = false;
  private readonly set: (callback: () => void, ms: number) => unknown;
  private readonly clear: (handle: unknown) => void;

  constructor(private readonly options: ReviewSchedulerOptions) {
    this.set = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clear = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as number));
  }

  /** A key typed in an address text field: recalculate 1000 ms after the last one. */
  typed(): void {
    this.schedule(REVIEW_DEBOUNCE_MS, false);
  }

  /** A select, checkbox or method changed: recalculate after 5 ms. */
  changed(): void {
    this.schedule(REVIEW_TRIGGER_MS, false);
  }

  /** Recalculate after 5 ms whatever the address and the last request. */
  force(): void {
    this.schedule(REVIEW_TRIGGER_MS, true);
  }

  /** Whether a request is on its way. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** Ends the queued timer and the pending request; nothing more is sent. */
  dispose(): void {
    this.disposed = true;
    this.cancelTimer();
    this.pending?.controller.abort();
    this.pending = null;
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clear(this.timer);
    this.timer = null;
  }

  private schedule(ms: number, forced: boolean): void {
    if (this.disposed) return;
    this.cancelTimer();
    this.timer = this.set(() => {
      this.timer = null;
      this.run(forced);
    }, ms);
  }

  private run(forced: boolean): void {
    if (this.disposed) return;
    if (!forced && !this.options.ready()) return;
    const key = this.options.key();
    if (!forced) {
      if (this.pending?.key === key) return; // the same request is on its way
      if (this.pending === null && this.lastSent === key) return; // and was answered
    }
    this.pending?.controller.abort();
    const controller = new AbortController();
    const request = { key, controller };
    this.pending = request;
    this.options.send(controller.signal).then(
      () => this.settle(request, key),
      () => this.settle(request, null),
    );
  }

  /** A request ended: remembered when it answered, forgotten when it failed (so it may be sent again). */
  private settle(request: { key: string; controller: AbortController }, answered: string | null): void {
    if (this.pending !== request) return; // a newer one replaced it
    this.pending = null;
    if (!request.controller.signal.aborted) this.lastSent = answered;
  }
}
