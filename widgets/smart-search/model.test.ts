import { describe, expect, it } from 'vitest';
import { SearchMemo } from '../../src/search/query';
import {
  CLEAR_AFTER_CLOSE_MS,
  DEBOUNCE_MS,
  MOBILE_BREAKPOINT,
  MOBILE_QUERY,
  overlayApplies,
  plan,
  resultsText,
  showsPopup,
  submitUrl,
  tooShortText,
  type FullScreenMode,
  type PlanOptions,
} from './model';

const OPTIONS: PlanOptions = { charCount: 3, preventBadQueries: true, disableAjax: false };

describe('constants (§9)', () => {
  it('are the spec’s', () => {
    expect(DEBOUNCE_MS).toBe(100);
    expect(CLEAR_AFTER_CLOSE_MS).toBe(500);
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(MOBILE_QUERY).toBe('(max-width: 767.98px)');
  });
});

describe('overlayApplies', () => {
  const cases: [FullScreenMode, boolean, boolean][] = [
    ['', false, false],
    ['', true, false],
    ['enable', false, true],
    ['enable', true, true],
    ['desktop_only', false, true],
    ['desktop_only', true, false],
    ['mobile_only', false, false],
    ['mobile_only', true, true],
  ];
  it.each(cases)('%j on mobile=%s: %s', (mode, mobile, expected) => {
    expect(overlayApplies(mode, mobile)).toBe(expected);
  });
});

describe('plan', () => {
  it('asks for nothing below the minimum (spaces collapsed and trimmed first)', () => {
    expect(plan('', new SearchMemo(), OPTIONS)).toEqual({ kind: 'none', query: '' });
    expect(plan('bo', new SearchMemo(), OPTIONS)).toEqual({ kind: 'none', query: 'bo' });
    expect(plan('  bo  ', new SearchMemo(), OPTIONS)).toEqual({ kind: 'none', query: 'bo' });
    expect(plan('boo', new SearchMemo(), OPTIONS)).toEqual({ kind: 'fetch', query: 'boo' });
    // A space inside counts, as the plugin counts it.
    expect(plan('  b  o  ', new SearchMemo(), OPTIONS)).toEqual({ kind: 'fetch', query: 'b o' });
  });

  it('follows charCount (1 and 5), never below 1', () => {
    expect(plan('b', new SearchMemo(), { ...OPTIONS, charCount: 1 }).kind).toBe('fetch');
    expect(plan('boot', new SearchMemo(), { ...OPTIONS, charCount: 5 }).kind).toBe('none');
    expect(plan('boots', new SearchMemo(), { ...OPTIONS, charCount: 5 }).kind).toBe('fetch');
    expect(plan('', new SearchMemo(), { ...OPTIONS, charCount: 0 }).kind).toBe('none');
  });

  it('asks for nothing with AJAX off', () => {
    expect(plan('boots', new SearchMemo(), { ...OPTIONS, disableAjax: true })).toEqual({
      kind: 'none',
      query: 'boots',
    });
  });

  it('paints a cached answer at once (ignoring case and spacing)', () => {
    const memo = new SearchMemo<string>();
    memo.set('boots', 'answer', true);
    expect(plan('boots', memo, OPTIONS)).toEqual({ kind: 'cached', query: 'boots', answer: 'answer' });
    expect(plan(' BOOTS ', memo, OPTIONS)).toEqual({ kind: 'cached', query: 'BOOTS', answer: 'answer' });
    expect(plan('boots red', memo, OPTIONS).kind).toBe('fetch');
  });

  it('does not ask for a query extending one that found nothing (§5), unless preventBadQueries is off', () => {
    const memo = new SearchMemo<string>();
    memo.set('xyz', 'none found', false);
    expect(plan('xyz', memo, OPTIONS)).toEqual({ kind: 'cached', query: 'xyz', answer: 'none found' });
    expect(plan('xyzw', memo, OPTIONS)).toEqual({ kind: 'empty', query: 'xyzw' });
    expect(plan('XYZ w', memo, OPTIONS)).toEqual({ kind: 'empty', query: 'XYZ w' });
    expect(plan('xy', memo, OPTIONS).kind).toBe('none');
    expect(plan('axyz', memo, OPTIONS).kind).toBe('fetch');
    expect(plan('xyzw', memo, { ...OPTIONS, preventBadQueries: false }).kind).toBe('fetch');
  });
});

describe('submitUrl (§2.1, §7)', () => {
  const target = { homeUrl: '/', id: '7', layout: 'default' as const, productSlug: 'product' };
  const base = 'https://shop.example/smart-search/';

  it('is /?s={query}&search_id={id} on the home URL', () => {
    expect(submitUrl('boots', target, base)).toBe('https://shop.example/?s=boots&search_id=7');
  });

  it('adds &post_type={productSlug} for the product layout', () => {
    expect(submitUrl('boots', { ...target, layout: 'product' }, base)).toBe(
      'https://shop.example/?s=boots&search_id=7&post_type=product',
    );
    expect(submitUrl('boots', { ...target, layout: 'product', productSlug: 'produkt' }, base)).toBe(
      'https://shop.example/?s=boots&search_id=7&post_type=produkt',
    );
  });

  it('collapses spaces and encodes the query (a "+" stays a plus, "&" stays text)', () => {
    expect(submitUrl('  red   boots ', target, base)).toBe('https://shop.example/?s=red+boots&search_id=7');
    expect(submitUrl('c++ & "x"', target, base)).toBe(
      'https://shop.example/?s=c%2B%2B+%26+%22x%22&search_id=7',
    );
    expect(new URL(submitUrl('c++ & "x"', target, base)).searchParams.get('s')).toBe('c++ & "x"');
  });

  it('keeps the home URL’s own path and arguments (a language), and replaces stale ones', () => {
    expect(submitUrl('boots', { ...target, homeUrl: 'https://shop.example/fr/?lang=fr' }, base)).toBe(
      'https://shop.example/fr/?lang=fr&s=boots&search_id=7',
    );
    expect(submitUrl('boots', { ...target, homeUrl: '/?s=old&search_id=1' }, base)).toBe(
      'https://shop.example/?s=boots&search_id=7',
    );
  });
});

describe('texts', () => {
  it('says why a submission was blocked (§5)', () => {
    expect(tooShortText(3)).toBe('Please enter at least 3 characters.');
    expect(tooShortText(5)).toBe('Please enter at least 5 characters.');
  });

  it('announces the number of results', () => {
    expect(resultsText(0)).toBe('No results');
    expect(resultsText(1)).toBe('1 result');
    expect(resultsText(2)).toBe('2 results');
    expect(resultsText(10)).toBe('10 results');
  });
});

describe('showsPopup (§4: the no-results state only with a configured text)', () => {
  it('shows suggestions; nothing found shows only with a text', () => {
    expect(showsPopup(3, '')).toBe(true);
    expect(showsPopup(0, '')).toBe(false);
    expect(showsPopup(0, '   ')).toBe(false);
    expect(showsPopup(0, 'Nothing here')).toBe(true);
  });
});
