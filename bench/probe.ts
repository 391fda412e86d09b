/**
 * The in-page probe, installed with `page.addInitScript` before any page script runs.
 *
 * It is plain JavaScript in a string on purpose: tsx compiles with esbuild's keepNames, which wraps named
 * functions in a `__name(…)` helper that does not exist in the page, so TypeScript functions passed to
 * `page.evaluate`/`addInitScript` break as soon as they contain a named inner function. Node calls the
 * probe only through `window.__shopIslandsBench.<method>()` expression strings.
 *
 * The island runtime's contract (ARCHITECTURE.md §3 and the loader): every `[data-island]` container gets
 * `data-island-state` = "pending"/"loading" while waiting, then "mounted" or "failed" (final), and a
 * bubbling `shop-islands:mounted` CustomEvent on mount. Either signal counts as mounted here.
 */

/** What `snapshot()` returns (checked by `isProbeSnapshot`). */
export interface ProbeSnapshot {
  islands: number;
  mounted: number;
  failed: number;
  /** "name (strategy, state)" of each island not yet mounted or failed. */
  pending: string[];
  /** performance.now() of each transition to a final state (ms since navigation start). */
  finalTimes: number[];
  longTasks: { start: number; duration: number }[];
  /** Containers per `data-hydrate` value ("default" when absent). */
  strategies: Record<string, number>;
  now: number;
}

export interface FocusResult {
  /** Interaction islands whose first focusable element got focus. */
  focused: number;
  /** Interaction islands without a focusable element: got a synthetic bubbling `focusin` instead. */
  synthetic: string[];
}

export const PROBE_SCRIPT = String.raw`(() => {
  if (window.__shopIslandsBench) return;
  const FINAL = ['mounted', 'failed'];
  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
    'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
  const longTasks = [];
  const finalTimes = [];
  const mountedByEvent = new WeakSet();

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    console.warn('bench probe: no longtask observer', error);
  }

  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const state = record.target.getAttribute('data-island-state');
      if (FINAL.includes(state) && record.oldValue !== state) finalTimes.push(now);
    }
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-island-state'] });

  document.addEventListener('shop-islands:mounted', (event) => {
    const target = event.target;
    if (target instanceof Element && !mountedByEvent.has(target)) {
      mountedByEvent.add(target);
      finalTimes.push(performance.now());
    }
  }, true);

  const stateOf = (el) => {
    const state = el.getAttribute('data-island-state');
    if (state === 'mounted' || mountedByEvent.has(el)) return 'mounted';
    return state || '';
  };
  const islands = () => Array.from(document.querySelectorAll('[data-island]'));
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

  window.__shopIslandsBench = {
    allFinal: () => islands().every((el) => FINAL.includes(stateOf(el))),
    snapshot: () => {
      const all = islands();
      const strategies = {};
      const pending = [];
      let mounted = 0;
      let failed = 0;
      for (const el of all) {
        const hydrate = el.getAttribute('data-hydrate') || 'default';
        strategies[hydrate] = (strategies[hydrate] || 0) + 1;
        const state = stateOf(el);
        if (state === 'mounted') mounted += 1;
        else if (state === 'failed') failed += 1;
        else pending.push(el.getAttribute('data-island') + ' (' + hydrate + ', ' + (state || 'no state') + ')');
      }
      return { islands: all.length, mounted, failed, pending, finalTimes: finalTimes.slice(),
        longTasks: longTasks.slice(), strategies, now: performance.now() };
    },
    // Scrolls down in steps of 3/4 of the viewport (two frames each, so every IntersectionObserver sees
    // each part of the page), then stays at the bottom.
    scrollToBottom: async () => {
      let y = window.scrollY;
      for (let step = 0; step < 500; step += 1) {
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        if (y >= bottom) break;
        y = Math.min(bottom, y + Math.max(100, Math.round(window.innerHeight * 0.75)));
        window.scrollTo(0, y);
        await frame();
        await frame();
      }
    },
    // Opens what hides a pending island, as a shopper would to reach it: the tab of a closed tab
    // panel (the review form in Reviews); on the checkout, the "Create an account?" box (its
    // password) and the login form ("Click here to login").
    revealHiddenIslands: () => {
      const OPENERS = [
        ['.create-account', 'input#createaccount:not(:checked)'],
        ['form.woocommerce-form-login', 'a.showlogin'],
      ];
      let opened = 0;
      for (const el of islands()) {
        if (FINAL.includes(stateOf(el))) continue;
        const shown = [el, ...Array.from(el.children)].some((node) => node.getClientRects().length > 0);
        if (shown) continue;
        const panel = el.closest('[role="tabpanel"][id]');
        const known = OPENERS.find(([hidden]) => el.closest(hidden));
        const opener = panel
          ? document.querySelector('[role="tab"][aria-controls="' + CSS.escape(panel.id) + '"]')
          : known
            ? document.querySelector(known[1])
            : null;
        if (opener instanceof HTMLElement) {
          opener.click();
          opened += 1;
        }
      }
      return opened;
    },
    focusInteractionIslands: () => {
      const result = { focused: 0, synthetic: [] };
      for (const el of document.querySelectorAll('[data-island][data-hydrate="interaction"]')) {
        if (FINAL.includes(stateOf(el))) continue;
        // The first control a shopper can reach (one hidden at this width cannot take the focus).
        const target = [...el.querySelectorAll(FOCUSABLE)].find((c) => c.getClientRects().length > 0);
        if (target instanceof HTMLElement) {
          target.focus();
          result.focused += 1;
        } else {
          el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          result.synthetic.push(el.getAttribute('data-island'));
        }
      }
      return result;
    },
  };
})();`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isProbeSnapshot(value: unknown): value is ProbeSnapshot {
  return (
    isRecord(value) &&
    typeof value.islands === 'number' &&
    typeof value.mounted === 'number' &&
    typeof value.failed === 'number' &&
    Array.isArray(value.pending) &&
    Array.isArray(value.finalTimes) &&
    Array.isArray(value.longTasks) &&
    isRecord(value.strategies) &&
    typeof value.now === 'number'
  );
}

export function isFocusResult(value: unknown): value is FocusResult {
  return isRecord(value) && typeof value.focused === 'number' && Array.isArray(value.synthetic);
}
