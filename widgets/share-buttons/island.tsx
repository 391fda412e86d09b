/**
 * Share buttons (storefront.md §2.10), a non-React island (no React, no zod: under 2 KB gzip).
 *
 * The server prints `<ul class="share-buttons">`, one item per network, each control marked
 * `data-network="{network}"`: a link to the network's share page (works without JavaScript, in the
 * same window), `mailto:` for email, and for print a `<button>` in an item printed `hidden` (there
 * is nothing to print without JavaScript). Mounted, the island:
 * - opens a network's link in a popup window (600×500, centred on the shopper's window, `noopener`)
 *   instead of leaving the page, and says so in the link's name ("(opens in a new window)",
 *   visually hidden); a click with a modifier or another button is the browser's (new tab…);
 * - leaves the email link to the browser (`mailto:`);
 * - shows the print button, which prints the page (`window.print()`) (its place is kept while it is
 *   hidden: nothing moves when it shows);
 * - where the browser has the Web Share API (`navigator.share`), adds a button (`nativeLabel`,
 *   'Share') opening the system's share sheet with the page's title and URL; the shopper closing
 *   the sheet (AbortError) is not a failure.
 * Unmounted, every change is undone.
 */
import { visuallyHiddenStyle } from '../../src/a11y/announce';
import type { IslandModule, MountResult } from '../../src/islands/types';
import {
  checkProps,
  isModifiedClick,
  isNetwork,
  NEW_WINDOW_TEXT,
  opensPopup,
  popupFeatures,
  shareUrl,
  type ShareButtonsProps,
} from './model';
import './share-buttons.css';

const NATIVE_CLASS = 'share-buttons__item share-buttons__item--native';
const NEW_WINDOW_CLASS = 'share-buttons__new-window';

/** `navigator.share`, where the browser has it. */
function nativeShare(): ((data: ShareData) => Promise<void>) | null {
  const share = (navigator as Navigator & { share?: unknown }).share;
  return typeof share === 'function' ? (data) => (share as Navigator['share']).call(navigator, data) : null;
}

function openPopup(url: string): void {
  window.open(
    url,
    '_blank',
    popupFeatures({
      screenX: window.screenX,
      screenY: window.screenY,
      outerWidth: window.outerWidth,
      outerHeight: window.outerHeight,
      availWidth: window.screen.availWidth,
      availHeight: window.screen.availHeight,
    }),
  );
}

function enhance(list: HTMLElement, props: ShareButtonsProps): () => void {
  const undo: (() => void)[] = [];
  const wanted = new Set(props.networks);

  for (const control of list.querySelectorAll<HTMLElement>('[data-network]')) {
    const network = control.getAttribute('data-network');
    if (!isNetwork(network) || !wanted.has(network)) continue;
    if (opensPopup(network) && control instanceof HTMLAnchorElement) {
      const note = document.createElement('span');
      note.className = NEW_WINDOW_CLASS;
      note.textContent = NEW_WINDOW_TEXT;
      Object.assign(note.style, visuallyHiddenStyle);
      control.append(note);
      undo.push(() => note.remove());
    }
    if (network === 'print') {
      const item = control.closest('li');
      if (item?.hidden) {
        item.hidden = false;
        undo.push(() => (item.hidden = true));
      }
    }
  }

  const share = nativeShare();
  if (share) {
    const item = document.createElement('li');
    item.className = NATIVE_CLASS;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'share-buttons__link share-buttons__link--native';
    button.setAttribute('data-share-native', '');
    button.textContent = props.nativeLabel;
    item.append(button);
    // Last: an item added before the server's would move them (layout shift).
    list.append(item);
    undo.push(() => item.remove());
  }

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const control = event.target.closest<HTMLElement>('[data-network], [data-share-native]');
    if (!control || !list.contains(control)) return;
    if (control.hasAttribute('data-share-native')) {
      event.preventDefault();
      const run = nativeShare();
      if (!run) return;
      try {
        // The shopper closing the sheet (AbortError) or a refusal: nothing to tell.
        run({ title: props.title, url: props.url }).catch(() => undefined);
      } catch {
        // A browser throwing at once (data it will not share): nothing to tell either.
      }
      return;
    }
    const network = control.getAttribute('data-network');
    if (!isNetwork(network) || !wanted.has(network)) return;
    if (network === 'email') return;
    if (isModifiedClick(event)) return;
    if (network === 'print') {
      event.preventDefault();
      window.print();
      return;
    }
    const url = shareUrl(network, props);
    if (!url) return;
    event.preventDefault();
    openPopup(url);
  };
  list.addEventListener('click', onClick);
  undo.push(() => list.removeEventListener('click', onClick));

  return () => undo.reverse().forEach((step) => step());
}

const island: IslandModule = {
  mount(container, rawProps): MountResult {
    const checked = checkProps(rawProps);
    if (!checked.ok) return checked;
    const list = container.querySelector<HTMLElement>('ul.share-buttons');
    if (!list) return { ok: false, field: '(markup)', problem: 'no ul.share-buttons in the container' };
    const stop = enhance(list, checked.props);
    let mounted = true;
    return {
      ok: true,
      unmount: () => {
        if (!mounted) return;
        mounted = false;
        stop();
      },
    };
  },
};

export default island;
