/**
 * The lightbox's pure rules (storefront.md §2.6, §9 "Gallery and lightbox"), shared by the product
 * gallery and the site-wide lightbox: the `#&gid=…&pid=…` hash of PhotoSwipe 4's history module,
 * captions, share links and the idle time-outs. No DOM, no React.
 */
import { httpUrl } from '../security/url';

/** §9: the UI hides after this long without pointer or key activity… */
export const IDLE_MS = 4000;
/** …and after this long once the pointer has left the window (PhotoSwipe 4's timeToIdleOutside). */
export const IDLE_OUTSIDE_MS = 1000;
/** §2.6, §9. */
export const COUNTER_SEPARATOR = ' / ';

/** How long the UI may stay idle before it hides. */
export function idleDelay(pointerOutside: boolean): number {
  return pointerOutside ? IDLE_OUTSIDE_MS : IDLE_MS;
}

export interface GalleryHash {
  /** Gallery id (PhotoSwipe 4: the gallery's `data-pswp-uid`, 1 for the product gallery). */
  gid: string;
  /** 1-based image number. */
  pid: number;
}

/** The `key=value` pairs of a hash (`#a&gid=1&pid=2`), decoded; pairs without `=` are left out. */
function hashPairs(hash: string): [string, string][] {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const pairs: [string, string][] = [];
  for (const part of body.split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      pairs.push([decodeURIComponent(part.slice(0, at)), decodeURIComponent(part.slice(at + 1))]);
    } catch {
      // A malformed %-escape: that pair is not ours.
    }
  }
  return pairs;
}

/**
 * PhotoSwipe 4's `_parseItemIndexFromURL`: `#&gid=1&pid=2` (anything may precede the first `&`).
 * Null unless both are present, gid is not empty and pid is a whole number from 1.
 */
export function parseGalleryHash(hash: string): GalleryHash | null {
  let gid: string | undefined;
  let pid: string | undefined;
  for (const [key, value] of hashPairs(hash)) {
    if (key === 'gid') gid = value;
    else if (key === 'pid') pid = value;
  }
  if (!gid || pid === undefined || !/^\d+$/.test(pid)) return null;
  const number = Number(pid);
  return number >= 1 && Number.isSafeInteger(number) ? { gid, pid: number } : null;
}

/**
 * The hash without our `gid`/`pid` part: what was there before the viewer opened (PhotoSwipe 4
 * keeps that part and appends `&gid=…&pid=…`). Returned with its `#`, or '' when nothing is left.
 */
export function hashWithoutGallery(hash: string): string {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const kept = body.split('&').filter((part) => part !== '' && !/^(gid|pid)=/.test(part));
  return kept.length ? `#${kept.join('&')}` : '';
}

/** The hash showing image `pid` of gallery `gid`: `#&gid=1&pid=2`, after any other part. */
export function galleryHash(hash: string, gid: string, pid: number): string {
  const base = hashWithoutGallery(hash);
  return `${base || '#'}&gid=${encodeURIComponent(gid)}&pid=${pid}`;
}

/** §2.5: the caption is the image caption, else its title. */
export function captionOf(image: { caption?: string | undefined; title?: string | undefined }): string {
  return (image.caption ?? '').trim() || (image.title ?? '').trim();
}

export interface ShareLink {
  id: 'facebook' | 'twitter' | 'pinterest' | 'download';
  label: string;
  href: string;
  /** The 'Download image' link downloads rather than opens. */
  download: boolean;
}

/**
 * §2.6 share options, PhotoSwipe 4's `shareButtons` (labels and URL templates as WooCommerce's
 * viewer shipped them): share on a social network, tweet, pin and 'Download image'. `pageUrl` is
 * the page with the viewer's hash, so a shared link reopens the same image.
 */
export function shareLinks(pageUrl: string, imageUrl: string, text: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  const media = encodeURIComponent(imageUrl);
  const description = encodeURIComponent(text);
  return [
    {
      id: 'facebook',
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      download: false,
    },
    {
      id: 'twitter',
      label: 'Tweet',
      href: `https://twitter.com/intent/tweet?text=${description}&url=${url}`,
      download: false,
    },
    {
      id: 'pinterest',
      label: 'Pin it',
      href: `https://www.pinterest.com/pin/create/button/?url=${url}&media=${media}&description=${description}`,
      download: false,
    },
    // The image's URL comes from props or the page: a download link to anything but http(s) is left out.
    ...(httpUrl(imageUrl)
      ? [{ id: 'download' as const, label: 'Download image', href: imageUrl, download: true }]
      : []),
  ];
}
