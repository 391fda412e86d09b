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
