import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { refreshLoop } from '../../src/endpoints/loop-filter';
import { __ } from '../../src/i18n';
import { filtersOf, linkedPage, pageKey, queryKey, widgetFilters, withJoins } from '../../src/listing/model';
import { choosePage, joinsOf, markShown, registerGrid, useGrid } from '../../src/listing/store';
import { scrollToTemplateOnce } from '../../src/listing/template';
import { isModifiedClick } from '../../src/navigation';
import { isAbort } from '../../src/transport/errors';
import type { LoopGridPropsSchema } from './schema';

type Props = z.output<typeof LoopGridPropsSchema>;

/** The grid widget's element (Elementor prints `.elementor-element-{id}` around each widget). */
const widgetOf = (widgetId: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`.elementor-element-${widgetId}`);

/** A page link of the grid's pagination: WordPress's `a.page-numbers`, or a link carrying the grid's page. */
function isPaginationLink(link: Element, widgetId: string): boolean {
  return link.matches('.page-numbers') || (link.getAttribute('href') ?? '').includes(`${pageKey(widgetId)}=`);
}

/** The part each answer replaces: the widget's `.elementor-widget-container`. */
const regionOf = (widget: Element | null): HTMLElement | null =>
  widget?.querySelector<HTMLElement>(':scope > .elementor-widget-container') ?? null;

/** How many answers a grid keeps for Back and Forward. */
const KEPT_ANSWERS = 20;

/** What puts an answer into the page (./answer), fetched with the first request. */
const answerCode = () => import('./answer');

type Status = 'idle' | 'loading' | 'error';

/**
 * Elementor Pro's loop grid with its loop filters (storefront.md §2.3, §7 "Listing filters"). It
 * shows the query the page's URL asks for (src/listing/store): when a filter or a pagination link
 * changes it, it POSTs `refresh-loop` once (a newer change aborts the request on its way), dims the
 * grid (`aria-busy`) meanwhile, then replaces the grid with the answer's `data`, sanitised, its
 * add-to-cart islands kept so that they work at once, and announces the result count. Back and
 * Forward show the grid of that entry again, from the answers it already has or from the server.
 * A refresh that fails (HTTP error, timeout, an answer that is not `{ data }`) keeps the grid as it
 * was and says so, with a button that tries again. After a page change, the focus moves to the new
 * grid (the link that had it is gone), as it does when it was in the grid that was replaced.
 */
export function LoopGrid({ widgetId, postId, restUrl, paginationBaseUrl, filters, page, timeout }: Props) {
  const snapshot = useGrid(widgetId);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  /** 'Try again' was pressed: its button goes with the error, the focus goes to the grid. */
  const retried = useRef(false);
  /** The key of the query on screen: at first the server's. */
  const shown = useRef<string | null>(null);
  shown.current ??= queryKey({ filters: filtersOf(filters), page });
  const answers = useRef(new Map<string, string>());
  const inFlight = useRef<AbortController | null>(null);
  const say = useAnnounce();

  useEffect(() => registerGrid(widgetId), [widgetId]);
  useEffect(() => scrollToTemplateOnce(), []);
  useEffect(() => () => inFlight.current?.abort(), []);

  // The pagination links inside the grid (replaced with each answer: one listener on the widget).
  useEffect(() => {
    const widget = widgetOf(widgetId);
    if (!widget) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || isModifiedClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || !regionOf(widget)?.contains(link) || !isPaginationLink(link, widgetId)) return;
      const target = linkedPage(link.getAttribute('href') ?? '', location.href, widgetId);
      if (target === null) return;
      event.preventDefault();
      choosePage(widgetId, target);
    };
    widget.addEventListener('click', onClick);
    return () => widget.removeEventListener('click', onClick);
  }, [widgetId]);

  // The grid dimmed and busy while a refresh is on its way.
  useLayoutEffect(() => {
    const region = regionOf(widgetOf(widgetId));
    if (!region || status !== 'loading') return;
    region.setAttribute('aria-busy', 'true');
    region.classList.add('e-loading');
    return () => {
      region.removeAttribute('aria-busy');
      region.classList.remove('e-loading');
    };
  }, [status, widgetId]);

  useEffect(() => {
    const { query, cause } = snapshot;
    const key = queryKey(query);
    inFlight.current?.abort();
    inFlight.current = null;
    if (key === shown.current) {
      markShown(widgetId, key);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    const current = () => inFlight.current === controller;
    const known = answers.current.get(key);
    if (known === undefined) setStatus('loading');
    const body = {
      post_id: postId,
      widget_filters: widgetFilters(withJoins(query.filters, joinsOf(widgetId))),
      widget_id: widgetId,
      pagination_base_url: new URL(paginationBaseUrl || location.pathname, location.href).href,
    };
    const data =
      known ??
      refreshLoop(body, { restUrl, page: query.page, timeout, signal: controller.signal }).then(
        (r) => r.data,
      );
    Promise.all([data, answerCode()]).then(
      ([html, { showAnswer }]) => {
        if (!current()) return;
        inFlight.current = null;
        answers.current.delete(key);
        answers.current.set(key, html);
        if (answers.current.size > KEPT_ANSWERS)
          answers.current.delete(answers.current.keys().next().value as string);
        const widget = widgetOf(widgetId);
        if (widget) say(showAnswer(widget, html, cause === 'page' || retried.current));
        retried.current = false;
        shown.current = key;
        markShown(widgetId, key);
        setStatus('idle');
      },
      (error: unknown) => {
        if (isAbort(error) || !current()) return;
        inFlight.current = null;
        console.error(`[shop-islands] loop-grid: the grid ${widgetId} could not be refreshed.`, error);
        setStatus('error');
      },
    );
  }, [snapshot, attempt, widgetId, postId, restUrl, paginationBaseUrl, timeout, say]);

  if (status !== 'error') return null;
  return (
    <div className="loop-grid-error">
      <p role="alert" className="loop-grid-error__message">
        {__('The products could not be updated. Please try again.')}
      </p>
      <button
        type="button"
        className="button loop-grid-error__retry"
        onClick={() => {
          retried.current = true;
          setAttempt((n) => n + 1);
        }}
      >
        {__('Try again')}
      </button>
    </div>
  );
}
