/**
 * The viewer's share button and menu (PhotoSwipe 4's, which PhotoSwipe 5 dropped): Facebook, Tweet,
 * Pin it and Download image for the slide shown. The menu follows the button in the top bar; Escape
 * while it is open closes the menu only, and the focus goes back to the button when it was inside.
 */
import type PhotoSwipe from 'photoswipe';
import { __ } from '../i18n';
import { captionOf, shareLinks } from './model';
import { LIGHTBOX_TEXT } from './text';
import type { LightboxSlide } from './types';

const SHARE_ICON = {
  isCustomSVG: true as const,
  inner:
    '<path id="pswp__icn-share" d="M22 5a4 4 0 1 1-3.6 5.8l-6.5 3.3a4 4 0 0 1 0 3.8l6.5 3.3a4 4 0 1 1-1.3 2.7l-6.7-3.4a4 4 0 1 1 0-5l6.7-3.4A4 4 0 0 1 22 5z"/>',
  outlineID: 'pswp__icn-share',
  size: 32,
};

/** The menu's links for `slide`, each closing the menu when followed. */
function menuList(slide: LightboxSlide | undefined, onFollow: () => void): HTMLUListElement {
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
    link.addEventListener('click', onFollow);
    const li = document.createElement('li');
    li.append(link);
    list.append(li);
  }
  return list;
}

/** Registers the share button (call from PhotoSwipe's `uiRegister`). */
export function registerShareMenu(pswp: PhotoSwipe, slideAt: (index: number) => LightboxSlide | undefined) {
  let menu: HTMLElement | null = null;
  let shareButton: HTMLElement | null = null;
  const setOpen = (open: boolean, focus: 'menu' | 'button' | false = false) => {
    if (!menu || !shareButton) return;
    menu.hidden = !open;
    shareButton.setAttribute('aria-expanded', String(open));
    if (open) {
      menu.replaceChildren(menuList(slideAt(pswp.currIndex), () => setOpen(false)));
      if (focus === 'menu') menu.querySelector('a')?.focus();
    } else if (focus === 'button') shareButton.focus();
  };
  pswp.ui!.registerElement({
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
