import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { emit } from '../../src/events/bus';
import type { Variation } from '../../src/contract/variation';
import { ProductGallery } from './ProductGallery';
import type { GalleryImage } from './model';

const openLightbox = vi.hoisted(() => vi.fn());
vi.mock('../../src/lightbox/open', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lightbox/open')>()),
  openLightbox,
  isLightboxOpen: () => false,
}));

const image = (n: number, over: Partial<GalleryImage> = {}): GalleryImage => ({
  src: `/img/${n}.svg`,
  width: 600,
  height: 600,
  thumb: `/img/${n}-thumb.svg`,
  full: `/img/${n}-full.svg`,
  fullWidth: 1200,
  fullHeight: 1200,
  alt: `Boots ${n}`,
  title: `Title ${n}`,
  caption: n === 2 ? 'Side view' : '',
  ...over,
});

function renderGallery(images = [image(1), image(2), image(3)]) {
  return render(
    <ProductGallery
      images={images}
      gid="1"
      triggerLabel="View full-screen image gallery"
      label="Boots images"
      rtl={false}
    />,
  );
}
const thumb = (n: number) => screen.getByRole('button', { name: new RegExp(`^Image ${n} / 3\\b`) });
const shownImage = () =>
  within(
    document.querySelector<HTMLElement>('.woocommerce-product-gallery__image:not([aria-hidden])')!,
  ).getByRole('img');

beforeEach(() => {
  openLightbox.mockReset();
  openLightbox.mockResolvedValue({ close: () => undefined, index: 0 });
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('ProductGallery', () => {
  test("keeps WooCommerce's markup and data attributes", () => {
    renderGallery();
    const img = shownImage();
    expect(img).toHaveAttribute('data-large_image', '/img/1-full.svg');
    expect(img).toHaveAttribute('data-large_image_width', '1200');
    expect(img.closest('.woocommerce-product-gallery__image')).toHaveAttribute(
      'data-thumb',
      '/img/1-thumb.svg',
    );
    expect(img.closest('a')).toHaveAttribute('href', '/img/1-full.svg');
  });

  test('the trigger opens the viewer at the current image with captions, and the gallery follows on close', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.click(thumb(2));
    await user.click(screen.getByRole('button', { name: 'View full-screen image gallery' }));
    // The viewer's code is fetched on this first open.
    await waitFor(() => expect(openLightbox).toHaveBeenCalledTimes(1));
    const [slides, index, options] = openLightbox.mock.calls[0]!;
    expect(index).toBe(1);
    expect(slides).toEqual([
      {
        src: '/img/1-full.svg',
        width: 1200,
        height: 1200,
        alt: 'Boots 1',
        caption: 'Title 1',
        msrc: '/img/1.svg',
      },
      {
        src: '/img/2-full.svg',
        width: 1200,
        height: 1200,
        alt: 'Boots 2',
        caption: 'Side view',
        msrc: '/img/2.svg',
      },
      {
        src: '/img/3-full.svg',
        width: 1200,
        height: 1200,
        alt: 'Boots 3',
        caption: 'Title 3',
        msrc: '/img/3.svg',
      },
    ]);
    expect(options).toMatchObject({ label: 'Boots images', gid: '1' });
    act(() => options.onClose(2));
    expect(thumb(3)).toHaveAttribute('aria-current', 'true');
  });

  test('a click on the image opens the viewer; with a modifier key the browser opens the link', async () => {
    renderGallery();
    const link = shownImage().closest('a')!;
    fireEvent.click(link, { detail: 1 });
    await waitFor(() => expect(openLightbox).toHaveBeenCalledWith(expect.any(Array), 0, expect.any(Object)));
    openLightbox.mockClear();
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(openLightbox).not.toHaveBeenCalled();
  });

  test('a gallery hash opens that image when the gallery mounts', async () => {
    window.history.replaceState(null, '', '/#&gid=1&pid=3');
    renderGallery();
    await waitFor(() =>
      expect(openLightbox).toHaveBeenCalledWith(expect.any(Array), 2, expect.objectContaining({ gid: '1' })),
    );
    expect(thumb(3)).toHaveAttribute('aria-current', 'true');
  });

  test("another gallery's hash, or an image it does not have, is ignored", () => {
    window.history.replaceState(null, '', '/#&gid=2&pid=1');
    const first = renderGallery();
    first.unmount();
    window.history.replaceState(null, '', '/#&gid=1&pid=9');
    renderGallery();
    expect(openLightbox).not.toHaveBeenCalled();
  });

  test('a failed image shows the message with a link to it', () => {
    renderGallery();
    fireEvent.error(shownImage());
    const slide = document.querySelector('.woocommerce-product-gallery__image:not([aria-hidden])')!;
    expect(slide).toHaveTextContent('The image could not be loaded.');
    expect(within(slide as HTMLElement).getByRole('link', { name: 'The image' })).toHaveAttribute(
      'href',
      '/img/1-full.svg',
    );
  });

  test("the variation's image, and back on reset_image", () => {
    renderGallery();
    act(() =>
      emit('found_variation', [
        {
          image_id: 7,
          image: {
            src: '/img/blue.svg',
            full_src: '/img/blue-full.svg',
            alt: 'Blue',
            title: '',
            caption: '',
            url: '',
            srcset: false,
            sizes: false,
          },
        } as unknown as Variation,
      ]),
    );
    expect(shownImage()).toHaveAttribute('src', '/img/blue.svg');
    expect(shownImage()).toHaveAttribute('data-large_image', '/img/blue-full.svg');
    act(() => emit('reset_image', []));
    expect(shownImage()).toHaveAttribute('src', '/img/1.svg');
  });

  test('one image: no slider, no thumbnails', () => {
    renderGallery([image(1)]);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Image/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View full-screen image gallery' })).toBeInTheDocument();
  });

  test('when the viewer cannot load, the browser goes to the image', async () => {
    const assign = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('location', { ...window.location, assign, hash: '' });
    openLightbox.mockRejectedValueOnce(new Error('chunk failed'));
    renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'View full-screen image gallery' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/img/1-full.svg'));
    vi.unstubAllGlobals();
  });

  test('unmounted: the viewer it opened is told to close, and its hash listener is gone', async () => {
    const view = renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'View full-screen image gallery' }));
    await waitFor(() => expect(openLightbox).toHaveBeenCalled());
    const { signal } = openLightbox.mock.calls[0]![2] as { signal: AbortSignal };
    expect(signal.aborted).toBe(false);
    view.unmount();
    expect(signal.aborted).toBe(true);
    openLightbox.mockClear();
    window.location.hash = '#&gid=1&pid=2';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(openLightbox).not.toHaveBeenCalled();
  });

  test('unmounted while the viewer loads: no error and no navigation when it then fails', async () => {
    const assign = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('location', { ...window.location, assign, hash: '' });
    let fail!: (reason: unknown) => void;
    openLightbox.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const view = renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'View full-screen image gallery' }));
    await waitFor(() => expect(openLightbox).toHaveBeenCalled());
    view.unmount();
    await act(async () => fail(new DOMException('The gallery is gone', 'AbortError')));
    expect(assign).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
    vi.unstubAllGlobals();
  });
});
