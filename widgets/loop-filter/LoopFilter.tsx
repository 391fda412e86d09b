import { useEffect, useState, useSyncExternalStore } from 'react';
import { activeCount, ALL_TERMS, DRAWER_BREAKPOINT, filterJoin, toggleTerm } from '../../src/listing/model';
import { chooseTerms, registerJoin, useGrid } from '../../src/listing/store';
import { scrollToTemplateOnce } from '../../src/listing/template';
import { isDrawerOpen, registerFilter, setDrawerOpen, subscribeDrawers } from './registry';
import type { LoopFilterConfig } from './schema';

/**
 * One taxonomy filter's buttons: 'All', then each term, toggle buttons (`aria-pressed`) as Elementor
 * Pro prints them. Toggle buttons rather than checkboxes: each press acts at once (the grid
 * refreshes), there is no form to submit, and themes style Elementor's `.e-filter-item[aria-pressed]`.
 * With the join disabled a press replaces the selection (one term at a time); 'All' clears it.
 */
function FilterBar({
  config,
  idPrefix,
  hidden,
}: {
  config: LoopFilterConfig;
  idPrefix: string;
  hidden?: boolean;
}) {
  const { targetWidgetId, taxonomy, terms, label, allLabel } = config;
  const join = filterJoin(config.multiple, config.logicalJoin);
  const { query } = useGrid(targetWidgetId);
  const selected = query.filters[taxonomy]?.terms ?? [];
  const labelId = `${idPrefix}-label`;
  const choose = (slug: string) =>
    chooseTerms(targetWidgetId, taxonomy, toggleTerm(selected, slug, join), join);
  return (
    <div className="e-filter" role="search" aria-labelledby={labelId} hidden={hidden}>
      <span className="e-filter-label" id={labelId}>
        {label}
      </span>
      {allLabel && (
        <button
          type="button"
          className="e-filter-item"
          data-filter={ALL_TERMS}
          aria-pressed={selected.length === 0}
          onClick={() => choose(ALL_TERMS)}
        >
          {allLabel}
        </button>
      )}
      {terms.map((term) => (
        <button
          key={term.slug}
          type="button"
          className="e-filter-item"
          data-filter={term.slug}
          aria-pressed={selected.includes(term.slug)}
          onClick={() => choose(term.slug)}
        >
          {term.label}
          {term.count !== undefined && (
            <>
              {' '}
              <span className="e-filter-count">({term.count})</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}

type DrawerComponent = typeof import('./Drawer').Drawer;
let drawerCode: Promise<DrawerComponent> | null = null;
/** The drawer's code (and the dialog's), fetched once, when first wanted; a failure is tried again next time. */
function loadDrawer(): Promise<DrawerComponent> {
  drawerCode ??= import('./Drawer').then(
    (module) => module.Drawer,
    (error: unknown) => {
      drawerCode = null;
      throw error;
    },
  );
  return drawerCode;
}

/**
 * The mobile filter drawer (storefront.md §2.10): a 'Filters' button showing how many terms are
 * selected, opening a modal dialog with every filter of the grid (./Drawer, fetched on first use,
 * or when the pointer or the focus reaches the button). Shown below 768 px only (loop-filter.css); a
 * window widened past that closes it. Should its code not load, the filters come back into the page.
 */
function FilterDrawer({ config }: { config: LoopFilterConfig }) {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<DrawerComponent | null>(null);
  const { query } = useGrid(config.targetWidgetId);
  const count = activeCount(query.filters);
  const shown = open && Dialog !== null;

  useEffect(() => {
    setDrawerOpen(config.targetWidgetId, shown);
    return () => setDrawerOpen(config.targetWidgetId, false);
  }, [shown, config.targetWidgetId]);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(`(min-width: ${DRAWER_BREAKPOINT}px)`);
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const show = () => {
    setOpen(true);
    loadDrawer().then(
      (drawer) => setDialog(() => drawer),
      (error: unknown) => {
        console.error(
          '[shop-islands] loop-filter: the filter drawer could not be loaded; the filters stay in the page.',
          error,
        );
        setOpen(false);
        document.documentElement.classList.add('e-filter-drawer-unavailable');
      },
    );
  };
  const preload = () => void loadDrawer().catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className="e-filter-toggle"
        aria-haspopup="dialog"
        aria-expanded={shown}
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {config.drawerLabel}
        {count > 0 && (
          <>
            {' '}
            <span className="e-filter-toggle__count">({count})</span>
          </>
        )}
      </button>
      {shown && <Dialog config={config} onClose={() => setOpen(false)} Bar={FilterBar} />}
    </>
  );
}

/**
 * Elementor Pro's taxonomy filter over a loop grid (storefront.md §2.3, §3 "Loop filter", §5, §9):
 * its terms as toggle buttons; a press sets the taxonomy's terms in the grid's query
 * (src/listing/store), which writes `e-filter-{grid}-{taxonomy}` into the URL (AND '+', OR '~'),
 * drops the page, and has the grid (widgets/loop-grid) refresh. The pressed buttons follow the
 * URL, Back and Forward included.
 */
export function LoopFilter(config: LoopFilterConfig) {
  const { targetWidgetId, taxonomy, multiple, logicalJoin } = config;
  const join = filterJoin(multiple, logicalJoin);
  useEffect(() => registerJoin(targetWidgetId, taxonomy, join), [targetWidgetId, taxonomy, join]);
  useEffect(() => registerFilter(config), [config]);
  useEffect(() => scrollToTemplateOnce(), []);
  // While the drawer is open, this filter is in it, not in the page.
  const inDrawer = useSyncExternalStore(
    subscribeDrawers,
    () => isDrawerOpen(targetWidgetId),
    () => false,
  );
  return (
    <div className="e-loop-filter" data-id={config.widgetId}>
      {config.drawer && <FilterDrawer config={config} />}
      <FilterBar config={config} idPrefix={config.widgetId} hidden={inDrawer} />
    </div>
  );
}
