import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineIsland } from './define';
import { startIslands } from './runtime';
import { islandSrc, testRuntime, withChunkUrls, type ChunkLoader } from '../test/islands';

const CounterProps = z.object({ label: z.string(), start: z._default(z.number(), 0) });

function Counter({ label, start }: z.output<typeof CounterProps>) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" className="counter" onClick={() => setCount((c) => c + 1)}>
      {label}: {count}
    </button>
  );
}

function Field({ name }: { name: string }) {
  return (
    <label>
      Name <input name={name} defaultValue="" />
    </label>
  );
}

function Crashing({ when }: { when: string }) {
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error(when);
  return (
    <button type="button" onClick={() => setCrash(true)}>
      Crash
    </button>
  );
}

const counter = defineIsland(CounterProps, Counter);
const chunks: Record<string, ChunkLoader> = {
  counter: async () => ({ default: counter }),
  field: async () => ({ default: defineIsland(z.object({ name: z.string() }), Field) }),
  crashing: async () => ({ default: defineIsland(z.object({ when: z.string() }), Crashing) }),
  'broken-chunk': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
};
const islands = testRuntime(chunks);

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

/** Markup as the server prints it: each container names its chunk. */
const container = (html: string) => {
  document.body.insertAdjacentHTML('beforeend', withChunkUrls(html));
  return document.body.lastElementChild as HTMLElement;
};
const settled = (el: HTMLElement) =>
  waitFor(() => expect(['mounted', 'failed']).toContain(el.getAttribute('data-island-state')));

describe('island runtime', () => {
  it('mounts over the fallback with props from the JSON script child', async () => {
    const el = container(
      `<div data-island="counter" data-hydrate="load"><script type="application/json" data-island-props>{"label":"Clicks","start":2}</script><a href="/fallback">Fallback</a></div>`,
    );
    const mounted = vi.fn();
    el.addEventListener('shop-islands:mounted', mounted);
    stop = startIslands(islands);
    await settled(el);
    expect(el).toHaveAttribute('data-island-state', 'mounted');
    expect(mounted).toHaveBeenCalledOnce();
    expect(screen.queryByRole('link', { name: 'Fallback' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clicks: 2' }));
    expect(screen.getByRole('button', { name: 'Clicks: 3' })).toBeInTheDocument();
  });

  it('reads props from data-props too', async () => {
    const el = container(`<div data-island="counter" data-props='{"label":"Attr"}'></div>`);
    stop = startIslands(islands);
    await settled(el);
    expect(screen.getByRole('button', { name: 'Attr: 0' })).toBeInTheDocument();
  });

  it('keeps the fallback and logs one error naming the island and the field on invalid props', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = container(
      `<div data-island="counter"><script type="application/json" data-island-props>{"label":42}</script><a href="/fallback">Fallback</a></div>`,
    );
    stop = startIslands(islands);
    await settled(el);
    expect(el).toHaveAttribute('data-island-state', 'failed');
    expect(screen.getByRole('link', { name: 'Fallback' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toMatch(/island "counter".*"label"/);
  });

  it.each([
    [
      'malformed JSON',
      `<script type="application/json" data-island-props>{"label":</script>`,
      /invalid JSON/,
    ],
    ['an island the build does not have', '', /its code could not be loaded/],
  ])('keeps the fallback on %s', async (_case, props, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const name = props ? 'counter' : 'nope';
    const el = container(`<div data-island="${name}">${props}<a href="/fallback">Fallback</a></div>`);
    stop = startIslands(islands);
    await settled(el);
    expect(el).toHaveAttribute('data-island-state', 'failed');
    expect(screen.getByRole('link', { name: 'Fallback' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toMatch(message);
  });

  it('keeps the fallback when the chunk cannot be loaded, after one retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const el = container(`<div data-island="flaky"><a href="/fallback">Fallback</a></div>`);
    stop = startIslands(testRuntime({ flaky: load }));
    await settled(el);
    expect(load).toHaveBeenCalledTimes(2);
    expect(el).toHaveAttribute('data-island-state', 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toMatch(/island "flaky".*could not be loaded/);
  });

  it('puts the fallback back when the component crashes after mounting', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = container(
      `<div data-island="crashing" data-props='{"when":"boom"}'><a href="/f">Fallback</a></div>`,
    );
    stop = startIslands(islands);
    await settled(el);
    await userEvent.click(screen.getByRole('button', { name: 'Crash' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Fallback' })).toBeInTheDocument());
    expect(el).toHaveAttribute('data-island-state', 'failed');
    expect(error.mock.calls.some(([message]) => /island "crashing" crashed/.test(String(message)))).toBe(
      true,
    );
  });

  it('mounts islands added later and unmounts removed ones', async () => {
    stop = startIslands(islands);
    const el = container(`<div data-island="counter" data-props='{"label":"Late"}'></div>`);
    await settled(el);
    expect(screen.getByRole('button', { name: 'Late: 0' })).toBeInTheDocument();
    el.remove();
    const again = container(
      `<section><div data-island="counter" data-props='{"label":"Nested"}'></div></section>`,
    );
    await settled(again.firstElementChild as HTMLElement);
    expect(screen.getByRole('button', { name: 'Nested: 0' })).toBeInTheDocument();
  });

  it('mounts when idle for an unknown data-hydrate', async () => {
    const el = container(
      `<div data-island="counter" data-hydrate="sometime" data-props='{"label":"Default"}'></div>`,
    );
    stop = startIslands(islands);
    await settled(el);
    expect(el).toHaveAttribute('data-island-state', 'mounted');
  });

  it('idle waits for an idle period', async () => {
    const el = container(
      `<div data-island="counter" data-hydrate="idle" data-props='{"label":"Idle"}'></div>`,
    );
    stop = startIslands(islands);
    expect(el).toHaveAttribute('data-island-state', 'pending');
    await settled(el);
    expect(screen.getByRole('button', { name: 'Idle: 0' })).toBeInTheDocument();
  });

  it('idle uses the browser idle callback where there is one (its deadline is no interaction)', async () => {
    const idle = vi.fn((callback: (deadline: { timeRemaining: () => number }) => void) => {
      setTimeout(() => callback({ timeRemaining: () => 50 }), 0);
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const el = container(
      `<div data-island="counter" data-hydrate="idle" data-props='{"label":"Ric"}'></div>`,
    );
    stop = startIslands(islands);
    await settled(el);
    expect(idle).toHaveBeenCalledOnce();
    expect(el).toHaveAttribute('data-island-state', 'mounted');
    stop();
    stop = undefined;
    vi.unstubAllGlobals();
  });

  it('visible waits until the container intersects the viewport', async () => {
    let fire: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          fire = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    const el = container(
      `<div data-island="counter" data-hydrate="visible" data-props='{"label":"Seen"}'><p>a</p><p>b</p></div>`,
    );
    stop = startIslands(islands);
    expect(observe).toHaveBeenCalledTimes(2); // the container's children, not the container
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(el).toHaveAttribute('data-island-state', 'pending');
    fire?.([{ isIntersecting: true }]);
    await settled(el);
    expect(screen.getByRole('button', { name: 'Seen: 0' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('interaction: loads on the first pointerdown and replays the click on the mounted island', async () => {
    const el = container(
      `<div data-island="counter" data-hydrate="interaction" data-props='{"label":"Lazy"}'><button type="button" class="counter">Lazy: 0</button></div>`,
    );
    const load = vi.fn(async () => ({ default: counter }));
    stop = startIslands(testRuntime({ counter: load }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Lazy: 0' }));
    await settled(el);
    // The click made on the fallback counted once, on the island.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lazy: 1' })).toBeInTheDocument());
  });

  it('interaction: a click held while loading acts on the fallback if the island fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = container(
      `<div data-island="broken-chunk" data-hydrate="interaction"><button type="button">Plain</button></div>`,
    );
    const clicked = vi.fn();
    el.querySelector('button')!.addEventListener('click', clicked);
    stop = startIslands(islands);
    await userEvent.click(screen.getByRole('button', { name: 'Plain' }));
    await settled(el);
    expect(el).toHaveAttribute('data-island-state', 'failed');
    expect(clicked).toHaveBeenCalledOnce();
  });

  describe('interaction: a press under way when the island is ready', () => {
    /** The counter's chunk, handed over when the test says. */
    function heldChunk() {
      let give: () => void = () => undefined;
      const given = new Promise<void>((resolve) => (give = resolve));
      const load = vi.fn(async () => {
        await given;
        return { default: counter };
      });
      return { load, give };
    }
    const lazy = () =>
      container(
        `<div data-island="counter" data-hydrate="interaction" data-props='{"label":"Lazy"}'><button type="button" class="counter">Lazy: 0</button></div>`,
      );
    /** A task: everything the runtime does once the chunk is in (import, mount) is done by then. */
    const aTaskLater = () => new Promise((resolve) => setTimeout(resolve));
    const counterButton = () => screen.getByRole('button', { name: /^Lazy: \d$/ });

    it('a mouse button held down: the click made when it is let go counts, once', async () => {
      const el = lazy();
      const chunk = heldChunk();
      stop = startIslands(testRuntime({ counter: chunk.load }));
      const user = userEvent.setup();
      const fallback = counterButton();
      await user.pointer({ keys: '[MouseLeft>]', target: fallback });
      expect(chunk.load).toHaveBeenCalledOnce();
      chunk.give();
      await aTaskLater();
      // The button pressed is still there: had it been swapped, the browser would send no click.
      expect(counterButton()).toBe(fallback);
      // Let go over the button there now (a browser finds it by position).
      await user.pointer({ keys: '[/MouseLeft]', target: counterButton() });
      await settled(el);
      await waitFor(() => expect(counterButton()).toHaveTextContent('Lazy: 1'));
      expect(counterButton()).not.toBe(fallback);
      await aTaskLater();
      expect(counterButton()).toHaveTextContent('Lazy: 1');
    });

    it('Space held down on a button: the click made when it is let go counts, once', async () => {
      const el = lazy();
      const chunk = heldChunk();
      stop = startIslands(testRuntime({ counter: chunk.load }));
      const user = userEvent.setup();
      const fallback = counterButton();
      fallback.focus();
      await user.keyboard('[Space>]');
      chunk.give();
      await aTaskLater();
      // Chromium makes no click on keyup when the button that took the keydown is gone (user-event
      // would click the focused one anyway): the button must still be the one pressed.
      expect(counterButton()).toBe(fallback);
      await user.keyboard('[/Space]');
      await settled(el);
      await waitFor(() => expect(counterButton()).toHaveTextContent('Lazy: 1'));
      expect(counterButton()).toHaveFocus();
      await aTaskLater();
      expect(counterButton()).toHaveTextContent('Lazy: 1');
    });

    it('a press let go outside the island: it mounts, and nothing was clicked', async () => {
      const el = lazy();
      const chunk = heldChunk();
      stop = startIslands(testRuntime({ counter: chunk.load }));
      const user = userEvent.setup();
      const fallback = counterButton();
      await user.pointer({ keys: '[MouseLeft>]', target: fallback });
      chunk.give();
      await user.pointer({ keys: '[/MouseLeft]', target: document.body });
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'mounted');
      expect(counterButton()).not.toBe(fallback);
      expect(counterButton()).toHaveTextContent('Lazy: 0');
    });

    it('a press the browser takes over (pointercancel, to scroll): it mounts', async () => {
      const el = lazy();
      const chunk = heldChunk();
      stop = startIslands(testRuntime({ counter: chunk.load }));
      const fallback = counterButton();
      fireEvent.pointerDown(fallback);
      chunk.give();
      await aTaskLater();
      expect(el).toHaveAttribute('data-island-state', 'loading');
      fireEvent.pointerCancel(fallback);
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'mounted');
      expect(counterButton()).toHaveTextContent('Lazy: 0');
    });
  });

  it('keeps what was typed into the fallback and the focus', async () => {
    const el = container(
      `<div data-island="field" data-hydrate="interaction" data-props='{"name":"who"}'><label>Name <input name="who" value=""></label></div>`,
    );
    stop = startIslands(islands);
    const fallback = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(fallback, 'Ada');
    await settled(el);
    const mounted = screen.getByRole('textbox', { name: 'Name' });
    expect(mounted).not.toBe(fallback);
    expect(mounted).toHaveValue('Ada');
    expect(mounted).toHaveFocus();
  });

  it('the swap of a focused fallback field is not the shopper leaving it (no blur, no focusout seen)', async () => {
    // Chromium fires blur and focusout, synchronously, at a focused element it removes (jsdom does
    // not): emulated here for the nodes React removes (it clears a root's container with textContent).
    const leave = (removed: Node) => {
      const active = document.activeElement;
      if (active && active !== removed && removed.contains(active)) {
        active.dispatchEvent(new FocusEvent('blur'));
        active.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      }
    };
    const textContent = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
    Object.defineProperty(Node.prototype, 'textContent', {
      ...textContent,
      set(this: Node, value: string | null) {
        leave(this);
        textContent.set!.call(this, value);
      },
    });
    const restoreTextContent = () => Object.defineProperty(Node.prototype, 'textContent', textContent);
    const form = container(
      `<form><div data-island="field" data-hydrate="interaction" data-props='{"name":"who"}'><label>Name <input name="who" value=""></label></div></form>`,
    );
    const el = form.querySelector<HTMLElement>('[data-island]')!;
    // A page script checking fields when the shopper leaves them (the checkout's required check).
    const left: string[] = [];
    form.addEventListener('focusout', (event) => left.push((event.target as HTMLInputElement).name));
    stop = startIslands(islands);
    const fallback = screen.getByRole('textbox', { name: 'Name' });
    fallback.focus();
    try {
      await settled(el);
    } finally {
      restoreTextContent();
    }
    const mounted = screen.getByRole('textbox', { name: 'Name' });
    expect(mounted).not.toBe(fallback);
    expect(mounted).toHaveFocus();
    expect(left).toEqual([]);
    // Leaving the mounted field is seen as ever.
    mounted.blur();
    expect(left).toEqual(['who']);
  });

  describe('chunk URLs (data-island-src)', () => {
    it.each([
      ['an off-site script', 'https://evil.example/counter.js'],
      ['a javascript: URL', 'javascript:alert(1)//counter.js'],
      ['a data: URL', 'data:text/javascript,alert(1)//.js'],
      [
        'a path climbing out of the asset folder',
        '/wp-content/plugins/shop-islands/dist/assets/../../../evil.js',
      ],
      ['an encoded climb', '/wp-content/plugins/shop-islands/dist/assets/%2e%2e/%2e%2e/uploads/evil.js'],
      ['another file type of the folder', '/wp-content/plugins/shop-islands/dist/assets/counter.css'],
      ['a look-alike folder', '/wp-content/plugins/shop-islands/dist/assets-evil/counter.js'],
    ])('refuses %s: nothing imported, fallback kept, one error', async (_case, src) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const runtime = testRuntime(chunks);
      const el = container(
        `<div data-island="counter" data-island-src="${src}" data-hydrate="load" data-props='{"label":"X"}'><a href="/f">Fallback</a></div>`,
      );
      const failed = vi.fn();
      el.addEventListener('shop-islands:failed', failed);
      stop = startIslands(runtime);
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'failed');
      expect(failed).toHaveBeenCalledOnce();
      expect(runtime.requested).toEqual([]);
      expect(screen.getByRole('link', { name: 'Fallback' })).toBeInTheDocument();
      expect(error).toHaveBeenCalledOnce();
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /island "counter" was not mounted: its chunk URL .* is refused/,
      );
    });

    it('refuses a container without a chunk URL', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div data-island="counter"><a href="/f">Fallback</a></div>`,
      );
      const el = document.body.lastElementChild as HTMLElement;
      stop = startIslands(islands);
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'failed');
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /island "counter" was not mounted: it has no chunk URL/,
      );
    });

    it('imports a script of the asset folder given by a relative URL', async () => {
      const runtime = testRuntime(chunks);
      const relative = new URL(islandSrc('counter')).pathname;
      const el = container(
        `<div data-island="counter" data-island-src="${relative}" data-props='{"label":"Rel"}'></div>`,
      );
      stop = startIslands(runtime);
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'mounted');
      expect(runtime.requested).toEqual([islandSrc('counter')]);
    });
  });

  describe('a chunk that fails to load', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is retried once, after the delay, with a cache-busting query; then it mounts', async () => {
      vi.useFakeTimers();
      let calls = 0;
      const runtime = testRuntime(
        {
          counter: () =>
            calls++ === 0
              ? Promise.reject(new TypeError('Failed to fetch'))
              : Promise.resolve({ default: counter }),
        },
        1000,
      );
      const el = container(
        `<div data-island="counter" data-hydrate="load" data-props='{"label":"Again"}'></div>`,
      );
      stop = startIslands(runtime);
      await vi.advanceTimersByTimeAsync(999);
      expect(runtime.requested).toEqual([islandSrc('counter')]);
      expect(el).toHaveAttribute('data-island-state', 'loading');
      await vi.advanceTimersByTimeAsync(1);
      expect(runtime.requested).toHaveLength(2);
      expect(runtime.requested[1]).toMatch(new RegExp(`^${islandSrc('counter')}\\?retry=\\d+$`));
      vi.useRealTimers();
      await settled(el);
      expect(el).toHaveAttribute('data-island-state', 'mounted');
    });

    it('is not retried once its container is gone, and leaves no timer', async () => {
      vi.useFakeTimers();
      const runtime = testRuntime({}, 1000);
      const el = container(`<div data-island="counter" data-hydrate="load"></div>`);
      stop = startIslands(runtime);
      await vi.advanceTimersByTimeAsync(10);
      el.remove();
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(5000);
      expect(runtime.requested).toHaveLength(1);
    });
  });
});
