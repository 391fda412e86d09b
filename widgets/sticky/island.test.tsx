import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import island, { STUCK_CLASS } from './island';

let observed: Element[] = [];
let report: ((entries: IntersectionObserverEntry[]) => void) | null = null;
let margins: string[] = [];
class FakeIntersectionObserver {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void, options?: IntersectionObserverInit) {
    report = callback;
    margins.push(options?.rootMargin ?? '');
  }
  observe(el: Element) {
    observed.push(el);
  }
  unobserve() {}
  disconnect() {
    report = null;
  }
  takeRecords() {
    return [];
  }
}
/** The sentinel above the element is at `top` px from the top of the viewport. */
const sentinelAt = (top: number) =>
  report?.([
    { boundingClientRect: { top } as DOMRectReadOnly, target: observed[0]! } as IntersectionObserverEntry,
  ]);

const CONTEXT = { name: 'sticky', locate: { locatorOf: () => null, resolve: () => null } } as never;

function container(inner = '<nav class="toc" style="color: red">On this page</nav>') {
  const el = document.createElement('div');
  el.innerHTML = `<script type="application/json" data-island-props>{}</script>${inner}`;
  document.body.append(el);
  return el;
}

beforeEach(() => {
  observed = [];
  report = null;
  margins = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  // A desktop window (jsdom has no media queries).
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

async function mount(el: HTMLElement, props: unknown) {
  return island.mount(el, props, CONTEXT);
}

describe('sticky island', () => {
  it('sticks the element at its offset and says when it is stuck', async () => {
    const el = container();
    const nav = el.querySelector('nav')!;
    const result = await mount(el, { offset: 80 });
    expect(result.ok).toBe(true);
    expect(nav.style.position).toBe('sticky');
    expect(nav.style.top).toBe('80px');
    expect(margins).toEqual(['-80px 0px 1000000px 0px']);
    sentinelAt(300);
    expect(nav).not.toHaveClass(STUCK_CLASS);
    sentinelAt(20);
    expect(nav).toHaveClass(STUCK_CLASS);
    sentinelAt(120);
    expect(nav).not.toHaveClass(STUCK_CLASS);
  });

  it('only on the devices it is set for, re-checked 300 ms after a resize', async () => {
    let width = 1280;
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    }));
    const el = container();
    const nav = el.querySelector('nav')!;
    await mount(el, { on: ['desktop'] });
    expect(nav.style.position).toBe('sticky');
    width = 390;
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(299);
    expect(nav.style.position).toBe('sticky');
    vi.advanceTimersByTime(1);
    expect(nav.style.position).toBe('');
    expect(nav.getAttribute('style')).toBe('color: red');
    width = 1300;
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(300);
    expect(nav.style.position).toBe('sticky');
  });

  it('refuses bad props or an empty container, touching nothing', async () => {
    const el = container();
    const before = el.innerHTML;
    expect(await mount(el, { offset: 'top' })).toMatchObject({ ok: false, field: 'offset' });
    expect(await mount(container(''), {})).toMatchObject({ ok: false, field: '(markup)' });
    expect(el.innerHTML).toBe(before);
  });

  it('unmounting gives the markup back as the server printed it', async () => {
    const el = container();
    const before = el.innerHTML;
    const result = await mount(el, { offset: 10 });
    sentinelAt(-5);
    if (result.ok) result.unmount();
    expect(el.innerHTML).toBe(before);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(500);
    expect(el.innerHTML).toBe(before);
  });
});
