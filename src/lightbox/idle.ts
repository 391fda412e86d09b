/**
 * PhotoSwipe 4's idle behaviour, which PhotoSwipe 5 dropped (storefront.md §9): the viewer's UI
 * hides after `IDLE_MS` without pointer or key activity, and after `IDLE_OUTSIDE_MS` once the
 * pointer has left the window. Any activity shows it again. The caller styles `idleClass`.
 */
import { idleDelay } from './model';

export const IDLE_CLASS = 'pswp--idle';

export interface IdleTracker {
  stop(): void;
}

export function trackIdle(element: HTMLElement, idleClass: string = IDLE_CLASS): IdleTracker {
  const doc = element.ownerDocument;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (pointerOutside: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => element.classList.add(idleClass), idleDelay(pointerOutside));
  };
  const wake = () => {
    element.classList.remove(idleClass);
    arm(false);
  };
  // `mouseout` with no related target: the pointer left the window (PhotoSwipe 4's own test).
  const onOut = (event: MouseEvent) => {
    if (!event.relatedTarget) arm(true);
  };
  const active = ['pointermove', 'pointerdown', 'keydown', 'focusin', 'wheel'] as const;
  for (const type of active) doc.addEventListener(type, wake, true);
  doc.addEventListener('mouseout', onOut);
  arm(false);
  return {
    stop() {
      clearTimeout(timer);
      for (const type of active) doc.removeEventListener(type, wake, true);
      doc.removeEventListener('mouseout', onOut);
      element.classList.remove(idleClass);
    },
  };
}
