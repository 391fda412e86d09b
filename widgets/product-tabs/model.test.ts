import { describe, expect, it } from 'vitest';
import { initialTab, panelId, tabAfterHashChange, tabForUrl, tabIndexForKey, titleId } from './model';

const PRODUCT = 'https://shop.example/product/junior-football-boots/';
const url = (hash: string, rest = '') => ({ hash, href: `${PRODUCT}${rest}${hash}` });
const ALL = ['description', 'additional_information', 'reviews'];

describe('tabForUrl: the opening rules of §2.5', () => {
  it.each([
    ['#comment-12', 'a comment anchor'],
    ['#li-comment-12', 'a comment list item'],
    ['#COMMENT-12', "'comment-' in any case (WooCommerce lowercases the hash)"],
    ['#div-comment-3', "'comment-' anywhere in the hash"],
    ['#reviews', 'the reviews anchor'],
    ['#tab-reviews', 'the reviews panel'],
  ])('%s (%s) opens the reviews', (hash) => {
    expect(tabForUrl(url(hash))).toBe('reviews');
  });

  it.each([
    ['/comment-page-2/', ''],
    ['/comment-page-2/', '#comments'],
    ['?cpage=2', ''],
    ['?foo=1&cpage=3', '#respond'],
  ])('a URL with %s (hash %j) opens the reviews', (rest, hash) => {
    expect(tabForUrl(url(hash, rest))).toBe('reviews');
  });

  it('a hash asking for reviews wins over anything else', () => {
    expect(tabForUrl(url('#tab-reviews', '?cpage=2'))).toBe('reviews');
  });

  it("'#tab-additional_information' opens that tab", () => {
    expect(tabForUrl(url('#tab-additional_information'))).toBe('additional_information');
  });

  it('comment pagination wins over #tab-additional_information (WooCommerce checks it first)', () => {
    expect(tabForUrl(url('#tab-additional_information', '?cpage=2'))).toBe('reviews');
  });

  it.each([
    ['', 'no hash'],
    ['#', 'an empty hash'],
    ['#tab-description', 'the description panel (the first tab anyway)'],
    ['#Reviews', "'#Reviews': only '#reviews' exactly"],
    ['#tab-reviews-extra', "not exactly '#tab-reviews'"],
    ['#tab-Additional_information', 'not exactly the additional information hash'],
    ['#comments', "'comments' without the dash"],
    ['#respond', 'the review form'],
    ['#main', 'another anchor'],
  ])('%j (%s) asks for no tab', (hash) => {
    expect(tabForUrl(url(hash))).toBeNull();
  });

  it('does not read comment-page-/cpage= at the very start of the string (indexOf > 0)', () => {
    expect(tabForUrl({ hash: '', href: 'cpage=2' })).toBeNull();
    expect(tabForUrl({ hash: '', href: 'comment-page-2' })).toBeNull();
  });

  it('a look-alike query is not comment pagination', () => {
    expect(tabForUrl(url('', '?page=2'))).toBeNull();
    expect(tabForUrl(url('', '?comment_page=2'))).toBeNull();
  });
});

describe('initialTab', () => {
  it('opens the first tab when the URL asks for none', () => {
    expect(initialTab(ALL, url(''))).toBe('description');
    expect(initialTab(['additional_information', 'reviews'], url('#main'))).toBe('additional_information');
  });

  it('opens the tab the URL asks for', () => {
    expect(initialTab(ALL, url('#comment-4'))).toBe('reviews');
    expect(initialTab(ALL, url('', '?cpage=2'))).toBe('reviews');
    expect(initialTab(ALL, url('#tab-additional_information'))).toBe('additional_information');
  });

  it('falls back to the first tab when the page lacks the tab asked for: exactly one is open', () => {
    expect(initialTab(['description', 'additional_information'], url('#tab-reviews'))).toBe('description');
    expect(initialTab(['description', 'reviews'], url('#tab-additional_information'))).toBe('description');
  });

  it("opens the server's choice instead of the first tab when the URL asks for none", () => {
    expect(initialTab(ALL, url('#respond', '?replytocom=11'), 'reviews')).toBe('reviews');
    expect(initialTab(ALL, url(''), 'additional_information')).toBe('additional_information');
  });

  it('the URL wins over the server’s choice; an unknown choice falls back to the first tab', () => {
    expect(initialTab(ALL, url('#tab-additional_information'), 'reviews')).toBe('additional_information');
    expect(initialTab(ALL, url(''), 'shipping')).toBe('description');
    expect(initialTab(ALL, url(''), null)).toBe('description');
  });

  it('is null only without tabs', () => {
    expect(initialTab([], url('#tab-reviews'))).toBeNull();
  });
});

describe('tabAfterHashChange', () => {
  it('opens the tab the new hash asks for', () => {
    expect(tabAfterHashChange(ALL, 'description', url('#reviews'))).toBe('reviews');
    expect(tabAfterHashChange(ALL, 'reviews', url('#tab-additional_information'))).toBe(
      'additional_information',
    );
  });

  it('leaves the open tab alone for other hashes', () => {
    expect(tabAfterHashChange(ALL, 'reviews', url('#main'))).toBe('reviews');
    expect(tabAfterHashChange(ALL, 'additional_information', url(''))).toBe('additional_information');
  });

  it('leaves the open tab alone when the page lacks the tab asked for', () => {
    expect(tabAfterHashChange(['description'], 'description', url('#tab-reviews'))).toBe('description');
  });
});

describe('tabIndexForKey', () => {
  it.each([
    // key, from, count, rtl, expected
    ['ArrowRight', 0, 3, false, 1],
    ['ArrowRight', 1, 3, false, 2],
    ['ArrowRight', 2, 3, false, 0],
    ['ArrowLeft', 2, 3, false, 1],
    ['ArrowLeft', 0, 3, false, 2],
    ['ArrowLeft', 0, 3, true, 1],
    ['ArrowLeft', 2, 3, true, 0],
    ['ArrowRight', 0, 3, true, 2],
    ['ArrowRight', 1, 3, true, 0],
    ['Home', 2, 3, false, 0],
    ['Home', 2, 3, true, 0],
    ['End', 0, 3, false, 2],
    ['End', 0, 3, true, 2],
    ['ArrowRight', 0, 1, false, 0],
    ['ArrowLeft', 0, 1, true, 0],
  ] as const)('%s from %i of %i (rtl %s) → %i', (key, from, count, rtl, expected) => {
    expect(tabIndexForKey(key, from, count, rtl)).toBe(expected);
  });

  it.each(['ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'a', 'PageDown'])('%j does not move', (key) => {
    expect(tabIndexForKey(key, 1, 3, false)).toBeNull();
    expect(tabIndexForKey(key, 1, 3, true)).toBeNull();
  });

  it('nothing moves without tabs', () => {
    expect(tabIndexForKey('Home', 0, 0, false)).toBeNull();
    expect(tabIndexForKey('ArrowRight', 0, 0, false)).toBeNull();
  });
});

it('names panels and titles as WooCommerce does', () => {
  expect(panelId('reviews')).toBe('tab-reviews');
  expect(titleId('additional_information')).toBe('tab-title-additional_information');
});
