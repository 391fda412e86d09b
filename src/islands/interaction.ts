import { locatorOf, resolve, type Locator } from './locate';

/**
 * The `interaction` strategy: the first pointerdown, keydown or focusin inside the container starts
 * the import. Clicks made while the island loads are held (their default action would act on the
 * fallback) and replayed on the mounted markup, so the shopper's first click is never lost. If the
 * island fails, they are replayed on the fallback instead, which then works as the server made it.
 */
export interface HeldInteraction {
  /** Replays held input: on the mounted island (`container`), or on the fallback (`null`). */
  release(mounted: HTMLElement | null): void;
}

const TRIGGERS = ['pointerdown', 'keydown', 'focusin'] as const;

export function onInteraction(container: HTMLElement, go: (held: HeldInteraction) => void): () => void {
  let first: Event | null = null;
  let firstAt: Locator | null = null;
  const clicks: { target: Element; at: Locator | null }[] = [];

  const untrigger = () => TRIGGERS.forEach((type) => container.removeEventListener(type, trigger, true));
  const trigger = (event: Event) => {
    if (first) return;
    first = event;
    firstAt = event.target instanceof Element ? locatorOf(event.target, container) : null;
    untrigger();
    go({ release });
  };
  const hold = (event: Event) => {
    if (!first || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.push({ target: event.target, at: locatorOf(event.target, container) });
  };
  const stop = () => {
    untrigger();
    container.removeEventListener('click', hold, true);
  };

  function release(mounted: HTMLElement | null): void {
    stop();
    for (const click of clicks) {
      const target = mounted ? click.at && resolve(click.at, mounted) : click.target;
      if (target instanceof HTMLElement && target.isConnected) target.click();
    }
    // A key pressed before the mount that did not turn into a click (arrows, Escape…) is sent again.
    if (mounted && clicks.length === 0 && first instanceof KeyboardEvent && firstAt) {
      // The event itself serves as the init dictionary: key, code, modifiers and bubbles are read from it.
      resolve(firstAt, mounted)?.dispatchEvent(new KeyboardEvent('keydown', first));
    }
  }

  TRIGGERS.forEach((type) => container.addEventListener(type, trigger, { capture: true, passive: true }));
  container.addEventListener('click', hold, true);
  return stop;
}
