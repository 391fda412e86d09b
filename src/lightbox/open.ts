/**
 * The full-screen image viewer (storefront.md §2.6, §9), shared by the product gallery and the
 * site-wide lightbox: PhotoSwipe 5, imported (with its stylesheet) only when a viewer opens, so the
 * island chunks stay small. On top of PhotoSwipe's counter, zoom, arrows and close this adds what
 * WooCommerce's PhotoSwipe 4 viewer had: caption, full-screen and share buttons, the idle time-outs
 * and the `#&gid=…&pid=…` hash; and a proper modal: labelled, focus trapped (src/a11y) and returned
 * to the opener, Escape closes (an open share menu first).
 */
import type PhotoSwipe from 'photoswipe';
import type { SlideData } from 'photoswipe';
import pswpStylesheet from 'photoswipe/style.css?url';
import { createFocusTrap } from '../a11y/focus-trap';
import { __ } from '../i18n';
import { trackIdle } from './idle';
import stylesheet from './lightbox.css?url';
import { captionOf, COUNTER_SEPARATOR, galleryHash, hashWithoutGallery, shareLinks } from './model';

export interface LightboxSlide {
  /** The large image. */
  src: string;
  srcset?: string;
  /** Size of the large image; 0 when unknown (measured once it loads). */
  width: number;
  height: number;
  alt: string;
  /** Product gallery: the caption, else the title, is shown (§2.5). */
  caption?: string;
  /** Site-wide: the image title and description (§2.6). */
  title?: string;
  description?: string;
  /** Shown while the large image loads (the slide's own image). */
  msrc?: string;
}

export interface LightboxOptions {
  /** The dialog's accessible name. */
  label: string;
  counter?: boolean;
  zoom?: boolean;
  fullscreen?: boolean;
  share?: boolean;
  /** Product gallery: the gallery id written to the URL hash while open (`#&gid=1&pid=2`). */
  gid?: string;
  onChange?: (index: number) => void;
  onClose?: (index: number) => void;
}

export interface LightboxHandle {
  close(): void;
  readonly index: number;
}

/** PhotoSwipe 4's texts, as WooCommerce's viewer template prints them. */
export const LIGHTBOX_TEXT = {
  close: 'Close (Esc)',
  share: 'Share',
  fullscreen: 'Toggle fullscreen',
  zoom: 'Zoom in/out',
  previous: 'Previous (arrow left)',
  next: 'Next (arrow right)',
  /** §8, with the words 'The image' linking to the image (PhotoSwipe 4's errorMsg). */
  errorLink: 'The image',
  errorRest: ' could not be loaded.',
} as const;

let current: PhotoSwipe | null = null;

/** The longest the viewer waits for the size of an image of unknown size before it opens. */
const MEASURE_WAIT_MS = 1500;
/** The longest the viewer waits for its stylesheets. */
const STYLESHEET_WAIT_MS = 2000;

const loadedSheets = new Map<string, Promise<void>>();

/** Links a stylesheet once and waits for it (a failed one must not block the viewer). */
function loadStylesheet(href: string): Promise<void> {
  const url = new URL(href, document.baseURI).href;
  let loading = loadedSheets.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve) => {
      const present = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find(
        (link) => link.href === url,
      );
      if (present) return resolve();
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
      // A stylesheet that never answers must not keep the viewer shut.
      setTimeout(resolve, STYLESHEET_WAIT_MS);
      document.head.append(link);
    });
    loadedSheets.set(url, loading);
  }
  return loading;
}

/** Natural size of an image (0 × 0 when it fails or has none, e.g. an SVG without width). */
function measure(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    const done = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', () => resolve({ width: 0, height: 0 }), { once: true });
    img.src = src;
  });
}

/** Size for a slide whose image size is unknown or failed: the viewport (the error text fits). */
const viewportSize = () => ({
  width: Math.max(1, document.documentElement.clientWidth || window.innerWidth || 1),
  height: Math.max(1, document.documentElement.clientHeight || window.innerHeight || 1),
});

const icon = (id: string, inner: string) => ({ isCustomSVG: true as const, inner, outlineID: id, size: 32 });

const FULLSCREEN_ICON = icon(
  'pswp__icn-fullscreen',
  '<path id="pswp__icn-fullscreen" d="M7 7h7v3h-4v4H7zm18 0v7h-3v-4h-4V7zM7 25v-7h3v4h4v3zm18 0h-7v-3h4v-4h3z"/>',
);
const SHARE_ICON = icon(
  'pswp__icn-share',
  '<path id="pswp__icn-share" d="M22 5a4 4 0 1 1-3.6 5.8l-6.5 3.3a4 4 0 0 1 0 3.8l6.5 3.3a4 4 0 1 1-1.3 2.7l-6.7-3.4a4 4 0 1 1 0-5l6.7-3.4A4 4 0 0 1 22 5z"/>',
);

function replaceHash(hash: string): void {
  const { pathname, search } = window.location;
  try {
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  } catch {
    // A sandboxed frame may refuse; the viewer works without the hash.
  }
}

/** Fills the caption element: a title and a description (site-wide), or the caption (gallery). */
function renderCaption(element: HTMLElement, slide: LightboxSlide | undefined): void {
  element.replaceChildren();
  const title = slide?.title?.trim() ?? '';
  const description = slide?.description?.trim() ?? '';
  const caption = slide ? captionOf({ caption: slide.caption, title: slide.title }) : '';
  if (slide?.description !== undefined) {
    if (title) {
      const strong = document.createElement('p');
      strong.className = 'pswp__caption-title';
      strong.textContent = title;
      element.append(strong);
    }
    if (description) {
      const text = document.createElement('p');
      text.className = 'pswp__caption-description';
      text.textContent = description;
      element.append(text);
    }
  } else if (caption) {
    element.textContent = caption;
  }
  element.hidden = element.childNodes.length === 0;
}

/**
 * Opens the viewer on `slides` at `index` (closing one already open). Resolves once it is open;
 * rejects when PhotoSwipe could not be loaded.
 */
export async function openLightbox(
  slides: LightboxSlide[],
  index: number,
  options: LightboxOptions,
): Promise<LightboxHandle> {
  const [{ default: PhotoSwipeClass }] = await Promise.all([
    import('photoswipe'),
    loadStylesheet(pswpStylesheet),
    loadStylesheet(stylesheet),
  ]);
  current?.close();

  const sizes = slides.map((slide) => ({ width: slide.width, height: slide.height }));
  const unknown = slides.map((slide) => !(slide.width > 0 && slide.height > 0));
  const start = Math.min(Math.max(0, Math.trunc(index)), Math.max(0, slides.length - 1));
  // The first image must have its size before PhotoSwipe lays it out; the others are measured in
  // the background and refreshed when they arrive.
  const measuring = slides.map((slide, i) => (unknown[i] ? measure(slide.src) : null));
  if (measuring[start]) {
    // A slow image does not keep the viewer shut: it opens at the screen's size, and the image's own
    // size applies once it arrives.
    const size = await Promise.race([
      measuring[start],
      new Promise<null>((resolve) => setTimeout(() => resolve(null), MEASURE_WAIT_MS)),
    ]);
    if (size) {
      sizes[start] = size.width && size.height ? size : viewportSize();
      measuring[start] = null;
    }
  }

  const baseHash = hashWithoutGallery(window.location.hash);
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

  const slideAt = (i: number) => slides[i];

  // §8: 'The image could not be loaded.' with 'The image' linking to the image.
  pswp.addFilter('contentErrorElement', (element, content) => {
    const message = document.createElement('div');
    message.className = 'pswp__error-msg';
    const link = document.createElement('a');
    link.href = String(content.data.src ?? '');
    link.textContent = __(LIGHTBOX_TEXT.errorLink);
    message.append(link, __(LIGHTBOX_TEXT.errorRest));
    element.replaceChildren(message);
    return element;
  });

  // PhotoSwipe names its image only once it starts loading (which waits for a laid-out viewport):
  // never leave an image without alt text in the page meanwhile.
  pswp.on('contentAppend', ({ content }) => {
    const element = content.element;
    if (element instanceof HTMLImageElement && !element.hasAttribute('alt')) {
      element.alt = String(content.data.alt ?? '');
    }
  });

  pswp.on('uiRegister', () => {
    const ui = pswp.ui!;
    ui.registerElement({
      name: 'caption',
      className: 'pswp__caption',
      appendTo: 'root',
      onInit: (element) => {
        element.setAttribute('aria-live', 'polite');
        pswp.on('change', () => renderCaption(element, slideAt(pswp.currIndex)));
      },
    });

    if (options.fullscreen !== false && document.fullscreenEnabled) {
      ui.registerElement({
        name: 'fullscreen',
        order: 9,
        isButton: true,
        title: __(LIGHTBOX_TEXT.fullscreen),
        html: FULLSCREEN_ICON,
        onInit: (button) => {
          const sync = () =>
            button.setAttribute('aria-pressed', String(document.fullscreenElement === pswp.element));
          sync();
          pswp.events.add(document, 'fullscreenchange', sync);
        },
        onClick: () => {
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          else void pswp.element?.requestFullscreen().catch(() => undefined);
        },
      });
    }

    if (options.share !== false) {
      let menu: HTMLElement | null = null;
      let shareButton: HTMLElement | null = null;
      const setOpen = (open: boolean, focus: 'menu' | 'button' | false = false) => {
        if (!menu || !shareButton) return;
        menu.hidden = !open;
        shareButton.setAttribute('aria-expanded', String(open));
        if (open) {
          const slide = slideAt(pswp.currIndex);
          const text = slide ? captionOf({ caption: slide.caption, title: slide.title }) : '';
          const list = document.createElement('ul');
          for (const item of shareLinks(window.location.href, slide?.src ?? '', text)) {
            const link = document.createElement('a');
            link.className = `pswp__share--${item.id}`;
            link.href = item.href;
            link.textContent = __(item.label);
            if (item.download) link.setAttribute('download', '');
            else {
              link.target = '_blank';
              link.rel = 'noopener noreferrer';
            }
            link.addEventListener('click', () => setOpen(false));
            const li = document.createElement('li');
            li.append(link);
            list.append(li);
          }
          menu.replaceChildren(list);
          if (focus === 'menu') menu.querySelector('a')?.focus();
        } else if (focus === 'button') shareButton.focus();
      };
      ui.registerElement({
        name: 'share',
        order: 8,
        isButton: true,
        title: __(LIGHTBOX_TEXT.share),
        html: SHARE_ICON,
        onInit: (button, instance) => {
          shareButton = button;
          menu = document.createElement('div');
          menu.className = 'pswp__share-modal';
          menu.id = 'pswp__share-menu';
          menu.hidden = true;
          button.setAttribute('aria-expanded', 'false');
          button.setAttribute('aria-controls', menu.id);
          button.setAttribute('aria-haspopup', 'true');
          // Escape while the menu is open closes the menu only (before the viewer's own handlers).
          const onEscape = (event: KeyboardEvent) => {
            if (event.key !== 'Escape' || !menu || menu.hidden) return;
            event.stopPropagation();
            event.preventDefault();
            setOpen(false, menu.contains(document.activeElement) ? 'button' : false);
          };
          document.addEventListener('keydown', onEscape, true);
          instance.on('destroy', () => document.removeEventListener('keydown', onEscape, true));
          // PhotoSwipe appends the button after this returns: the menu follows it in the top bar.
          const shareMenu = menu;
          queueMicrotask(() => button.after(shareMenu));
          instance.on('change', () => setOpen(false));
        },
        onClick: (event) => setOpen(!!menu?.hidden, event.detail === 0 ? 'menu' : false),
      });
    }
  });

  pswp.on('change', () => {
    if (options.gid) replaceHash(galleryHash(baseHash, options.gid, pswp.currIndex + 1));
    options.onChange?.(pswp.currIndex);
  });

  // Sizes measured after opening: the slide is rebuilt with them.
  const refresh = (i: number, size: { width: number; height: number }) => {
    if (current !== pswp) return;
    const item = (pswp.options.dataSource as SlideData[])[i];
    if (!item) return;
    const known = size.width && size.height ? size : viewportSize();
    item.width = known.width;
    item.height = known.height;
    pswp.refreshSlideContent(i);
  };
  measuring.forEach((pending, i) => void pending?.then((size) => refresh(i, size)));

  let trapRelease: (() => void) | null = null;
  let idleStop: (() => void) | null = null;
  let closedAt = start;

  pswp.on('close', () => {
    closedAt = pswp.currIndex;
    if (document.fullscreenElement && document.fullscreenElement === pswp.element)
      void document.exitFullscreen().catch(() => undefined);
    idleStop?.();
    trapRelease?.();
    if (options.gid) replaceHash(baseHash);
  });
  pswp.on('destroy', () => {
    if (current === pswp) current = null;
    options.onClose?.(closedAt);
  });

  current = pswp;
  pswp.init();

  const root = pswp.element!;
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-label', options.label);
  // PhotoSwipe ignores close() while its opening animation runs: close once it has opened.
  const close = () => {
    if (pswp.opener.isOpen) pswp.close();
    else pswp.on('openingAnimationEnd', () => pswp.close());
  };
  const trap = createFocusTrap(root, { initialFocus: () => root, onEscape: close });
  trap.activate();
  trapRelease = () => trap.deactivate();
  idleStop = trackIdle(root).stop;

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
