// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  choose,
  createFinder,
  deepestWithUrl,
  keyEffect,
  levelsOf,
  optionsAt,
  parseOptionValue,
  sortByTitle,
  submission,
  titleComparer,
  TYPE_AHEAD_MS,
  validChain,
  type CategoryInput,
  type Finder,
} from './model';

const cat = (id: number, title: string, children: number[] = [], url = `/c/${id}/`): CategoryInput => ({
  id,
  title,
  children,
  url,
});

/** The demo's tree: three roots, three levels, 'road shoes' in lower case, one category without a page. */
const TREE: Record<string, CategoryInput> = Object.fromEntries(
  [
    cat(16, 'Football', [17, 18, 19]),
    cat(17, 'Boots', [20]),
    cat(20, 'Junior Boots'),
    cat(18, 'Balls'),
    cat(19, 'Accessories', [21, 22]),
    cat(21, 'Bags'),
    cat(22, 'Goalkeeping'),
    cat(30, 'Running', [31, 34]),
    cat(31, 'Running Shoes', [32, 33]),
    cat(32, 'Trail Shoes'),
    cat(33, 'road shoes'),
    cat(34, 'Apparel'),
    cat(40, 'Tennis', [41, 43], ''),
    cat(41, 'Rackets', [42], ''),
    cat(42, 'Junior Rackets', [], ''),
    cat(43, 'Tennis Balls'),
  ].map((c) => [String(c.id), c]),
);
const ROOTS = [30, 16, 40];

const finder = (roots: readonly number[] = ROOTS, tree: Record<string, CategoryInput> = TREE) =>
  createFinder(roots, tree, 'en');
const titles = (f: Finder, chain: number[], level: number) => optionsAt(f, chain, level).map((c) => c.title);
/** Casts bad input past the types, as a page's props could carry it. */
const bad = <T>(value: unknown) => value as T;

describe('titleComparer: alphabetical, ignoring case', () => {
  it('ignores case and accents, orders letters', () => {
    const compare = titleComparer('en');
    expect(compare('road shoes', 'Road Shoes')).toBe(0);
    expect(compare('Éte', 'ete')).toBe(0);
    expect(compare('apparel', 'Boots')).toBeLessThan(0);
    expect(compare('Trail', 'road')).toBeGreaterThan(0);
  });

  it.each([undefined, '', 'en_US', 'not a locale!', 'de-DE'])(
    'takes %j as a locale without throwing',
    (locale) => {
      expect(() => titleComparer(locale)('a', 'B')).not.toThrow();
      expect(titleComparer(locale)('a', 'B')).toBeLessThan(0);
    },
  );
});

describe('createFinder', () => {
  it('indexes every category and keeps known roots in order, each once', () => {
    const f = finder([30, 16, 30, 40, 999, 16]);
    expect(f.roots).toEqual([30, 16, 40]);
    expect(f.byId.size).toBe(16);
    expect(f.byId.get(33)).toEqual({ id: 33, title: 'road shoes', children: [], url: '/c/33/' });
  });

  it('ignores unknown children, repeated children and a category listed as its own child', () => {
    const f = finder([1], { '1': cat(1, 'A', [2, 99, 2, 1, 3]), '2': cat(2, 'B'), '3': cat(3, 'C') });
    expect(f.byId.get(1)?.children).toEqual([2, 3]);
  });

  it('leaves out entries that are not categories, without throwing', () => {
    const tree = bad<Record<string, CategoryInput>>({
      '1': cat(1, 'A', [2, 3, 4, 5, 6, 7]),
      '2': null,
      '3': { id: 0, title: 'zero', children: [], url: '' },
      '4': { id: -4, title: 'negative', children: [], url: '' },
      '5': { id: 5.5, title: 'fraction', children: [], url: '' },
      '6': { id: 6, title: 42, children: [], url: '' },
      '7': { id: 7, title: 'no children', children: 'x', url: null },
      '8': [cat(8, 'in a list')],
      '9': 'text',
    });
    const f = finder([1, 2, 3, 7, 8], tree);
    expect([...f.byId.keys()]).toEqual([1, 7]);
    expect(f.byId.get(7)).toEqual({ id: 7, title: 'no children', children: [], url: '' });
    expect(f.byId.get(1)?.children).toEqual([7]);
    expect(f.roots).toEqual([1, 7]);
  });

  it('finds a category by its id, the first entry of an id winning', () => {
    const f = finder([5], bad({ a: cat(5, 'First'), b: cat(5, 'Second') }));
    expect(f.byId.get(5)?.title).toBe('First');
  });

  it.each([null, undefined, 'x', 3, []])('takes categories %j as none', (categories) => {
    const f = createFinder(ROOTS, bad(categories));
    expect(f.byId.size).toBe(0);
    expect(f.roots).toEqual([]);
  });

  it.each([null, undefined, 'x', [null, '30', 30.5, -1, 0, Number.NaN]])(
    'takes roots %j as none',
    (roots) => {
      expect(createFinder(bad(roots), TREE).roots).toEqual([]);
    },
  );
});

describe('options of a dropdown (storefront.md §2.2, §5)', () => {
  const f = finder();

  it('lists the roots first, sorted by title', () => {
    expect(titles(f, [], 0)).toEqual(['Football', 'Running', 'Tennis']);
  });

  it("sorts ignoring case: 'road shoes' before 'Trail Shoes'", () => {
    expect(titles(f, [30, 31], 2)).toEqual(['road shoes', 'Trail Shoes']);
  });

  it('lists the children of the category chosen above, at each depth', () => {
    expect(titles(f, [16], 1)).toEqual(['Accessories', 'Balls', 'Boots']);
    expect(titles(f, [16, 19], 2)).toEqual(['Bags', 'Goalkeeping']);
    expect(titles(f, [40, 41], 2)).toEqual(['Junior Rackets']);
  });

  it('keeps the given order of titles equal but for case (stable)', () => {
    const tree = {
      '1': cat(1, 'b', [2, 3, 4, 5]),
      '2': cat(2, 'Zed'),
      '3': cat(3, 'alpha'),
      '4': cat(4, 'ALPHA'),
      '5': cat(5, 'Alpha'),
    };
    expect(optionsAt(finder([1], tree), [1], 1).map((c) => c.id)).toEqual([3, 4, 5, 2]);
    const reversed = { ...tree, '1': cat(1, 'b', [5, 4, 3, 2]) };
    expect(optionsAt(finder([1], reversed), [1], 1).map((c) => c.id)).toEqual([5, 4, 3, 2]);
  });

  it('sortByTitle does not change its input', () => {
    const input = [f.byId.get(32)!, f.byId.get(33)!];
    expect(sortByTitle(f, input).map((c) => c.id)).toEqual([33, 32]);
    expect(input.map((c) => c.id)).toEqual([32, 33]);
  });

  it('is empty for a level that does not exist, or under a leaf or an unknown parent', () => {
    expect(optionsAt(f, [30], 2)).toEqual([]);
    expect(optionsAt(f, [30], -1)).toEqual([]);
    expect(optionsAt(f, [30], 0.5)).toEqual([]);
    expect(optionsAt(f, [30, 34], 2)).toEqual([]);
    expect(optionsAt(f, [999], 1)).toEqual([]);
  });

  it('is empty for a finder with no roots', () => {
    expect(optionsAt(finder([]), [], 0)).toEqual([]);
  });
});

describe('cycles never loop', () => {
  /** 1 → 2 → 3 → 1, and 3 → 4. */
  const cyclic = finder([1], {
    '1': cat(1, 'One', [2]),
    '2': cat(2, 'Two', [3]),
    '3': cat(3, 'Three', [1, 4]),
    '4': cat(4, 'Four'),
  });

  it('never offers a category already chosen above', () => {
    expect(titles(cyclic, [1, 2, 3], 3)).toEqual(['Four']);
  });

  it('ends the chain where the cycle closes: a category whose children are all above it is a leaf', () => {
    const twoCycle = finder([1], { '1': cat(1, 'One', [2]), '2': cat(2, 'Two', [1]) });
    expect(levelsOf(twoCycle, [1, 2])).toHaveLength(2);
    expect(choose(twoCycle, [1], 1, 2).outcome).toMatchObject({ kind: 'leaf', url: '/c/2/' });
  });

  it('stops selectedIds that go round the cycle', () => {
    expect(validChain(cyclic, [1, 2, 3, 1, 2, 3, 4])).toEqual([1, 2, 3]);
    expect(validChain(cyclic, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('ends even on a long self-referencing tree (every category a child of every other)', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const tree = Object.fromEntries(ids.map((id) => [String(id), cat(id, `C${id}`, ids)]));
    const all = finder(ids, tree);
    const chain = validChain(all, [...ids, ...ids]);
    expect(chain).toEqual(ids);
    expect(levelsOf(all, chain)).toHaveLength(60);
    expect(submission(all, chain)).toMatchObject({ kind: 'go', url: '/c/60/' });
  });
});

describe('selectedIds on load: applied in order, up to the first that does not fit', () => {
  const f = finder();

  it.each([
    [[], []],
    [[30], [30]],
    [
      [30, 31],
      [30, 31],
    ],
    [
      [30, 31, 32],
      [30, 31, 32],
    ],
    [
      [40, 41, 42],
      [40, 41, 42],
    ],
    [[31], []],
    [[30, 32], [30]],
    [
      [30, 31, 999, 32],
      [30, 31],
    ],
    [[30, 16], [30]],
    [
      [30, 31, 32, 33],
      [30, 31, 32],
    ],
    [[30, 30], [30]],
  ])('%j → %j', (ids, chain) => {
    expect(validChain(f, ids)).toEqual(chain);
  });

  it.each([
    [[0, 30]],
    [[-30]],
    [['30']],
    [[30.5]],
    [[Number.NaN]],
    [[null, 30]],
    [[Number.MAX_SAFE_INTEGER + 2]],
  ])('stops at a value that is not an id: %j', (ids) => {
    expect(validChain(f, ids)).toEqual([]);
  });

  it('takes something that is not a list as none', () => {
    expect(validChain(f, bad('30'))).toEqual([]);
    expect(validChain(f, bad(null))).toEqual([]);
  });
});

describe('levelsOf: the dropdowns shown', () => {
  const f = finder();

  it('shows only the first dropdown before any choice', () => {
    const levels = levelsOf(f, []);
    expect(levels).toHaveLength(1);
    expect(levels[0]).toMatchObject({ level: 0, parent: null, value: null });
    expect(levels[0]!.options.map((c) => c.id)).toEqual([16, 30, 40]);
  });

  it('adds a dropdown per chosen category with children', () => {
    const levels = levelsOf(f, [30, 31]);
    expect(levels.map((l) => [l.level, l.parent?.title ?? null, l.value])).toEqual([
      [0, null, 30],
      [1, 'Running', 31],
      [2, 'Running Shoes', null],
    ]);
  });

  it('adds none after a leaf', () => {
    expect(levelsOf(f, [30, 31, 32]).map((l) => l.value)).toEqual([30, 31, 32]);
    expect(levelsOf(f, [30, 34]).map((l) => l.value)).toEqual([30, 34]);
  });

  it('shows the first dropdown, empty, when there are no roots', () => {
    const levels = levelsOf(finder([]), []);
    expect(levels).toHaveLength(1);
    expect(levels[0]!.options).toEqual([]);
  });

  it('reads only the valid start of a bad chain', () => {
    expect(levelsOf(f, [30, 42, 31]).map((l) => l.value)).toEqual([30, null]);
  });
});

describe('choose: a change removes every later dropdown (storefront.md §4)', () => {
  const f = finder();

  it('a category with children adds a dropdown of them', () => {
    expect(choose(f, [], 0, 30)).toEqual({
      chain: [30],
      outcome: { kind: 'branch', category: f.byId.get(30), count: 2 },
    });
    expect(choose(f, [30], 1, 31).outcome).toMatchObject({ kind: 'branch', count: 2 });
  });

  it('a category without children is a leaf with its url', () => {
    expect(choose(f, [30, 31], 2, 32)).toEqual({
      chain: [30, 31, 32],
      outcome: { kind: 'leaf', category: f.byId.get(32), url: '/c/32/' },
    });
    expect(choose(f, [40, 41], 2, 42).outcome).toMatchObject({ kind: 'leaf', url: '' });
  });

  it('changing an earlier dropdown cuts the chain there', () => {
    expect(choose(f, [30, 31, 32], 0, 16)).toMatchObject({ chain: [16], outcome: { kind: 'branch' } });
    expect(choose(f, [30, 31, 32], 1, 34)).toMatchObject({ chain: [30, 34], outcome: { kind: 'leaf' } });
    expect(choose(f, [30, 31, 32], 2, 33)).toMatchObject({ chain: [30, 31, 33] });
  });

  it('the default option clears the dropdown and removes the ones after it', () => {
    expect(choose(f, [30, 31, 32], 1, null)).toEqual({ chain: [30], outcome: { kind: 'cleared' } });
    expect(choose(f, [30, 31, 32], 0, null)).toEqual({ chain: [], outcome: { kind: 'cleared' } });
  });

  it.each([
    ['not an option of that dropdown', [30], 1, 41],
    ['a root below the first dropdown', [30], 1, 16],
    ['an unknown id', [30], 1, 999],
    ['NaN', [30], 1, Number.NaN],
    ['a negative id', [30], 1, -31],
    ['a level that does not exist', [30], 3, 32],
    ['a negative level', [30], -1, 30],
    ['a fractional level', [30], 0.5, 30],
  ])('ignores %s, keeping the chain', (_what, chain, level, id) => {
    expect(choose(f, chain, level, id)).toEqual({ chain, outcome: { kind: 'ignored' } });
  });

  it('reads only the valid start of the chain it is given', () => {
    expect(choose(f, [30, 999], 1, 31).chain).toEqual([30, 31]);
    expect(choose(f, [30, 999], 2, 32).outcome).toEqual({ kind: 'ignored' });
  });
});

describe('parseOptionValue', () => {
  it.each([
    ['', null],
    ['30', 30],
    ['1', 1],
  ])('%j → %j', (value, expected) => {
    expect(parseOptionValue(value)).toBe(expected);
  });

  it.each(['0', '-1', '3.5', '030', ' 30', 'football', '1e3'])('%j is not an id (NaN)', (value) => {
    expect(parseOptionValue(value)).toBeNaN();
  });
});

describe('submit: the deepest chosen category that has a url', () => {
  const f = finder();

  it('goes to the deepest chosen category', () => {
    expect(submission(f, [30, 31, 32])).toMatchObject({ kind: 'go', url: '/c/32/' });
    expect(submission(f, [30, 31])).toMatchObject({ kind: 'go', url: '/c/31/' });
    expect(submission(f, [30])).toMatchObject({ kind: 'go', url: '/c/30/' });
  });

  it('skips chosen categories without a page', () => {
    const partly = finder(ROOTS, { ...TREE, '31': cat(31, 'Running Shoes', [32, 33], '') });
    expect(submission(partly, [30, 31])).toMatchObject({ kind: 'go', url: '/c/30/' });
    expect(deepestWithUrl(partly, [30, 31])?.id).toBe(30);
  });

  it('asks for a category when nothing is chosen', () => {
    expect(submission(f, [])).toEqual({ kind: 'choose', level: 0, reason: 'nothing' });
    expect(deepestWithUrl(f, [])).toBeNull();
  });

  it('asks for a subcategory when no chosen category has a page but the last has children', () => {
    expect(submission(f, [40])).toEqual({ kind: 'choose', level: 1, reason: 'deeper' });
    expect(submission(f, [40, 41])).toEqual({ kind: 'choose', level: 2, reason: 'deeper' });
  });

  it('asks for another category when none has a page and the last is a leaf', () => {
    expect(submission(f, [40, 41, 42])).toEqual({ kind: 'choose', level: 2, reason: 'other' });
  });

  it('reads only the valid start of a bad chain', () => {
    expect(submission(f, [999, 30])).toEqual({ kind: 'choose', level: 0, reason: 'nothing' });
    expect(submission(f, [30, 41])).toMatchObject({ kind: 'go', url: '/c/30/' });
  });
});

describe('keyEffect: which keys browse a closed select, open it, or commit', () => {
  const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });

  it.each([
    'ArrowDown',
    'ArrowUp',
    'ArrowLeft',
    'ArrowRight',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'r',
    'T',
    'é',
    '1',
  ])('%s browses (changes the value without opening the list)', (k) => {
    expect(keyEffect(key(k))).toBe('browse');
  });

  it.each([
    ['Alt+ArrowDown', key('ArrowDown', { altKey: true })],
    ['Alt+ArrowUp', key('ArrowUp', { altKey: true })],
    ['F4', key('F4')],
    ['Space', key(' ')],
  ])('%s opens the list (a choice there is deliberate)', (_name, k) => {
    expect(keyEffect(k)).toBe('open');
  });

  it('Space right after a type-ahead letter continues the search', () => {
    expect(keyEffect(key(' '), 10)).toBe('browse');
    expect(keyEffect(key(' '), TYPE_AHEAD_MS - 1)).toBe('browse');
    expect(keyEffect(key(' '), TYPE_AHEAD_MS)).toBe('open');
  });

  it('Enter commits', () => {
    expect(keyEffect(key('Enter'))).toBe('commit');
  });

  it.each([
    ['Tab', key('Tab')],
    ['Escape', key('Escape')],
    ['Shift', key('Shift')],
    ['Ctrl+A', key('a', { ctrlKey: true })],
    ['Cmd+ArrowDown', key('ArrowDown', { metaKey: true })],
    ['Alt+ArrowLeft', key('ArrowLeft', { altKey: true })],
    ['Unidentified', key('Unidentified')],
    ['empty', key('')],
  ])('%s does nothing to the mode', (_name, k) => {
    expect(keyEffect(k)).toBe('none');
  });
});
