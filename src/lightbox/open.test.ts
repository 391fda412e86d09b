import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { IDLE_CLASS, trackIdle } from './idle';
import { isLightboxOpen, openLightbox } from './open';

const slides = [
  { src: '/a.svg', width: 1200, height: 1200, alt: 'A', caption: 'First' },
  { src: '/b.svg', width: 1200, height: 1200, alt: 'B', title: 'Second' },
];

// jsdom has no matchMedia (PhotoSwipe asks for prefers-reduced-motion).
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('.pswp').forEach((el) => el.remove());
  window.history.replaceState(null, '', '/');
});

describe('openLightbox (PhotoSwipe in jsdom)', () => {
  test('a labelled modal dialog with counter, caption and buttons; the hash follows; close restores', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.textContent = 'Open';
    opener.focus();
    const onClose = vi.fn();
    const handle = await openLightbox(slides, 1, { label: 'Boots images', gid: '1', onClose });
    const dialog = screen.getByRole('dialog', { name: 'Boots images' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // PhotoSwipe writes the counter with innerText, which jsdom keeps as a plain property.
    const counter = dialog.querySelector<HTMLElement>('.pswp__counter')!;
    expect(counter.innerText || counter.textContent).toBe('2 / 2');
    expect(dialog.querySelector('.pswp__caption')).toHaveTextContent('Second');
    expect(window.location.hash).toBe('#&gid=1&pid=2');
    expect(screen.getByRole('button', { name: 'Close (Esc)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-expanded', 'false');
    expect(isLightboxOpen()).toBe(true);
    expect(handle.index).toBe(1);
    handle.close();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(1));
    expect(window.location.hash).toBe('');
    expect(document.activeElement).toBe(opener);
    expect(isLightboxOpen()).toBe(false);
    opener.remove();
  });

  test('the share menu lists the four options', async () => {
    const handle = await openLightbox(slides, 0, { label: 'Viewer' });
    screen.getByRole('button', { name: 'Share' }).click();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download image' })).toHaveAttribute('download'),
    );
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Share on Facebook',
      'Tweet',
      'Pin it',
      'Download image',
    ]);
    handle.close();
  });

  test('site-wide: title and description, no hash, switches off hide buttons', async () => {
    const handle = await openLightbox(
      [{ src: '/c.svg', width: 800, height: 600, alt: '', title: 'Kit', description: 'A bag' }],
      0,
      { label: 'Image viewer', counter: false, share: false, zoom: false, fullscreen: false },
    );
    const dialog = screen.getByRole('dialog', { name: 'Image viewer' });
    expect(dialog.querySelector('.pswp__caption-title')).toHaveTextContent('Kit');
    expect(dialog.querySelector('.pswp__caption-description')).toHaveTextContent('A bag');
    expect(dialog.querySelector('.pswp__counter')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zoom in/out' })).toBeNull();
    expect(window.location.hash).toBe('');
    handle.close();
  });
});

/**
 * Starts counting the listeners added to `target` (still working) and not removed since; the
 * returned function stops counting and gives the types of those left.
 */
function listenersLeft(target: EventTarget) {
  type Options = boolean | EventListenerOptions | undefined;
  const capture = (options: Options) => (typeof options === 'boolean' ? options : !!options?.capture);
  const left: { type: string; listener: unknown; capture: boolean }[] = [];
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  const addSpy = vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
    const once = typeof options === 'object' && !!options.once;
    if (!once) left.push({ type, listener, capture: capture(options) });
    add(type, listener, options);
  });
  const removeSpy = vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
    const at = left.findIndex(
      (l) => l.type === type && l.listener === listener && l.capture === capture(options),
    );
    if (at !== -1) left.splice(at, 1);
    remove(type, listener, options);
  });
  return () => {
    addSpy.mockRestore();
    removeSpy.mockRestore();
    return left.map((l) => l.type);
  };
}

/** Starts counting the timers set and neither run nor cleared; the returned function gives the count. */
function timersLeft() {
  const pending = new Set<unknown>();
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  const setSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    ms?: number,
  ) => {
    const id: unknown = set(() => {
      pending.delete(id);
      callback();
    }, ms);
    pending.add(id);
    return id;
  }) as typeof setTimeout);
  const clearSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    pending.delete(id);
    clear(id);
  });
  return () => {
    setSpy.mockRestore();
    clearSpy.mockRestore();
    return pending.size;
  };
}

describe('the viewer ends what it started', () => {
  test('closed: no listener of its own is left on the document or the window, no timer runs', async () => {
    const fromDocument = listenersLeft(document);
    const fromWindow = listenersLeft(window);
    const timers = timersLeft();
    const onClose = vi.fn();
    const handle = await openLightbox(slides, 0, { label: 'Viewer', onClose });
    handle.close();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fromDocument()).toEqual([]);
    expect(fromWindow()).toEqual([]);
    expect(timers()).toBe(0);
  });

  test('its opener gone while it loads (aborted): it does not open', async () => {
    const controller = new AbortController();
    const opening = openLightbox(slides, 0, { label: 'Viewer', signal: controller.signal });
    controller.abort();
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isLightboxOpen()).toBe(false);
  });

  test('its opener gone while open (aborted): it closes, the hash goes, onClose is not called', async () => {
    const controller = new AbortController();
    const onClose = vi.fn();
    await openLightbox(slides, 1, { label: 'Viewer', gid: '1', onClose, signal: controller.signal });
    expect(window.location.hash).toBe('#&gid=1&pid=2');
    controller.abort();
    await waitFor(() => expect(isLightboxOpen()).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.hash).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('trackIdle (§9)', () => {
  test('hides after 4000 ms, after 1000 ms with the pointer outside; activity wakes', () => {
    vi.useFakeTimers();
    const element = document.body.appendChild(document.createElement('div'));
    const idle = trackIdle(element);
    vi.advanceTimersByTime(3999);
    expect(element).not.toHaveClass(IDLE_CLASS);
    vi.advanceTimersByTime(1);
    expect(element).toHaveClass(IDLE_CLASS);
    document.dispatchEvent(new Event('pointermove'));
    expect(element).not.toHaveClass(IDLE_CLASS);
    document.dispatchEvent(new MouseEvent('mouseout', { relatedTarget: null }));
    vi.advanceTimersByTime(999);
    expect(element).not.toHaveClass(IDLE_CLASS);
    vi.advanceTimersByTime(1);
    expect(element).toHaveClass(IDLE_CLASS);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(element).not.toHaveClass(IDLE_CLASS);
    idle.stop();
    vi.advanceTimersByTime(5000);
    expect(element).not.toHaveClass(IDLE_CLASS);
    element.remove();
    vi.useRealTimers();
  });
});
