/**
 * The mobile filter drawer's dialog (storefront.md §2.10), fetched when it first opens: every loop
 * filter of the page over the same grid, in page order, in a modal dialog (src/ui/ModalDialog:
 * focus kept inside, Escape, close button and backdrop close it, the focus goes back to the
 * 'Filters' button), and 'Show results' at its foot, which closes it too.
 *
 * Each filter is its own island; below 768 px they are hidden in the page (loop-filter.css). Those
 * not mounted (an island waiting to be seen never is, hidden) are read from their containers'
 * props, parsed with the same schema; mounted ones said theirs (./registry).
 */
import { useState, type ComponentType } from 'react';
import { ModalDialog } from '../../src/ui/ModalDialog';
import { mounted } from './registry';
import { LoopFilterPropsSchema, type LoopFilterConfig } from './schema';

/** A loop-filter container's props: its mounted filter's, else its own (script or `data-props`). */
function configOf(container: Element): LoopFilterConfig | null {
  const id = container.querySelector<HTMLElement>('.e-loop-filter[data-id]')?.dataset.id;
  const known = id ? mounted.get(id) : undefined;
  if (known) return known;
  const script = container.querySelector(':scope > script[data-island-props]');
  const source = script ? script.textContent : container.getAttribute('data-props');
  if (!source) return null;
  try {
    const parsed = LoopFilterPropsSchema.safeParse(JSON.parse(source));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The filters of grid `gridId`: the page's loop-filter containers in order, then mounted ones not among them. */
export function drawerFilters(gridId: string): LoopFilterConfig[] {
  const found = new Map<string, LoopFilterConfig>();
  const add = (config: LoopFilterConfig | null) => {
    if (config?.targetWidgetId === gridId && !found.has(config.widgetId)) found.set(config.widgetId, config);
  };
  document.querySelectorAll('[data-island="loop-filter"]').forEach((container) => add(configOf(container)));
  mounted.forEach(add);
  return [...found.values()];
}

export interface DrawerProps {
  /** The filter carrying the drawer's button (its texts, its grid). */
  config: LoopFilterConfig;
  onClose: () => void;
  /** How a filter is drawn (the page's own filter bar). */
  Bar: ComponentType<{ config: LoopFilterConfig; idPrefix: string }>;
}

export function Drawer({ config, onClose, Bar }: DrawerProps) {
  const [filters] = useState(() => drawerFilters(config.targetWidgetId));
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={config.drawerLabel}
      closeLabel={config.drawerCloseLabel}
      block="e-filter-drawer"
      placement="side"
      portalClassName="e-filter-drawer-host"
    >
      <div className="e-filter-drawer__body">
        {filters.map((filter) => (
          <Bar key={filter.widgetId} config={filter} idPrefix={`${filter.widgetId}-drawer`} />
        ))}
      </div>
      <div className="e-filter-drawer__footer">
        <button type="button" className="button e-filter-drawer__done" onClick={onClose}>
          {config.drawerDoneLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
