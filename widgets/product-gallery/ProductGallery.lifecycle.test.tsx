import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Variation } from '../../src/contract/variation';
import { emit } from '../../src/events/bus';
import { watchLifecycle } from '../../src/test/lifecycle';
import type { GalleryImage } from './model';
import { ProductGallery } from './ProductGallery';

const openLightbox = vi.hoisted(() => vi.fn());
vi.mock('../../src/lightbox/open', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lightbox/open')>()),
  openLightbox,
  isLightboxOpen: () => false,
}));

const image = (n: number): GalleryImage => ({
  src: `/img/${n}.svg`,
  width: 600,
  height: 600,
  thumb: `/img/${n}-thumb.svg`,
  full: `/img/${n}-full.svg`,
  fullWidth: 1200,
  fullHeight: 1200,
  alt: `Boots ${n}`,
  title: '',
  caption: '',
});

/** jsdom has no ResizeObserver: one that records what is observed, and stops on disconnect. */
const observed = new Set<Element>();
class RecordingResizeObserver {
  private readonly targets = new Set<Element>();
  observe(target: Element) {
    this.targets.add(target);
    observed.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
    observed.delete(target);
  }
  disconnect() {
    this.targets.forEach((target) => observed.delete(target));
    this.targets.clear();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  observed.clear();
});

describe('ProductGallery lifecycle', () => {
  it('once unmounted: no size observer, and variations and gallery hashes reach nothing', async () => {
    vi.stubGlobal('ResizeObserver', RecordingResizeObserver);
    const watch = watchLifecycle();
    const { unmount } = render(
      <ProductGallery
        images={[image(1), image(2), image(3)]}
        gid="1"
        triggerLabel="View full-screen image gallery"
        label="Boots images"
        rtl={false}
      />,
    );
    expect(observed.size).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /^Image 2 \/ 3/ }));

    unmount();
    watch.unmounted();
    expect(observed.size).toBe(0);
    emit('found_variation', [{ variation_id: 22, image: { src: '/img/9.svg' } } as unknown as Variation]);
    emit('reset_image', []);
    window.history.replaceState(null, '', '/#&gid=1&pid=2');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(openLightbox).not.toHaveBeenCalled();
    expect(await watch.leftovers()).toEqual([]);
  });
});
