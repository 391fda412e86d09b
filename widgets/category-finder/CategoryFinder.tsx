import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import type * as z from 'zod/mini';
import { announce, type Politeness } from '../../src/a11y/announce';
import { __ } from '../../src/i18n';
import { leaveFor } from '../../src/navigation';
import { REFUSED_NAVIGATION_MESSAGE } from '../../src/security/url';
import {
  choose,
  createFinder,
  keyEffect,
  levelsOf,
  parseOptionValue,
  submission,
  validChain,
  type Submission,
} from './model';
import type { CategoryFinderPropsSchema } from './schema';

type Props = z.output<typeof CategoryFinderPropsSchema>;

/** The shopper's texts (ours: WooCommerce's dropdown has no messages). */
export const CATEGORY_FINDER_TEXT = {
  subcategoryOf: 'Subcategory of %s',
  subcategories: '%d subcategories of %s',
  oneSubcategory: '1 subcategory of %s',
  chooseCategory: 'Please choose a category.',
  chooseSubcategory: 'Please choose a subcategory.',
  chooseOther: 'This category has no page. Please choose another one.',
} as const;

/** `template` with `%s` (and `%d`) replaced as text: a title's `$&` is not a replacement pattern. */
const fill = (template: string, values: { s?: string; d?: number }): string =>
  template.replace(/%([sd])/g, (found, kind: string) =>
    kind === 's' ? (values.s ?? found) : values.d === undefined ? found : String(values.d),
  );

/** The message under the form and the dropdown it is about. */
interface Message {
  text: string;
  level: number;
  /** A choice is missing (the dropdown is marked invalid); else the navigation was refused. */
  invalid: boolean;
}

const MESSAGES: Record<Extract<Submission, { kind: 'choose' }>['reason'], string> = {
  nothing: CATEGORY_FINDER_TEXT.chooseCategory,
  deeper: CATEGORY_FINDER_TEXT.chooseSubcategory,
  other: CATEGORY_FINDER_TEXT.chooseOther,
};

/**
 * The category finder (storefront.md §2.2, §4 "Category finder"): a chain of native dropdowns, the
 * first listing the root categories, each next one the children of the category chosen above it,
 * every one sorted by title (ignoring case) after the default option. Changing a dropdown removes
 * the ones after it; a category with children adds a dropdown of them (announced politely, the
 * focus stays put); a category without children opens its page at once; Go opens the deepest
 * chosen category that has a page. Pages are opened only on this site (`leaveFor`).
 *
 * Keyboard (WCAG 3.2.2 On Input): arrow keys on a closed select change its value, and Chrome fires
 * `change` for each. WooCommerce's own dropdown navigates on that change, so a keyboard shopper is
 * sent to the first leaf they pass. Here a change made by a browsing key (arrows, Home/End, Page
 * keys, type-ahead) only updates the dropdowns; Enter on a dropdown, or the Go button, then opens
 * the page (Enter does what Go does). Leaving the dropdown (blur) does not navigate: Tab is how a
 * keyboard shopper reaches Go, or goes back to an earlier dropdown. Choices made with a pointer or
 * a finger, in the open list (Space, Alt+Arrow, F4), or by assistive technology navigate at once.
 *
 * The outer box is the fallback's (the same form, field and button classes; the first select has
 * the same id, so the focus carries over): before any choice the island is exactly as tall as the
 * fallback, and later dropdowns and the message only appear after the shopper acts.
 */
export function CategoryFinder(props: Props) {
  const { idPrefix, rootCategoryIds, categories, selectedIds, defaultOptionTitle, label, submitLabel } =
    props;
  const finder = useMemo(
    () =>
      createFinder(
        rootCategoryIds,
        categories,
        typeof document === 'undefined' ? undefined : document.documentElement.lang,
      ),
    [rootCategoryIds, categories],
  );
  const [chain, setChain] = useState<number[]>(() => validChain(finder, selectedIds));
  const [message, setMessage] = useState<Message | null>(null);
  const selects = useRef(new Map<number, HTMLSelectElement>());
  /** The dropdown to focus after the render that shows a message about it. */
  const focusLevel = useRef<number | null>(null);
  /** How the focused dropdown was last operated: browsing keys hold navigation back. */
  const browsing = useRef(false);
  const typedAt = useRef(Number.NEGATIVE_INFINITY);
  const cancelAnnouncement = useRef<(() => void) | null>(null);

  const levels = levelsOf(finder, chain);
  const ids = {
    select: (level: number) => `${idPrefix}-level-${level + 1}`,
    message: `${idPrefix}-message`,
  };

  useEffect(() => () => cancelAnnouncement.current?.(), []);

  useLayoutEffect(() => {
    if (focusLevel.current === null) return;
    selects.current.get(focusLevel.current)?.focus();
    focusLevel.current = null;
  }, [message]);

  /** One announcement at a time: browsing quickly through the options says only the last. */
  const say = (text: string | null, politeness: Politeness = 'polite') => {
    cancelAnnouncement.current?.();
    cancelAnnouncement.current = text === null ? null : announce(text, { politeness });
  };

  const go = (url: string, level: number) => {
    if (leaveFor(url)) return;
    const text = __(REFUSED_NAVIGATION_MESSAGE);
    setMessage({ text, level, invalid: false });
    say(text, 'assertive');
  };

  const submit = () => {
    const outcome = submission(finder, chain);
    if (outcome.kind === 'go') {
      go(outcome.url, Math.max(0, chain.indexOf(outcome.category.id)));
      return;
    }
    // Said through the dropdown's description once it has the focus (no second announcement).
    say(null);
    focusLevel.current = outcome.level;
    setMessage({ text: __(MESSAGES[outcome.reason]), level: outcome.level, invalid: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onChange = (level: number) => (event: ChangeEvent<HTMLSelectElement>) => {
    const id = parseOptionValue(event.currentTarget.value);
    const { chain: next, outcome } = choose(finder, chain, level, id);
    if (outcome.kind === 'ignored') return;
    setChain(next);
    setMessage(null);
    if (outcome.kind === 'branch') {
      const template =
        outcome.count === 1 ? CATEGORY_FINDER_TEXT.oneSubcategory : CATEGORY_FINDER_TEXT.subcategories;
      say(fill(__(template), { s: outcome.category.title, d: outcome.count }));
      return;
    }
    say(null);
    if (outcome.kind === 'leaf' && outcome.url !== '' && !browsing.current) go(outcome.url, level);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    const now = event.timeStamp;
    const effect = keyEffect(event, now - typedAt.current);
    if (effect === 'browse') {
      browsing.current = true;
      if (event.key.length === 1) typedAt.current = now;
    } else if (effect === 'open') browsing.current = false;
    else if (effect === 'commit') {
      event.preventDefault();
      submit();
    }
  };

  const onPointerDown = () => {
    browsing.current = false;
  };
  const onBlur = () => {
    browsing.current = false;
    typedAt.current = Number.NEGATIVE_INFINITY;
  };

  return (
    <div className="shop-islands-category-finder" id={idPrefix}>
      <form className="shop-islands-category-finder__form" noValidate onSubmit={onSubmit}>
        {levels.map(({ level, parent, options, value }) => {
          const described = message?.level === level;
          return (
            <div className="shop-islands-category-finder__field" key={level}>
              <label htmlFor={ids.select(level)}>
                {parent ? fill(__(CATEGORY_FINDER_TEXT.subcategoryOf), { s: parent.title }) : label}
              </label>
              <select
                ref={(el) => {
                  if (el) selects.current.set(level, el);
                  else selects.current.delete(level);
                }}
                id={ids.select(level)}
                className="shop-islands-category-finder__select"
                value={value === null ? '' : String(value)}
                aria-describedby={described ? ids.message : undefined}
                aria-invalid={(described && message.invalid) || undefined}
                onChange={onChange(level)}
                onKeyDown={onKeyDown}
                onPointerDown={onPointerDown}
                onBlur={onBlur}
              >
                <option value="">{defaultOptionTitle}</option>
                {options.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.title}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <button type="submit" className="button shop-islands-category-finder__submit">
          {submitLabel}
        </button>
        {message && (
          <p id={ids.message} className="shop-islands-category-finder__message">
            {message.text}
          </p>
        )}
      </form>
    </div>
  );
}
