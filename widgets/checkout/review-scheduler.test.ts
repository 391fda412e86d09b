// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewScheduler } from './review-scheduler';

/** A scheduler over a fake form: `state.key` is what would be sent, `state.full` the address. */
function setUp() {
  const state = { key: 'IE|Dublin', full: true };
  const sent: { key: string; signal: AbortSignal; answer: (ok: boolean) => void }[] = [];
  const scheduler = new ReviewScheduler({
    ready: () => state.full,
    key: () => state.key,
    send: (signal) =>
      new Promise<void>((resolve, reject) => {
        sent.push({ key: state.key, signal, answer: (ok) => (ok ? resolve() : reject(new Error('failed'))) });
      }),
  });
  return { state, sent, scheduler };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ReviewScheduler (checkout.md §4)', () => {
  it('typing: one request 1000 ms after the last key', async () => {
    const { sent, scheduler } = setUp();
    scheduler.typed();
    await vi.advanceTimersByTimeAsync(900);
    scheduler.typed();
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
  });

  it('a change: after 5 ms, and it ends a queued typing one', async () => {
    const { sent, scheduler } = setUp();
    scheduler.typed();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
  });

  it('only with a full address', async () => {
    const { state, sent, scheduler } = setUp();
    state.full = false;
    scheduler.changed();
    scheduler.typed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(0);
    state.full = true;
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(1);
  });

  it('the same request as the one answered is not sent again; a different one is', async () => {
    const { state, sent, scheduler } = setUp();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    sent[0]?.answer(true);
    await flush();
    scheduler.changed();
    scheduler.typed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    state.key = 'US|Springfield|IL';
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent.map((s) => s.key)).toEqual(['IE|Dublin', 'US|Springfield|IL']);
  });

  it('a new request aborts the pending one; the same one pending is not sent twice', async () => {
    const { state, sent, scheduler } = setUp();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    scheduler.changed(); // same key, still pending
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(1);
    expect(scheduler.busy).toBe(true);
    state.key = 'FR|Paris';
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.signal.aborted).toBe(true);
    expect(sent[1]?.signal.aborted).toBe(false);
    // The aborted one settling late changes nothing.
    sent[0]?.answer(false);
    sent[1]?.answer(true);
    await flush();
    expect(scheduler.busy).toBe(false);
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(2); // FR|Paris was answered
  });

  it('a failed request may be sent again', async () => {
    const { sent, scheduler } = setUp();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    sent[0]?.answer(false);
    await flush();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(2);
  });

  it('force: whatever the address and the last request', async () => {
    const { state, sent, scheduler } = setUp();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    sent[0]?.answer(true);
    await flush();
    state.full = false;
    scheduler.force();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(2);
  });

  it('dispose: the queued timer and the pending request end; nothing more is sent', async () => {
    const { sent, scheduler } = setUp();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    scheduler.typed();
    scheduler.dispose();
    expect(sent[0]?.signal.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    scheduler.changed();
    scheduler.force();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
  });

  it('issue #13’s fill: every field typed, then United States, then a state: 2 requests', async () => {
    // Irish address typed field by field (each key queues; the address is full after the last one),
    // then the country becomes US (the state list empties the state: not full), then a state.
    const { state, sent, scheduler } = setUp();
    state.full = false;
    for (const text of ['Aoife', 'Murphy', '12 Main Street', 'Dublin', 'D02 X285']) {
      for (let i = 0; i < text.length; i += 1) {
        scheduler.typed();
        await vi.advanceTimersByTimeAsync(120);
      }
      await vi.advanceTimersByTimeAsync(400); // moving to the next field (Tab queues nothing)
    }
    state.full = true;
    state.key = 'IE|Dublin|D02 X285';
    scheduler.typed();
    await vi.advanceTimersByTimeAsync(1000);
    sent.at(-1)?.answer(true);
    state.full = false; // US: a state must be chosen
    state.key = 'US|Dublin|D02 X285|';
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    state.full = true;
    state.key = 'US|Dublin|D02 X285|IL';
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(5);
    expect(sent.map((s) => s.key)).toEqual(['IE|Dublin|D02 X285', 'US|Dublin|D02 X285|IL']);
  });
});
