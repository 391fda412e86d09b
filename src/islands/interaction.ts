import { locatorOf, resolve, type Locator } from './locate';

/**
 * The `interaction` strategy: the first pointerdown, keydown or focusin inside the container starts
 * the import. Clicks made while the island loads are held (their default action would act on the
 * fallback) and replayed on the mounted markup, so the shopper's first click is never lost. If the
 * island fails, they are replayed on the fallback instead, which then works as the server made it.
 *
 * The fallback is not swapped in the middle of a press (a pointer button or a key held down inside
 * the container): the browser sends no click when the element pressed is gone by the time it is let
 * go (a mouse press, Space on a button), so that click would be neither held nor made.
 */
export interface HeldInteraction {
  /** Settles a task after the last press begun inside the container ended: the mount waits for it. */
  pressed?: Promise<unknown>;
  /** Replays held input: on the mounted island (`container`), or on the fallback (`null`). */
  release(mounted: HTMLElement | null): void;
}

const TRIGGERS = ['pointerdown', 'keydown', 'focusin'] as const;
/**
 * What ends a press: a pointer let go (or taken by the browser, to scroll…), a key let go. Listened
 * to on the window (the pointer can be let go outside the container), in the capture phase (a page
 * script stopping them cannot keep the island from mounting), once each: the two that did not end a
 * press go the next time they happen, doing nothing (the press's promise is settled already).
 */
const ENDS = ['pointerup', 'pointercancel', 'keyup'] as const;

export function onInteraction(container: HTMLElement, go: (held: HeldInteraction) => void): () => void {
  let first: Event | null = null;
  let firstAt: Locator | null = null;
  const clicks: { target: Element; at: Locator | null }[] = [];
  const held: HeldInteraction = { release };

  const input = (event: Event) => {
    if (event.type !== 'focusin') {
      // The press's click comes in the same task as its pointerup or keyup: it is held first.
      held.pressed = new Promise((done) =>
        ENDS.forEach((type) => addEventListener(type, () => setTimeout(done), { capture: true, once: true })),
      );
    }
    if (first) return;
    first = event;
    firstAt = locatorOf(event.target as Element, container);
    go(held);
  };
  const hold = (event: Event) => {
    if (!first || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.push({ target: event.target, at: locatorOf(event.target, container) });
  };
  const stop = () => {
    TRIGGERS.forEach((type) => container.removeEventListener(type, input, true));
    container.removeEventListener('click', hold, true);
  };

  function release(mounted: HTMLElement | null): void {
    stop();
    for (const click of clicks) {
      const target = mounted ? click.at && resolve(click.at, mounted) : click.target;
      if (target instanceof HTMLElement && target.isConnected) target.click();
    }
    // A key pressed before the mount that did not turn into a click (arrows, Escape…) is sent again.
    if (mounted && !clicks.length && first instanceof KeyboardEvent && firstAt) {
      // The event itself serves as the init dictionary: key, code, modifiers and bubbles are read from it.
      resolve(firstAt, mounted)?.dispatchEvent(new KeyboardEvent('keydown', first));
    }
  }

  TRIGGERS.forEach((type) => container.addEventListener(type, input, true));
  container.addEventListener('click', hold, true);
  return stop;
}
