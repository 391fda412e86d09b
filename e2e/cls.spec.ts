/**
 * Mounting replaces the fallback with markup of the same size and place (ARCHITECTURE.md §3):
 * the cumulative layout shift while a page loads and its islands mount is exactly 0.
 */
import type { Page } from '@playwright/test';
import { PAGES, expect, test, visit, waitForIslands } from './fixtures';

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/** Runs in the page before any of its scripts: records every layout shift not caused by input. */
function observeLayoutShifts() {
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  const describeNode = (node: Node | null | undefined): string => {
    if (!node) return '(removed node)';
    if (!(node instanceof Element)) return node.nodeName;
    const island = node.closest('[data-island]')?.getAttribute('data-island');
    const classes = node.classList.length ? `.${Array.from(node.classList).join('.')}` : '';
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}${island ? ` (in island ${island})` : ''}`;
  };
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const shifts: Shift[] = [];
  window.__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        sources: (entry.sources ?? []).map(
          (s) => `${describeNode(s.node)}: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const shiftsOf = (page: Page) => page.evaluate(() => window.__layoutShifts ?? []);

for (const path of PAGES) {
  test(`${path}: CLS is 0 while the page loads and its islands mount`, async ({ page }) => {
    await page.addInitScript(observeLayoutShifts);
    await visit(page, path);
    await waitForIslands(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const shifts = await shiftsOf(page);
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(
      cls,
      `layout shifts:\n${shifts.map((s) => `  ${s.value.toFixed(5)}\n    ${s.sources.join('\n    ')}`).join('\n')}`,
    ).toBe(0);
  });
}

test('/checkout/: CLS stays 0 when the interaction island mounts on focus', async ({ page }) => {
  await page.addInitScript(observeLayoutShifts);
  await visit(page, '/checkout/');
  await waitForIslands(page);
  // The account password waits in the box "Create an account?" opens: the shopper opens it (a shift
  // caused by input does not count).
  await page.getByLabel('Create an account?').check();
  await expect(page.getByLabel(/^Create account password/)).toBeVisible();
  // Its 400 ms reveal moves what follows; the browser counts that as input-caused for 500 ms only,
  // which a busy machine can outlast. Measured from here: the mount on focus alone.
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
    window.__layoutShifts?.splice(0);
  });
  // Focusing from script is not "recent input": a shift here would count.
  await waitForIslands(page, { interact: true });
  const shifts = await shiftsOf(page);
  expect(
    shifts.reduce((sum, s) => sum + s.value, 0),
    JSON.stringify(shifts, null, 2),
  ).toBe(0);
});
