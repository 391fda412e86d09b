import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { isSelectableSuggestion, type SmartSearchResponse } from '../../src/contract/search';
import { smartSearch } from '../../src/endpoints/search';
import { __ } from '../../src/i18n';
import { leaveFor } from '../../src/navigation';
import { isSearchable, LatestRequest, normalizeQuery, SearchMemo } from '../../src/search/query';
import { useCombobox } from '../../src/search/useCombobox';
import { REFUSED_NAVIGATION_MESSAGE, sameOriginUrl } from '../../src/security/url';
import { TransportError } from '../../src/transport/errors';
import {
  CLEAR_AFTER_CLOSE_MS,
  DEBOUNCE_MS,
  MOBILE_QUERY,
  overlayApplies,
  plan,
  resultsText,
  showsPopup,
  submitUrl,
  tooShortText,
} from './model';
import type { SmartSearchProps } from './schema';
import { suggestionView } from './suggestion-view';

/**
 * The full-screen overlay: its own chunk, fetched the first time it opens, together with (not after)
 * the extras panel it shows.
 */
const Overlay = lazy(() => {
  void import('./extras/FullScreenExtras');
  return import('./Overlay');
});

type Answer = SmartSearchResponse;
const NOTHING: Answer = { suggestions: [], view_all_link: '', keywords: [] };

const isMobile = (): boolean => typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches;

/**
 * The recent searches store (src/search/recent-searches.ts), needed once a search is made: fetched
 * with the first query typed, not with the island (which mounts on the first focus).
 */
const recentSearches = () => import('../../src/search/recent-searches');

/** Stores a search the shopper made (§4 "Recent searches"); never fails. */
const remember = (term: string): Promise<void> =>
  recentSearches().then(
    (store) => store.addRecentSearch(term),
    () => undefined,
  );

/** A malformed answer is said once per page in the console (issue #15), whatever the number of widgets. */
let malformedLogged = false;
export const forgetMalformedLogForTests = (): void => {
  malformedLogged = false;
};

/**
 * Smart Search for WooCommerce's search widget (storefront.md §2.4, §4 "Search popup", "Full-screen
 * search", §5, §7, §8, §9): the plugin's GET form, with suggestions in a popup as the shopper types
 * (a WAI-ARIA combobox: the focus stays in the field, arrows move over the suggestions that can be
 * opened, Enter opens one, Escape closes), and optionally a full-screen overlay (a modal dialog)
 * with the overlay's extras. Below 768 px a 'Search' button shows the form (or the overlay).
 */
export function SmartSearch(props: SmartSearchProps) {
  const {
    id,
    layout,
    productSlug,
    charCount,
    disableAjax,
    noResultsText,
    preventBadQueries,
    fullScreenMode,
    placeholder,
    restUrl,
    homeUrl,
    label,
    submitLabel,
    viewAllLabel,
    columns,
  } = props;
  const prefix = props.idPrefix ?? `smart-search-${id}`;
  const [text, setText] = useState(props.query);
  /** The answer on screen, and the query it answers. */
  const [shown, setShown] = useState<{ query: string; answer: Answer } | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  /** >0: a submission was blocked (§5); each one re-mounts the alert, so it is said again. */
  const [blocked, setBlocked] = useState(0);
  const [expanded, setExpanded] = useState(false);
  /** §4 "Full-screen search": closed, else active then animated (Overlay.tsx). */
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [memo] = useState(() => new SearchMemo<Answer>());
  const [latest] = useState(() => new LatestRequest());
  /** The query last planned (typed): an answer for another one is cached, not shown. */
  const current = useRef('');
  const painted = useRef('');
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clearing = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** When the overlay last closed: the focus it gives back to the field must not open it again. */
  const closedAt = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const overlayField = useRef<HTMLInputElement>(null);
  const announce = useAnnounce();

  const answer = shown?.answer ?? NOTHING;
  const { suggestions } = answer;
  const count = suggestions.length;
  const resultsVisible = overlayOpen ? !!shown && showsPopup(count, noResultsText) : open;

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(clearing.current);
      latest.cancel();
    },
    [latest],
  );

  useEffect(() => {
    if (expanded) field.current?.focus();
  }, [expanded]);

  const paint = (query: string, found: Answer) => {
    setShown({ query, answer: found });
    setOpen(showsPopup(found.suggestions.length, noResultsText));
    if (painted.current === query) return;
    painted.current = query;
    announce(resultsText(found.suggestions.length));
  };

  const hide = () => {
    setShown(null);
    setOpen(false);
    painted.current = '';
  };

  const fetchAnswer = (query: string) => {
    const signal = latest.next();
    setBusy(true);
    smartSearch({ restUrl, id, query }, { signal, onRetry: () => setOpen(false) })
      .then(
        (found) => {
          memo.set(query, found, found.suggestions.length > 0);
          if (current.current === query) paint(query, found);
        },
        (error: unknown) => {
          if (signal.aborted) return;
          if (error instanceof TransportError && error.kind === 'schema' && !malformedLogged) {
            malformedLogged = true;
            console.error('[shop-islands] smart-search: the search answer is malformed.', error);
          }
          if (current.current === query) hide();
        },
      )
      .finally(() => {
        if (!signal.aborted) setBusy(false);
      });
  };

  /** §5, §7, §9: what the text now in the field leads to. */
  const search = (raw: string) => {
    clearTimeout(debounce.current);
    const next = plan(raw, memo, { charCount, preventBadQueries, disableAjax });
    current.current = next.query;
    if (next.kind !== 'none') void recentSearches().catch(() => undefined);
    if (next.kind === 'fetch') {
      debounce.current = setTimeout(() => fetchAnswer(next.query), DEBOUNCE_MS);
      return;
    }
    latest.cancel();
    setBusy(false);
    if (next.kind === 'none') hide();
    else paint(next.query, next.kind === 'cached' ? next.answer : NOTHING);
  };

  const change = (raw: string) => {
    setText(raw);
    setBlocked(0);
    search(raw);
  };

  const openOverlay = () => {
    clearTimeout(clearing.current);
    setOverlayOpen(true);
  };

  const closeOverlay = () => {
    closedAt.current = Date.now();
    setOverlayOpen(false);
    setOpen(false);
    setExpanded(false);
    clearTimeout(clearing.current);
    clearing.current = setTimeout(() => {
      setText('');
      setBlocked(0);
      search('');
    }, CLEAR_AFTER_CLOSE_MS);
  };

  const onFocus = () => {
    if (overlayApplies(fullScreenMode, isMobile())) {
      if (Date.now() - closedAt.current > CLEAR_AFTER_CLOSE_MS) openOverlay();
      return;
    }
    if (normalizeQuery(text) !== current.current) search(text);
    else if (shown?.query === current.current) setOpen(showsPopup(count, noResultsText));
  };

  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget as Node | null;
    if (!overlayOpen && !root.current?.contains(to)) setOpen(false);
  };

  /** Goes to a page of this store, or says why not (src/navigation.ts). */
  const leave = (url: string) => {
    if (!leaveFor(url)) announce(REFUSED_NAVIGATION_MESSAGE);
  };

  const choose = (index: number) => {
    const suggestion = suggestions[index];
    if (!suggestion || !isSelectableSuggestion(suggestion)) return;
    void remember(current.current).then(() => leave(suggestion.url));
  };

  const combo = useCombobox({
    idPrefix: prefix,
    count,
    isSelectable: (index) => !!suggestions[index] && isSelectableSuggestion(suggestions[index]),
    open: resultsVisible && count > 0,
    onOpenChange: setOpen,
    onChoose: choose,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (overlayOpen && event.key === 'Escape') {
      event.preventDefault();
      closeOverlay();
      return;
    }
    combo.inputProps.onKeyDown(event);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = normalizeQuery(text);
    if (!isSearchable(query, charCount)) {
      setBlocked((n) => n + 1);
      (overlayOpen ? overlayField : field).current?.focus();
      return;
    }
    void remember(query).then(() => leave(submitUrl(query, props, document.baseURI)));
  };

  const pick = (term: string) => {
    change(term);
    overlayField.current?.focus();
  };

  const toggle = () => {
    if (overlayApplies(fullScreenMode, isMobile())) openOverlay();
    else setExpanded(!expanded);
  };

  const viewAll = count > 0 ? sameOriginUrl(answer.view_all_link)?.href : undefined;
  const hintId = `${prefix}-hint`;

  const form = (inOverlay: boolean) => {
    const active = inOverlay === overlayOpen;
    const inputId = `${prefix}-${inOverlay ? 'overlay-' : ''}input`;
    return (
      <form
        id={inOverlay ? undefined : `${prefix}-form`}
        // The overlay's form is inside the dialog named 'Search': one search landmark per widget.
        role={inOverlay ? undefined : 'search'}
        method="get"
        action={homeUrl}
        className="search-form"
        noValidate
        onSubmit={submit}
      >
        <div className="ysm-smart-search-input-holder">
          <label className="screen-reader-text" htmlFor={inputId}>
            {label}
          </label>
          <input
            ref={inOverlay ? overlayField : field}
            type="search"
            name="s"
            id={inputId}
            className="search-field"
            placeholder={placeholder}
            autoComplete="off"
            value={text}
            onChange={(event) => change(event.target.value)}
            onFocus={inOverlay ? undefined : onFocus}
            aria-invalid={(active && blocked > 0) || undefined}
            aria-describedby={active && blocked > 0 ? hintId : undefined}
            {...(active
              ? { ...combo.inputProps, onKeyDown }
              : {
                  role: 'combobox',
                  'aria-expanded': false,
                  'aria-controls': combo.listboxProps.id,
                  'aria-autocomplete': 'list',
                })}
          />
          <input type="hidden" name="search_id" value={id} />
          {layout === 'product' && <input type="hidden" name="post_type" value={productSlug} />}
          <button type="submit" className="search-submit">
            {submitLabel}
          </button>
          {active && blocked > 0 && (
            <p key={blocked} id={hintId} role="alert" className="smart-search-hint">
              {tooShortText(charCount)}
            </p>
          )}
        </div>
      </form>
    );
  };

  const results = (
    <>
      <div
        className="smart-search-results"
        style={
          {
            '--smart-search-height': `${props.popupHeight}px`,
            '--smart-search-height-mobile': `${props.popupHeightMobile}px`,
          } as CSSProperties
        }
      >
        <div
          className="smart-search-results-inner"
          style={{ '--smart-search-columns': columns } as CSSProperties}
        >
          <div
            {...combo.listboxProps}
            className="smart-search-suggestions"
            aria-label={__('Search suggestions')}
            aria-busy={busy || undefined}
            hidden={!count}
          >
            {suggestions.map((suggestion, index) => (
              <div
                key={index}
                {...combo.optionProps(index)}
                className={`smart-search-suggestion${index === combo.activeIndex ? ' is-active' : ''}`}
                dangerouslySetInnerHTML={{ __html: suggestionView(suggestion).html }}
              />
            ))}
          </div>
          {suggestions.some((suggestion) => suggestion.addToCart) && (
            <ul className="smart-search-add-to-cart" aria-label={__('Add to cart')}>
              {suggestions.map(({ addToCart }, index) => (
                <li key={index} aria-hidden={addToCart ? undefined : true}>
                  {addToCart && (
                    <a
                      href={addToCart}
                      rel="nofollow"
                      aria-label={__('Add to cart: “%s”').replace(
                        '%s',
                        () => suggestionView(suggestions[index]!).name,
                      )}
                    >
                      {__('Add to cart')}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {!count && shown && noResultsText.trim() && <p className="smart-search-no-results">{noResultsText}</p>}
      {viewAll && (
        <div className="smart-search-view-all-holder">
          <a className="smart-search-view-all" href={viewAll} onClick={() => void remember(current.current)}>
            {viewAllLabel}
          </a>
        </div>
      )}
    </>
  );

  return (
    <div
      ref={root}
      className={`smart-search ysm-search-widget${expanded ? ' is-expanded' : ''}${busy ? ' is-loading' : ''}`}
      onBlur={onBlur}
    >
      {/* A link, as in the fallback (where it shows the form by its #target, no script needed). */}
      <a
        id={`${prefix}-toggle`}
        href={`#${prefix}-form`}
        role="button"
        className="smart-search-toggle"
        aria-expanded={expanded || overlayOpen}
        aria-controls={`${prefix}-form`}
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
        onKeyDown={(event) => {
          if (event.key !== ' ') return;
          event.preventDefault();
          toggle();
        }}
      >
        {__('Search')}
      </a>
      {form(false)}
      <div
        className="smart-search-popup"
        hidden={overlayOpen || !open}
        onMouseDown={(e) => e.preventDefault()}
      >
        {!overlayOpen && results}
      </div>
      {overlayOpen && (
        <Suspense fallback={null}>
          <Overlay
            label={submitLabel}
            form={form(true)}
            results={<div hidden={!resultsVisible}>{results}</div>}
            hasViewAll={!!viewAll}
            mobile={isMobile()}
            field={overlayField}
            onClose={closeOverlay}
            config={props}
            keywords={answer.keywords}
            showingKeywords={props.keywords && answer.keywords.length > 0}
            onPick={pick}
          />
        </Suspense>
      )}
    </div>
  );
}
