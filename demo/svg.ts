/** Square SVG placeholders for the catalogue's images (`/demo-assets/img/{key}.svg`). Pure. */
import { IMAGE_ART } from './fixtures';
import { escapeHtml } from './html';

export const IMAGE_PATH_PREFIX = '/demo-assets/img/';

/** The SVG for an image key, or null when the catalogue has no such image. */
export function placeholderSvg(key: string): string | null {
  const art = Object.hasOwn(IMAGE_ART, key) ? IMAGE_ART[key] : undefined;
  if (!art) return null;
  // A ball-ish circle and the label in white on a dark background (contrast > 7:1).
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" ' +
    `aria-label="${escapeHtml(art.label)}">` +
    `<rect width="600" height="600" fill="${art.background}"/>` +
    '<circle cx="300" cy="260" r="120" fill="none" stroke="#ffffff" stroke-width="14" opacity="0.85"/>' +
    '<path d="M300 170l60 44-23 70h-74l-23-70z" fill="#ffffff" opacity="0.85"/>' +
    '<text x="300" y="480" text-anchor="middle" font-family="system-ui, sans-serif" font-size="44" ' +
    `fill="#ffffff">${escapeHtml(art.label)}</text></svg>`
  );
}

/** `/demo-assets/img/kit-bag.svg` → `kit-bag`; null for other paths. */
export function imageKeyFromPath(pathname: string): string | null {
  if (!pathname.startsWith(IMAGE_PATH_PREFIX) || !pathname.endsWith('.svg')) return null;
  const key = pathname.slice(IMAGE_PATH_PREFIX.length, -'.svg'.length);
  return /^[a-z0-9-]+$/.test(key) ? key : null;
}
