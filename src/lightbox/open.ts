/**
 * The full-screen image viewer (storefront.md §2.6, §9), shared by the product gallery and the
 * site-wide lightbox: PhotoSwipe 5, imported (with its stylesheet) only when a viewer opens, so the
 * island chunks stay small. On top of PhotoSwipe's counter, zoom, arrows and close this adds what
 * WooCommerce's PhotoSwipe 4 viewer had (ui.ts, share-menu.ts, idle.ts, hash.ts): caption,
 * full-screen and share buttons, the idle time-outs and the `#&gid=…&pid=…` hash; and a proper
 * modal: labelled, focus trapped (src/a11y) and returned to the opener, Escape closes (an open share
 * menu first). Everything it starts (timers, listeners, image loads) ends when it closes.
 */
import type PhotoSwipe from 'photoswipe';
import type { SlideData } from 'photoswipe';
import pswpStylesheet from 'photoswipe/style.css?url';
import { createFocusTrap } from '../a11y/focus-trap';
import { __ } from '../i18n';
import { atMost, loadStylesheet, measure, MEASURE_WAIT_MS, sizeOrViewport, viewportSize } from './assets';
import { syncGalleryHash } from './hash';
import { trackIdle } from './idle';
import stylesheet from './lightbox.css?url';
import { COUNTER_SEPARATOR } from './model';
import { LIGHTBOX_TEXT } from './text';
import type { LightboxHandle, LightboxOptions, LightboxSlide } from './types';
import { exitViewerFullscreen, extendUi } from './ui';

export { LIGHTBOX_TEXT } from './text';
export type { LightboxHandle, LightboxOptions, LightboxSlide } from './types';

let current: PhotoSwipe | null = null;

/** Closes `pswp` now, or once its opening animation is over (PhotoSwipe ignores close() before). */
function closeViewer(pswp: PhotoSwipe): void {
  if (pswp.opener.isOpen) pswp.close();
  else pswp.on('openingAnimationEnd', () => pswp.close());
}

/**
 * Opens the viewer on `slides` at `index` (closing one already open). Resolves once it is open;
 * rejects when PhotoSwipe could not be loaded, or with `options.signal`'s reason when aborted first.
 */
export async function openLightbox(
  slides: LightboxSlide[],
  index: number,
  options: LightboxOptions,
): Promise<LightboxHandle> {
  const { signal } = options;
  // Images measured for this viewer stop loading when it closes or its opener goes.
  const measuring = new AbortController();
  const stopMeasuring = () => measuring.abort();
  signal?.addEventListener('abort', stopMeasuring, { once: true });
  const abandoned = () => {
    stopMeasuring();
    signal?.removeEventListener('abort', stopMeasuring);
    return signal?.reason;
  };
  if (signal?.aborted) throw abandoned();

  const [{ default: PhotoSwipeClass }] = await Promise.all([
    import('photoswipe'),
    loadStylesheet(pswpStylesheet),
    loadStylesheet(stylesheet),
  ]);
  if (signal?.aborted) throw abandoned();
  current?.close();

  const sizes = slides.map((slide) => ({ width: slide.width, height: slide.height }));
  const unknown = slides.map((slide) => !(slide.width > 0 && slide.height > 0));
  const start = Math.min(Math.max(0, Math.trunc(index)), Math.max(0, slides.length - 1));
  // The first image must have its size before PhotoSwipe lays it out; the others are measured in
  // the background and refreshed when they arrive.
  const pending = slides.map((slide, i) => (unknown[i] ? measure(slide.src, measuring.signal) : null));
  const first = pending[start];
  if (first) {
    // A slow image does not keep the viewer shut: it opens at the screen's size, and the image's own
    // size applies once it arrives.
    const size = await atMost(first, MEASURE_WAIT_MS);
    if (size) {
      sizes[start] = sizeOrViewport(size);
      pending[start] = null;
    }
  }
  if (signal?.aborted) throw abandoned();

  const pswp = new PhotoSwipeClass({
    dataSource: slides.map((slide, i): SlideData => ({
      src: slide.src,
      srcset: slide.srcset,
      msrc: slide.msrc,
      // An image without alt text (a bare link to a file) is named by its title.
      alt: slide.alt || slide.title || '',
      width: sizes[i]!.width || viewportSize().width,
      height: sizes[i]!.height || viewportSize().height,
    })),
    index: start,
    indexIndicatorSep: COUNTER_SEPARATOR,
    counter: options.counter !== false,
    zoom: options.zoom !== false,
    closeTitle: __(LIGHTBOX_TEXT.close),
    zoomTitle: __(LIGHTBOX_TEXT.zoom),
    arrowPrevTitle: __(LIGHTBOX_TEXT.previous),
    arrowNextTitle: __(LIGHTBOX_TEXT.next),
    // Our focus trap (src/a11y) replaces PhotoSwipe's: it cycles Tab and returns the focus.
    trapFocus: false,
    returnFocus: false,
    escKey: false,
    // WooCommerce's viewer options: no opening or closing animation (the viewer is at once usable).
    showAnimationDuration: 0,
    hideAnimationDuration: 0,
    showHideAnimationType: 'none',
  });

  extendUi(pswp, slides, options);
  if (options.gid) syncGalleryHash(pswp, options.gid);
  pswp.on('change', () => {
    if (!signal?.aborted) options.onChange?.(pswp.currIndex);
  });

  // Sizes measured after opening: the slide is rebuilt with them.
  const refresh = (i: number, size: { width: number; height: number }) => {
    if (current !== pswp) return;
    const item = (pswp.options.dataSource as SlideData[])[i];
    if (!item) return;
    const known = sizeOrViewport(size);
    item.width = known.width;
    item.height = known.height;
    pswp.refreshSlideContent(i);
  };
  pending.forEach((size, i) => void size?.then((known) => refresh(i, known)));

  let trapRelease: (() => void) | null = null;
  let idleStop: (() => void) | null = null;
  let closedAt = start;
  const closeOnAbort = () => closeViewer(pswp);

  pswp.on('close', () => {
    closedAt = pswp.currIndex;
    exitViewerFullscreen(pswp);
    idleStop?.();
    trapRelease?.();
    stopMeasuring();
  });
  pswp.on('destroy', () => {
    if (current === pswp) current = null;
    signal?.removeEventListener('abort', stopMeasuring);
    signal?.removeEventListener('abort', closeOnAbort);
    stopMeasuring();
    if (!signal?.aborted) options.onClose?.(closedAt);
  });

  current = pswp;
  pswp.init();

  const root = pswp.element!;
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-label', options.label);
  const close = () => closeViewer(pswp);
  const trap = createFocusTrap(root, { initialFocus: () => root, onEscape: close });
  trap.activate();
  trapRelease = () => trap.deactivate();
  idleStop = trackIdle(root).stop;
  signal?.addEventListener('abort', closeOnAbort, { once: true });

  return {
    close,
    get index() {
      return pswp.currIndex;
    },
  };
}

/** True while a viewer is open (one at a time on the page). */
export function isLightboxOpen(): boolean {
  return current !== null;
}

/** Closes the open viewer, if any (page changes, stories, tests). */
export function closeLightbox(): void {
  if (current?.opener.isOpen) current.close();
  else current?.destroy();
}
