import { afterEach, describe, expect, test, vi } from 'vitest';
import { atMost, loadStylesheet, STYLESHEET_WAIT_MS } from './assets';

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('link[rel="stylesheet"]').forEach((link) => link.remove());
});

describe('the waits before the viewer opens end their timers', () => {
  test('atMost: the value in time, null after the limit; no timer left either way', async () => {
    vi.useFakeTimers();
    await expect(atMost(Promise.resolve('size'), 1500)).resolves.toBe('size');
    expect(vi.getTimerCount()).toBe(0);
    const late = atMost(new Promise<string>(() => undefined), 1500);
    vi.advanceTimersByTime(1500);
    await expect(late).resolves.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  test('loadStylesheet: links it once; loaded, its time limit is cleared', async () => {
    vi.useFakeTimers();
    const loading = loadStylesheet('/assets/viewer-a.css');
    expect(loadStylesheet('/assets/viewer-a.css')).toBe(loading);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[href$="/assets/viewer-a.css"]');
    expect(links).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    links[0]!.dispatchEvent(new Event('load'));
    await loading;
    expect(vi.getTimerCount()).toBe(0);
  });

  test('loadStylesheet: a stylesheet that never answers does not keep the viewer shut', async () => {
    vi.useFakeTimers();
    const loading = loadStylesheet('/assets/viewer-b.css');
    vi.advanceTimersByTime(STYLESHEET_WAIT_MS);
    await expect(loading).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
