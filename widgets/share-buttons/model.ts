/**
 * Share buttons (storefront.md §2.10 "Share buttons for many social networks plus email and
 * print"): pure functions, no DOM. The share URLs of each network from the page's URL and title,
 * the popup window's size and place, and the props check (a non-React island validates by hand).
 *
 * The server prints the same URLs in its links (the no-JS fallback: each link works by itself), and
 * the island opens them in a popup. The share endpoints are the networks' public ones:
 * Facebook's sharer, X's tweet intent, LinkedIn's share-offsite, Pinterest's pin builder, WhatsApp's
 * wa.me, Telegram's share URL, Reddit's submit page, and a `mailto:` with subject and body.
 */

export const NETWORKS = [
  'facebook',
  'x',
  'linkedin',
  'pinterest',
  'whatsapp',
  'telegram',
  'reddit',
  'email',
  'print',
] as const;
export type Network = (typeof NETWORKS)[number];

/** The networks opened in a popup window (email keeps its `mailto:`, print prints). */
export type PopupNetwork = Exclude<Network, 'email' | 'print'>;

/** Each control's accessible name (its visible text, or the server's aria-label). */
export const NETWORK_LABELS: Readonly<Record<Network, string>> = {
  facebook: 'Share on Facebook',
  x: 'Share on X',
  linkedin: 'Share on LinkedIn',
  pinterest: 'Share on Pinterest',
  whatsapp: 'Share on WhatsApp',
  telegram: 'Share on Telegram',
  reddit: 'Share on Reddit',
  email: 'Share by email',
  print: 'Print this page',
};

/** Said (visually hidden) after the name of a link the island opens in a popup window. */
export const NEW_WINDOW_TEXT = ' (opens in a new window)';

/** The native share button's default text. */
export const DEFAULT_NATIVE_LABEL = 'Share';

/** The popup's size (CSS pixels), reduced to the screen on small screens. */
export const POPUP_SIZE = { width: 600, height: 500 } as const;

export const isNetwork = (value: unknown): value is Network =>
  typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);

export const opensPopup = (network: Network): network is PopupNetwork =>
  network !== 'email' && network !== 'print';

/** `value` as an absolute http(s) URL, or null (relative, `javascript:`, `data:`, unparsable…). */
export function absoluteHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

export interface SharedPage {
  /** The page's URL: absolute http(s) (anything else is refused). */
  url: string;
  title: string;
}

const e = encodeURIComponent;

/**
 * The URL sharing `page` on `network`; null for print (nothing to open) and for a page URL that is
 * not an absolute http(s) one.
 */
export function shareUrl(network: Network, page: SharedPage): string | null {
  const url = absoluteHttpUrl(page.url);
  if (!url) return null;
  const u = e(url);
  const t = e(page.title);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(page.title ? `${page.title} ${url}` : url)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
    case 'print':
      return null;
  }
}

/** Where the window the shopper is in sits and how big it is (`window.screenX`, `outerWidth`…). */
export interface WindowBox {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
  /** `screen.availWidth` / `availHeight`. */
  availWidth: number;
  availHeight: number;
}

/**
 * `window.open`'s features for the share popup: {@link POPUP_SIZE} (at most the screen), centred
 * on the shopper's window, and `noopener` (the network's page gets no handle on this one).
 */
export function popupFeatures(box: WindowBox): string {
  const width = Math.max(1, Math.min(POPUP_SIZE.width, box.availWidth || POPUP_SIZE.width));
  const height = Math.max(1, Math.min(POPUP_SIZE.height, box.availHeight || POPUP_SIZE.height));
  const left = Math.max(0, Math.round(box.screenX + (box.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(box.screenY + (box.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top},noopener`;
}

/** A click the island leaves to the browser: another button, or with a modifier (new tab, window…). */
export const isModifiedClick = (event: {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean => event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

// -- props -----------------------------------------------------------------------------------------

export interface ShareButtonsProps extends SharedPage {
  networks: Network[];
  nativeLabel: string;
}

export type PropsCheck =
  { ok: true; props: ShareButtonsProps } | { ok: false; field: string; problem: string };

/** PHP's absence (`wp_json_encode` of an unset value): left out, null or false. */
const absent = (value: unknown): boolean => value === undefined || value === null || value === false;

/**
 * The container's props, checked: `{ url, title, networks, nativeLabel? }` (the contract in
 * chrome-contracts.md). The first problem found is named, as `defineIsland` names a zod issue.
 */
export function checkProps(raw: unknown): PropsCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: '(root)', problem: 'expected an object' };
  }
  const { url, title, networks, nativeLabel } = raw as Record<string, unknown>;
  const page = absoluteHttpUrl(url);
  if (!page) return { ok: false, field: 'url', problem: 'expected an absolute http(s) URL' };
  if (typeof title !== 'string') return { ok: false, field: 'title', problem: 'expected a string' };
  if (!Array.isArray(networks)) return { ok: false, field: 'networks', problem: 'expected an array' };
  for (const [index, network] of networks.entries()) {
    if (!isNetwork(network)) {
      return { ok: false, field: `networks.${index}`, problem: `expected one of ${NETWORKS.join(', ')}` };
    }
  }
  let label = DEFAULT_NATIVE_LABEL;
  if (!absent(nativeLabel)) {
    if (typeof nativeLabel !== 'string' || !nativeLabel.trim()) {
      return { ok: false, field: 'nativeLabel', problem: 'expected a non-empty string' };
    }
    label = nativeLabel;
  }
  return {
    ok: true,
    props: { url: page, title, networks: [...new Set(networks as Network[])], nativeLabel: label },
  };
}
