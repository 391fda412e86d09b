/**
 * The sticky island: the element the server printed inside the container sticks `offset` px below
 * the top of the viewport on the devices it is set for, with CSS `position: sticky` (no scroll
 * listener, no layout shift: it keeps its place in the flow). A class says when it is stuck
 * (`is-stuck`: the theme's shadow or compact look), found by an IntersectionObserver on an empty
 * sentinel just above it. The device is re-checked 300 ms after a resize ends (§9). No React.
 */
import type { IslandModule } from '../../src/islands/types';
import { currentDevice, deviceOf, isStuck, parseStickyProps, STICKY_RECHECK_MS } from './model';
import './sticky.css';

export const STUCK_CLASS = 'is-stuck';

/** How far below the viewport the observer's root reaches (px): further than any page scrolls at once. */
const BELOW = 1e6;

const island: IslandModule = {
  mount(container, rawProps) {
    const parsed = parseStickyProps(rawProps);
    if (!parsed.ok) return parsed;
    const { offset, on } = parsed.value;
    // The first element of the server's markup (the props' <script> stays in the container).
    const target = Array.from(container.children).find((el) => el.localName !== 'script');
    if (!(target instanceof HTMLElement)) {
      return { ok: false, field: '(markup)', problem: 'the container holds no element to make sticky' };
    }
    const style = target.getAttribute('style');
    const sentinel = document.createElement('div');
    sentinel.setAttribute('aria-hidden', 'true');
    sentinel.style.cssText = 'height:0;margin:0;padding:0;border:0';
    target.before(sentinel);

    let observer: IntersectionObserver | null = null;
    let active = false;
    const unstick = () => {
      active = false;
      observer?.disconnect();
      observer = null;
      target.classList.remove(STUCK_CLASS);
      if (style === null) target.removeAttribute('style');
      else target.setAttribute('style', style);
    };
    const apply = () => {
      // (Without media queries — a test's DOM — the window's width.)
      const device =
        typeof window.matchMedia === 'function'
          ? currentDevice((query) => window.matchMedia(query).matches)
          : deviceOf(window.innerWidth);
      const wanted = on.includes(device);
      if (!wanted) return unstick();
      if (active) return;
      active = true;
      target.style.position = 'sticky';
      target.style.top = `${offset}px`;
      target.style.zIndex = target.style.zIndex || '10';
      // Without IntersectionObserver (old browsers) it still sticks; only the class is missing.
      if (typeof IntersectionObserver !== 'function') return;
      observer = new IntersectionObserver(
        ([entry]) => {
          if (entry) target.classList.toggle(STUCK_CLASS, isStuck(entry.boundingClientRect.top, offset));
        },
        // The root is everything below the line `offset` px from the top (its bottom far below the
        // viewport): the sentinel crossing that line is the only change it reports, however far the
        // page jumps (from below the viewport to above it and back).
        { rootMargin: `-${offset}px 0px ${BELOW}px 0px` },
      );
      observer.observe(sentinel);
    };
    let timer = 0;
    const onResize = () => {
      clearTimeout(timer);
      timer = window.setTimeout(apply, STICKY_RECHECK_MS);
    };
    apply();
    window.addEventListener('resize', onResize, { passive: true });
    return {
      ok: true,
      unmount: () => {
        clearTimeout(timer);
        window.removeEventListener('resize', onResize);
        unstick();
        sentinel.remove();
      },
    };
  },
};

export default island;
