/**
 * The category finder's rules (storefront.md §2.2, §4 "Category finder", §5 "Category finder"):
 * pure functions over the category tree, no React, no DOM.
 *
 * The chain is the list of chosen category ids, root first: `chain[i]` is the value of the
 * dropdown at level `i`. Dropdown 0 lists the root categories; dropdown `i + 1` exists when
 * `chain[i]` has children, and lists them. Every function takes any chain and reads only its valid
 * prefix ({@link validChain}), so a bad id can never put the finder in an impossible state.
 *
 * The tree comes from the page (props printed by PHP), so it is not trusted to be a tree: ids that
 * the map does not hold are ignored, and a category already chosen higher up the chain is never
 * offered again below it, so a cycle (A → B → A) ends the chain instead of looping.
 */

/** One category as the props give it (storefront.md §3 "Category"). */
export interface CategoryInput {
  id: number;
  title: string;
  children: readonly number[];
  /** The category page; '' when there is none. */
  url: string;
}

export interface Category {
  readonly id: number;
  readonly title: string;
  /** Known ids only, each once, never the category itself. */
  readonly children: readonly number[];
  readonly url: string;
}

export interface Finder {
  /** Known root ids, each once. */
  readonly roots: readonly number[];
  readonly byId: ReadonlyMap<number, Category>;
  /** Compares two titles: alphabetically, ignoring case (and accents). */
  readonly compare: (a: string, b: string) => number;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each valid id once, in order. */
function uniqueIds(ids: unknown): number[] {
  if (!Array.isArray(ids)) return [];
  return [...new Set(ids.filter(isId))];
}

/**
 * `String.prototype.localeCompare(b, locale, { sensitivity: 'base' })` as a reusable collator:
 * 'road shoes' sorts with 'Road', 'Éte' with 'Ete'. A locale the runtime does not know (a page's
 * `lang="en_US"`) falls back to the default one rather than throwing.
 */
export function titleComparer(locale?: string): (a: string, b: string) => number {
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale || undefined, { sensitivity: 'base' });
  } catch {
    collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  }
  return collator.compare;
}

/**
 * The finder's tree from the props: entries that are not categories (no positive integer id, no
 * text title) are left out; a category is found by its `id` (the first entry with an id wins).
 */
export function createFinder(
  rootCategoryIds: readonly number[],
  categories: Readonly<Record<string, CategoryInput>>,
  locale?: string,
): Finder {
  const entries: CategoryInput[] = [];
  if (isRecord(categories)) {
    for (const value of Object.values(categories)) {
      if (isRecord(value) && isId(value.id) && typeof value.title === 'string') {
        entries.push(value as unknown as CategoryInput);
      }
    }
  }
  const known = new Set(entries.map((entry) => entry.id));
  const byId = new Map<number, Category>();
  for (const entry of entries) {
    if (byId.has(entry.id)) continue;
    byId.set(entry.id, {
      id: entry.id,
      title: entry.title,
      children: uniqueIds(entry.children).filter((id) => known.has(id) && id !== entry.id),
      url: typeof entry.url === 'string' ? entry.url : '',
    });
  }
  return {
    roots: uniqueIds(rootCategoryIds).filter((id) => known.has(id)),
    byId,
    compare: titleComparer(locale),
  };
}

/** `categories` sorted by title, alphabetically and ignoring case; equal titles keep their order. */
export function sortByTitle(finder: Finder, categories: readonly Category[]): Category[] {
  // Array.prototype.sort is stable (ES2019).
  return [...categories].sort((a, b) => finder.compare(a.title, b.title));
}

/**
 * The options of the dropdown at `level` after `chain` (the categories chosen above it): the roots
 * for level 0, else the children of `chain[level - 1]`, sorted by title, less any category already
 * chosen above (a cycle). Empty when that dropdown does not exist.
 */
export function optionsAt(finder: Finder, chain: readonly number[], level: number): Category[] {
  if (!Number.isSafeInteger(level) || level < 0 || level > chain.length) return [];
  const above = chain.slice(0, level);
  let ids: readonly number[];
  if (level === 0) ids = finder.roots;
  else {
    const parent = finder.byId.get(above[level - 1]!);
    if (!parent) return [];
    ids = parent.children;
  }
  const taken = new Set(above);
  const options: Category[] = [];
  for (const id of ids) {
    const category = finder.byId.get(id);
    if (category && !taken.has(id)) options.push(category);
  }
  return sortByTitle(finder, options);
}

/** Whether `id` is an option of the dropdown at `level` after `chain`. */
const isOptionAt = (finder: Finder, chain: readonly number[], level: number, id: number): boolean =>
  optionsAt(finder, chain, level).some((category) => category.id === id);

/**
 * The longest valid start of `ids`: each id an option of the dropdown after the ones before it.
 * Stops at the first id that is not (unknown, not a child of the previous one, already chosen).
 * This is how `selectedIds` are applied on load: in order, up to the first that does not fit.
 */
export function validChain(finder: Finder, ids: readonly unknown[]): number[] {
  const chain: number[] = [];
  if (!Array.isArray(ids)) return chain;
  for (const id of ids) {
    if (!isId(id) || !isOptionAt(finder, chain, chain.length, id)) break;
    chain.push(id);
  }
  return chain;
}

/** The categories under `id` once it is chosen after `above` (cycle-safe: never one of `above`). */
const childrenOf = (finder: Finder, above: readonly number[], id: number): Category[] =>
  optionsAt(finder, [...above, id], above.length + 1);

export interface Level {
  /** 0 for the first dropdown. */
  readonly level: number;
  /** The category whose children it lists; null for the first dropdown. */
  readonly parent: Category | null;
  readonly options: readonly Category[];
  /** The chosen category's id; null while the default option shows. */
  readonly value: number | null;
}

/**
 * The dropdowns to show for `chain`: the first one always (even with no roots), then one per
 * chosen category that has children. At most `chain.length + 1` of them.
 */
export function levelsOf(finder: Finder, chain: readonly number[]): Level[] {
  const valid = validChain(finder, chain);
  const levels: Level[] = [];
  for (let level = 0; level <= valid.length; level += 1) {
    const options = optionsAt(finder, valid, level);
    if (level > 0 && options.length === 0) break;
    levels.push({
      level,
      parent: level === 0 ? null : (finder.byId.get(valid[level - 1]!) ?? null),
      options,
      value: valid[level] ?? null,
    });
  }
  return levels;
}

/** What a choice in a dropdown leads to. */
export type Outcome =
  /** The choice is not an option of that dropdown: nothing changes. */
  | { kind: 'ignored' }
  /** The default option: the dropdowns after this one are gone. */
  | { kind: 'cleared' }
  /** A category with children: a dropdown of its `count` children follows. */
  | { kind: 'branch'; category: Category; count: number }
  /** A category without children: the browser goes to its `url` ('' when it has no page). */
  | { kind: 'leaf'; category: Category; url: string };

export interface Choice {
  /** The chain after the choice: the dropdowns before `level`, then the chosen category. */
  chain: number[];
  outcome: Outcome;
}

/**
 * Choosing `id` (null: the default option) in the dropdown at `level`. Changing a dropdown removes
 * every dropdown after it (storefront.md §4); a choice that is not one of its options is ignored.
 */
export function choose(finder: Finder, chain: readonly number[], level: number, id: number | null): Choice {
  const valid = validChain(finder, chain);
  if (!Number.isSafeInteger(level) || level < 0 || level > valid.length) {
    return { chain: valid, outcome: { kind: 'ignored' } };
  }
  const above = valid.slice(0, level);
  if (id === null) return { chain: above, outcome: { kind: 'cleared' } };
  const category = isId(id) && isOptionAt(finder, above, level, id) ? finder.byId.get(id) : undefined;
  if (!category) return { chain: valid, outcome: { kind: 'ignored' } };
  const next = [...above, id];
  const count = childrenOf(finder, above, id).length;
  return {
    chain: next,
    outcome: count > 0 ? { kind: 'branch', category, count } : { kind: 'leaf', category, url: category.url },
  };
}

/** Reads a select's value: '' is the default option (null), digits an id, anything else NaN. */
export function parseOptionValue(value: string): number | null {
  if (value === '') return null;
  return /^[1-9]\d*$/.test(value) ? Number(value) : Number.NaN;
}

/** The deepest chosen category that has a page, or null. */
export function deepestWithUrl(finder: Finder, chain: readonly number[]): Category | null {
  const valid = validChain(finder, chain);
  for (let i = valid.length - 1; i >= 0; i -= 1) {
    const category = finder.byId.get(valid[i]!);
    if (category && category.url !== '') return category;
  }
  return null;
}

/** What the submit button does. */
export type Submission =
  /** Go to the deepest chosen category that has a page. */
  | { kind: 'go'; category: Category; url: string }
  /**
   * Nothing to go to: the shopper must choose in the dropdown at `level`. `reason`: nothing is
   * chosen ('nothing'), or no chosen category has a page but the last one has children ('deeper'),
   * or none has a page and the last one has no children ('other').
   */
  | { kind: 'choose'; level: number; reason: 'nothing' | 'deeper' | 'other' };

export function submission(finder: Finder, chain: readonly number[]): Submission {
  const valid = validChain(finder, chain);
  const target = deepestWithUrl(finder, valid);
  if (target) return { kind: 'go', category: target, url: target.url };
  if (valid.length === 0) return { kind: 'choose', level: 0, reason: 'nothing' };
  const last = valid.length - 1;
  const hasChildren = childrenOf(finder, valid.slice(0, last), valid[last]!).length > 0;
  return hasChildren
    ? { kind: 'choose', level: valid.length, reason: 'deeper' }
    : { kind: 'choose', level: last, reason: 'other' };
}

/*
 * How a change of a dropdown was made, so that a keyboard shopper browsing the options is not sent
 * away (WCAG 3.2.2 On Input). Chrome and Firefox fire `change` for every arrow key on a closed
 * <select> (WooCommerce's own category dropdown navigates on that change: the shopper cannot get
 * past the first leaf). A change that follows a browsing key only updates the dropdowns; a leaf
 * is then opened by Enter on the select, or by the Go button. A change made with a pointer (or
 * touch: the phone's picker), or chosen in the open list (opened by Space, Alt+Arrow or F4, committed
 * by Enter), or without any key (assistive technology setting the value) navigates at once.
 */

/** What one key does on a closed select. */
export type KeyEffect = 'browse' | 'open' | 'commit' | 'none';

/** Milliseconds during which a Space continues a type-ahead search ("road shoes") rather than opening the list. */
export const TYPE_AHEAD_MS = 1000;

const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The effect of a keydown on a select: `browse` (it changes the value while the list is closed:
 * arrows, Home/End, Page keys, type-ahead letters), `open` (it opens the list, where a choice is
 * deliberate), `commit` (Enter: go to the chosen leaf), `none` (Tab, Escape, modifiers…).
 * `sinceTypeAhead`: milliseconds since the last type-ahead letter (Infinity if none).
 */
export function keyEffect(
  key: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  sinceTypeAhead = Number.POSITIVE_INFINITY,
): KeyEffect {
  if (key.key === 'Enter') return 'commit';
  if (key.key === 'F4') return 'open';
  if (key.key === 'ArrowDown' || key.key === 'ArrowUp') {
    if (key.altKey) return 'open';
  }
  if (key.ctrlKey || key.metaKey || key.altKey) return 'none';
  if (BROWSING_KEYS.has(key.key)) return 'browse';
  if (key.key === ' ') return sinceTypeAhead < TYPE_AHEAD_MS ? 'browse' : 'open';
  // A printable character: type-ahead (one code point; 'Shift', 'Tab', 'Escape' are names).
  if ([...key.key].length === 1) return 'browse';
  return 'none';
}
