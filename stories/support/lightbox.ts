import { closeLightbox } from '../../src/lightbox/open';

/** True in the portable-stories run (stories.test.tsx): jsdom has no layout and no matchMedia. */
export const inJsdom = (): boolean => typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);

/**
 * A story's `beforeEach` for the image viewer: in jsdom, gives PhotoSwipe the `matchMedia` it asks
 * for and the gallery a width (400 px) to measure; afterwards closes a viewer the story left open,
 * so the next story starts with none. In the browser nothing is stubbed.
 */
export function viewerStoryEnvironment(): () => void {
  const restore: (() => void)[] = [];
  if (inJsdom()) {
    if (typeof window.matchMedia !== 'function') {
      window.matchMedia = ((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })) as unknown as typeof window.matchMedia;
      restore.push(() => Reflect.deleteProperty(window, 'matchMedia'));
    }
    const original = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      const rect = original.call(this);
      if (rect.width || !this.classList.contains('si-gallery__viewport')) return rect;
      return DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 400 });
    };
    restore.push(() => (HTMLElement.prototype.getBoundingClientRect = original));
  }
  return () => {
    closeLightbox();
    document.querySelectorAll('.pswp').forEach((element) => element.remove());
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    restore.forEach((undo) => undo());
  };
}
