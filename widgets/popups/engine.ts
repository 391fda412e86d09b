/**
 * The popups engine (storefront.md §3 "Popup settings", §4 "Popups"): no React, no zod. At page load
 * it counts the page view (and the session) in localStorage, then arms the triggers of every popup
 * whose timing conditions pass. When one fires, the conditions are checked again (another popup may
 * have opened, another tab may have shown it), the dialog's code is imported (its own lazy chunk,
 * fetched only now) and the popup shows; the show is recorded. Storage that is blocked or malformed
 * is no error: the popups work with this page's counts only.
 *
 * Rules are model.ts's (pure), listeners triggers.ts's. Every listener, timer and open popup goes
 * with the returned `stop` (the island unmounting).
 */
import {
  autoCloseAt,
  closeButtonAt,
  clockSkewMs,
  FOCUS_DELAY_MS,
  mayOpen,
  readMemory,
  recordNever,
  recordShown,
  startPageView,
  STORAGE_KEY,
  timingVerdict,
  touch,
  writeMemory,
  type PopupMemory,
  type Visit,
} from './model';
import { armOpenOnClick, armTriggers, type Disarm } from './triggers';
import type { PopupConfig, PopupsProps } from './types';

/** What the lazy chunk (PopupDialog.tsx) gives the engine. */
export interface DialogModule {
  showPopup(options: {
    id: number;
    title: string;
    display: PopupConfig['display'];
    html: string;
    rules: { focusDelay: number; closeButtonAt: typeof closeButtonAt; autoCloseAt: typeof autoCloseAt };
    stylesheet?: string;
    onClose: (reason: string) => void;
  }): () => void;
}

export interface EngineOptions {
  /** The popups stylesheet URL (the server links it; a popup links it if not). */
  stylesheet?: string;
  /** Imports the dialog's chunk (tests and stories hand in their own). */
  importDialog?: () => Promise<DialogModule>;
}

/** The stored memory, or null when storage cannot be read (blocked, disabled). */
function load(): PopupMemory | null {
  try {
    return readMemory(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function save(memory: PopupMemory): void {
  try {
    localStorage.setItem(STORAGE_KEY, writeMemory(memory));
  } catch {
    // Blocked or full: this page's counts are kept in memory only.
  }
}

const RULES = { focusDelay: FOCUS_DELAY_MS, closeButtonAt, autoCloseAt };

const warn = (message: string, error?: unknown) =>
  console.warn(`[shop-islands] popups: ${message}`, ...(error === undefined ? [] : [error]));

export function startPopups(
  container: HTMLElement,
  props: PopupsProps,
  options: EngineOptions = {},
): () => void {
  const importDialog = options.importDialog ?? (() => import('./PopupDialog'));
  const loadedAt = Date.now();
  let memory = startPageView(load() ?? readMemory(null), loadedAt);
  save(memory);

  const html = new Map<string, string>();
  container.querySelectorAll('template[data-popup-id]').forEach((template) => {
    html.set(template.getAttribute('data-popup-id')!, template.innerHTML);
  });

  /** Popups on screen (id → remove), and those whose code is on its way. */
  const open = new Map<number, () => void>();
  const pending = new Set<number>();
  const disarms: Disarm[] = [];
  let stopped = false;

  const visit = (popup: PopupConfig): Visit => {
    const schedule = popup.timing.schedule;
    return {
      now: Date.now(),
      referrer: document.referrer,
      origin: location.origin,
      viewportWidth: window.innerWidth,
      userAgent: navigator.userAgent,
      user: props.user,
      visitorOffsetMinutes: new Date().getTimezoneOffset(),
      clockSkewMs: schedule
        ? clockSkewMs(schedule.server_datetime, schedule.site_utc_offset_minutes, loadedAt)
        : 0,
    };
  };
  const busy = () => [...open.keys(), ...pending];

  /** Shows `popup` if it may open now (and, for a timing trigger, if its timing still allows it). */
  async function show(popup: PopupConfig, timed: boolean): Promise<boolean> {
    const { id, display } = popup;
    if (stopped || pending.has(id) || !mayOpen(popup, busy())) return false;
    // What another tab recorded meanwhile counts too.
    memory = load() ?? memory;
    if (timed && !timingVerdict(popup, memory, visit(popup)).show) return false;
    pending.add(id);
    let dialog: DialogModule;
    try {
      dialog = await importDialog();
    } catch (error) {
      warn(`popup ${id} could not be shown: its code did not load.`, error);
      return false;
    } finally {
      pending.delete(id);
    }
    if (stopped || !mayOpen(popup, busy())) return false;
    try {
      open.set(
        id,
        dialog.showPopup({
          id,
          title: popup.title,
          display,
          html: html.get(String(id)) ?? '',
          rules: RULES,
          stylesheet: options.stylesheet,
          onClose: () => {
            open.delete(id);
            if (!display.do_not_show_again) return;
            memory = recordNever(load() ?? memory, id);
            save(memory);
          },
        }),
      );
    } catch (error) {
      warn(`popup ${id} could not be shown.`, error);
      return false;
    }
    const now = Date.now();
    memory = recordShown(touch(load() ?? memory, now), id, now);
    save(memory);
    return true;
  }

  for (const popup of props.popups) {
    const { triggers } = popup;
    // Not a timing trigger: the shopper asked for it, every time they click.
    if (triggers.open_on_click) {
      disarms.push(armOpenOnClick(triggers.open_on_click.selector, () => void show(popup, false)));
    }
    if (!timingVerdict(popup, memory, visit(popup)).show) continue;
    // Each trigger fires once; the popup shows once per page, whichever trigger shows it.
    const disarm = armTriggers(triggers, () => {
      void show(popup, true).then((shown) => shown && disarm());
    });
    disarms.push(disarm);
  }

  return () => {
    stopped = true;
    disarms.forEach((disarm) => disarm());
    open.forEach((remove) => remove());
    open.clear();
  };
}
