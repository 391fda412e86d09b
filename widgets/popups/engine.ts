/**
 * The popups engine (storefront.md §3 "Popup settings", §4 "Popups"): no React, no zod. At page load
 * it counts the page view (and the session) in localStorage, then arms the triggers of every popup
 * whose cheap timing rules pass (model.ts `armRule`: never, page_views, sessions, logged_in, times).
 * When one fires, the timing is checked again (another popup may have opened, another tab may have
 * shown it), with the other rules too (url, sources, devices, browsers, schedule: rules.ts, a lazy
 * chunk fetched then, only for a popup that has one of them); then the dialog's code is imported (its
 * own lazy chunk, fetched only now) and the popup shows; the show is recorded. Storage that is
 * blocked or malformed is no error: the popups work with this page's counts only.
 *
 * Why rules.ts waits for a trigger (issue #16: ≤ 4 KB gzip loaded for popups before one shows): the
 * referrer, device, browser and schedule rules are half the rules' code, and most popups have none of
 * them. The trade-off: the triggers of a popup that those rules exclude are armed (an ad-block bait
 * put in, a listener added) and, when one fires, rules.ts is fetched for a popup that then does not
 * show (no dialog code is fetched for it).
 *
 * Listeners are triggers.ts's. Every listener, timer and open popup goes with the returned `stop`
 * (the island unmounting).
 */
import {
  armRule,
  hasLazyRule,
  mayOpen,
  readMemory,
  recordNever,
  recordShown,
  startPageView,
  STORAGE_KEY,
  touch,
  writeMemory,
  type PopupMemory,
} from './model';
import { all, armOpenOnClick, armTriggers, NOOP, type Disarm } from './triggers';
import type { PopupConfig, PopupsProps } from './types';

/** What the lazy chunk (PopupDialog.tsx) gives the engine. */
export interface DialogModule {
  showPopup(options: {
    id: number;
    title: string;
    display: PopupConfig['display'];
    /** The popup's `<template>` content, as the server printed it. */
    html: string;
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

export function startPopups(
  container: HTMLElement,
  { popups, user }: PopupsProps,
  { stylesheet, importDialog = () => import('./PopupDialog') }: EngineOptions = {},
): Disarm {
  const loadedAt = Date.now();
  /** The stored memory (what another tab recorded counts too), or `memory` when storage cannot be read. */
  const load = (): PopupMemory => {
    try {
      return readMemory(localStorage.getItem(STORAGE_KEY));
    } catch {
      return memory;
    }
  };
  const update = (change: (stored: PopupMemory) => PopupMemory) => {
    memory = change(load());
    try {
      localStorage.setItem(STORAGE_KEY, writeMemory(memory));
    } catch {
      // Blocked or full: this page's counts are kept in memory only.
    }
  };
  let memory = readMemory(null);
  update((stored) => startPageView(stored, loadedAt));

  /** Popups on screen (id → remove), and those whose code is on its way (id → NOOP). */
  const open = new Map<number, Disarm>();
  const disarms: Disarm[] = [];
  let stopped = false;

  /** Whether the popup's timing allows it now, all of it (fetching rules.ts if the popup has one of its rules). */
  const timingAllows = async (popup: PopupConfig): Promise<boolean> => {
    memory = load();
    return (
      !armRule(popup, memory, Date.now(), user) &&
      (!hasLazyRule(popup.timing) || (await import('./rules')).allowsNow(popup.timing, user, loadedAt))
    );
  };

  /** Shows `popup` if it may open now (and, for a timing trigger, if its timing still allows it). */
  async function show(popup: PopupConfig, timed: boolean): Promise<boolean> {
    const { id, display } = popup;
    if (stopped || !mayOpen(popup, open)) return false;
    // On its way: it does not start twice, and an avoid_multiple_popups popup waits as for one on screen.
    open.set(id, NOOP);
    let remove: Disarm | undefined;
    try {
      if (!timed || (await timingAllows(popup))) {
        const { showPopup } = await importDialog();
        open.delete(id);
        if (!stopped && mayOpen(popup, open))
          remove = showPopup({
            ...popup,
            html: container.querySelector(`template[data-popup-id="${id}"]`)?.innerHTML ?? '',
            stylesheet,
            onClose: () => {
              open.delete(id);
              if (display.do_not_show_again) update((stored) => recordNever(stored, id));
            },
          });
      }
    } catch (error) {
      console.warn(`[shop-islands] popups: popup ${id} could not be shown.`, error);
    }
    open.delete(id);
    if (!remove) return false;
    open.set(id, remove);
    const now = Date.now();
    update((stored) => recordShown(touch(stored, now), id, now));
    return true;
  }

  for (const popup of popups) {
    const { triggers } = popup;
    // Not a timing trigger: the shopper asked for it, every time they click.
    if (triggers.open_on_click)
      disarms.push(armOpenOnClick(triggers.open_on_click.selector, () => void show(popup, false)));
    if (armRule(popup, memory, loadedAt, user)) continue;
    // Each trigger fires once; the popup shows once per page, whichever trigger shows it.
    const disarm = armTriggers(triggers, () => void show(popup, true).then((shown) => shown && disarm()));
    disarms.push(disarm);
  }

  return () => {
    stopped = true;
    all(disarms)();
    open.forEach((remove) => remove());
    open.clear();
  };
}
