import { useEffect, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { liveSearch } from '../../src/endpoints/live-search';
import { __ } from '../../src/i18n';
import { leaveFor } from '../../src/navigation';
import { LatestRequest, normalizeQuery, SearchMemo } from '../../src/search/query';
import { useCombobox } from '../../src/search/useCombobox';
import { isAbort, TransportError } from '../../src/transport/errors';
import {
  canSubmit,
  countMessage,
  DEBOUNCE_MS,
  planFor,
  popupShown,
  shortQueryHint,
  type Answer,
} from './model';
import { prepareAnswer } from './prepare';
import type { LiveSearchPropsSchema } from './schema';

type Props = z.output<typeof LiveSearchPropsSchema>;

/** §8 and issue #15: a malformed answer is said once per page, whatever the number of islands. */
let reported = false;
/** For tests: the next malformed answer is said again. */
export const forgetReport = (): void => {
  reported = false;
};

/**
 * CommerceKit's basic live search over WooCommerce's product search form (storefront.md §2.4, §4
 * "Search popup", §5, §7, §8, §9). The form is WooCommerce's own (GET `s` + `post_type=product`,
 * the same ids and classes: no layout shift); the field is a WAI-ARIA combobox whose listbox popup,
 * under the field, lists the suggestions of `commercekit_ajax_search` and a 'view all' link:
 * - a query (spaces collapsed) of 3 characters or more is sent 200 ms after the last keystroke; a
 *   new request aborts the one in flight; answers are kept per query and a known query is painted
 *   at once, with no request;
 * - each suggestion shows its sanitised `data` HTML; ArrowDown/ArrowUp move through them, Enter or a
 *   click goes to its link (a page of this site); Escape, a click outside or the focus leaving for
 *   elsewhere on the page closes the popup; the number of results is announced politely;
 * - no suggestions: the no-results text (§8); a malformed answer: no popup, one console error per
 *   page; any other failure: no popup, nothing said (§8 "Ignored silently");
 * - a submission with fewer than 3 characters is blocked (§5), with a hint that is announced.
 * Mounted on the field's first focus (`interaction`): what was typed before is kept, and searched.
 */
export function LiveSearch(props: Props) {
  const { idPrefix, action, ajaxUrl, query, label, placeholder, submitLabel, buttonClass } = props;
  const { viewAllLabel, noResultsText } = props;
  const [value, setValue] = useState(query);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [hint, setHint] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [memo] = useState(() => new SearchMemo<Answer>());
  const [latest] = useState(() => new LatestRequest());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The query scheduled, in flight or shown: the only one whose answer may be shown. */
  const wanted = useRef<string | null>(null);
  const announce = useAnnounce();
  const shown = popupShown(open, answer, noResultsText);
  const suggestions = answer?.suggestions ?? [];

  const stop = () => {
    clearTimeout(timer.current);
    latest.cancel();
    setLoading(false);
  };
  useEffect(() => stop, []); // eslint-disable-line react-hooks/exhaustive-deps

  const paint = (next: Answer) => {
    setAnswer(next);
    setOpen(true);
    setLoading(false);
  };

  const search = async (q: string) => {
    const signal = latest.next();
    setLoading(true);
    try {
      const next = prepareAnswer(await liveSearch(q, { signal, ajaxUrl, background: false }), viewAllLabel);
      memo.set(q, next, next.suggestions.length > 0);
      if (wanted.current === q) paint(next);
    } catch (error) {
      if (isAbort(error)) return;
      if (wanted.current === q) {
        wanted.current = null;
        setAnswer(null);
        setLoading(false);
      }
      if (error instanceof TransportError && error.kind === 'schema' && !reported) {
        reported = true;
        console.error(`[shop-islands] live search: ${error.message}`);
      }
    }
  };

  const update = (raw: string) => {
    const plan = planFor(raw, wanted.current, (q) => memo.get(q));
    if (plan.kind === 'wait') return;
    clearTimeout(timer.current);
    if (plan.kind === 'clear') {
      wanted.current = null;
      stop();
      setAnswer(null);
      return;
    }
    wanted.current = plan.query;
    if (plan.kind === 'paint') {
      stop();
      paint(plan.answer);
    } else {
      timer.current = setTimeout(() => void search(plan.query), DEBOUNCE_MS);
    }
  };

  // The count, when an answer is shown (a cached one painted again says nothing new).
  useEffect(() => {
    if (answer && open) announce(countMessage(answer.suggestions.length, noResultsText));
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps

  // A click (or touch) outside the form closes the popup.
  useEffect(() => {
    if (!shown) return;
    const outside = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [shown]);

  const box = useCombobox({
    idPrefix,
    count: suggestions.length,
    isSelectable: (i) => suggestions[i]?.href != null,
    open: shown,
    onOpenChange: setOpen,
    onChoose: (i) => {
      const href = suggestions[i]?.href;
      if (href) leaveFor(href);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!canSubmit(value)) {
      event.preventDefault();
      setHint(true);
      announce(shortQueryHint(), { politeness: 'assertive' });
      input.current?.focus();
      return;
    }
    // §5: repeated spaces collapsed in what is sent too.
    if (input.current) input.current.value = normalizeQuery(value);
  };

  const hintId = `${idPrefix}-hint`;
  return (
    <form
      ref={form}
      role="search"
      method="get"
      className="woocommerce-product-search"
      action={action}
      aria-busy={loading || undefined}
      onSubmit={onSubmit}
      onBlur={(event) => {
        // The focus left for another part of the page (a null target is a click on nothing
        // focusable, which the outside-click handler judges).
        const to = event.relatedTarget;
        if (to && !event.currentTarget.contains(to)) setOpen(false);
      }}
    >
      <label className="screen-reader-text" htmlFor={idPrefix}>
        {label}
      </label>{' '}
      <input
        ref={input}
        type="search"
        id={idPrefix}
        className="search-field"
        placeholder={placeholder}
        value={value}
        name="s"
        autoComplete="off"
        aria-describedby={hint ? hintId : undefined}
        {...box.inputProps}
        onChange={(event) => {
          setValue(event.target.value);
          setHint(false);
          update(event.target.value);
        }}
        onFocus={() => update(value)}
      />{' '}
      <button type="submit" value={submitLabel} className={buttonClass}>
        {submitLabel}
      </button>{' '}
      <input type="hidden" name="post_type" value="product" />
      {hint && (
        <p id={hintId} className="commercekit-ajs-hint">
          {shortQueryHint()}
        </p>
      )}
      <div className="commercekit-ajs-results" hidden={!shown}>
        <div
          {...box.listboxProps}
          className="commercekit-ajs-suggestions"
          aria-label={__('Search suggestions')}
          hidden={suggestions.length === 0}
        >
          {suggestions.map((s, i) => (
            <div
              key={i}
              {...box.optionProps(i)}
              className="autocomplete-suggestion"
              dangerouslySetInnerHTML={{ __html: s.html }}
            />
          ))}
        </div>
        {!answer ? null : suggestions.length === 0 ? (
          <div className="autocomplete-no-suggestion">{noResultsText}</div>
        ) : (
          answer.viewAll && (
            <div className="commercekit-ajs-view-all-holder">
              <a className="commercekit-ajs-view-all" href={answer.viewAll.href}>
                {answer.viewAll.label}
              </a>
            </div>
          )
        )}
      </div>
    </form>
  );
}
