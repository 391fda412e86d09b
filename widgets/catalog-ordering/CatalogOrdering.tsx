import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import type * as z from 'zod/mini';
import { navigation } from '../../src/navigation';
import {
  changeKind,
  hiddenFieldsOf,
  initialState,
  isHistoryNavigation,
  nextState,
  orderingOptions,
  shownOrdering,
  type OrderingEvent,
} from './model';
import type { CatalogOrderingPropsSchema } from './schema';

type Props = z.output<typeof CatalogOrderingPropsSchema>;

/** How the shopper reached this page: back/forward and reload refill the fallback's fields. */
function reachedThroughHistory(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  return isHistoryNavigation(entry?.type);
}

/**
 * WooCommerce's catalogue ordering form (storefront.md §2.3): a GET form to the current page with
 * the `orderby` select, `paged=1` and the other query arguments as hidden fields, and the Sort
 * button. The island sends the form when the shopper picks an ordering (model.ts: a pick in the
 * list at once; arrow keys on the closed select browse, Enter or leaving the select sends), one
 * navigation per choice.
 *
 * The Sort button stays for assistive technology and the keyboard, visually hidden until it has the
 * focus (catalog-ordering.css; WCAG 2.4.7): an explicit way to sort (technique G80) for a
 * screen-reader user who changed the select and moved on without leaving it, that sends nothing
 * twice. Shown, it would be a second way to do what picking does, and a box the fallback does not
 * have with JavaScript (WooCommerce's form has no button: the plugin's and the demo's fallbacks print
 * it in `<noscript>`), so the mount would shift the page.
 *
 * Scripts that call the form's `submit()` go through the same one-navigation rule: WooCommerce's
 * woocommerce.js stays on the page and, should its ready handler run after the mount, submits this
 * form on every change (`trigger('submit')`, which calls `submit()`: no submit event).
 */
export function CatalogOrdering({ options, selected, label, submitLabel, hiddenFields }: Props) {
  const choices = useMemo(() => orderingOptions(options), [options]);
  const fields = useMemo(() => hiddenFieldsOf(hiddenFields), [hiddenFields]);
  const applied = shownOrdering(choices, selected);
  // Read and written synchronously: two events of one task (a change, then Enter) see each other.
  const state = useRef(initialState(applied));
  const [value, setValue] = useState(applied);
  const form = useRef<HTMLFormElement>(null);
  /** A key went down on the select in this task: the change it makes is browsing. */
  const byKey = useRef(false);
  /** Until the task that mounted the island ends: changes are the fallback's values carried over. */
  const mounting = useRef(true);
  /** The island's own submission is under way (its submit event is not a second one). */
  const sending = useRef(false);
  /** A change is on its way (from its capture at the form to its bubbling at the island's root). */
  const changing = useRef(false);
  /** Timers still to run, cleared when the island unmounts. */
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  /** Runs `run` in a task of its own, unless the island is gone by then. */
  const later = (run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    });
    timers.current.add(timer);
  };

  const dispatch = (event: OrderingEvent) => {
    const transition = nextState(state.current, event);
    state.current = transition.state;
    setValue(transition.state.value);
    if (transition.send && form.current) {
      sending.current = true;
      try {
        navigation.submit(form.current);
      } finally {
        sending.current = false;
      }
    }
    return transition;
  };

  useEffect(() => {
    const pending = timers.current;
    mounting.current = true;
    later(() => {
      mounting.current = false;
    });
    // Back from the back/forward cache: the page shows its ordering again, and may be sorted anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'restored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
      window.removeEventListener('pageshow', onPageShow);
    };
    // Once: `later` and `dispatch` only read refs and set state.
  }, []);

  // `form.submit()` by a page script: a submission the island did not start, unless it comes from
  // a change on its way (WooCommerce's handler on the form runs between the change's capture there
  // and its bubbling at the island's root, where React handles it): the island decides on that one.
  useLayoutEffect(() => {
    const el = form.current;
    if (!el) return;
    const onChangeCaptured = () => {
      changing.current = true;
      later(() => {
        changing.current = false;
      });
    };
    el.addEventListener('change', onChangeCaptured, true);
    el.submit = () => {
      // The island's own submission where the browser has no requestSubmit() (src/navigation.ts).
      if (sending.current) return HTMLFormElement.prototype.submit.call(el);
      if (changing.current) return;
      if (!dispatch({ type: 'submit' }).block) HTMLFormElement.prototype.submit.call(el);
    };
    return () => {
      el.removeEventListener('change', onChangeCaptured, true);
      delete (el as Partial<HTMLFormElement>).submit;
    };
    // Once: `dispatch` only reads refs and sets state.
  }, []);

  /** A page script cancelling a submission (seen once its event has run): the page stays. */
  const watch = (submitEvent: Event) =>
    later(() => {
      if (submitEvent.defaultPrevented) dispatch({ type: 'cancelled' });
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!sending.current && dispatch({ type: 'submit' }).block) {
      event.preventDefault();
      return;
    }
    watch(event.nativeEvent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    byKey.current = true;
    // The change a key makes is dispatched in the task of its keydown (Chromium, Firefox).
    later(() => {
      byKey.current = false;
    });
    const plainEnter =
      event.key === 'Enter' &&
      !event.nativeEvent.isComposing &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.shiftKey;
    // Enter with nothing to send keeps its default (Chromium on Linux opens the list).
    if (plainEnter && dispatch({ type: 'enter' }).send) event.preventDefault();
  };

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    changing.current = false;
    const kind = changeKind({
      byKey: byKey.current,
      mounting: mounting.current,
      historyNavigation: mounting.current && reachedThroughHistory(),
    });
    dispatch({ type: 'change', value: event.currentTarget.value, kind });
  };

  const onBlur = (event: FocusEvent<HTMLSelectElement>) => {
    const el = event.currentTarget;
    // Once the focus has landed: sent when it went elsewhere on the page, not when the window lost
    // it (another tab or application: the select keeps the page's focus, the shopper comes back).
    later(() => {
      if (document.activeElement !== el && document.hasFocus()) dispatch({ type: 'blur' });
    });
  };

  return (
    <form ref={form} className="woocommerce-ordering" method="get" onSubmit={onSubmit}>
      <select
        name="orderby"
        className="orderby"
        aria-label={label}
        value={value}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onPointerDown={() => {
          byKey.current = false;
        }}
        onBlur={onBlur}
      >
        {choices.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {fields.map(([name, fieldValue]) => (
        <input key={name} type="hidden" name={name} value={fieldValue} />
      ))}
      <button type="submit" className="button orderby-submit shop-islands-ordering-submit">
        {submitLabel}
      </button>
    </form>
  );
}
