import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../src/a11y/useFocusTrap';
import { __ } from '../../src/i18n';
import { fullScreenResultsHeight } from './extras/model';
import type { FullScreenExtrasProps } from './extras/FullScreenExtras';

/** The overlay's extras panel (helper C's): its own chunk, fetched with this one. */
export const FullScreenExtras = lazy(() => import('./extras/FullScreenExtras'));

export interface OverlayProps extends FullScreenExtrasProps {
  /** The dialog's name. */
  label: string;
  /** The overlay's search form, and the results (both the island's). */
  form: ReactNode;
  results: ReactNode;
  /** The results have a 'view all' link (§9's height budget). */
  hasViewAll: boolean;
  /** Below the 768 px breakpoint (§9's height budget differs). */
  mobile: boolean;
  /** The overlay's field: focused on opening. */
  field: RefObject<HTMLInputElement | null>;
  onClose(): void;
}

/**
 * The full-screen search (storefront.md §2.4, §4 "Full-screen search", §9): a modal dialog over the
 * page, in its own chunk (fetched the first time it opens, so a widget that never opens it never
 * downloads it). Rendered means "active"; the next frame it is "animated" (faded in by CSS, at once
 * when the shopper prefers reduced motion). The focus is trapped in it and goes back where it was
 * when it closes (Escape, the Close button). It covers the viewport and keeps its scrolling to
 * itself (`overscroll-behavior`), so the page beneath does not move. The results get
 * §9's height budget (window height minus 180 px, …: `fullScreenResultsHeight`).
 */
export default function Overlay(props: OverlayProps) {
  const { label, form, results, hasViewAll, mobile, field, onClose, config } = props;
  const dialog = useRef<HTMLDivElement>(null);
  const [animated, setAnimated] = useState(false);
  // Its own element at the end of <body>: whatever else happens to the page, React removes the
  // dialog from a parent it still has.
  const [host] = useState(() => document.createElement('div'));

  useLayoutEffect(() => {
    document.body.append(host);
    return () => host.remove();
  }, [host]);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnimated(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useFocusTrap(dialog, true, { initialFocus: () => field.current, onEscape: onClose });

  const height = fullScreenResultsHeight({
    windowHeight: innerHeight,
    hasViewAll,
    recentOrKeywordsOn: config.recentSearches || config.keywords,
    mobile,
  });

  return createPortal(
    <div
      ref={dialog}
      className="smart-search-fullscreen"
      data-state={animated ? 'animated' : 'active'}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      style={{ '--smart-search-fullscreen-height': `${height}px` } as CSSProperties}
    >
      <div className="smart-search-fullscreen__bar">
        {form}
        <button type="button" className="smart-search-fullscreen__close" onClick={onClose}>
          {__('Close')}
        </button>
      </div>
      {results}
      <Suspense fallback={null}>
        <FullScreenExtras
          config={config}
          keywords={props.keywords}
          showingKeywords={props.showingKeywords}
          onPick={props.onPick}
        />
      </Suspense>
    </div>,
    host,
  );
}
