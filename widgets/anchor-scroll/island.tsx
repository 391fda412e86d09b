/**
 * Scrolling to in-page anchors (storefront.md §5 "Anchors", §9 "sticky-scroll offset 80 px"). Not
 * React, no zod: a few hundred bytes. One click listener on the document (links anywhere in the
 * page, added later too); the container only carries the props (and, in the demo, wraps a table of
 * contents, which works the same without JavaScript).
 *
 * A plain click on a same-page `a[href^="#"]` whose id is valid (§5) and present: the page scrolls
 * to it smoothly (at once with reduced motion) leaving `offset` px above it (a sticky header), the
 * focus moves to it (made focusable with tabindex="-1" if it was not, without a second scroll), and
 * the hash goes into the history. Anything else is left to the browser: modified clicks, links to
 * other pages or with a target, ids that are not valid (never put in a selector: the target is found
 * with getElementById, after the check), ids not on the page, clicks another script handled.
 */
import type { IslandModule } from '../../src/islands/types';
import { isPlainClick, isSamePage, isValidAnchor, readAnchorScrollProps, scrollTopFor } from './model';

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls to `target`, leaving `offset` px above it, and gives it the focus. */
function scrollToAnchor(target: HTMLElement, hash: string, offset: number): void {
  // tabIndex is -1 for an element the browser would not focus (a section, a heading).
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  window.scrollTo({
    top: scrollTopFor(target.getBoundingClientRect().top, window.scrollY, offset),
    behavior: prefersReducedMotion() ? 'instant' : 'smooth',
  });
  // A new entry, as following the link would add (none when the hash is already the page's).
  if (location.hash !== hash) history.pushState(history.state, '', hash);
}

const island: IslandModule = {
  mount(_container, rawProps) {
    const props = readAnchorScrollProps(rawProps);
    if (!props.ok) return props;
    const { offset } = props.value;
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href^="#"]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const hash = link.getAttribute('href') ?? '';
      if (!isValidAnchor(hash) || !isSamePage(link.href, location.href)) return;
      const target = document.getElementById(hash.slice(1));
      if (!target) return;
      event.preventDefault();
      scrollToAnchor(target, hash, offset);
    };
    document.addEventListener('click', onClick);
    return { ok: true, unmount: () => document.removeEventListener('click', onClick) };
  },
};

export default island;
