/**
 * What the viewer adds to PhotoSwipe 5's own UI (counter, zoom, arrows, close): the caption, the
 * full-screen button, the share menu (share-menu.ts), §8's error text, and alt text from the start.
 */
import { safeHref } from '../security/url';
import type PhotoSwipe from 'photoswipe';
import { __ } from '../i18n';
import { captionOf } from './model';
import { registerShareMenu } from './share-menu';
import { LIGHTBOX_TEXT } from './text';
import type { LightboxOptions, LightboxSlide } from './types';

const FULLSCREEN_ICON = {
  isCustomSVG: true as const,
  inner:
    '<path id="pswp__icn-fullscreen" d="M7 7h7v3h-4v4H7zm18 0v7h-3v-4h-4V7zM7 25v-7h3v4h4v3zm18 0h-7v-3h4v-4h3z"/>',
  outlineID: 'pswp__icn-fullscreen',
  size: 32,
};

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

function registerFullscreen(pswp: PhotoSwipe): void {
  pswp.ui!.registerElement({
    name: 'fullscreen',
    order: 9,
    isButton: true,
    title: __(LIGHTBOX_TEXT.fullscreen),
    html: FULLSCREEN_ICON,
    onInit: (button) => {
      const sync = () =>
        button.setAttribute('aria-pressed', String(document.fullscreenElement === pswp.element));
      sync();
      pswp.events.add(document, 'fullscreenchange', sync); // removed by PhotoSwipe on destroy
    },
    onClick: () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void pswp.element?.requestFullscreen().catch(() => undefined);
    },
  });
}

/** Leaves full screen if the viewer is what is shown full screen. */
export function exitViewerFullscreen(pswp: PhotoSwipe): void {
  if (document.fullscreenElement && document.fullscreenElement === pswp.element)
    void document.exitFullscreen().catch(() => undefined);
}

/** Installs the additions on `pswp` (before `init()`). */
export function extendUi(pswp: PhotoSwipe, slides: readonly LightboxSlide[], options: LightboxOptions): void {
  const slideAt = (i: number) => slides[i];

  // §8: 'The image could not be loaded.' with 'The image' linking to the image.
  pswp.addFilter('contentErrorElement', (element, content) => {
    const message = document.createElement('div');
    message.className = 'pswp__error-msg';
    const link = document.createElement('a');
    const href = safeHref(content.data.src);
    if (href) link.href = href;
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
    pswp.ui!.registerElement({
      name: 'caption',
      className: 'pswp__caption',
      appendTo: 'root',
      onInit: (element) => {
        element.setAttribute('aria-live', 'polite');
        pswp.on('change', () => renderCaption(element, slideAt(pswp.currIndex)));
      },
    });
    if (options.fullscreen !== false && document.fullscreenEnabled) registerFullscreen(pswp);
    if (options.share !== false) registerShareMenu(pswp, slideAt);
  });
}
