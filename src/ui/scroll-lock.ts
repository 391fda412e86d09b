import { useEffect } from 'react';

/**
 * The page's scroll lock under a modal (the cart drawer, the size guide): the root stops scrolling
 * and the body gets the scrollbar's width as padding, so nothing beneath the dialog moves sideways.
 */

/** The width the page's vertical scrollbar took (window width minus the root's client width). */
export function scrollbarGap(windowWidth: number, clientWidth: number): number {
  return Math.max(0, Math.round(windowWidth - clientWidth));
}

/** Locks the page's scroll while `locked`, keeping the scrollbar's width so nothing moves. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const body = document.body;
    const gap = scrollbarGap(window.innerWidth, root.clientWidth);
    const before = { overflow: root.style.overflow, paddingRight: body.style.paddingRight };
    const padding = Number.parseFloat(getComputedStyle(body).paddingRight) || 0;
    root.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${padding + gap}px`;
    return () => {
      root.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, [locked]);
}
