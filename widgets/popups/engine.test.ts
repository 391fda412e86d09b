/**
 * The popups engine over a page (jsdom, fake timers): page views counted, the cheap timing rules
 * checked before arming and all of them when a trigger fires (rules.ts fetched then), the dialog's
 * code imported only then (a failed import shows nothing), shows and "do not show again" recorded, blocked or hostile storage tolerated, everything
 * removed on stop. The dialog itself is a stand-in here (PopupDialog.test.tsx tests the real one).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogModule } from './engine';
import { startPopups } from './engine';
import popupsIsland from './island';
import { STORAGE_KEY } from './model';
import type { PopupConfig, PopupsProps } from './types';

const GUEST: PopupsProps['user'] = { logged_in: false, roles: [] };

const popup = (
  id: number,
  triggers: PopupConfig['triggers'],
  extra: Partial<PopupConfig> = {},
): PopupConfig => ({
  id,
  title: `Popup ${id}`,
  timing: {},
  triggers,
  display: {},
  ...extra,
});

function container(popups: PopupConfig[]): HTMLElement {
  const el = document.createElement('div');
  el.hidden = true;
  el.innerHTML = popups
    .map((p) => `<template data-popup-id="${p.id}"><p>Content ${p.id}</p></template>`)
    .join('');
  document.body.append(el);
  return el;
}

/** A stand-in dialog module: records what is shown; `close(id)` closes one as the shopper would. */
function fakeDialog() {
  const shown: { id: number; html: string; onClose: (reason: string) => void; removed: boolean }[] = [];
  const module: DialogModule = {
    showPopup: ({ id, html, onClose }) => {
      const entry = { id, html, onClose, removed: false };
      shown.push(entry);
      return () => void (entry.removed = true);
    },
  };
  const importDialog = vi.fn(() => Promise.resolve(module));
  const close = (id: number) => shown.find((s) => s.id === id)!.onClose('button');
  return { shown, importDialog, close };
}

function start(popups: PopupConfig[], user: PopupsProps['user'] = GUEST) {
  const dialog = fakeDialog();
  const stop = startPopups(container(popups), { popups, user } satisfies PopupsProps, {
    importDialog: dialog.importDialog,
  });
  return { ...dialog, stop };
}

const memory = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
/** Lets the import's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('popups engine', () => {
  it('counts the page view and shows a page_load popup after its delay, importing the dialog only then', async () => {
    const { shown, importDialog } = start([popup(1, { page_load: { delay: 2 } })]);
    expect(memory().pageViews).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(importDialog).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(shown.map((s) => [s.id, s.html])).toEqual([[1, '<p>Content 1</p>']]);
    expect(memory().popups['1'].shown).toHaveLength(1);
  });

  it('does not arm a popup whose timing fails (page_views)', async () => {
    const { importDialog } = start([popup(1, { page_load: { delay: 0 } }, { timing: { page_views: 2 } })]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(importDialog).not.toHaveBeenCalled();
  });

  it('hides from logged-in users when told to', async () => {
    const { importDialog } = start(
      [popup(1, { page_load: { delay: 0 } }, { timing: { logged_in: { users: 'all', roles: [] } } })],
      { logged_in: true, roles: ['customer'] },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(importDialog).not.toHaveBeenCalled();
  });

  it('a popup that a lazy rule (devices) excludes: its trigger fires, the rules are fetched, nothing shows', async () => {
    // jsdom's window is 1024 px wide: a tablet.
    const { shown, importDialog } = start([
      popup(1, { page_load: { delay: 1 } }, { timing: { devices: ['mobile'] } }),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.dynamicImportSettled();
    await settle();
    expect(importDialog).not.toHaveBeenCalled();
    expect(shown).toHaveLength(0);
    expect(memory().popups['1']).toBeUndefined();
  });

  it('a popup that its lazy rules allow shows once they are fetched', async () => {
    const { shown } = start([
      popup(1, { page_load: { delay: 1 } }, { timing: { devices: ['tablet'], browsers: [] } }),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.dynamicImportSettled();
    await settle();
    expect(shown.map((s) => s.id)).toEqual([1]);
  });

  it('times: 1 per session shows once, not on the next page view of the session', async () => {
    const config = popup(
      1,
      { page_load: { delay: 0 } },
      { timing: { times: { count: 1, period: 'session' } } },
    );
    const first = start([config]);
    await settle();
    expect(first.shown).toHaveLength(1);
    first.stop();
    const second = start([config]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(second.shown).toHaveLength(0);
  });

  it('do_not_show_again: closing records it, and it never shows again by a timing trigger', async () => {
    const config = popup(1, { page_load: { delay: 0 } }, { display: { do_not_show_again: true } });
    const first = start([config]);
    await settle();
    first.close(1);
    expect(memory().popups['1'].never).toBe(true);
    first.stop();
    const second = start([config]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(second.shown).toHaveLength(0);
  });

  it('a popup shows once per page, whichever trigger fires', async () => {
    const { shown } = start([popup(1, { page_load: { delay: 0 }, click: { times: 1 } })]);
    await settle();
    document.body.click();
    await settle();
    expect(shown).toHaveLength(1);
  });

  it('avoid_multiple_popups: does not open while another popup is open', async () => {
    const { shown, close } = start([
      popup(1, { page_load: { delay: 0 } }),
      popup(
        2,
        { page_load: { delay: 1 }, click: { times: 1 } },
        { display: { avoid_multiple_popups: true } },
      ),
    ]);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown.map((s) => s.id)).toEqual([1]);
    close(1);
    document.body.click(); // another of its triggers
    await settle();
    expect(shown.map((s) => s.id)).toEqual([1, 2]);
  });

  it('open_on_click bypasses timing, opens at every click, and prevents a same-page link’s jump', async () => {
    const link = document.body.appendChild(
      Object.assign(document.createElement('a'), { href: '#tips', id: 'tips-link' }),
    );
    const { shown, close } = start([
      popup(1, { open_on_click: { selector: '#tips-link' } }, { timing: { page_views: 99 } }),
    ]);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    await settle();
    expect(event.defaultPrevented).toBe(true);
    expect(shown).toHaveLength(1);
    close(1);
    link.click();
    await settle();
    expect(shown).toHaveLength(2);
  });

  it('a dialog that cannot load shows nothing and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startPopups(
      container([popup(1, { page_load: { delay: 0 } })]),
      {
        popups: [popup(1, { page_load: { delay: 0 } })],
        user: GUEST,
      },
      { importDialog: () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    await settle();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('popup 1 could not be shown'),
      expect.any(TypeError),
    );
    expect(memory().popups['1']).toBeUndefined();
    stop();
  });

  it('works without storage (blocked): counts only this page', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { shown } = start([
      popup(1, { page_load: { delay: 0 } }, { timing: { times: { count: 1, period: 'day' } } }),
    ]);
    await settle();
    expect(shown).toHaveLength(1);
    getItem.mockRestore();
    setItem.mockRestore();
  });

  it('hostile storage is treated as empty', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      '{"pageViews":"lots","popups":{"__proto__":{"never":true},"1":{"never":"yes"}}',
    );
    const { shown } = start([popup(1, { page_load: { delay: 0 } })]);
    await settle();
    expect(shown).toHaveLength(1);
  });

  it('stop removes every trigger and open popup', async () => {
    const { shown, stop, importDialog } = start([
      popup(1, { page_load: { delay: 0 } }),
      popup(2, { page_load: { delay: 5 }, click: { times: 1 }, inactivity: { time: 1 } }),
    ]);
    await settle();
    stop();
    expect(shown[0]!.removed).toBe(true);
    document.body.click();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(importDialog).toHaveBeenCalledTimes(1);
  });
});

describe('popups island', () => {
  it('refuses invalid props (nothing armed)', () => {
    const el = container([]);
    const result = popupsIsland.mount(el, { popups: [{ id: -1 }], user: GUEST }, {} as never);
    expect(result).toMatchObject({ ok: false, field: expect.stringContaining('popups[0]') });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('mounts with valid props and unmounts', () => {
    const el = container([]);
    const result = popupsIsland.mount(el, { popups: [], user: GUEST }, {} as never);
    expect(result).toMatchObject({ ok: true });
    if ('unmount' in result) result.unmount();
  });
});
