/**
 * Keeps keyboard focus inside a container (cart drawer, modal, full-screen search) while active.
 *
 * Traps nest: active traps form a stack and only the topmost handles Tab, Escape and stray focus.
 * Deactivating the top one hands control back to the one beneath, with focus returned to the
 * element that was focused when the top one was activated (its opener).
 */
import { getTabbables, isFocusable } from './tabbable';

export type InitialFocus = HTMLElement | string | (() => HTMLElement | null);

export interface FocusTrapOptions {
  /** What to focus on activation: an element, a selector inside the container, or a function. */
  initialFocus?: InitialFocus;
  /** Focus the opener again on deactivation (default true). */
  returnFocus?: boolean;
  /** Escape pressed while this is the topmost trap (and no inner widget prevented it). */
  onEscape?: (event: KeyboardEvent) => void;
}

export interface FocusTrap {
  activate(): void;
  deactivate(): void;
}

interface StackEntry {
  contains(node: Node | null): boolean;
  focusInside(): void;
  /** Openers of a trap beneath that went away first: tried when this trap's own opener is gone. */
  inherit(returnTargets: HTMLElement[]): void;
}

/** Active traps, innermost last. Module-level so that traps of every island share it. */
const stack: StackEntry[] = [];

export function createFocusTrap(container: HTMLElement, options: FocusTrapOptions = {}): FocusTrap {
  const doc = container.ownerDocument;
  let active = false;
  let returnTargets: HTMLElement[] = [];
  let lastFocused: HTMLElement | null = null;
  let addedTabIndex = false;
  let pullBackTimer: ReturnType<typeof setTimeout> | undefined;

  const isTop = (): boolean => stack.at(-1) === entry;
  const contains = (node: Node | null): boolean => !!node && container.contains(node);

  /** The container as a last resort (dialogs usually have tabindex="-1"; add it if missing). */
  const focusContainer = (): void => {
    if (!container.hasAttribute('tabindex')) {
      container.setAttribute('tabindex', '-1');
      addedTabIndex = true;
    }
    container.focus();
  };

  const focusInside = (): void => {
    const last = lastFocused;
    if (last && contains(last) && isFocusable(last)) last.focus();
    else {
      const first = getTabbables(container)[0];
      if (first) first.focus();
      else focusContainer();
    }
  };

  const entry: StackEntry = {
    contains,
    focusInside,
    inherit: (targets) => returnTargets.push(...targets),
  };

  const onTab = (event: KeyboardEvent): void => {
    if (event.key !== 'Tab' || !isTop() || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Every Tab is moved by hand: the browser's next stop may lie outside (positive tabindex elsewhere).
    event.preventDefault();
    const tabbables = getTabbables(container);
    const current = doc.activeElement;
    const n = tabbables.length;
    if (!n) return focusContainer();
    let index = current instanceof HTMLElement ? tabbables.indexOf(current) : -1;
    if (index === -1 && current && current !== container && contains(current)) {
      // Focus is on something inside that Tab does not stop at (tabindex="-1"): continue from there.
      const after = tabbables.findIndex(
        (el) => current.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      index = (after === -1 ? n : after) - (event.shiftKey ? 0 : 1);
    } else if (index === -1) {
      index = event.shiftKey ? 0 : -1; // from outside or the container itself: first, or last with Shift
    }
    tabbables[(index + (event.shiftKey ? -1 : 1) + n) % n]!.focus();
  };

  const onEscapeKey = (event: KeyboardEvent): void => {
    // Bubble phase: an inner widget (a listbox, a popup) that handled Escape has prevented it.
    if (event.key !== 'Escape' || !isTop() || event.defaultPrevented || event.isComposing) return;
    if (!options.onEscape) return;
    event.preventDefault();
    options.onEscape(event);
  };

  const onFocusIn = (event: FocusEvent): void => {
    if (!isTop()) return;
    const target = event.target;
    if (target instanceof HTMLElement && contains(target)) lastFocused = target;
    else focusInside(); // a click or script moved focus outside: pull it back
  };

  const onFocusOut = (event: FocusEvent): void => {
    if (!isTop() || event.relatedTarget) return;
    // Focus is going nowhere: a click on a non-focusable area, or the window losing focus. Only the
    // first leaves focus on <body> (the active element survives a window blur), so look afterwards.
    clearTimeout(pullBackTimer);
    pullBackTimer = setTimeout(() => {
      const now = doc.activeElement;
      if (active && isTop() && (!now || now === doc.body)) focusInside();
    });
  };

  const listen = (add: boolean): void => {
    const method = add ? doc.addEventListener.bind(doc) : doc.removeEventListener.bind(doc);
    method('keydown', onTab, true);
    method('keydown', onEscapeKey);
    method('focusin', onFocusIn, true);
    method('focusout', onFocusOut, true);
  };

  const resolveInitial = (): HTMLElement | null => {
    const initial = options.initialFocus;
    if (typeof initial === 'string') return container.querySelector<HTMLElement>(initial);
    if (typeof initial === 'function') return initial();
    return initial ?? null;
  };

  return {
    activate() {
      if (active) return;
      active = true;
      const opener = doc.activeElement;
      returnTargets = opener instanceof HTMLElement && opener !== doc.body ? [opener] : [];
      lastFocused = null;
      stack.push(entry); // before moving focus, so the trap beneath does not pull it back
      listen(true);
      const initial = resolveInitial();
      if (initial) initial.focus();
      else if (!contains(doc.activeElement)) focusInside();
    },

    deactivate() {
      if (!active) return;
      active = false;
      listen(false);
      clearTimeout(pullBackTimer);
      if (addedTabIndex) container.removeAttribute('tabindex');
      addedTabIndex = false;
      const index = stack.indexOf(entry);
      const wasTop = index === stack.length - 1;
      stack.splice(index, 1);
      if (!wasTop) {
        // Closed beneath an open trap (e.g. a parent unmounted first): the trap above may have been
        // opened from inside this container, so let it fall back to this trap's openers.
        stack[index]?.inherit(returnTargets);
        return;
      }
      if (options.returnFocus !== false) {
        for (const target of returnTargets) {
          if (!target.isConnected) continue;
          target.focus();
          if (doc.activeElement === target) break;
        }
      }
      const beneath = stack.at(-1);
      if (beneath && !beneath.contains(doc.activeElement)) beneath.focusInside();
    },
  };
}
