import { useEffect, useRef, type RefObject } from 'react';
import { createFocusTrap, type FocusTrapOptions } from './focus-trap';

/**
 * Traps focus in `ref.current` while `active` is true (and the element is mounted). The options are
 * read when the trap activates (`initialFocus`, `returnFocus`) or when Escape is pressed
 * (`onEscape`, always the latest), so passing a new object on every render is fine.
 */
export function useFocusTrap<T extends HTMLElement>(
  ref: RefObject<T | null>,
  active: boolean,
  options: FocusTrapOptions = {},
): void {
  const latest = useRef(options);
  // Declared before the trap's effect, so it runs first in the commit that activates the trap.
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const { initialFocus, returnFocus } = latest.current;
    const trap = createFocusTrap(container, {
      initialFocus,
      returnFocus,
      onEscape: (event) => latest.current.onEscape?.(event),
    });
    trap.activate();
    return () => trap.deactivate();
  }, [active, ref]);
}
