import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type * as z from 'zod/mini';
import { on } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { parseGalleryHash } from '../../src/lightbox/model';
import type { LightboxSlide } from '../../src/lightbox/open';
import { LIGHTBOX_TEXT } from '../../src/lightbox/text';
import { followLink } from '../../src/navigation';
import {
  applyVariation,
  clampIndex,
  hasSlider,
  indexForKey,
  indexForSwipe,
  initialState,
  isZoomable,
  slideCaption,
  zoomOffset,
  type GalleryImage,
  type GalleryState,
} from './model';
import type { ProductGalleryPropsSchema } from './schema';

/**
 * The full-screen viewer (and PhotoSwipe behind it) is fetched when the shopper opens an image, not
 * with the gallery: most product views never open one.
 */
type Viewer = typeof import('../../src/lightbox/open');
let viewer: Viewer | null = null;
const loadViewer = async (): Promise<Viewer> => (viewer ??= await import('../../src/lightbox/open'));
const viewerOpen = (): boolean => viewer?.isLightboxOpen() ?? false;

type Props = z.output<typeof ProductGalleryPropsSchema>;

const toSlide = (image: GalleryImage): LightboxSlide => ({
  src: image.full,
  width: image.fullWidth,
  height: image.fullHeight,
  alt: image.alt,
  caption: slideCaption(image),
  msrc: image.src,
});

/** A server-rendered image that already failed before the island mounted. */
const brokenAlready = (img: HTMLImageElement | null): boolean =>
  !!img && img.complete && img.naturalWidth === 0 && !!img.getAttribute('src');

/**
 * WooCommerce's product gallery (storefront.md §2.5 "Image gallery", §2.6, §8, §9): a slider with
 * thumbnails when there is more than one image (500 ms, never on its own, no looping; arrows,
 * Home/End and swipes), zoom on hover (on tap with touch) only when the large image is wider than
 * the gallery, a 'View full-screen image gallery' button opening the viewer at the current image
 * (whose hash `#&gid=1&pid=N` reopens it on load), the chosen variation's image, and 'The image
 * could not be loaded.' with a link to the image when one fails. The slides keep WooCommerce's
 * markup and data attributes, so themes and plugins that read them keep working.
 */
export function ProductGallery({ images: original, gid, triggerLabel, label, rtl }: Props) {
  const [state, setState] = useState<GalleryState>(() => initialState(original));
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [galleryWidth, setGalleryWidth] = useState<number | null>(null);
  // The zoomed image's offset, for the slide (and image) it was computed on.
  const [zoomState, setZoomState] = useState<{ left: number; top: number; src: string; at: number } | null>(
    null,
  );
  const viewport = useRef<HTMLDivElement>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const trigger = useRef<HTMLButtonElement>(null);
  const pointerType = useRef('mouse');
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const moveFocus = useRef<'thumb' | 'slide' | null>(null);
  /** The signal of the viewer being loaded (one at a time). */
  const opening = useRef<AbortSignal | null>(null);
  /** Aborted when the gallery unmounts: a viewer still loading does not open, an open one closes. */
  const mounted = useRef<AbortController | null>(null);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const { images, index } = state;
  const count = images.length;
  const slider = hasSlider(count);
  const current = images[index] ?? images[0]!;
  const zoomable =
    galleryWidth !== null && isZoomable(current.fullWidth, galleryWidth) && !failed.has(current.src);

  const go = useCallback((next: number) => {
    setState((s) => ({ ...s, index: clampIndex(next, s.images.length) }));
  }, []);

  // The gallery's width decides the zoom (§9); 0 means not laid out (yet): no zoom.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const read = () => {
      const width = element.getBoundingClientRect().width;
      setGalleryWidth(width > 0 ? width : null);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoom = zoomState && zoomState.at === index && zoomState.src === current.src ? zoomState : null;
  const setZoom = (offset: { left: number; top: number } | null) =>
    setZoomState(offset && { ...offset, src: current.src, at: index });

  // Keyboard moves: the focus follows to the new thumbnail or slide.
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (target === 'thumb') thumbs.current[index]?.focus();
    else if (target === 'slide') links.current[index]?.focus();
  }, [index]);

  // The chosen variation's image (§2.5; WooCommerce's wc_variations_image_update).
  useEffect(() => {
    const offFound = on('found_variation', (variation) =>
      setState((s) => applyVariation(s, original, variation)),
    );
    const offReset = on('reset_image', () => setState((s) => applyVariation(s, original, null)));
    return () => {
      offFound();
      offReset();
    };
  }, [original]);

  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);

  const open = useCallback(
    async (at: number) => {
      const signal = mounted.current?.signal;
      if (!signal || signal.aborted || opening.current?.aborted === false || viewerOpen()) return;
      opening.current = signal;
      const { images: shown } = latest.current;
      try {
        const { isLightboxOpen, openLightbox } = await loadViewer();
        if (signal.aborted || isLightboxOpen()) return;
        await openLightbox(shown.map(toSlide), at, {
          label,
          gid,
          signal,
          onClose: (last) => {
            // Back on the page at the image last viewed; the focus went back to the opener, which
            // is the slide's link that is now hidden when the viewer moved on.
            const active = document.activeElement;
            if (active instanceof HTMLElement && links.current.includes(active as HTMLAnchorElement)) {
              moveFocus.current = 'slide';
            }
            setState((s) => ({ ...s, index: clampIndex(last, s.images.length) }));
            if (moveFocus.current === 'slide' && last === latest.current.index) links.current[last]?.focus();
          },
        });
      } catch (error) {
        if (signal.aborted) return; // the gallery is gone
        // The viewer's code did not load: do what the link does without JavaScript.
        console.error('[shop-islands] product-gallery: the image viewer could not be loaded.', error);
        const image = shown[at];
        if (image) followLink(image.full);
      } finally {
        if (opening.current === signal) opening.current = null;
      }
    },
    [gid, label],
  );

  // A `#&gid=1&pid=N` hash (a shared link, or one followed on the page) opens image N (§2.6).
  useEffect(() => {
    const check = () => {
      const hash = parseGalleryHash(window.location.hash);
      if (!hash || hash.gid !== gid || viewerOpen()) return;
      const at = hash.pid - 1;
      if (at >= latest.current.images.length) return;
      go(at);
      void open(at);
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [gid, go, open]);

  const markFailed = (src: string) => setFailed((set) => (set.has(src) ? set : new Set(set).add(src)));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!slider || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // From a thumbnail the keys move on from that thumbnail (like tabs), else from the slide shown.
    const onThumb = thumbs.current.indexOf(event.target as HTMLButtonElement);
    const from = onThumb === -1 ? index : onThumb;
    const next = indexForKey(event.key, from, count, rtl);
    if (next === null) return;
    event.preventDefault();
    if (next === index) {
      if (onThumb !== -1) thumbs.current[next]?.focus();
      return;
    }
    moveFocus.current = onThumb === -1 ? 'slide' : 'thumb';
    go(next);
  };

  const zoomAt = (event: { clientX: number; clientY: number; currentTarget: HTMLElement }) => {
    const box = event.currentTarget.getBoundingClientRect();
    setZoom(
      zoomOffset({ x: event.clientX - box.left, y: event.clientY - box.top }, box, {
        width: current.fullWidth,
        height: current.fullHeight,
      }),
    );
  };

  const onSlidePointerMove = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && zoomable) zoomAt(event);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    pointerType.current = event.pointerType;
    swiped.current = false;
    swipe.current =
      event.pointerType !== 'mouse' && event.isPrimary
        ? { id: event.pointerId, x: event.clientX, y: event.clientY }
        : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId || !slider) return;
    const dx = event.clientX - start.x;
    if (Math.abs(event.clientY - start.y) > Math.abs(dx)) return;
    const next = indexForSwipe(dx, index, count, rtl);
    if (next === null) return;
    swiped.current = true;
    go(next);
  };

  const onSlideClick = (event: MouseEvent<HTMLAnchorElement>, at: number) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    // With touch (or a pen) the image zooms on tap, as WooCommerce's `on: 'click'` zoom does.
    if (event.detail !== 0 && pointerType.current !== 'mouse' && zoomable) {
      if (zoom) setZoom(null);
      else zoomAt(event);
      return;
    }
    void open(at);
  };

  const thumbLabel = (image: GalleryImage, at: number) => {
    const name = image.alt || image.title;
    return `${__('Image')} ${at + 1} / ${count}${name ? `: ${name}` : ''}`;
  };

  return (
    <div
      className={`woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images si-gallery${slider ? ' si-gallery--slider' : ''}`}
      data-columns="4"
      onKeyDown={onKeyDown}
    >
      <button
        ref={trigger}
        type="button"
        className="woocommerce-product-gallery__trigger"
        aria-haspopup="dialog"
        aria-label={triggerLabel}
        title={triggerLabel}
        onClick={() => void open(index)}
      >
        <span aria-hidden="true" className="si-gallery__trigger-icon" />
      </button>
      <div
        ref={viewport}
        className="flex-viewport si-gallery__viewport"
        role={slider ? 'region' : undefined}
        aria-roledescription={slider ? 'carousel' : undefined}
        aria-label={slider ? label : undefined}
        style={{ aspectRatio: `${current.width} / ${current.height}` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div
          className="woocommerce-product-gallery__wrapper si-gallery__track"
          aria-live={slider ? 'polite' : undefined}
          style={{ transform: `translateX(${(rtl ? 1 : -1) * index * 100}%)` }}
        >
          {images.map((image, at) => {
            const active = at === index;
            const broken = failed.has(image.src);
            return (
              <div
                key={`${at}-${image.src}`}
                className={`woocommerce-product-gallery__image${active ? ' flex-active-slide' : ''}`}
                data-thumb={image.thumb}
                data-thumb-alt={image.alt}
                role={slider ? 'group' : undefined}
                aria-roledescription={slider ? 'slide' : undefined}
                aria-label={slider ? `${at + 1} / ${count}` : undefined}
                aria-hidden={slider && !active ? true : undefined}
                inert={slider && !active ? true : undefined}
                onPointerEnter={active ? onSlidePointerMove : undefined}
                onPointerMove={active ? onSlidePointerMove : undefined}
                onPointerLeave={() => setZoom(null)}
              >
                {broken ? (
                  <p
                    className="si-gallery__error"
                    style={{ aspectRatio: `${image.width} / ${image.height}` }}
                  >
                    <span>
                      <a href={image.full} ref={(el) => void (links.current[at] = el)}>
                        {__(LIGHTBOX_TEXT.errorLink)}
                      </a>
                      {__(LIGHTBOX_TEXT.errorRest)}
                    </span>
                  </p>
                ) : (
                  <a
                    href={image.full}
                    ref={(el) => void (links.current[at] = el)}
                    onClick={(event) => onSlideClick(event, at)}
                  >
                    <img
                      width={image.width}
                      height={image.height}
                      src={image.src}
                      srcSet={image.srcset}
                      sizes={image.sizes}
                      className={at === 0 ? 'wp-post-image' : undefined}
                      alt={image.alt}
                      title={image.title || undefined}
                      data-caption={image.caption}
                      data-src={image.full}
                      data-large_image={image.full}
                      data-large_image_width={image.fullWidth}
                      data-large_image_height={image.fullHeight}
                      decoding="async"
                      ref={(img) => {
                        if (brokenAlready(img)) queueMicrotask(() => markFailed(image.src));
                      }}
                      onError={() => markFailed(image.src)}
                    />
                  </a>
                )}
                {active && zoom && !broken && (
                  <img
                    className="zoomImg"
                    src={image.full}
                    alt=""
                    aria-hidden="true"
                    width={image.fullWidth}
                    height={image.fullHeight}
                    style={{ left: zoom.left, top: zoom.top }}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {slider && (
        <ol className="flex-control-nav flex-control-thumbs si-gallery__thumbs">
          {images.map((image, at) => (
            <li key={`${at}-${image.thumb}`}>
              <button
                type="button"
                ref={(el) => void (thumbs.current[at] = el)}
                className={at === index ? 'flex-active' : undefined}
                aria-label={thumbLabel(image, at)}
                aria-current={at === index ? 'true' : undefined}
                onClick={() => go(at)}
              >
                <img src={image.thumb} alt="" width={100} height={100} decoding="async" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
