/**
 * The site-wide lightbox's pure rules (storefront.md §2.6): which links open it (links to image
 * files; Elementor's `data-elementor-open-lightbox` marks and opt-outs) and the
 * `#elementor-action:action=lightbox&settings={base64 JSON}` links, decoded defensively. No DOM.
 */

/** §2.6: the image file types that open the lightbox. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif'] as const;
const IMAGE_PATH = new RegExp(`\\.(?:${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/**
 * True for an http(s) (or relative) URL whose path ends in an image extension, in any case, with or
 * without a query string or fragment (Elementor: `/^[^?#]+\.(png|jpe?g|gif|svg|webp|avif)(\?.*)?$/i`).
 */
export function isImageUrl(href: string, base: string): boolean {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  return IMAGE_PATH.test(path);
}

/** What the click handler reads from the clicked element (or its closest link). */
export interface LinkInfo {
  /** Lower-case tag name. */
  tag: string;
  /** The `href` attribute (links). */
  href: string | null;
  /** `data-elementor-open-lightbox`: 'yes' marks, 'no' opts out. */
  openLightbox: string | null;
  /** A link with a `download` attribute downloads: never the lightbox. */
  download: boolean;
  /** A marked element's image: its own `src`, else its first image's. */
  imageSrc: string | null;
}

/**
 * The image a click on this element shows in the lightbox, or null when it is not the lightbox's:
 * - `data-elementor-open-lightbox="no"` opts out;
 * - a link (without `download`) to an image file opens it;
 * - another element marked `data-elementor-open-lightbox="yes"` opens its image.
 * (Elementor's `isLightboxLink`; the island exists only when the site-wide setting is on.)
 */
export function lightboxImageOf(info: LinkInfo, base: string): string | null {
  const mark = info.openLightbox?.trim().toLowerCase() ?? null;
  if (mark === 'no') return null;
  if (info.tag === 'a') {
    if (info.download || !info.href) return null;
    return isImageUrl(info.href, base) ? new URL(info.href.trim(), base).href : null;
  }
  if (mark === 'yes' && info.imageSrc && isImageUrl(info.imageSrc, base)) {
    return new URL(info.imageSrc.trim(), base).href;
  }
  return null;
}

/** Elementor's lightbox action settings (`create_action_hash( 'lightbox', … )`). */
export interface LightboxActionSettings {
  url: string;
  title: string;
  description: string;
  /** Open the slideshow of the links marked `data-elementor-lightbox-slideshow` with this id. */
  slideshow: string | null;
}

export type ElementorAction =
  { ok: true; action: string; settings: unknown } | { ok: false; action: string | null; problem: string };

const ACTION_PREFIX = /^#?elementor-action:/;

/** True for an href Elementor treats as an action link (`#elementor-action…`, also %-encoded). */
export function isElementorActionHref(href: string): boolean {
  const value = href.trim();
  return value.startsWith('#elementor-action') || value.startsWith('%23elementor-action');
}

/**
 * Base64 (standard or URL-safe, padding optional, whitespace ignored) of UTF-8 JSON → the value.
 * Throws a readable Error on bad base64, bad UTF-8 or bad JSON.
 */
export function decodeBase64Json(text: string): unknown {
  const clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!clean || !/^[A-Za-z0-9+/]+$/.test(clean) || clean.length % 4 === 1) {
    throw new Error('the settings are not base64');
  }
  const padded = clean + '='.repeat((4 - (clean.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new Error('the settings are not base64');
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the settings are not UTF-8 text');
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new Error('the settings are not JSON');
  }
}

/**
 * Elementor's `runAction`: `#elementor-action:action=NAME&settings=BASE64` (the whole href may be
 * %-encoded). Null when the href is no action link; else the action and its decoded settings, or
 * what is wrong with them.
 */
export function parseElementorAction(href: string): ElementorAction | null {
  if (!isElementorActionHref(href)) return null;
  let text = href.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    return { ok: false, action: null, problem: 'the link is not a valid URL fragment' };
  }
  const body = text.replace(ACTION_PREFIX, '');
  const params = new Map<string, string>();
  for (const part of body.split('&')) {
    const at = part.indexOf('=');
    if (at > 0) params.set(part.slice(0, at), part.slice(at + 1));
  }
  const action = params.get('action') ?? '';
  if (!/^[\w:-]+$/.test(action)) return { ok: false, action: null, problem: 'the link names no action' };
  const raw = params.get('settings');
  if (raw === undefined || raw === '') return { ok: true, action, settings: {} };
  try {
    return { ok: true, action, settings: decodeBase64Json(raw) };
  } catch (error) {
    return { ok: false, action, problem: error instanceof Error ? error.message : String(error) };
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * The lightbox action's settings: `url` is required (an http(s) or relative URL), `title`,
 * `description` and `slideshow` are optional. Null when unusable.
 */
export function lightboxActionSettings(settings: unknown, base: string): LightboxActionSettings | null {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return null;
  const record = settings as Record<string, unknown>;
  const url = typeof record.url === 'string' ? record.url.trim() : '';
  if (!url) return null;
  let absolute: URL;
  try {
    absolute = new URL(url, base);
  } catch {
    return null;
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return null;
  const slideshow = text(record.slideshow).trim();
  return {
    url: absolute.href,
    title: text(record.title),
    description: text(record.description),
    slideshow: slideshow || null,
  };
}

/** Where the clicked image sits in its slideshow (0 when it is not found). */
export function startIndex(urls: readonly string[], clicked: string): number {
  const at = urls.indexOf(clicked);
  return at === -1 ? 0 : at;
}
