/**
 * The popups' triggers wired to the page (storefront.md §3 "Popup settings": page_load, scrolling,
 * scrolling_to, click, inactivity, exit_intent, adblock_detection; and open_on_click). The rules
 * themselves are model.ts's; here are only listeners and timers, every one of them removed by the
 * function each `arm…` returns. Listeners are passive (open_on_click's excepted: it may have to
 * prevent a link's jump); scroll positions are read once per animation frame.
 *
 * Part of the engine's own chunk (loaded before any popup shows, issue #16's 4 KB goal): one table of
 * small arming functions, sharing `listen`, `after` and `all`.
 */
import { clicksFire, pointerExitIntent, scrollFires, touchExitIntent, type ScrollSample } from './model';
import type { PopupTriggers } from './types';

export type Disarm = () => void;
export type TimingTrigger = Exclude<keyof PopupTriggers, 'open_on_click'>;

export const NOOP: Disarm = () => undefined;

const PASSIVE = { passive: true, capture: true } as const;

/** Adds a listener; returns its removal. */
function listen<K extends keyof DocumentEventMap>(
  target: Document | Window,
  type: K,
  handler: (event: DocumentEventMap[K]) => void,
  options: AddEventListenerOptions | boolean = PASSIVE,
): Disarm {
  target.addEventListener(type, handler as EventListener, options);
  return () => target.removeEventListener(type, handler as EventListener, options);
}

/**
 * setTimeout that can be disarmed. A delay past setTimeout's limit (2^31 − 1 ms, ≈ 24.8 days) would
 * fire at once: such a trigger never fires instead (no page stays open that long).
 */
function after(ms: number, run: () => void): Disarm {
  if (!(ms <= 0x7fffffff)) return () => undefined;
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

/** One removal for several. */
export const all =
  (disarms: Disarm[]): Disarm =>
  () =>
    disarms.forEach((disarm) => disarm());

/**
 * The first element matching `selector` (null when none does), or undefined when the selector is
 * invalid: then the trigger is off, warned about once per selector.
 */
const warned = new Set<string>();
function find(selector: string, what: string): Element | null | undefined {
  try {
    return document.querySelector(selector);
  } catch {
    if (!warned.has(selector))
      console.warn(
        `[shop-islands] popups: the ${what} selector "${selector}" is invalid; that trigger is off.`,
      );
    warned.add(selector);
    return undefined;
  }
}

/** The window's vertical scroll position (and the time), once per animation frame while the page scrolls. */
function onScrollFrame(handler: (y: number, t: number) => void): Disarm {
  let frame = 0;
  const stop = listen(window, 'scroll', () => {
    frame ||= requestAnimationFrame((t) => {
      frame = 0;
      handler(scrollY, t);
    });
  });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}

/** Input that means the shopper is there (inactivity). */
const ACTIVITY = 'pointermove pointerdown keydown scroll touchstart wheel'.split(
  ' ',
) as (keyof DocumentEventMap)[];

type Arm<K extends TimingTrigger> = (
  config: NonNullable<PopupTriggers[K]>,
  fire: () => void,
) => Disarm | undefined;

/** Each timing trigger's arming: `fire` may be called more than once (armTrigger keeps the first). */
const ARM: { [K in TimingTrigger]: Arm<K> } = {
  page_load: ({ delay }, fire) => after(delay * 1000, fire),

  scrolling: (trigger, fire) => {
    let previousY = scrollY;
    return onScrollFrame((y) => {
      if (scrollFires(trigger, y, previousY, document.documentElement.scrollHeight, innerHeight)) fire();
      previousY = y;
    });
  },

  scrolling_to: ({ selector }, fire) => {
    const target = find(selector, 'scrolling_to');
    if (!target || !window.IntersectionObserver) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fire();
    });
    observer.observe(target);
    return () => observer.disconnect();
  },

  click: ({ times }, fire) => {
    let clicks = 0;
    return listen(document, 'click', () => {
      if (clicksFire(times, ++clicks)) fire();
    });
  },

  inactivity: ({ time }, fire) => {
    const idle = time * 1000;
    let last = Date.now();
    let stopTimer = NOOP;
    const wait = (ms: number) => {
      stopTimer = after(ms, () => {
        const quiet = Date.now() - last;
        if (quiet >= idle) fire();
        else wait(idle - quiet);
      });
    };
    const stops = ACTIVITY.map((type) =>
      listen(document, type, () => {
        last = Date.now();
      }),
    );
    wait(idle);
    return all([...stops, () => stopTimer()]);
  },

  // Desktop: the pointer leaves through the top. Touch (a coarse pointer, or a touch screen): a fast flick up.
  exit_intent: (_, fire) => {
    const stops = [
      listen(document, 'mouseout', (event) => {
        if (pointerExitIntent(event)) fire();
      }),
    ];
    if (window.matchMedia?.('(pointer: coarse)').matches || navigator.maxTouchPoints > 0) {
      let samples: ScrollSample[] = [];
      stops.push(
        onScrollFrame((y, t) => {
          samples = [...samples.filter((s) => t - s.t <= 1000), { y, t }];
          if (touchExitIntent(samples)) fire();
        }),
      );
    }
    return all(stops);
  },

  // The bait an ad blocker hides or removes (class names from the common filter lists).
  adblock_detection: ({ delay }, fire) => {
    const el = document.createElement('div');
    el.className = 'adsbox ad-banner ad-unit';
    el.setAttribute('aria-hidden', 'true');
    el.style.cssText = 'position:absolute;left:-9999px;height:1px';
    document.body.append(el);
    const stop = after(delay * 1000, () => {
      // One frame more: the blocker's cosmetic rules apply with the page's next style update.
      requestAnimationFrame(() => {
        // Removed, or hidden by `display: none` (no layout box: no height), or by `visibility: hidden`.
        const blocked = !el.offsetHeight || getComputedStyle(el).visibility === 'hidden';
        el.remove();
        if (blocked) fire();
      });
    });
    return () => {
      stop();
      el.remove();
    };
  },
};

/** Arms one timing trigger; `fire` is called at most once. */
export function armTrigger<K extends TimingTrigger>(
  kind: K,
  config: NonNullable<PopupTriggers[K]>,
  fire: () => void,
): Disarm {
  let done = false;
  // No trigger fires while it is being armed (timers, observers and events come later): `stop` is set.
  const stop = ARM[kind](config, () => {
    if (done) return;
    disarm();
    fire();
  });
  function disarm() {
    done = true;
    stop?.();
  }
  return disarm;
}

/** Arms every timing trigger of a popup (open_on_click aside): `fire` is called per firing trigger. */
export const armTriggers = (triggers: PopupTriggers, fire: () => void): Disarm =>
  all(
    (Object.keys(triggers) as TimingTrigger[])
      .filter((kind) => kind !== ('open_on_click' as string))
      .map((kind) => armTrigger(kind, triggers[kind]!, fire)),
  );

/**
 * Whether a click on `el` should not do what it would by default: a link to this very page (no href,
 * an anchor, `#`), a button that submits no form, any other element that is not in a link. A link
 * elsewhere still goes there; a submit button still submits.
 */
export function isSamePageAction(el: Element): boolean {
  const link = el.closest<HTMLAnchorElement>('a[href]');
  if (!link) return !(el as HTMLButtonElement).form || (el as HTMLButtonElement).type !== 'submit';
  const href = link.getAttribute('href')!;
  // `link.href` is resolved against the document's base: this page, with a fragment?
  return !href || href[0] === '#' || (!!link.hash && link.href.split('#')[0] === location.href.split('#')[0]);
}

/** open_on_click: a click on (or inside) an element matching `selector` calls `open`. */
export const armOpenOnClick = (selector: string, open: () => void): Disarm =>
  find(selector, 'open_on_click') === undefined
    ? NOOP
    : listen(
        document,
        'click',
        (event) => {
          const target = event.target instanceof Element && event.target.closest(selector);
          if (!target) return;
          if (isSamePageAction(target)) event.preventDefault();
          open();
        },
        false,
      );
