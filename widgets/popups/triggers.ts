/**
 * The popups' triggers wired to the page (storefront.md §3 "Popup settings": page_load, scrolling,
 * scrolling_to, click, inactivity, exit_intent, adblock_detection; and open_on_click). The rules
 * themselves are model.ts's; here are only listeners and timers, every one of them removed by the
 * function each `arm…` returns. Listeners are passive (open_on_click's excepted: it may have to
 * prevent a link's jump); scroll positions are read once per animation frame.
 */
import { clicksFire, pointerExitIntent, scrollFires, touchExitIntent, type ScrollSample } from './model';
import type { PopupTriggers } from './types';

export type Disarm = () => void;
export type TimingTrigger = Exclude<keyof PopupTriggers, 'open_on_click'>;

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

/** setTimeout that can be disarmed. */
function after(ms: number, run: () => void): Disarm {
  const timer = setTimeout(run, Math.max(0, ms));
  return () => clearTimeout(timer);
}

/** A selector the page's DOM accepts, or null (then warned about, once per selector). */
const warned = new Set<string>();
export function validSelector(selector: string, what: string): string | null {
  try {
    document.createDocumentFragment().querySelector(selector);
    return selector;
  } catch {
    if (!warned.has(selector)) {
      warned.add(selector);
      console.warn(
        `[shop-islands] popups: the ${what} selector "${selector}" is invalid; that trigger is off.`,
      );
    }
    return null;
  }
}

/**
 * The window's vertical scroll position, once per animation frame while the page scrolls (first
 * with its position when armed, when `initial`).
 */
function onScrollFrame(handler: (y: number, t: number) => void): Disarm {
  let frame = 0;
  const read = () => {
    frame = 0;
    handler(window.scrollY, performance.now());
  };
  const stop = listen(window, 'scroll', () => {
    frame ||= requestAnimationFrame(read);
  });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}

/** Whether the shopper may use touch (a coarse pointer, or a touch screen). */
const isTouch = (): boolean =>
  !!window.matchMedia?.('(pointer: coarse)').matches || navigator.maxTouchPoints > 0;

/** Input that means the shopper is there (inactivity). */
const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** The bait an ad blocker hides or removes (class names from the common filter lists). */
function bait(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'adsbox ad-banner ad-unit';
  el.setAttribute('aria-hidden', 'true');
  el.style.cssText = 'position:absolute;left:-9999px;top:0;width:1px;height:1px;pointer-events:none';
  el.innerHTML = '&nbsp;';
  document.body.append(el);
  return el;
}

const blocked = (el: HTMLElement): boolean => {
  if (!el.isConnected || el.offsetHeight === 0) return true;
  const style = getComputedStyle(el);
  return style.display === 'none' || style.visibility === 'hidden';
};

/** Arms one timing trigger; `fire` is called at most once. */
export function armTrigger<K extends TimingTrigger>(
  kind: K,
  config: NonNullable<PopupTriggers[K]>,
  fire: () => void,
): Disarm {
  let disarm: Disarm = () => undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    disarm();
    fire();
  };
  const c = config as NonNullable<PopupTriggers[TimingTrigger]>;
  switch (kind) {
    case 'page_load':
      disarm = after((c as { delay: number }).delay * 1000, once);
      break;
    case 'scrolling': {
      const trigger = c as NonNullable<PopupTriggers['scrolling']>;
      let previousY = window.scrollY;
      disarm = onScrollFrame((y) => {
        const fires = scrollFires(trigger, {
          y,
          previousY,
          scrollHeight: document.documentElement.scrollHeight,
          viewportHeight: window.innerHeight,
        });
        previousY = y;
        if (fires) once();
      });
      break;
    }
    case 'scrolling_to': {
      const selector = validSelector((c as { selector: string }).selector, 'scrolling_to');
      const target = selector ? document.querySelector(selector) : null;
      if (!target || typeof IntersectionObserver !== 'function') break;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) once();
      });
      observer.observe(target);
      disarm = () => observer.disconnect();
      break;
    }
    case 'click': {
      let clicks = 0;
      const times = (c as { times: number }).times;
      disarm = listen(document, 'click', () => {
        clicks += 1;
        if (clicksFire(times, clicks)) once();
      });
      break;
    }
    case 'inactivity': {
      const idle = (c as { time: number }).time * 1000;
      let last = Date.now();
      let stopTimer: Disarm = () => undefined;
      const wait = (ms: number) => {
        stopTimer = after(ms, () => {
          const quiet = Date.now() - last;
          if (quiet >= idle) once();
          else wait(idle - quiet);
        });
      };
      const seen = () => {
        last = Date.now();
      };
      const stops = ACTIVITY.map((type) => listen(document, type, seen));
      wait(idle);
      disarm = () => {
        stopTimer();
        stops.forEach((stop) => stop());
      };
      break;
    }
    case 'exit_intent': {
      const stops = [
        listen(document, 'mouseout', (event) => {
          if (pointerExitIntent({ clientY: event.clientY, toElementIsNull: event.relatedTarget === null }))
            once();
        }),
      ];
      if (isTouch()) {
        let samples: ScrollSample[] = [];
        stops.push(
          onScrollFrame((y, t) => {
            samples = [...samples.filter((s) => t - s.t <= 1000), { y, t }];
            if (touchExitIntent(samples)) once();
          }),
        );
      }
      disarm = () => stops.forEach((stop) => stop());
      break;
    }
    case 'adblock_detection': {
      const el = bait();
      const stop = after((c as { delay: number }).delay * 1000, () => {
        // One frame more: the blocker's cosmetic rules apply with the page's next style update.
        requestAnimationFrame(() => {
          const isBlocked = blocked(el);
          el.remove();
          if (isBlocked) once();
        });
      });
      disarm = () => {
        stop();
        el.remove();
      };
      break;
    }
  }
  return () => {
    done = true;
    disarm();
  };
}

/** Arms every timing trigger of a popup (open_on_click aside): `fire` is called per firing trigger. */
export function armTriggers(triggers: PopupTriggers, fire: (kind: TimingTrigger) => void): Disarm {
  const disarms = (Object.keys(triggers) as (keyof PopupTriggers)[])
    .filter((kind): kind is TimingTrigger => kind !== 'open_on_click' && !!triggers[kind])
    .map((kind) => armTrigger(kind, triggers[kind]!, () => fire(kind)));
  return () => disarms.forEach((disarm) => disarm());
}

/**
 * Whether a click on `el` should not do what it would by default: a button that submits nothing,
 * or a link to this very page (an anchor, `#`). A link elsewhere still goes there; a submit button
 * still submits.
 */
export function isSamePageAction(el: Element): boolean {
  if (el instanceof HTMLButtonElement) return el.type !== 'submit' || !el.form;
  if (el instanceof HTMLAnchorElement) {
    const href = el.getAttribute('href');
    if (href === null || href === '' || href.startsWith('#')) return true;
    try {
      const url = new URL(href, document.baseURI);
      return (
        url.origin === location.origin &&
        url.pathname === location.pathname &&
        url.search === location.search &&
        url.hash !== ''
      );
    } catch {
      return false;
    }
  }
  return !(el instanceof HTMLInputElement && el.type === 'submit') && !el.closest('a[href]');
}

/** open_on_click: a click on (or inside) an element matching `selector` calls `open`. */
export function armOpenOnClick(selector: string, open: () => void): Disarm {
  const valid = validSelector(selector, 'open_on_click');
  if (!valid) return () => undefined;
  return listen(
    document,
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(valid) : null;
      if (!target) return;
      if (isSamePageAction(target)) event.preventDefault();
      open();
    },
    false,
  );
}
