/** PhotoSwipe 4's texts, as WooCommerce's viewer template prints them (translated where shown). */
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
