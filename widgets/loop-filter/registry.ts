/**
 * What the loop-filter islands of a page share beyond the grid's query (src/listing/store): the
 * props of the mounted ones (the drawer shows every filter of its grid, and a mounted island's
 * container no longer holds its props), and which grids have their drawer open: while it is, the
 * filters in the page are hidden (below 768 px they are anyway), so that each filter is there
 * once, in the dialog.
 */
import type { LoopFilterConfig } from './schema';

export const mounted = new Map<string, LoopFilterConfig>();

/** A mounted filter's props; returns its removal. */
export function registerFilter(config: LoopFilterConfig): () => void {
  mounted.set(config.widgetId, config);
  return () => {
    if (mounted.get(config.widgetId) === config) mounted.delete(config.widgetId);
  };
}

const openDrawers = new Set<string>();
const listeners = new Set<() => void>();

export function setDrawerOpen(gridId: string, open: boolean): void {
  if (openDrawers.has(gridId) === open) return;
  if (open) openDrawers.add(gridId);
  else openDrawers.delete(gridId);
  listeners.forEach((listener) => listener());
}

export function subscribeDrawers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isDrawerOpen = (gridId: string): boolean => openDrawers.has(gridId);
