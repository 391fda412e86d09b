import { describe, expect, it } from 'vitest';
import {
  changeKind,
  DROPPED_ARGS,
  EXCLUDED_ARGS,
  hiddenFieldsOf,
  initialState,
  isHistoryNavigation,
  isPending,
  isQueryArgName,
  nextState,
  orderingOptions,
  shownOrdering,
  type OrderingEvent,
  type OrderingState,
} from './model';

const OPTIONS: [string, string][] = [
  ['menu_order', 'Default sorting'],
  ['popularity', 'Sort by popularity'],
  ['price', 'Sort by price: low to high'],
];

describe('hiddenFieldsOf', () => {
  it('sends paged=1 first, then the other query arguments in their order', () => {
    expect(hiddenFieldsOf({})).toEqual([['paged', '1']]);
    expect(hiddenFieldsOf({ s: 'boots', post_type: 'product', search_id: '1' })).toEqual([
      ['paged', '1'],
      ['s', 'boots'],
      ['post_type', 'product'],
      ['search_id', '1'],
    ]);
  });

  it("leaves out WooCommerce's exclusions, in their array forms too, and resets paged to 1", () => {
    expect(EXCLUDED_ARGS).toEqual(['orderby', 'submit', 'paged', 'product-page']);
    expect(
      hiddenFieldsOf({
        orderby: 'price',
        submit: 'Sort',
        paged: '3',
        'product-page': '2',
        'orderby[0]': 'date',
        'product-page[x]': '2',
        min_price: '10',
      }),
    ).toEqual([
      ['paged', '1'],
      ['min_price', '10'],
    ]);
  });

  it('leaves out add-to-cart: a sort must not add the product again', () => {
    expect(DROPPED_ARGS).toEqual(['add-to-cart']);
    expect(hiddenFieldsOf({ 'add-to-cart': '13', quantity: '1' })).toEqual([
      ['paged', '1'],
      ['quantity', '1'],
    ]);
  });

  it('keeps flattened arrays, filters and any script', () => {
    const fields = {
      'filter_colour[0]': 'blue',
      'e-filter-3f2a-product_cat': 'boots~balls',
      'e-page-3f2a': '2',
      filter_größe: 'm',
      'a[b][c]': '1',
      'tag[]': 'x',
      'v1.2': 'dots',
      'x~y': 'tilde',
    };
    expect(hiddenFieldsOf(fields).slice(1)).toEqual(Object.entries(fields));
  });

  it('drops names that are no query argument name, keeping their values out of the form', () => {
    // As JSON.parse gives them: `__proto__` an own key like any other.
    const hostile = Object.fromEntries([
      ['', 'empty'],
      ['"><script>alert(1)</script>', 'x'],
      ['a b', 'space'],
      ['a&b=c', 'amp'],
      ['name[', 'unclosed'],
      ['name]', 'stray'],
      ['[key]', 'no base'],
      ['a[b]c', 'text after a part'],
      ['a[<b>]', 'markup in a key'],
      ['a[1][2][3][4][5][6]', 'too deep'],
      ['x'.repeat(101), 'too long'],
      ['__proto__', 'proto'],
      ['ok', 'kept'],
    ]) as Record<string, string>;
    expect(hiddenFieldsOf(hostile)).toEqual([
      ['paged', '1'],
      ['__proto__', 'proto'],
      ['ok', 'kept'],
    ]);
  });

  it('keeps any value as it is (the browser encodes it)', () => {
    expect(hiddenFieldsOf({ s: '"><img src=x onerror=alert(1)> & ü' })).toEqual([
      ['paged', '1'],
      ['s', '"><img src=x onerror=alert(1)> & ü'],
    ]);
  });
});

describe('isQueryArgName', () => {
  it.each(['s', 'post_type', 'min-price', 'filter_colour[0]', 'a[]', 'a[b][c]', 'größe', 'x'.repeat(100)])(
    'takes %s',
    (name) => expect(isQueryArgName(name)).toBe(true),
  );
  it.each(['', ' ', 'a b', 'a=b', 'a&b', 'a"b', "a'b", 'a<b', 'a/b', 'a%20b', 'x'.repeat(101), 'a\nb'])(
    'refuses %j',
    (name) => expect(isQueryArgName(name)).toBe(false),
  );
});

describe('orderingOptions / shownOrdering', () => {
  it('keeps the order and the first of a repeated value', () => {
    expect(
      orderingOptions([
        ['price', 'Cheapest first'],
        ['date', 'Latest'],
        ['price', 'Again'],
      ]),
    ).toEqual([
      ['price', 'Cheapest first'],
      ['date', 'Latest'],
    ]);
  });

  it("shows `selected` when it is an option, else the first option (WooCommerce's rule)", () => {
    expect(shownOrdering(OPTIONS, 'price')).toBe('price');
    expect(shownOrdering(OPTIONS, '')).toBe('menu_order');
    expect(shownOrdering(OPTIONS, 'PRICE')).toBe('menu_order');
    expect(shownOrdering(OPTIONS, 'relevance')).toBe('menu_order');
    expect(shownOrdering([], 'price')).toBe('');
  });
});

describe('changeKind', () => {
  it('a change without a key is a pick: committed', () => {
    expect(changeKind({ byKey: false, mounting: false, historyNavigation: false })).toBe('commit');
  });
  it('a change by a key on the closed select is browsing', () => {
    expect(changeKind({ byKey: true, mounting: false, historyNavigation: false })).toBe('browse');
  });
  it('a value carried over from the fallback at mount is browsing, never sent at once', () => {
    expect(changeKind({ byKey: false, mounting: true, historyNavigation: false })).toBe('browse');
    expect(changeKind({ byKey: true, mounting: true, historyNavigation: false })).toBe('browse');
  });
  it('after back/forward or reload, the carried-over value is the browser’s: history', () => {
    expect(changeKind({ byKey: false, mounting: true, historyNavigation: true })).toBe('history');
    // Once mounted, the navigation type no longer matters.
    expect(changeKind({ byKey: false, mounting: false, historyNavigation: true })).toBe('commit');
  });
  it('isHistoryNavigation', () => {
    expect(isHistoryNavigation('back_forward')).toBe(true);
    expect(isHistoryNavigation('reload')).toBe(true);
    expect(isHistoryNavigation('navigate')).toBe(false);
    expect(isHistoryNavigation('prerender')).toBe(false);
    expect(isHistoryNavigation(undefined)).toBe(false);
  });
});

/** Runs `events` from the page's ordering `applied`; returns the final state and what was sent. */
function run(applied: string, events: OrderingEvent[]) {
  let state: OrderingState = initialState(applied);
  const sent: string[] = [];
  const blocked: number[] = [];
  events.forEach((event, index) => {
    const t = nextState(state, event);
    state = t.state;
    if (t.send) sent.push(t.state.sent!);
    if (t.block) blocked.push(index);
  });
  return { state, sent, blocked };
}

const pick = (value: string): OrderingEvent => ({ type: 'change', value, kind: 'commit' });
const arrow = (value: string): OrderingEvent => ({ type: 'change', value, kind: 'browse' });

describe('nextState: when the form is sent', () => {
  it('a pick sends at once, exactly once, whatever follows (Enter, blur, the Sort button)', () => {
    const { sent, blocked, state } = run('menu_order', [
      pick('price'),
      { type: 'enter' },
      { type: 'blur' },
      { type: 'submit' },
      { type: 'submit' },
    ]);
    expect(sent).toEqual(['price']);
    expect(blocked).toEqual([3, 4]);
    expect(state).toEqual({ applied: 'menu_order', value: 'price', sent: 'price' });
  });

  it('a pick of the ordering the page already has sends nothing', () => {
    expect(run('price', [pick('price')]).sent).toEqual([]);
  });

  it('arrow keys browse; Enter sends the ordering reached, once', () => {
    const { sent, state } = run('menu_order', [
      arrow('popularity'),
      arrow('price'),
      { type: 'enter' },
      { type: 'enter' },
      { type: 'blur' },
    ]);
    expect(sent).toEqual(['price']);
    expect(isPending(state)).toBe(false);
  });

  it('arrow keys browse; leaving the select (Tab) sends', () => {
    const { sent } = run('menu_order', [arrow('popularity'), { type: 'blur' }]);
    expect(sent).toEqual(['popularity']);
  });

  it('browsing back to the page’s ordering leaves nothing to send', () => {
    const { sent, state } = run('menu_order', [arrow('popularity'), arrow('menu_order'), { type: 'blur' }]);
    expect(sent).toEqual([]);
    expect(isPending(state)).toBe(false);
  });

  it('Enter or blur with no change sends nothing', () => {
    expect(run('menu_order', [{ type: 'enter' }, { type: 'blur' }]).sent).toEqual([]);
  });

  it('a new choice while the page is leaving is a new intent: sent (the browser follows the last)', () => {
    const { sent } = run('menu_order', [pick('price'), arrow('date'), { type: 'enter' }, pick('menu_order')]);
    expect(sent).toEqual(['price', 'date', 'menu_order']);
  });

  it('the Sort button: lets the first submission go and stops a second one (a double click)', () => {
    const { sent, blocked, state } = run('menu_order', [
      arrow('price'),
      { type: 'submit' },
      { type: 'submit' },
    ]);
    expect(sent).toEqual([]); // the browser sends that one itself
    expect(blocked).toEqual([2]);
    expect(state.sent).toBe('price');
  });

  it('the Sort button with no change reloads the page once (what it does without JavaScript)', () => {
    const { blocked, state } = run('menu_order', [{ type: 'submit' }, { type: 'submit' }]);
    expect(blocked).toEqual([1]);
    expect(state.sent).toBe('menu_order');
  });

  it('a submission a page script cancelled can be made again', () => {
    const { sent, state } = run('menu_order', [pick('price'), { type: 'cancelled' }, { type: 'enter' }]);
    expect(sent).toEqual(['price', 'price']);
    expect(state.sent).toBe('price');
  });

  it('a carried-over value from history is undone: the select shows the page’s ordering', () => {
    const { sent, state } = run('menu_order', [{ type: 'change', value: 'price', kind: 'history' }]);
    expect(sent).toEqual([]);
    expect(state).toEqual(initialState('menu_order'));
    // …and blur or Enter then send nothing.
    expect(nextState(state, { type: 'blur' }).send).toBe(false);
  });

  it('back from the back/forward cache: the page’s ordering again, and it can be sorted anew', () => {
    const { sent, state } = run('menu_order', [pick('price'), { type: 'restored' }, pick('price')]);
    expect(sent).toEqual(['price', 'price']);
    expect(state.value).toBe('price');
    expect(nextState(state, { type: 'restored' }).state).toEqual(initialState('menu_order'));
  });

  it('isPending: the select shows what the page neither has nor is leaving for', () => {
    expect(isPending(initialState('a'))).toBe(false);
    expect(isPending({ applied: 'a', value: 'b', sent: null })).toBe(true);
    expect(isPending({ applied: 'a', value: 'b', sent: 'b' })).toBe(false);
    expect(isPending({ applied: 'a', value: 'a', sent: 'b' })).toBe(true);
  });
});
