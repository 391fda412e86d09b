/**
 * Screen-reader announcements through one shared live region per document and politeness.
 * The regions are created on first use (never at import time) and found again by id, so several
 * islands, or a region a fragment refresh removed, never lead to duplicates.
 */
import type { CSSProperties } from 'react';

export type Politeness = 'polite' | 'assertive';

export interface AnnounceOptions {
  /** Milliseconds before the text is announced (spec: 1000 after add-to-cart, 2000 for result counts). */
  delay?: number;
  politeness?: Politeness;
  /**
   * Say it only if nothing else is asked to be said before its time comes (the result count's
   * re-announcement, 2 s after load: a removal or a notice said meanwhile is what the shopper
   * needs to hear, and the count would cut it off).
   */
  yieldToOthers?: boolean;
}

/** Class hiding content visually but not from assistive technology (see `ensureVisuallyHiddenCss`). */
export const VISUALLY_HIDDEN_CLASS = 'shop-islands-sr-only';

/** The same rules as an inline style (React `style` prop), immune to a theme's CSS. */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: '0',
} as const satisfies CSSProperties;

/**
 * How long a region stays empty before the new text is set. Screen readers announce changes, so
 * the same text twice in a row must be cleared first, and the clear and the new text must not land
 * in the same task or they are coalesced. It also gives a just-created region time to be noticed.
 */
export const ANNOUNCE_SETTLE_MS = 100;

export const LIVE_REGION_IDS: Record<Politeness, string> = {
  polite: 'shop-islands-live',
  assertive: 'shop-islands-live-assertive',
};

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Injects the `.shop-islands-sr-only` rule once per document, for components that use the class. */
export function ensureVisuallyHiddenCss(doc: Document = document): void {
  const id = 'shop-islands-sr-only-css';
  if (doc.getElementById(id)) return;
  const style = doc.createElement('style');
  style.id = id;
  const rules = Object.entries(visuallyHiddenStyle).map(([k, v]) => `${kebab(k)}:${v}!important`);
  style.textContent = `.${VISUALLY_HIDDEN_CLASS}{${rules.join(';')}}`;
  doc.head.append(style);
}

/** The live region for `politeness`, created (empty) on first use. */
export function getLiveRegion(politeness: Politeness = 'polite', doc: Document = document): HTMLElement {
  const id = LIVE_REGION_IDS[politeness];
  const found = doc.getElementById(id);
  if (found) return found;
  const region = doc.createElement('div');
  region.id = id;
  region.className = VISUALLY_HIDDEN_CLASS;
  region.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
  region.setAttribute('aria-live', politeness);
  region.setAttribute('aria-atomic', 'true');
  Object.assign(region.style, visuallyHiddenStyle);
  doc.body.append(region);
  return region;
}

/** Cancel functions of the announcements whose text is not set yet. */
const pending = new Set<() => void>();
/** How many announcements were asked for in this document's life (for `yieldToOthers`). */
let requested = 0;

/**
 * Announces `message` after `delay` ms. The region is emptied `ANNOUNCE_SETTLE_MS` before the text
 * is set (at once when the delay is shorter), so the text itself appears exactly at `delay`, or at
 * `ANNOUNCE_SETTLE_MS` for shorter delays. Returns a function cancelling the announcement if the
 * text has not been set yet. Without a document (SSR, or a test environment torn down) nothing
 * happens. Components use `useAnnounce()`, which cancels what is pending when they unmount.
 */
export function announce(
  message: string,
  { delay = 0, politeness = 'polite', yieldToOthers = false }: AnnounceOptions = {},
): () => void {
  if (typeof document === 'undefined' || !document.body) return () => {};
  const ticket = ++requested;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const cancel = (): void => {
    timers.forEach(clearTimeout);
    pending.delete(cancel);
  };
  const at = (ms: number, run: () => void): void => {
    const guarded = () => {
      // The document may be gone by the time a timer fires (a page torn down): do nothing then.
      if (typeof document !== 'undefined' && document.body) run();
    };
    if (ms <= 0) guarded();
    else timers.push(setTimeout(guarded, ms));
  };
  const setAt = Math.max(delay, ANNOUNCE_SETTLE_MS);
  const clearAt = setAt - ANNOUNCE_SETTLE_MS;
  let region: HTMLElement | undefined;
  pending.add(cancel);
  const outdone = () => yieldToOthers && requested !== ticket;
  at(clearAt, () => {
    if (outdone()) return;
    region = getLiveRegion(politeness);
    region.textContent = '';
  });
  at(setAt, () => {
    pending.delete(cancel);
    if (outdone()) return;
    // Found again: the region may have been replaced since it was cleared.
    (region?.isConnected ? region : getLiveRegion(politeness)).textContent = message;
  });
  return cancel;
}

/** Whether the announcement `cancel` belongs to is still to be made. */
export const isPendingAnnouncement = (cancel: () => void): boolean => pending.has(cancel);

/** Cancels every announcement not made yet (a test's teardown; a page being replaced). */
export function cancelPendingAnnouncements(): void {
  Array.from(pending).forEach((cancel) => cancel());
}
