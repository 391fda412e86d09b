/**
 * The product gallery's `#&gid=…&pid=…` hash while the viewer is open (storefront.md §2.6), as
 * PhotoSwipe 4 wrote it: replaced, never pushed, so Back leaves the page as before.
 */
import type PhotoSwipe from 'photoswipe';
import { galleryHash, hashWithoutGallery } from './model';

function replaceHash(hash: string): void {
  const { pathname, search } = window.location;
  try {
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  } catch {
    // A sandboxed frame may refuse; the viewer works without the hash.
  }
}

/**
 * Writes gallery `gid`'s hash for the slide shown while `pswp` is open, and gives the URL its
 * hash from before back when it closes.
 */
export function syncGalleryHash(pswp: PhotoSwipe, gid: string): void {
  const baseHash = hashWithoutGallery(window.location.hash);
  pswp.on('change', () => replaceHash(galleryHash(baseHash, gid, pswp.currIndex + 1)));
  pswp.on('close', () => replaceHash(baseHash));
}
